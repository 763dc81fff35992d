"""QA28b D2: in a hard-wrapped paragraph ("… SGLang is 2× faster than vLLM on" / "H100, and the draft model …") the
speed-up's GPU, on the next line, was not read: a line's figures were read on that line alone, so the speed-up named
no GPU and was checked against the A100 figures stated above it, the message naming A100 ("SGLang throughput vs
vLLM on A100: 2× at line 9 disagrees with 7,900 vs 6,600 tok/s at line 7 (1.20×)"). A figure naming no GPU on a line
whose paragraph goes on on the next one now takes the GPU its clause names there, as the paragraph read whole
would, and keeps it as the survey is edited (the line before an edited line is read again)."""

from __future__ import annotations

import pytest

from pathlib import Path

from editor_app.core import figures
from editor_app.core.analyze import Analyzer, analyze
from editor_app.core.figures import figures_in_line
from editor_app.core.rulepack import house_pack, load_pack

ROOT = Path(__file__).resolve().parent.parent
ENGLISH = ROOT / "resources/rulepacks/english-markdown.toml"

WRAP = """# GPU test

Word count: 40

## 1 Throughput

On the older A100 nodes the gap narrows: SGLang 7,900 tok/s vs vLLM 6,600 tok/s.

Speculative decoding is mainstream. With speculation enabled, SGLang is 2× faster than vLLM on
H100, and the draft model shares its GPU.

## References

- none

— Jane Doe · 2026-11-30
"""


def consistency(analysis) -> list[tuple[int, str]]:
    return [(f.line, f.message) for f in analysis.findings if f.rule == "figure-consistency"]


def speedups(analysis) -> list[tuple[int, str | None]]:
    return [(g.line, g.hardware) for g in analysis.figures if g.kind == "speedup"]


def test_the_repro():
    got = analyze(WRAP, load_pack(ENGLISH))
    assert speedups(got) == [(9, "H100")]
    assert consistency(got) == []  # (no H100 figures side by side to tell it against)


def test_as_on_one_line():
    one = WRAP.replace(" on\nH100,", " on H100,")
    wrapped, joined = analyze(WRAP, load_pack(ENGLISH)), analyze(one, load_pack(ENGLISH))
    assert [(g.kind, g.hardware, g.baseline) for g in wrapped.figures] == \
        [(g.kind, g.hardware, g.baseline) for g in joined.figures]


@pytest.mark.parametrize("line, next_line, hardware", [
    ("SGLang is 2× faster than vLLM on", "H100, and the draft model shares its GPU.", ["H100"]),
    ("SGLang reaches 7,900 tok/s vs vLLM 6,600 tok/s on", "A100 nodes.", ["A100"]),
    ("SGLang 比 vLLM 快 2 倍（在", "H100 上）。", ["H100"]),  # (the parenthesis after the figure, as on one line)
    # the line ends its sentence, or the next line is a block of its own: nothing is carried on
    ("SGLang is 2× faster than vLLM.", "On H100, the draft model shares its GPU.", [None]),
    ("SGLang is 2× faster than vLLM", "- H100 nodes: …", [None]),
    ("SGLang is 2× faster than vLLM", "## H100", [None]),
    ("SGLang is 2× faster than vLLM", "| H100 | 16,200 |", [None]),
    ("SGLang is 2× faster than vLLM", "", [None]),
    # a new sentence on the next line: its GPU is not the figure's
    ("SGLang is 2× faster than vLLM. On", "H100 the gap is smaller.", [None]),
    # a figure naming its own GPU keeps it
    ("SGLang is 2× faster than vLLM on A100 and", "the gap on H100 is smaller.", ["A100"]),
])
def test_with_wrapped_gpus(line, next_line, hardware):
    assert [g.hardware for g in figures.with_wrapped_gpus(figures_in_line(line), line, next_line)] == hardware


def test_unchanged_groups_are_the_same_tuple():
    line = "SGLang is 2× faster than vLLM."
    groups = figures_in_line(line)
    assert figures.with_wrapped_gpus(groups, line, "H100 nodes") is groups


def test_edits_keep_the_wrapped_gpu():
    """Typing in the next line (the line numbers kept), lines inserted before it, and the next line itself replaced:
    each pass of one Analyzer gives what a fresh analysis of the text gives."""
    pack = load_pack(ENGLISH)
    az = Analyzer(pack)
    texts = [
        WRAP,
        WRAP.replace("H100, and", "H200, and"),  # the next line's GPU edited
        WRAP.replace("H100, and", "the host, and"),  # no GPU there any more
        WRAP.replace("H100, and", "H100, and\nnew text\n"),  # lines inserted after it
        WRAP.replace(" on\nH100,", " on\n\nH100,"),  # a blank line: the paragraph ends
        WRAP,
        WRAP.replace("mainstream.", "mainstream and old."),  # the wrapping line itself edited
    ]
    for text in texts:
        got = az.analyze(text)
        fresh = analyze(text, pack)
        assert speedups(got) == speedups(fresh), text
        assert consistency(got) == consistency(fresh), text
    assert speedups(az.analyze(WRAP.replace("H100, and", "H200, and"))) == [(9, "H200")]
    for first in texts:  # every edit from one to another
        for then in texts:
            az = Analyzer(pack)
            az.analyze(first)
            got, fresh = az.analyze(then), analyze(then, pack)
            assert (speedups(got), consistency(got)) == (speedups(fresh), consistency(fresh)), (first, then)


def test_chinese_lines_are_not_joined_across_sentences():
    text = "# 测试\n\nSGLang 在 A100 上 7,900 tok/s vs vLLM 6,600 tok/s。\nSGLang 比 vLLM 快 2 倍。\nH100 上另有测试。\n"
    assert speedups(analyze(text, house_pack())) == [(4, None)]
