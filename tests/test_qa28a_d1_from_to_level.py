"""QA28a D1: "vLLM 的 p99 TTFT 从 850 ms 降到 320 ms" (and "from 850 ms to 320 ms", "从 12,500 tok/s 提升到 16,200
tok/s") gave vLLM two levels, 850 and 320, and the figure check then told them apart as a disagreement on the same
line and flagged every later correct 320 ms against the 850. The value after 从/由/from with 到/至/to after it is
the level the change left: only the new level, 320 ms, is vLLM's figure (README: "from 12,000 to 16,200 tok/s" is a
change: 16,200)."""

from __future__ import annotations

import pytest

from editor_app.core.analyze import analyze
from editor_app.core.figures import figures_in_line
from editor_app.core.rulepack import house_pack


def values(line: str) -> list[tuple[str, float, str]]:
    return [(v.engine, v.value, g.unit) for g in figures_in_line(line) for v in g.values]


@pytest.mark.parametrize("line, expected", [
    ("vLLM 的 p99 TTFT 从 850 ms 降到 320 ms。", [("vLLM", 320.0, "ms")]),
    ("vLLM p99 TTFT 从 850 ms 降至 320 ms。", [("vLLM", 320.0, "ms")]),
    ("开启 prefix caching 后 vLLM 吞吐从 12,500 tok/s 提升到 16,200 tok/s。", [("vLLM", 16200.0, "tok/s")]),
    ("vLLM 吞吐由 12,500 tok/s 增至 16,200 tok/s。", [("vLLM", 16200.0, "tok/s")]),
    ("vLLM p99 TTFT dropped from 850 ms to 320 ms.", [("vLLM", 320.0, "ms")]),
    ("vLLM throughput rose from 12,500 tok/s to 16,200 tok/s.", [("vLLM", 16200.0, "tok/s")]),
    ("vLLM throughput rose from 12,500 to 16,200 tok/s.", [("vLLM", 16200.0, "tok/s")]),
])
def test_the_level_a_change_leaves_is_no_figure(line, expected):
    assert values(line) == expected


@pytest.mark.parametrize("line, expected", [
    ("vLLM p99 TTFT 850 ms，SGLang 320 ms。", [("vLLM", 850.0, "ms"), ("SGLang", 320.0, "ms")]),
    ("vLLM 吞吐从发布起就是 12,500 tok/s。", [("vLLM", 12500.0, "tok/s")]),  # (从 not right before the value)
    ("Results from vLLM: 12,500 tok/s.", [("vLLM", 12500.0, "tok/s")]),
])
def test_other_levels_stay_read(line, expected):
    assert values(line) == expected


def test_no_false_disagreement():
    text = ("# 变化\n\nvLLM 的 p99 TTFT 从 850 ms 降到 320 ms。\n\nvLLM p99 TTFT dropped from 850 ms to 320 ms.\n\n"
            "开启 prefix caching 后 vLLM 吞吐从 12,500 tok/s 提升到 16,200 tok/s。\n\n"
            "vLLM throughput rose from 12,500 to 16,200 tok/s.\n")
    assert [f.message for f in analyze(text, house_pack()).findings if f.rule == "figure-consistency"] == []
