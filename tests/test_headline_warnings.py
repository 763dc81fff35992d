"""The window counts failing rules as survey-check does: a warning-level rule that fails is a warning, not a failure.

survey-check's first line said "1 rule failing, 1 rule warning" for the sample (the §七 link-length rule is a
warning: it leaves the exit code alone) while the window's status bar said "2 rules failing" and the Self-check panel
"16 rules: 2 failing", with the warning's row a red "fail"; the report counted "2 fail (1 error, 1 warning)". One count
(formats.rule_outcome) now says the same everywhere, and a warning looks like one (orange, its own icon)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QPalette
from ui_support import open_window

from editor_app.cli import main
from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack, parse_pack
from editor_app.formats import rules_failing
from editor_app.services.report import build_report_html
from editor_app.ui.headline import headline
from editor_app.ui.selfcheck_panel import SelfCheckPanel
from editor_app.ui.table_models import ROW_ROLE
from editor_app.ui.theme import HEADLINE_OK, ORANGE, READABLE, RED, contrast, on_base, on_window

# A team's pack in which nothing fails but a warning: the CJK budget (an error) holds, the line budget (a warning)
# is passed by one line.
TEAM_PACK = """schema = 1
name = "team"
[counters.cjk]
regex = '[一-鿿]'
label = "CJK"
[counters.lines]
builtin = "lines"
label = "lines"
[[rules]]
id = "cjk-total"
kind = "count"
title = "At most 3,900 CJK characters"
counter = "cjk"
scope = "document"
max = 3900
level = "error"
[[rules]]
id = "line-count"
kind = "count"
title = "At most 5 lines"
counter = "lines"
scope = "document"
max = 5
level = "warning"
"""
SIX_LINES = "一、概述\n短文一。\n短文二。\n短文三。\n短文四。\n短文五。\n"


def _status_cell(panel: SelfCheckPanel, rule_id: str):
    """(text, foreground colour or None) of a rule's Status cell in the panel's rules table."""
    model = panel.rules_view.model()
    for row in range(model.rowCount()):
        index = model.index(row, 0)
        if index.data(ROW_ROLE).id == rule_id:
            brush = index.data(Qt.ItemDataRole.ForegroundRole)
            return index.data(), (brush.color() if brush is not None else None)
    raise AssertionError(rule_id)


def test_the_sample_headline_says_what_survey_check_says(qapp, sample_path, capsys):
    pack = house_pack()
    analysis = analyze(sample_path.read_text(encoding="utf-8"), pack)
    text, ok = headline(analysis, pack)
    assert main([str(sample_path)]) == 1
    first = capsys.readouterr().out.splitlines()[0]
    assert first.endswith(" · 1 rule failing, 1 rule warning") and first.endswith(rules_failing(analysis))
    # before: "CJK 3,838/3,900 · ⚠️ 79 · 113/200 lines · 2 rules failing · 11 wrong self-reported figures"
    assert text == "CJK 3,838/3,900 · ⚠️ 79 · 113/200 lines · 1 rule failing, 1 rule warning · 11 wrong self-reported figures"
    assert not ok  # the claims rule (an error) fails: red


def test_a_pack_where_only_a_warning_fails(qtbot, tmp_path, capsys):
    survey = tmp_path / "survey.md"
    survey.write_text(SIX_LINES, encoding="utf-8")
    (tmp_path / "survey-rules.toml").write_text(TEAM_PACK, encoding="utf-8")
    assert main([str(survey)]) == 0  # a warning leaves survey-check's exit code alone
    assert capsys.readouterr().out.splitlines()[0].endswith(" · 0 rules failing, 1 rule warning")

    window = open_window(qtbot, survey)
    assert window.pack.name == "team"
    # the status bar: the same words as survey-check, green (nothing blocks); before: "1 rule failing" on red
    assert window.headline_label.text() == "CJK 18/3,900 · 6/5 lines · 0 rules failing, 1 rule warning"
    assert HEADLINE_OK.name() in window.headline_label.styleSheet()
    # the panel: the warning counted apart, its summary orange, not red (before: "2 rules: 1 failing", red)
    summary = window.selfcheck.summary
    assert summary.text().startswith("2 rules: 0 failing, 1 warning · 0 of 0 self-reported figures wrong")
    assert summary.palette().color(QPalette.ColorRole.WindowText) == on_window(ORANGE)
    assert _status_cell(window.selfcheck, "line-count") == ("warning", on_base(ORANGE))
    assert _status_cell(window.selfcheck, "cjk-total") == ("pass", None)


def _sample_panel(qtbot, sample_text) -> SelfCheckPanel:
    panel = SelfCheckPanel()
    qtbot.addWidget(panel)
    panel.show_analysis(analyze(sample_text, house_pack()))
    return panel


def test_the_panel_shows_a_failing_warning_as_a_warning(qtbot, sample_text):
    panel = _sample_panel(qtbot, sample_text)
    # before: "fail" in red, as the error-level claims rule
    assert _status_cell(panel, "confluence-link-length") == ("warning", on_base(ORANGE))
    assert _status_cell(panel, "claims") == ("fail", on_base(RED))
    assert panel.summary.text().startswith("16 rules: 1 failing, 1 warning, 1 not measured · ")
    # failures first, then the warning, then the rest: a click on Status sorts by how bad
    panel.rules_view.sortByColumn(0, Qt.SortOrder.AscendingOrder)
    model = panel.rules_view.model()
    first = [model.index(r, 0).data(ROW_ROLE).id for r in range(2)]
    assert first == ["claims", "confluence-link-length"]


def test_a_warning_reads_as_one_on_a_dark_theme(qtbot, sample_text, dark):
    panel = _sample_panel(qtbot, sample_text)
    base = QGuiApplication.palette().color(QPalette.ColorRole.Base)
    _, warning = _status_cell(panel, "confluence-link-length")
    _, failing = _status_cell(panel, "claims")
    assert warning == on_base(ORANGE) and contrast(warning, base) >= READABLE
    assert failing != warning


@pytest.mark.usefixtures("zh_translation")
def test_in_chinese(qtbot, sample_text):
    pack = house_pack()
    text, _ok = headline(analyze(sample_text, pack), pack)
    assert " · 1 条规则未通过，1 条规则警告 · " in text
    panel = _sample_panel(qtbot, sample_text)
    assert _status_cell(panel, "confluence-link-length")[0] == "警告"
    assert panel.summary.text().startswith("16 条规则：1 条未通过，1 条警告，1 条未测量 · ")
    team = parse_pack(TEAM_PACK, "team.toml")
    text, ok = headline(analyze(SIX_LINES, team), team)
    assert text.endswith(" · 0 条规则未通过，1 条规则警告") and ok


@pytest.mark.parametrize("language, tally, status", [
    ("en", "Rules: 12 pass · 1 fail · 1 warning · 1 note · ", "⚠ warning"),
    ("zh_CN", "规则：12 条通过 · 1 条未通过 · 1 条警告 · 1 条提示 · ", "⚠ 警告"),
])
def test_the_report_counts_the_warning_apart_too(sample_text, language, tally, status):
    pack = house_pack()
    html = build_report_html(analyze(sample_text, pack), sample_text, pack_name=pack.name, pack_source="",
                             language=language, pack=pack)
    assert tally in html  # before: "Rules: 12 pass · 2 fail (1 error, 1 warning)"
    table = html[html.index('id="appendix-self-check"'):]
    row = table[table.index("<b>confluence-link-length</b>"):]
    row = row[: row.index("</tr>")]
    assert f'<span class="warn">{status}</span>' in row  # before: "✗ fail"


def test_a_warning_alone_still_says_what_was_not_measured(qapp, sample_text, capsys, tmp_path):
    """Nothing fails (the claims rule silenced for the file) but the link-length warning, and verifiability waits for
    Verify all: the status bar says the three, on green; survey-check's first line ends the same and exits 0."""
    silenced = "<!-- survey-check disable claims -->\n" + sample_text
    pack = house_pack()
    text, ok = headline(analyze(silenced, pack), pack)
    assert text.endswith(" · 0 rules failing, 1 rule warning, 1 not measured") and ok  # before: " · 1 rule failing"
    survey = tmp_path / "s.md"
    survey.write_text(silenced, encoding="utf-8")
    assert main([str(survey)]) == 0
    assert capsys.readouterr().out.splitlines()[0].endswith(" · 0 rules failing, 1 rule warning")
