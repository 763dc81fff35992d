"""A self-reported figure that is wrong and also stated otherwise elsewhere is shown as both, wherever the author looks.

"CJK 实测 3,883" in §0 (line 9) is wrong (3,838 measured) and disagrees with "3,838" on line 95 (house rule 10): two
findings of the claims rule, and survey-check printed both. The Self-check panel's row said only "stated 3,883,
measured 3,838" (its Rules row counted 13 findings above 12 rows) and the report listed 12 wrong figures under
"measured 13"; the disagreement was nowhere. (test_claims_disagreement_panel.py: one that can't be measured.)"""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import QCoreApplication, Qt, QTranslator

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack
from editor_app.resources_path import resource_path
from editor_app.services.report import build_report_html
from editor_app.ui.selfcheck_panel import SelfCheckPanel

STATED_OTHERWISE = "CJK of document stated as 3,883 here but as 3,838 on line 95"
STATED_OTHERWISE_ZH = "全文的CJK此处写作 3,883，第 95 行写作 3,838"


@pytest.fixture(scope="module")
def edited(sample_text):
    lines = sample_text.split("\n")
    assert "CJK 实测 3,838（" in lines[8]
    lines[8] = lines[8].replace("CJK 实测 3,838（", "CJK 实测 3,883（", 1)
    text = "\n".join(lines)
    pack = house_pack()
    return analyze(text, pack), text, pack


def _claims_rule(a):
    return next(r for r in a.rules if r.kind == "claims")


def test_the_wrong_figure_s_row_says_it_is_stated_otherwise_too(qtbot, edited):
    a = edited[0]
    rule = _claims_rule(a)
    assert [f.message for f in rule.findings if "here but as" in f.message] == [STATED_OTHERWISE]
    assert rule.measured == len(rule.findings) == 13
    panel = SelfCheckPanel()
    qtbot.addWidget(panel)
    panel.show_analysis(a)
    model = panel.claims_model
    rows = model.rows
    value = next(r for r, c in enumerate(rows) if c.line == 9 and c.kind == "value" and c.claimed == 3883)
    assert rows[value].ok is False
    verdict, text = model.data(model.index(value, 0)), model.data(model.index(value, 6))
    assert verdict == "wrong ≠"  # ("≠" as a figure stated otherwise is marked; it said "wrong", nothing of line 95)
    assert "stated 3,883, measured 3,838" in text and STATED_OTHERWISE in text
    for column in (0, 1, 6):
        assert STATED_OTHERWISE in model.data(model.index(value, column), Qt.ItemDataRole.ToolTipRole)
    # one note, on its own figure's row: not on the sum stated by the same number at the same place
    told = [r for r in range(len(rows)) if any(STATED_OTHERWISE in str(model.data(model.index(r, c)))
                                               for c in range(model.columnCount()))]
    assert told == [value]
    wrong = sum(1 for c in rows if c.wrong)
    assert wrong == 12 and wrong + len(told) == rule.measured  # the rows and notes the panel shows: 13, as counted
    assert " · 12 of 61 self-reported figures wrong, 1 stated otherwise elsewhere · " in panel.summary.text()


def test_the_panel_s_count_of_figures_stated_otherwise_reads_in_chinese(qapp):
    translator = QTranslator()
    assert translator.load(str(resource_path("i18n", "survey_editor_zh_CN.qm")))
    QCoreApplication.installTranslator(translator)
    try:
        said = QCoreApplication.translate("SelfCheckPanel", ", %1 stated otherwise elsewhere")
    finally:
        QCoreApplication.removeTranslator(translator)
    assert said == "，%1 处与别处所写不同"


def _first_page(html: str) -> str:
    return html[html.index('id="summary"'):html.index('id="contents"')]


def _claims_appendix(html: str) -> str:
    return html[html.index('id="appendix-claims"'):html.index('id="appendix-references"')]


def _row_of(table: str, *cells: str) -> str:
    rows = [r for r in re.findall(r"<tr>.*?</tr>", table, flags=re.S) if all(c in r for c in cells)]
    assert len(rows) == 1, rows
    return rows[0]


def test_the_report_lists_it_under_the_wrong_figure_on_page_1_and_in_appendix_b(edited):
    a, text, pack = edited
    html = build_report_html(a, text, pack_name=pack.name, pack_source=pack.source)
    first = _first_page(html)
    assert "12 self-reported figures are wrong:" in first
    row = _row_of(first, '<a href="#L9">line 9</a>', "CJK 实测 3,883")
    assert f'<a href="#L95">≠ {STATED_OTHERWISE}</a>' in row  # leading to line 95, where it is stated otherwise
    assert first.count(STATED_OTHERWISE) == 1
    assert "Self-stated figures: 40 agree, 12 disagree, 1 stated otherwise elsewhere, 9 not measured (" in first
    # appendix B: the figure's note says both, its verdict stays the wrong figure's
    row = _row_of(_claims_appendix(html), "CJK 实测 3,883", "stated 3,883, measured 3,838")
    assert f"≠ {STATED_OTHERWISE}" in row and ">disagrees<" in row


def test_the_chinese_report_says_so_in_chinese(edited):
    a, text, pack = edited
    html = build_report_html(a, text, pack_name=pack.name, pack_source=pack.source, language="zh_CN", pack=pack)
    first = _first_page(html)
    assert f"≠ {STATED_OTHERWISE_ZH}" in first and "1 处与别处所写不同" in first
    assert f"≠ {STATED_OTHERWISE_ZH}" in _claims_appendix(html)
    assert "stated" not in re.sub(r"<[^>]+>", "", first)


def test_a_figure_that_cannot_be_measured_and_is_stated_otherwise_is_on_page_1_too(sample_text):
    """"GitHub 已验 实测 8 件" in the footer, 7 in §0: not measured, so on no list of wrong figures; the report's
    page 1 and appendix B said nothing of it (verdict "not measured", no note)."""
    text = sample_text.replace("GitHub 已验 实测 7 件", "GitHub 已验 实测 8 件")
    pack = house_pack()
    a = analyze(text, pack)
    html = build_report_html(a, text, pack_name=pack.name, pack_source=pack.source)
    first = _first_page(html)
    said = "GitHub verified (stated only) of document stated as 8 here but as 7 on line 9"
    assert "1 self-reported figure is stated otherwise elsewhere:" in first
    assert f'<li><a href="#L113">line 113</a>: {said}</li>' in first
    assert "1 stated otherwise elsewhere" in first
    row = _row_of(_claims_appendix(html), "GitHub 已验 实测 8 件")
    assert ">stated otherwise<" in row and f"≠ {said}" in row
    zh = build_report_html(a, text, pack_name=pack.name, pack_source=pack.source, language="zh_CN", pack=pack)
    assert "1 处自报数字与别处所写不同：" in _first_page(zh) and ">与别处不同<" in _claims_appendix(zh)
    # the unedited survey: nothing of the kind
    plain = build_report_html(analyze(sample_text, pack), sample_text, pack_name=pack.name, pack_source=pack.source)
    assert "stated otherwise" not in plain and "≠ " not in _first_page(plain)
