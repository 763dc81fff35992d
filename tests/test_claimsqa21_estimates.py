"""QA (house rule 9: no "≈"-style self-reports): "约79", "≈79", "~79" and "3,838 左右" were flagged as estimates, but
"79 处左右", "≒79", "⚠️ 估计 85 处" (read as no figure at all: a wrong footer passed three-place agreement) and "SUM≈0"
(gone from the claims) were not."""

from __future__ import annotations

import pytest

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack


def estimates(sample_text: str, old: str, new: str) -> list[tuple[int, str]]:
    assert old in sample_text
    text = sample_text.replace(old, new, 1)
    return [(f.line, f.message) for f in analyze(text, house_pack()).findings
            if f.rule == "claims" and "is an estimate" in f.message]


@pytest.mark.parametrize("old, new, line", [
    ("⚠️ ≥10 处实测 79 处（", "⚠️ ≥10 处实测 79 处左右（", 9),
    ("⚠️ ≥10 处实测 79 处（", "⚠️ ≥10 处实测 79 个左右（", 9),
    ("⚠️ ≥10 处实测 79 处（", "⚠️ ≥10 处实测 ≒79 处（", 9),
    ("⚠️ 实测 79 处（§0 / §八 / footer", "⚠️ 估计 79 处（§0 / §八 / footer", 113),
    ("⚠️ 实测 79 处（§0 / §八 / footer", "⚠️ 预计 79 处（§0 / §八 / footer", 113),
    ("私域污染 SUM=0", "私域污染 SUM≈0", 113),
])
def test_an_estimate_in_other_words_is_one(sample_text, old, new, line):
    assert [ln for ln, _ in estimates(sample_text, old, new)] == [line]


def test_an_estimated_footer_that_is_also_wrong_disagrees(sample_text):
    text = sample_text.replace("⚠️ 实测 79 处（§0 / §八 / footer", "⚠️ 估计 85 处（§0 / §八 / footer", 1)
    found = [f.message for f in analyze(text, house_pack()).findings if f.rule == "claims" and f.line == 113]
    assert "⚠️ of document: stated 85, measured 79" in found
    assert "⚠️ of document stated as 85 here but as 79 on line 9" in found


def test_the_sample_states_no_estimate(sample_text):
    assert estimates(sample_text, "", "") == []
