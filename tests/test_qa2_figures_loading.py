"""QA: the Figures tab, opened while the chart library was still loading (the first seconds after start), said
"No engine figures found yet" above "Loading the charts…" for a survey full of engine figures. While the charts
load, only "Loading the charts…" shows; a survey without figures still says it has none."""

from __future__ import annotations

from editor_app.ui import chart_library
from ui_support import open_window, wait_analysis


def test_loading_charts_are_not_announced_as_no_figures(qtbot, sample_path, monkeypatch):
    waiting = []
    loaded = chart_library.is_loaded
    monkeypatch.setattr(chart_library, "is_loaded", lambda: False)  # pyqtgraph still loading off the GUI thread
    monkeypatch.setattr(chart_library, "when_loaded", waiting.append)
    window = open_window(qtbot, sample_path)
    panel = window.figures
    assert panel.charts  # the sample states engine figures
    window._show_panel(panel)
    qtbot.waitUntil(lambda: panel.loading.isVisible())
    assert not panel.empty.isVisible()  # before: "No engine figures found yet" shown too

    monkeypatch.setattr(chart_library, "is_loaded", loaded)  # pyqtgraph arrives
    for slot in waiting:
        slot()
    assert panel.chart_widgets and not panel.empty.isVisible() and not panel.loading.isVisible()

    with wait_analysis(qtbot, window):
        window.set_text_undoable("一、没有数字的综述\n正文。\n")
    assert panel.empty.isVisible() and not panel.chart_widgets
    window.shutdown()
