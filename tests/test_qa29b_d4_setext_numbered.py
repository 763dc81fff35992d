"""QA29b D4: a numbered title underlined as a setext heading ("二、核心工作" over "---" or "===") is read as a heading,
but the Preview and the report drew its underline as a rule under it, or printed "==========" as the first words
of its section."""

from __future__ import annotations

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack
from editor_app.services.report import build_report_html
from editor_app.ui.preview_panel import render_html, survey_markdown

D4 = ("§0 自检栏\n① 各项实测\n\n一、主题脉络\n----------\n正文甲。\n\n二、核心工作\n==========\n正文乙。\n\n"
      "2.1 子节\n--------\n正文丙。\n")


def _survey_part(html: str) -> str:
    return html.split('<div class="survey">', 1)[1].split('<div class="appendix">', 1)[0]


def test_the_underline_of_a_numbered_heading_is_part_of_it_in_the_report():
    a = analyze(D4, house_pack())
    assert [sm.section.key for sm in a.sections] == ["0", "1", "2", "2.1"]
    survey = _survey_part(build_report_html(a, D4, pack_name="p", pack_source=""))
    assert "<hr" not in survey and "===" not in survey and "---" not in survey
    assert '<h2 id="sec-1">一、主题脉络</h2>\n<div><p><a id="L6"></a>正文甲。</p></div>' in survey
    assert '<h2 id="sec-2">二、核心工作</h2>\n<div><p><a id="L10"></a>正文乙。</p></div>' in survey
    assert '<h3 id="sec-2-1">2.1 子节</h3>\n<div><p><a id="L14"></a>正文丙。</p></div>' in survey


def test_and_in_the_preview():
    html = render_html(survey_markdown(D4, analyze(D4, house_pack())))
    assert "<hr" not in html and "===" not in html
    assert "<h2>二、核心工作</h2>\n<p>正文乙。</p>" in html


def test_a_rule_under_a_hash_heading_stays_a_rule():
    text = "§0 自检栏\n正文\n## 一、主题脉络\n---\n正文甲。\n"
    html = render_html(survey_markdown(text, analyze(text, house_pack())))
    assert "<h2>一、主题脉络</h2>\n<hr>" in html.replace("<hr />", "<hr>")
