"""QA: a comparison of ten engines was drawn as ten vertical bars whose names ran into each other under them
("TensorRT-LLMllama.cpp", "OllamaDeepSpeed-FastGenTGI"): such a chart is drawn with horizontal bars, a name a row."""

from __future__ import annotations

import struct

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack
from editor_app.ui import charts_render

TEN = ("吞吐 SGLang ~16,200 vs LMDeploy ~16,200 vs vLLM ~12,500 vs TensorRT-LLM ~15,000 vs llama.cpp ~3,000 vs "
       "Ollama ~2,000 vs DeepSpeed-FastGen ~11,000 vs TGI ~9,000 vs MLC-LLM ~4,500 vs ExLlamaV2 ~5,200 tok/s on H100。")
TWO = "成本 NIM $110,940 vs vLLM $59,940/年。"


def _size(png: bytes) -> tuple[int, int]:
    return struct.unpack(">II", png[16:24])  # IHDR: width, height


def test_many_engines_get_a_row_each_and_two_stay_side_by_side(qapp, monkeypatch):
    text = f"引擎对比\n§0 自检栏\n一、对比\n{TEN}\n{TWO}\nSpark · 2026-10-01 12:00 CST"
    a = analyze(text, house_pack())
    drawn = {}
    real = charts_render._bar_chart

    def recording(chart, value_label, horizontal=False):
        drawn[len(chart.categories)] = horizontal
        return real(chart, value_label, horizontal=horizontal)

    monkeypatch.setattr(charts_render, "_bar_chart", recording)
    charts = charts_render.render_figure_charts(a)
    assert drawn[10] is True and drawn[2] is False
    caption, ten = charts[0]
    assert caption.endswith("line 4") and _size(ten)[1] >= 26 * 10  # a row of its own for each of the ten names
