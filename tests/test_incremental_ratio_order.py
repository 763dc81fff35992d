"""An edit above side-by-side figures and a later speed-up naming them: the incremental pass equals a fresh one.

After an Enter above them, the lines with figure findings are compared again with every first statement already
recorded, the later ones too. "SGLang is 2× faster than vLLM" on line 6 was then read as said ahead of line 5's
"SGLang 14,900 tok/s vs vLLM 12,500 tok/s", and line 5 got a finding a fresh analysis doesn't give ("… make 1.19×,
not 2× as stated at line 6"): the window showed one more figure-consistency warning than survey-check.
(Found by a QA helper on an English survey, session 26.)"""

from __future__ import annotations

import pytest

from editor_app.core.analyze import Analyzer, analyze
from editor_app.core.rulepack import house_pack, load_pack
from editor_app.resources_path import resource_path

ENGLISH = """x
On a single H100, SGLang 16,200 tok/s.
Intro text here.
In our rerun SGLang 14,900 tok/s vs vLLM 12,500 tok/s on H100.
SGLang is 2× faster than vLLM on H100.
"""
CHINESE = """x
H100 上 SGLang 16,200 tok/s。
引言。
复测 SGLang 14,900 tok/s vs vLLM 12,500 tok/s（H100）。
SGLang 比 vLLM 快 2×（H100）。
"""
REVERSED = """x
On H100, SGLang is 3.1× faster than vLLM.
Intro text here.
On H100, vLLM is 3.1× faster than SGLang.
"""


def _figure_findings(analysis) -> list[tuple[int, int, str]]:
    return [(f.line, f.column, f.message) for f in analysis.findings if f.rule == "figure-consistency"]


def _incremental_and_fresh(before: str, after: str, pack):
    analyzer = Analyzer(pack)
    analyzer.analyze(before)
    return _figure_findings(analyzer.analyze(after)), _figure_findings(analyze(after, pack))


@pytest.mark.parametrize("text, split, english", [
    (ENGLISH, ("Intro text here.", "Intro text\nhere."), True),
    (CHINESE, ("引言。", "引\n言。"), False),
])
def test_an_enter_above_leaves_the_later_speedup_after_the_figures(text, split, english):
    pack = load_pack(resource_path("rulepacks", "english-markdown.toml")) if english else house_pack()
    incremental, fresh = _incremental_and_fresh(text, text.replace(*split), pack)
    assert incremental == fresh
    assert [(line, message.split(":")[0]) for line, _, message in fresh] == [
        (5, "SGLang throughput on H100"), (6, "SGLang throughput vs vLLM on H100")]
    assert "2× at line 6 disagrees with 14,900 vs 12,500 tok/s at line 5 (1.19×)" in fresh[1][2]


@pytest.mark.parametrize("edit", [
    lambda t: "\n" + t,  # every line moves
    lambda t: t.replace("On H100, SGLang", "On  H100, SGLang"),  # the first statement's line edited in place
    lambda t: t.replace("Intro text here.", "Intro\ntext here."),
])
def test_a_reversed_speedup_is_told_at_the_later_line_only(edit):
    pack = load_pack(resource_path("rulepacks", "english-markdown.toml"))
    after = edit(REVERSED)
    incremental, fresh = _incremental_and_fresh(REVERSED, after, pack)
    assert incremental == fresh
    assert len(fresh) == 1 and "contradicts SGLang vs vLLM: 3.1×" in fresh[0][2]
