"""QA16 D6: three statements of one figure side by side ("⚠ ~16,200", "~16,200", "16,200" over SGLang) were drawn on
top of each other and read as "⚠ ~1612600"; the value axis wrote "1e+06" and "16000" beside bars labelled "~16,200"."""

from __future__ import annotations

from PySide6.QtCore import QRectF

from editor_app.ui.charts import Bar, BarChart, BarChartWidget, tick_text


def _chart() -> BarChart:
    names = ["L5", "L10", "L16", "L26"]
    bars = [Bar("SGLang", 0, 16200, "~16,200", True, 5, 1, "", highlighted=True),
            Bar("SGLang", 1, 16200, "~16,200", True, 10, 1, ""),
            Bar("SGLang", 2, 16200, "16,200", False, 16, 1, ""),
            Bar("vLLM", 3, 1_200_000, "1.2M", False, 26, 1, "")]
    return BarChart("throughput (tok/s)", ["SGLang", "vLLM"], names, bars)


def _boxes(widget: BarChartWidget) -> list[QRectF]:
    return [label.mapRectToScene(label.boundingRect()) for label, _ in widget._texts]


def test_value_labels_side_by_side_never_overlap(qtbot):
    widget = BarChartWidget(_chart())
    qtbot.addWidget(widget)
    widget.resize(420, 260)
    widget.show()
    qtbot.waitExposed(widget)
    qtbot.wait(50)
    boxes = _boxes(widget)
    overlapping = [(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1:] if a.intersects(b)]
    assert not overlapping
    view = widget.plot.getPlotItem().getViewBox().sceneBoundingRect()
    assert all(view.contains(box) for box in boxes)  # raised, still inside the plot: none cut at its top


def test_the_value_axis_writes_figures_as_the_survey_does(qtbot):
    assert tick_text(1_200_000, 200_000) == "1,200,000"
    assert tick_text(16000, 5000) == "16,000"
    assert tick_text(0.25, 0.05) == "0.25"
    widget = BarChartWidget(_chart())
    axis = widget.plot.getPlotItem().getAxis("left")
    assert axis.tickStrings([0, 1_000_000], 1, 500_000) == ["0", "1,000,000"]


def test_the_report_charts_value_axis_writes_figures_as_the_survey_does(qapp, monkeypatch):
    import pyqtgraph as pg

    from editor_app.ui import charts_render

    made = []
    real = pg.PlotWidget

    def keep(*args, **kwargs):
        made.append(real(*args, **kwargs))
        return made[-1]

    monkeypatch.setattr(pg, "PlotWidget", keep)
    chart = BarChart("throughput (tok/s)", ["SGLang", "Dynamo"], ["L1"],
                     [Bar("SGLang", 0, 16200, "16,200", False, 1, 1, ""),
                      Bar("Dynamo", 0, 1_200_000, "1,200,000", False, 1, 1, "")])
    png = charts_render._bar_chart(chart, "tok/s")
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    axis = made[0].getPlotItem().getAxis("left")
    assert axis.tickStrings([0, 1_000_000], 1, 500_000) == ["0", "1,000,000"]
