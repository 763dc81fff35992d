"""QA: a survey with two headings numbered 3.1 (§3.3 renumbered by a slip) had "§3.1" resolve silently to the first:
the section-refs rule passed for it, and nothing in the outline told the two apart. A § reference to a number two
headings share is now a finding naming both lines, in English and in the Chinese window, and the outline marks the
headings whose number is used twice."""

from __future__ import annotations

from editor_app.core.analyze import Analyzer, analyze
from editor_app.core.rulepack import house_pack
from editor_app.wording import EngineText


def _twice_3_1(sample_text: str) -> str:
    assert "\n3.3 主线 C" in sample_text
    return sample_text.replace("\n3.3 主线 C", "\n3.1 主线 C")


def _rule(a):
    return next(r for r in a.rules if r.id == "section-refs")


def test_a_reference_to_a_number_two_headings_share_is_named(sample_text):
    text = _twice_3_1(sample_text)
    lines = text.split("\n")
    first, second = lines.index("3.1 主线 A · KV Cache 量化三维演进") + 1, \
        next(i for i, ln in enumerate(lines) if ln.startswith("3.1 主线 C")) + 1
    r = _rule(analyze(text, house_pack()))
    assert r.status == "fail" and r.measured == 7
    why = f"is ambiguous: the sections at lines {first} and {second} have that number"
    assert [(f.line, f.message) for f in r.findings] == [
        (9, f"§3.1 {why}"), (9, "§3.3 names no section of the survey"),
        (second, f"section 3.1 is headed twice, on lines {first} and {second}"),  # (QA27d: said at the copy too)
        (78, f"§三.1 {why}"), (78, f"§三.1 {why}"),
        (93, f"§3.1 {why}"), (93, "§3.3 names no section of the survey")]
    assert lines[8][r.findings[0].column - 1:].startswith("§3.1")
    assert r.note == "1 section number headed more than once; 69 § references, 2 naming no section, 4 ambiguous"
    # the editor's analyzer, edit by edit, says the same
    az = Analyzer(house_pack())
    for t in (sample_text, text, sample_text, text):
        assert _rule(az.analyze(t)).findings == _rule(analyze(t, house_pack())).findings
    assert _rule(az.analyze(sample_text)).status == "pass"


def test_three_headings_with_one_number_and_the_chinese_words(sample_text):
    text = _twice_3_1(sample_text).replace("\n3.2 主线 B", "\n3.1 主线 B")
    r = _rule(analyze(text, house_pack()))
    message = r.findings[0].message
    assert message.startswith("§3.1 is ambiguous: 3 sections have that number (lines ")
    zh = EngineText("zh_CN")
    assert zh(message).startswith("§3.1 有歧义：3 节都是这个编号（第 ") and "、" in zh(message)
    two = _rule(analyze(_twice_3_1(sample_text), house_pack()))
    assert zh(two.findings[0].message).endswith("行的节都是这个编号")
    assert zh(two.note) == "1 个节号用在了多个标题上；69 处 § 引用，2 处指向不存在的节，4 处有歧义"
    assert zh(two.limit) == "0 处指向不存在的节或多个节"


def test_the_outline_marks_the_headings_that_share_a_number(sample_text, tmp_path, qtbot):
    from editor_app.ui.outline_panel import section_tip
    from editor_app.core.document import repeated_numbers

    from ui_support import open_window

    path = tmp_path / "survey.md"
    path.write_text(_twice_3_1(sample_text), encoding="utf-8")
    window = open_window(qtbot, path)
    try:
        labels = window.outline.model.stringList()
        marked = [label.strip() for label in labels if "⚠" in label]
        assert marked == ["⚠ 3.1 主线 A · KV Cache 量化三维演进 — number repeated",
                          "⚠ 3.1 主线 C · Akashic MemAttention + Agent 记忆系统 — number repeated"]
        rows = window.outline.model.rows
        repeated = repeated_numbers([sm.section for sm in rows])
        tip = section_tip(next(sm for sm in rows if sm.section.key == "3.1#2"), repeated)
        assert tip.endswith("2 headings have this number (lines 32, 40): a § reference to it is ambiguous.")
        assert "ambiguous" not in section_tip(next(sm for sm in rows if sm.section.key == "3.2"), repeated)
    finally:
        window.shutdown()
