"""A stated sum wrapped over two lines, as a hard-wrapped paragraph or an editor's line length has it:
"CJK 实测 3,838（主体 2,892 + 反方 579" / "+ 元信息 950）≤ 3,900". Before, neither line held a whole sum: its
arithmetic was never checked (a sum that does not add up passed in silence), and none of its labelled parts was
measured. Now the two lines are read as one there: the sum is told on the line of its total, each labelled part on
the line it is written on (where Update self-check figures rewrites it)."""

from __future__ import annotations

import random
from datetime import date

import pytest

from editor_app.core.analyze import Analyzer, analyze
from editor_app.core.rulepack import house_pack
from editor_app.core.selfcheck_update import updated_self_check_text

PACK = house_pack()
TODAY = date(2026, 12, 3)
STATED = "CJK 实测 3,838（主体 2,892 + 反方 579 + 元信息 950）≤ 3,900"  # §0 ①, line 9


def _wrapped(text: str, before: str, after: str, stated: str = STATED) -> str:
    assert text.count(stated) == 1
    return text.replace(stated, stated.replace(before + " " + after, before + "\n" + after, 1), 1)


def _claims(a, *lines):
    return [(c.line, c.kind, c.scope, c.claimed, c.measured, c.ok) for c in a.claims if c.line in lines
            and (c.kind == "sum" or c.metric == "cjk")]


@pytest.mark.parametrize("before,after", [("反方 579", "+ 元信息 950）"), ("反方 579 +", "元信息 950）"),
                                          ("3,838（主体 2,892 +", "反方 579 + 元信息 950）")])
def test_a_sum_wrapped_in_its_parts_is_checked(sample_text, before, after):
    text = _wrapped(sample_text, before, after)
    a = analyze(text, PACK, today=TODAY)
    first, second = text.split("\n")[8:10]
    sums = [c for c in a.claims if c.kind == "sum" and c.line in (9, 10)]
    assert [(c.line, c.column, c.text, c.claimed, c.measured, c.ok) for c in sums] == [
        (9, first.index("3,838（") + 1, "3,838（主体 2,892 + 反方 579 + 元信息 950）", 3838, 4421, False)]
    assert (9, first.index("3,838（") + 1, "stated sum 3,838 but the parts add up to 4,421") in [
        (f.line, f.column, f.message) for f in a.findings]
    parts = {c.scope: (c.line, c.column, c.claimed, c.measured, c.ok) for c in a.claims
             if c.line in (9, 10) and c.metric == "cjk" and c.scope in ("主体", "反方", "元信息")}
    where = {"主体": "2,892", "反方": "579", "元信息": "950"}
    for scope, figure in where.items():
        line = 9 if figure in first else 10
        column = (first if line == 9 else second).index(figure) + 1
        assert parts[scope][:2] == (line, column), scope
    assert parts["元信息"][2:] == (950, 946, False)
    assert ("CJK of 元信息: stated 950, measured 946") in [f.message for f in a.findings if f.line == parts["元信息"][0]]
    updated = updated_self_check_text(text, a).split("\n")
    assert updated[8] == first and updated[9] == second.replace("950", "946")  # the part rewritten where it is


def test_a_wrapped_sum_that_adds_up_passes(sample_text):
    stated = STATED.replace("元信息 950", "元信息 367")
    text = _wrapped(sample_text.replace(STATED, stated), "反方 579", "+ 元信息 367）", stated)
    a = analyze(text, PACK, today=TODAY)
    assert [(c.line, c.claimed, c.measured, c.ok) for c in a.claims if c.kind == "sum" and c.line == 9] == [
        (9, 3838, 3838, True)]


def test_a_wrapped_table_sum_with_its_total_after_it(sample_text):
    """§八.2's "元信息（header 247 + §0 165 + §八 193" / "+ §九 345 + footer 76） | 950 CJK": told on the line of its
    total, after the parenthesis."""
    row = "元信息（header 247 + §0 165 + §八 193 + §九 345 + footer 76） | 950 CJK"
    text = sample_text.replace(row, row.replace("§八 193 + ", "§八 193\n+ "), 1)
    a = analyze(text, PACK, today=TODAY)
    second = text.split("\n")[94]
    assert second.startswith("+ §九 345")
    assert [(c.line, c.column, c.claimed, c.measured, c.ok) for c in a.claims if c.kind == "sum" and
            c.line in (94, 95)] == [(95, second.index("950") + 1, 950, 1026, False)]
    assert {c.scope: c.line for c in a.claims if c.line in (94, 95) and c.metric == "cjk"} == {
        "header": 94, "§0": 94, "§八": 94, "§九": 95, "footer": 95, "元信息": 95}


def test_lines_that_leave_no_sum_open_are_read_alone():
    doc = "标题\n§0 自检\n{}\n{}\n一、主体\n中文中文\n"
    for first, second in [("CJK 实测 5（主体 2 + 反方 2）", "+ 元信息 9"),  # the parenthesis closed
                          ("CJK 实测 5（主体 2，反方 2", "+ 元信息 9）"),  # no "+" in it: no sum
                          ("CJK 实测 5（主体 2 + 反方 2", "- 元信息 9）")]:  # a list item, no "+" before it
        a = analyze(doc.format(first, second), PACK, today=TODAY)
        assert not [c for c in a.claims if c.kind == "sum" and len(c.text.split("+")) == 3], (first, second)
        assert not [c for c in a.claims if c.scope == "元信息"], (first, second)


def test_typing_around_a_wrapped_sum_agrees_with_a_fresh_analysis(sample_text):
    az = Analyzer(PACK, today=TODAY)
    text = sample_text
    az.analyze(text)
    at = text.index(STATED) + STATED.index(" + 元信息")
    steps = [
        lambda t: t[:at] + "\n" + t[at + 1:],  # Enter in place of the space: wrapped
        lambda t: t.replace("\n+ 元信息 950）", "\n+ 元信息 946）", 1),  # the part on the second line
        lambda t: t.replace("CJK 实测 3,838（主体", "CJK 实测 3,834（主体", 1),  # the total on the first
        lambda t: t.replace("反方 579\n+ 元信息", "反方 579）\n+ 元信息", 1),  # closed on the first line
        lambda t: t.replace("反方 579）\n+ 元信息", "反方 579\n+ 元信息", 1),  # open again
        lambda t: t.replace("反方 579\n+ 元信息", "反方 579\n\n+ 元信息", 1),  # a blank line: two blocks
        lambda t: t.replace("反方 579\n\n+ 元信息", "反方 579\n+ 元信息", 1),
        lambda t: t.replace("反方 579\n+ 元信息", "反方 579 + 元信息", 1),  # joined again
    ]
    for step in steps:
        new = step(text)
        assert new != text
        text = new
        got, fresh = az.analyze(text), analyze(text, PACK, today=TODAY)
        assert got.to_dict() == fresh.to_dict()
        assert got == fresh
    rng = random.Random(7)
    text = steps[0](sample_text)
    az.analyze(text)
    for _ in range(40):  # characters typed and deleted on the two lines and around them
        lines = text.split("\n")
        k = rng.choice([7, 8, 9, 10])
        line = lines[k]
        pos = rng.randint(0, len(line))
        if rng.random() < 0.6:
            line = line[:pos] + rng.choice(["+", "（", "）", " ", "1", "元信息 ", "\n", "字", "\n+ 3"]) + line[pos:]
        else:
            line = line[:pos] + line[pos + rng.randint(1, 6):]
        text = "\n".join(lines[:k] + [line] + lines[k + 1:])
        got, fresh = az.analyze(text), analyze(text, PACK, today=TODAY)
        assert got == fresh


def test_an_estimate_mark_starting_a_line_leaves_its_last_character_alone():
    """A "约" that opens a line once blanked the line's last character when that was "大" (an index from the end)."""
    from editor_app.core.claims import _marks_blanked

    assert _marks_blanked("约 3,838 字，规模大") == "  3,838 字，规模大"
    assert _marks_blanked("总计大约 3,838") == "总计   3,838"
