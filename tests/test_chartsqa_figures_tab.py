"""The Figures tab as a survey editor reads it: a wrong number must stand out, and say where it is stated."""

from __future__ import annotations

import re

import pytest
from PySide6.QtGui import QTextCursor

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack
from ui_support import open_window, type_text, wait_analysis


@pytest.fixture
def window(qtbot, sample_path):
    w = open_window(qtbot, sample_path)
    w.resize(1280, 720)
    w.tabs.setCurrentWidget(w.figures)
    qtbot.waitUntil(lambda: len(w.figures.chart_widgets) == len(w.figures.charts), timeout=10000)
    return w


def type_over(qtbot, window, line: int, old: str, new: str) -> None:
    """Select `old` on `line` and type `new` over it, as a user does."""
    block = window.editor.document().findBlockByNumber(line - 1)
    at = block.text().index(old)
    cursor = window.editor.textCursor()
    cursor.setPosition(block.position() + at)
    cursor.setPosition(block.position() + at + len(old), QTextCursor.MoveMode.KeepAnchor)
    window.editor.setTextCursor(cursor)
    with wait_analysis(qtbot, window):
        type_text(window.editor, new)


def speedups(window):
    return next(c for c in window.figures.charts if c.horizontal)


def drawn(window, chart):
    """The chart's widget; None while it is not drawn yet (the charts are drawn one a turn of the event loop)."""
    return next((w for w in window.figures.chart_widgets if w.chart is chart), None)


def test_a_value_typed_on_line_23_is_marked_with_its_line_and_no_legend_covers_it(qtbot, window):
    """With vLLM's ~12,500 on line 23 typed as ~13,500, the legend (L23, L46) was drawn inside the plot, over the
    value of line 46's vLLM bar: the very number that disagrees."""
    import pyqtgraph as pg

    type_over(qtbot, window, 23, "12,500", "13,500")
    chart = window.figures.charts[0]
    qtbot.waitUntil(lambda: drawn(window, chart) is not None and window.figures.chart_widgets[0].chart is chart)
    assert chart.series_names == ["L23", "L46"]
    marked = [(b.category, b.label, b.line) for b in chart.bars if b.highlighted]
    assert marked == [("vLLM", "~13,500", 23), ("vLLM", "~12,500", 46)]
    widget = window.figures.chart_widgets[0]
    widget.resize(620, 230)  # the tab at 1280×720
    qtbot.wait(50)
    item = widget.plot.getPlotItem()
    texts = [t for t in item.items if isinstance(t, pg.TextItem)]
    assert any(t.toPlainText() == "⚠ ~12,500" for t in texts)
    over_the_plot = [item.legend] if item.legend is not None else []
    for cover in over_the_plot:
        assert not any(cover.sceneBoundingRect().intersects(t.sceneBoundingRect()) for t in texts)
    assert re.findall(r"L\d+", widget.legend.text()) == ["L23", "L46"]
    assert widget.legend.isVisibleTo(widget)


def test_a_speedup_that_disagrees_says_its_lines_and_stands_next_to_the_other_value(qtbot, window):
    """Line 22's 4× TTFT typed as 5×: the 4× of lines 46/52/106 was drawn at the bottom of the chart, eleven bars
    away, and no bar said which line it came from (hover only)."""
    type_over(qtbot, window, 22, "4× lower", "5× lower")
    chart = speedups(window)
    categories = [b.category for b in chart.bars]
    at = categories.index("Dynamo TTFT")
    assert categories[at + 1] == "Dynamo TTFT (4×)"
    five, four = chart.bars[at], chart.bars[at + 1]
    assert (five.label, five.places, five.highlighted) == ("5×", "L22", True)
    assert (four.label, four.places, four.highlighted) == ("4×", "L46, L52, L106", True)
    qtbot.waitUntil(lambda: drawn(window, chart) is not None)
    widget = drawn(window, chart)
    texts = {t.toPlainText(): t for t, _bar in widget._texts}
    assert "⚠ 4×  L46, L52, L106" in texts
    qtbot.waitUntil(lambda: widget.plot.getPlotItem().getViewBox().width() > 100)

    view = widget.plot.getPlotItem().getViewBox()
    edge = view.sceneBoundingRect().right()
    view.updateMatrix()  # where the texts are drawn: pyqtgraph applies a new range as the scene is next painted
    for t in texts.values():
        t.updateTransform(force=True)
    assert all(t.sceneBoundingRect().right() <= edge + 1 for t in texts.values())  # no text cut off


def test_the_lines_by_the_speedups_follow_an_enter_above_them(qtbot, window):
    chart = speedups(window)
    widget = drawn(window, chart)
    assert any(t.toPlainText() == "7×  L22" for t, _bar in widget._texts)
    window.goto_line(3)
    with wait_analysis(qtbot, window):
        window.editor.insertPlainText("\n")
    assert drawn(window, speedups(window)) is widget  # not drawn again, only its lines moved
    assert any(t.toPlainText() == "7×  L23" for t, _bar in widget._texts)


def test_akashics_figures_are_one_bar_whatever_each_line_calls_the_paper(window):
    """Line 42 states Akashic's speed-ups under "arXiv:2607.05708": they were drawn twice, under two names."""
    chart = speedups(window)
    assert not any(b.category.startswith("arXiv:2607.05708") for b in chart.bars)
    akashic = [(b.category, b.label, b.places) for b in chart.bars if b.category.startswith("Akashic")]
    assert akashic == [("Akashic MemAttention throughput", "+1.21×~1.35×", "L17, L27, L42"),
                       ("Akashic MemAttention request rate", "+1.88×", "L17, L27, L42")]


def test_speedups_on_other_hardware_are_two_figures_not_one_that_disagrees(qapp):
    """"SGLang 2× on H100" and "3× on A100" were drawn as "SGLang" and "SGLang (3×)": a disagreement to the eye,
    though the check rightly finds none."""
    from editor_app.ui.figures_panel import build_charts

    (chart,) = build_charts(analyze("SGLang 在 H100 上快 2×。\nSGLang 在 A100 上快 3×。\n", house_pack()))
    assert [(b.category, b.highlighted) for b in chart.bars] == [("SGLang · H100", False), ("SGLang · A100", False)]


def test_the_report_draws_akashics_speedups_once_too(qapp, sample_text, monkeypatch):
    from editor_app.ui import charts_render

    drawn: list = []
    monkeypatch.setattr(charts_render, "_bar_chart", lambda chart, *a, **k: drawn.append(chart) or b"")
    charts_render.render_figure_charts(analyze(sample_text, house_pack()))
    bars = drawn[-1].bars  # the speed-ups, last
    assert not any(b.category.startswith("arXiv:2607.05708") for b in bars)
    assert [(b.label, b.places) for b in bars if b.category == "Akashic MemAttention throughput"] == [
        ("+1.21×~1.35×", "L17, L27, L42")]


def test_seven_engines_names_do_not_run_into_each_other_in_the_tab_at_1280(qtbot, tmp_path):
    """"TensorRT-LLM", "ONNX Runtime Web" and "DeepSpeed-MII" were written over each other under their bars."""
    from PySide6.QtGui import QFontMetrics

    survey = tmp_path / "long.md"
    survey.write_text("§0 自检栏\n一、正文\n吞吐对比：TensorRT-LLM ~21,000 vs ONNX Runtime Web ~3,100 vs DeepSpeed-MII "
                      "~9,800 vs llama.cpp ~2,400 vs LMDeploy ~16,200 vs SGLang ~16,200 vs vLLM ~12,500 tok/s "
                      "on H100。\n", encoding="utf-8")
    w = open_window(qtbot, survey)
    w.resize(1280, 720)
    w.tabs.setCurrentWidget(w.figures)
    qtbot.waitUntil(lambda: len(w.figures.chart_widgets) == len(w.figures.charts) == 1, timeout=10000)
    widget = w.figures.chart_widgets[0]
    qtbot.waitUntil(lambda: widget.plot.getPlotItem().getViewBox().width() > 100)
    vb = widget.plot.getPlotItem().getViewBox()
    metrics = QFontMetrics(widget.plot.getPlotItem().getAxis("bottom").font())
    names = widget.chart.categories
    if not getattr(widget, "horizontal", widget.chart.horizontal):  # under the bars: each name within its slot
        slot = vb.width() / len(names) * (len(names) / (len(names) + 0.2))
        assert max(metrics.horizontalAdvance(n) for n in names) < slot
    else:  # one name a row, the rows apart
        rows = [widget.bar_scene_pos(b).y() for b in widget.chart.bars]
        assert min(abs(a - b) for a, b in zip(rows, rows[1:])) >= metrics.height()


def test_an_approximate_speedup_is_explained_like_an_approximate_value(qapp):
    from editor_app.ui.figures_panel import build_charts

    (chart,) = build_charts(analyze("SGLang 吞吐约为 vLLM 的 1.3 倍。\n", house_pack()))
    assert chart.bars[0].approx and chart.bars[0].label == "1.3 倍"
    assert "stippled: approximate" in chart.note


def test_a_chart_turns_its_bars_when_the_tab_gets_room_for_the_names(qtbot, tmp_path):
    survey = tmp_path / "long.md"
    survey.write_text("§0 自检栏\n一、正文\n吞吐对比：TensorRT-LLM ~21,000 vs ONNX Runtime Web ~3,100 vs DeepSpeed-MII "
                      "~9,800 vs llama.cpp ~2,400 tok/s on H100。\n", encoding="utf-8")
    w = open_window(qtbot, survey)
    w.tabs.setCurrentWidget(w.figures)
    qtbot.waitUntil(lambda: len(w.figures.chart_widgets) == len(w.figures.charts) == 1, timeout=10000)
    w.figures.resize(400, 500)
    assert w.figures.chart_widgets[0].horizontal
    w.figures.resize(1800, 500)
    assert not w.figures.chart_widgets[0].horizontal  # room enough: the names side by side under their bars
    w.figures.resize(400, 500)
    assert w.figures.chart_widgets[0].horizontal
