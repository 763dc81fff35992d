"""Self-reported figures wrapped by hand in ways the audit did not read (lines added after §八.5's heading of the
sample, in its house style).

Before, the author saw no verdict for each (the figure was silently not audited):
- a total ending one line, its parts in parentheses on the next ("CJK 实测 3,838" / "（主体 2,892 + 反方 579 + 元信息
  950）", or after its "=": "合计 4,417" / "= 主体 2,892 + …"): the sum was never added up, its parts never measured;
- a ratio split after its fraction ("verifiability 4/6" / "= 67%", "（67%）"): never computed;
- a sum written as a list ("- 主体 2,892" / "+ 反方 579 = 3,471"): never added up.
Now each is read as the two lines read as one (Markdown's paragraph): the sum told on the line of its total, each
labelled part on the line it is written on, the ratio on the line of its share.
"""

from __future__ import annotations

import random
from datetime import date

import pytest

from editor_app.core import claims as claims_mod
from editor_app.core.analyze import Analyzer, analyze
from editor_app.core.rulepack import house_pack
from editor_app.core.split_claims import goes_on, open_end

PACK = house_pack()
TODAY = date(2026, 12, 4)
ANCHOR = "8.5 实测方法学声明（反思棒 #50）\n"
RX = claims_mod.compile_patterns(PACK.claim_patterns)


def _with(sample_text: str, added: str) -> tuple[str, int]:
    """The sample with `added` after §八.5's heading, and the line number of its first line."""
    at = sample_text.index(ANCHOR) + len(ANCHOR)
    return sample_text[:at] + added + "\n" + sample_text[at:], sample_text[:at].count("\n") + 1


def _mine(sample_text: str, added: str):
    text, first = _with(sample_text, added)
    a = analyze(text, PACK, today=TODAY)
    last = first + added.count("\n")
    claims = [c for c in a.claims if first <= c.line <= last]
    findings = [(f.line - first, f.message) for f in a.findings if first <= f.line <= last]
    return claims, findings, first


# 1. A total on one line, its parts on the next.

@pytest.mark.parametrize("added", [
    "字数三层：CJK 实测 3,838\n（主体 2,892 + 反方 579 + 元信息 946）",
    "字数三层：CJK 实测 3,838\n（主体 2,892 + 反方 579 + 元信息 946）≤3,900 硬约束守约",
    "字数三层：CJK 实测 3,838\n(主体 2,892 + 反方 579 + 元信息 946)",
    "字数三层：CJK 合计 3,838\n= 主体 2,892 + 反方 579 + 元信息 946",
])
def test_a_total_with_its_parts_on_the_next_line_is_added_up(sample_text, added):
    claims, findings, first = _mine(sample_text, added)
    sums = [(c.line - first, c.claimed, c.measured, c.ok) for c in claims if c.kind == "sum"]
    assert sums == [(0, 3838, 4417, False)]  # told on the line of its total, and wrong
    assert (0, "stated sum 3,838 but the parts add up to 4,417") in findings
    parts = {c.scope: (c.line - first, c.claimed) for c in claims if c.kind == "value" and c.scope != "document"}
    assert parts == {"主体": (1, 2892), "反方": (1, 579), "元信息": (1, 946)}  # each measured, on its own line


def test_a_right_total_with_its_parts_on_the_next_line_passes(sample_text):
    claims, findings, first = _mine(sample_text, "CJK 实测 4,417\n（主体 2,892 + 反方 579 + 元信息 946）")
    assert [(c.line - first, c.claimed, c.ok) for c in claims if c.kind == "sum"] == [(0, 4417, True)]
    assert not [m for _, m in findings if "add up" in m]


# 2. A ratio split after its fraction.

@pytest.mark.parametrize("added, ok", [
    ("verifiability 4/6\n= 67%", True),
    ("verifiability 4/6\n= 50%（OmniKVQuant + Akashic 两件）", False),
    ("抽查 4/6\n（67%）主轴 arXiv 独立 web_fetch 200 OK", True),
    ("抽查 4/6\n≈ 67% 主轴 arXiv 独立", True),
    ("verifiability 4/6 =\n50%", False),
])
def test_a_ratio_wrapped_after_its_fraction_is_computed(sample_text, added, ok):
    claims, findings, first = _mine(sample_text, added)
    ratios = [(c.line - first, c.claimed, c.measured, c.ok) for c in claims if c.kind == "ratio"]
    assert ratios == [(1, 67 if ok else 50, 67, ok)]  # on the line of its share
    assert ((1, "4/6 is 67%, not 50%") in findings) is not ok


# 3. A sum as a list.

@pytest.mark.parametrize("total, ok", [("3,471", True), ("3,400", False)])
def test_a_sum_written_as_a_list_is_added_up(sample_text, total, ok):
    claims, findings, first = _mine(sample_text, f"CJK 分层：\n- 主体 2,892\n+ 反方 579 = {total}")
    assert [(c.line - first, c.ok) for c in claims if c.kind == "sum"] == [(2, ok)]
    assert ((2, f"stated sum {total} but the parts add up to 3,471") in findings) is not ok


@pytest.mark.parametrize("added", ["- 主体 2,892 字\n+ 反方 579 字 = 3,400 字", "- 主体 2,892 CJK\n+ 反方 579 CJK = 3,400"])
def test_a_list_sum_with_units_is_added_up(sample_text, added):
    claims, findings, first = _mine(sample_text, added)
    assert [(c.line - first, c.ok) for c in claims if c.kind == "sum"] == [(1, False)]
    assert (1, "stated sum 3,400 but the parts add up to 3,471") in findings


def test_a_total_with_its_unit_and_its_parts_on_the_next_line_is_added_up(sample_text):
    claims, findings, first = _mine(sample_text, "字数：实测 3,838 CJK\n（主体 2,892 + 反方 579 + 元信息 946）")
    assert [(c.line - first, c.claimed, c.ok) for c in claims if c.kind == "sum"] == [(0, 3838, False)]


def test_a_list_sum_in_the_sum_context_measures_each_part_on_its_line(sample_text):
    claims, findings, first = _mine(sample_text, "- CJK：主体 2,892\n+ 反方 570 = 3,462")
    assert [(c.line - first, c.ok) for c in claims if c.kind == "sum"] == [(1, True)]
    parts = {c.scope: (c.line - first, c.claimed, c.ok) for c in claims if c.kind == "value"}
    assert parts == {"主体": (0, 2892, True), "反方": (1, 570, False)}
    assert (1, "CJK of 反方: stated 570, measured 579") in findings


# What is not joined.

@pytest.mark.parametrize("first_line, second_line", [
    ("各主线 CJK 159/194", "207 ≥150 ✅"),  # a figure after a figure: no list going on (no "/" at the end)
    ("v2 重写 2026", "- 列表项 3 + 4"),  # a list item after a figure, not going on with "+"
    ("抽查 4/6", "= 主轴 arXiv 独立"),  # "=" and no share
    ("见 §3.3", "（机制 / 数据 / 截止日）"),  # parentheses without a "+"
    ("反方 v2 三段式 ≥150 字", "- 主线 3 处"),  # a figure and its unit, then a list item
])
def test_a_line_ending_with_a_figure_goes_on_only_with_a_sum_or_a_share(first_line, second_line):
    tail = open_end(first_line, RX)
    assert not tail or not goes_on(tail, second_line)  # (as the analyzer asks it)


def test_three_figures_in_a_row_are_not_a_sum(sample_text):
    claims, findings, first = _mine(sample_text, "CJK 实测 3,838\n主体 2,892 反方 579")
    assert not [c for c in claims if c.kind == "sum"]


def test_typing_the_wrapped_forms_matches_a_fresh_analysis(sample_text):
    """Edits on and around each wrapped form (Enter, backspace joining two of its lines, "+", "=", "%", "（" typed
    or removed): the editor's pass equals a fresh analysis at every step. (The edits stay above the line after
    the forms, so that no heading after them is edited.)"""
    end = "（以上各式为手工折行）"
    text, first = _with(sample_text, "CJK 实测 3,838\n（主体 2,892 + 反方 579 + 元信息 946）\nverifiability 4/6\n= 67%\n"
                                     "- 主体 2,892\n+ 反方 579 = 3,471\n- 主体 2,892 字\n+ 反方 579 字 = 3,471 字\n"
                                     "CJK：其中 §一 474 + §二 498 = 972\n" + end)
    az = Analyzer(PACK, today=TODAY)
    az.analyze(text)
    rng = random.Random(11)
    for _ in range(100):
        lines = text.split("\n")
        last = lines.index(end)
        k = rng.randint(first - 1, last - 1)
        line = lines[k]
        pos = rng.randint(0, len(line))
        op = rng.random()
        if op < 0.6:
            line = line[:pos] + rng.choice(["+", "=", "%", "（", "）", "1", " ", "\n", "\n+ 3", "\n= 9", "\n（1 + 2）",
                                             "\n= 50%", "其中 ", "- ", " 字"]) + line[pos:]
        elif op < 0.8 or k + 1 == last:
            line = line[:pos] + line[pos + rng.randint(1, 6):]
        else:
            line = line + lines[k + 1]  # the line break after it deleted
            del lines[k + 1]
        text = "\n".join(lines[:k] + [line] + lines[k + 1:])
        assert az.analyze(text) == analyze(text, PACK, today=TODAY)
