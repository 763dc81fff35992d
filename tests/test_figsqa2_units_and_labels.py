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
        "vLLM p99 首字延迟: 61 s at line 2 disagrees with 58.9 s at line 1"]
    assert findings("p99 TTFT SGLang 54.2s vs vLLM 58.9s", "p99 首字延迟：vLLM 58.9 秒") == []
