"""QA28a D9, D10: clicking a bar in a chart (which gave it the keys) put the dashed "current bar" marker on the
chart's first bar, not the one clicked; and a small bar beside a huge one ("SGLang 15,800" beside "Ollama 1.2M":
1.6 px tall) could be neither hovered nor clicked, nor its value written over it. The bar clicked is now the
current one (marked, the arrows going on from it), and a bar is hovered and clicked on it, on its value's text, or
within HIT_PIXELS of the axis across its width."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QVBoxLayout, QWidget


def bars_chart():
    from editor_app.ui.charts import Bar, BarChart

    def bar(category, value, label, line):
        return Bar(category=category, series=0, value=value, label=label, approx=False, line=line, column=3,
                   sentence=f"{category} 吞吐 {label} tok/s")

    return BarChart(title="throughput (tok/s)", categories=["SGLang", "Ollama", "llama.cpp"], series_names=["L5"],
                    bars=[bar("SGLang", 15800, "15,800", 5), bar("Ollama", 1_200_000, "1.2M", 15),
                          bar("llama.cpp", 18500, "18.5 k", 16)])


@pytest.fixture
def shown(qtbot):
    from editor_app.ui.charts import BarChartWidget

    window = QWidget()
    qtbot.addWidget(window)
    widget = BarChartWidget(bars_chart(), window, 640)
    QVBoxLayout(window).addWidget(widget)
    window.resize(680, 320)
    window.show()
    window.activateWindow()
    qtbot.waitExposed(window)
    qtbot.waitUntil(window.isActiveWindow, timeout=3000)
    yield widget
    window.close()


def click(qtbot, widget, scene_pos: QPointF) -> None:
    qtbot.mouseClick(widget.plot.viewport(), Qt.MouseButton.LeftButton, pos=widget.plot.mapFromScene(scene_pos))


def base_and_top(widget, bar) -> tuple[QPointF, QPointF]:
    """Scene points of a bar's foot and top, in the middle of its width."""
    vb = widget.plot.getPlotItem().getViewBox()
    mid = vb.mapSceneToView(widget.bar_scene_pos(bar))
    return vb.mapViewToScene(QPointF(mid.x(), 0)), vb.mapViewToScene(QPointF(mid.x(), bar.value))


def test_a_click_marks_the_bar_clicked_not_the_first(qtbot, shown):
    ollama = shown.chart.bars[1]
    jumps = []
    shown.bar_clicked.connect(lambda line, column: jumps.append(line))
    click(qtbot, shown, shown.bar_scene_pos(ollama))
    assert jumps == [15]
    assert shown.hasFocus()  # the click gave the chart the keys ...
    assert shown.current_bar() is ollama  # ... and the bar clicked is the current one, not SGLang's
    a0, a1, _top, _bar = next(g for g in shown._geometry if g[3] is ollama)
    assert shown._marker.opts["x"] == [(a0 + a1) / 2] and shown._marker.opts["height"] == [ollama.value]
    qtbot.keyClick(shown, Qt.Key.Key_Right)  # the arrows go on from the bar clicked
    assert shown.current_bar() is shown.chart.bars[2]


def test_a_tiny_bar_beside_a_huge_one_is_hovered_and_clicked(qtbot, shown):
    for bar in (shown.chart.bars[0], shown.chart.bars[2]):  # 15,800 and 18.5 k beside 1.2M
        base, top = base_and_top(shown, bar)
        assert base.y() - top.y() < 3  # a sliver, as the QA measured (1.6 px)
        assert shown.bar_at(QPointF(base.x(), base.y() - 3)) is bar  # just above its foot
        assert shown.bar_at(QPointF(base.x(), top.y() - 14)) is bar  # on its value's text, written over it
    sglang = shown.chart.bars[0]
    base, _top = base_and_top(shown, sglang)
    jumps = []
    shown.bar_clicked.connect(lambda line, column: jumps.append((line, column)))
    click(qtbot, shown, QPointF(base.x(), base.y() - 4))
    assert jumps == [(5, 3)] and shown.current_bar() is sglang
    # away from every bar and text: nothing (the zone is the bar's width, not the whole column)
    base, _top = base_and_top(shown, shown.chart.bars[1])
    between = QPointF((base.x() + base_and_top(shown, sglang)[0].x()) / 2, base.y() - 4)
    assert shown.bar_at(between) is None
