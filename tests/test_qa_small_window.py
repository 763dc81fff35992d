"""QA: at the window's smallest size (900×560) the survey stays writable.

Shrinking the window from 1440×900 left the outline and the panels at their widths and squeezed the editor to
~60 px: one or two characters a line."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from ui_support import open_window


def _widths_after_resize(qtbot, window, w: int, h: int):
    window.resize(w, h)
    qtbot.waitUntil(lambda: window.width() == max(w, window.minimumWidth()), timeout=3000)
    QApplication.processEvents()
    return window.editor.width(), window.outline_dock.width(), window.panels_dock.width()


def test_the_editor_keeps_a_writable_width_in_a_small_window(qtbot, sample_path):
    window = open_window(qtbot, sample_path)
    window.resize(1440, 900)
    QApplication.processEvents()
    editor, outline, panels = _widths_after_resize(qtbot, window, 900, 560)
    chars = editor // max(1, window.editor.fontMetrics().horizontalAdvance("字"))
    assert chars >= 15, (editor, outline, panels)  # before: 60 px, 3 CJK characters a line
    assert panels >= 300  # the panels stay usable too
    editor, outline, panels = _widths_after_resize(qtbot, window, 1280, 720)
    assert editor >= 400 and panels >= 400


def test_growing_the_window_again_gives_the_outline_back_its_width(qtbot, sample_path):
    """After 900×560 the outline was left at its minimum (~70 px: '§0 自检栏（', '2.1 推理') when the window grew
    back: all the new room went to the editor."""
    window = open_window(qtbot, sample_path)
    window.resize(1440, 900)
    qtbot.wait(50)
    QApplication.processEvents()
    outline_before, panels_before = window.outline_dock.width(), window.panels_dock.width()
    _widths_after_resize(qtbot, window, 900, 560)
    qtbot.wait(50)
    _widths_after_resize(qtbot, window, 1440, 900)
    qtbot.waitUntil(lambda: abs(window.outline_dock.width() - outline_before) <= 8, timeout=3000)
    assert abs(window.panels_dock.width() - panels_before) <= 8
