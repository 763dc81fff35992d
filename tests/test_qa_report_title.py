"""QA: the report took a survey's first line as its title whatever it was. A survey opening with a table lost the
table's header row from its body (and was titled "| 引擎 | 吞吐 |"), one opening with a list lost its first item,
a title line with Markdown showed its marks ("**LLM 推理** [综述](…)"), and an untitled Chinese report was titled
"Survey report"."""

from __future__ import annotations

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack
from editor_app.services.report import build_report_html


def _report(text: str, *, file: str | None = None, language: str = "en") -> str:
    return build_report_html(analyze(text, house_pack(), file=file), text, pack_name="p", pack_source="",
                             language=language)


def _title(html: str) -> str:
    return html.split("<title>", 1)[1].split("</title>", 1)[0]


def test_a_survey_opening_with_a_table_keeps_the_whole_table():
    html = _report("| 引擎 | 吞吐 |\n|---|---|\n| SGLang | 16,200 |\n正文\n", file="/surveys/engines-0914.md")
    survey = html.split('<div class="survey">', 1)[1].split('<div class="appendix">', 1)[0]
    assert '<th><a id="L1"></a>引擎</th>' in survey and '<td><a id="L3"></a>SGLang</td>' in survey
    assert _title(html) == "engines-0914"


def test_a_survey_opening_with_a_list_keeps_its_first_item():
    html = _report("- 作者：spark\n- 更新：2026-09-14\n\n正文\n")
    survey = html.split('<div class="survey">', 1)[1].split('<div class="appendix">', 1)[0]
    assert "作者：spark" in survey and "更新：2026-09-14" in survey


def test_a_title_line_with_markdown_reads_as_text():
    html = _report("**LLM 推理** [综述](https://example.org/x)\n§0 自检栏\n正文\n")
    assert _title(html) == "LLM 推理 综述"
    heading = html.split("<h1", 1)[1].split("</h1>", 1)[0]
    assert "LLM 推理 综述" in heading and "**" not in heading


def test_an_untitled_survey_is_titled_in_the_report_language():
    assert _title(_report("", language="zh_CN")) == "综述报告"
    assert _title(_report("", language="en")) == "Survey report"


def test_the_page_language_is_the_surveys():
    """<html lang="zh-CN"> was written for every survey: an English one was read by screen readers with a Chinese
    voice."""
    assert '<html lang="en">' in _report("# Serving engines\n\nSGLang is fast.\n")
    assert '<html lang="zh-CN">' in _report("推理引擎综述\n§0 自检栏\n正文\n")
