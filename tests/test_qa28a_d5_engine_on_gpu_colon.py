"""QA28a D5: "vLLM on H100: 9,000 tok/s." gave no figure: the clause was split at the colon, as it is unless a
known engine's name stands right before it, so the value after it had no engine. "ENGINE on GPU:" (and "@ GPU:",
"在 GPU 上：") followed by a value names whose value follows, as "ENGINE:" does."""

from __future__ import annotations

import pytest

from editor_app.core.analyze import analyze
from editor_app.core.figures import figures_in_line
from editor_app.core.rulepack import house_pack


def read(line: str) -> list[tuple[str, float, str, str | None]]:
    return [(v.engine, v.value, g.unit, g.hardware) for g in figures_in_line(line) for v in g.values]


@pytest.mark.parametrize("line, expected", [
    ("vLLM on H100: 9,000 tok/s.", [("vLLM", 9000.0, "tok/s", "H100")]),
    ("vLLM on A100: 7,400 tok/s.", [("vLLM", 7400.0, "tok/s", "A100")]),
    ("vLLM on 8x A100-80G: 7,400 tok/s.", [("vLLM", 7400.0, "tok/s", "8×A100")]),
    ("SGLang @ H100: 16,200 tok/s.", [("SGLang", 16200.0, "tok/s", "H100")]),
    ("复述 3：vLLM on H100: 9,000 tok/s.", [("vLLM", 9000.0, "tok/s", "H100")]),
])
def test_engine_on_gpu_before_the_colon(line, expected):
    assert read(line) == expected


@pytest.mark.parametrize("line", ["vLLM on top: 9,000 tok/s.", "Runs on H100: 9,000 tok/s."])
def test_no_engine_on_a_gpu_no_figure(line):
    assert read(line) == []


def test_a_wrong_figure_is_caught():
    text = "# 复述\n\n实测精修 = SGLang ~16,200 vs vLLM ~12,500 tok/s on H100。\n\n复述 3：vLLM on H100: 9,000 tok/s.\n"
    found = [(f.line, f.message) for f in analyze(text, house_pack()).findings if f.rule == "figure-consistency"]
    assert found == [(5, "vLLM throughput on H100: 9,000 tok/s at line 5 disagrees with ~12,500 tok/s at line 3")]
