"""Figures told apart or together as a reader tells them (figsqa2 QA): a per-GPU throughput is not a node's,
and 首字延迟 is TTFT."""

from __future__ import annotations

import dataclasses

from editor_app.core.figure_check import figure_findings
from editor_app.core.figures import figures_in_line


def findings(*lines: str) -> list[str]:
    groups = [dataclasses.replace(g, line=n) for n, line in enumerate(lines, 1) for g in figures_in_line(line)]
    return [f.message for f in figure_findings(groups)]


def test_a_per_gpu_throughput_is_its_own_figure() -> None:
    """"3 万 tok/s/GPU" was a node's 30,000 tok/s, told to disagree with the node's 120,000 tok/s."""
    (g,) = figures_in_line("TensorRT-LLM 在 GB200 NVL72 上达到 3 万 tok/s/GPU。")
    assert (g.metric, g.unit, g.values[0].value) == ("throughput", "tok/s/GPU", 30000.0)
    assert findings("TensorRT-LLM 在 GB200 NVL72 上达到 12 万 tok/s", "TensorRT-LLM 在 GB200 NVL72 上达到 3 万 tok/s/GPU") == []
    assert findings("vLLM 1,500 tok/s/卡 on H100", "vLLM 1,800 tokens/s/GPU on H100") == [
        "vLLM throughput on H100: 1,800 tok/s/GPU at line 2 disagrees with 1,500 tok/s/GPU at line 1"]


def test_shou_zi_yan_chi_is_ttft() -> None:
    """"p99 首字延迟 61 秒" was never checked against "p99 TTFT … vLLM 58.9s" (another label)."""
    assert findings("p99 TTFT SGLang 54.2s vs vLLM 58.9s", "p99 首字延迟：vLLM 61 秒") == [
        "vLLM p99 TTFT: 61 s at line 2 disagrees with 58.9 s at line 1"]
    assert findings("p99 TTFT SGLang 54.2s vs vLLM 58.9s", "p99 首字延迟：vLLM 58.9 秒") == []


def test_a_price_per_million_tokens_is_not_a_yearly_cost() -> None:
    """"vLLM 每百万 token 成本 $0.21" and "vLLM 年成本 $59,940" were one figure in "$": "$59,940 disagrees with $0.21"."""
    assert findings("vLLM 每百万 token 成本 $0.21", "vLLM 年成本 $59,940") == []
    for text in ("vLLM 每百万 token 成本 $0.21", "vLLM costs $0.21 per million tokens", "vLLM $0.21/M tokens vs SGLang $0.17/M tokens",
                 "每百万 token 成本：vLLM $0.21，SGLang $0.17", "vLLM 每百万输出 token 0.8 美元", "成本：vLLM: $5 vs SGLang: $4 每百万 token"):
        assert {g.unit for g in figures_in_line(text)} == {"$/M tok"}, text
    assert findings("每百万 token 成本：vLLM $0.21", "vLLM $0.25/M tokens") == [
        "vLLM cost: $0.25/M tok at line 2 disagrees with $0.21/M tok at line 1"]
    assert [g.unit for g in figures_in_line("NIM $110,940 vs vLLM $59,940/年")] == ["$/年"]
