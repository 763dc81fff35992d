"""QA29a D5: a latency or throughput of a system not on the built-in engine list ("TinyServe 的 p99 TTFT 950 ms") was
not read at all, while a speed-up of such a name is, so "p99 TTFT 850 ms" and "950 ms" of TinyServe never
disagreed. Such a figure is now read when the name is clearly its subject: the item's one run of names, at its start,
product-like (no model's name or size), with only the figure's own words between it and the value (的, a percentile
and metric, a parenthesis, the GPU it ran on, a verb of being or reaching, the level a change left). Prices, places
("ShareGPT 上"), counts ("Table 2") and models ("Llama 3 70B") are not."""

from __future__ import annotations

from pathlib import Path

import pytest

from editor_app.core import figures
from editor_app.core.analyze import analyze
from editor_app.core.figures import figures_in_line
from editor_app.core.rulepack import house_pack

ROOT = Path(__file__).resolve().parent.parent


def read(line: str) -> list[tuple]:
    return [(g.kind, g.metric, g.label, g.unit, g.hardware, [(v.engine, v.value) for v in g.values])
            for g in figures_in_line(line)]


@pytest.mark.parametrize("line, expected", [
    ("1. TinyServe（arXiv:2608.25561）把 p99 TTFT 从 2,400 ms 降到 850 ms。",
     [("value", "latency", "p99 TTFT", "ms", None, [("TinyServe", 850.0)])]),
    ("2. ⚠️ TinyServe 的 p99 TTFT 950 ms 在 8 并发下测得。",
     [("value", "latency", "p99 TTFT", "ms", None, [("TinyServe", 950.0)])]),
    ("TinyServe p99 TTFT 950 ms", [("value", "latency", "p99 TTFT", "ms", None, [("TinyServe", 950.0)])]),
    ("TinyServe reaches a p99 TTFT of 850 ms", [("value", "latency", "p99 TTFT", "ms", None, [("TinyServe", 850.0)])]),
    ("TinyServe 在 H100 上 1.2k tok/s", [("value", "throughput", "", "tok/s", "H100", [("TinyServe", 1200.0)])]),
    ("vLLM 12,500 tok/s，TinyServe 9,000 tok/s", [("value", "throughput", "", "tok/s", None, [("vLLM", 12500.0)]),
                                                ("value", "throughput", "", "tok/s", None, [("TinyServe", 9000.0)])]),
])
def test_a_named_systems_level_is_read(line, expected):
    assert read(line) == expected


@pytest.mark.parametrize("line", [
    "ShareGPT 上 p99 TTFT 850 ms",  # a place
    "Mac Studio 上 p99 TTFT 850 ms",
    "Table 2 的 p99 TTFT 850 ms",  # a count between
    "Llama 3 70B 1,200 tok/s",  # a model
    "Llama-3-70B 1,200 tok/s",
    "其中 TinyServe 的 p99 TTFT 950 ms",  # not the item's subject
    "TinyServe 在 8 并发下 p99 TTFT 950 ms",
    "TinyServe 850 ms",  # a bare time, no latency named
    "TinyServe 成本 $3.5/h",  # a price
    "TinyServe 比 vLLM 快 1.2k tok/s",  # a difference
    "TinyServe latency down 8 ms",  # a change
    "NVIDIA 报告 p99 TTFT 850 ms",
    "KV Cache 1.2k tok/s",  # a technical noun
])
def test_no_false_reading(line):
    assert read(line) == []


def test_the_repro_disagrees():
    text = ("§0 自检栏\n一、测试\n1. TinyServe（arXiv:2608.25561）把 p99 TTFT 从 2,400 ms 降到 850 ms。\n"
            "2. TinyServe 的 p99 TTFT 950 ms 在 8 并发下测得。\n")
    found = [(f.line, f.message) for f in analyze(text, house_pack()).findings if f.rule == "figure-consistency"]
    assert found == [(4, "TinyServe p99 TTFT: 950 ms at line 4 disagrees with 850 ms at line 3")]


def test_the_samples_figures_are_unchanged(monkeypatch):
    """The sample names no such system, nor a technical noun alone before a figure: its figures are those read
    without either rule (figures_in_line is not memoised: each pass reads every line)."""
    text = (ROOT / "resources/samples/llm-infra-2026-09-14.md").read_text(encoding="utf-8")
    now = analyze(text, house_pack())
    monkeypatch.setattr(figures._LineReader, "_system_named", lambda self, index, ia, start: None)
    monkeypatch.setattr(figures, "_TECH_NOUNS", frozenset())
    before = analyze(text, house_pack())
    assert len(now.figures) == 24
    assert now.figures == before.figures
    assert [f for f in now.findings if f.rule == "figure-consistency"] == \
        [f for f in before.findings if f.rule == "figure-consistency"]
