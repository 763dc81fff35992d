"""Engine figures as authors write them, read the way a reader reads them (found by QA on the Figures tab)."""

from __future__ import annotations

import dataclasses

import pytest

from editor_app.core.figure_check import figure_findings
from editor_app.core.figures import figures_in_line


def values(text: str) -> list[tuple[str, str, list[tuple[str, float]]]]:
    return [(g.metric, g.unit, [(v.engine, v.value) for v in g.values]) for g in figures_in_line(text)]


def findings(*lines: str):
    groups = [dataclasses.replace(g, line=n) for n, line in enumerate(lines, 1) for g in figures_in_line(line)]
    return figure_findings(groups)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("On H100, SGLang delivers ~16,200 tok/s versus ~12,500 tok/s for vLLM.",
         [("throughput", "tok/s", [("SGLang", 16200.0), ("vLLM", 12500.0)])]),
        ("SGLang reaches 16,200 tok/s, higher than 12,500 tok/s for vLLM",
         [("throughput", "tok/s", [("SGLang", 16200.0)]), ("throughput", "tok/s", [("vLLM", 12500.0)])]),
        ("vLLM hits 12,500 tok/s, compared with 16,200 tok/s for SGLang.",
         [("throughput", "tok/s", [("vLLM", 12500.0)]), ("throughput", "tok/s", [("SGLang", 16200.0)])]),
    ],
)
def test_a_value_named_for_its_engine_after_it_is_that_engines(text, expected) -> None:
    """"A 16,200 versus 12,500 for B" gave B's 12,500 to A, and the check then said A disagreed with itself."""
    assert values(text) == expected
    assert findings(text) == []


def test_a_comparison_in_ms_and_s_is_one_comparison_in_the_unit_stated_first() -> None:
    """"vLLM 850 ms vs SGLang 1.2 s" was no figure at all (mixed units)."""
    (g,) = figures_in_line("p50 TTFT: vLLM 850 ms vs SGLang 1.2 s")
    assert (g.metric, g.unit, g.label) == ("latency", "ms", "p50 TTFT")
    assert [(v.engine, v.value, v.text) for v in g.values] == [("vLLM", 850.0, "850"), ("SGLang", 1200.0, "1.2 s")]
    (g,) = figures_in_line("TTFT：vLLM 1.2s vs SGLang 850ms vs TGI 900 毫秒")
    assert g.unit == "s" and [v.value for v in g.values] == [1.2, 0.85, 0.9]
    mixed = figures_in_line("vLLM 850 ms vs SGLang 1,200 tok/s")  # still no comparison: not one quantity
    assert [(g.kind, g.unit) for g in mixed] == [("value", "ms"), ("value", "tok/s")]


MS_AND_S = ["p50 TTFT: vLLM 850 ms vs SGLang 1.2 s",
            "后来又写 p50 TTFT：vLLM 0.85 s vs SGLang 1,200 ms",
            "再写 p50 TTFT: vLLM 2 s vs SGLang 1.2 s"]


def test_a_latency_restated_in_another_time_unit_is_compared() -> None:
    """"850 ms" in one place and "2 s" in another were never compared (the unit was part of the figure's key)."""
    (f,) = findings(*MS_AND_S)
    assert (f.line, f.measured, f.limit) == (3, 2.0, 0.85)  # both in the unit of line 3
    assert f.message == "vLLM p50 TTFT: 2 s at line 3 disagrees with 850 ms at line 1"
    assert findings(*MS_AND_S[:2]) == []  # 850 ms = 0.85 s


def test_the_figures_tab_draws_ms_and_s_in_one_chart_and_marks_both_places(qapp) -> None:
    from editor_app.core.analyze import analyze
    from editor_app.core.rulepack import house_pack
    from editor_app.ui.figures_panel import build_charts

    (chart,) = build_charts(analyze("\n".join(MS_AND_S) + "\n", house_pack()))
    assert chart.title == "p50 TTFT (ms)" and chart.series_names == ["L1, L2", "L3"]
    assert [(b.category, b.value, b.label, b.highlighted) for b in chart.bars] == [
        ("vLLM", 850.0, "850", True), ("SGLang", 1200.0, "1.2 s", False),
        ("vLLM", 2000.0, "2 s", True), ("SGLang", 1200.0, "1.2 s", False)]


def test_a_speedup_of_a_part_belongs_to_the_engine_the_line_is_about(sample_text: str) -> None:
    """Line 22 ("NVIDIA Dynamo 1.0（…）：… KV Cache Manager 4× lower TTFT") charted Dynamo's 4× under "KV Cache
    Manager", so a 3× there was never checked against "Dynamo 4× TTFT" on lines 46, 52 and 106."""
    lines = sample_text.splitlines()
    assert [(v.engine, g.label) for g in figures_in_line(lines[21]) for v in g.values] == [
        ("Dynamo", "TTFT"), ("Dynamo", "throughput"), ("Dynamo", "load")]
    assert "KV Cache Manager 4× lower TTFT" in lines[21]
    lines[21] = lines[21].replace("KV Cache Manager 4× lower TTFT", "KV Cache Manager 3× lower TTFT")
    assert [(f.line, f.measured, f.limit) for f in findings(*lines)] == [(46, 4.0, 3.0), (52, 4.0, 3.0),
                                                                         (106, 4.0, 3.0)]
    # a lead-in naming two engines says nothing about whose part a figure is
    (g,) = figures_in_line("SGLang v0.5.19 + vLLM V1（2026 Q3）：BCG 默认化（构建比 torch.compile 快 3.8~5.2×）")
    assert g.values[0].engine == "BCG"


def test_a_lead_in_engine_does_not_take_a_cited_papers_figure() -> None:
    (g,) = figures_in_line("vLLM：arXiv:2607.05708 吞吐 +1.21×~1.35×")
    assert g.values[0].engine == "arXiv:2607.05708"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("成本 NIM 11.1 万美元/年 vs vLLM 6.0 万美元/年",
         [("cost", "$/年", [("NIM", 111000.0), ("vLLM", 60000.0)])]),
        ("NIM 80 万元/年 vs vLLM 43 万元/年", [("cost", "¥/年", [("NIM", 800000.0), ("vLLM", 430000.0)])]),
        ("NIM 每年 11.1 万美元，vLLM 每年 6 万美元",  # ("每年": per year, as "万美元/年")
         [("cost", "$/年", [("NIM", 111000.0)]), ("cost", "$/年", [("vLLM", 60000.0)])]),
    ],
)
def test_costs_in_chinese_money_words(text, expected) -> None:
    """"NIM 11.1 万美元/年 vs vLLM 6.0 万美元/年" was charted as 11.1 vs 6.0 with no unit and no cost metric."""
    assert values(text) == expected


def test_a_cost_restated_in_money_words_is_checked_against_the_dollar_figure() -> None:
    assert findings("NIM $110,000 vs vLLM $59,000/年", "NIM 11 万美元/年 vs vLLM 5.9 万美元/年") == []
    (f,) = findings("NIM $110,000 vs vLLM $59,000/年", "NIM 11 万美元/年 vs vLLM 6.9 万美元/年")
    assert (f.line, f.measured, f.limit) == (2, 69000.0, 59000.0) and f.message.startswith("vLLM cost")


@pytest.mark.parametrize(
    ("text", "engine", "value", "written"),
    [
        ("SGLang 吞吐约为 vLLM 的 1.3 倍（8×A100）", "SGLang", 1.3, "1.3 倍"),
        ("SGLang 吞吐是 vLLM 的 1.3 倍左右", "SGLang", 1.3, "1.3 倍"),
        ("SGLang 吞吐约为 16,200 tok/s", "SGLang", 16200.0, "约为 16,200"),
        ("SGLang 快约为 3 倍", "SGLang", 3.0, "约为 3 倍"),
    ],
)
def test_approximate_in_chinese_words_stays_approximate(text, engine, value, written) -> None:
    """"约为 vLLM 的 1.3 倍" / "1.3 倍左右" / "约为 16,200" were drawn as exact figures (solid bars)."""
    (g,) = figures_in_line(text)
    assert [(v.engine, v.value, v.approx, v.text) for v in g.values] == [(engine, value, True, written)]


def test_exact_figures_stay_exact() -> None:
    assert [v.approx for g in figures_in_line("SGLang 吞吐是 vLLM 的 1.3 倍，大约领先一代；vLLM 12,500 tok/s")
            for v in g.values] == [False, False]


def test_speedup_labels_are_in_the_window_s_language(qapp, sample_text: str) -> None:
    """The Chinese window's speed-up chart read "Akashic MemAttention throughput", "BCG build", "Dynamo load"."""
    from editor_app.core.analyze import analyze
    from editor_app.core.rulepack import house_pack
    from editor_app.ui.figures_panel import build_charts

    analysis = analyze(sample_text, house_pack())
    was = qapp.property("survey_editor_language")
    try:
        qapp.setProperty("survey_editor_language", "zh_CN")
        categories = build_charts(analysis)[-1].categories
        assert {"Akashic MemAttention 吞吐", "Akashic MemAttention 请求率", "BCG 构建", "Dynamo 加载",
                "Dynamo TTFT", "SGLang"} <= set(categories)
        qapp.setProperty("survey_editor_language", "en")
        assert {"BCG build", "Dynamo load"} <= set(build_charts(analysis)[-1].categories)
    finally:
        qapp.setProperty("survey_editor_language", was)


def test_the_chinese_report_names_what_got_faster_in_chinese(qapp, sample_text: str) -> None:
    from editor_app.core.analyze import analyze
    from editor_app.core.rulepack import house_pack
    from editor_app.ui.figures_panel import build_charts
    from editor_app.wording import ReportWords

    speedups = build_charts(analyze(sample_text, house_pack()), words=ReportWords("zh_CN"))[-1]
    assert {"BCG 构建", "Dynamo 加载", "Akashic MemAttention 吞吐"} <= set(speedups.categories)


@pytest.mark.parametrize("text", ["vLLM: 12.5k tok/s vs SGLang: 16.2k tok/s", "vLLM：12,500 tok/s vs SGLang：16,200 tok/s"])
def test_engine_colon_value_is_one_comparison(text) -> None:
    """"vLLM: 12.5k tok/s vs SGLang: 16.2k tok/s" was no figure: each colon ended a clause."""
    assert values(text) == [("throughput", "tok/s", [("vLLM", 12500.0), ("SGLang", 16200.0)])]


def test_a_colon_after_a_label_still_leads_the_clause() -> None:
    (g,) = figures_in_line("p50 TTFT: vLLM 850 ms vs SGLang 620 ms")
    assert g.label == "p50 TTFT"


def test_each_value_belongs_to_the_engine_it_is_stated_on() -> None:
    """"from $110,940/yr on NIM to $59,940/yr on vLLM" gave vLLM's $59,940 to NIM (the name before it)."""
    text = "The cost drops from $110,940/yr on NIM to $59,940/yr on vLLM."
    # (per year in one unit whatever the wording: "/yr" is "/年", QA26e D4)
    assert values(text) == [("cost", "$/年", [("NIM", 110940.0)]), ("cost", "$/年", [("vLLM", 59940.0)])]
    assert findings(text) == []
    assert values("vLLM 1,200 req/s with TGI 800 req/s") == [  # "with" names no owner
        ("throughput", "req/s", [("vLLM", 1200.0)]), ("throughput", "req/s", [("TGI", 800.0)])]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Ollama (~45 tok/s) vs llama.cpp (~52 tok/s) on Apple M4 Max",
         [("throughput", "tok/s", [("Ollama", 45.0), ("llama.cpp", 52.0)])]),
        ("p99 TTFT：SGLang（54.2s）vs vLLM（58.9 s）", [("latency", "s", [("SGLang", 54.2), ("vLLM", 58.9)])]),
        ("SGLang（786 PRs）vs vLLM（1,200 PRs）", []),
        ("SGLang（2026-09）vs vLLM（2026-08）", []),
    ],
)
def test_values_in_parentheses_after_each_engine_are_a_comparison(text, expected) -> None:
    """"Ollama (~45 tok/s) vs llama.cpp (~52 tok/s)" was no figure: the values were inside parentheses."""
    assert values(text) == expected
    line = text
    for g in figures_in_line(text):
        assert all(line[v.column - 1:].startswith(v.text) for v in g.values)


def test_a_metric_named_by_its_own_word_is_the_same_figure_as_an_unnamed_one(qapp) -> None:
    """"吞吐 SGLang ~16,200 vs vLLM ~13,100（H100）" was never checked against "SGLang ~16,200 vs vLLM ~12,500 tok/s
    on H100" ("吞吐" was taken for a different quantity), and the two were drawn as two charts both titled 吞吐."""
    from editor_app.core.analyze import analyze
    from editor_app.core.rulepack import house_pack
    from editor_app.ui.figures_panel import build_charts

    lines = ["SGLang ~16,200 vs vLLM ~12,500 tok/s on H100", "吞吐 SGLang ~16,200 vs vLLM ~13,100 tok/s（H100）",
             "成本 NIM $110,940 vs vLLM $59,940/年", "NIM $110,940 vs vLLM $69,940/年"]
    assert [(f.line, f.message) for f in findings(*lines)] == [
        (2, "vLLM throughput on H100: ~13,100 tok/s at line 2 disagrees with ~12,500 tok/s at line 1"),
        (4, "vLLM cost: $69,940/年 at line 4 disagrees with $59,940/年 at line 3")]
    charts = build_charts(analyze("\n".join(lines) + "\n", house_pack()))
    assert [(c.title, c.series_names) for c in charts] == [("throughput (tok/s) · H100", ["L1", "L2"]),
                                                           ("cost ($/年)", ["L3", "L4"])]
    # a speed-up's measure still tells it apart: "1.3× throughput" is not plain "3.1× faster"
    assert findings("SGLang 3.1× faster", "SGLang 吞吐是 vLLM 的 1.3 倍") == []


def test_a_label_named_once_covers_the_clause_s_later_values() -> None:
    """"vLLM 的 p99 TTFT 为 58.9s，SGLang 为 54.2s" gave SGLang's 54.2 s no label: it was charted as a plain latency
    and never checked against SGLang's p99 TTFT elsewhere."""
    assert [(g.label, [(v.engine, v.value) for v in g.values]) for g in
            figures_in_line("vLLM 的 p99 TTFT 为 58.9s，SGLang 为 54.2s")] == [
        ("p99 TTFT", [("vLLM", 58.9)]), ("p99 TTFT", [("SGLang", 54.2)])]
    (f,) = findings("p99 TTFT SGLang 54.2s vs vLLM 58.9s", "vLLM 的 p99 TTFT 为 58.9s，SGLang 为 50.1s")
    assert (f.line, f.measured, f.limit) == (2, 50.1, 54.2)


def test_percentages_of_different_things_are_not_one_figure() -> None:
    """A hit rate and a utilisation were compared as "vLLM percent: 60 % … disagrees with 85 %": a false warning."""
    assert [(g.metric, g.label) for g in figures_in_line("vLLM 的 KV cache 命中率 85% vs SGLang 92%")] == [
        ("percent", "KV cache 命中率")]
    assert findings("vLLM 的 KV cache 命中率 85% vs SGLang 92%", "vLLM GPU 利用率 60% vs SGLang 70%") == []
    assert findings("vLLM 85% vs SGLang 92%", "vLLM 60% vs SGLang 70%") == []  # of what? not said: not compared
    (f,) = findings("vLLM 命中率 85% vs SGLang 92%", "vLLM 命中率 60% vs SGLang 92%")
    assert f.message == "vLLM 命中率: 60% at line 2 disagrees with 85% at line 1"


def test_a_comparison_part_is_the_engine_s_not_the_last_capitalised_word() -> None:
    """"vLLM 的 KV cache 命中率 85% vs SGLang 92%" charted 85% for an engine called "KV"."""
    assert values("vLLM 的 KV cache 命中率 85% vs SGLang 92%") == [("percent", "%", [("vLLM", 85.0), ("SGLang", 92.0)])]
    assert values("HF WebGPU Kernels 2.57 ms vs ONNX Runtime Web 6.6 ms") == [  # no known engine there: the names
        ("latency", "ms", [("HF WebGPU Kernels", 2.57), ("ONNX Runtime Web", 6.6)])]
