"""Throughputs in K and M (figpct): "1.2M tok/s" is 1,200,000 tok/s and "16.2K tok/s" 16,200, as "16.2k" and
"1.62 万" are; a bare M or B elsewhere stays no multiplier ("7B", "1M tokens")."""

from __future__ import annotations

from dataclasses import replace

import pytest

from editor_app.core.figure_check import check_figures
from editor_app.core.figures import figures_in_line


def values(line: str) -> list[tuple]:
    return [(v.engine, v.value, v.text, g.unit) for g in figures_in_line(line) for v in g.values]


@pytest.mark.parametrize("line, expected", [
    ("SGLang 1.2M tok/s", [("SGLang", 1_200_000.0, "1.2M", "tok/s")]),
    ("vLLM 1.2M req/s", [("vLLM", 1_200_000.0, "1.2M", "req/s")]),
    ("SGLang 16.2K tok/s", [("SGLang", 16_200.0, "16.2K", "tok/s")]),
    ("SGLang 16.2k tok/s", [("SGLang", 16_200.0, "16.2k", "tok/s")]),
    ("SGLang 1.2M tok/s vs vLLM 900K tok/s", [("SGLang", 1_200_000.0, "1.2M", "tok/s"),
                                             ("vLLM", 900_000.0, "900K", "tok/s")]),
])
def test_k_and_m_before_a_rate_multiply(line: str, expected: list) -> None:
    assert values(line) == expected


def test_a_bare_m_or_b_is_no_multiplier() -> None:
    assert values("SGLang 1M tokens 上下文") == []
    assert values("Llama 7B 上 SGLang 12,500 tok/s") == [("SGLang", 12_500.0, "12,500", "tok/s")]


def test_a_rate_in_m_agrees_with_the_same_figure_in_full() -> None:
    lines = {1: "SGLang 1,200,000 tok/s", 2: "SGLang 1.2M tok/s", 3: "SGLang 1,234,000 tok/s", 4: "SGLang 1.3M tok/s"}
    groups = [replace(g, line=n) for n, text in lines.items() for g in figures_in_line(text)]
    assert [f.message for f in check_figures(groups).findings] == [
        "SGLang throughput: 1,234,000 tok/s at line 3 disagrees with 1,200,000 tok/s at line 1",
        "SGLang throughput: 1.3M tok/s at line 4 disagrees with 1,200,000 tok/s at line 1"]
