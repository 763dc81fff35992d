"""A sum part's place read past a word leading into the parts or a list item's bullet.

Before: "其中 §一 474 + §二 498 + …" labelled its first part "其中 §一", which names no place, so §一 474 was never
measured (a wrong one passed in silence, while §二 … were told); "- 主体 2,892 + 反方 579 = 3,471" lost 主体 to the
bullet the same way. Now the part keeps its place: §一, 主体.
"""

from __future__ import annotations

from datetime import date

import pytest

from editor_app.core import claims as claims_mod
from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack

PACK = house_pack()
TODAY = date(2026, 12, 4)
ANCHOR = "8.5 实测方法学声明（反思棒 #50）\n"
RX = claims_mod.compile_patterns(PACK.claim_patterns)


@pytest.mark.parametrize("line", [
    "| 主体（其中 §一 474 + §二 498 + §三 579 + §四 464 + §五 296 + §六 346 + §七 235） | 2,892 CJK |",
    "CJK：其中 §一 474 + §二 498 = 972",
    "CJK：其中§一 474 + §二 498 = 972",
    "CJK：包括 §一 474 + §二 498 = 972",
])
def test_a_lead_in_word_leaves_the_first_part_its_place(line):
    got = claims_mod.claims_in_line(line, RX, PACK.sum_metric, PACK.sum_context)
    parts = [(rc.scope_label, rc.claimed) for rc in got if rc.kind == "value" and rc.scope_label.startswith("§")]
    assert parts[:2] == [("§一", 474), ("§二", 498)]


def test_a_wrong_part_after_a_lead_in_word_is_told(sample_text):
    at = sample_text.index(ANCHOR) + len(ANCHOR)
    text = sample_text[:at] + "主体分节 CJK：其中 §一 470 + §二 498 = 968\n" + sample_text[at:]
    line = sample_text[:at].count("\n") + 1
    a = analyze(text, PACK, today=TODAY)
    assert [(c.line, c.claimed, c.measured, c.ok) for c in a.claims
            if c.scope == "§一" and c.line == line] == [(line, 470, 474, False)]
    assert [f.message for f in a.findings if f.line == line] == [
        "CJK of §一: stated 470, measured 474", "CJK of §一 stated as 470 here but as 474 on line 92"]


def test_a_one_character_word_before_a_name_is_not_taken_for_a_lead_in():
    assert claims_mod._read_scope_label("含量") == "含量"
    assert claims_mod._read_scope_label("含 §一") == "§一"


def test_a_bullet_is_not_part_of_a_parts_place():
    got = claims_mod.claims_in_line("- 主体 2,892 + 反方 579 = 3,471 CJK", RX, PACK.sum_metric, PACK.sum_context)
    assert [(rc.kind, rc.scope_label) for rc in got] == [("value", "主体"), ("value", "反方"), ("sum", "")]
