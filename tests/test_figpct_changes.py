"""Percentage changes against an engine (figpct): "SGLang 比 vLLM 延迟降低 40%" is SGLang's latency change vs vLLM, −40%."""

from __future__ import annotations

from dataclasses import replace

import pytest

from editor_app.core.analyze import analyze
from editor_app.core.figure_check import check_figures
from editor_app.core.figures import figures_in_line
from editor_app.core.rulepack import house_pack


def changes(line: str) -> list[tuple]:
    return [(v.engine, g.label, v.value, g.baseline, g.unit, g.metric) for g in figures_in_line(line)
            if g.kind == "change" for v in g.values]


@pytest.mark.parametrize("line, expected", [
    ("SGLang 比 vLLM 延迟降低 40%", ("SGLang", "latency", -40.0, "vLLM")),
    ("SGLang 吞吐提升 35%（相对 vLLM）", ("SGLang", "throughput", 35.0, "vLLM")),
    ("SGLang 比 vLLM 高 30%", ("SGLang", "", 30.0, "vLLM")),
    ("SGLang TTFT 下降 25%", ("SGLang", "TTFT", -25.0, "")),
    ("SGLang throughput 30% higher than vLLM", ("SGLang", "throughput", 30.0, "vLLM")),
    ("SGLang cuts p99 latency by 40% vs vLLM", ("SGLang", "p99 latency", -40.0, "vLLM")),
    ("SGLang achieves 40% lower latency than vLLM", ("SGLang", "latency", -40.0, "vLLM")),
    ("SGLang reduces TTFT by 25% compared to vLLM", ("SGLang", "TTFT", -25.0, "vLLM")),
    ("SGLang boosted throughput by 30% over vLLM", ("SGLang", "throughput", 30.0, "vLLM")),
    ("SGLang lowered latency by 20% compared to vLLM", ("SGLang", "latency", -20.0, "vLLM")),
    ("相对 vLLM，SGLang 延迟降低 40%", ("SGLang", "latency", -40.0, "vLLM")),
    ("SGLang 比 vLLM 显存少 20%", ("SGLang", "memory", -20.0, "vLLM")),
])
def test_a_change_is_read_with_its_sign_measure_and_baseline(line: str, expected: tuple) -> None:
    assert changes(line) == [(*expected, "%", "change")]


def test_a_clause_goes_on_with_its_subject_and_baseline() -> None:
    assert changes("SGLang 比 vLLM 延迟降低 40%，吞吐提升 35%") == [
        ("SGLang", "latency", -40.0, "vLLM", "%", "change"), ("SGLang", "throughput", 35.0, "vLLM", "%", "change")]
    # after a speed-up against vLLM, the change is against vLLM too
    assert changes("SGLang 比 vLLM 快 2×，延迟降低 40%") == [("SGLang", "latency", -40.0, "vLLM", "%", "change")]
    # a measure named in the item before
    assert changes("SGLang 吞吐 16.2k tok/s，比 vLLM 高 30%") == [("SGLang", "throughput", 30.0, "vLLM", "%", "change")]


def test_approx_and_hardware() -> None:
    (g,) = [g for g in figures_in_line("在 H100 上，SGLang 比 vLLM 的 TTFT 低约 25%") if g.kind == "change"]
    assert g.hardware == "H100" and g.values[0].approx and g.values[0].text == "约 25"


@pytest.mark.parametrize("line", [
    "verifiability 4/6 = 67%",
    "vLLM 占 40%",
    "vLLM 的 KV cache 命中率 92%",
    "vLLM GPU 利用率 85%",
    "SGLang 吞吐最高 40%",  # a level, not a change
    "SGLang 利用率提升到 40%",
    "SGLang 比 vLLM 高 3,000 tok/s",  # a difference, still no one's figure
    # a change whose subject is no known engine and which names no baseline: a paper's claim about itself
    "LiteKV（IEEE INFOCOM 2026）边缘 LLM 推理在线 KV cache 替换，内存降低 75%，保持 95% 解码效率 ⚠️",
])
def test_percentages_that_are_no_engine_change(line: str) -> None:
    assert changes(line) == []


def test_a_percent_comparison_stays_one() -> None:
    (g,) = figures_in_line("vLLM 的 KV cache 命中率 85% vs SGLang 92%")
    assert (g.kind, g.metric, g.label) == ("comparison", "percent", "KV cache 命中率")


def messages(lines: dict[int, str]) -> list[str]:
    groups = [replace(g, line=n) for n, text in sorted(lines.items()) for g in figures_in_line(text)]
    return [f.message for f in check_figures(groups).findings]


def test_changes_are_compared_like_with_like() -> None:
    # the same engine, measure, baseline and direction: they disagree, signed
    assert messages({1: "SGLang 比 vLLM 延迟降低 40%", 2: "SGLang latency 30% lower than vLLM"}) == [
        "SGLang latency change vs vLLM: −30% at line 2 disagrees with −40% at line 1"]
    # another baseline, none named, another measure, the other direction, another engine: other figures
    assert messages({1: "SGLang 比 vLLM 延迟降低 40%", 2: "SGLang 比 TGI 延迟降低 20%", 3: "SGLang 延迟降低 30%",
                     4: "SGLang 比 vLLM TTFT 降低 10%", 5: "SGLang 比 vLLM 延迟升高 5%", 6: "LMDeploy 比 vLLM 延迟降低 9%",
                     7: "SGLang 比 vLLM 高 30%", 8: "SGLang 比 vLLM 低 20%"}) == []
    # a change is no speed-up and no level: "快 30%" and "快 2×" never meet
    assert messages({1: "SGLang 比 vLLM 快 2×", 2: "SGLang 比 vLLM 快 30%"}) == []


def test_the_figures_tab_and_report_chart_leave_changes_out_the_report_table_lists_them(qapp) -> None:
    from editor_app.services.report import _figures_part
    from editor_app.ui import charts_render
    from editor_app.ui.figures_panel import build_charts
    from editor_app.wording import ReportWords

    analysis = analyze("# T\n\nSGLang 比 vLLM 延迟降低 40%，吞吐提升 35%。\n", house_pack())
    assert [g.kind for g in analysis.figures] == ["change", "change"]
    assert build_charts(analysis) == []
    assert charts_render.render_figure_charts(analysis) == []
    html = _figures_part(analysis, [], ReportWords("en"))
    assert "SGLang −40 vs vLLM" in html and "SGLang +35 vs vLLM" in html
    assert "变化" in _figures_part(analysis, [], ReportWords("zh_CN"))


def test_the_json_keeps_the_figures_field_names() -> None:
    (entry,) = analyze("# T\n\nSGLang 比 vLLM 延迟降低 40%\n", house_pack()).to_dict()["figures"]
    assert entry == {"metric": "change", "label": "latency", "unit": "%", "hardware": None, "line": 3, "kind": "change",
                     "sentence": "SGLang 比 vLLM 延迟降低 40%", "baseline": "vLLM",
                     "values": [{"engine": "SGLang", "value": -40.0, "approx": False}]}
