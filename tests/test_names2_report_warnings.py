"""QA: the report's first page named the failing error-level rules but only counted the failing warnings ("2 fail
(1 error, 1 warning)"): which warning, by how much and where was in the appendix only. The sample's
`confluence-link-length` (4 of the §七 cross-links under 150 characters) is now named under the errors, as a warning
that does not block publishing, in English and in Chinese; a survey that is otherwise clean names its warnings too."""

from __future__ import annotations

import html
import re

import pytest

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack
from editor_app.services.report import build_report_html
from report_support import hand_analysis


def _first_page(text: str, analysis, language: str = "en") -> str:
    pack = house_pack()
    page = build_report_html(analysis, text, pack_name=pack.name, pack_source=pack.source, language=language,
                             pack=pack)
    box = page[page.index('<table class="summary') : page.index('<div class="toc"')]
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", box)))


@pytest.mark.parametrize("language, errors, warned, measured", [
    ("en", "1 error-level rule fails:", "1 warning-level rule fails (a warning: it does not block publishing):",
     "measured 159 / 137 / 145 / 136 / 181 / 79, limit ≥ 150 — 4 places: item on line 79: 137 < 150 (13 short) "
     "( line 79 · §七 )"),  # (each of its 4 places: QA27b D2)
    ("zh_CN", "1 条错误级规则未通过：", "1 条警告级规则未通过（警告，不妨碍发布）：",
     "实测 159 / 137 / 145 / 136 / 181 / 79，限值 ≥ 150 — 4 处： 第 79 行的列表项：137 < 150（差 13）（ 第 79 行 · §七 ）"),
])
def test_the_samples_failing_warning_is_named_under_the_errors(sample_text, language, errors, warned, measured):
    box = _first_page(sample_text, analyze(sample_text, house_pack()), language)
    assert box.index(errors) < box.index("claims") < box.index(warned) < box.index("confluence-link-length")
    after = box[box.index(warned):]
    assert measured in after, after[:300]


def test_a_survey_with_no_failing_error_still_names_its_warnings(sample_text):
    box = _first_page(sample_text, hand_analysis(sample_text))  # legal-section: a failing warning, nothing else
    assert "Clean." in box
    assert "1 warning-level rule fails (a warning: it does not block publishing): legal-section Legal section §4.4: " \
           "measured 0, limit exists" in box
