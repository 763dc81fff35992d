"""A latency named before a colon, and the GPU named there, are those of the figures after it (figsqa2 QA)."""

from __future__ import annotations

import dataclasses

from editor_app.core.figure_check import figure_findings
from editor_app.core.figures import figures_in_line


def read(text: str) -> list[tuple]:
    return [(g.metric, g.unit, g.hardware, g.label, [(v.engine, v.value) for v in g.values])
            for g in figures_in_line(text)]


def test_latencies_after_a_latency_label_and_a_colon_are_read() -> None:
    """"p50 TTFT：TGI 为 320 毫秒，vLLM 为 280 毫秒" was no figure: the clause after the colon held no cue."""
    assert read("单卡 H100 的 p50 TTFT：TGI 为 320 毫秒，vLLM 为 280 毫秒。") == [
        ("latency", "ms", "H100", "p50 TTFT", [("TGI", 320.0)]),
        ("latency", "ms", "H100", "p50 TTFT", [("vLLM", 280.0)])]
    assert read("首字延迟（TTFT）：vLLM 58.9 秒，SGLang 54.2 秒") == [
        ("latency", "s", None, "首字延迟", [("vLLM", 58.9)]), ("latency", "s", None, "首字延迟", [("SGLang", 54.2)])]
    assert read("p99 TTFT: vLLM 58.9 s, SGLang 54.2 s") == [
        ("latency", "s", None, "p99 TTFT", [("vLLM", 58.9)]), ("latency", "s", None, "p99 TTFT", [("SGLang", 54.2)])]


def test_a_restated_latency_after_a_colon_is_checked() -> None:
    lines = ["p99 TTFT SGLang 54.2s vs vLLM 58.9s", "p99 TTFT：vLLM 为 61.0 秒"]
    groups = [dataclasses.replace(g, line=n) for n, line in enumerate(lines, 1) for g in figures_in_line(line)]
    (f,) = figure_findings(groups)
    assert (f.line, f.measured, f.limit) == (2, 61.0, 58.9)


def test_seconds_after_a_colon_that_names_no_latency_are_no_figure() -> None:
    assert read("启动耗时：vLLM 30 秒，SGLang 25 秒") == []
    assert read("发布日期：vLLM 0.6.3 于 2024-10-14") == []


def test_the_gpu_named_before_the_colon_is_the_figures_hardware() -> None:
    """"实测（H100 · …）：SGLang 吞吐提升 2.3 倍" was a speed-up on no hardware."""
    assert read("实测（H100 · Llama 3.1 70B · batch size 64）：SGLang 吞吐提升 2.3 倍，vLLM 0.6.3 为基线。") == [
        ("speedup", "×", "H100", "throughput", [("SGLang", 2.3)])]
    assert read("H100 上的吞吐：vLLM 12,500 tok/s vs SGLang 16,200 tok/s") == [
        ("throughput", "tok/s", "H100", "吞吐", [("vLLM", 12500.0), ("SGLang", 16200.0)])]
    # a GPU of its own clause wins
    assert read("H100 上的吞吐：vLLM 在 B200 上 21,000 tok/s")[0][2] == "B200"


def test_a_lead_in_naming_two_gpus_gives_none() -> None:
    assert read("本节在 H100 和 B200 上复测了三个引擎：vLLM 12,500 tok/s，SGLang 16,200 tok/s") == [
        ("throughput", "tok/s", None, "", [("vLLM", 12500.0)]), ("throughput", "tok/s", None, "", [("SGLang", 16200.0)])]
