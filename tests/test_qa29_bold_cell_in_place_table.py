"""QA29b D1 left this (fix-29mdclaims noticed it): a per-place table's figure in emphasis other than "**…**"
("| §3.1 | *9* |", "__10__", "***99***") was no figure, so a wrong one passed: claim_tables._VALUE let "**" alone
stand before a cell's figure. Any emphasis does now, and Update rewrites the digits inside the marks."""

from __future__ import annotations

from datetime import date

import pytest

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack
from editor_app.core.selfcheck_update import updated_self_check_text

PACK = house_pack()
TODAY = date(2026, 10, 2)
HEAD = "主题综述 · probe（2026-10-02）\n- 作者：spark\n§0 自检栏\n"
BODY = ("一、主题脉络\n正文一段有十个汉字啊 ⚠️。\n三、反方\n3.1 主线 A\n(1) 机制：甲乙丙丁。\n3.2 主线 B\n"
        "(1) 机制：丁戊己庚辛壬。\n八、元信息\n")
FOOT = "Spark · 2026-10-02 22:10 CST · v1 · 收尾"


@pytest.mark.parametrize("nine, ten", [("*9*", "_10_"), ("__9__", "***10***"), ("**9**", "**10**")])
def test_a_figure_in_emphasis_in_a_table_cell_is_audited_and_rewritten(nine, ten):
    table = f"| 小节 | CJK（实测） |\n|---|---|\n| §3.1 | {nine} |\n| 3.2 | {ten} |\n"
    text = HEAD + table + BODY + FOOT
    analysis = analyze(text, PACK, today=TODAY)
    assert [(c.line, c.scope, c.claimed, c.measured, c.ok) for c in analysis.claims] == [
        (6, "§3.1", 9, 8, False), (7, "§3.2", 10, 10, True)]
    fixed = updated_self_check_text(text, analysis)
    assert f"| §3.1 | {nine.replace('9', '8')} |" in fixed and f"| 3.2 | {ten} |" in fixed
