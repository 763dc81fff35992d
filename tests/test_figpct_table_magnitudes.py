"""A table column in 万 (figpct): under "吞吐（万 tok/s）" a cell "1.62" is 16,200 tok/s, quoted "1.62 万" (times 10,000 as
the prose's "1.62 万" is, to the same float)."""

from __future__ import annotations

import pytest

from editor_app.core.analyze import analyze
from editor_app.core.figure_tables import figure_columns, figures_in_row
from editor_app.core.rulepack import house_pack

TABLE = """| 引擎 | 吞吐（万 tok/s） | p99 TTFT（ms） | 硬件 |
|---|---|---|---|
| SGLang | 1.62 | 540 | H100 |
| vLLM | 1.25 | 620 | H100 |
"""


def rows(table: str) -> list[list[tuple]]:
    lines = table.splitlines()
    columns = figure_columns(lines[0], lines[1])
    return [[(g.metric, g.unit, [(v.engine, v.value, v.text) for v in g.values]) for g in figures_in_row(row, columns)]
            for row in lines[2:]]


def test_cells_of_a_column_in_wan_are_read_in_its_unit() -> None:
    assert rows(TABLE) == [
        [("throughput", "tok/s", [("SGLang", pytest.approx(16200.0), "1.62 万")]), ("latency", "ms", [("SGLang", 540.0, "540")])],
        [("throughput", "tok/s", [("vLLM", pytest.approx(12500.0), "1.25 万")]), ("latency", "ms", [("vLLM", 620.0, "620")])]]


def test_a_cell_writing_its_own_magnitude_keeps_it_and_k_columns_read_too() -> None:
    table = TABLE.replace("| 1.62 |", "| 1.62 万 |")
    assert rows(table)[0][0] == ("throughput", "tok/s", [("SGLang", pytest.approx(16200.0), "1.62 万")])
    table = "| Engine | Throughput (k tok/s) |\n|---|---|\n| SGLang | 16.2 |\n"
    assert rows(table) == [[("throughput", "tok/s", [("SGLang", 16200.0, "16.2k")])]]


def test_a_magnitude_only_where_authors_write_one() -> None:
    assert figure_columns("| 引擎 | 延迟（k ms） |", "|---|---|") is None
    assert figure_columns("| 引擎 | 准确率（k %） |", "|---|---|") is None


def test_a_wan_cell_agrees_with_the_prose_to_its_digits() -> None:
    text = "SGLang ~16,200 vs vLLM ~12,500 tok/s on H100\n\n" + TABLE
    assert [f.message for f in analyze(text, house_pack()).findings if f.rule == "figure-consistency"] == []
    text = "SGLang ~16,200 vs vLLM ~12,900 tok/s on H100\n\n" + TABLE
    assert [f.message for f in analyze(text, house_pack()).findings if f.rule == "figure-consistency"] == [
        "vLLM throughput on H100: 1.25 万 tok/s at line 6 disagrees with ~12,900 tok/s at line 1"]
