"""The Figures tab and the report say a speed-up's baseline (figbase): "SGLang vs vLLM", one bar a figure."""

from __future__ import annotations

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack

TEXT = ("# 测评\n\nSGLang 比 vLLM 快 2×。\n\nSGLang 比 TGI 快 3×。\n\nSGLang 3.1× faster than vLLM.\n\n"
        "SGLang 快 2×。\n")


def speedup_bars(analysis) -> dict[str, tuple[str, bool]]:
    from editor_app.ui.figures_panel import build_charts

    chart = build_charts(analysis)[-1]
    return {b.category: (b.places, b.highlighted) for b in chart.bars}


def test_the_figures_tab_draws_each_baseline_apart(qapp) -> None:
    bars = speedup_bars(analyze(TEXT, house_pack()))
    # against vLLM: 2× (line 3, and line 9 naming none restates it) beside the disagreeing 3.1× (line 7)
    assert bars == {"SGLang vs vLLM": ("L3, L9", True), "SGLang vs vLLM (3.1×)": ("L7", True),
                    "SGLang vs TGI": ("L5", False)}


def test_the_sample_restatements_join_the_bar_of_their_first_statement(qapp, sample_text: str) -> None:
    bars = speedup_bars(analyze(sample_text, house_pack()))
    assert bars["HF WebGPU Kernels vs ONNX Runtime Web · Apple M4"] == ("L30, L46, L52 (+1)", False)
    assert not any(name.startswith("HF WebGPU Kernels ·") for name in bars)


def test_the_report_chart_captions_say_the_baseline(qapp) -> None:
    from editor_app.ui.figures_panel import build_charts
    from editor_app.wording import ReportWords

    analysis = analyze(TEXT, house_pack())
    en = build_charts(analysis, words=ReportWords("en"))[-1]  # the report's charts are the tab's, in its words
    assert [(b.category, b.value, b.places) for b in en.bars] == [
        ("SGLang vs vLLM", 2.0, "L3, L9"), ("SGLang vs vLLM (3.1×)", 3.1, "L7"), ("SGLang vs TGI", 3.0, "L5")]
    zh = build_charts(analysis, words=ReportWords("zh_CN"))[-1]
    assert zh.categories == ["SGLang（相对 vLLM）", "SGLang（相对 vLLM） (3.1×)", "SGLang（相对 TGI）"]


def test_the_report_table_says_the_baseline() -> None:
    from editor_app.services.report import _figures_part
    from editor_app.wording import ReportWords

    html = _figures_part(analyze(TEXT, house_pack()), [], ReportWords("en"))
    assert "SGLang 2× vs vLLM" in html and "SGLang 3× vs TGI" in html and "SGLang 2×</td>" in html


def test_a_changed_baseline_changes_the_charts_signature() -> None:
    from editor_app.ui.figures_panel import figures_signature

    a = analyze("# T\n\nSGLang 比 vLLM 快 2×。\n", house_pack())
    b = analyze("# T\n\nSGLang 比 TGI 快 2×。\n", house_pack())
    assert figures_signature(a) != figures_signature(b)
