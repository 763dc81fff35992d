"""QA: writing and checking with the keyboard only.

Before: Tab inside a panel table moved from cell to cell and never left it, so the claims audit and the counters
per section (below the rules) could not be reached without a mouse; once in a panel, only Return on a row led back
to the editor (moving the cursor there); the outline could not be reached at all."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from editor_app.ui.table_models import ROW_ROLE
from ui_support import cursor_line, line_text, open_window, trigger_view_shortcut, window_with_history, writing


def test_tab_goes_from_the_rules_to_the_claims_and_the_counters(qtbot, sample_path):
    window = open_window(qtbot, sample_path)
    writing(qtbot, window)
    trigger_view_shortcut(window, "Ctrl+1")
    panel = window.selfcheck
    assert QApplication.focusWidget() is panel.rules_view
    qtbot.keyClick(panel.rules_view, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is panel.claims_view  # before: the next cell of the rules table
    qtbot.keyClick(panel.claims_view, Qt.Key.Key_Down)
    qtbot.keyClick(panel.claims_view, Qt.Key.Key_Down)
    claim = panel.claims_view.currentIndex().data(ROW_ROLE)
    qtbot.keyClick(panel.claims_view, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is panel.sections_view
    qtbot.keyClick(panel.sections_view, Qt.Key.Key_Tab, Qt.KeyboardModifier.ShiftModifier)
    assert QApplication.focusWidget() is panel.claims_view
    qtbot.keyClick(panel.claims_view, Qt.Key.Key_Return)
    assert QApplication.focusWidget() is window.editor
    assert cursor_line(window) == claim.line


def test_esc_in_a_panel_goes_back_to_writing_where_the_cursor_was(qtbot, sample_path):
    window = open_window(qtbot, sample_path)
    window.goto_line(42, 3)
    writing(qtbot, window)
    before = window.current_text()
    for shortcut, view in (("Ctrl+1", window.selfcheck.rules_view), ("Ctrl+2", window.references.view)):
        trigger_view_shortcut(window, shortcut)
        assert QApplication.focusWidget() is view
        qtbot.keyClick(view, Qt.Key.Key_Down)
        qtbot.keyClick(view, Qt.Key.Key_Escape)
        assert QApplication.focusWidget() is window.editor  # before: the keys stayed in the table
        assert (cursor_line(window), window.editor.cursor_column(window.editor.textCursor())) == (42, 3)
    assert window.current_text() == before


def test_ctrl_0_puts_the_keys_in_the_outline_and_return_goes_to_the_section(qtbot, sample_path):
    window = open_window(qtbot, sample_path)
    window.outline_dock.hide()
    window.goto_line(1)
    writing(qtbot, window)
    trigger_view_shortcut(window, "Ctrl+0")
    view = window.outline.view
    assert window.outline_dock.isVisible() and QApplication.focusWidget() is view
    for _ in range(3):
        qtbot.keyClick(view, Qt.Key.Key_Down)
    section = window.outline.model.rows[view.currentIndex().row()].section
    qtbot.keyClick(view, Qt.Key.Key_Return)
    assert QApplication.focusWidget() is window.editor
    assert cursor_line(window) == section.line
    assert section.title.split()[0] in line_text(window, section.line)
    trigger_view_shortcut(window, "Ctrl+0")
    qtbot.keyClick(view, Qt.Key.Key_Escape)
    assert QApplication.focusWidget() is window.editor and cursor_line(window) == section.line


def test_tab_leaves_the_history_list(qtbot, tmp_path, monkeypatch, sample_text):
    _survey, window, ctl = window_with_history(qtbot, tmp_path, sample_text, monkeypatch)
    writing(qtbot, window)
    trigger_view_shortcut(window, "Ctrl+5")
    table = ctl.panel.table
    assert QApplication.focusWidget() is table
    qtbot.keyClick(table, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is not table  # before: the next cell, for ever
