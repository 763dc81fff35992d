"""fix27b 2: a range of a throughput or a latency ("12,000~16,200 tok/s", "54.2–58.9s") was read as its upper value
alone ("16,200"): a single value inside it elsewhere ("14,000 tok/s") disagreed with it, and the chart drew a plain
bar. A range is now carried as a speed-up's range ("3.8~5.2×") is: the value its upper end (so the JSON's "value"),
the text the range as written, both ends told by figure_check.value_span; a single value inside it, its ends
included, agrees, one outside or another range disagrees; the chart draws it solid to its lower end, pale above."""

from __future__ import annotations

import dataclasses
import json

import pytest

from editor_app.core.analyze import analyze
from editor_app.core.figure_check import figure_findings, value_span
from editor_app.core.figure_tables import figure_columns, figures_in_row
from editor_app.core.figures import figures_in_line
from editor_app.core.rulepack import house_pack


def groups(*lines: str):
    return [dataclasses.replace(g, line=n) for n, line in enumerate(lines, 1) for g in figures_in_line(line)]


def messages(*lines: str) -> list[tuple[int, str]]:
    return [(f.line, f.message) for f in figure_findings(groups(*lines))]


@pytest.mark.parametrize("line, value, text, span", [
    ("SGLang 12,000~16,200 tok/s on H100", 16200, "12,000~16,200", (12000, 16200)),
    ("SGLang 12,000–16,200 tok/s on H100", 16200, "12,000–16,200", (12000, 16200)),
    ("vLLM 的 p99 TTFT 为 54.2–58.9s", 58.9, "54.2–58.9", (54.2, 58.9)),
    ("SGLang 吞吐 1.2万~1.6万 tok/s", 16000, "1.2万~1.6万", (12000, 16000)),
    ("SGLang 吞吐 1.2~1.6万 tok/s", 16000, "1.2~1.6万", (12000, 16000)),
    ("SGLang 12k~16k tok/s", 16000, "12k~16k", (12000, 16000)),
    ("SGLang 12,000 至 16,200 tok/s", 16200, "12,000 至 16,200", (12000, 16200)),
    ("SGLang 12,000 ~ 16,200 tok/s", 16200, "12,000 ~ 16,200", (12000, 16200)),
    ("SGLang 1.2M~1.6M tok/s", 1.6e6, "1.2M~1.6M", (1.2e6, 1.6e6)),
])
def test_a_range_is_one_value_its_upper_end_with_both_ends_in_its_span(line, value, text, span):
    (g,) = figures_in_line(line)
    (v,) = g.values
    assert (v.value, v.text, v.approx) == (value, text, False)
    assert value_span(v) == span
    assert v.column == line.index(text) + 1  # (where the range starts, as a speed-up's)


def test_a_range_in_a_comparison_and_converted_to_the_comparisons_unit():
    (g,) = figures_in_line("SGLang 12,000~16,200 vs vLLM 12,500 tok/s on H100")
    assert [(v.engine, v.value, v.text) for v in g.values] == [("SGLang", 16200, "12,000~16,200"),
                                                               ("vLLM", 12500, "12,500")]
    (g,) = figures_in_line("p99 TTFT：vLLM 1.5 s vs SGLang 850~900 ms")
    sglang = g.values[1]
    assert (g.unit, sglang.value, sglang.text) == ("s", 0.9, "850~900 ms")
    assert value_span(sglang) == (0.85, 0.9)


def test_what_is_no_range_of_a_throughput_or_a_latency_is_read_as_before():
    # "from … to …" is a change; "4 ~16,200" is about 16,200; ends in other magnitudes, a falling range, memory
    assert [v.text for g in figures_in_line("vLLM went from 12,000 to 16,200 tok/s") for v in g.values] == ["16,200"]
    assert [(v.text, v.approx) for g in figures_in_line("SGLang 4 ~16,200 tok/s") for v in g.values] == \
        [("~16,200", True)]
    assert [v.text for g in figures_in_line("SGLang 9,800~1.2万 tok/s") for v in g.values] == ["1.2万"]
    assert [v.text for g in figures_in_line("SGLang 16,200~12,000 tok/s") for v in g.values] == ["12,000"]
    assert [v.text for g in figures_in_line("vLLM 40~45 vs SGLang 38 GB") for v in g.values] == ["45", "38"]
    assert [v.text for g in figures_in_line("SGLang 3.8~5.2× faster than vLLM") for v in g.values] == ["3.8~5.2×"]


def test_a_value_inside_a_throughput_range_agrees_one_outside_disagrees():
    assert messages("SGLang 12,000~16,200 tok/s on H100。", "SGLang 14,000 tok/s on H100。",
                    "SGLang 12,000 tok/s on H100。", "SGLang 16,200 tok/s on H100。") == []
    assert messages("SGLang 14,000 tok/s on H100。", "SGLang 12,000~16,200 tok/s on H100。") == []  # either first
    assert messages("SGLang 12,000~16,200 tok/s on H100。", "SGLang 17,000 tok/s on H100。") == [
        (2, "SGLang throughput on H100: 17,000 tok/s at line 2 disagrees with 12,000~16,200 tok/s at line 1")]
    # another range, even one inside it, disagrees (one figure, one number everywhere)
    assert messages("SGLang 12,000~16,200 tok/s on H100。", "SGLang 13,000~16,200 tok/s on H100。") == [
        (2, "SGLang throughput on H100: 13,000~16,200 tok/s at line 2 disagrees with 12,000~16,200 tok/s at line 1")]


def test_a_value_inside_a_latency_range_agrees_in_s_or_ms():
    assert messages("vLLM 的 p99 TTFT 为 54.2–58.9s。", "vLLM 的 p99 TTFT 为 56s。", "vLLM 的 p99 TTFT 为 54,200 ms。") == []
    assert messages("vLLM 的 p99 TTFT 为 54.2–58.9s。", "vLLM 的 p99 TTFT 为 53,000 ms。") == [
        (2, "vLLM p99 TTFT: 53,000 ms at line 2 disagrees with 54.2–58.9 s at line 1")]
    assert messages("SGLang 吞吐 1.2万~1.6万 tok/s。", "SGLang 吞吐 13,000 tok/s。") == []
    assert messages("SGLang 吞吐 1.2万~1.6万 tok/s。", "SGLang 吞吐 11,000 tok/s。") == [
        (2, "SGLang throughput: 11,000 tok/s at line 2 disagrees with 1.2万~1.6万 tok/s at line 1")]


def test_a_table_cell_holding_a_range():
    columns = figure_columns("| 引擎 | 吞吐（tok/s） | p99 TTFT（s） | 吞吐（万 tok/s） |", "|---|---|---|---|")
    found = figures_in_row("| SGLang | 12,000~16,200 | 54.2–58.9 | 1.2~1.6 |", columns)
    assert [(g.unit, v.value, v.text, value_span(v)) for g in found for v in g.values] == [
        ("tok/s", 16200, "12,000~16,200", (12000, 16200)), ("s", 58.9, "54.2–58.9", (54.2, 58.9)),
        ("tok/s", 16000, "1.2~1.6 万", (12000, 16000))]


def test_the_json_carries_the_upper_end_and_the_lower_as_for_a_speedup_range():
    analysis = analyze("SGLang 12,000~16,200 tok/s on H100。\nSGLang 3.8~5.2× faster than vLLM。\n", house_pack())
    figures = json.loads(json.dumps(analysis.to_dict()))["figures"]
    assert [f["values"] for f in figures] == [
        [{"engine": "SGLang", "value": 16200.0, "approx": False, "low": 12000.0}],
        [{"engine": "SGLang", "value": 5.2, "approx": False, "low": 3.8}]]


def test_the_figures_tab_draws_the_range_solid_to_its_lower_end(qapp):
    from editor_app.ui.figures_panel import build_charts

    text = "SGLang 12,000~16,200 vs vLLM 12,500 tok/s on H100。\nSGLang 14,000 vs vLLM 12,500 tok/s on H100。\n" \
           "p99 TTFT：SGLang 54.2–58.9 s vs vLLM 60 s（H100）。\n"
    charts = {c.title: c for c in build_charts(analyze(text, house_pack()))}
    throughput = charts["throughput (tok/s) · H100"]
    assert [(b.category, b.label, b.low) for b in throughput.bars] == [
        ("SGLang", "12,000~16,200", 12000), ("vLLM", "12,500", None), ("SGLang", "14,000", None),
        ("vLLM", "12,500", None)]
    assert not any(b.highlighted for b in throughput.bars)  # 14,000 is inside 12,000~16,200
    latency = charts["p99 TTFT (s) · H100"]
    assert [(b.label, b.low) for b in latency.bars] == [("54.2–58.9", 54.2), ("60", None)]
