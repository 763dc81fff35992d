"""Whose speed-up a Chinese sentence states, and what it measures (figsqa2 QA)."""

from __future__ import annotations

import pytest

from editor_app.core.figures import figures_in_line


def speedups(text: str) -> list[tuple[str, float, str, str | None]]:
    return [(v.engine, v.value, g.label, g.hardware) for g in figures_in_line(text) if g.kind == "speedup"
            for v in g.values]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the model the figure is measured on is no subject: "DeepSeek V3 上 SGLang 快 3.1 倍" was DeepSeek's
        ("DeepSeek V3 上 SGLang 快 3.1 倍。", [("SGLang", 3.1, "", None)]),
        ("Llama 3.1 70B 上 vLLM 比 TGI 快 2 倍（H100）", [("vLLM", 2.0, "", "H100")]),
        # ... but what runs on an engine keeps its figure
        ("LiteKV 在 vLLM 上快 2 倍", [("LiteKV", 2.0, "", None)]),
        ("Mixtral runs 2× faster with SGLang", [("SGLang", 2.0, "", None)]),
        # "是 X 的 N 倍": X is the baseline, the subject is the clause's ("是 vLLM 的 1.3 倍" was vLLM's)
        ("SGLang 吞吐 16.2k tok/s，是 vLLM（12.5k tok/s）的 1.3 倍。", [("SGLang", 1.3, "throughput", None)]),
        ("SGLang 的吞吐是 vLLM 的 1.3 倍", [("SGLang", 1.3, "throughput", None)]),
        ("TGI 在 A100 上的吞吐仅为 vLLM 的 0.6 倍。", [("TGI", 0.6, "throughput", "A100")]),
        ("TensorRT-LLM 在 B200 上比 vLLM 快 3 倍（2026-09-10 发布的 v1.3 基准）。", [("TensorRT-LLM", 3.0, "", "B200")]),
        ("SGLang 相比 vLLM 吞吐提升 1.5–2×（H200，DeepSeek V3）。", [("SGLang", 2.0, "throughput", "H200")]),
        ("在 H200 上 SGLang 比 vLLM 快 2.3×，在 B200 上快 3.4×。", [("SGLang", 2.3, "", "H200"), ("SGLang", 3.4, "", "B200")]),
    ],
)
def test_whose_speedup(text, expected) -> None:
    assert speedups(text) == expected


def test_a_range_keeps_its_text() -> None:
    (g,) = figures_in_line("SGLang 相比 vLLM 吞吐提升 1.5–2×（H200）")
    assert [(v.text, v.approx) for v in g.values] == [("1.5–2×", False)]


def test_a_speedup_item_with_a_word_of_its_own_takes_no_measure_from_the_item_before() -> None:
    assert [g.label for g in figures_in_line("Akashic 吞吐 +1.21×、可用性 +1.5×")] == ["throughput", ""]
    assert [g.label for g in figures_in_line("SGLang 吞吐 16,200 tok/s，比 vLLM 快 1.3 倍") if g.kind == "speedup"] == [
        "throughput"]


def test_a_part_named_first_keeps_its_speedup() -> None:
    """Only a run that says where ("DeepSeek V3 上") gives way to the engine after it."""
    assert speedups("ModelExpress 与 vLLM 集成后加载加速 7×") == [("ModelExpress", 7.0, "load", None)]
    assert speedups("Mixtral 与 SGLang 配合快 2 倍") == [("Mixtral", 2.0, "", None)]
    assert speedups("Llama 3.1 70B 下 TensorRT-LLM 快 1.8 倍") == [("TensorRT-LLM", 1.8, "", None)]
