"""QA27g D6: "vLLM latency down 8 ms" was charted as a vLLM latency of 8 ms (the Figures tab, survey-check's JSON
"figures"), while the Chinese "vLLM 延迟下降 8 ms" was rightly no engine's level. A value after English saying it
moved (down/up, drops/rises/reduced/increased (by), lower/higher by, a change verb before "by") is a change, as
降低/提升 before it; "down to 8 ms", "up to 16,200 tok/s" and "from 30 ms to 8 ms" still state levels."""

from __future__ import annotations

import json

import pytest

from editor_app.cli import main
from editor_app.core.figures import figures_in_line


def _values(line: str) -> list[tuple[str, str, float]]:
    return [(g.metric, v.engine, v.value) for g in figures_in_line(line) for v in g.values if g.kind == "value"]


@pytest.mark.parametrize("line", [
    "vLLM latency down 8 ms.",
    "vLLM latency drops by 8 ms.",
    "vLLM latency dropped 8 ms after the upgrade.",
    "SGLang throughput up 1,200 tok/s.",
    "vLLM TTFT reduced by 20 ms.",
    "vLLM TTFT decreased by about 20 ms.",
    "vLLM latency lower by 8 ms.",
    "vLLM throughput higher by 1,200 tok/s.",
    "vLLM latency rises by 8 ms.",
    "vLLM latency fell 8 ms.",
    "vLLM throughput increased by 1,200 tok/s.",
    "SGLang cuts p99 latency by 20 ms.",
])
def test_a_value_that_moved_is_no_engines_level(line):
    assert _values(line) == []


@pytest.mark.parametrize("line", ["vLLM 延迟下降 8 ms。", "vLLM 延迟降低 8 ms。", "SGLang 吞吐提升 1,200 tok/s。"])
def test_the_chinese_reads_the_same(line):
    assert _values(line) == []


@pytest.mark.parametrize("line, expected", [
    ("vLLM latency down to 8 ms.", [("latency", "vLLM", 8.0)]),
    ("vLLM reaches up to 16,200 tok/s.", [("throughput", "vLLM", 16200.0)]),
    ("vLLM latency dropped from 30 ms to 8 ms.", [("latency", "vLLM", 8.0)]),  # (30 ms: the level left, QA28a D1)
    ("vLLM latency 8 ms.", [("latency", "vLLM", 8.0)]),
    ("vLLM served 12,500 tok/s by default.", [("throughput", "vLLM", 12500.0)]),
    ("vLLM p99 latency is 58.9 ms, up from 50 ms.", [("latency", "vLLM", 58.9)]),
])
def test_levels_stay_read(line, expected):
    assert _values(line) == expected


def test_survey_check_json_charts_no_latency_of_8_ms(tmp_path, capsys):
    survey = tmp_path / "fig_small.md"
    survey.write_text("# 测试\n\nSGLang 吞吐提升 12%，vLLM 延迟下降 8 ms。\n\nvLLM latency down 8 ms.\n\n"
                      "vLLM p99 延迟 58.9 ms。\n", encoding="utf-8")
    main([str(survey), "--format", "json"])
    figures = json.loads(capsys.readouterr().out)["figures"]
    latencies = [(v["engine"], v["value"]) for f in figures if f["metric"] == "latency" for v in f["values"]]
    assert latencies == [("vLLM", 58.9)]
