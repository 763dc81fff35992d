"""Engine figures as authors write them, read the way a reader reads them (found by QA on the Figures tab)."""

from __future__ import annotations

import dataclasses

import pytest

from editor_app.core.figure_check import figure_findings
from editor_app.core.figures import figures_in_line


def values(text: str) -> list[tuple[str, str, list[tuple[str, float]]]]:
    return [(g.metric, g.unit, [(v.engine, v.value) for v in g.values]) for g in figures_in_line(text)]


def findings(*lines: str):
    groups = [dataclasses.replace(g, line=n) for n, line in enumerate(lines, 1) for g in figures_in_line(line)]
    return figure_findings(groups)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("On H100, SGLang delivers ~16,200 tok/s versus ~12,500 tok/s for vLLM.",
         [("throughput", "tok/s", [("SGLang", 16200.0), ("vLLM", 12500.0)])]),
        ("SGLang reaches 16,200 tok/s, higher than 12,500 tok/s for vLLM",
         [("throughput", "tok/s", [("SGLang", 16200.0)]), ("throughput", "tok/s", [("vLLM", 12500.0)])]),
        ("vLLM hits 12,500 tok/s, compared with 16,200 tok/s for SGLang.",
         [("throughput", "tok/s", [("vLLM", 12500.0)]), ("throughput", "tok/s", [("SGLang", 16200.0)])]),
    ],
)
def test_a_value_named_for_its_engine_after_it_is_that_engines(text, expected) -> None:
    """"A 16,200 versus 12,500 for B" gave B's 12,500 to A, and the check then said A disagreed with itself."""
    assert values(text) == expected
    assert findings(text) == []
