"""QA (the Figures tab, catching wrong engine numbers): "SGLang 比 vLLM 慢 2 倍" and "2× slower than vLLM" were read
as SGLang 2× faster than vLLM, so a reversed claim passed as the same figure; and "~16，200" (an input method's
comma) or "～１３，５００" (full-width digits) "disagreed" with the same figure written "16,200" (read as the range
16 to 16,200)."""

from __future__ import annotations

import dataclasses

import pytest

from editor_app.core.analyze import analyze
from editor_app.core.figure_check import figure_findings
from editor_app.core.figures import figures_in_line
from editor_app.core.rulepack import house_pack
from editor_app.wording import EngineText


def speedups(text: str) -> list[tuple[str, str, float]]:
    return [(v.engine, g.baseline, v.value) for g in figures_in_line(text) if g.kind == "speedup" for v in g.values]


def findings(*lines: str):
    groups = [dataclasses.replace(g, line=n) for n, line in enumerate(lines, 1) for g in figures_in_line(line)]
    return figure_findings(groups)


@pytest.mark.parametrize("text", ["SGLang 比 vLLM 慢 2 倍。", "SGLang is 2× slower than vLLM.",
                                  "SGLang is 2x slower than vLLM on H100."])
def test_slower_is_the_baseline_ahead(text):
    assert speedups(text) == [("vLLM", "SGLang", 2.0)]


def test_faster_stays_as_it_was():
    assert speedups("SGLang 比 vLLM 快 2 倍。") == [("SGLang", "vLLM", 2.0)]
    assert speedups("SGLang is 2× faster than vLLM.") == [("SGLang", "vLLM", 2.0)]


def test_slower_with_no_baseline_is_no_figure():
    assert speedups("新版本慢 2 倍。") == []


def test_each_stated_ahead_of_the_other_is_a_finding():
    found = findings("SGLang 比 vLLM 快 3.1 倍。", "SGLang 比 vLLM 慢 3.1 倍。")
    assert [(f.line, f.level) for f in found] == [(2, "warning")]
    assert found[0].message == ("vLLM speedup vs SGLang: 3.1 倍 at line 2 contradicts SGLang vs vLLM: 3.1 倍 at "
                                "line 1 (each stated ahead of the other)")
    assert EngineText("zh_CN")(found[0].message) == (
        "vLLM 加速比 相对 SGLang：第 2 行的 3.1 倍 与第 1 行 SGLang 相对 vLLM 的 3.1 倍 矛盾（两处说的快慢相反）")
    assert findings("SGLang 比 vLLM 快 3.1 倍。", "vLLM 比 SGLang 慢 3.1 倍。") == []  # the same claim twice


def test_the_sample_with_a_reversed_claim_fails_its_figure_rule(sample_text):
    assert next(r for r in analyze(sample_text, house_pack()).rules if r.id == "figure-consistency").status == "pass"
    lines = sample_text.split("\n")
    at = next(n for n, line in enumerate(lines) if "3.1×" in line and "SGLang" in line)
    # (the sample's own "3.1×" names no baseline: nothing it could contradict; and engines whose throughput the
    # sample does not state side by side, which a speed-up of them would be told against: test_figure_ratios.py)
    reversed_claim = "\n".join([*lines[:at + 1], "TensorRT-LLM 比 TGI 快 3.1 倍。", *lines[at + 1:at + 20],
                                 "TensorRT-LLM 比 TGI 慢 3.1 倍。", *lines[at + 20:]])
    rule = next(r for r in analyze(reversed_claim, house_pack()).rules if r.id == "figure-consistency")
    assert rule.status == "fail" and [f.line for f in rule.findings] == [at + 22]
    assert f"contradicts TensorRT-LLM vs TGI: 3.1 倍 at line {at + 2}" in rule.findings[0].message


@pytest.mark.parametrize("written", ["~16，200", "~16\u2009200", "～１６，２００"])
def test_a_figure_written_with_other_separators_or_digits_agrees_with_itself(written):
    assert findings("On H100, SGLang delivers ~16,200 tok/s versus ~12,500 tok/s for vLLM.",
                    f"On H100, SGLang delivers {written} tok/s versus ~12,500 tok/s for vLLM.") == []


@pytest.mark.parametrize("text, read", [
    ("SGLang １６，２００ tok/s vs vLLM １２，５００ tok/s", [("SGLang", 16200.0, "１６，２００"), ("vLLM", 12500.0, "１２，５００")]),
    ("Dynamo ４× lower TTFT", [("Dynamo", 4.0, "４×")]),
    ("SGLang 比 vLLM 快 ３ 倍", [("SGLang", 3.0, "３ 倍")]),
    ("SGLang 16,200 tok／s vs vLLM 12,500 tok/s", [("SGLang", 16200.0, "16,200"), ("vLLM", 12500.0, "12,500")]),
])
def test_an_input_methods_full_width_figures_are_read(text, read):
    """QA: '１６，２００ tok/s', '４× lower TTFT', '快 ３ 倍' were not read at all (only after a '～'), so a wrong number
    written so was never checked; the text shown is as written."""
    assert [(v.engine, v.value, v.text) for g in figures_in_line(text) for v in g.values] == read


def test_a_wrong_full_width_figure_disagrees():
    found = findings("On H100, SGLang delivers ~16,200 tok/s versus ~12,500 tok/s for vLLM.",
                     "H100 上 SGLang １６，２００ tok/s vs vLLM １３，５００ tok/s")
    assert [(f.line, f.measured, f.limit) for f in found] == [(2, 13500.0, 12500.0)]


@pytest.mark.parametrize("text", ["SGLang 较 vLLM 提速 3.1 倍。", "SGLang 3.1 倍于 vLLM。"])
def test_a_baseline_named_with_jiao_or_bei_yu(text):
    """QA: "较 vLLM" and "倍于 vLLM" named no baseline, so the figure was compared with one against another engine."""
    assert speedups(text) == [("SGLang", "vLLM", 3.1)]
    assert findings("SGLang 比 TGI 快 2 倍。", text) == []


@pytest.mark.parametrize("text, hardware", [("SGLang 在 8 卡 H100 上吞吐 16,200 tok/s。", "8×H100"),
                                            ("SGLang 在 8 张 H100 上吞吐 16,200 tok/s。", "8×H100"),
                                            ("SGLang 在单卡 H100 上吞吐 2,100 tok/s。", "H100"),
                                            ("8×H100 上 SGLang 16,200 tok/s", "8×H100")])
def test_a_gpu_count_written_in_chinese_is_kept(text, hardware):
    """QA: "8 卡 H100" and "单卡 H100" both read as H100, and their throughputs "disagreed"."""
    assert [g.hardware for g in figures_in_line(text)] == [hardware]


def test_eight_gpus_and_one_do_not_disagree():
    assert findings("SGLang 在 8 卡 H100 上吞吐 16,200 tok/s。", "SGLang 在单卡 H100 上吞吐 2,100 tok/s。") == []


def test_a_percentile_named_after_the_first_engine_is_the_label():
    """QA: "SGLang p99 TTFT 850 ms vs vLLM 1.2 s" and "SGLang p50 TTFT 300 ms …" lost their labels, so p50 and p99
    "disagreed" and were drawn in one chart."""
    p99, p50 = "SGLang p99 TTFT 850 ms vs vLLM 1.2 s", "SGLang p50 TTFT 300 ms vs vLLM 400 ms"
    assert [g.label for g in figures_in_line(p99) + figures_in_line(p50)] == ["p99 TTFT", "p50 TTFT"]
    assert findings(p99, p50) == []
    assert len(findings(p99, "SGLang p99 TTFT 300 ms vs vLLM 1.2 s")) == 1  # the same percentile, another value


def test_a_parenthesis_naming_its_engine_is_that_engines():
    """QA: "2026 Q2-Q3 实测精修（H100 上 SGLang 吞吐 1.7 万 tok/s，比 vLLM 快 3 倍，…）" gave the speed-up and the change
    to "Q2-Q3", the words before the parenthesis, and so compared them with no one's."""
    line = "2026 Q2-Q3 实测精修（H100 上 SGLang 吞吐 1.7 万 tok/s，比 vLLM 快 3 倍，p99 TTFT 比 vLLM 降低 40%）"
    assert [(g.kind, [v.engine for v in g.values], g.baseline) for g in figures_in_line(line)] == [
        ("value", ["SGLang"], ""), ("speedup", ["SGLang"], "vLLM"), ("change", ["SGLang"], "vLLM")]
    assert speedups("NVIDIA Dynamo 1.0（比 vLLM 快 2 倍）") == [("Dynamo", "vLLM", 2.0)]  # (as before)


@pytest.mark.parametrize("text, read", [("SGLang 比 vLLM 延迟降低 40％", [("SGLang", -40.0)]),
                                        ("SGLang 16,200 tok／s vs vLLM 12,500 tok／s", [("SGLang", 16200.0), ("vLLM", 12500.0)])])
def test_a_line_whose_only_cue_is_full_width_is_read(text, read):
    assert [(v.engine, v.value) for g in figures_in_line(text) for v in g.values] == read


def test_a_cost_written_after_meinian_is_per_year():
    """QA: "NIM 每年 $110,940" read as "$", so it was never compared with the sample's "$110,940/年"."""
    assert [g.unit for g in figures_in_line("NIM 每年 $110,940 vs vLLM 每年 $59,940")] == ["$/年"]
    assert findings("NIM $110,940/年 vs vLLM $59,940/年", "NIM 每年 $120,000 vs vLLM 每年 $59,940")[0].line == 2
