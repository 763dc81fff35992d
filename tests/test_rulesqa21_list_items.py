"""QA (house rule boundaries): §七's "at least 6 cross-links" passed with 5 when a sixth line was a nested sub-item
("  - 注：同上"), a line in a fenced code block or one in an HTML comment: each was counted as a list item. As
Markdown reads them, a nested item is part of the item above it and a block's lines are no items."""

from __future__ import annotations

from datetime import date

import pytest

from editor_app.core.analyze import Analyzer, analyze
from editor_app.core.rulepack import house_pack


def links_rule(text: str):
    return next(r for r in analyze(text, house_pack()).rules if r.id == "confluence-links")


def five_links(sample_text: str, insert: list[str]) -> str:
    lines = sample_text.split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("七、"))
    items = [i for i in range(at + 1, len(lines)) if lines[i].startswith("- ")][:6]
    del lines[items[-1]]
    lines[items[-1]:items[-1]] = insert
    return "\n".join(lines)


def test_the_sample_has_six(sample_text):
    assert (links_rule(sample_text).status, links_rule(sample_text).measured) == ("pass", 6)


@pytest.mark.parametrize("insert", [["  - 注：同上"], ["```text", "- 示例：这只是代码块里的一行", "```"],
                                    ["<!--", "- 草稿：尚未完成的一条", "-->"], ["   * 子项 A", "     1. 子子项"]])
def test_what_markdown_reads_as_no_item_of_its_own_is_no_cross_link(sample_text, insert):
    rule = links_rule(five_links(sample_text, insert))
    assert (rule.status, rule.measured) == ("fail", 5)


def test_an_indented_list_of_its_own_after_a_paragraph_still_counts(sample_text):
    rule = links_rule(five_links(sample_text, ["补充一条：", "  - 第六条合流 · 主线 A × 主线 C"]))
    assert rule.measured == 6


def test_a_nested_item_is_measured_as_part_of_its_item(sample_text):
    text = five_links(sample_text, ["- 第六条合流：主线 A × 主线 C", "  - 注：" + "同上" * 80])
    analysis = analyze(text, house_pack())
    lengths = next(r for r in analysis.rules if r.id == "confluence-link-length")
    assert lengths.note == "6 items measured" and len(lengths.measured) == 6
    assert lengths.measured[-1] > 150  # the sixth item with its nested note ("同上" × 80), not the short line alone


def test_edits_that_nest_and_unnest_items_match_a_fresh_analysis(sample_text):
    today = date(2026, 12, 2)
    az = Analyzer(house_pack(), today=today)
    lines = sample_text.split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("七、"))
    item = next(i for i in range(at + 2, len(lines)) if lines[i].startswith("- "))
    doc = "\n".join([*lines, *lines])  # (long enough for the incremental paths)
    az.analyze(doc)
    steps = [lambda d: d.replace(lines[item], "  " + lines[item], 1),  # nested under the item above
             lambda d: d.replace("  " + lines[item], lines[item], 1),  # and back
             lambda d: d.replace(lines[item], "```\n" + lines[item] + "\n```", 1),  # into a code block
             lambda d: d.replace("```\n" + lines[item] + "\n```", lines[item], 1)]
    for step in steps:
        doc = step(doc)
        got = az.analyze(doc)
        assert got == analyze(doc, house_pack(), today=today)
