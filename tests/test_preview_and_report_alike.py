"""The Preview tab and the published report read one survey alike: same headings, code blocks, tables and lists.

Before, each prepared the survey for Markdown with its own rules: in the report any fence toggled a code block, so a
``` inside a ~~~ block closed it and the rest of the survey ran into giant headings and a list holding a table."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack
from editor_app.services.report import build_report_html
from editor_app.ui.preview_panel import render_html, survey_markdown

TRICKY = [  # its blocks; a line each, or a blank line between blocks as hard-wrapped Markdown has them
    ["主题综述 · 测试（2026-09-14）", "- 作者：spark"],
    ["§0 自检栏"],
    ["① CJK 实测 100 ⚠️"],
    ["一、主题脉络"],
    ["正文第一行 ⚠️", "~~~text", "```", "代码里的 ``` 不关闭 ~~~", "二、这不是标题", "~~~"],
    ["1. item", "---"],
    ["- #1 KV Cache 不是标题", "- #2 也不是"],
    ["表格前的散文", "| a | b |", "|---|---|", "| 1 | 2 |"],
    ["2.1 不是子节"],
    ["二、核心工作"],
    ["2.1 子节"],
    ["## **粗体** 小节"],
    ["正文"],
    ["Spark · 2026-09-14 21:30 CST · CJK 实测 100"],
]


HEADINGS = ("h1", "h2", "h3", "h4", "h5", "h6")


class _Blocks(HTMLParser):
    """The block structure a reader sees: (tag, text) for headings, paragraphs, code blocks, list items, rows, rules."""

    BLOCKS = {"h1", "h2", "h3", "h4", "h5", "h6", "p", "pre", "li", "tr", "hr", "table", "ul", "ol"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.blocks: list[list[str]] = []
        self._open: list[list[str]] = []

    def handle_starttag(self, tag, attrs):
        if tag in self.BLOCKS:
            block = [tag, ""]
            self.blocks.append(block)
            if tag not in ("hr",):
                self._open.append(block)

    def handle_endtag(self, tag):
        if tag in self.BLOCKS and self._open and self._open[-1][0] == tag:
            self._open.pop()

    def handle_data(self, data):
        for block in self._open[-1:]:
            block[1] += data

    def structure(self) -> list[tuple[str, str]]:
        # a code block keeps its lines; elsewhere the text as read (spacing aside; the report draws a bare ⚠ as ⚠️)
        return [(t, x.strip("\n") if t == "pre" else " ".join(x.replace("\ufe0f", "").split())) for t, x in self.blocks]


def structure(html: str) -> list[tuple[str, str]]:
    parser = _Blocks()
    parser.feed(html)
    parser.close()
    return parser.structure()


def both(text: str) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """(the Preview's structure, the report's): the report's title and survey part, without its summary and appendix."""
    analysis = analyze(text, house_pack())
    preview = render_html(survey_markdown(text, analysis))
    report = build_report_html(analysis, text, pack_name="house", pack_source="")
    title = re.search(r"<h1 id=[^>]*>.*?</h1>", report).group(0)
    survey = report[report.index('<div class="survey">'): report.index('<div class="appendix">')]
    return structure(preview), structure(title + survey)


@pytest.mark.parametrize("hard_wrapped", [False, True], ids=["one-block-a-line", "blank-line-separated"])
def test_a_tricky_survey_has_the_same_structure_in_the_preview_and_the_report(hard_wrapped):
    text = ("\n\n" if hard_wrapped else "\n").join("\n".join(block) for block in TRICKY)
    preview, report = both(text)
    assert preview == report
    headings = [b for b in report if b[0] in HEADINGS]
    assert headings == [("h1", "主题综述 · 测试（2026-09-14）"), ("h2", "§0 自检栏"), ("h2", "一、主题脉络"),
                        ("h2", "二、核心工作"), ("h3", "2.1 子节"), ("h3", "粗体 小节")]
    # "```" inside "~~~" is code, and so is the "二、" line the analysis takes for no heading
    assert [b for b in report if b[0] == "pre"] == [("pre", "```\n代码里的 ``` 不关闭 ~~~\n二、这不是标题")]
    at = report.index(("li", "item"))
    assert report[at - 1: at + 2] == [("ol", ""), ("li", "item"), ("hr", "")]  # "1. item" over "---": no heading
    assert ("li", "#1 KV Cache 不是标题") in report and ("li", "#2 也不是") in report
    assert [b[0] for b in report].count("table") == 1 and ("tr", "1 2") in report  # right after prose
    assert ("p", "2.1 不是子节") in report
    assert report[-1] == ("p", "Spark · 2026-09-14 21:30 CST · CJK 实测 100")  # the footer: a paragraph of its own


def test_the_sample_has_the_same_structure_in_the_preview_and_the_report(sample_text):
    preview, report = both(sample_text)
    assert preview == report
    tags = [b[0] for b in report]
    assert tags.count("table") == 3 and tags.count("h1") == 1 and tags.count("h2") == 10
    assert ("li", "作者：spark") in report and ("p", "date +%j模 8") not in report


def test_a_hash_number_is_no_heading_in_the_preview_nor_in_the_report():
    preview, report = both("\n".join(["主题", "正文", "#50 反思棒", "##2 编号", "- ##3 项", "# 真标题", "正文"]))
    assert preview == report
    assert [b for b in report if b[0] in HEADINGS] == [("h1", "主题"), ("h2", "真标题")]
    assert ("p", "#50 反思棒") in report and ("p", "##2 编号") in report and ("li", "##3 项") in report


def test_a_setext_heading_shows_once_without_its_underline():
    text = "# A survey\n\nIntro text.\n\nPart one\n--------\n\nBody.\n\nPart two\n========\n\nMore."
    preview, report = both(text)
    assert preview == report
    assert [b for b in report if b[0] in HEADINGS or b[0] == "hr"] == [
        ("h1", "A survey"), ("h3", "Part one"), ("h2", "Part two")]  # the analysis' levels
