"""QA: the trend chart's limit line was labelled "imit 3,900": the label was centred at 5% of the plot's width,
so its first letters sat under the left axis, whatever the number of snapshots."""

from __future__ import annotations

import pytest

pytest.importorskip("pytestqt")

from editor_app.ui.history_panel import HistoryPanel  # noqa: E402


def test_the_limit_label_starts_inside_the_plot(qtbot):
    panel = HistoryPanel()
    qtbot.addWidget(panel)
    panel.resize(700, 600)
    panel.show()
    qtbot.waitExposed(panel)
    points = [(1.7e9 + i * 600.0, 3000.0 + (i % 80) * 10) for i in range(2000)]
    panel.set_series(points, [3900.0])
    qtbot.waitUntil(lambda: panel.chart is not None and len(panel.limit_lines) == 1, timeout=30000)
    qtbot.wait(50)
    label = panel.limit_lines[0].label
    plot = panel.chart.getPlotItem().getViewBox().sceneBoundingRect()
    assert label.toPlainText() == "limit 3,900"
    assert label.sceneBoundingRect().left() >= plot.left()  # before: ~4 px left of it, under the axis
    assert label.sceneBoundingRect().right() <= plot.right()
