"""A stated sum kept open over three lines or more (QA qa11, D2 and D3).

Before, lines were joined two by two: "① CJK 实测 29（header 6 + §0 5" / "+ §一 99" / "+ footer 2）" was read as
"CJK 实测 29" alone (the halves state no sum: its wrong sum and parts passed silently), and the list "- 主体 2,892" /
"+ 反方 579" / "+ 元信息 950 = 4,000" gave no claim at all. Now the lines a sum is kept open over are read as one:
the sum is told on the line of its total, each labelled part on the line it is written on (where it is underlined
and rewritten). After an edit in or next to such a sum, the incremental Analyzer reads it all again: the same
claims as a fresh analysis."""

from __future__ import annotations

import random
from datetime import date

import pytest

from editor_app.core.analyze import Analyzer, analyze
from editor_app.core.rulepack import house_pack
from editor_app.core.selfcheck_update import updated_self_check_text

PACK = house_pack()
TODAY = date(2026, 12, 4)

HEAD = "主题综述 · probe（2026-10-02）\n- 作者：spark\n§0 自检栏\n"
TAIL = ("一、主题脉络\n正文一段有十个汉字啊 ⚠️。\n二、其他\n正文二有五个字。\n三、更多\n正文三有六个汉字。\n"
        "Spark · 2026-10-02 22:10 CST · v1 · 收尾\n")


def _claims(text: str) -> list[tuple]:
    a = analyze(text, PACK, today=TODAY)
    return [(c.line, c.column, c.kind, c.text, c.claimed, c.measured) for c in a.claims]


def test_a_sum_wrapped_over_three_lines_is_read_with_each_part_on_its_line():
    got = _claims(HEAD + "① CJK 实测 29（header 6 + §0 5\n+ §一 99\n+ footer 2）\n" + TAIL)
    sums = [c for c in got if c[2] == "sum"]
    assert [(c[0], c[1], c[4]) for c in sums] == [(4, 10, 29)]
    assert sums[0][5] == 112  # the parts add up to 112, not 29
    parts = {c[3]: (c[0], c[1], c[5]) for c in got if c[2] == "value" and c[3] != "CJK 实测 29"}
    assert parts == {"header 6": (4, 20, 6), "§0 5": (4, 27, 6), "§一 99": (5, 6, 15), "footer 2": (6, 10, 2)}


@pytest.mark.parametrize("written, sum_line, parts", [
    ("CJK 实测 84（§一 15 +\n§二 17 +\n§三 21）", 4, {"§一 15": 4, "§二 17": 5, "§三 21": 6}),
    ("CJK 实测 84\n（§一 15 + §二 17\n+ §三 21）", 4, {"§一 15": 5, "§二 17": 5, "§三 21": 6}),
    ("① CJK 实测 29（header 6\n+ §0 5\n+ §一 99\n+ footer 2）", 4,
     {"header 6": 4, "§0 5": 5, "§一 99": 6, "footer 2": 7}),
    ("CJK 合计 99 = §一 15 + §二 17\n+ §三 21\n+ footer 2", 4,
     {"§一 15": 4, "§二 17": 4, "§三 21": 5, "footer 2": 6}),
    ("  CJK 实测 84（§一 15\n    + §二 17\n    + §三 21）", 4, {"§一 15": 4, "§二 17": 5, "§三 21": 6}),
])
def test_the_variants_of_a_sum_over_three_or_four_lines(written, sum_line, parts):
    text = HEAD + written + "\n" + TAIL
    got = _claims(text)
    assert [c[0] for c in got if c[2] == "sum"] == [sum_line]
    assert {c[3]: c[0] for c in got if c[2] == "value" and c[3] in parts} == parts
    lines = text.split("\n")
    for line, column, kind, shown, *_ in got:  # each part's column is where it is written on its line
        if kind == "value" and shown in parts:
            assert lines[line - 1][column - 1:].startswith(shown.split(" ")[-1])


@pytest.mark.parametrize("written, total, parts", [
    ("CJK 分层：\n- 主体 2,892\n+ 反方 579\n+ 元信息 950 = 4,000", 4000, (2892, 579, 950)),
    ("- §一 15\n+ §二 17\n+ §三 21 = 54", 54, (15, 17, 21)),
    ("- §一 15\n+ §二 17\n+ §三 21\n+ footer 2 = 56", 56, (15, 17, 21, 2)),
])
def test_a_sum_written_as_a_list_of_three_parts_or_more_is_read(written, total, parts):
    text = HEAD + written + "\n" + TAIL
    a = analyze(text, PACK, today=TODAY)
    sums = [c for c in a.claims if c.kind == "sum"]
    last = HEAD.count("\n") + written.count("\n") + 1
    assert [(c.line, c.claimed) for c in sums] == [(last, total)]
    assert sums[0].measured == sum(parts)


def test_update_self_check_figures_rewrites_each_part_on_its_own_line():
    text = HEAD + "① CJK 实测 29（header 6\n+ §0 5\n+ §一 99\n+ footer 2）\n" + TAIL
    new = updated_self_check_text(text, analyze(text, PACK, today=TODAY)).split("\n")
    assert new[3:7] == ["① CJK 实测 50（header 6", "+ §0 6", "+ §一 15", "+ footer 2）"]


# ---- the incremental Analyzer: an edit in or next to a sum over several lines reads it all again ----

CHAINS = {
    3: "① CJK 实测 29（header 6 + §0 5\n+ §一 99\n+ footer 2）",
    4: "CJK 分层：\n- 主体 2,892\n+ 反方 579\n+ 元信息 950 = 4,000",
    "4 in parentheses": "CJK 实测 84（§一 15\n+ §二 17 +\n§三 21\n+ footer 2）",
}


def _embedded(sample_text: str, chain: str) -> tuple[str, int]:
    """The sample with `chain` in its middle (right after a sentence), twice over; the line of the first copy's
    first line (0-based)."""
    lines = sample_text.split("\n")
    at = next(i for i in range(len(lines) // 2, len(lines)) if lines[i].endswith("。")) + 1
    one = "\n".join(lines[:at] + chain.split("\n") + lines[at:])
    return "\n".join([one, one]), at


def _edits(doc: str, first: int, count: int):
    """For each line of the chain (and the lines right before and after it): a character typed at its start, in
    its middle and at its end, a digit typed after its first figure, Enter in its middle and at its end, the line
    joined with the next (its newline deleted) and the line deleted."""
    lines = doc.split("\n")
    starts = [0]
    for l in lines:
        starts.append(starts[-1] + len(l) + 1)
    for i in range(first - 1, first + count + 1):
        s, line = starts[i], lines[i]
        e = s + len(line)
        mid = s + len(line) // 2
        digit = next((s + k + 1 for k, ch in enumerate(line) if ch.isdigit()), mid)
        yield f"line {i}: typed at start", doc[:s] + "字" + doc[s:]
        yield f"line {i}: typed in the middle", doc[:mid] + "x" + doc[mid:]
        yield f"line {i}: typed at the end", doc[:e] + "+" + doc[e:]
        yield f"line {i}: a digit", doc[:digit] + "7" + doc[digit:]
        yield f"line {i}: Enter in the middle", doc[:mid] + "\n" + doc[mid:]
        yield f"line {i}: Enter at the end", doc[:e] + "\n" + doc[e:]
        yield f"line {i}: joined with the next", doc[:e] + doc[e + 1:]
        yield f"line {i}: deleted", doc[:s] + doc[starts[i + 1]:]


@pytest.mark.engine_source
@pytest.mark.parametrize("name", list(CHAINS))
def test_each_edit_of_a_sum_over_several_lines_matches_a_fresh_analysis(sample_text, monkeypatch, name):
    import editor_app.core.analyze as analyze_mod

    chain = CHAINS[name]
    doc, first = _embedded(sample_text, chain)
    count = chain.count("\n") + 1
    reads = []
    real = analyze_mod._Assembly._across_at
    monkeypatch.setattr(analyze_mod._Assembly, "_across_at",
                        lambda self, j, memo: reads.append(j) or real(self, j, memo))
    az = Analyzer(PACK, today=TODAY)
    base = az.analyze(doc)
    assert base.to_dict() == analyze(doc, PACK, today=TODAY).to_dict()
    lines = doc.split("\n")
    assert any(c.kind == "sum" and first < c.line <= first + count for c in base.claims)
    for what, edited in _edits(doc, first, count):
        for text in (edited, doc):  # the edit, then undone
            del reads[:]
            got = az.analyze(text)
            # the incremental path: the last pass patched or spliced, the joins next to the edit read again only
            assert az._last.changed is not None or az._last.spliced is not None, what
            assert len(reads) < 40, (what, len(reads))
            assert got.to_dict() == analyze(text, PACK, today=TODAY).to_dict(), what
    assert len(lines) > 2 * len(sample_text.split("\n"))


@pytest.mark.parametrize("seed", range(6))
def test_random_edits_around_sums_over_several_lines_match_fresh(sample_text, seed):
    """Random typing, Enter, deletions and pastes of sum pieces in and around the two copies of the sums."""
    rng = random.Random(seed)
    doc, first = _embedded(sample_text, "\n".join(CHAINS.values()))
    snippets = ["+", "+ ", "（", "）", "\n", "\n+ ", "= ", "5", "§二 17 +", " + 反方 579", "字", "- ", ""]
    az = Analyzer(PACK, today=TODAY)
    az.analyze(doc)
    text = doc
    for _ in range(25):
        lo = text.find("① CJK 实测") - 30
        hi = lo + 260
        pos = rng.randint(max(0, lo), min(len(text), hi))
        op = rng.random()
        if op < 0.6:
            text = text[:pos] + rng.choice(snippets) + text[pos:]
        elif op < 0.9:
            text = text[:pos] + text[pos + rng.randint(1, 12):]
        else:
            a = rng.randint(max(0, lo), min(len(text), hi))
            text = text[:pos] + text[a:a + rng.randint(1, 40)] + text[pos:]
        assert az.analyze(text).to_dict() == analyze(text, PACK, today=TODAY).to_dict()
