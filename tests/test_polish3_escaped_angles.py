"""`\\<script\\>` in a survey reads `<script>` in the Preview and the report, as Markdown writes it.

Before, Python-Markdown escaped `>` but not `<`: the reader saw `\\<script>` in both."""

from __future__ import annotations

import html
import re

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack
from editor_app.services.report import build_report_html
from editor_app.ui.preview_panel import render_html, survey_markdown

SURVEY = "\n".join([
    r"标题 \<b\> 测试（2026-09-14）",
    "§0 自检栏",
    "① CJK 实测 100 ⚠️",
    r"一、主题 \<T\>",
    r"正文里写 \<script\>alert(1)\</script\> 与 a \< b \> c ⚠️",
    r"代码里不转义：`\<x\>`",
    r"Spark · 2026-09-14 21:30 CST · \<footer\>",
])


def _seen(fragment: str) -> str:
    """The text a reader sees: tags dropped, entities read."""
    return html.unescape(re.sub(r"<[^>]+>", "", fragment))


def _report() -> str:
    analysis = analyze(SURVEY, house_pack())
    report = build_report_html(analysis, SURVEY, pack_name="house", pack_source="")
    return report[: report.index('<div class="appendix">')]


def test_the_preview_shows_backslash_escaped_angle_brackets_as_brackets():
    page = render_html(survey_markdown(SURVEY, analyze(SURVEY, house_pack())))
    seen = _seen(page)
    assert "标题 <b> 测试" in seen and "一、主题 <T>" in seen
    assert "正文里写 <script>alert(1)</script> 与 a < b > c" in seen
    assert "\\<" not in seen.replace(r"`\<x\>`", "").replace(r"\<x\>", "")
    assert r"\<x\>" in seen  # inside a code span a backslash is a backslash
    assert "<script" not in page and "<b>" not in page and "&lt;script&gt;" in page  # still text, not HTML


def test_the_report_shows_backslash_escaped_angle_brackets_as_brackets():
    report = _report()
    seen = _seen(report)
    assert "标题 <b> 测试" in seen and "一、主题 <T>" in seen
    assert "正文里写 <script>alert(1)</script> 与 a < b > c" in seen
    assert "CST · <footer>" in seen
    assert r"\<x\>" in seen
    assert seen.count("\\<") == seen.count(r"\<x\>")  # no other backslash before a '<' is left
    assert "<script" not in report and "&lt;script&gt;" in report
