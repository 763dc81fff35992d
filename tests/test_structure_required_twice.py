"""A required section present twice (the legal section §4.4 pasted a second time) passed silently: the rule found
the first and said nothing of the copy. It still passes (the section is there) but a warning names both lines, in
the Self-check row's note, the editor's underline, the findings and `survey-check`. And where the required section
is missing, the finding now points at where it went: a 4.4 moved under §三 (no section there), or a 4.4 promoted to
a top section, rather than at §四, whose title "… / 法律" matches too."""

from __future__ import annotations

import subprocess
import sys
from datetime import date

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack, parse_pack
from editor_app.wording import EngineText

PACK = house_pack()
TODAY = date(2026, 12, 3)
LEGAL = "§4.4 法律 / 监管 / 经济维度（独立段）"


def _legal_twice(sample_text: str) -> tuple[str, int, int]:
    """The legal section (its heading and paragraph) pasted again right after the last copy; its first line, the copy's."""
    lines = sample_text.split("\n")
    i = next(i for i, ln in enumerate(lines) if ln.startswith("4.4 法律"))
    five = next(i for i, ln in enumerate(lines) if ln.startswith("五、"))
    return "\n".join(lines[:five] + lines[i:i + 2] + lines[five:]), i + 1, five + 1


def _legal(a):
    return next(r for r in a.rules if r.id == "legal-section")


def test_a_legal_section_pasted_twice_is_a_warning_naming_both(sample_text):
    text, first, copy = _legal_twice(sample_text)
    a = analyze(text, PACK, today=TODAY)
    rule = _legal(a)
    msg = f"{LEGAL} is in the survey twice: lines {first} and {copy}; keep one"
    assert (rule.status, rule.measured, rule.note) == ("pass", f"2× {LEGAL}", "present 2 times")
    assert [(f.level, f.line, f.message) for f in rule.findings] == [("warning", copy, msg)]
    assert any(f.rule == "legal-section" and f.line == copy for f in a.findings)  # underlined, F8 goes there
    assert "legal-section" not in [r.id for r in a.failing_rules()]  # not counted as a failing rule
    zh = EngineText("zh_CN", PACK)
    assert zh(msg) == f"{LEGAL} 在综述中出现了两次：第 {first} 行和第 {copy} 行；请只保留一处"
    assert zh(rule.note) == "出现 2 次"


def test_three_copies_and_a_copy_renumbered_are_named_too(sample_text):
    text, first, copy = _legal_twice(sample_text)
    text3, _, third = _legal_twice(text)
    found = _legal(analyze(text3, PACK, today=TODAY)).findings
    assert [f.message for f in found] == [
        f"{LEGAL} is in the survey 3 times (lines {first}, {copy}, {third}); keep one"]
    # the copy renumbered 4.5: same title, same level
    renumbered = text.split("\n")
    renumbered[copy - 1] = renumbered[copy - 1].replace("4.4", "4.5", 1)
    found = _legal(analyze("\n".join(renumbered), PACK, today=TODAY)).findings
    assert [(f.line, f.message) for f in found] == [
        (copy, f"{LEGAL} is in the survey twice: lines {first} and {copy}; keep one")]


def test_the_sample_and_other_sections_matching_the_pattern_are_no_copies(sample_text):
    """§四 "… / 法律" matches `法律|监管` too: another section, not a second legal section."""
    assert _legal(analyze(sample_text, PACK, today=TODAY)).findings == []
    pack = parse_pack('schema = 1\nname = "md"\n[counters.lines]\nbuiltin = "lines"\n[[rules]]\nid = "refs"\n'
                      'kind = "required-section"\nheading = \'(?i)^references$\'\nlevel = "error"\n')
    text = "# 1 Intro\ntext\n\n## References\na\n\n# 2 More\ntext\n\n## References\nb\n"
    rule = next(r for r in analyze(text, pack, today=TODAY).rules if r.id == "refs")
    assert rule.status == "pass"
    assert [(f.level, f.line, f.message) for f in rule.findings] == [
        ("warning", 10, "References is in the survey twice: lines 4 and 10; keep one")]


def test_survey_check_lists_the_warning_and_exits_as_before(tmp_path, sample_text):
    text, first, copy = _legal_twice(sample_text)
    path = tmp_path / "survey.md"
    path.write_text(text, encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "editor_app.cli", str(path)], capture_output=True, text=True,
                         encoding="utf-8", timeout=120)
    assert f"survey.md:{copy}:1: warning: [legal-section] {LEGAL} is in the survey twice: lines {first} and {copy}; keep one" in run.stdout
    assert "(present 2 times)" in run.stdout


def test_a_legal_section_moved_under_another_section_is_pointed_at(sample_text):
    lines = sample_text.split("\n")
    i = next(i for i, ln in enumerate(lines) if ln.startswith("4.4 法律"))
    four = next(i for i, ln in enumerate(lines) if ln.startswith("四、"))
    three = next(n for n, ln in enumerate(lines, 1) if ln.startswith("三、"))
    text = "\n".join(lines[:four] + lines[i:i + 2] + lines[four:i] + lines[i + 2:])
    rule = _legal(analyze(text, PACK, today=TODAY))
    assert rule.status == "fail"
    msg = f"§4.4 is missing: 4.4 on line {four + 1} sits under §三 (line {three})"
    assert [(f.level, f.line, f.message) for f in rule.findings] == [("error", four + 1, msg)]
    assert EngineText("zh_CN", PACK)(msg) == f"缺少 §4.4：第 {four + 1} 行的 4.4 位于 §三（第 {three} 行）之下"


def test_a_legal_section_promoted_to_a_top_section_is_pointed_at(sample_text):
    """4.4 → 五、法律…: the finding named §4 ("四个视角：… / 法律"), the chapter it left."""
    text = sample_text.replace("\n4.4 法律", "\n五、法律", 1)
    line = next(n for n, ln in enumerate(text.split("\n"), 1) if ln.startswith("五、法律"))
    found = _legal(analyze(text, PACK, today=TODAY)).findings
    assert [(f.line, f.message) for f in found] == [(line, "a section matches `法律|监管` (§五) but §4.4 is missing")]
