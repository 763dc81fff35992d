"""QA29b D11: "CJK 实测 3\\,838" (an escaped comma: Markdown shows "3,838") was read as the figure 3, and Update
Self-check Figures wrote "12\\,838", still wrong. It is read as 3,838 now, and rewritten with its comma escaped."""

from __future__ import annotations

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack
from editor_app.core.selfcheck_update import figure_updates, updated_self_check_text

PACK = house_pack()
TEXT = "§0 自检栏\n① CJK 实测 3\\,838 ✅\n一、主题脉络\n正文。⚠️\n"


def test_an_escaped_comma_groups_the_figure():
    [c] = analyze(TEXT, PACK).claims
    assert (c.claimed, c.value_text, c.value_column) == (3838, "3\\,838", 10)
    assert c.message == f"CJK of document: stated 3\\,838, measured {c.measured}"


def test_update_rewrites_the_whole_figure():
    a = analyze(TEXT, PACK)
    [u] = figure_updates(TEXT, a)
    assert (u.old, u.new) == ("3\\,838", str(a.claims[0].measured))
    assert updated_self_check_text(TEXT, a).split("\n")[1] == f"① CJK 实测 {a.claims[0].measured} ✅"


def test_a_figure_in_thousands_keeps_its_escape():
    text = TEXT.replace("正文。⚠️\n", "正文。⚠️\n" + "长" * 1200 + "\n")
    a = analyze(text, PACK)
    measured = a.claims[0].measured
    assert measured > 1000
    assert updated_self_check_text(text, a).split("\n")[1] == f"① CJK 实测 {measured:,} ✅".replace(",", "\\,")
