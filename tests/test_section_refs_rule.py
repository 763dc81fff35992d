"""The section-refs rule: a § reference in the prose that names no section of the survey is a warning.

Before, renaming "3.2 主线 B" to "3.4" left "§3.2" and "§三.2" pointing nowhere, and nothing said so (the JSON's
section_refs only carried `key: null`)."""

from __future__ import annotations

from editor_app.core.analyze import Analyzer, analyze
from editor_app.core.rulepack import house_pack


def _rule(a, rule_id="section-refs"):
    return next(r for r in a.rules if r.id == rule_id)


def test_the_sample_references_only_its_own_sections(sample_text):
    r = _rule(analyze(sample_text, house_pack()))
    assert r.status == "pass" and r.measured == 0 and r.level == "warning"
    assert r.note == "69 § references, 0 naming no section"


def test_a_renumbered_section_leaves_its_references_behind(sample_text):
    renamed = sample_text.replace("\n3.2 主线 B", "\n3.4 主线 B")
    r = _rule(analyze(renamed, house_pack()))
    assert r.status == "fail" and r.measured == 3
    assert [(f.line, f.column, f.message) for f in r.findings] == [
        (9, 116, "§3.2 names no section of the survey"),
        (79, 17, "§三.2 names no section of the survey"),
        (79, 130, "§三.2 names no section of the survey"),
    ]


def test_silenced_on_its_line_and_followed_as_the_author_types(sample_text):
    renamed = sample_text.replace("\n3.2 主线 B", "\n3.4 主线 B")
    lines = renamed.split("\n")
    lines[78] += " <!-- survey-check disable section-refs -->"
    r = _rule(analyze("\n".join(lines), house_pack()))
    assert r.measured == 1 and [f.line for f in r.findings] == [9] and r.note.endswith("1 naming no section; 2 suppressed inline")
    # The same verdicts when the editor's analyzer gets there edit by edit (renamed back, then away again).
    az = Analyzer(house_pack())
    for text in (sample_text, renamed, sample_text, renamed):
        assert _rule(az.analyze(text)).findings == _rule(analyze(text, house_pack())).findings
