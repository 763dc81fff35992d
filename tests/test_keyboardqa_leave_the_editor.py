"""QA (keyboard only): no Tab key left the editor. Tab types a tab into the survey and Ctrl+Tab did nothing, so a
keyboard user who did not know Ctrl+0 … Ctrl+5 could not reach the outline or the panels. Ctrl+Tab now goes to the
panel shown (and on, in a panel, to the next tab, as Qt's tabs do), Ctrl+Shift+Tab to the outline."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from ui_support import open_window, writing

CTRL = Qt.KeyboardModifier.ControlModifier
CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


def test_ctrl_tab_goes_from_the_editor_to_the_panel_shown_and_on(qtbot, sample_path):
    window = open_window(qtbot, sample_path)
    window.tabs.setCurrentWidget(window.selfcheck)
    writing(qtbot, window)
    before = window.current_text()
    qtbot.keyClick(window.editor, Qt.Key.Key_Tab, CTRL)
    assert QApplication.focusWidget() is window.selfcheck.rules_view  # before: still in the editor
    qtbot.keyClick(window.selfcheck.rules_view, Qt.Key.Key_Tab, CTRL)
    assert window.tabs.currentWidget() is window.references
    assert QApplication.focusWidget() is window.references.view
    qtbot.keyClick(window.references.view, Qt.Key.Key_Escape)
    assert QApplication.focusWidget() is window.editor
    qtbot.keyClick(window.editor, Qt.Key.Key_Tab, CTRL)
    assert QApplication.focusWidget() is window.references.view  # the panel now shown
    assert window.current_text() == before


def test_ctrl_shift_tab_goes_from_the_editor_to_the_outline(qtbot, sample_path):
    window = open_window(qtbot, sample_path)
    writing(qtbot, window)
    qtbot.keyClick(window.editor, Qt.Key.Key_Backtab, CTRL_SHIFT)  # what the keyboard sends for Ctrl+Shift+Tab
    assert QApplication.focusWidget() is window.outline.view
    qtbot.keyClick(window.outline.view, Qt.Key.Key_Escape)
    assert QApplication.focusWidget() is window.editor
