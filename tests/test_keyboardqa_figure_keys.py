"""QA (keyboard only): a figure in the Figures tab led to its sentence only by a click on its bar. View → Figures
(Ctrl+3) gave the keys to the scrolled area, Tab to pyqtgraph's view, and no key picked a bar or went to it. Now
Ctrl+3 puts the keys in the first chart (framed), the arrows pick a bar (outlined, its sentence shown), Return goes
to where the figure is stated, Tab to the next chart and Esc back to writing."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from ui_support import cursor_line, open_window, trigger_view_shortcut, writing


def _window_writing(qtbot, sample_path):
    window = open_window(qtbot, sample_path)
    window.goto_line(1)
    writing(qtbot, window)
    return window


@pytest.mark.parametrize("charts_loaded", [False, True], ids=["charts-loading", "charts-loaded"])
def test_arrows_pick_a_bar_and_return_goes_to_its_sentence(qtbot, sample_path, charts_loaded):
    """Loaded (the usual case: it is warmed up after the first analysis), the charts are drawn as the tab is shown:
    they were not yet on screen when Ctrl+3 gave them the keys, and the keys went nowhere."""
    if charts_loaded:
        import pyqtgraph  # noqa: F401
    window = _window_writing(qtbot, sample_path)
    before = window.current_text()
    trigger_view_shortcut(window, "Ctrl+3")
    figures = window.figures
    qtbot.waitUntil(lambda: len(figures.chart_widgets) == len(figures.charts) > 1, timeout=10000)
    first = figures.chart_widgets[0]
    qtbot.waitUntil(lambda: QApplication.focusWidget() is first)  # before: the scroll area, no bar to pick
    assert first.current_bar() is first.bars_in_order()[0]
    assert first.accessibleName() == first.chart.title
    qtbot.keyClick(first, Qt.Key.Key_Right)
    qtbot.keyClick(first, Qt.Key.Key_Right)
    bar = first.current_bar()
    assert bar.category == first.chart.categories[2]
    assert bar.sentence.split("\n")[0][:20] in first.accessibleDescription()
    qtbot.keyClick(first, Qt.Key.Key_Return)
    assert QApplication.focusWidget() is window.editor
    assert cursor_line(window) == bar.line
    assert window.editor.textCursor().positionInBlock() + 1 == bar.column
    assert window.current_text() == before  # Return went to the figure, typed nothing


def test_tab_goes_to_the_next_chart_and_esc_back_to_writing(qtbot, sample_path):
    window = _window_writing(qtbot, sample_path)
    trigger_view_shortcut(window, "Ctrl+3")
    figures = window.figures
    qtbot.waitUntil(lambda: len(figures.chart_widgets) == len(figures.charts) > 1, timeout=10000)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is figures.chart_widgets[0])
    qtbot.keyClick(figures.chart_widgets[0], Qt.Key.Key_Tab)
    second = figures.chart_widgets[1]
    assert QApplication.focusWidget() is second
    qtbot.keyClick(second, Qt.Key.Key_End)
    assert second.current_bar() is second.bars_in_order()[-1]
    qtbot.keyClick(second, Qt.Key.Key_Escape)
    assert QApplication.focusWidget() is window.editor and cursor_line(window) == 1


def test_tab_from_the_figures_area_reaches_every_chart_then_leaves(qtbot, sample_path):
    """The charts are drawn as the tab is shown, and were put on screen only at the layout's next turn: Tab from the
    scrolled area went past them to the editor. From the last, Tab goes round to the first; Esc leaves."""
    import pyqtgraph  # noqa: F401  (loaded, as after the warm-up: the charts are drawn as the tab is shown)

    window = _window_writing(qtbot, sample_path)
    trigger_view_shortcut(window, "Ctrl+3")
    figures = window.figures
    qtbot.waitUntil(lambda: len(figures.chart_widgets) == len(figures.charts) > 1, timeout=10000)
    figures.scroll.setFocus(Qt.FocusReason.BacktabFocusReason)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is figures.scroll)
    for chart in figures.chart_widgets:
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        assert QApplication.focusWidget() is chart  # before: the editor, after the area
    # Round to the first again, never on into the editor, where Tab is text (QA26c D1); Esc is the way out
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is figures.chart_widgets[0]
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Escape)
    assert QApplication.focusWidget() is window.editor  # not trapped among the charts
