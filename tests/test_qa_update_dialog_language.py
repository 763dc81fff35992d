"""QA: Tools → Update self-check figures in the Chinese window listed "第 101 行：lines 200 → 113" and
"footer" while the claims audit beside it says 行 and 文末签名; the list now names each figure as the audit does."""

from __future__ import annotations

from ui_support import open_window, update_dialog_summary


def _summary(qtbot, monkeypatch, sample_path) -> str:
    return update_dialog_summary(qtbot, monkeypatch, sample_path)[1]


def test_the_update_names_the_figures_in_chinese(qtbot, qapp, monkeypatch, sample_path):
    was = qapp.property("survey_editor_language")
    qapp.setProperty("survey_editor_language", "zh_CN")
    try:
        summary = _summary(qtbot, monkeypatch, sample_path)
    finally:
        qapp.setProperty("survey_editor_language", was)
    assert "lines" not in summary and "footer" not in summary  # before: "lines 200 → 113", "CJK (footer) 76 → 167"
    assert "行 200 → 113" in summary and "CJK (文末签名) 76 → 167" in summary


def test_in_english(qtbot, monkeypatch, sample_path):
    summary = _summary(qtbot, monkeypatch, sample_path)
    assert "lines 200 → 113" in summary and "CJK (footer) 76 → 167" in summary


def test_the_export_prompt_names_failing_rules_in_chinese(qtbot, qapp, monkeypatch, sample_path):
    """The Chinese window's export prompt listed 'Self-reported figures equal the measured ones and agree' where the
    self-check panel says 自报数字等于实测且三处一致."""
    from PySide6.QtWidgets import QFileDialog, QMessageBox

    from editor_app.ui import export_actions

    was = qapp.property("survey_editor_language")
    qapp.setProperty("survey_editor_language", "zh_CN")
    try:
        window = open_window(qtbot, sample_path)
        asked: list[str] = []
        monkeypatch.setattr(QMessageBox, "question",
                            lambda parent, title, text, *a: (asked.append(text), QMessageBox.StandardButton.No)[1])
        monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a: ("", ""))
        export_actions.install(window).export_action.trigger()
        title = window.selfcheck.say(window.latest_analysis.failing_rules("error")[0].title)
    finally:
        qapp.setProperty("survey_editor_language", was)
    assert title == "自报数字等于实测且三处一致"
    assert len(asked) == 1 and title in asked[0] and "Self-reported figures" not in asked[0]
