"""A Markdown table of engine figures is read by the columns its header names (figsqa2 QA): its rows were no
figures at all ("| vLLM 0.6.3 | 12,500 | 620 | H100 |" says nothing of what 12,500 is without its header)."""

from __future__ import annotations

from datetime import date

import pytest

from editor_app.core.analyze import Analyzer, analyze
from editor_app.core.figure_tables import figure_columns, figures_in_row
from editor_app.core.rulepack import house_pack

PACK = house_pack()
TABLE = """H100 实测对比：
| 引擎 | 吞吐（tok/s） | p99 TTFT（ms） | 硬件 |
|---|---|---|---|
| vLLM 0.6.3 | ~12,500 | 620 | H100 |
| SGLang v0.5.19 | 16,200 | 540 | H100 |
| TensorRT-LLM | 1.9 万 tok/s | 0.45 s | B200 |
| TGI | — | N/A | A100 |
"""


def read(text: str) -> list[tuple]:
    return [(g.line, g.metric, g.unit, g.hardware, g.label, [(v.engine, v.value, v.approx, v.text) for v in g.values])
            for g in analyze(text, PACK).figures]


def test_a_table_s_rows_are_read_by_their_header() -> None:
    assert read(TABLE) == [
        (4, "throughput", "tok/s", "H100", "吞吐", [("vLLM", 12500.0, True, "~12,500")]),
        (4, "latency", "ms", "H100", "p99 TTFT", [("vLLM", 620.0, False, "620")]),
        (5, "throughput", "tok/s", "H100", "吞吐", [("SGLang", 16200.0, False, "16,200")]),
        (5, "latency", "ms", "H100", "p99 TTFT", [("SGLang", 540.0, False, "540")]),
        (6, "throughput", "tok/s", "B200", "吞吐", [("TensorRT-LLM", 19000.0, False, "1.9 万")]),
        (6, "latency", "s", "B200", "p99 TTFT", [("TensorRT-LLM", 0.45, False, "0.45")])]
    line = TABLE.splitlines()[3]
    (g, _) = [g for g in analyze(TABLE, PACK).figures if g.line == 4]
    assert line[g.values[0].column - 1:].startswith("~12,500")


def test_a_table_figure_is_checked_against_the_prose() -> None:
    text = "实测 SGLang ~16,200 vs vLLM ~12,500 tok/s on H100\n" + TABLE.replace("| 16,200 |", "| 15,900 |")
    found = [f.message for f in analyze(text, PACK).findings if f.rule == "figure-consistency"]
    assert found == ["SGLang throughput on H100: 15,900 tok/s at line 6 disagrees with ~16,200 tok/s at line 1"]


@pytest.mark.parametrize(
    ("header", "expected"),
    [("| Engine | Throughput (tok/s) | Cost ($/yr) | GPU |", (1, 4, ((2, "tok/s", "", "value", ""), (3, "$/年", "", "value", "")))),  # (/yr is /年: QA26e D4)
     ("| 框架 | 吞吐加速比 | 准确率（%） |", (1, -1, ((2, "×", "throughput", "speedup", ""), (3, "%", "准确率", "value", "")))),
     ("| Engine | Version | Tokens/s | GPUs |", (1, 4, ((3, "tok/s", "", "value", ""),))),
     ("| 框架 | 吞吐（万 tok/s） | Notes |", (1, -1, ((2, "tok/s", "吞吐", "value", "万"),))),  # cells in 万 (figpct)
     ("| 引擎 | 版本 | 发布日期 |", None),
     ("| # | arXiv | 标题 | 立标等级 | 抽检事实 |", None)],
)
def test_what_a_header_says(header, expected) -> None:
    assert figure_columns(header, "|" + "---|" * (header.count("|") - 1)) == expected  # (a delimiter row of its cells)


def test_a_speedup_column_and_a_cost_column() -> None:
    columns = figure_columns("| 引擎 | 吞吐加速比 | 成本（美元/年） |", "|---|---|---|")
    assert [(g.kind, g.unit, g.label, [(v.engine, v.value) for v in g.values])
            for g in figures_in_row("| SGLang | 3.1× | $59,940 |", columns)] == [
        ("speedup", "×", "throughput", [("SGLang", 3.1)]), ("value", "$/年", "成本", [("SGLang", 59940.0)])]
    assert figures_in_row("| RadixArk | 2× | $1 |", columns) == ()  # no known engine


def test_edits_read_the_table_again_as_a_fresh_analysis_does() -> None:
    az = Analyzer(PACK, today=date(2026, 12, 2))
    text = "前文\n\n" + TABLE + "\n后文 SGLang 快 3 倍\n"
    for edited in (text,
                   text.replace("p99 TTFT（ms）", "p50 TTFT（ms）"),  # the header: every row again
                   text.replace("| 620 |", "| 650 |"),
                   text.replace("|---|---|---|---|\n", ""),  # no longer a table
                   text):
        got = az.analyze(edited)
        assert got == analyze(edited, PACK, today=date(2026, 12, 2))
