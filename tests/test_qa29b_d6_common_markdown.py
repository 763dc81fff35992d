"""QA29b D6: Markdown a Typora / Obsidian user writes every day was shown raw or mangled in the Preview and the
report: "1)" lists ran into one paragraph ("1) 第一项 2) 第二项 - 嵌套"), "~~80~~" kept its tildes (a published
report showed the old figure as current), "- [ ] 任务" showed "[ ] 任务", a backslash line break printed "\\" and
joined the lines, and a footnote's mark became a link to its note's text, the note itself gone."""

from __future__ import annotations

import re

import pytest

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack
from editor_app.services.report import build_report_html
from editor_app.ui.preview_panel import render_html, survey_markdown

D6 = ("§0 自检栏\n① 各项实测\n一、主题脉络\n1) 第一项\n2) 第二项\n   - 嵌套\n\n旧值 ~~80~~ 新值 79\\\n下一行 脚注[^1]\n"
      "- [ ] 任务\n\n[^1]: 脚注内容")


def _preview(text: str) -> str:
    return render_html(survey_markdown(text, analyze(text, house_pack())))


def _report_survey(text: str) -> str:
    html = build_report_html(analyze(text, house_pack()), text, pack_name="p", pack_source="")
    survey = html.split('<div class="survey">', 1)[1].split('<div class="appendix">', 1)[0]
    return re.sub(r'<a id="L\d+"></a>', "", survey)  # (the line anchors)


def _both(text: str) -> list[str]:
    """The Preview's HTML and the report's survey part (a first line is the report's title: give one)."""
    return [_preview(text), _report_survey(text)]


@pytest.mark.parametrize("where", ["preview", "report"])
def test_the_qa_file_renders_as_typora_shows_it(where):
    html = _preview(D6) if where == "preview" else _report_survey(D6)
    html = html.replace("<br />", "<br>")
    assert "<ol>\n<li>第一项</li>\n<li>第二项<ul>\n<li>嵌套</li>\n</ul>\n</li>\n</ol>" in html
    assert "旧值 <del>80</del> 新值 79<br>\n下一行 脚注<sup>1</sup>" in html
    assert "<li>\u2610 任务</li>" in html
    assert "<hr>\n<ol>\n<li>脚注内容</li>\n</ol>" in html.replace("<hr />", "<hr>")
    assert "[^1]" not in html and "~~" not in html and "1)" not in html and "href=\"脚注内容\"" not in html


def test_footnotes_are_numbered_in_the_order_of_their_marks():
    text = "标题\n\n正文 a[^z] b[^a] 又 a[^z]\n\n[^a]: 注 A\n[^z]: 注 Z\n    第二行\n[^unused]: 没人引用\n"
    for html in _both(text):
        assert "a<sup>1</sup> b<sup>2</sup> 又 a<sup>1</sup>" in html
        assert re.search(r"<li>注 Z\s+第二行</li>\s*<li>注 A</li>\s*<li>没人引用</li>", html)


def test_marks_in_code_and_marks_with_no_note_stay_as_written():
    text = "标题\n\n正文 `x[^1]` 与 [^2]\n\n```\n[^1]: 代码里的\n```\n\n[^1]: 注\n"
    for html in _both(text):
        assert "<code>x[^1]</code>" in html and "与 [^2]" in html and "[^1]: 代码里的" in html
        assert "<li>注</li>" in html


def test_nested_items_by_two_spaces_or_a_tab_nest():
    text = "标题\n\n- 甲\n  - 乙\n    - 丙\n  - 丁\n- 戊\n\t- 己\n"
    for html in _both(text):
        flat = re.sub(r"\s+", "", html)
        assert "<ul><li>甲<ul><li>乙<ul><li>丙</li></ul></li><li>丁</li></ul></li><li>戊<ul><li>己</li></ul></li></ul>" \
            in flat


def test_task_boxes_done_and_in_a_loose_list():
    for html in _both("标题\n\n- [x] 完成\n\n- [ ] 未完成\n"):
        assert "\u2611 完成" in html and "\u2610 未完成" in html


def test_a_backslash_break_in_a_survey_written_a_block_a_line():
    text = "§0 自检栏\n① CJK 实测 12 ✅\n一、主题脉络\n第一行\\\n第二行\n第三行\n" + "正文\n" * 20
    for html in _both(text):
        html = html.replace("<br />", "<br>")
        assert "第一行<br>\n第二行</p>" in html and "<p>第三行</p>" in html


@pytest.mark.parametrize("text", ["甲 \\\\\n乙\n\n丙", "甲 ~不删~ 乙 ~~ 也不 ~~ 丙", "约 3~5 倍，10~~20"])
def test_what_stays_as_written(text):
    for html in _both("标题\n\n" + text):
        assert "<del>" not in html and "<br" not in html
