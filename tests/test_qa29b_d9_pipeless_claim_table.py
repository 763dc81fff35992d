"""QA29b D9: a self-check table written without its outer pipes (GFM allows it; Notion and Typora write it).

Before: "维度 | 实测" / "--- | ---" / "CJK | 99" / "⚠️ | 99" stated no figure (the house pack's row patterns,
'^\\|\\s*CJK\\s*\\|…(?=\\|)', are written for "| CJK | 99 |"), so both wrong 99s passed and Update left them. Now a row of
a GFM table (a header row over a delimiter row of as many cells) states what it would with its pipes, at its own
columns; a prose line "CJK | 99" (no table) or a header over a delimiter of other cells (no table in GFM nor in the
report) states nothing."""

from __future__ import annotations

import pytest

from editor_app.core.analyze import Analyzer, analyze
from editor_app.core.rulepack import house_pack
from editor_app.core.selfcheck_update import self_check_update

PACK = house_pack()
HEAD = "§0 自检栏\n① 各项实测 ⑥ 行数 7 ✅\n八、元信息\n"
REPRO = HEAD + "维度 | 实测\n--- | ---\nCJK | 99\n⚠️ | 99\n"


def _stated(text: str) -> list[tuple[int, str, str, bool | None]]:
    """(line, metric, the figure as found at its column, ok) of each table figure (the §0 line's left out)."""
    lines = text.split("\n")
    out = []
    for c in analyze(text, PACK).claims:
        if c.line > 2:
            assert lines[c.line - 1][c.value_column - 1:].startswith(c.value_text)
            out.append((c.line, c.metric, c.value_text, c.ok))
    return out


def test_a_table_without_outer_pipes_is_audited():
    assert _stated(REPRO) == [(6, "cjk", "99", False), (7, "cautions", "99", False)]
    an = analyze(REPRO, PACK)
    assert sum(1 for c in an.claims if c.ok is False) == 2
    claims = next(r for r in an.rules if r.id == "claims")
    assert claims.status == "fail"


@pytest.mark.parametrize("row", ["CJK | 99", "| CJK | 99", "CJK | 99 |", "  CJK | 99  "])
def test_either_outer_pipe_left_out_reads_as_with_both(row):
    text = HEAD + "| 维度 | 实测 |\n|---|:-:|\n" + row + "\n"
    assert _stated(text) == [(6, "cjk", "99", False)]


@pytest.mark.parametrize("text", [
    HEAD + "CJK | 99\n",  # a prose line holding a pipe: no table
    HEAD + "说明：CJK | 99\n",
    HEAD + "维度 | 实测 | 说明\n--- | ---\nCJK | 99 | x\n",  # three cells over two: no table (GFM, the report)
    HEAD + "维度 | 实测\n\n--- | ---\nCJK | 99\n",
])
def test_no_table_no_figure(text):
    assert _stated(text) == []


def test_update_rewrites_the_figures_of_such_a_table():
    an = analyze(REPRO, PACK)
    updates = {(u.line, u.column, u.old) for u in self_check_update(REPRO, an).updates}
    assert {(6, 7, "99"), (7, 6, "99")} <= updates


def test_typing_the_delimiter_row_in_and_out_matches_a_fresh_analysis():
    az = Analyzer(PACK)
    steps = [REPRO, REPRO.replace("--- | ---\n", ""), REPRO, REPRO.replace("--- | ---", "--- | --- | ---"),
             REPRO.replace("CJK | 99", "CJK | 98"), REPRO]
    for text in steps:
        assert [(c.line, c.value_column, c.ok) for c in az.analyze(text).claims] == \
            [(c.line, c.value_column, c.ok) for c in analyze(text, PACK).claims]


def test_what_a_table_head_is():
    from editor_app.core.reference_tables import cell_count, is_table_head, with_outer_pipes

    assert is_table_head("维度 | 实测", "--- | ---")
    assert is_table_head("| 维度 | 实测 |", ":--|--:")
    assert not is_table_head("维度 | 实测", "--- | --- | ---")
    assert not is_table_head("维度 实测", "---")
    assert not is_table_head("a \\| b", "--- | ---")  # (an escaped pipe is no cell border)
    assert cell_count("| a | b |") == cell_count("a | b") == cell_count("a | b |") == 2
    assert with_outer_pipes("CJK | 99") == ("|CJK | 99|", 1)
    assert with_outer_pipes("| CJK | 99 |") == ("| CJK | 99 |", 0)
