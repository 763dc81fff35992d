"""QA: Tools → Update self-check figures in the Chinese window listed "第 101 行：lines 200 → 113" and
"footer" while the claims audit beside it says 行 and 文末签名; the list now names each figure as the audit does."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog

from ui_support import open_window


def _summary(qtbot, monkeypatch, sample_path) -> str:
    from editor_app.ui import export_actions

    window = open_window(qtbot, sample_path)
    actions = export_actions.install(window)
    shown: list[str] = []

    def fake_exec(dialog):
        shown.append(dialog.findChild(export_actions.QLabel, "changes").text())
        return QDialog.DialogCode.Rejected

    monkeypatch.setattr(export_actions.SelfCheckDiffDialog, "exec", fake_exec)
    assert not actions.update_self_check_figures()
    return shown[0]


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
