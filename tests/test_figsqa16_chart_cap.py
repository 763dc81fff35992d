"""QA (an editor checking engine figures): a chart of more than six statements drew the first six, so six
statements filled it and the restatement that disagreed ("复测：SGLang ~16,800 tok/s on H100") was the one left out,
its ⚠ on the right value alone. The series holding a disagreeing figure are drawn first. (The QA's six were a table's
rows, one statement since QA28a D8: here they are six paragraphs.)"""

from __future__ import annotations

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack
from editor_app.ui.figures_panel import MAX_SERIES, build_charts

ROWS = [("SGLang", "16,200"), ("vLLM", "12,500"), ("TGI", "8,100"), ("LMDeploy", "16,000"), ("TensorRT-LLM", "17,000"),
        ("llama.cpp", "3,000")]


def survey(*after: str) -> str:
    paragraphs = [part for e, v in ROWS for part in (f"{e} {v} tok/s on H100。", "")]  # L4, L6, ... L14
    return "\n".join(["主题综述 · t（2026-10-02）", "§0 自检栏", "一、主题", *paragraphs, *after, "qa · v1"])


def throughput(text: str):
    return next(c for c in build_charts(analyze(text, house_pack())) if c.title.startswith("throughput"))


def test_the_disagreeing_restatement_is_drawn_beside_the_figure_it_disagrees_with():
    chart = throughput(survey("复测：SGLang ~16,800 tok/s on H100。"))
    assert len(chart.series_names) == MAX_SERIES
    assert "L16" in chart.series_names and "L4" in chart.series_names  # both places of the disagreement
    assert {(b.line, b.label) for b in chart.bars if b.highlighted} == {(4, "16,200"), (16, "~16,800")}
    assert chart.note.endswith("1 more statement not drawn (L14)")  # (was "differing": it may agree)
    assert chart.series_names == sorted(chart.series_names, key=lambda n: int(n[1:]))  # in the survey's order


def test_with_nothing_disagreeing_the_first_statements_are_drawn():
    chart = throughput(survey("复测：TGI ~9,000 tok/s on A100。", "另：vLLM 12,500 tok/s on H100。", "Ollama 900 tok/s on H100"))
    assert [n.split(",")[0] for n in chart.series_names] == [f"L{n}" for n in range(4, 16, 2)]
    assert not any(b.highlighted for b in chart.bars)
