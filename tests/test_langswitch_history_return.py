"""QA (keyboard only): Return on a History snapshot did nothing (on every other panel's row it goes to the row's
text). It now puts the keys in that snapshot's comparison with the editor, the diff below the list, to read it with
the arrows; it never restores (that stays the Restore button's, undoable, work), and Esc goes back to writing."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from ui_support import saved_twice_by_keys, trigger_view_shortcut

CTRL = Qt.KeyboardModifier.ControlModifier


def _two_saves(qtbot, tmp_path, sample_text, monkeypatch):
    window, ctl = saved_twice_by_keys(qtbot, tmp_path, sample_text, monkeypatch)
    trigger_view_shortcut(window, "Ctrl+5")
    panel = ctl.panel
    qtbot.waitUntil(lambda: panel.model.rowCount() >= 2, timeout=5000)
    qtbot.waitUntil(lambda: panel.selected_ids() == [panel.model.rows[0]["id"]])
    return window, panel


def test_return_on_a_snapshot_opens_its_comparison_with_the_editor(qtbot, tmp_path, monkeypatch, sample_text):
    window, panel = _two_saves(qtbot, tmp_path, sample_text, monkeypatch)
    written = window.current_text()
    qtbot.keyClick(panel.table, Qt.Key.Key_Down)  # the first draft
    qtbot.keyClick(panel.table, Qt.Key.Key_Return)
    assert QApplication.focusWidget() is panel.diff_html  # before: the keys stayed in the list, nothing happened
    assert "editor" in panel.diff_title.text() and "第二稿" in panel.diff_html.toPlainText()
    assert window.current_text() == written  # nothing restored by a Return
    panel.unified.setChecked(True)
    qtbot.keyClick(panel.diff_html, Qt.Key.Key_Escape)  # Esc: back to writing, as from any panel
    assert QApplication.focusWidget() is window.editor
    trigger_view_shortcut(window, "Ctrl+5")
    qtbot.keyClick(panel.table, Qt.Key.Key_Enter)  # the keypad's Enter alike, into the diff shown (unified)
    assert QApplication.focusWidget() is panel.diff_text


def test_return_on_a_row_the_keys_reached_without_selecting_it_compares_that_row(qtbot, tmp_path, monkeypatch,
                                                                                sample_text):
    _window, panel = _two_saves(qtbot, tmp_path, sample_text, monkeypatch)
    older = panel.model.rows[1]["id"]
    qtbot.keyClick(panel.table, Qt.Key.Key_Down, CTRL)  # moves the keys, selects nothing
    panel.table.clearSelection()
    qtbot.keyClick(panel.table, Qt.Key.Key_Return)
    assert panel.selected_ids() == [older]
    assert QApplication.focusWidget() is panel.diff_html
