"""QA29b D5: a survey's front matter was printed as body text between two rules in the Preview and the report, and
the report was titled by the file's name (its first line, "---", read as a rule: no title line)."""

from __future__ import annotations

import re

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack
from editor_app.services.report import build_report_html
from editor_app.ui.preview_panel import render_html, survey_markdown

D5 = "---\ntitle: 综述\n---\n# 主题综述 · 测试\n§0 自检栏\n① 各项实测\n一、主题脉络\n正文。\n"


def _report(text: str) -> str:
    return build_report_html(analyze(text, house_pack(), file="/s/D5_frontmatter_report.md"), text,
                             pack_name="p", pack_source="")


def _title(html: str) -> str:
    return html.split("<title>", 1)[1].split("</title>", 1)[0]


def _survey_part(html: str) -> str:
    return html.split('<div class="survey">', 1)[1].split('<div class="appendix">', 1)[0].lstrip()


def test_the_report_is_titled_by_the_front_matter_and_does_not_print_it():
    html = _report(D5)
    assert _title(html) == "综述" and '<h1 id="survey-title">综述</h1>' in html
    survey = _survey_part(html)
    assert "title:" not in survey and "<hr" not in survey
    # the title line, which says something else, is still shown where the survey has it
    assert survey.startswith('<a id="survey-start"></a><h1>主题综述 · 测试</h1>\n<h2 id="sec-0">§0 自检栏</h2>')


def test_a_title_line_saying_the_front_matters_title_is_shown_once():
    text = D5.replace("title: 综述", 'title: "主题综述 · 测试"')
    html = _report(text)
    assert _title(html) == "主题综述 · 测试"
    assert html.count("主题综述 · 测试</h1>") == 1 and "title:" not in _survey_part(html)


def test_without_a_title_line_the_first_section_keeps_its_level():
    text = "---\n# 模板注释\ntitle: 综述\n---\n§0 自检栏\n① 各项实测\n一、主题脉络\n正文。\n"
    html = _report(text)
    assert _title(html) == "综述"
    assert _survey_part(html).startswith('<a id="survey-start"></a><h2 id="sec-0">§0 自检栏</h2>')
    assert "<h1>§0" not in render_html(survey_markdown(text, analyze(text, house_pack())))


def test_without_a_title_in_the_front_matter_the_title_line_titles_it():
    text = D5.replace("title: 综述", "tags: [llm]")
    html = _report(text)
    assert _title(html) == "主题综述 · 测试" and "tags:" not in _survey_part(html)


def test_the_preview_does_not_show_the_front_matter():
    html = render_html(survey_markdown(D5, analyze(D5, house_pack())))
    assert html.startswith("<h1>主题综述 · 测试</h1>") and "title:" not in html and "<hr" not in html


def test_a_finding_in_the_front_matter_leads_to_no_missing_anchor():
    text = "---\ntitle: 综述\nkey: sk-proj-abcdefghijklmnopqrstuvwxyz123456\n---\n§0 自检栏\n一、主题脉络\n正文。\n"
    a = analyze(text, house_pack())
    assert any(h.line == 3 for h in a.privacy)
    html = build_report_html(a, text, pack_name="p", pack_source="")
    targets = {href[1:] for href in re.findall(r'href="(#L\d+)"', html)}
    assert all(f'id="{t}"' in html for t in targets)


def test_front_matter_title_forms():
    from editor_app.services.survey_markdown import front_matter_title

    assert front_matter_title(["---", "title: 综述 # 注释", "---"]) == "综述"
    assert front_matter_title(["---", "title: '综述: 甲'", "---"]) == "综述: 甲"
    assert front_matter_title(["---", "  title: 不是顶层", "---"]) == ""
    assert front_matter_title(["title: 不在 front matter 里"]) == ""
