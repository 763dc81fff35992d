"""QA of the History tab's trend chart.

- Its limit line was labelled "imit 3,900": the label was centred at 5% of the plot's width, so its first letters
  sat under the left axis, whatever the number of snapshots.
- A survey without snapshots yet (every new one) showed axes around the limit alone, "3899.6 … 3900.4" over a date
  axis reading "00.250": it looked broken. Now it says why there is no trend yet, and the chart comes back with the
  first snapshot."""

from __future__ import annotations

import pytest

pytest.importorskip("pytestqt")

from editor_app.ui.history_panel import HistoryPanel  # noqa: E402


@pytest.fixture
def panel(qtbot) -> HistoryPanel:
    shown = HistoryPanel()
    qtbot.addWidget(shown)
    shown.resize(700, 600)
    shown.show()
    qtbot.waitExposed(shown)
    return shown


def test_the_limit_label_starts_inside_the_plot(qtbot, panel):
    points = [(1.7e9 + i * 600.0, 3000.0 + (i % 80) * 10) for i in range(2000)]
    panel.set_series(points, [3900.0])
    qtbot.waitUntil(lambda: panel.chart is not None and len(panel.limit_lines) == 1, timeout=30000)
    qtbot.wait(50)
    label = panel.limit_lines[0].label
    plot = panel.chart.getPlotItem().getViewBox().sceneBoundingRect()
    assert label.toPlainText() == "limit 3,900"
    assert label.sceneBoundingRect().left() >= plot.left()  # before: ~4 px left of it, under the axis
    assert label.sceneBoundingRect().right() <= plot.right()


def test_no_snapshots_says_so_instead_of_an_empty_plot(qtbot, panel):
    panel.set_series([], [3900.0])
    qtbot.waitUntil(lambda: panel.chart is not None, timeout=30000)
    assert panel.chart_empty.isVisible() and not panel.chart.isVisible()
    assert "No snapshots yet" in panel.chart_empty.text()

    panel.set_series([(1.7e9, 3838.0)], [3900.0])  # the first save
    assert panel.chart.isVisible() and not panel.chart_empty.isVisible()
    low, high = panel.chart.getPlotItem().getViewBox().viewRange()[1]
    assert low < 3838 < 3900 < high
