"""QA (keyboard only): the survey could be searched but nothing replaced: Edit had Find, Find Next and Find Previous
only, so a name or a figure written ten times was changed by hand ten times. Edit → Replace (Ctrl+H) opens the find
bar with a replace row: Enter replaces the match and finds the next, Alt+A replaces them all as one undo step."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication

from ui_support import open_window

CTRL = Qt.KeyboardModifier.ControlModifier


def _replacing(qtbot, sample_path, needle: str, replacement: str):
    window = open_window(qtbot, sample_path)
    window.activateWindow()
    window.editor.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.editor)
    qtbot.keyClick(window.editor, Qt.Key.Key_H, CTRL)
    bar = window.find_bar
    assert bar.isVisible() and bar.replace_row.isVisible()  # before: Ctrl+H did nothing
    assert QApplication.focusWidget() is bar.field
    qtbot.keyClicks(bar.field, needle)
    qtbot.keyClick(bar.field, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is bar.replacement
    qtbot.keyClicks(bar.replacement, replacement)
    return window, bar


def test_enter_replaces_one_match_at_a_time(qtbot, sample_path):
    window, bar = _replacing(qtbot, sample_path, "SGLang", "SGL")
    before = window.current_text()
    qtbot.keyClick(bar.replacement, Qt.Key.Key_Return)  # the first Enter finds the first match
    assert window.current_text() == before
    qtbot.keyClick(bar.replacement, Qt.Key.Key_Return)  # the second replaces it and finds the next
    assert window.current_text() == before.replace("SGLang", "SGL", 1)
    assert window.editor.textCursor().selectedText() == "SGLang"


def test_alt_a_replaces_all_as_one_undo_step(qtbot, sample_path):
    window, bar = _replacing(qtbot, sample_path, "sglang", "SGL")  # not matching case: every SGLang
    before = window.current_text()
    count = before.count("SGLang")
    assert count > 3
    qtbot.keyClick(bar.replacement, Qt.Key.Key_A, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: window.current_text() != before)  # a button's Alt letter clicks it a moment later
    assert window.current_text() == before.replace("SGLang", "SGL")
    assert bar.status.text() == f"{count} replaced"
    qtbot.keyClick(bar.replacement, Qt.Key.Key_Escape)
    assert QApplication.focusWidget() is window.editor and not bar.isVisible()
    qtbot.keyClick(window.editor, Qt.Key.Key_Z, CTRL)
    assert window.current_text() == before  # one Undo


def test_ctrl_f_opens_the_find_row_alone(qtbot, sample_path):
    window = open_window(qtbot, sample_path)
    window.activateWindow()
    window.find_bar.open_bar(replace=True)
    window.find_bar.close_bar()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.editor)
    qtbot.keyClick(window.editor, Qt.Key.Key_F, CTRL)
    assert window.find_bar.isVisible() and not window.find_bar.replace_row.isVisible()



def _field_starts(qtbot, sample_path) -> tuple[int, int]:
    window = open_window(qtbot, sample_path)
    bar = window.find_bar
    bar.open_bar(replace=True)
    qtbot.waitUntil(lambda: bar.replacement.isVisible())
    return bar.field.mapTo(bar, QPoint(0, 0)).x(), bar.replacement.mapTo(bar, QPoint(0, 0)).x()


def test_the_find_and_replace_fields_start_at_the_same_place(qtbot, sample_path):
    """Before, "Replace:" was wider than "Find:" and the replace field started ~20 px right of the find field."""
    find_x, replace_x = _field_starts(qtbot, sample_path)
    assert find_x == replace_x


@pytest.mark.usefixtures("zh_translation")
def test_the_find_and_replace_fields_start_at_the_same_place_in_chinese(qtbot, sample_path):
    find_x, replace_x = _field_starts(qtbot, sample_path)
    assert find_x == replace_x
