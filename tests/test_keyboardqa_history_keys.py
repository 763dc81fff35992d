"""QA (keyboard only): View → History (Ctrl+5) put the keys in the snapshot list with no snapshot marked, so Down
went to the second snapshot and a keyboard user could not see where the keys were. The list now marks the newest
snapshot at once (compared with the editor, Restore ready), as the other panels' tables do, and the whole restore
is done with keys: Ctrl+5, Down, Tab to Restore, Space; Ctrl+Z brings the text back."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from ui_support import saved_twice_by_keys, trigger_view_shortcut

CTRL = Qt.KeyboardModifier.ControlModifier


def test_restore_an_older_save_with_the_keys_only(qtbot, tmp_path, monkeypatch, sample_text):
    window, ctl = saved_twice_by_keys(qtbot, tmp_path, sample_text, monkeypatch)
    written = window.current_text()
    trigger_view_shortcut(window, "Ctrl+5")
    panel = ctl.panel
    qtbot.waitUntil(lambda: panel.model.rowCount() >= 2, timeout=5000)
    newest, older = panel.model.rows[0]["id"], panel.model.rows[1]["id"]
    assert QApplication.focusWidget() is panel.table
    qtbot.waitUntil(lambda: panel.selected_ids() == [newest])  # before: nothing marked
    qtbot.keyClick(panel.table, Qt.Key.Key_Down)
    assert panel.selected_ids() == [older]  # before: the snapshot after it
    while QApplication.focusWidget() is not panel.restore_button:
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    qtbot.keyClick(panel.restore_button, Qt.Key.Key_Space)
    assert window.current_text().endswith("第一稿") and not window.current_text().endswith("第二稿")
    window.editor.setFocus()
    qtbot.keyClick(window.editor, Qt.Key.Key_Z, CTRL)
    assert window.current_text() == written
