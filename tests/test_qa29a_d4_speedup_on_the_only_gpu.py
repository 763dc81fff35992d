"""QA29a D4: a speed-up stated on one GPU ("MLC-LLM 在 M3 Max 上比 llama.cpp 快 3.6x") was never compared with the
same speed-up stated with no GPU ("总结：MLC-LLM 比 llama.cpp 快 3.1x"), though a throughput is in that situation:
speed-ups were left out of the rule "a figure naming no GPU is compared with that figure on a GPU when the survey
states it on one GPU only". They now follow it (a percentage change still does not); a speed-up naming no baseline is
read on the one GPU the survey states that engine's speed-up on whatever its baseline, and an engine's figures side
by side with another's on a GPU state its speed-up there too (so one GPU among two is no "only GPU")."""

from __future__ import annotations

from dataclasses import replace

import pytest

from editor_app.core.analyze import analyze
from editor_app.core.figure_check import check_figures
from editor_app.core.figure_places import inconsistent_places
from editor_app.core.figures import figures_in_line
from editor_app.core.rulepack import house_pack
from editor_app.wording import EngineText

NOTE = "(no GPU named; read as on {}, the only GPU the survey states it on)"


def messages(*lines: str) -> list[tuple[int, str]]:
    groups = [replace(g, line=n) for n, text in enumerate(lines, 1) for g in figures_in_line(text)]
    return [(f.line, f.message) for f in check_figures(groups).findings]


def test_the_repro():
    text = "§0 自检栏\n一、测试\n1. MLC-LLM 在 M3 Max 上比 llama.cpp 快 3.6x。\n2. 总结：MLC-LLM 比 llama.cpp 快 3.1x。\n"
    found = [(f.line, f.message) for f in analyze(text, house_pack()).findings if f.rule == "figure-consistency"]
    assert found == [(4, f"MLC LLM speedup vs llama.cpp: 3.1x at line 4 {NOTE.format('M3 Max')} disagrees with "
                         "3.6x at line 3")]


def test_both_orders_and_no_baseline():
    on_h100 = "SGLang 在 H100 上比 vLLM 快 3.6x。"
    assert messages(on_h100, "总结：SGLang 比 vLLM 快 3.1x。") == [
        (2, f"SGLang speedup vs vLLM: 3.1x at line 2 {NOTE.format('H100')} disagrees with 3.6x at line 1")]
    assert messages("总结：SGLang 比 vLLM 快 3.1x。", on_h100) == [
        (2, "SGLang speedup vs vLLM on H100: 3.6x at line 2 disagrees with 3.1x at line 1, which names no GPU (read as "
            "on H100, the only GPU the survey states it on)")]
    assert messages(on_h100, "总结：SGLang 快 3.1x。") == [
        (2, f"SGLang speedup: 3.1x at line 2 {NOTE.format('H100')} disagrees with 3.6x (vs vLLM) at line 1")]
    assert messages(on_h100, "总结：SGLang 比 vLLM 快 3.6x。") == []  # (the same figure agrees)


@pytest.mark.parametrize("lines", [
    # stated on two GPUs: which one it restates, nothing tells
    ("SGLang 在 H100 上比 vLLM 快 3.6x。", "SGLang 在 A100 上比 vLLM 快 2x。", "总结：SGLang 比 vLLM 快 3.1x。"),
    ("SGLang 在 H100 上比 vLLM 快 3.6x。", "SGLang 在 A100 上比 TGI 快 2x。", "总结：SGLang 快 3.1x。"),
    # against another baseline: another figure
    ("SGLang 在 H100 上比 vLLM 快 3.6x。", "总结：SGLang 比 TGI 快 3.1x。"),
    # its clause says where it ran
    ("SGLang 在 H100 上比 vLLM 快 3.6x；Mac Studio 上 SGLang 比 vLLM 快 3.1x。",),
    # the engines' figures side by side on another GPU state their speed-up there too (1.30× on H100)
    ("SGLang ~16,200 vs vLLM ~12,500 tok/s on H100；SGLang ~8,100 vs vLLM ~6,800 tok/s on A100。",
     "在 A100 上 SGLang 比 vLLM 快 1.19 倍。", "SGLang 比 vLLM 快 1.3 倍。"),
    # a percentage change is not read on the only GPU
    ("SGLang 在 H100 上比 vLLM 吞吐提升 30%。", "SGLang 比 vLLM 吞吐提升 40%。"),
])
def test_no_false_disagreement(lines):
    assert messages(*lines) == []


def test_the_chinese_messages():
    text = EngineText("zh_CN")
    first, = messages("SGLang 在 H100 上比 vLLM 快 3.6x。", "总结：SGLang 比 vLLM 快 3.1x。")
    assert text(first[1]) == ("SGLang 相对 vLLM 的加速比：第 2 行的 3.1x（未写 GPU，按综述给出该数字的唯一 GPU H100 理解）与第 1 行的 "
                              "3.6x 不一致")
    # (it was taken for a ratio's message: "第 1, which names no GPU 行的 3.1x 不符（后者合 read as on H100, …）")
    second, = messages("总结：SGLang 比 vLLM 快 3.1x。", "SGLang 在 H100 上比 vLLM 快 3.6x。")
    assert text(second[1]) == ("SGLang H100 上的相对 vLLM 的加速比：第 2 行的 3.6x 与第 1 行的 3.1x（未写 GPU，按综述给出该数字的唯一 "
                               "GPU H100 理解）不一致")


def test_both_places_are_marked():
    text = "# 复述\n\nSGLang 在 H100 上比 vLLM 快 3.6x。\n\n总结：SGLang 比 vLLM 快 3.1x。\n"
    bad = inconsistent_places(analyze(text, house_pack()))
    assert (5, "SGLang", ("speedup", "×", "", "vLLM")) in bad
    assert (3, "SGLang", ("speedup", "×", "H100", "vLLM")) in bad
