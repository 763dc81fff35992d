"""QA: a survey without snapshots yet (every new one) showed its History chart as axes around the limit alone,
"3899.6 … 3900.4" over a date axis reading "00.250": it looked broken. Now it says why there is no trend yet,
and the chart comes back with the first snapshot."""

from __future__ import annotations

import pytest

pytest.importorskip("pytestqt")

from editor_app.ui.history_panel import HistoryPanel  # noqa: E402


def test_no_snapshots_says_so_instead_of_an_empty_plot(qtbot):
    panel = HistoryPanel()
    qtbot.addWidget(panel)
    panel.resize(700, 600)
    panel.show()
    qtbot.waitExposed(panel)
    panel.set_series([], [3900.0])
    qtbot.waitUntil(lambda: panel.chart is not None, timeout=30000)
    assert panel.chart_empty.isVisible() and not panel.chart.isVisible()
    assert "No snapshots yet" in panel.chart_empty.text()

    panel.set_series([(1.7e9, 3838.0)], [3900.0])  # the first save
    assert panel.chart.isVisible() and not panel.chart_empty.isVisible()
    low, high = panel.chart.getPlotItem().getViewBox().viewRange()[1]
    assert low < 3838 < 3900 < high
