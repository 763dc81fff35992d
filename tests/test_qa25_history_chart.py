"""QA25 D5: the History tab's trend chart read as an editor reads it.

- The trend's "limit 3,900" was written over the first points of a survey near its limit (3,838-3,849): its label
  sat at the left end of the line, below it, wherever the points were.
- The time axis read "30", "Dec", "02", "03": a day without its month on most ticks, and no time of day, so the three
  or four snapshots of a day could not be told apart; no point said when it was taken."""

from __future__ import annotations

import re
from datetime import datetime

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import QPointF  # noqa: E402
from PySide6.QtWidgets import QToolTip  # noqa: E402

from editor_app.ui.history_panel import HistoryPanel  # noqa: E402

SYMBOL_PIXELS = 4  # a point's symbol (size 5, and its pen) reaches this far from its centre

# The QA's week: a snapshot every 7 hours, the CJK count near its limit, then well under it.
WEEK = [3838, 3849, 3849, 3849, 3690, 3690, 3690, 3690, 3690, 2672, 2672, 3072, 2672, 2672, 2678]


def _at(year, month, day, hour=0, minute=0) -> float:
    return datetime(year, month, day, hour, minute).timestamp()  # local time, as the list and the axis say it


@pytest.fixture
def panel(qtbot) -> HistoryPanel:
    shown = HistoryPanel()
    qtbot.addWidget(shown)
    shown.resize(640, 600)
    shown.show()
    qtbot.waitExposed(shown)
    return shown


def _drawn(qtbot, panel, points, limits):
    panel.set_series(points, limits)
    qtbot.waitUntil(lambda: panel.chart is not None and len(panel.limit_lines) == len(limits), timeout=30000)
    qtbot.wait(50)


def _points_under(panel, rect) -> list[int]:
    """The points (their symbols) a scene rectangle covers."""
    view = panel.chart.getPlotItem().getViewBox()
    covered = []
    for i, (x, y) in enumerate(panel._drawn[0]):
        at = view.mapViewToScene(QPointF(x, y))
        if rect.adjusted(-SYMBOL_PIXELS, -SYMBOL_PIXELS, SYMBOL_PIXELS, SYMBOL_PIXELS).contains(at):
            covered.append(i)
    return covered


SERIES = {
    "near the limit first": [(_at(2026, 11, 29, 1) + i * 7 * 3600, v) for i, v in enumerate(WEEK)],
    "near the limit last": [(_at(2026, 11, 29, 1) + i * 7 * 3600, v) for i, v in enumerate(reversed(WEEK))],
    "just under it all along": [(1.7e9 + i * 600.0, 3890.0 - (i % 7)) for i in range(400)],
    "over it at the right end": [(1.7e9 + i * 3600.0, 3700.0 + i * 30) for i in range(15)],
    "on it": [(1.7e9 + i * 3600.0, 3900.0) for i in range(15)],  # (a count of 0 and its limit 0)
}


@pytest.mark.parametrize("name", list(SERIES))
@pytest.mark.parametrize("width", [640, 380])
def test_the_limit_label_covers_no_point(qtbot, panel, name, width):
    panel.resize(width, 600)
    _drawn(qtbot, panel, SERIES[name], [3900.0])
    label = panel.limit_lines[0].label
    plot = panel.chart.getPlotItem().getViewBox().sceneBoundingRect()
    box = label.sceneBoundingRect()
    assert label.toPlainText() == "limit 3,900" and label.isVisible()
    assert _points_under(panel, box) == []  # before: the first four points of the QA's week
    assert plot.adjusted(-1, -1, 1, 1).contains(box)  # whole, inside the plot


def test_the_limit_label_moves_when_the_plot_is_resized(qtbot, panel):
    _drawn(qtbot, panel, SERIES["near the limit first"], [3900.0])
    panel.resize(300, 420)
    qtbot.wait(100)
    assert _points_under(panel, panel.limit_lines[0].label.sceneBoundingRect()) == []


def _ticks(panel, lo: float, hi: float, pixels: float) -> list[str]:
    axis = panel.chart.getPlotItem().getAxis("bottom")
    return [s for spacing, values in axis.tickValues(lo, hi, pixels) for s in axis.tickStrings(values, 1.0, spacing)]


def test_days_are_ticked_with_their_month(qtbot, panel):
    _drawn(qtbot, panel, SERIES["near the limit first"], [3900.0])
    ticks = _ticks(panel, _at(2026, 11, 28, 20), _at(2026, 12, 3, 6), 560)  # the QA's 4.4 days
    dates = [t for t in ticks if not re.fullmatch(r"\d\d:\d\d", t)]
    assert dates[:5] == ["Nov 29", "Nov 30", "Dec 1", "Dec 2", "Dec 3"]  # before: "30", "Dec", "02", "03"
    week = _ticks(panel, _at(2026, 11, 1), _at(2026, 12, 20), 560)
    assert week and all(re.fullmatch(r"(Nov|Dec) \d{1,2}", t) for t in week)


def test_snapshots_of_one_day_are_ticked_in_hours(qtbot, panel):
    _drawn(qtbot, panel, SERIES["near the limit first"], [3900.0])
    ticks = _ticks(panel, _at(2026, 11, 30, 8, 10), _at(2026, 11, 30, 19, 50), 560)
    assert re.fullmatch(r"Nov 30 \d\d:00", ticks[0])  # no midnight in sight: the first tick says the day
    assert len(ticks) >= 5 and all(re.fullmatch(r"\d\d:00", t) for t in ticks[1:])  # before: "Mon 30", then hours
    two_days = _ticks(panel, _at(2026, 11, 30, 8), _at(2026, 12, 1, 20), 560)
    assert "Dec 1" in two_days and any(re.fullmatch(r"\d\d:00", t) for t in two_days)  # midnight says the day


def test_the_time_axis_in_chinese(qtbot, panel, zh_translation):
    _drawn(qtbot, panel, SERIES["near the limit first"], [3900.0])
    ticks = _ticks(panel, _at(2026, 11, 28, 20), _at(2026, 12, 3, 6), 560)
    assert [t for t in ticks if "日" in t][:3] == ["11月29日", "11月30日", "12月1日"]
    within_a_day = _ticks(panel, _at(2026, 11, 30, 8, 10), _at(2026, 11, 30, 19, 50), 560)
    assert any(t.startswith("11月30日 ") for t in within_a_day)
    months = _ticks(panel, _at(2026, 3, 1), _at(2027, 6, 1), 560)
    assert "2027年" in months and "11月" in months


def test_a_point_says_when_it_was_taken_and_its_value(qtbot, panel):
    panel.metric_box.addItem("CJK characters", "cjk")
    points = SERIES["near the limit first"]
    _drawn(qtbot, panel, points, [3900.0])
    view = panel.chart.getPlotItem().getViewBox()
    at = view.mapViewToScene(QPointF(*points[3]))
    panel.chart.scene().sigMouseMoved.emit(at + QPointF(2, -2))
    assert QToolTip.isVisible()
    assert QToolTip.text() == f"{datetime.fromtimestamp(points[3][0]):%Y-%m-%d %H:%M:%S}\nCJK characters: 3,849"
    panel.chart.scene().sigMouseMoved.emit(at + QPointF(0, 40))  # away from the points
    qtbot.waitUntil(lambda: not QToolTip.isVisible())
