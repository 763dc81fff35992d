"""A new section inserted before 八、, which became 九、, its sub-sections 8.1 … 8.5 left as they were: they silently
sat under §九 (a "8.1" line under 九 is no heading of the outline, and nothing said why). Each is now a finding of
the section-refs rule, where a § reference to a repeated number is reported: its line, both numbers."""

from __future__ import annotations

import json
from datetime import date

from editor_app.core.analyze import Analyzer, analyze
from editor_app.core.rulepack import house_pack, parse_pack
from editor_app.wording import EngineText

PACK = house_pack()
TODAY = date(2026, 12, 3)


def _new_section_before_8(sample_text: str) -> str:
    """八、元信息 renumbered 九、 (and 九、 十、) for a new 八、 before it; the sub-sections not renumbered."""
    assert "\n八、元信息" in sample_text and "\n九、引用清单" in sample_text
    return (sample_text.replace("\n九、引用清单", "\n十、引用清单")
            .replace("\n八、元信息", "\n八、新节\n新的一节。\n九、元信息"))


def _line_of(text: str, prefix: str) -> int:
    return next(i + 1 for i, ln in enumerate(text.split("\n")) if ln.startswith(prefix))


def _strays(a):
    rule = next(r for r in a.rules if r.id == "section-refs")
    return rule, [(f.line, f.message) for f in rule.findings if "sits under" in f.message]


def test_sub_sections_left_under_a_renumbered_section_are_findings(sample_text):
    text = _new_section_before_8(sample_text)
    a = analyze(text, PACK, today=TODAY)
    rule, found = _strays(a)
    nine, ten = _line_of(text, "九、"), _line_of(text, "十、")
    assert found == [(_line_of(text, f"8.{k} "), f"8.{k} is numbered for §八 but sits under §九 (line {nine})")
                     for k in range(1, 6)] + [
        (_line_of(text, f"9.{k} "), f"9.{k} is numbered for §九 but sits under §十 (line {ten})") for k in range(1, 4)]
    assert rule.status == "fail"
    # in line order among the references' findings (the rule's row lists its first few)
    assert [(f.line, f.column) for f in rule.findings] == sorted((f.line, f.column) for f in rule.findings)
    assert rule.note.endswith("; 8 sub-sections under another section's number")
    # in the analysis' findings (the Self-check panel and the editor's underlines read them) and in the JSON
    assert all(any(f.line == ln and f.message == m for f in a.findings) for ln, m in found)
    rows = json.loads(json.dumps(a.to_dict(), ensure_ascii=False))["findings"]
    assert {"rule": "section-refs", "level": "warning", "line": _line_of(text, "8.1 "), "column": 1,
            "message": f"8.1 is numbered for §八 but sits under §九 (line {nine})", "measured": None,
            "limit": None} in rows
    # the Chinese window says it in Chinese
    zh = EngineText("zh_CN", PACK)
    assert zh(found[0][1]) == f"8.1 的编号属于 §八，却位于 §九（第 {nine} 行）之下"
    assert zh(rule.note).endswith("；8 个小节位于别的节号之下")


def test_the_sample_and_prose_starting_with_a_figure_have_none(sample_text):
    rule, found = _strays(analyze(sample_text, PACK, today=TODAY))
    assert found == [] and rule.status == "pass"
    # a line of prose under §四 starting with a figure is no sub-section of another number
    text = sample_text.replace("\n4.1 工程视角", "\n3.5 GB 显存即可部署。\n1.5 倍吞吐。\n4.1 工程视角", 1)
    assert _strays(analyze(text, PACK, today=TODAY))[1] == []


def test_a_markdown_sub_heading_under_another_number_is_one_too():
    pack = parse_pack('schema = 1\nname = "md"\n[counters.lines]\nbuiltin = "lines"\n[[rules]]\nid = "section-refs"\nkind = "section-refs"\n')
    text = "# 1 Intro\n\n## 1.1 Scope\ntext\n\n# 3 Methods\n\n## 2.1 Data\ntext\n\n## 3.1 Setup\ntext\n"
    _, found = _strays(analyze(text, pack, today=TODAY))
    assert found == [(8, "2.1 is numbered for §2 but sits under §3 (line 6)")]


def test_edit_by_edit_the_findings_are_those_of_a_fresh_analysis(sample_text):
    """Renumbering by typing, then moving the lines with Enter above and below, then renumbering back."""
    az = Analyzer(PACK, today=TODAY)
    text = sample_text
    steps = [lambda t: t.replace("\n八、元信息", "\n九、元信息"),  # a heading changed on its line
             lambda t: t.replace("\n一、", "\n\n一、", 1),  # lines moved above the strays
             lambda t: t.replace("\n8.3 ", "\n\n8.3 ", 1),  # and between them
             lambda t: t.replace("私域清洁度自检", "私域清洁度自检（改）", 1),  # a stray's title typed in
             lambda t: t.replace("\n九、元信息", "\n八、元信息")]
    for step in steps:
        text = step(text)
        got = az.analyze(text)
        fresh = analyze(text, PACK, today=TODAY)
        assert got.to_dict() == fresh.to_dict()
        assert _strays(got) == _strays(fresh)
    assert _strays(got)[1] == []
