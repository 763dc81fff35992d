"""QA26e D7-D10, the Figures tab and the report's charts.

D7: charts past a cap (24 in the tab, 12 in the report) were dropped without a word; with 32 charts both charts
holding a planted error were missing, and the report could lose the speed-ups' chart that named a wrong speed-up.
D8: the tab drew its fifth series red, a consistent figure's bar beside the red-outlined wrong ones (the report
leaves red out). D9: the tab drew a range "3.8~5.2×" solid up to 5.2 (the report: pale above 3.8). D10: a "⚠ 58.9 ms"
label under the next bar, a label over the value axis, labels raised far above their bars, a legend "L21, L21",
and "1 more differing statement not drawn" counting a statement that agrees."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack

GPUS = ["H100", "A100", "H200", "B200", "L40S", "MI300X", "RTX 4090", "L4", "T4", "V100", "GB200", "A10", "H800",
        "A800", "B100", "MI250X"]


def many(*after: str) -> str:
    """32 charts (throughput and p99 TTFT on 16 GPUs); the planted errors restate the last GPUs' figures."""
    lines = [f"{i + 1}. {gpu} 实测：SGLang ~{1100 + 100 * i:,} vs vLLM ~{1000 + 100 * i:,} tok/s on {gpu}；"
             f"p99 TTFT SGLang {2.1 + i / 10:.1f}s vs vLLM {3.1 + i / 10:.1f}s（{gpu}）⚠️。" for i, gpu in enumerate(GPUS)]
    return "\n".join(["主题综述 · llm-infra（2026-10-04）", "§0 自检栏", "一、主题脉络：多卡实测", *lines, "二、复述",
                      "vLLM 在 MI250X 上吞吐 2,800 tok/s ⚠️。", "vLLM 在 A800 上的 p99 TTFT 为 9.9s ⚠️。", *after,
                      "八、元信息", "qa · 2026-10-04"])


MINE = "\n".join([
    "主题综述 · llm-infra（2026-10-02）", "§0 自检栏", "一、主题脉络",
    "1. 吞吐基线。SGLang ~16,200 vs LMDeploy ~15,800 vs vLLM ~12,500 tok/s on H100。",
    "2. 延迟。p99 TTFT SGLang 54.2s vs vLLM 58.9s（H100）。",
    "3. 复述。SGLang 在 H100 上约 1.62 万 tokens/s；vLLM 在 H100 上吞吐 13.9k tok/s ⚠️。",
    "4. 单位。SGLang 的 p99 TTFT 为 54,200 ms（H100）；vLLM 的 p99 TTFT 为 58.9 ms（H100）⚠️。",
    "TensorRT-LLM 18.5k tok/s on H100；TRT-LLM 18,500 tokens/s（H100）已核验 ⚠️。",
    "vLLM vs NIM K8s 决策（NIM $110,940 vs vLLM $59,940/年）；NIM 约 11.1 万美元/年 ⚠️。",
    "TGI 在 H100 上的吞吐为 9,800 tok/s。",
    "| 引擎 | 吞吐（tok/s） | p99 TTFT（ms） | 硬件 |", "|---|---|---|---|",
    "| SGLang | 16,200 | 54,200 | H100 |", "| vLLM | 12,500 | 58,900 | H100 |", "| LMDeploy | 16,800 | 55,000 | H100 |",
    "八、元信息", "qa · v1"])


def charts_of(text: str, **kwargs):
    from editor_app.ui.figures_panel import build_charts

    return build_charts(analyze(text, house_pack()), **kwargs)


def chart_titled(charts, start: str):
    return next(c for c in charts if c.title.startswith(start))


# ----- D7: no chart left out without a word, none holding a disagreement -----

def test_the_tab_draws_the_charts_holding_a_disagreement_of_32(qapp):
    charts = charts_of(many())
    flagged = {c.title for c in charts if any(b.highlighted for b in c.bars)}
    assert flagged == {"throughput (tok/s) · MI250X", "p99 TTFT (s) · A800"}  # both were the 25th chart and later
    assert not any(c.left_out for c in charts)  # 32 are drawn whole: each one a turn of the event loop


def test_past_the_cap_the_charts_with_a_disagreement_are_kept_and_the_others_named(qapp):
    charts = charts_of(many(), cap=4)
    drawn = [c.title for c in charts if not c.left_out]
    # those with a disagreement, then the first ones; in the survey's order
    assert drawn == ["throughput (tok/s) · H100", "p99 TTFT (s) · H100", "p99 TTFT (s) · A800",
                     "throughput (tok/s) · MI250X"]
    (note,) = [c for c in charts if c.left_out]
    assert len(note.left_out) == 28 and "throughput (tok/s) · A100" in note.left_out
    assert note.title.startswith("28 more charts not drawn")
    assert "p99 TTFT (s) · H200" in note.title


def test_the_tab_says_which_charts_it_does_not_draw(qtbot, monkeypatch):
    from editor_app.ui import figures_panel

    monkeypatch.setattr(figures_panel, "MAX_CHARTS", 6)
    panel = figures_panel.FiguresPanel()
    qtbot.addWidget(panel)
    panel.show_analysis(analyze(many(), house_pack()))
    panel.ensure_drawn()
    assert len(panel.chart_widgets) == len(panel.charts) == 6
    assert not any(c.left_out for c in panel.charts)  # the note is no chart to draw
    assert panel.left_out.isVisibleTo(panel)
    assert panel.left_out.text().startswith("26 more charts not drawn")
    assert "p99 TTFT (s) · H200" in panel.left_out.text()


def test_the_report_keeps_the_speedups_and_the_charts_with_a_disagreement_and_names_the_rest(qapp):
    from editor_app.services.report import build_report_html
    from editor_app.ui.charts_render import MAX_CHARTS, render_figure_charts

    analysis = analyze(many("SGLang 比 vLLM 快 5 倍（H100）⚠️。"), house_pack())
    charts = render_figure_charts(analysis)
    images = [caption for caption, png in charts if png]
    assert len(images) == MAX_CHARTS
    flagged = [caption for caption in images if caption.startswith("⚠")]
    assert any("on MI250X" in c for c in flagged) and any("on A800" in c for c in flagged)
    assert "⚠ Stated speed-ups (×)" in images
    (note,) = [caption for caption, png in charts if not png]
    assert note.startswith("21 more charts not drawn (none of them holds a figure that disagrees): ")
    html = build_report_html(analysis, "", pack_name="house", pack_source="", charts=charts)
    assert f'<p class="caption">{note}</p>' in html
    zh = [caption for caption, png in render_figure_charts(analysis, language="zh_CN") if not png]
    assert zh[0].startswith("另有 21 张图未画出")


# ----- D8: one palette, no red -----

def _reddish(colour: QColor) -> bool:
    hue = colour.hslHue()
    return colour.hslSaturation() > 80 and (hue < 20 or hue > 340)


def test_no_series_is_drawn_red_in_the_tab_and_the_report_uses_the_same_colours(qapp):
    from editor_app.ui import charts_render, theme
    from editor_app.ui.charts import series_colour

    assert not [s for s in range(12) if _reddish(series_colour(s))]
    assert charts_render._COLOURS == theme.SERIES_COLOURS


# ----- D9: a range drawn solid to its lower end, pale above -----

def test_the_tab_draws_a_range_solid_to_its_lower_end_and_pale_above(qtbot):
    from editor_app.ui.charts import Bar, BarChart, BarChartWidget

    bar = Bar("SGLang build", 0, 5.2, "3.8~5.2×", False, 1, 1, "", low=3.8)
    widget = BarChartWidget(BarChart("speed-ups", ["SGLang build"], [""], [bar], horizontal=True))
    qtbot.addWidget(widget)
    items = [i for i in widget.plot.getPlotItem().items if type(i).__name__ == "BarGraphItem"]
    spans = sorted((list(i.opts["width"])[0], i.opts["brushes"][0].color().alpha()) for i in items)
    assert spans[0][0] == pytest.approx(3.8) and spans[0][1] == 255  # solid up to 3.8
    assert spans[-1][0] == pytest.approx(5.2) and spans[-1][1] < 128  # pale on to 5.2


# ----- D10: labels -----

def _widget(qtbot, chart, width=600):
    from editor_app.ui.charts import BarChartWidget

    widget = BarChartWidget(chart, None, width)
    qtbot.addWidget(widget)
    widget.resize(width, 300)
    widget.show()
    qtbot.waitExposed(widget)
    qtbot.waitUntil(lambda: widget.plot.getPlotItem().getViewBox().width() > 100)
    qtbot.wait(50)
    widget.grab()  # painted: a text item places itself as it is painted
    return widget


def _bar_rect(widget, a0, a1, value) -> QRectF:
    vb = widget.plot.getPlotItem().getViewBox()
    corners = [QPointF(value, a0), QPointF(0, a1)] if widget.horizontal else [QPointF(a0, value), QPointF(a1, 0)]
    p, q = (vb.mapViewToScene(c) for c in corners)
    return QRectF(p, q).normalized()


def _label_rect(label) -> QRectF:
    return label.mapRectToScene(label.boundingRect())


def test_the_unit_slips_label_is_not_under_the_next_bar(qtbot):
    chart = chart_titled(charts_of(MINE), "p99 TTFT (s) · H100")
    widget = _widget(qtbot, chart)
    (label, bar) = next((t, b) for t, b in widget._texts if b.label == "58.9 ms")
    assert label.toPlainText() == "⚠ 58.9 ms"
    text = _label_rect(label).adjusted(4, 4, -4, -4)  # (the text, inside its item's margins)
    others = [_bar_rect(widget, a0, a1, v) for a0, a1, v, b in widget._geometry if b is not bar]
    assert not [r for r in others if r.intersects(text)]
    assert label.zValue() > 0  # and drawn over any bar


def test_labels_stand_by_their_bars_in_a_crowded_chart(qtbot):
    chart = chart_titled(charts_of(MINE), "throughput (tok/s) · H100")
    widget = _widget(qtbot, chart)
    at = {id(b): (a0, a1, v) for a0, a1, v, b in widget._geometry}
    for label, bar in widget._texts:
        text, box = _label_rect(label), _bar_rect(widget, *at[id(bar)])
        if widget.horizontal:  # the text just after the bar's end, on its row
            assert abs(text.left() - box.right()) < 12 and text.top() < box.center().y() < text.bottom()
        else:  # just over the bar: it was raised three lines (⚠ 13.9k at the 33,000 level over 13,900)
            assert abs(text.bottom() - box.top()) < 6


def test_no_label_is_written_over_the_value_axis(qtbot):
    from editor_app.ui.charts import Bar, BarChart, BarChartWidget

    bars = [Bar("SGLang", 0, 16200, "~16,200 tok/s", True, 1, 1, "", highlighted=True),
            Bar("SGLang", 1, 16200, "16,200", False, 2, 1, ""), Bar("vLLM", 2, 12500, "12,500", False, 3, 1, "")]
    widget = BarChartWidget(BarChart("throughput", ["SGLang", "vLLM"], ["L1", "L2", "L3"], bars))
    qtbot.addWidget(widget)
    widget.resize(320, 260)
    widget.show()
    qtbot.waitExposed(widget)
    qtbot.wait(50)
    view = widget.plot.getPlotItem().getViewBox().sceneBoundingRect()
    assert all(_label_rect(label).left() >= view.left() for label, _bar in widget._texts)


def test_the_legend_tells_apart_two_statements_on_one_line(qapp):
    charts = charts_of(MINE)
    cost = chart_titled(charts, "cost")
    assert len(set(cost.series_names)) == len(cost.series_names) == 2
    assert cost.series_names == ["L9 (1)", "L9 (2)"]
    throughput = chart_titled(charts, "throughput (tok/s) · H100")
    assert "L8" in throughput.series_names and "L8, L8" not in throughput.series_names  # TensorRT-LLM's twice on L8


def test_the_note_names_the_statement_left_out_and_does_not_call_it_differing(qapp):
    # a seventh statement of the throughput on H100 (the table's three rows are one since QA28a D8)
    text = MINE.replace("八、元信息", "\nOllama 900 tok/s on H100。\n八、元信息")
    throughput = chart_titled(charts_of(text), "throughput (tok/s) · H100")
    assert throughput.not_drawn == 1
    assert "differing" not in throughput.note
    (line,) = throughput.not_drawn_lines
    left_out = [b for b in chart_titled(charts_of(text, cap=99), "throughput").bars if b.line == line]
    assert throughput.note.endswith(f"1 more statement not drawn (L{line})")
    assert not [b for b in left_out if b.highlighted]
