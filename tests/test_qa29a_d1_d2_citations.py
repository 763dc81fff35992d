"""QA (qa29a D1, D2): two citation mistakes that turned a correct "N 件/篇 arXiv" into a wrong one.

D1: an id with month 13 written bare in a list of bare ids ("2609.13021 TreeSpec / 2613.27154 MedusaQ / 2608.22417
LongDraft") was dropped without a word: the arxiv-ids rule passed and the correct "5 件 arXiv" was called wrong
("stated 5, measured 4"). Such an id starting an item of a list whose item beside it starts with a possible id is
now cited and flagged impossible, as in a table cell or in parentheses.

D2: "3 篇 arXiv：EdgeQuant https://…" and "另见 arXiv: TinyServe 一文" were malformed ids ("'EdgeQuant' is not an
arXiv id") and counted: the correct "3 篇 arXiv" was called wrong and survey-check exited 1. A word after "arXiv:"
with no digit is no attempt at an id (a placeholder, "arXiv:XXXX.XXXXX", "arXiv:TBD", still is)."""

from __future__ import annotations

import pytest

from editor_app.core.analyze import analyze
from editor_app.core.references import citations_in_line
from editor_app.core.rulepack import house_pack

LIST_LINE = "2609.13021 TreeSpec / 2613.27154 MedusaQ / 2608.22417 LongDraft"


def _cited(line: str) -> list[tuple[str, str | None, str | None]]:
    return [(c.id, c.name, c.malformed) for c in citations_in_line(line)]


# ---- D1 -----------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("line, bad", [
    (LIST_LINE, "2613.27154"),
    ("2613.27154 MedusaQ / 2608.22417 LongDraft", "2613.27154"),  # the list's first item
    ("9.1 5 件 arXiv：2609.13021 TreeSpec / 2613.27154 MedusaQ", "2613.27154"),  # the last, after a colon's item
    ("2609.13021 / 2613.27154 / 2608.22417", "2613.27154"),  # ids alone
    ("2607.26627、2600.07009", "2600.07009"),  # month 00
])
def test_an_impossible_month_in_a_list_of_ids_is_cited_and_flagged(line, bad):
    found = {i: m for i, _, m in _cited(line)}
    assert bad in found, found
    assert found[bad] == f"month {int(bad[2:4])} does not exist"
    assert all(m is None for i, m in found.items() if i != bad)


def test_the_listed_id_keeps_its_name():
    assert _cited(LIST_LINE)[1] == ("2613.27154", "MedusaQ", "month 13 does not exist")


@pytest.mark.parametrize("line", [
    "- 1300.5000 RMB / 1400.2000 RMB",  # figures, no possible id beside them
    "见 2613.27156 一文",  # prose: no list, no citation
    "- 1300.5000 Foo",
])
def test_a_month_13_figure_outside_a_list_of_ids_is_no_citation(line):
    assert citations_in_line(line) == ()


D1_SURVEY = """主题综述 · 测试（2026-10-02）
§0 自检栏
一、正文
正文。
九、引用清单
9.1 3 件 arXiv
2609.13021 TreeSpec / 2613.27154 MedusaQ / 2608.22417 LongDraft
"""


def test_the_stated_count_is_right_and_the_impossible_id_is_said():
    a = analyze(D1_SURVEY, house_pack())
    (stated,) = [c for c in a.claims if c.metric == "arxiv_ids"]
    assert (stated.claimed, stated.measured, stated.ok) == (3, 3, True)
    ids = [f for f in a.findings if f.rule == "arxiv-ids"]
    assert [(f.line, f.level) for f in ids] == [(7, "error")]
    assert "2613.27154" in ids[0].message and "month 13" in ids[0].message


# ---- D2 -----------------------------------------------------------------------------------------------------------

D2_LINE = ("9.1 3 篇 arXiv：EdgeQuant https://arxiv.org/abs/2609.17740 / TinyServe https://arxiv.org/abs/2608.25561 "
           "/ NPUBench https://arxiv.org/abs/2607.30128")


def test_a_name_after_arxiv_colon_is_no_id():
    assert [i for i, _, _ in _cited(D2_LINE)] == ["2609.17740", "2608.25561", "2607.30128"]
    assert citations_in_line("另见 arXiv: TinyServe 一文。") == ()
    assert citations_in_line("对比 arXiv：vLLM/SGLang 两篇") == ()
    assert citations_in_line("类目 arXiv:cs.CL") == ()


@pytest.mark.parametrize("line, token", [
    ("arXiv:2606-03458", "2606-03458"),  # a digit: an attempt, malformed
    ("见 arXiv:XXXX.XXXXX", "XXXX.XXXXX"),  # placeholders still remind
    ("arXiv: YYMM.NNNNN。", "YYMM.NNNNN"),
    ("arXiv:TBD", "TBD"),
    ("arxiv.org/abs/Foo", "Foo"),  # an address is an attempt whatever follows
])
def test_attempts_at_an_id_are_still_malformed(line, token):
    ((i, _, malformed),) = _cited(line)
    assert i == token and malformed


def test_an_id_after_a_repeated_prefix_is_found():
    assert _cited("arXiv: arXiv:2609.11582") == [("2609.11582", None, None)]


D2_SURVEY = """主题综述 · 测试（2026-10-02）
§0 自检栏
一、正文
另见 arXiv: TinyServe 一文。
九、引用清单
""" + D2_LINE + "\n"


def test_the_stated_count_of_a_prose_list_is_right():
    a = analyze(D2_SURVEY, house_pack())
    (stated,) = [c for c in a.claims if c.metric == "arxiv_ids"]
    assert (stated.claimed, stated.measured, stated.ok) == (3, 3, True)
    assert not [f for f in a.findings if f.rule == "arxiv-ids"]
    assert sorted(r.id for r in a.references) == ["2607.30128", "2608.25561", "2609.17740"]
