"""A stated sum written without parentheses and hard-wrapped by its author (§八.5 of the sample, a line added).

Before: "CJK 合计 4,417 = 主体 2,892 + 反方 579" / "+ 元信息 946" was told "stated sum 4,417 but the parts add up to
3,471" (its first line read alone) and 元信息 946 was never measured; "CJK 合计 4,417 =" / "主体 2,892 + …",
"… + 元信息 946" / "= 4,417" and "… + 反方 579" / "+ 元信息 946 = 4,417" were no sum at all. Now each is one sum,
told on the line of its total, each labelled part on the line it is written on."""

from __future__ import annotations

import random
from datetime import date

import pytest

from editor_app.core.analyze import Analyzer, analyze
from editor_app.core.rulepack import house_pack
from editor_app.core.split_claims import open_end, sum_open
from editor_app.core import claims as claims_mod

PACK = house_pack()
TODAY = date(2026, 12, 4)
ANCHOR = "8.5 实测方法学声明（反思棒 #50）\n"


def _with(sample_text: str, added: str) -> tuple[str, int]:
    """The sample with `added` after §八.5's heading, and the line number of its first line."""
    at = sample_text.index(ANCHOR) + len(ANCHOR)
    return sample_text[:at] + added + "\n" + sample_text[at:], sample_text[:at].count("\n") + 1


@pytest.mark.parametrize("added, total_line", [
    ("CJK 合计 4,417 = 主体 2,892 + 反方 579\n+ 元信息 946", 0),
    ("CJK 合计 4,417 = 主体 2,892 + 反方 579\n  + 元信息 946", 0),
    ("CJK 合计 4,417 =\n主体 2,892 + 反方 579 + 元信息 946", 0),
    ("CJK：主体 2,892 + 反方 579 + 元信息 946\n= 4,417", 1),
    ("CJK：主体 2,892 + 反方 579\n+ 元信息 946 = 4,417", 1),
    ("CJK 合计 4,417 = 主体 2,892 ＋ 反方 579\n＋ 元信息 946", 0),
])
def test_a_wrapped_sum_without_parentheses_is_one_sum(sample_text, added, total_line):
    text, first = _with(sample_text, added)
    a = analyze(text, PACK, today=TODAY)
    mine = [c for c in a.claims if first <= c.line <= first + 1]
    sums = [(c.line - first, c.claimed, c.measured, c.ok) for c in mine if c.kind == "sum"]
    assert sums == [(total_line, 4417, 4417, True)]
    where = {c.scope: c.line - first for c in mine if c.kind == "value"}
    on_second = added.split("\n")[1]
    expected = {label: (1 if label in on_second else 0) for label in ("主体", "反方", "元信息")}
    if added.startswith("CJK 合计"):  # the total is the survey's CJK too, measured (QA28e D1)
        expected["document"] = 0
    assert where == expected
    assert not [f for f in a.findings if first <= f.line <= first + 1 and "add up" in f.message]


def test_lines_that_end_otherwise_leave_no_sum_open():
    rx = claims_mod.compile_patterns(PACK.claim_patterns)
    for line in ["- 私域五维（ip+kp+rn+fp+oc）SUM=0", "合计 4,417 = 2,892 + 579 + 946，守约", "v2 = 3",
                 "共 3 处 + 4 处 = 7", "Ollama repetition penalty 1.1", "CJK=python3 sum(...) ="]:
        assert not sum_open(line.rstrip()) or not open_end(line, rx), line
    assert sum_open("合计 4,417 = 主体 2,892 + 反方 579") and sum_open("合计 4,417 =")
    assert sum_open("主体 2,892 + 反方 1,579")
    assert not sum_open("主体 2,892 + 反方 579，元信息 946")


def test_a_line_after_such_a_sum_that_does_not_go_on_with_it_is_read_alone(sample_text):
    text, first = _with(sample_text, "CJK 合计 4,417 = 主体 2,892 + 反方 1,525\n元信息 946 在下一行，不是和的一部分")
    a = analyze(text, PACK, today=TODAY)
    assert [(c.claimed, c.measured) for c in a.claims if c.kind == "sum" and c.line == first] == [(4417, 4417)]
    assert not [c for c in a.claims if c.line == first + 1]


def test_typing_such_a_sum_matches_a_fresh_analysis(sample_text):
    text, first = _with(sample_text, "CJK 合计 4,417 = 主体 2,892 + 反方 579\n+ 元信息 946")
    az = Analyzer(PACK, today=TODAY)
    az.analyze(text)
    rng = random.Random(3)
    for _ in range(50):
        lines = text.split("\n")
        k = rng.choice([first - 1, first, first + 1])
        line = lines[k]
        pos = rng.randint(0, len(line))
        if rng.random() < 0.6:
            line = line[:pos] + rng.choice(["+", "=", " ", "1", "元信息 ", "\n", "字", "\n+ 3", "\n= 9", "，"]) + line[pos:]
        else:
            line = line[:pos] + line[pos + rng.randint(1, 6):]
        text = "\n".join(lines[:k] + [line] + lines[k + 1:])
        assert az.analyze(text) == analyze(text, PACK, today=TODAY)
