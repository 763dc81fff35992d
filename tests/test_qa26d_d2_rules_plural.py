"""QA26d D2: the Self-check panel's summary said "1 rules: 0 failing" for a one-rule pack: its string had no plural
form. It is one Qt plural string now (%n), "1 rule: " and "2 rules: " in English."""

from __future__ import annotations

import pytest

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import parse_pack
from editor_app.ui.selfcheck_panel import SelfCheckPanel

PACK = """schema = 1
name = "team"
[counters.cjk]
regex = '[一-鿿]'
label = "CJK"
[[rules]]
id = "cjk-total"
kind = "count"
title = "At most 3,900 CJK characters"
counter = "cjk"
scope = "document"
max = 3900
"""
SECOND_RULE = """[[rules]]
id = "cjk-least"
kind = "count"
title = "At least 1 CJK character"
counter = "cjk"
scope = "document"
min = 1
"""
SURVEY = "一、概述\n短文一。\n"


def _summary(qtbot, pack_source: str) -> str:
    panel = SelfCheckPanel()
    qtbot.addWidget(panel)
    pack = parse_pack(pack_source, "team.toml")
    panel.show_analysis(analyze(SURVEY, pack))
    return panel.summary.text()


def test_one_rule_is_singular(qtbot):
    text = _summary(qtbot, PACK)
    assert text.startswith("1 rule: 0 failing · ")  # before: "1 rules: 0 failing · "
    assert _summary(qtbot, PACK + SECOND_RULE).startswith("2 rules: 0 failing · ")


@pytest.mark.usefixtures("zh_translation")
def test_in_chinese(qtbot):
    assert _summary(qtbot, PACK).startswith("1 条规则：0 条未通过 · ")
    assert _summary(qtbot, PACK + SECOND_RULE).startswith("2 条规则：0 条未通过 · ")
