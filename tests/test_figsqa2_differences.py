"""A difference between two engines' figures is no engine's figure (figsqa2 QA): "SGLang 吞吐比 vLLM 高 3,000 tok/s"
was read as vLLM's 3,000 tok/s, and then told to disagree with vLLM's 12,500 tok/s elsewhere."""

from __future__ import annotations

import pytest

from editor_app.core.figures import figures_in_line


def read(text: str) -> list[tuple[str, float]]:
    return [(v.engine, v.value) for g in figures_in_line(text) for v in g.values]


@pytest.mark.parametrize(
    ("text", "expected"),
    [("SGLang 吞吐比 vLLM 高 3,000 tok/s", []),
     ("SGLang 的 TTFT 比 vLLM 低 120 毫秒", []),
     ("SGLang 成本比 vLLM 低 $20,000/年", []),
     ("相比 vLLM，SGLang 吞吐高出 3,700 tok/s", []),
     ("SGLang is 3,700 tok/s faster than vLLM", []),
     ("SGLang 吞吐 16,200 tok/s，比 vLLM 高 3,700 tok/s", [("SGLang", 16200.0)]),
     # figures, not differences
     ("vLLM 吞吐提升到 15,000 tok/s", [("vLLM", 15000.0)]),
     # (the level it rose from is no figure of vLLM's now: QA28a D1)
     ("vLLM 从 9,000 tok/s 提升到 15,000 tok/s", [("vLLM", 15000.0)]),
     ("SGLang 吞吐最高 16,200 tok/s", [("SGLang", 16200.0)]),
     ("SGLang 吞吐高达 16,200 tok/s", [("SGLang", 16200.0)]),
     ("SGLang reaches 16,200 tok/s, higher than 12,500 tok/s for vLLM", [("SGLang", 16200.0), ("vLLM", 12500.0)])],
)
def test_differences_are_not_figures(text, expected) -> None:
    assert read(text) == expected
