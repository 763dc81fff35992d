"""QA28a D6: "年成本：vLLM $69,940 vs NIM $110,940" was a cost in plain $ (the yearly cost word counted only right
before the value), another figure than "$59,940/年", so the contradiction passed; "vLLM vs NIM：年成本 $59,940 vs
$110,940" gave no figure at all. A lead-in ending with a yearly cost word makes its clause's prices per year ($/年),
and values joined by vs with no engine named are those of the engines the lead-in names in that order."""

from __future__ import annotations

import pytest

from editor_app.core.analyze import analyze
from editor_app.core.figures import figures_in_line
from editor_app.core.rulepack import house_pack


def read(line: str) -> list[tuple[str, float, str]]:
    return [(v.engine, v.value, g.unit) for g in figures_in_line(line) for v in g.values]


@pytest.mark.parametrize("line, expected", [
    ("年成本：vLLM $59,940 vs NIM $110,940。", [("vLLM", 59940.0, "$/年"), ("NIM", 110940.0, "$/年")]),
    ("复述 4：年成本：vLLM $69,940 vs NIM $110,940。", [("vLLM", 69940.0, "$/年"), ("NIM", 110940.0, "$/年")]),
    ("vLLM vs NIM：年成本 $59,940 vs $110,940。", [("vLLM", 59940.0, "$/年"), ("NIM", 110940.0, "$/年")]),
    ("vLLM vs SGLang：p99 TTFT 58.9 s vs 54.2 s。", [("vLLM", 58.9, "s"), ("SGLang", 54.2, "s")]),
    ("成本：vLLM $59,940 vs NIM $110,940。", [("vLLM", 59940.0, "$"), ("NIM", 110940.0, "$")]),  # (not yearly)
])
def test_read(line, expected):
    assert read(line) == expected


@pytest.mark.parametrize("line", [
    "vLLM vs NIM：年成本 $59,940 vs $110,940 vs $1。",  # three values for two engines
    "vLLM vs 自建：年成本 $59,940 vs $110,940。",  # not each a known engine
])
def test_not_paired(line):
    assert read(line) == []


def test_a_wrong_yearly_cost_is_caught():
    text = "# 成本\n\nvLLM 决策（NIM $110,940 vs vLLM $59,940/年）。\n\n复述 4：年成本：vLLM $69,940 vs NIM $110,940。\n"
    found = [(f.line, f.message) for f in analyze(text, house_pack()).findings if f.rule == "figure-consistency"]
    assert found == [(5, "vLLM cost: $69,940/年 at line 5 disagrees with $59,940/年 at line 3")]
