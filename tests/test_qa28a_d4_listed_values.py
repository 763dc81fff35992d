"""QA28a D4: "SGLang 19,900、vLLM 12,500 tok/s（H100）" and "SGLang 16,200 / vLLM 12,500 tok/s" gave only vLLM's
figure: SGLang's value had no unit after it and was dropped, so a wrong SGLang figure written so passed. A list of
engines' values joined by 、 or / shares the unit written after the last."""

from __future__ import annotations

import pytest

from editor_app.core.analyze import analyze
from editor_app.core.figures import figures_in_line
from editor_app.core.rulepack import house_pack


def read(line: str) -> list[tuple[str, float, str, str | None]]:
    return [(v.engine, v.value, g.unit, g.hardware) for g in figures_in_line(line) for v in g.values]


@pytest.mark.parametrize("line", [
    "吞吐：SGLang 16.2k / vLLM 12.5k tok/s（H100）。",
    "吞吐：SGLang 16,200 / vLLM 12,500 tok/s（H100）。",
    "SGLang 16,200 / vLLM 12,500 tok/s on H100.",
    "SGLang 16,200、vLLM 12,500 tok/s（H100）。",
])
def test_each_engine_of_the_list_has_its_value(line):
    assert read(line) == [("SGLang", 16200.0, "tok/s", "H100"), ("vLLM", 12500.0, "tok/s", "H100")]


def test_three_engines_and_seconds():
    assert read("p99 TTFT：SGLang 54.2、LMDeploy 55.0、vLLM 58.9 s。") == [
        ("SGLang", 54.2, "s", None), ("LMDeploy", 55.0, "s", None), ("vLLM", 58.9, "s", None)]


@pytest.mark.parametrize("line", [
    "vLLM 0.6、SGLang 0.4 均支持 12,500 tok/s 的负载。",  # versions, no list of figures
    "SGLang 16,200、A100 上 12,500 tok/s。",  # no engine named before the last value
])
def test_no_list_no_figure(line):
    assert not any(v.value in (0.6, 0.4, 16200.0) for g in figures_in_line(line) for v in g.values)


def test_a_wrong_figure_in_the_list_is_caught():
    text = ("# 复述\n\n实测精修 = SGLang ~16,200 vs vLLM ~12,500 tok/s on H100。\n\n"
            "复述 1：SGLang 19,900、vLLM 12,500 tok/s（H100）。\n")
    found = [(f.line, f.message) for f in analyze(text, house_pack()).findings if f.rule == "figure-consistency"]
    assert found == [(5, "SGLang throughput on H100: 19,900 tok/s at line 5 disagrees with ~16,200 tok/s at line 3")]
