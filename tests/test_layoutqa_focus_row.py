"""QA: a panel's table reached with the keyboard shows it: its current row is highlighted.

Tabbing from table to table in the Self-check tab (or Ctrl+2 into References), the only sign of where the keys were
was a faint dotted frame around one cell, which a dark theme all but hid; no row was highlighted until an arrow key
was pressed."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from ui_support import open_window


def _highlighted_rows(view) -> list[int]:
    return sorted({i.row() for i in view.selectionModel().selectedIndexes()})


def _active_window(qtbot, sample_path):
    window = open_window(qtbot, sample_path)
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    return window


def test_tabbing_into_a_table_highlights_its_current_row(qtbot, sample_path):
    window = _active_window(qtbot, sample_path)
    for view in (window.selfcheck.rules_view, window.selfcheck.claims_view, window.references.view):
        window._show_panel(window.references if view is window.references.view else window.selfcheck)
        view.setFocus(Qt.FocusReason.TabFocusReason)
        qtbot.waitUntil(lambda: QApplication.focusWidget() is view)
        assert _highlighted_rows(view) == [view.currentIndex().row()] == [0], view.objectName()  # before: []


def test_ctrl_2_from_a_focused_self_check_table_highlights_the_references_row(qtbot, sample_path):
    from ui_support import trigger_view_shortcut

    window = _active_window(qtbot, sample_path)
    trigger_view_shortcut(window, "Ctrl+1")
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.selfcheck.rules_view)
    trigger_view_shortcut(window, "Ctrl+2")
    view = window.references.view
    qtbot.waitUntil(lambda: QApplication.focusWidget() is view)
    assert _highlighted_rows(view) == [0]


def test_a_row_picked_before_stays_the_highlighted_one(qtbot, sample_path):
    window = _active_window(qtbot, sample_path)
    view = window.selfcheck.rules_view
    view.setCurrentIndex(view.model().index(3, 0))
    window.editor.setFocus()
    before = window.editor.textCursor().position()
    view.setFocus(Qt.FocusReason.BacktabFocusReason)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is view)
    assert _highlighted_rows(view) == [3]
    assert window.editor.textCursor().position() == before  # highlighting a row goes nowhere


def test_a_click_elsewhere_selects_as_before(qtbot, sample_path):
    """Focus by the mouse leaves selecting to the click (a focus alone selects nothing)."""
    window = _active_window(qtbot, sample_path)
    view = window.selfcheck.sections_view
    view.setFocus(Qt.FocusReason.MouseFocusReason)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is view)
    assert _highlighted_rows(view) == []
