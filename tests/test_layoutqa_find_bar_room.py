"""QA: the find bar opened in a small window keeps room for its controls.

The window held its central area, editor and find bar together, at the editor's 320 px minimum: in a 900 px window
(or 1366×768 at 150 %) the bar's field showed three letters of what was typed and "Match case" was cut to "Matc",
while the panels beside it kept 490 px. The editor now holds the minimum, and the panels give the bar its room."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from ui_support import open_window


def test_the_find_bar_gets_its_room_in_a_small_window(qtbot, sample_path):
    window = open_window(qtbot, sample_path)
    window.resize(900, 560)
    qtbot.waitUntil(lambda: window.width() == 900)
    window.find_bar.open_bar()
    QApplication.processEvents()
    bar = window.find_bar
    qtbot.waitUntil(lambda: bar.width() >= bar.minimumSizeHint().width())  # before: 320 of ~450
    assert bar.case.width() >= bar.case.sizeHint().width()  # "Match case", not "Matc"
    assert window.editor.width() >= 320


def test_closed_the_editor_keeps_its_minimum_and_the_panels_their_width(qtbot, sample_path):
    window = open_window(qtbot, sample_path)
    window.resize(900, 560)
    qtbot.waitUntil(lambda: window.width() == 900)
    QApplication.processEvents()
    assert window.editor.width() >= 320 and window.panels_dock.width() >= 300
