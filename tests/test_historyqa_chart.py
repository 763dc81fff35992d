"""The History trend of a long survey: its points' own changes are drawn, and a limit far from them is said.

An 8 MB survey's CJK (1,173,609 then 1,173,614) was drawn as one flat line at the top of an axis running from 0 to
its limit of 3,900, labelled "1e+06"."""

from __future__ import annotations

import pytest

pytest.importorskip("pytestqt")

from editor_app.ui import history_panel  # noqa: E402


@pytest.fixture
def panel(qtbot):
    panel = history_panel.HistoryPanel()
    qtbot.addWidget(panel)
    panel.resize(600, 700)
    panel.show()
    return panel


def _drawn(qtbot, panel, points, limits):
    panel.set_series(points, limits)
    qtbot.waitUntil(lambda: panel.curve is not None, timeout=30000)
    return panel.chart.getPlotItem()


def test_a_limit_far_from_the_points_is_said_and_their_changes_drawn(qtbot, panel):
    plot = _drawn(qtbot, panel, [(1_700_000_000.0, 1_173_609.0), (1_700_000_600.0, 1_173_614.0)], [3900.0])
    low, high = plot.viewRange()[1]
    assert low < 1_173_609 and high > 1_173_614 and high - low < 100  # the rise of 5 takes most of the height
    assert "limit 3,900 is far below every point" in plot.titleLabel.text
    axis = plot.getAxis("left")
    assert axis.tickStrings([1_000_000.0, 1_173_610.0], 1.0, 2.0) == ["1,000,000", "1,173,610"]
    assert axis.tickStrings([0.5, 1.0], 1.0, 0.5) == ["0.5", "1.0"]


def test_a_limit_among_the_points_stays_in_the_chart(qtbot, panel):
    plot = _drawn(qtbot, panel, [(1_700_000_000.0, 3838.0), (1_700_000_600.0, 9246.0)], [3900.0])
    low, high = plot.viewRange()[1]
    assert low < 3838 and high > 9246
    assert not plot.titleLabel.text
    assert [line.value() for line in panel.limit_lines] == [3900.0]


def test_no_failing_rules_keeps_the_zero_line_in_sight(qtbot, panel):
    plot = _drawn(qtbot, panel, [(1_700_000_000.0, 3.0), (1_700_000_600.0, 3.0)], [0.0])
    low, high = plot.viewRange()[1]
    assert low < 0 < 3 < high and not plot.titleLabel.text


def test_the_new_words_are_in_chinese(qapp):
    from pathlib import Path

    from PySide6.QtCore import QTranslator

    translator = QTranslator()
    assert translator.load(str(Path(__file__).resolve().parents[1] / "resources" / "i18n" / "survey_editor_zh_CN.qm"))
    assert translator.translate("HistoryPanel", "limit %1 is far below every point") == "限值 %1 远低于所有数据点"
    assert translator.translate("HistoryPanel", "limit %1 is far above every point") == "限值 %1 远高于所有数据点"
    assert translator.translate("SnapshotModel", "measuring…") == "测量中…"
