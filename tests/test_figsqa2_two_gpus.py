"""One engine's figures on two GPUs in one sentence, each on its own GPU (figsqa2 QA)."""

from __future__ import annotations

import dataclasses

import pytest

from editor_app.core.figure_check import figure_findings
from editor_app.core.figures import figures_in_line


def read(text: str) -> list[tuple[str, float, str | None]]:
    return [(v.engine, v.value, g.hardware) for g in figures_in_line(text) for v in g.values]


@pytest.mark.parametrize(
    "text",
    ["H100 上 vLLM 吞吐为 12,500 tok/s，H200 上为 15,800 tok/s。",  # the H200 figure was not read
     "vLLM 在 H100 上 12,500 tok/s、在 H200 上 15,800 tok/s。",
     "vLLM 吞吐 12,500 tok/s（H100）、15,800 tok/s（H200）",
     "vLLM: 12,500 tok/s on H100, 15,800 tok/s on H200",  # not read
     "vLLM reaches 12,500 tok/s on H100 and 15,800 tok/s on H200"],  # 15,800 was said to be on H100
)
def test_each_figure_on_its_own_gpu(text) -> None:
    assert read(text) == [("vLLM", 12500.0, "H100"), ("vLLM", 15800.0, "H200")]


@pytest.mark.parametrize(
    "text",
    ["vLLM 在 H100 上为 12,500 tok/s，在 H200 上提升 3,300 tok/s",  # a change, not the figure
     "H100 上 vLLM 吞吐为 12,500 tok/s，比 H200 上低 3,300 tok/s",
     "vLLM 在 H100 上为 12,500 tok/s，H100 上峰值 13,300 tok/s"],  # the same GPU: not told apart by it
)
def test_a_later_value_that_is_not_the_engine_s_figure_on_another_gpu_is_left(text) -> None:
    assert read(text) == [("vLLM", 12500.0, "H100")]


def test_someone_elses_value_is_its_own() -> None:
    # (QA29a D5: a system not on the engine list, named as its figure's subject, has its own figures)
    assert read("vLLM 在 H100 上为 12,500 tok/s，RadixArk 在 H200 上 3,300 tok/s") == [
        ("vLLM", 12500.0, "H100"), ("RadixArk", 3300.0, "H200")]


def test_the_figure_on_the_second_gpu_is_checked_against_that_gpu_only() -> None:
    lines = ["SGLang ~16,200 vs LMDeploy ~16,200 vs vLLM ~12,500 tok/s on H100",
             "H100 上 vLLM 吞吐为 12,500 tok/s，H200 上为 15,800 tok/s。",
             "vLLM 在 H200 上 14,000 tok/s"]
    groups = [dataclasses.replace(g, line=n) for n, line in enumerate(lines, 1) for g in figures_in_line(line)]
    assert [f.message for f in figure_findings(groups)] == [
        "vLLM throughput on H200: 14,000 tok/s at line 3 disagrees with 15,800 tok/s at line 2"]
