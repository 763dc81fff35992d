"""QA26e D1, D2: the figure-consistency check told figures that agree as disagreeing.

D1: "在 A100 上 SGLang 比 vLLM 快 1.19 倍" was told against the H100 pair stated first (1.30×), though the A100 pair
beside it makes exactly 1.19×: the ratio check left the GPU out. A speed-up or change naming a GPU is now told
against the figures stated side by side on that GPU; one naming none against the first pair, whatever its GPU.

D2: "+1.3×" was said to disagree with "+1.21×~1.35×" stated elsewhere, "4.5×" with "3.8~5.2×": a single value inside
a range stated elsewhere (either order, its ends included) is a case of it. Two different ranges still disagree."""

from __future__ import annotations

import dataclasses

import pytest

from editor_app.core.analyze import Analyzer, analyze
from editor_app.core.figure_check import figure_findings
from editor_app.core.figures import figures_in_line
from editor_app.core.rulepack import house_pack

PAIRS = "SGLang ~16,200 vs vLLM ~12,500 tok/s on H100；SGLang ~8,100 vs vLLM ~6,800 tok/s on A100。"


def messages(*lines: str) -> list[tuple[int, str]]:
    groups = [dataclasses.replace(g, line=n) for n, line in enumerate(lines, 1) for g in figures_in_line(line)]
    return [(f.line, f.message) for f in figure_findings(groups)]


def consistency(text: str) -> list[tuple[int, str]]:
    return [(f.line, f.message) for f in analyze(text, house_pack()).findings if f.rule == "figure-consistency"]


# --- D1 ---------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("said", ["在 A100 上 SGLang 比 vLLM 快 1.19 倍。", "SGLang 比 vLLM 快 1.2 倍（A100）。",
                                  "On A100, SGLang is 1.19× faster than vLLM.", "A100 上 SGLang 比 vLLM 吞吐高 19%。"])
def test_a_speedup_on_the_second_gpu_agrees_with_that_gpus_pair(said):
    assert messages(PAIRS, said) == []
    assert messages(said, PAIRS) == []  # (the figures after the speed-up: told against the A100 pair too)


def test_a_wrong_speedup_on_the_second_gpu_is_told_against_that_gpus_pair():
    assert messages(PAIRS, "在 A100 上 SGLang 比 vLLM 快 1.3 倍。") == [
        (2, "SGLang throughput vs vLLM on A100: 1.3 倍 at line 2 disagrees with ~8,100 vs ~6,800 tok/s at line 1 "
            "(1.19×)")]
    assert messages("在 A100 上 SGLang 比 vLLM 快 1.3 倍。", PAIRS) == [
        (2, "SGLang throughput vs vLLM on A100: ~8,100 vs ~6,800 tok/s at line 2 make 1.19×, not 1.3 倍 as stated "
            "at line 1")]


def test_a_speedup_on_a_gpu_with_no_pair_on_it_is_told_against_nothing():
    assert messages(PAIRS, "在 B200 上 SGLang 比 vLLM 快 3 倍。") == []
    # a pair naming no GPU is not the figures of the one the speed-up names
    assert messages("SGLang ~16,200 vs vLLM ~12,500 tok/s。", "在 A100 上 SGLang 比 vLLM 快 2 倍。") == []


def test_the_qa_survey_line_through_the_whole_analysis():
    """A speed-up on H100, or naming no GPU, is told against the H100 pair as before."""
    text = "\n".join(["主题综述", "一、主题脉络", f"1. {PAIRS}", "2. 在 A100 上 SGLang 比 vLLM 快 1.19 倍。",
                      "3. 在 H100 上 SGLang 比 vLLM 快 1.19 倍。", "4. SGLang 比 vLLM 快 1.19 倍。"])
    assert consistency(text) == [
        (5, "SGLang throughput vs vLLM on H100: 1.19 倍 at line 5 disagrees with ~16,200 vs ~12,500 tok/s at line 3 "
            "(1.30×)"),
        (6, "SGLang throughput vs vLLM on H100: 1.19 倍 at line 6 disagrees with ~16,200 vs ~12,500 tok/s at line 3 "
            "(1.30×)")]


def test_an_edit_keeps_the_gpus_apart_as_a_fresh_analysis_does():
    text = "\n".join(["主题综述", "一、主题脉络", "引言。", PAIRS, "在 A100 上 SGLang 比 vLLM 快 1.19 倍。",
                      "在 A100 上 SGLang 比 vLLM 快 1.5 倍。"])
    az = Analyzer(house_pack())
    az.analyze(text)
    for edited in (text.replace("引言。", "引\n言。"), text.replace("1.5 倍", "1.19 倍"),
                   text.replace("on A100；", "on A100；\n"), "\n" + text):
        az.analyze(text)
        got = [(f.line, f.message) for f in az.analyze(edited).findings if f.rule == "figure-consistency"]
        assert got == consistency(edited)
        assert not [m for _, m in got if "1.30×" in m or "~16,200 vs ~12,500" in m]


# --- D2 ---------------------------------------------------------------------------------------------------------

RANGE = "Akashic MemAttention 吞吐 +1.21×~1.35×。"


@pytest.mark.parametrize("point", ["+1.3×", "+1.21×", "+1.35×"])
def test_a_value_inside_a_range_agrees_with_it(point):
    said = f"Akashic MemAttention 吞吐 {point}。"
    assert messages(RANGE, said) == []
    assert messages(said, RANGE) == []


def test_a_value_inside_a_range_on_one_line_agrees():
    assert messages("SGLang 构建比 vLLM 快 3.8~5.2×；SGLang 构建比 vLLM 快 4.5×。") == []
    assert messages("SGLang 构建比 vLLM 快 4.5×；SGLang 构建比 vLLM 快 3.8~5.2×。") == []


def test_inside_the_range_agrees_outside_it_or_another_range_disagrees():
    assert messages(RANGE, "Akashic MemAttention 吞吐 +1.3×。", "Akashic MemAttention 吞吐 +1.4×。",
                    "Akashic MemAttention 吞吐 +1.25×~1.35×。") == [
        (3, "Akashic MemAttention throughput: +1.4× at line 3 disagrees with +1.21×~1.35× at line 1"),
        # one figure, one number everywhere: a narrower range inside the first is still another statement of it
        (4, "Akashic MemAttention throughput: +1.25×~1.35× at line 4 disagrees with +1.21×~1.35× at line 1")]
    # a value stated first: a range holding it agrees, another value is compared with it as before
    assert messages("SGLang 构建比 vLLM 快 4.5×。", "SGLang 构建比 vLLM 快 3.8~5.2×。", "SGLang 构建比 vLLM 快 5×。") == [
        (3, "SGLang build vs vLLM: 5× at line 3 disagrees with 4.5× at line 1")]


def test_the_sample_range_restated_by_one_value_under_the_papers_other_name(sample_text):
    lines = sample_text.split("\n")
    at = next(n for n, line in enumerate(lines) if "吞吐 +1.21×~1.35×" in line)
    for point in ("+1.3×", "+1.21×"):
        text = "\n".join([*lines[:at + 1], f"arXiv:2607.05708 吞吐 {point}。", *lines[at + 1:]])
        assert consistency(text) == []
    text = "\n".join([*lines[:at + 1], "arXiv:2607.05708 吞吐 +1.5×。", *lines[at + 1:]])
    assert [line for line, _ in consistency(text)] == [at + 2]
