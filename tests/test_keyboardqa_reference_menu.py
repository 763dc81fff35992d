"""QA (keyboard only): one reference could be re-verified, opened on arXiv or its id copied only from the row's
right-click menu. The Menu key and Shift+F10 opened nothing, so a keyboard user could verify all references or
none. They now open that menu for the row the keys are on, under it, its items each with an Alt letter."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMenu

from editor_app.ui.table_models import ROW_ROLE
from ui_support import open_window, trigger_view_shortcut, writing


def _menu_on_screen(qtbot) -> QMenu:
    qtbot.waitUntil(lambda: isinstance(QApplication.activePopupWidget(), QMenu))
    return QApplication.activePopupWidget()


@pytest.mark.parametrize("key, modifier", [(Qt.Key.Key_Menu, Qt.KeyboardModifier.NoModifier),
                                           (Qt.Key.Key_F10, Qt.KeyboardModifier.ShiftModifier)])
def test_the_menu_key_reverifies_the_row_the_keys_are_on(qtbot, sample_path, key, modifier):
    window = open_window(qtbot, sample_path)
    writing(qtbot, window)
    panel = window.references
    asked: list[tuple[list[str], bool]] = []
    panel.verify = lambda references=None, *, force=False: asked.append(([r.id for r in references], force))
    trigger_view_shortcut(window, "Ctrl+2")
    view = panel.view
    assert QApplication.focusWidget() is view
    for _ in range(4):
        qtbot.keyClick(view, Qt.Key.Key_Down)
    ref = view.currentIndex().data(ROW_ROLE)
    qtbot.keyClick(view, key, modifier)
    menu = _menu_on_screen(qtbot)  # before: no menu
    row_top = view.viewport().mapToGlobal(view.visualRect(view.currentIndex()).topLeft()).y()
    assert menu.pos().y() >= row_top  # under the row, not wherever the mouse pointer was
    qtbot.keyClick(menu, Qt.Key.Key_R)  # its Alt letter: &Re-verify this reference
    qtbot.waitUntil(lambda: bool(asked))
    assert asked == [([ref.id], True)]  # that one row, asked afresh


def test_the_menu_key_copies_the_id(qtbot, sample_path):
    window = open_window(qtbot, sample_path)
    writing(qtbot, window)
    trigger_view_shortcut(window, "Ctrl+2")
    view = window.references.view
    qtbot.keyClick(view, Qt.Key.Key_End)
    ref = view.currentIndex().data(ROW_ROLE)
    QApplication.clipboard().clear()
    qtbot.keyClick(view, Qt.Key.Key_Menu)
    qtbot.keyClick(_menu_on_screen(qtbot), Qt.Key.Key_C)
    qtbot.waitUntil(lambda: QApplication.clipboard().text() == ref.id)


def test_return_on_a_reference_goes_to_its_text_and_again_to_the_next(qtbot, sample_path):
    """Return on a References row did nothing (only a click went to the text), though every other panel's rows go."""
    window = open_window(qtbot, sample_path)
    writing(qtbot, window)
    window.goto_line(1)
    before = window.current_text()
    trigger_view_shortcut(window, "Ctrl+2")
    view = window.references.view
    qtbot.keyClick(view, Qt.Key.Key_Down)
    ref = view.currentIndex().data(ROW_ROLE)
    lines = [o.line for o in ref.occurrences]
    assert len(lines) > 1
    qtbot.keyClick(view, Qt.Key.Key_Return)
    assert QApplication.focusWidget() is window.editor  # before: the keys stayed in the table, the cursor on line 1
    assert window.editor.textCursor().blockNumber() + 1 == lines[0]
    trigger_view_shortcut(window, "Ctrl+2")
    qtbot.keyClick(view, Qt.Key.Key_Return)
    assert window.editor.textCursor().blockNumber() + 1 == lines[1]
    assert window.current_text() == before
