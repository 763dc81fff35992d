"""fix27b 3: "它/之" as a baseline was read only when the other engine is named earlier in its own sentence; across a
sentence end ("vLLM 在 H100 上 12,500 tok/s。LMDeploy 比它快 3 倍。") the speed-up was not read at all, so a wrong one
went unflagged. It is read when the sentence before it on the line names exactly one engine (not the subject);
otherwise it is still not read (never a guess)."""

from __future__ import annotations

import dataclasses

import pytest

from editor_app.core.analyze import analyze
from editor_app.core.figure_check import figure_findings
from editor_app.core.figures import figures_in_line
from editor_app.core.rulepack import house_pack


def speedups(line: str) -> list[tuple[str, float, str]]:
    return [(v.engine, v.value, g.baseline) for g in figures_in_line(line) if g.kind == "speedup" for v in g.values]


@pytest.mark.parametrize("line, found", [
    ("vLLM 在 H100 上 12,500 tok/s。LMDeploy 比它快 3 倍。", [("LMDeploy", 3.0, "vLLM")]),
    ("vLLM 12,500 tok/s。LMDeploy 是它的 1.3 倍。", [("LMDeploy", 1.3, "vLLM")]),
    ("TGI 9,800 tok/s。与之相比，SGLang 快 1.65 倍。", [("SGLang", 1.65, "TGI")]),
    ("vLLM 12,500 tok/s。LMDeploy 比它快 3 倍，比 TGI 快 2 倍。", [("LMDeploy", 3.0, "vLLM"), ("LMDeploy", 2.0, "TGI")]),
])
def test_the_one_engine_of_the_sentence_before_is_the_baseline(line, found):
    assert speedups(line) == found


@pytest.mark.parametrize("line", [
    "vLLM 与 SGLang 在 H100 上相近。LMDeploy 比它快 3 倍。",  # two engines before: no guess
    "LMDeploy 在 H100 上 12,500 tok/s。LMDeploy 比它快 3 倍。",  # only the subject itself
    "vLLM 12,500 tok/s。这很好。LMDeploy 比它快 3 倍。",  # the sentence before names none (two back is not read)
    "LMDeploy 比它快 3 倍。",  # no sentence before
    "vLLM 12,500 tok/s。LMDeploy 比它们快 3 倍。",  # 它们: several
])
def test_otherwise_the_speedup_is_still_not_read(line):
    assert speedups(line) == []


def test_its_own_sentence_still_comes_first():
    # one other engine in its own sentence: that one, whatever the sentence before names
    assert speedups("vLLM 12,500 tok/s。TGI 9,800 tok/s，LMDeploy 比它快 3 倍。") == [("LMDeploy", 3.0, "TGI")]
    # two in its own sentence: not read, though the sentence before names one
    assert speedups("vLLM 12,500 tok/s。TGI 与 SGLang 相近，LMDeploy 比它快 3 倍。") == []


def test_a_wrong_speedup_across_sentences_is_flagged():
    lines = ["LMDeploy ~16,250 vs vLLM ~12,500 tok/s on H100。", "vLLM 在 H100 上 12,500 tok/s。LMDeploy 比它快 3 倍。"]
    groups = [dataclasses.replace(g, line=n) for n, line in enumerate(lines, 1) for g in figures_in_line(line)]
    assert [(f.line, f.message) for f in figure_findings(groups)] == [
        (2, "LMDeploy throughput vs vLLM on H100: 3 倍 at line 2 disagrees with ~16,250 vs ~12,500 tok/s at line 1 "
            "(1.30×)")]


def test_through_the_whole_analysis():
    text = "\n".join(["主题综述", "一、主题脉络", "1. LMDeploy ~16,250 vs vLLM ~12,500 tok/s。",
                      "2. vLLM 在 H100 上 12,500 tok/s。LMDeploy 比它快 3 倍。",
                      "3. vLLM 在 H100 上 12,500 tok/s。LMDeploy 比它快 1.3 倍。"])
    found = [(f.line, f.message) for f in analyze(text, house_pack()).findings if f.rule == "figure-consistency"]
    assert found == [(4, "LMDeploy throughput vs vLLM: 3 倍 at line 4 disagrees with ~16,250 vs ~12,500 tok/s at "
                         "line 3 (1.30×)"),
                     # (1.3× agrees with the pair; it is one figure stated otherwise at line 4)
                     (5, "LMDeploy speedup vs vLLM: 1.3 倍 at line 5 disagrees with 3 倍 at line 4")]
