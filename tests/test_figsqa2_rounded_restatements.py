"""A figure restated in 万 or k to fewer digits is the same figure, not a disagreement (figsqa2 QA)."""

from __future__ import annotations

import dataclasses

import pytest

from editor_app.core.figure_check import figure_findings
from editor_app.core.figures import figures_in_line


def findings(*lines: str):
    groups = [dataclasses.replace(g, line=n) for n, line in enumerate(lines, 1) for g in figures_in_line(line)]
    return [(f.line, f.message) for f in figure_findings(groups)]


@pytest.mark.parametrize(
    "restated",
    ["NIM 部署成本约 11.1 万美元/年，vLLM 自建约 6 万美元/年。",  # the sample's line 106 in 万
     "NIM 11.09 万美元/年 vs vLLM 5.99 万美元/年",
     "NIM $0.11M/年 vs vLLM $0.06M/年"],
)
def test_a_cost_restated_in_wan_is_the_same_cost(restated) -> None:
    """"约 11.1 万美元/年" was told to disagree with "$110,940/年" (111,000 is not 110,940)."""
    assert findings("vLLM vs NIM K8s 决策（NIM $110,940 vs vLLM $59,940/年）", restated) == []
    assert findings(restated, "vLLM vs NIM K8s 决策（NIM $110,940 vs vLLM $59,940/年）") == []


def test_throughput_restated_in_wan_or_k() -> None:
    first = "SGLang ~16,200 vs vLLM ~12,500 tok/s on H100"
    assert findings(first, "H100 上 SGLang 约 1.62 万 tok/s，vLLM 约 1.25 万 tok/s") == []
    assert findings(first, "H100 上 SGLang 约 1.6 万 tok/s，vLLM 约 1.3 万 tok/s") == []
    assert findings(first, "SGLang 16.2k vs vLLM 12.5k tok/s on H100") == []


@pytest.mark.parametrize(
    ("restated", "message"),
    [("H100 上 vLLM 约 1.4 万 tok/s", "vLLM throughput on H100: 约 1.4 万 tok/s at line 2 disagrees with ~12,500 tok/s at line 1"),
     ("H100 上 vLLM 约 1.24 万 tok/s", "vLLM throughput on H100: 约 1.24 万 tok/s at line 2 disagrees with ~12,500 tok/s at line 1"),
     ("H100 上 vLLM 12.4k tok/s", "vLLM throughput on H100: 12.4k tok/s at line 2 disagrees with ~12,500 tok/s at line 1"),
     ("H100 上 vLLM 12,490 tok/s", "vLLM throughput on H100: 12,490 tok/s at line 2 disagrees with ~12,500 tok/s at line 1")],
)
def test_a_different_figure_in_wan_is_still_a_disagreement(restated, message) -> None:
    assert findings("SGLang ~16,200 vs vLLM ~12,500 tok/s on H100", restated) == [(2, message)]


def test_two_figures_each_rounded_differently_disagree() -> None:
    """1.6 万 stands for 15,500-16,499 and 1.7 万 for 16,500-17,499: neither rounds to the other."""
    assert len(findings("vLLM 1.6 万 tok/s on H100", "vLLM 1.7 万 tok/s on H100")) == 1
    assert findings("vLLM 1.6 万 tok/s on H100", "vLLM 1.62 万 tok/s on H100") == []
