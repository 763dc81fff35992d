"""QA28e D1: a total CJK written "CJK 合计/共计/总计/总数 X = a + b + …" was left to its stated sum, which only adds the
parts up: nothing compared X with the measured CJK nor with the same total stated elsewhere, so "CJK 合计 3,500 = 3,000
+ 446 + 54" in a survey of 3,112 passed CI. Such a total is now a figure of the survey, as "CJK 实测 3,500 = …" is:
measured, told against the same total elsewhere, and its sum still judges its parts."""

from __future__ import annotations

import pytest

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack

PACK = house_pack()
ANCHOR = "8.5 实测方法学声明（反思棒 #50）\n"


def _with(sample_text: str, added: str) -> tuple[str, int]:
    """The sample with `added` after §八.5's heading, and its line number."""
    at = sample_text.index(ANCHOR) + len(ANCHOR)
    return sample_text[:at] + added + "\n" + sample_text[at:], sample_text[:at].count("\n") + 1


@pytest.mark.parametrize("word", ["合计", "共计", "总计", "总数"])
def test_a_wrong_total_with_its_parts_is_wrong_and_disagrees(sample_text, word):
    text, line = _with(sample_text, f"CJK {word} 3,500 = 3,000 + 446 + 54；守约")
    a = analyze(text, PACK)
    cjk = a.metrics["cjk"]
    mine = [(c.kind, c.scope, c.claimed, c.measured, c.ok) for c in a.claims if c.line == line]
    assert ("value", "document", 3500, cjk, False) in mine
    assert ("sum", "stated parts", 3500, 3500, True) in mine  # the parts still add up: the sum is right
    told = [f.message for f in a.findings if f.rule == "claims" and f.line == line]
    assert told == [f"CJK of document: stated 3,500, measured {cjk:,}",
                    "CJK of document stated as 3,500 here but as 3,838 on line 9"]


def test_a_right_total_with_labelled_parts_passes_and_its_parts_are_judged(sample_text):
    probe, line = _with(sample_text, "CJK 合计 1 = 主体 1 + 元信息 1")
    cjk = analyze(probe, PACK).metrics["cjk"]  # (the figures' digits count no CJK)
    text, _ = _with(sample_text, f"CJK 合计 {cjk:,} = 主体 {cjk - 5:,} + 元信息 5")
    a = analyze(text, PACK)
    total = [c for c in a.claims if c.line == line and c.kind == "value" and c.scope == "document"]
    assert [(c.claimed, c.measured, c.ok) for c in total] == [(cjk, cjk, True)]
    assert [c.ok for c in a.claims if c.line == line and c.kind == "sum"] == [True]
    assert {c.scope for c in a.claims if c.line == line and c.kind == "value"} == {"document", "主体", "元信息"}
    # no finding about the total: right, and agreeing with none of the sample's stale 3,838s (it is the right one)
    assert not [f for f in a.findings if f.line == line and "CJK of document" in f.message]
