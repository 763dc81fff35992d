"""QA28a D3: a figure restated without its GPU ("小结中 SGLang 吞吐 19,900 tok/s") was never compared with the same
figure stated on a GPU ("SGLang ~16,200 vs vLLM ~12,500 tok/s on H100"): the GPU is part of a figure's key, so the
contradiction passed. And "2.1 实测（H100 · …）：…；p50 TTFT：SGLang 为 320 毫秒" gave the latencies no GPU: only the
clause right before their colon was looked at, not the line's lead-in.

A figure naming no GPU is now compared with that figure on a GPU when the survey states it on one GPU only (a reader
takes it for that one), and the message says it was so read; stated on two GPUs or more it is compared only with
others naming none (no false disagreement between GPUs), nor is it read so when its line states the figure on a GPU
or its clause says where it ran on hardware the program does not know ("Mac Studio 上 …"). A latency after a lead-in
naming no GPU takes the line's lead-in's GPU."""

from __future__ import annotations

from dataclasses import replace

import pytest

from editor_app.core.analyze import analyze
from editor_app.core.figure_check import check_figures, moved_check, recheck_figures
from editor_app.core.figure_places import inconsistent_places
from editor_app.core.figures import figures_in_line
from editor_app.core.rulepack import house_pack
from editor_app.wording import EngineText

ON_H100 = "实测精修 = SGLang ~16,200 vs vLLM ~12,500 tok/s on H100。"
NOTE = "(no GPU named; read as on H100, the only GPU the survey states it on)"


def groups_of(lines: dict[int, str]) -> list:
    return [replace(g, line=n) for n, text in sorted(lines.items()) for g in figures_in_line(text)]


def messages(*lines: str) -> list[tuple[int, str]]:
    return [(f.line, f.message) for f in check_figures(groups_of(dict(enumerate(lines, 1)))).findings]


def test_a_restatement_naming_no_gpu_is_told_against_the_only_gpus_figure():
    assert messages(ON_H100, "小结中 SGLang 吞吐 19,900 tok/s。") == [
        (2, f"SGLang throughput: 19,900 tok/s at line 2 {NOTE} disagrees with ~16,200 tok/s at line 1")]
    assert messages(ON_H100, "小结中 SGLang 吞吐 16,200 tok/s。") == []  # (the same figure agrees)


def test_the_first_statement_naming_no_gpu():
    assert messages("小结中 SGLang 吞吐 19,900 tok/s。", ON_H100) == [
        (2, "SGLang throughput on H100: ~16,200 tok/s at line 2 disagrees with 19,900 tok/s at line 1, which names "
            "no GPU (read as on H100, the only GPU the survey states it on)")]


def test_the_chinese_message():
    text = EngineText("zh_CN")
    assert text(messages(ON_H100, "小结中 SGLang 吞吐 19,900 tok/s。")[0][1]) == \
        "SGLang 吞吐：第 2 行的 19,900 tok/s（未写 GPU，按综述给出该数字的唯一 GPU H100 理解）与第 1 行的 ~16,200 tok/s 不一致"


@pytest.mark.parametrize("lines", [
    # stated on two GPUs: which one it restates, nothing tells
    (ON_H100, "A100 上 SGLang 吞吐 9,800 tok/s。", "小结中 SGLang 吞吐 19,900 tok/s。"),
    ("小结中 SGLang 吞吐 19,900 tok/s。", ON_H100, "A100 上 SGLang 吞吐 9,800 tok/s。"),
    # its line, or its clause, says it is on other hardware
    ("H100 上 Ollama 吞吐 95 tok/s；Mac Studio 上 Ollama 吞吐 40 tok/s。",),
    ("H100 上 Ollama 吞吐 95 tok/s。", "Mac Studio 上 Ollama 吞吐 40 tok/s。"),
    # another unit, another label: other figures
    (ON_H100, "SGLang 吞吐 2,025 tok/s/GPU。"),
    ("H100 上 SGLang p50 TTFT 320 ms。", "SGLang p99 TTFT 900 ms。"),
])
def test_no_false_disagreement(lines):
    assert messages(*lines) == []


def test_a_latency_takes_the_lines_lead_in_gpu():
    line = ("2.1 实测（H100 · DeepSeek V3 · 2026-09）：SGLang ~16,200 vs vLLM ~12,500 tok/s；p50 TTFT：SGLang 为 320 "
            "毫秒，vLLM 为 0.41 秒。")
    assert [(g.metric, g.hardware) for g in figures_in_line(line)] == [
        ("throughput", "H100"), ("latency", "H100"), ("latency", "H100")]
    # two GPUs in the line's lead-in: which one, it does not say
    two = "实测（H100、A100）：SGLang ~16,200 vs vLLM ~12,500 tok/s；p50 TTFT：SGLang 为 320 毫秒。"
    assert [g.hardware for g in figures_in_line(two) if g.metric == "latency"] == [None]


def test_the_table_and_the_prose_disagree():
    text = ("# 实测\n\n2.1 实测（H100 · DeepSeek V3）：SGLang ~16,200 vs vLLM ~12,500 tok/s；p50 TTFT：SGLang 为 320 毫秒。\n\n"
            "| 引擎 | p50 TTFT（ms） | 硬件 |\n|---|---|---|\n| SGLang | 380 | H100 |\n")
    found = [(f.line, f.message) for f in analyze(text, house_pack()).findings if f.rule == "figure-consistency"]
    assert found == [(7, "SGLang p50 TTFT on H100: 380 ms at line 7 disagrees with 320 ms at line 3")]


def test_both_places_are_marked_in_their_charts():
    text = f"# 复述\n\n{ON_H100}\n\n小结中 SGLang 吞吐 19,900 tok/s。\n"
    bad = inconsistent_places(analyze(text, house_pack()))
    assert (5, "SGLang", ("throughput", "tok/s", "", "")) in bad
    assert (3, "SGLang", ("throughput", "tok/s", "H100", "")) in bad


def test_an_edit_changing_the_gpus_a_figure_is_stated_on_is_checked_whole():
    lines = {1: ON_H100, 2: "SGLang 吞吐 16,200 tok/s（H100）。", 3: "小结中 SGLang 吞吐 19,900 tok/s。"}
    prev = check_figures(groups_of(lines))
    assert [f.line for f in prev.findings] == [3]
    lines[2] = "SGLang 吞吐 16,200 tok/s（A100）。"  # now on two GPUs: line 3 is no longer read on H100
    assert recheck_figures(prev, {2: tuple(groups_of({2: lines[2]}))}) is None
    assert check_figures(groups_of(lines)).findings == []
    # an edit keeping the GPUs is compared alone, as a full check compares it
    lines[2] = "SGLang 吞吐 17,000 tok/s（H100）。"
    again = recheck_figures(prev, {2: tuple(groups_of({2: lines[2]}))})
    assert again is not None
    lines_h100 = dict(lines)
    assert [f.message for f in again.findings] == [f.message for f in check_figures(groups_of(lines_h100)).findings]
    # lines replaced, the later ones moved: the same
    moved = {1: ON_H100, 2: "SGLang 吞吐 16,200 tok/s（A100）。", 3: "新的一行。", 4: "小结中 SGLang 吞吐 19,900 tok/s。"}
    groups = {n: tuple(groups_of({n: t})) for n, t in moved.items()}
    assert moved_check(prev, 1, 2, 1, {id(g): replace(g, line=4) for g in groups_of({3: lines[3]})},
                       lambda i: groups[i + 1], {2: groups[2], 3: groups[3]}) is None
