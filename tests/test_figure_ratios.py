"""A speed-up or change naming its baseline must be what the two engines' own figures make when the survey states
them side by side: "SGLang 比 vLLM 快 2 倍" beside "SGLang ~16,200 vs vLLM ~12,500 tok/s" (1.30×) is a wrong figure
that each place alone hides. Whichever is stated first, the finding is at the later place."""

from __future__ import annotations

import dataclasses
import random
from datetime import date

import pytest

from editor_app.core.analyze import Analyzer, analyze
from editor_app.core.figure_check import figure_findings
from editor_app.core.figures import figures_in_line
from editor_app.core.rulepack import house_pack
from editor_app.wording import EngineText

RAW = "在 H100 上 SGLang ~16,200 vs vLLM ~12,500 tok/s。"
TTFT = "TTFT：SGLang 54.2 s vs vLLM 58.9 s。"


def findings(*lines: str):
    groups = [dataclasses.replace(g, line=n) for n, line in enumerate(lines, 1) for g in figures_in_line(line)]
    return figure_findings(groups)


def messages(*lines: str) -> list[tuple[int, str]]:
    return [(f.line, f.message) for f in findings(*lines)]


def test_a_speedup_after_the_figures_it_contradicts():
    found = findings(RAW, "SGLang 比 vLLM 快 2 倍。")
    assert [(f.line, f.level, f.measured, round(f.limit, 3)) for f in found] == [(2, "warning", 2.0, 1.296)]
    assert found[0].message == ("SGLang throughput vs vLLM on H100: 2 倍 at line 2 disagrees with ~16,200 vs "
                                "~12,500 tok/s at line 1 (1.30×)")
    assert EngineText("zh_CN")(found[0].message) == (
        "H100 上 SGLang 吞吐 相对 vLLM：第 2 行的 2 倍 与第 1 行的 ~16,200 vs ~12,500 tok/s 不符（后者合 1.30×）")


def test_figures_after_the_speedup_they_contradict_are_the_finding():
    found = findings("SGLang 比 vLLM 快 2 倍。", RAW)
    assert [(f.line, f.column) for f in found] == [(2, RAW.index("~16,200") + 1)]
    assert found[0].message == ("SGLang throughput vs vLLM on H100: ~16,200 vs ~12,500 tok/s at line 2 make 1.30×, not "
                                "2 倍 as stated at line 1")
    assert (round(found[0].measured, 3), found[0].limit) == (1.296, 2.0)
    assert EngineText("zh_CN")(found[0].message) == (
        "H100 上 SGLang 吞吐 相对 vLLM：第 2 行的 ~16,200 vs ~12,500 tok/s 合 1.30×，而非第 1 行所说的 2 倍")


@pytest.mark.parametrize("said", [
    "SGLang 比 vLLM 快 1.3 倍。", "SGLang 吞吐比 vLLM 高 1.3 倍。", "SGLang is 1.3× faster than vLLM.",
    "SGLang 1.3x higher throughput than vLLM.", "SGLang 的吞吐是 vLLM 的 1.3 倍。", "SGLang 比 vLLM 吞吐高 30%。",
    "vLLM 比 SGLang 慢 1.3 倍。",  # (the baseline ahead: SGLang 1.3× over vLLM)
    "SGLang 比 vLLM 快 1.27 倍。",  # (within 5% of 1.296)
    "SGLang is 2x faster than SGLang-old.",  # (another baseline)
])
def test_what_the_figures_make_as_a_writer_rounds_it_agrees(said):
    assert findings(RAW, said) == []
    assert findings(said, RAW) == []


@pytest.mark.parametrize("said, implied", [
    ("SGLang 比 vLLM 快 1.5 倍。", "1.30×"), ("SGLang is 1.4× faster than vLLM.", "1.30×"),
    ("SGLang 比 vLLM 吞吐高 50%。", "+29.6%"), ("SGLang 比 vLLM 吞吐高 25%。", "+29.6%"),
    ("SGLang 比 vLLM 吞吐降低 30%。", "+29.6%"),  # (the wrong way)
    ("vLLM 比 SGLang 快 1.3 倍。", "0.77×"),  # (engines swapped)
    ("SGLang 比 vLLM 快 1 倍。", "1.30×"), ("SGLang 比 vLLM 快 2 倍。", "1.30×"),  # (rounded, but 23% and 54% off)
])
def test_what_the_figures_do_not_make_is_a_finding(said, implied):
    assert [f.line for f in findings(RAW, said)] == [2]
    assert findings(RAW, said)[0].message.endswith(f"({implied})")


def test_a_latency_speedup_is_the_baseline_time_over_the_engine_time():
    assert messages(TTFT, "SGLang 比 vLLM TTFT 低 2×。") == [
        (2, "SGLang TTFT vs vLLM: 2× at line 2 disagrees with 54.2 vs 58.9 s at line 1 (1.09×)")]
    assert findings(TTFT, "SGLang 比 vLLM TTFT 降低 8%。") == []
    assert [f.line for f in findings(TTFT, "SGLang 比 vLLM TTFT 降低 20%。")] == [2]
    # a speed-up naming no measure is of throughput: no throughput stated, nothing to compare
    assert findings(TTFT, "SGLang 比 vLLM 快 2 倍。") == []


def test_a_change_naming_no_measure_is_told_against_nothing():
    """"高 30%" of nothing named was read as a latency change and told against the latencies beside it."""
    assert findings(TTFT, "SGLang 比 vLLM 高 30%。") == []
    assert findings("延迟 SGLang 180 ms vs vLLM 240 ms。", "SGLang 比 vLLM 高 30%。") == []


def test_only_the_two_engines_stated_side_by_side_are_compared():
    assert findings(RAW, "SGLang 比 TGI 快 5 倍。") == []  # TGI's throughput is not stated
    assert findings("SGLang 16,200 tok/s。", "vLLM 12,500 tok/s。", "SGLang 比 vLLM 快 2 倍。") == []  # not side by side
    assert findings(RAW, "SGLang 快 2 倍。") == []  # no baseline named
    assert findings(RAW, "SGLang 比 vLLM 可持续请求率高 2 倍。") == []  # another measure


def test_the_figures_first_stated_side_by_side_are_the_ones_compared():
    later = "在 B200 上 SGLang 30,000 vs vLLM 15,000 tok/s。"
    assert [f.line for f in findings(RAW, later, "SGLang 比 vLLM 快 2 倍。")] == [3]
    assert [f.line for f in findings(RAW, later, "SGLang 比 vLLM 快 1.3 倍。")] == []


def test_the_sample_states_no_ratio_its_figures_contradict(sample_text):
    assert not [f for f in analyze(sample_text, house_pack()).findings if f.rule == "figure-consistency"]
    lines = sample_text.split("\n")
    at = next(n for n, line in enumerate(lines) if "~16,200 vs LMDeploy" in line)
    wrong = "\n".join([*lines[:at + 1], "SGLang 比 vLLM 快 2 倍。", *lines[at + 1:]])
    found = [f for f in analyze(wrong, house_pack()).findings if f.rule == "figure-consistency"]
    assert [(f.line, f.message[-7:]) for f in found] == [(at + 2, "(1.30×)")]


def test_edits_around_ratios_match_a_fresh_analysis(sample_text):
    """The ratio check keeps its first statements between passes as the figure check does: an edit that makes or
    unmakes one is compared again in full, whether lines keep their numbers or move."""
    snippets = ["\nSGLang 比 vLLM 快 2 倍。\n", "\nSGLang 比 vLLM 快 1.3 倍。\n", f"\n{RAW}\n", f"\n{TTFT}\n",
                "\nSGLang 比 vLLM TTFT 低 2×\n", "\nvLLM 比 SGLang 慢 1.3 倍\n", "\n", "字", "2", ""]
    rng = random.Random(11)
    today = date(2026, 12, 2)
    az = Analyzer(house_pack(), today=today)
    doc = "\n".join([sample_text, RAW, "SGLang 比 vLLM 快 2 倍。", sample_text])
    ratio_findings = 0
    for _ in range(40):
        at = rng.randrange(len(doc))
        op = rng.random()
        if op < 0.2:
            doc = doc[:at] + doc[at + rng.randint(1, 30):]
        else:
            doc = doc[:at] + rng.choice(snippets) + doc[at:]
        got = az.analyze(doc)
        assert got == analyze(doc, az.pack, today=today)
        ratio_findings += sum(1 for f in got.findings if f.message.endswith("×)") or " make " in f.message)
    assert ratio_findings > 0


@pytest.mark.parametrize("edit", ["in place", "with a line more"])
def test_a_line_becoming_the_first_side_by_side_statement_judges_the_speedups_before_and_after_it(edit, sample_text,
                                                                                                  monkeypatch):
    """Each engine's own figure stated earlier alone: the edited line is the first statement of no figure, but the
    first side by side one, which the speed-up before it and the one after it are told against."""
    from editor_app.core import analyze as analyze_mod

    lines = [sample_text, "在 H100 上 TensorRT-LLM 21,000 tok/s。", "在 H100 上 TGI 15,000 tok/s。",
             "TensorRT-LLM 比 TGI 快 2 倍。", "两者对比见下。", "TensorRT-LLM is 2× faster than TGI.", "结束。", sample_text]
    raw = "在 H100 上 TensorRT-LLM ~21,000 vs TGI ~15,000 tok/s。"
    today = date(2026, 12, 2)
    az = Analyzer(house_pack(), today=today)
    assert not [f for f in az.analyze("\n".join(lines)).findings if f.rule == "figure-consistency"]
    kept = []  # (the edit is checked incrementally, and the incremental check sees it must compare all again)
    for name in ("recheck_figures", "moved_check"):
        real = getattr(analyze_mod, name)
        monkeypatch.setattr(analyze_mod, name, lambda *args, real=real: kept.append(real(*args)) or kept[-1])
    lines[4] = raw if edit == "in place" else "两者对比见下。\n" + raw
    doc = "\n".join(lines)
    got = az.analyze(doc)
    assert kept == [None]
    assert got == analyze(doc, az.pack, today=today)
    assert [f.message.split(": ")[1].split(" at ")[0] for f in got.findings if f.rule == "figure-consistency"] == [
        "~21,000 vs ~15,000 tok/s", "2×"]


@pytest.mark.parametrize("lines, ending", [
    # QA (an editor checking engine figures): a percentile kept with its latency, so the speed-up is told against it
    (["p99 TTFT SGLang 180 ms vs vLLM 240 ms，SGLang 的 p99 TTFT 比 vLLM 快 2×。"], "(1.33×)"),
    (["p99 TTFT SGLang 180 ms vs vLLM 240 ms。", "SGLang 比 vLLM p99 TTFT 快 2 倍"], "(1.33×)"),
    (["p99 TTFT SGLang 180 ms vs vLLM 240 ms。", "SGLang p99 TTFT 4× lower than vLLM"], "(1.33×)"),
    # the measure named in Chinese, as the house writes it ("吞吐：…", "延迟 …")
    (["吞吐：SGLang ~16,200 vs vLLM ~12,500 tok/s，SGLang 比 vLLM 快 2 倍。"], "(1.30×)"),
    (["SGLang 与 vLLM 的吞吐分别为 16,200 与 12,500 tok/s，SGLang 比 vLLM 快 2 倍。"], "(1.30×)"),
    (["延迟 SGLang 180 ms vs vLLM 240 ms。", "SGLang 比 vLLM 延迟降低 40%。"], "(−25.0%)"),
    (["p99 首字延迟 SGLang 180 ms vs vLLM 240 ms", "SGLang p99 首字延迟比 vLLM 低 3 倍"], "(1.33×)"),
])
def test_the_measure_as_writers_name_it(lines, ending):
    found = findings(*lines)
    assert len(found) == 1 and found[0].message.endswith(ending), [f.message for f in found]


def test_a_percentile_speedup_is_another_figure_than_the_median_one():
    assert findings("SGLang 4× lower TTFT than vLLM.", "SGLang 2× lower p99 TTFT than vLLM.") == []


def test_the_pair_keeps_each_unit_when_they_differ():
    (found,) = findings("TTFT SGLang 0.18 s vs vLLM 240 ms。", "SGLang TTFT 比 vLLM 快 3 倍。")
    assert found.message == "SGLang TTFT vs vLLM: 3 倍 at line 2 disagrees with 0.18 s vs 240 ms at line 1 (1.33×)"


def test_messages_name_a_measure_one_way_in_either_language():
    """QA: "NIM 成本: …" beside "vLLM cost: …" in one English list, and "throughput on H100" left in English in the
    Chinese window."""
    found = findings("成本 NIM $110,940 vs vLLM $59,940/年", "NIM 约 12.1 万美元/年", "吞吐 SGLang ~16,200 tok/s on H100",
                     "SGLang ~16,800 tok/s on H100", "延迟 SGLang 180 ms vs vLLM 240 ms", "SGLang 比 vLLM 延迟降低 25%",
                     "SGLang 比 vLLM 延迟降低 40%")
    assert [f.message.split(":")[0] for f in found] == [
        "NIM cost", "SGLang throughput on H100", "SGLang latency change vs vLLM", "SGLang latency change vs vLLM"]
    say = EngineText("zh_CN")
    assert [say(f.message).split("：")[0] for f in found] == [
        "NIM 成本", "SGLang H100 上的吞吐", "SGLang 延迟变化 相对 vLLM", "SGLang 相对 vLLM 的延迟变化"]
