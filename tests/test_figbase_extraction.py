"""A speed-up records the engine it is measured against (figbase): FigureGroup.baseline."""

from __future__ import annotations

import pytest

from editor_app.core.figures import figures_in_line
from editor_app.core.model import FigureGroup, FigureValue


def speedups(text: str) -> list[tuple[str, float, str, str]]:
    return [(v.engine, v.value, g.label, g.baseline) for g in figures_in_line(text) if g.kind == "speedup"
            for v in g.values]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("SGLang 比 vLLM 快 2×", [("SGLang", 2.0, "", "vLLM")]),
        ("SGLang 3.1× faster than vLLM", [("SGLang", 3.1, "", "vLLM")]),
        ("SGLang 吞吐是 vLLM 的 1.3 倍", [("SGLang", 1.3, "throughput", "vLLM")]),
        ("相对 vLLM，SGLang TTFT 降低 4×", [("SGLang", 4.0, "TTFT", "vLLM")]),
        ("  相对于 vLLM 而言，SGLang TTFT 降低 4×", [("SGLang", 4.0, "TTFT", "vLLM")]),
        ("SGLang delivers 2× throughput over vLLM", [("SGLang", 2.0, "throughput", "vLLM")]),
        ("SGLang 2× vs vLLM", [("SGLang", 2.0, "", "vLLM")]),
        ("SGLang vs vLLM 快 2×", [("SGLang", 2.0, "", "vLLM")]),
        ("与 vLLM 相比，SGLang 快 2×", [("SGLang", 2.0, "", "vLLM")]),
        ("Compared to vLLM, SGLang is 2× faster", [("SGLang", 2.0, "", "vLLM")]),
        # ... for every speed-up of the clause, also after one whose subject is no known engine
        ("相对 vLLM，FooBar 快 2×、SGLang 快 3×", [("FooBar", 2.0, "", "vLLM"), ("SGLang", 3.0, "", "vLLM")]),
        ("NVIDIA Dynamo 1.0（x）：相对 vLLM，KV Cache Manager 快 4×", [("Dynamo", 4.0, "", "vLLM")]),
        # an alias is the engine's canonical name
        ("SGLang 比 TRT-LLM 快 1.2 倍", [("SGLang", 1.2, "", "TensorRT-LLM")]),
        ("DeepSeek V3 上 SGLang 比 vllm 快 3.1 倍", [("SGLang", 3.1, "", "vLLM")]),
        # a later speed-up of the same subject in the clause goes on against the same baseline ...
        ("SGLang 比 vLLM 吞吐快 2×、TTFT 低 3×", [("SGLang", 2.0, "throughput", "vLLM"), ("SGLang", 3.0, "TTFT", "vLLM")]),
        # ... unless it names its own
        ("LMDeploy 比 SGLang 快 1.2×，比 vLLM 快 2×", [("LMDeploy", 1.2, "", "SGLang"), ("LMDeploy", 2.0, "", "vLLM")]),
        ("Mixtral runs 2× faster with SGLang than vLLM", [("SGLang", 2.0, "", "vLLM")]),
        ("SGLang 吞吐 16.2k tok/s，是 vLLM（12.5k tok/s）的 1.3 倍。", [("SGLang", 1.3, "throughput", "vLLM")]),
        # no baseline named, or none the engine table knows: ""
        ("SGLang 3.1× faster", [("SGLang", 3.1, "", "")]),
        ("DeepSeek V3 上 SGLang 快 3.1 倍。", [("SGLang", 3.1, "", "")]),
        ("构建比 torch.compile piecewise 快 3.8~5.2×", [("", 5.2, "build", "")]),
        ("SGLang 2× over 3 runs", [("SGLang", 2.0, "", "")]),
        ("Dynamo：KV Cache Manager 4× lower TTFT", [("Dynamo", 4.0, "TTFT", "")]),
    ],
)
def test_the_baseline_a_speedup_names(text, expected) -> None:
    assert speedups(text) == expected


def test_the_sample_names_one_baseline(sample_text: str) -> None:
    """Line 30, "Apple M4 vs ONNX Runtime Web 1.30.0-dev 几何平均快 2.57×", is the sample's only named baseline."""
    named = [(n, g.baseline) for n, line in enumerate(sample_text.split("\n"), 1) for g in figures_in_line(line)
             if g.baseline]
    assert named == [(30, "ONNX Runtime Web")]


def test_other_figures_have_no_baseline() -> None:
    (g,) = figures_in_line("SGLang ~16,200 vs vLLM ~12,500 tok/s on H100")
    assert g.kind == "comparison" and g.baseline == ""


def test_a_group_made_without_it_names_no_baseline() -> None:
    """Code (and tests) that build a FigureGroup as before, positionally or by name, still can."""
    g = FigureGroup("speedup", "×", None, 3, [FigureValue("SGLang", 2.0, False)], "SGLang 快 2×", "speedup", "")
    assert g.baseline == "" and "baseline" not in _json_entry(g)
    g2 = FigureGroup("speedup", "×", None, 3, [FigureValue("SGLang", 2.0, False)], kind="speedup", baseline="vLLM")
    assert _json_entry(g2)["baseline"] == "vLLM" and g2 != g


def _json_entry(group: FigureGroup) -> dict:
    from editor_app.core.model import Analysis

    return Analysis(None, "p", {}, [], [], [], [], [], [group], []).to_dict()["figures"][0]
