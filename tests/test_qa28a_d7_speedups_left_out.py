"""QA28a D7: the speed-ups' chart kept the first 24 bars and said nothing of the others, so a restatement that
disagreed past them ("复述：SGLang 吞吐快 2.4×" after 12 engines' two speed-ups each) was never drawn, in the tab or
the report, its ⚠ on the 1.1× alone. Now up to 48 bars are drawn, every value of a figure that disagrees first, and
past that the chart (and the report's caption) says how many speed-ups are not drawn and where they are stated."""

from __future__ import annotations

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack

TWELVE = ["SGLang", "LMDeploy", "vLLM", "TensorRT-LLM", "TGI", "Ollama", "llama.cpp", "MLC LLM", "ExLlamaV2",
          "DeepSpeed-MII", "Dynamo", "NIM"]
MORE = ["Triton", "transformers", "LightLLM", "MindIE", "OpenVINO", "PowerInfer", "Xinference", "KTransformers",
        "MLX", "FasterTransformer", "llamafile", "ONNX Runtime"]


def survey(engines: list[str], restated: str) -> str:
    lines = ["# 倍数"] + [f"{e} 吞吐快 {1.1 + k / 5:.1f}×，TTFT 低 {1.5 + k / 5:.1f}×。" for k, e in enumerate(engines)]
    return "\n".join([*lines, restated]) + "\n"


def speedups(text: str, **kwargs):
    from editor_app.ui.figures_panel import build_charts

    return build_charts(analyze(text, house_pack()), **kwargs)[-1]


def test_the_restatement_past_24_bars_is_drawn_beside_the_value_it_disagrees_with(qapp):
    # the QA's v7.md: 12 engines × 2 speed-ups on lines 2-13, then line 14 restating SGLang's 1.1× as 2.4×
    chart = speedups(survey(TWELVE, "复述：SGLang 吞吐快 2.4×。"))
    assert len(chart.bars) == 25 and chart.not_drawn == 0 and "not drawn" not in chart.note  # every one drawn
    assert {(b.category, b.label, b.line) for b in chart.bars if b.highlighted} == {
        ("SGLang throughput", "1.1×", 2), ("SGLang throughput (2.4×)", "2.4×", 14)}
    # side by side, as the README says ("each speed-up says its lines next to the value it disagrees with")
    assert [b.category for b in chart.bars][:2] == ["SGLang throughput", "SGLang throughput (2.4×)"]


def test_past_the_cap_the_disagreeing_values_come_first_and_the_others_are_counted(qapp):
    from editor_app.ui.figures_panel import MAX_SPEEDUPS

    text = survey(TWELVE + MORE, "复述：ONNX Runtime TTFT 低 9.9×。")  # 49 speed-ups, the disagreeing pair last
    chart = speedups(text)
    assert len(chart.bars) == MAX_SPEEDUPS
    flagged = {(b.label, b.line) for b in chart.bars if b.highlighted}
    assert flagged == {("6.1×", 25), ("9.9×", 26)}  # both sides drawn, though past the cap
    assert chart.not_drawn == 1 and chart.not_drawn_lines == (25,)  # ONNX Runtime's throughput, 1.1 + 23 / 5
    assert chart.note == "1 more speed-up not drawn (L25)"
    assert sum(b.line == 25 for b in chart.bars) == 1  # ONNX Runtime's TTFT drawn, its throughput not


def test_the_report_says_so_in_its_caption_in_both_languages(qapp):
    from editor_app.ui.charts_render import draw_planned, planned_charts

    analysis = analyze(survey(TWELVE + MORE, "复述：ONNX Runtime TTFT 低 9.9×。"), house_pack())
    captions = {language: [caption for caption, _png in draw_planned(*planned_charts(analysis, language=language))]
                for language in ("en", "zh_CN")}
    assert captions["en"] == ["⚠ Stated speed-ups (×); 1 more speed-up not drawn (line 25)"]
    assert captions["zh_CN"] == ["⚠ 自报加速比（×）；另有 1 个加速比未画出（第 25 行）"]
