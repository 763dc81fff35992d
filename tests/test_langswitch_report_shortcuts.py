"""File → Export report and Tools → Update self-check figures had no keys of their own (only Alt+F, E and Alt+T,
U): a keyboard user writing in the editor now exports with Ctrl+E and updates the figures with Shift+F5 (beside F5,
Re-analyse), keys no other part of the window answers to (test_keyboardqa_shortcut_collisions.py) and the
Getting started page names in both languages."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox

from editor_app.resources_path import resource_path
from ui_support import open_window


def _writing(qtbot, sample_path):
    from editor_app.ui import export_actions

    window = open_window(qtbot, sample_path)
    export_actions.install(window)
    window.activateWindow()
    window.editor.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.editor)
    return window


def test_ctrl_e_in_the_editor_exports_the_report(qtbot, sample_path, monkeypatch):
    window = _writing(qtbot, sample_path)
    asked: list[str] = []
    monkeypatch.setattr(QMessageBox, "question",
                        lambda *a, **k: asked.append("publish?") or QMessageBox.StandardButton.Yes)
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: asked.append("where?") or ("", ""))
    qtbot.keyClick(window.editor, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    assert asked == ["publish?", "where?"]  # the sample fails rules: asked first, then where (cancelled here)
    assert window.report_actions.export_action.shortcut().toString() == "Ctrl+E"


def test_shift_f5_in_the_editor_offers_the_figures_update(qtbot, sample_path, monkeypatch):
    from PySide6.QtWidgets import QDialog

    from editor_app.ui import export_actions

    window = _writing(qtbot, sample_path)
    shown: list[str] = []
    monkeypatch.setattr(export_actions.SelfCheckDiffDialog, "exec",
                        lambda dialog: shown.append("diff") or QDialog.DialogCode.Rejected)
    before = window.current_text()
    qtbot.keyClick(window.editor, Qt.Key.Key_F5, Qt.KeyboardModifier.ShiftModifier)
    assert shown == ["diff"] and window.current_text() == before  # the diff first; declined, nothing rewritten


def test_the_getting_started_page_names_both_keys_in_both_languages():
    for language in ("en", "zh_CN"):
        page = resource_path("help", f"getting-started.{language}.md").read_text(encoding="utf-8")
        assert "*Ctrl+E*" in page and "*Shift+F5*" in page, language
