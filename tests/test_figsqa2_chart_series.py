"""The Figures tab draws a line's statements about several engines in one colour (figsqa2 QA): "每百万 token
成本：vLLM $0.21，SGLang $0.17，TensorRT-LLM $0.15" was three colours, each named "L1" in the legend, as if three
places stated them."""

from __future__ import annotations

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack


def charts(text: str):
    from editor_app.ui.figures_panel import build_charts

    return build_charts(analyze(text, house_pack()))


def test_one_line_s_values_are_one_series(qapp) -> None:
    (chart,) = charts("每百万 token 成本：vLLM $0.21，SGLang $0.17，TensorRT-LLM $0.15（B200）。\n")
    assert chart.series_names == ["L1"]
    assert [(b.category, b.series, b.label) for b in chart.bars] == [
        ("vLLM", 0, "$0.21"), ("SGLang", 0, "$0.17"), ("TensorRT-LLM", 0, "$0.15")]


def test_a_restatement_keeps_its_own_series_and_its_warning(qapp) -> None:
    text = ("成本 NIM $110,940 vs vLLM $59,940/年\n"
            "NIM 部署成本约 11.1 万美元/年，vLLM 自建约 6 万美元/年。\n"
            "NIM 部署成本约 12 万美元/年，vLLM 自建约 6 万美元/年。\n")
    (chart,) = charts(text)
    # the vLLM figure both lines state alike is one series of both; the NIM figures differ, one a line
    assert chart.series_names == ["L1", "L2", "L2, L3", "L3"]
    assert [(b.category, b.series, b.label, b.highlighted) for b in chart.bars] == [
        ("NIM", 0, "$110,940", True), ("vLLM", 0, "$59,940", False), ("NIM", 1, "约 11.1 万", False),
        ("vLLM", 2, "约 6 万", False), ("NIM", 3, "约 12 万", True)]


def test_the_same_engine_twice_on_a_line_stays_two_series(qapp) -> None:
    (chart,) = charts("vLLM 12,500 tok/s，又一次 vLLM 13,000 tok/s\n")
    assert chart.series_names == ["L1 (1)", "L1 (2)"]  # told apart in the legend (QA26e D10: "L21, L21")
