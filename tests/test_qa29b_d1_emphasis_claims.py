"""QA29b D1: a self-reported figure with Markdown emphasis around it ("CJK 实测 **3,838**", "⚠️ 实测 *79* 处",
"行数 __200__", "***93***", "| CJK | **92** |") was no figure at all: a wrong one passed unseen and Update Self-check
Figures left it as it was. The line is now read as Markdown shows it (core/shown_text.py): the figure is audited at
the column of its digits between the marks, which Update rewrites ("**3,861**"). A struck-through figure
("~~3,900~~ 3,838") states nothing; the one after it is audited."""

from __future__ import annotations

import pytest

from editor_app.core.analyze import Analyzer, analyze
from editor_app.core.claims import claims_in_line, compile_patterns
from editor_app.core.rulepack import house_pack
from editor_app.core.selfcheck_update import updated_self_check_text

PACK = house_pack()
RX = compile_patterns(PACK.claim_patterns, places=(*PACK.scopes, "header", "footer"))
BODY = "一、主题脉络\n正文。⚠️\n"


def _claims(text: str):
    return [(c.line, c.metric, c.claimed, c.value_column, c.value_text) for c in analyze(text, PACK).claims]


def test_figures_in_emphasis_are_audited_at_their_digits():
    text = "§0 自检栏\n① CJK 实测 **99** ✅ ④ ⚠️ 实测 *99* 处 ⑤ 行数 __99__\n⑥ 行数 5 ✅\n" + BODY
    line = text.split("\n")[1]
    got = _claims(text)
    assert [(m, v) for ln, m, v, _, _ in got if ln == 2] == [("cjk", 99), ("cautions", 99), ("lines", 99)]
    for ln, _, _, col, written in got:
        if ln == 2:
            assert written == "99" and line[col - 1:col + 1] == "99"
            assert line[col - 3:col - 1] in ("**", " *", "__")
    result = analyze(text, PACK)
    assert sum(1 for c in result.claims if c.wrong) == 3


@pytest.mark.parametrize("line, value", [
    ("CJK 实测 ***93***", 93),
    ("**CJK 实测 91** ✅", 91),
    ("| CJK | **92** |", 92),
    ("CJK 实测 ~~3,900~~ 3,838", 3838),
    ("⚠️ 实测 _7_ 处", 7),
])
def test_each_way_of_writing_emphasis(line, value):
    found = [rc for rc in claims_in_line(line, RX, PACK.sum_metric, PACK.sum_context)
             if rc.kind == "value"]
    assert [rc.claimed for rc in found] == [value]
    rc = found[0]
    assert line[rc.column - 1:rc.column - 1 + len(rc.value_text)] == rc.value_text
    assert rc.text in line  # the statement as written, marks and all


def test_a_struck_through_figure_is_no_statement():
    claims = analyze("§0 自检栏\nCJK 实测 ~~3,900~~ 3,838\n" + BODY, PACK).claims
    assert [c.claimed for c in claims] == [3838]
    assert claims[0].estimate == ""  # ("~~" is no estimate mark)


def test_update_rewrites_the_digits_inside_the_marks():
    text = "§0 自检栏\n① CJK 实测 **3,838** ✅ ④ ⚠️ 实测 *79* 处\n" + BODY
    a = analyze(text, PACK)
    new = updated_self_check_text(text, a)
    cjk = next(c.measured for c in a.claims if c.metric == "cjk")
    assert new.split("\n")[1] == f"① CJK 实测 **{cjk:,}** ✅ ④ ⚠️ 实测 *2* 处"
    assert updated_self_check_text(new, analyze(new, PACK)) == new


def test_a_bold_total_and_its_parts_on_the_next_line_are_one_sum():
    text = "§0 自检栏\n① CJK 实测 **3,838**\n（主体 2,892 + 反方 579 + 元信息 950）\n" + BODY
    sums = [c for c in analyze(text, PACK).claims if c.kind == "sum"]
    assert [(c.line, c.claimed, c.ok) for c in sums] == [(2, 3838, False)]


@pytest.mark.parametrize("line", [
    "web_fetch 的 CJK 实测 3,838",  # an underscore inside a word marks nothing
    "3 * 4 = 12，CJK 实测 3,838",  # a "*" between spaces is no emphasis
    "* CJK 实测 3,838",  # a list's bullet
])
def test_marks_that_are_no_emphasis_change_nothing(line):
    found = claims_in_line(line, RX, PACK.sum_metric, PACK.sum_context)
    assert [(rc.claimed, line[rc.column - 1:rc.column + 4]) for rc in found if rc.metric == "cjk"] == [(3838, "3,838")]


def test_the_incremental_pass_agrees():
    text = "§0 自检栏\n① CJK 实测 99 ✅\n" + BODY
    az = Analyzer(PACK)
    az.analyze(text)
    for now in (text.replace("99", "**99**"), text.replace("99", "**99*"), text.replace("99", "~~99~~ 19")):
        assert az.analyze(now).to_dict() == analyze(now, PACK).to_dict()
