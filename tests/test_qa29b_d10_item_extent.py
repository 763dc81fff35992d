"""QA29b D10: a list item's lines as CommonMark reads them, for "each item ≥ 150" (§七's cross-links).

Before: a lazy continuation line ("- 项一" / "懒惰续行属于项一", unindented, the list going on after it) and a paragraph
of the item after a blank line, indented to the item's text ("- 项二" / "" / "  项二的第二段"), were not counted in the
item: "item on line 4: 2 < 150", "item on line 6: 2 < 150". Now they are (10 and 8). A line after a list's last item
stays the paragraph after the list (the house writes no blank lines: the sample's "主线合流密度：…" under §七); a
heading, fence, quote or rule, a line indented less than the item's text after a blank line, end the item."""

from __future__ import annotations

import pytest

from editor_app.core.analyze import Analyzer, analyze, item_end
from editor_app.core.rulepack import house_pack

PACK = house_pack()
HEAD = "§0 自检栏\n① 各项实测\n七、跨主线合流密度自查\n"
REPRO = HEAD + "- 项一\n懒惰续行属于项一\n- 项二\n\n  项二的第二段\n八、元信息\n"


def _lengths(text: str) -> list:
    return next(r for r in analyze(text, PACK).rules if r.id == "confluence-link-length").measured


def test_continuation_lines_are_part_of_the_item():
    assert _lengths(REPRO) == [2 + 8, 2 + 6]


@pytest.mark.parametrize("body, lengths", [
    ("- 项一\n之后的段落\n", [2]),  # after the last item: the paragraph after the list
    ("- 项一\n```\n代码\n```\n- 项二\n", [2, 2]),  # a fence interrupts the item
    ("- 项一\n> 引文\n- 项二\n", [2, 2]),
    ("- 项一\n***\n- 项二\n", [2, 2]),
    ("- 项一\n\n 一格缩进的段落\n- 项二\n", [2, 2]),  # indented less than the item's text: no paragraph of it
    ("10. 项一\n\n  两格缩进\n11. 项二\n", [2, 2]),  # ("10. " puts the text at column 4)
    ("10. 项一\n\n    四格缩进\n11. 项二\n", [6, 2]),
    ("- 项一\n\n\n  隔两行空行\n  续行\n懒惰续行\n- 项二\n", [2 + 5 + 2 + 4, 2]),
    ("-\t项一\n\n  制表符后的段落\n", [2]),  # ("-\t" puts the text at column 4, tab stops of 4: "  " is short of it)
    ("-\t项一\n\n    制表符后的段落\n", [2 + 7]),
])
def test_what_ends_an_item(body, lengths):
    got = _lengths(HEAD + body + "八、元信息\n")
    assert got == lengths


def test_item_end_stops_at_a_heading_of_the_outline():
    lines = ["- a", "b", "3.1 小节", "- c"]
    col = [1, 0, 0, 1]
    assert item_end(lines, col, 1, 4) == 3
    assert item_end(lines, col, 1, 4, [3]) == 1


def test_typing_a_blank_line_and_an_indent_matches_a_fresh_analysis():
    az = Analyzer(PACK)
    steps = [REPRO, REPRO.replace("\n\n  项二", "\n  项二"), REPRO.replace("  项二的第二段", "项二的第二段"), REPRO,
             REPRO.replace("懒惰续行属于项一\n", "\n懒惰续行属于项一\n"), REPRO,
             REPRO.replace("- 项二\n", "- 项二\n续行\n"), REPRO.replace("- 项二\n", "- 项二\n  续行\n"),
             REPRO.replace("- 项二\n", "- 项二\n> 续行\n"), REPRO.replace("- 项二\n", "- 项二\n  续行\n")]
    for text in steps:
        mine = next(r for r in az.analyze(text).rules if r.id == "confluence-link-length").measured
        assert mine == _lengths(text)
