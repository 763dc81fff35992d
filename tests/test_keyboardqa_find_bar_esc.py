"""QA (keyboard only): with the find bar open, Esc in a panel did nothing. The bar's Esc was a window-wide shortcut
and the panes' Esc (back to writing) a second one for the same key: Qt called them ambiguous and ran neither, so
the keys stayed in the table. Esc now closes the bar from the bar or the editor, and leaves a pane everywhere."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from ui_support import open_window, trigger_view_shortcut, writing


def test_esc_in_a_panel_goes_back_to_writing_with_the_find_bar_open(qtbot, sample_path):
    window = open_window(qtbot, sample_path)
    writing(qtbot, window)
    qtbot.keyClick(window.editor, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    assert window.find_bar.isVisible() and QApplication.focusWidget() is window.find_bar.field
    qtbot.keyClicks(window.find_bar.field, "SGLang")
    for shortcut, view in (("Ctrl+1", window.selfcheck.rules_view), ("Ctrl+0", window.outline.view)):
        trigger_view_shortcut(window, shortcut)
        assert QApplication.focusWidget() is view
        qtbot.keyClick(view, Qt.Key.Key_Escape)
        assert QApplication.focusWidget() is window.editor  # before: still in the table
    assert window.find_bar.isVisible()  # the search the author set up is still there


def test_esc_closes_the_find_bar_from_the_field_and_from_the_editor(qtbot, sample_path):
    window = open_window(qtbot, sample_path)
    writing(qtbot, window)
    before = window.current_text()
    qtbot.keyClick(window.editor, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(window.find_bar.field, Qt.Key.Key_Escape)
    assert not window.find_bar.isVisible() and QApplication.focusWidget() is window.editor
    qtbot.keyClick(window.editor, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    window.editor.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.editor)
    qtbot.keyClick(window.editor, Qt.Key.Key_Escape)
    assert not window.find_bar.isVisible()
    qtbot.keyClick(window.editor, Qt.Key.Key_Escape)  # the bar closed: Esc is the editor's again, and harmless
    assert window.current_text() == before
