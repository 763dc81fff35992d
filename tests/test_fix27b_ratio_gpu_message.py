"""fix27b 1: a speed-up or change told against the two engines' figures stated side by side, or against its reverse,
is keyed by its GPU ("3.1× on H100" and "2.0× on A100" are never compared), yet its message left the GPU out:
"SGLang throughput vs vLLM: 2 倍 at line 2 disagrees with …" did not say the figures were H100's. When the GPU is
known the message says it, as a plain disagreement does ("… vs vLLM on H100: …"), in English and in Chinese."""

from __future__ import annotations

import dataclasses

from editor_app.core.analyze import analyze
from editor_app.core.figure_check import figure_findings
from editor_app.core.figures import figures_in_line
from editor_app.core.rulepack import house_pack
from editor_app.wording import EngineText

PAIRS = "SGLang ~16,200 vs vLLM ~12,500 tok/s on H100；SGLang ~8,100 vs vLLM ~6,800 tok/s on A100。"


def messages(*lines: str) -> list[tuple[int, str]]:
    groups = [dataclasses.replace(g, line=n) for n, line in enumerate(lines, 1) for g in figures_in_line(line)]
    return [(f.line, f.message) for f in figure_findings(groups)]


def test_a_wrong_speedup_on_a_gpu_names_it_told_after_the_pair():
    assert messages(PAIRS, "在 A100 上 SGLang 比 vLLM 快 1.3 倍。") == [
        (2, "SGLang throughput vs vLLM on A100: 1.3 倍 at line 2 disagrees with ~8,100 vs ~6,800 tok/s at line 1 "
            "(1.19×)")]
    assert messages(PAIRS, "在 H100 上 SGLang 比 vLLM 快 2 倍。") == [
        (2, "SGLang throughput vs vLLM on H100: 2 倍 at line 2 disagrees with ~16,200 vs ~12,500 tok/s at line 1 "
            "(1.30×)")]


def test_a_wrong_speedup_on_a_gpu_names_it_told_before_the_pair():
    assert messages("在 A100 上 SGLang 比 vLLM 快 1.3 倍。", PAIRS) == [
        (2, "SGLang throughput vs vLLM on A100: ~8,100 vs ~6,800 tok/s at line 2 make 1.19×, not 1.3 倍 as stated at "
            "line 1")]


def test_a_speedup_naming_no_gpu_names_that_of_the_pair_it_is_told_against():
    assert messages(PAIRS, "SGLang 比 vLLM 快 2 倍。") == [
        (2, "SGLang throughput vs vLLM on H100: 2 倍 at line 2 disagrees with ~16,200 vs ~12,500 tok/s at line 1 "
            "(1.30×)")]
    # no GPU known on either side: no GPU said
    assert messages("SGLang ~16,200 vs vLLM ~12,500 tok/s。", "SGLang 比 vLLM 快 2 倍。") == [
        (2, "SGLang throughput vs vLLM: 2 倍 at line 2 disagrees with ~16,200 vs ~12,500 tok/s at line 1 (1.30×)")]


def test_a_change_and_a_latency_speedup_name_their_gpu():
    assert messages("SGLang ~16,200 vs vLLM ~12,500 tok/s on 8×H100。", "SGLang 比 vLLM 吞吐提升 80%（8×H100）。") == [
        (2, "SGLang throughput change vs vLLM on 8×H100: +80% at line 2 disagrees with ~16,200 vs ~12,500 tok/s at "
            "line 1 (+29.6%)")]
    assert messages("TTFT：SGLang 54.2 s vs vLLM 58.9 s（H100）。", "在 H100 上 SGLang 比 vLLM TTFT 低 2 倍。") == [
        (2, "SGLang TTFT vs vLLM on H100: 2 倍 at line 2 disagrees with 54.2 vs 58.9 s at line 1 (1.09×)")]


def test_a_reversed_speedup_names_its_gpu():
    assert messages("在 H100 上 SGLang 比 vLLM 快 2 倍。", "在 H100 上 vLLM 比 SGLang 快 2 倍。") == [
        (2, "vLLM speedup vs SGLang on H100: 2 倍 at line 2 contradicts SGLang vs vLLM: 2 倍 at line 1 (each stated "
            "ahead of the other)")]


def test_speedups_on_two_gpus_are_still_not_compared_and_one_gpu_twice_says_it():
    assert messages("SGLang 3.1× faster than vLLM on H100.", "SGLang 2.0× faster than vLLM on A100.") == []
    assert messages("SGLang 3.1× faster than vLLM on H100.", "SGLang 2.0× faster than vLLM on H100.") == [
        (2, "SGLang speedup vs vLLM on H100: 2.0× at line 2 disagrees with 3.1× at line 1")]


def test_the_chinese_window_says_the_gpu_in_chinese():
    zh = EngineText("zh_CN")
    (_, told_after), = messages(PAIRS, "在 A100 上 SGLang 比 vLLM 快 1.3 倍。")
    assert zh(told_after) == ("A100 上 SGLang 吞吐 相对 vLLM：第 2 行的 1.3 倍 与第 1 行的 ~8,100 vs ~6,800 tok/s 不符"
                              "（后者合 1.19×）")
    (_, told_before), = messages("在 A100 上 SGLang 比 vLLM 快 1.3 倍。", PAIRS)
    assert zh(told_before) == ("A100 上 SGLang 吞吐 相对 vLLM：第 2 行的 ~8,100 vs ~6,800 tok/s 合 1.19×，而非第 1 行所说的 "
                               "1.3 倍")
    (_, reversed_), = messages("在 H100 上 SGLang 比 vLLM 快 2 倍。", "在 H100 上 vLLM 比 SGLang 快 2 倍。")
    assert zh(reversed_) == ("H100 上 vLLM 加速比 相对 SGLang：第 2 行的 2 倍 与第 1 行 SGLang 相对 vLLM 的 2 倍 矛盾"
                             "（两处说的快慢相反）")
    for message in (told_after, told_before, reversed_):
        assert " on " not in zh(message)


def test_through_the_whole_analysis():
    text = "\n".join(["主题综述", "一、主题脉络", f"1. {PAIRS}", "2. 在 A100 上 SGLang 比 vLLM 快 1.3 倍。"])
    found = [f for f in analyze(text, house_pack()).findings if f.rule == "figure-consistency"]
    assert [(f.line, f.message.partition(":")[0]) for f in found] == [(4, "SGLang throughput vs vLLM on A100")]
