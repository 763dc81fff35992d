"""QA25 D2/D6: the exported report's charts said less than the Figures tab. The speed-ups chart drew the 2.57× bar of
"HF WebGPU Kernels vs ONNX Runtime Web (lines 30, 46, 52, 106)" with no name at all (too wide for the axis, which
drops what does not fit) and without its hardware; a range ("+1.21×~1.35×", "3.8~5.2×") was a bar labelled with its
upper end; of two disagreeing throughput figures (lines 23 and 46) only one was marked, in a chart of its own; and
"~" was lost from every approximate value. The report now draws the tab's charts (figures_panel.build_charts)."""

from __future__ import annotations

import pytest

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack


@pytest.fixture
def drawn(qapp, monkeypatch):
    """What the report's charts draw: the names on each axis, the text by each bar, every bar's (start, end, style),
    the legend over the plot."""
    import pyqtgraph as pg
    from pyqtgraph.graphicsItems.AxisItem import AxisItem

    seen: dict[str, list] = {"axis": [], "text": [], "bars": [], "legend": []}
    draw_picture, set_text, bar_init = AxisItem.drawPicture, pg.TextItem.setText, pg.BarGraphItem.__init__
    set_title = pg.PlotItem.setTitle

    def axis(self, p, axis_spec, tick_specs, text_specs):
        seen["axis"].extend("".join(text.split()) for _rect, _flags, text in text_specs)  # (spaces, lines aside)
        return draw_picture(self, p, axis_spec, tick_specs, text_specs)

    def text(self, value, *args, **kwargs):
        seen["text"].append(value)
        return set_text(self, value, *args, **kwargs)

    def bars(self, **opts):
        ends = list(opts["width"] if "x0" in opts else opts["height"])  # (horizontal bars: x0 and width)
        starts = opts.get("x0", 0)
        starts = [starts] * len(ends) if isinstance(starts, (int, float)) else list(starts)
        brushes = opts.get("brushes") or [opts.get("brush")] * len(ends)
        for start, end, brush in zip(starts, ends, brushes):
            seen["bars"].append((float(start), float(end), pg.mkBrush(brush).style().name))
        return bar_init(self, **opts)

    def title(self, value=None, **kwargs):
        seen["legend"].append(value or "")
        return set_title(self, value, **kwargs)

    monkeypatch.setattr(AxisItem, "drawPicture", axis)
    monkeypatch.setattr(pg.PlotItem, "setTitle", title)
    monkeypatch.setattr(pg.TextItem, "setText", text)
    monkeypatch.setattr(pg.BarGraphItem, "__init__", bars)
    return seen


def edited(sample_text: str) -> str:
    """The sample with vLLM's throughput restated as ~15,200 on line 46 (line 23 says ~12,500): the QA's edit."""
    lines = sample_text.split("\n")
    assert "vLLM ~12,500 tok/s on H100" in lines[45]
    lines[45] = lines[45].replace("vLLM ~12,500 tok/s on H100", "vLLM ~15,200 tok/s on H100")
    return "\n".join(lines)


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_every_speedup_bar_is_named_with_its_hardware_and_lines(drawn, sample_text, language):
    from editor_app.ui.charts_render import render_figure_charts

    charts = render_figure_charts(analyze(sample_text, house_pack()), language=language)
    assert charts[-1][0] in ("Stated speed-ups (×)", "自报加速比（×）")
    names = drawn["axis"]
    webgpu = ("HF WebGPU Kernels vs ONNX Runtime Web · Apple M4" if language == "en" else
              "HF WebGPU Kernels（相对 ONNX Runtime Web） · Apple M4")
    assert "".join(webgpu.split()) in names  # (on two lines: it is wider than the axis may be)
    assert {"DynamoTTFT", "SGLang", "RadixAttention"} <= set(names)
    assert "2.57×  L30, L46, L52 (+1)" in drawn["text"]  # its lines by its value, as in the tab


def test_a_name_too_wide_for_the_axis_is_wrapped_where_it_reads_best_else_elided(qapp):
    from PySide6.QtGui import QFont, QFontMetrics

    from editor_app.ui.charts_render import fitted_name

    metrics = QFontMetrics(QFont())
    name = "HF WebGPU Kernels vs ONNX Runtime Web · Apple M4"
    assert fitted_name(name, metrics, 1000) == name
    assert fitted_name(name, metrics, metrics.horizontalAdvance(name) - 20) == (
        "HF WebGPU Kernels\nvs ONNX Runtime Web · Apple M4")
    long = "Distributed Inference Runtime Enterprise Edition vs ONNX Runtime Web Experimental Backend · Apple M4"
    first, second = fitted_name(long, metrics, 200).split("\n")
    assert long.startswith(first) and second.endswith("…")
    assert max(metrics.horizontalAdvance(first), metrics.horizontalAdvance(second)) <= 200


def test_a_range_is_drawn_and_written_as_a_range(drawn, sample_text):
    from editor_app.ui.charts_render import render_figure_charts

    render_figure_charts(analyze(sample_text, house_pack()))
    assert {"+1.21×~1.35×  L17, L27, L42", "3.8~5.2×  L23"} <= set(drawn["text"])
    ends = {end for _start, end, _style in drawn["bars"]}
    assert {1.21, 1.35, 3.8, 5.2} <= ends  # solid up to its lower end, pale on to its upper one


def test_both_sides_of_a_disagreement_are_marked_in_one_chart(drawn, sample_text):
    from editor_app.ui.charts_render import render_figure_charts

    charts = render_figure_charts(analyze(edited(sample_text), house_pack()))
    throughput = [caption for caption, _png in charts if "throughput" in caption]
    assert throughput == ["⚠ throughput (tok/s) on H100, approximate: lines 23, 46"]
    assert {"⚠ ~12,500", "⚠ ~15,200"} <= set(drawn["text"])
    assert any("L23" in title and "L46" in title for title in drawn["legend"])  # which colour is which line


def test_approximate_values_keep_their_tilde_and_are_stippled(drawn, sample_text):
    from editor_app.ui.charts_render import render_figure_charts

    render_figure_charts(analyze(sample_text, house_pack()))
    assert {"~16,200", "~12,500"} <= set(drawn["text"])
    styles = {end: style for _start, end, style in drawn["bars"]}
    assert styles[16200.0] == styles[12500.0] == "Dense4Pattern"
    assert styles[54.2] == "SolidPattern"  # "SGLang 54.2s" is exact


def test_the_chinese_report_says_the_same(drawn, sample_text):
    from editor_app.ui.charts_render import render_figure_charts

    charts = render_figure_charts(analyze(edited(sample_text), house_pack()), language="zh_CN")
    assert charts[0][0] == "⚠ 吞吐 (tok/s) · H100，近似值：第 23, 46 行"
    assert {"⚠ ~12,500", "⚠ ~15,200", "+1.21×~1.35×  L17, L27, L42"} <= set(drawn["text"])


def test_the_exported_html_has_one_throughput_chart_marked(qapp, sample_text):
    from editor_app.ui.export import report_html

    text = edited(sample_text)
    pack = house_pack()
    page = report_html(analyze(text, pack), text, pack_name=pack.name, pack_source="")
    assert page.count('<p class="caption">⚠ throughput (tok/s) on H100, approximate: lines 23, 46</p>') == 1
    assert "throughput (tok/s) on H100, approximate: line 46" not in page
