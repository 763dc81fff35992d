"""QA21 (house rules at their limits): comment blocks (M1), list markers (m1) and rule 11's variants (m2).

M1: a counter-argument commented out while it was rewritten still met "≥ 150 CJK",
and "(1) 机制" only inside `<!-- … -->` met the required parts. A minimum is met only by what the published survey
shows; a maximum still counts everything (the house counts its total with a raw regex: the safe side)."""

from __future__ import annotations

from datetime import date

import pytest

from editor_app.core.analyze import Analyzer, analyze
from editor_app.core.rulepack import house_pack, parse_pack
from editor_app.core.rules import seen_ranges


def rule(text: str, rule_id: str):
    return next(r for r in analyze(text, house_pack()).rules if r.id == rule_id)


def commented_31(sample_text: str, after: list[str]) -> str:
    """§3.1's three paragraphs in a comment block, `after` written below it."""
    lines = sample_text.split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("3.1 "))
    lines[at + 1:at + 4] = ["<!--", *lines[at + 1:at + 4], "-->", *after]
    return "\n".join(lines)


def test_the_sample_is_measured_as_before(sample_text):
    length = rule(sample_text, "counter-argument-length")
    assert (length.status, length.measured, length.note) == ("pass", [159, 194, 207], "3 units measured")


def test_a_counter_argument_in_a_comment_block_is_not_counted_toward_its_minimum(sample_text):
    text = commented_31(sample_text, ["(1) 机制：待补。(2) 数据：待补。(3) 截止日：待补。"])
    length = rule(text, "counter-argument-length")
    assert length.status == "fail" and length.measured == [21, 194, 207]
    assert length.note == "3 units measured; 151 in comment blocks not counted"
    (finding,) = length.findings
    assert finding.message == "§3.1: 21 < 150 (129 short; 151 more in comment blocks, not counted)"
    assert (finding.measured, finding.limit) == (21, 150)
    assert rule(text, "counter-argument-parts").status == "pass"  # the parts are written out below the comment


def test_required_parts_written_only_in_a_comment_block_are_missing(sample_text):
    text = commented_31(sample_text, ["本节正在重写。" * 30])
    parts = rule(text, "counter-argument-parts")
    assert parts.status == "fail" and parts.measured == "2/3"
    assert parts.findings[0].message.startswith("§3.1 lacks ") and "(1) 机制" in parts.findings[0].message


def test_a_maximum_still_counts_the_commented_text(sample_text):
    text = commented_31(sample_text, ["本节正在重写。" * 30])
    total = rule(text, "cjk-total")
    assert total.measured == analyze(text, house_pack()).metrics["cjk"]


def test_a_comment_within_a_line_is_counted_as_before(sample_text):
    """Only blocks on lines of their own are taken away (the outline's comment blocks): a comment inside a prose
    line is counted with it (its "草稿", 2 CJK), as the house's raw count does."""
    lines = sample_text.split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("3.1 "))
    lines[at + 1] = "<!-- 草稿 -->" + lines[at + 1]
    assert rule("\n".join(lines), "counter-argument-length").measured == [161, 194, 207]


@pytest.mark.parametrize("ranges, blocks, expected", [
    ([(1, 10)], [], None),
    ([(1, 10)], [(20, 25)], None),
    ([(5, 10)], [(1, 4)], None),
    ([(1, 10)], [(3, 4)], [(1, 2), (5, 10)]),
    ([(1, 10)], [(1, 10)], []),
    ([(1, 10)], [(0, 3), (9, 12)], [(4, 8)]),
    ([(1, 3), (7, 10)], [(2, 2), (8, 8)], [(1, 1), (3, 3), (7, 7), (9, 10)]),
    ([(1, 3), (7, 10)], [(5, 6)], None),
    ([(1, 3), (7, 10)], [(5, 7)], [(1, 3), (8, 10)]),
])
def test_seen_ranges(ranges, blocks, expected):
    assert seen_ranges(ranges, blocks) == expected


def test_edits_that_comment_out_and_back_match_a_fresh_analysis(sample_text):
    today = date(2026, 12, 2)
    az = Analyzer(house_pack(), today=today)
    lines = sample_text.split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("3.1 "))
    first, third = lines[at + 1], lines[at + 3]
    doc = "\n".join([*lines, *lines])  # (long enough for the incremental paths)
    az.analyze(doc)
    steps = [lambda d: d.replace(first, "<!--\n" + first, 1),  # opened: no block until it is closed
             lambda d: d.replace(third, third + "\n-->", 1),  # closed: §3.1's text is hidden
             lambda d: d.replace(third, third + "更多文字", 1),  # an edit in the comment
             lambda d: d.replace("<!--\n" + first, first + "\n<!--", 1),  # the block made shorter
             lambda d: d.replace("\n-->", "", 1),  # and no block again
             lambda d: d.replace(first + "\n<!--", first, 1),
             lambda d: d.replace("\n- §一", "\n10. §一", 1),  # a cross-link's marker changed
             lambda d: d.replace("\n10. §一", "\n  - §一", 1)]
    for step in steps:
        doc = step(doc)
        got = az.analyze(doc)
        assert got == analyze(doc, house_pack(), today=today)


# QA21 m1: the list marker counted as text of the item: "- " gave 2 characters, "10. " 4, so the same cross-link
# passed "≥ 150" with 148 characters of text, and measured differently by marker.

def lengths(text: str) -> list:
    return rule(text, "confluence-link-length").measured


def first_link(sample_text: str) -> tuple[list[str], int]:
    lines = sample_text.split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("七、"))
    return lines, at + 1


def test_a_cross_link_is_measured_without_its_marker(sample_text):
    lines, at = first_link(sample_text)
    assert lengths(sample_text)[0] == len(lines[at]) - 2
    lines[at] = lines[at][:150]  # "- " and 148 characters of text
    assert lengths("\n".join(lines))[0] == 148


@pytest.mark.parametrize("marker", ["* ", "+ ", "1. ", "10. ", "7)  ", "  - "])
def test_the_same_text_measures_the_same_whatever_its_marker(sample_text, marker):
    lines, at = first_link(sample_text)
    want = lengths(sample_text)[0]
    lines[at] = marker + lines[at][2:]
    assert lengths("\n".join(lines))[0] == want


def test_an_indented_line_going_on_an_item_is_measured_without_its_indentation(sample_text):
    lines, at = first_link(sample_text)
    text = lines[at]
    lines[at:at + 1] = [text[:80], "  " + text[80:]]
    assert lengths("\n".join(lines))[0] == len(text) - 2


def test_a_words_counter_does_not_count_a_numbered_marker():
    pack = parse_pack('''
schema = 1
name = "words"
[counters.words]
builtin = "words"
label = "words"
[[rules]]
id = "item-words"
kind = "count"
title = "Each item has at least 3 words"
counter = "words"
scope = { section = "1", items = true }
min = 3
level = "error"
''')
    text = "## 1 Points\n\n1. two words\n2. three more words\n- two words\n"
    got = next(r for r in analyze(text, pack).rules if r.id == "item-words")
    assert got.measured == [2, 3, 2] and got.status == "fail"


# QA21 m2: rule 11's forbidden pattern was literal: "独立段，不计入 CJK 总数" passed, and a prohibition quoting it
# ("不得「独立段不计」") failed.

@pytest.mark.parametrize("added, forbidden", [
    ("（独立段不计）", True), ("（独立段，不计入 CJK 总数）", True), ("（独立段 不计）", True), ("（独立段落不计）", True),
    ("（本节独立成段不算）", True),
    ("（不得「独立段不计」）", False), ("（禁止「独立段不计」）", False), ("（严禁「独立段不计」）", False),
    ("（勿“独立段不计”）", False), ("（独立段）", False),
])
def test_an_exempt_section_is_found_in_its_variants_and_not_in_a_prohibition(sample_text, added, forbidden):
    lines = sample_text.split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("4.4 "))
    lines[at] += added
    got = rule("\n".join(lines), "no-exempt-sections")
    assert (got.status == "fail") is forbidden
