"""QA11 D6: a per-section table of self-reported figures ("| 小节 | CJK（实测） |" over "| §3.1 | 9 |") was not read:
every figure in it could be wrong and the claims rule passed. Its header now says which column holds which counter's
figure and the first column names each row's place."""

from __future__ import annotations

from datetime import date

import pytest

from editor_app.core.analyze import Analyzer, analyze
from editor_app.core.claim_tables import claim_columns, metric_words, row_place
from editor_app.core.rulepack import house_pack
from editor_app.core.selfcheck_update import updated_self_check_text

PACK = house_pack()
TODAY = date(2026, 10, 2)
HEAD = "主题综述 · probe（2026-10-02）\n- 作者：spark\n§0 自检栏\n"
BODY = ("一、主题脉络\n正文一段有十个汉字啊 ⚠️。\n三、反方\n3.1 主线 A\n(1) 机制：甲乙丙丁。\n3.2 主线 B\n"
        "(1) 机制：丁戊己庚辛壬。\n八、元信息\n")
FOOT = "Spark · 2026-10-02 22:10 CST · v1 · 收尾"
TABLE = "| 小节 | CJK（实测） | ⚠️ 数量 |\n|---|---|---|\n| §3.1 | 9 | 0 |\n| 3.2 | 10 | 1 |\n| 合计 | 99 | 1 |\n"


def _claims(text: str):
    return [(c.line, c.scope, c.metric, c.claimed, c.measured, c.ok) for c in analyze(text, PACK, today=TODAY).claims]


def test_a_per_section_table_is_audited_row_by_row():
    text = HEAD + TABLE + BODY + FOOT
    assert sum("一" <= ch <= "鿿" for ch in text) == 59
    assert _claims(text) == [
        (6, "§3.1", "cjk", 9, 8, False), (6, "§3.1", "cautions", 0, 0, True),
        (7, "§3.2", "cjk", 10, 10, True), (7, "§3.2", "cautions", 1, 0, False),
        (8, "document", "cjk", 99, 59, False), (8, "document", "cautions", 1, 2, False)]  # (the header's ⚠️ counts too)


def test_update_self_check_figures_rewrites_the_table_cells():
    text = HEAD + TABLE + BODY + FOOT
    fixed = updated_self_check_text(text, analyze(text, PACK, today=TODAY))
    assert "| §3.1 | 8 | 0 |\n| 3.2 | 10 | 0 |\n| 合计 | 59 | 2 |" in fixed
    assert all(ok for *_, ok in _claims(fixed))


def test_an_estimate_in_a_cell_is_a_finding():
    text = HEAD + "| 小节 | CJK |\n|---|---|\n| §3.1 | ≈8 |\n" + BODY + FOOT
    analysis = analyze(text, PACK, today=TODAY)
    (claim,) = analysis.claims
    assert claim.measured == 8
    assert [f.message for f in analysis.findings if f.rule == "claims"] == [
        "CJK of §3.1: 8 is an estimate (≈): measure it"]


@pytest.mark.parametrize("table", [
    "| 维度 | 说明 |\n|---|---|\n| §3.1 | 9 |\n",  # no column names a counter
    "| 小节 | CJK |\n|---|---|\n| 说明 | 9 |\n| §3.1 | 见上 |\n",  # a row naming no place; a cell stating no figure
    "| CJK | 小节 |\n|---|---|\n| 9 | §3.1 |\n",  # the first column names a counter: a table of dimensions
    "| 小节 | CJK |\n| §3.1 | 9 |\n",  # no delimiter row: no table
])
def test_what_states_no_figure(table):
    assert _claims(HEAD + table + BODY + FOOT) == []


def test_a_dimension_table_is_still_read_by_the_pack():
    text = HEAD + "| 维度 | 实测 |\n|---|---|\n| CJK | 999 |\n" + BODY + FOOT
    assert [(line, claimed, ok) for line, _, _, claimed, _, ok in _claims(text)] == [(6, 999, False)]


def test_header_words_and_places():
    words = metric_words(PACK.counters)
    assert claim_columns("| 小节 | CJK（实测） | **行数** |", "|---|---|---|", words) == (1, ((2, "cjk"), (3, "lines")))
    assert claim_columns("| 层级 | 字数（实测） |", "|---|---|", words) is None  # (the sample's §8.2: its patterns')
    assert [row_place(c, PACK.scopes) for c in (" §三.1 ", "3.1", "§八", "反方", "footer", "合计", "total", "三", "其余")] \
        == ["§三.1", "§3.1", "§八", "反方", "footer", "", "", None, None]


def test_the_sample_states_the_same_claims():
    from editor_app.resources_path import sample_survey_path  # noqa: PLC0415

    assert len(analyze(sample_survey_path().read_text(encoding="utf-8"), PACK).claims) == 61


def test_edits_to_a_table_match_a_fresh_analysis():
    az = Analyzer(PACK, today=TODAY)
    text = HEAD + TABLE + BODY + FOOT
    az.analyze(text)
    steps = [lambda t: t.replace("| §3.1 | 9 |", "| §3.1 | 8 |"),
             lambda t: t.replace("CJK（实测）", "说明"),  # the header no longer names a counter
             lambda t: t.replace("说明", "CJK"),
             lambda t: t.replace("| 合计 | 99 | 1 |\n", "| 合计 | 99 | 1 |\n| §八 | 3 | 0 |\n"),  # a row added
             lambda t: t.replace("|---|---|---|\n", "")]  # no table any more
    for step in steps:
        text = step(text)
        assert az.analyze(text) == analyze(text, PACK, today=TODAY)
