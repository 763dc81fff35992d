"""QA: keyboard-only use of the panels. View → Self-check (Ctrl+1) must put the keyboard in the rules table.

Before, Ctrl+1 showed the tab but the keys stayed in the editor: Down, Down, Return — meant to pick a rule and go
to it — moved the survey's cursor and inserted a blank line into the survey."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from editor_app.ui.table_models import ROW_ROLE
from ui_support import cursor_line, open_window, trigger_view_shortcut


def test_ctrl_1_puts_the_keys_in_the_rules_and_return_goes_to_the_rule(qtbot, sample_path):
    window = open_window(qtbot, sample_path)
    window.activateWindow()
    window.editor.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.editor)
    before = window.current_text()

    trigger_view_shortcut(window, "Ctrl+1")
    view = window.selfcheck.rules_view
    assert QApplication.focusWidget() is view  # before: the editor kept the keys
    target = None
    for _ in range(len(window.selfcheck.rules_model.rows)):
        qtbot.keyClick(view, Qt.Key.Key_Down)
        target = view.currentIndex().data(ROW_ROLE)
        if target.id == "confluence-link-length":
            break
    assert target is not None and target.id == "confluence-link-length"
    qtbot.keyClick(view, Qt.Key.Key_Return)
    assert window.current_text() == before  # nothing typed into the survey
    assert cursor_line(window) == target.where()[0]
    assert QApplication.focusWidget() is window.editor  # back to writing, at the rule


def test_ctrl_2_puts_the_keys_in_the_references(qtbot, sample_path):
    window = open_window(qtbot, sample_path)
    window.activateWindow()
    window.editor.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.editor)
    trigger_view_shortcut(window, "Ctrl+2")
    assert window.tabs.currentWidget() is window.references
    assert QApplication.focusWidget() is window.references.view


def test_verify_all_shows_the_references_but_leaves_the_keys_in_the_editor(qtbot, sample_path):
    """Ctrl+Shift+V while writing: verification runs for seconds; the author's next keys must not land in the
    references table (where they would be lost in its keyboard search)."""
    window = open_window(qtbot, sample_path)
    window.activateWindow()
    window.editor.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.editor)
    window.references.verify = lambda: None  # no network: only where the keys go is tested here
    window._verify_all()
    assert window.tabs.currentWidget() is window.references
    assert QApplication.focusWidget() is window.editor
