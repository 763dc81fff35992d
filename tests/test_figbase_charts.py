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
    from editor_app.ui import charts_render
    from editor_app.wording import ReportWords

    figures = analyze(TEXT, house_pack()).figures
    en = charts_render._distinct_speedups(figures, ReportWords("en"))
    assert [s[:3] for s in en] == [("SGLang vs vLLM", 2.0, [3, 9]), ("SGLang vs TGI", 3.0, [5]),
                                   ("SGLang vs vLLM", 3.1, [7])]
    zh = charts_render._distinct_speedups(figures, ReportWords("zh_CN"))
    assert [name for name, *_ in zh] == ["SGLang（相对 vLLM）", "SGLang（相对 TGI）", "SGLang（相对 vLLM）"]


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
