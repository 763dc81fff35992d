"""QA: §八's table states the three layers; a row without a breakdown ("| 反方（§3.1-§3.3） | 480 CJK |") was never
audited. A survey whose counter-arguments measured 471 said 471 in §0 and in the footer and 480 in §八, the panel said
nothing, and Tools → Update self-check figures left the 480. The row is now checked and rewritten like the others."""

from __future__ import annotations

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack
from editor_app.core.selfcheck_update import updated_self_check_text

SURVEY = "\n".join([
    "主题综述 · 测试（2026-10-02）",
    "三、反方",
    "3.1 主线 A",
    "(1) 机制：反方一段。(2) 数据：没有。(3) 截止日：十月。",
    "八、元信息",
    "| 层级 | 字数（实测） |",
    "|---|---|",
    "| 主体（§三 99） | 99 CJK |",
    "| 反方（§3.1-§3.3） | 99 CJK |",
    "| 元信息（header 3） | 3 CJK |",
    "",
])


def test_a_layer_row_without_parts_is_audited_and_updated():
    a = analyze(SURVEY, house_pack())
    counter = next(c for c in a.claims if c.line == 9)
    measured = next(s.metrics["cjk"] for s in a.sections if s.section.key == "3")
    assert (counter.scope, counter.claimed, counter.measured, counter.ok) == ("反方", 99, measured, False)
    assert f"CJK of 反方: stated 99, measured {measured}" in {f.message for f in a.findings}
    updated = updated_self_check_text(SURVEY, a)
    assert f"| 反方（§3.1-§3.3） | {measured} CJK |" in updated.split("\n")


def test_the_sample_states_its_counter_arguments_in_section_eight_correctly(sample_text):
    a = analyze(sample_text, house_pack())
    (row,) = [c for c in a.claims if c.text.startswith("| 反方（§3.1-§3.3")]
    assert (row.claimed, row.measured, row.ok) == (579, 579, True)
