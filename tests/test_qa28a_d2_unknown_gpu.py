"""QA28a D2: "昇腾 910B 上 vLLM 吞吐 5,200 tok/s，H100 上 vLLM 吞吐 12,500 tok/s" put the 910B figure on H100 (the
program knew no 昇腾/Ascend 910B, nor "M2 Ultra" / "Mac M3 Max" without "Apple"), and a one-value figure whose item
named no GPU took the first GPU its clause named, another item's, even a later one: a false disagreement and the
wrong hardware. Those GPUs are known now, and an item stating again, with no GPU, the figure another item of its
clause states on a GPU is on other hardware: it names none, not that item's."""

from __future__ import annotations

import pytest

from editor_app.core.analyze import analyze
from editor_app.core.figures import figures_in_line
from editor_app.core.rulepack import house_pack


def on(line: str) -> list[tuple[str, float, str | None]]:
    return [(v.engine, v.value, g.hardware) for g in figures_in_line(line) for v in g.values]


@pytest.mark.parametrize("line, expected", [
    ("昇腾 910B 上 vLLM 吞吐 5,200 tok/s，H100 上 vLLM 吞吐 12,500 tok/s。",
     [("vLLM", 5200.0, "昇腾 910B"), ("vLLM", 12500.0, "H100")]),
    ("Ascend 910B 上 MindIE 吞吐 5,200 tok/s。", [("MindIE", 5200.0, "Ascend 910B")]),
    ("H100 上 Ollama 吞吐 95 tok/s，M2 Ultra 上 Ollama 吞吐 40 tok/s。",
     [("Ollama", 95.0, "H100"), ("Ollama", 40.0, "M2 Ultra")]),
    ("单卡 RTX 4090 上 llama.cpp 吞吐 2,100 tok/s，Mac M3 Max 上 llama.cpp 吞吐 600 tok/s。",
     [("llama.cpp", 2100.0, "RTX 4090"), ("llama.cpp", 600.0, "M3 Max")]),
])
def test_these_gpus_are_known(line, expected):
    assert on(line) == expected


@pytest.mark.parametrize("line, expected", [
    # a GPU the program does not know, before or after the one it knows: the figure names none
    ("H100 上 Ollama 吞吐 95 tok/s，Mac Studio 上 Ollama 吞吐 40 tok/s。",
     [("Ollama", 95.0, "H100"), ("Ollama", 40.0, None)]),
    ("Mac Studio 上 Ollama 吞吐 40 tok/s，H100 上 Ollama 吞吐 95 tok/s。",
     [("Ollama", 40.0, None), ("Ollama", 95.0, "H100")]),
    # the clause's one GPU still covers other engines' figures, and another metric of the engine
    ("SGLang 16,200 tok/s，vLLM 12,500 tok/s（H100）。", [("SGLang", 16200.0, "H100"), ("vLLM", 12500.0, "H100")]),
    ("H100 上 Ollama 吞吐 95 tok/s，Ollama p50 延迟 40 ms。", [("Ollama", 95.0, "H100"), ("Ollama", 40.0, "H100")]),
])
def test_an_item_restating_the_figure_does_not_take_the_other_items_gpu(line, expected):
    assert on(line) == expected


def test_no_false_disagreement():
    text = ("# 硬件\n\n昇腾 910B 上 vLLM 吞吐 5,200 tok/s，H100 上 vLLM 吞吐 12,500 tok/s。\n\n"
            "H100 上 Ollama 吞吐 95 tok/s，Mac Studio 上 Ollama 吞吐 40 tok/s。\n\n"
            "单卡 RTX 4090 上 llama.cpp 吞吐 2,100 tok/s，Mac M3 Max 上 llama.cpp 吞吐 600 tok/s。\n")
    assert [f.message for f in analyze(text, house_pack()).findings if f.rule == "figure-consistency"] == []
