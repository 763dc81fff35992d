"""QA28e D3: "self-reported figure 30 is an estimate (≈/约): measure it" named neither the counter nor the place, and on
a line stating "⚠️ 实测 30 处" and "⚠️ 约 30 处" which 30 was meant was a guess. The message names both, and the mark,
as the other claims messages do, in English and in Chinese."""

from __future__ import annotations

import pytest

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack
from editor_app.wording import EngineText

PACK = house_pack()


@pytest.mark.parametrize("old, new, message", [
    ("② 私域五维 SUM=0", "② 私域五维 SUM≈0", "private-data hits of document: 0 is an estimate (≈): measure it"),
    ("⚠️ ≥10 处实测 79 处（", "⚠️ 约 79 处（", "⚠️ of document: 79 is an estimate (约): measure it"),
    ("⚠️ ≥10 处实测 79 处（", "⚠️ 估计 79 处（", "⚠️ of document: 79 is an estimate (估计): measure it"),
    ("⚠️ ≥10 处实测 79 处（", "⚠️ ≥10 处实测 79 处左右（", "⚠️ of document: 79 is an estimate (左右): measure it"),
    ("各主线 CJK 159/194/207", "各主线 CJK ≈159/194/207", "CJK of §3.2: 194 is an estimate (≈): measure it"),
])
def test_the_estimate_message_names_the_counter_the_place_and_the_mark(sample_text, old, new, message):
    assert old in sample_text
    a = analyze(sample_text.replace(old, new, 1), PACK)
    told = [f.message for f in a.findings if f.line == 9 and "estimate" in f.message]
    assert message in told
    assert not [m for m in told if m.startswith("self-reported figure")]


def test_two_figures_of_one_value_on_a_line_are_told_apart(sample_text):
    """"⚠️ 实测 79 处 … ⚠️ 约 79 处": the finding points at the estimate and names it, not "figure 79"."""
    text = sample_text.replace("⚠️ ≥10 处实测 79 处（", "⚠️ ≥10 处实测 79 处；⚠️ 约 79 处（", 1)
    a = analyze(text, PACK)
    line = text.split("\n")[8]
    (f,) = [f for f in a.findings if f.line == 9 and "estimate" in f.message]
    assert f.column - 1 == line.index("约 79") + 2
    assert f.message == "⚠️ of document: 79 is an estimate (约): measure it"


def test_it_is_said_in_chinese():
    say = EngineText("zh_CN")
    assert say("⚠️ of document: 30 is an estimate (约): measure it") == "全文的⚠️：30 是估计值（约）：请实测"
    assert say("CJK of 反方: 7xx is a placeholder, not a figure: write the measured one") == \
        "反方的CJK：7xx 是占位符，不是数字：请填入实测值"
