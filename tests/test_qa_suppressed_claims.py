"""QA: a wrong self-reported figure silenced inline (`<!-- survey-check disable claims -->`) is no longer counted
as wrong: the claims rule's measured value, its note, the claim rows and every count of wrong figures agree with
what the findings say (the user saw `claims ✘ FAIL 11` and line 101 listed as wrong after silencing it)."""

from __future__ import annotations

import json

from editor_app.cli import main
from editor_app.core.analyze import Analyzer, analyze
from editor_app.core.rulepack import house_pack
from editor_app.formats import text_report

SILENCE = " <!-- survey-check disable claims -->"


def _silenced_line_101(sample_text: str) -> str:
    lines = sample_text.split("\n")
    assert "行数=wc -l = 200" in lines[100]
    lines[100] += SILENCE
    return "\n".join(lines)


def _claims_rule(a):
    return next(r for r in a.rules if r.id == "claims")


def test_a_silenced_wrong_figure_is_not_counted_as_wrong(sample_text):
    before = analyze(sample_text, house_pack())
    a = analyze(_silenced_line_101(sample_text), house_pack())
    rule = _claims_rule(a)
    assert _claims_rule(before).measured == 11
    assert rule.measured == 10
    assert rule.status == "fail"
    assert rule.note == "61 claims, 10 wrong, 10 findings; 1 suppressed inline"
    assert len(rule.findings) == 10 and all(f.line != 101 for f in rule.findings)
    silenced = [c for c in a.claims if c.line == 101 and c.metric == "lines"]
    assert [(c.ok, c.suppressed, c.wrong) for c in silenced] == [(False, True, False)]
    assert sum(c.wrong for c in a.claims) == 10
    assert not any(c.suppressed for c in a.claims if c.line != 101)


def test_the_claims_rule_passes_as_suppressed_when_every_wrong_figure_is_silenced():
    text = "§0 自检\n行数 99" + SILENCE + "\n一、正文\n中文\n"
    a = analyze(text, house_pack())
    rule = _claims_rule(a)
    assert (rule.status, rule.measured) == ("suppressed", 0)
    assert [c.wrong for c in a.claims] == [False]
    assert "0 wrong" in text_report(a)
    assert "Claims: 1 self-reported figure, 0 wrong" in text_report(a)


def test_the_incremental_pass_agrees_with_a_fresh_one(sample_text):
    text = _silenced_line_101(sample_text)
    az = Analyzer(house_pack())
    az.analyze(text)
    edited = text.replace("行数 200 ≤200", "行数 201 ≤200")  # the footer, line 113: not silenced
    again = az.analyze(edited)
    fresh = analyze(edited, house_pack())
    assert _claims_rule(again).note == _claims_rule(fresh).note == "61 claims, 10 wrong, 11 findings; 1 suppressed inline"
    assert _claims_rule(again).measured == _claims_rule(fresh).measured == 11  # with "201 here but 200 on line 101"
    assert [c.wrong for c in again.claims] == [c.wrong for c in fresh.claims]


def test_survey_check_text_and_json_agree_with_the_silencing(sample_text, tmp_path, capsys):
    p = tmp_path / "s.md"
    p.write_text(_silenced_line_101(sample_text), encoding="utf-8")
    assert main([str(p)]) == 1
    out = capsys.readouterr().out
    assert "Claims: 61 self-reported figures, 10 wrong" in out
    assert "行数=wc -l = 200" not in out.split("Claims:")[1].split("Findings")[0]
    assert main([str(p), "--format", "json"]) == 1
    data = json.loads(capsys.readouterr().out)
    rule = next(r for r in data["rules"] if r["id"] == "claims")
    assert rule["measured"] == 10
    row = next(c for c in data["claims"] if c["line"] == 101 and c["metric"] == "lines")
    assert row["ok"] is False and row["suppressed"] is True
    assert sum(1 for c in data["claims"] if c["ok"] is False and not c["suppressed"]) == 10


def test_the_other_faces_leave_a_silenced_figure_alone(sample_text):
    """The status bar, the underlines, the report and Tools → Update self-check figures count and touch only the
    wrong figures the user has not silenced."""
    from editor_app.core.selfcheck_update import figure_updates
    from editor_app.services.report import _summary_box
    from editor_app.ui.headline import headline
    from editor_app.ui.problem_spans import problem_spans
    from editor_app.ui.claims_order import claims_parts

    text = _silenced_line_101(sample_text)
    a = analyze(text, house_pack())
    assert "10 wrong self-reported figures" in headline(a, house_pack())[0]
    assert not [s for s in problem_spans(a) if s.line == 101]
    assert ("Self-stated figures: 41 agree, 10 disagree, 1 disagree but are silenced inline, 9 not measured ("
            in _summary_box(a))
    assert 101 not in {u.line for u in figure_updates(text, a)}
    assert 113 in {u.line for u in figure_updates(text, a)}
    ordered = claims_parts(a)[1]
    assert [c.wrong for c in ordered[:10]] == [True] * 10 and not any(c.wrong for c in ordered[10:])


def test_the_self_check_panel_shows_a_silenced_figure_as_suppressed(qtbot, tmp_path, sample_text):
    from PySide6.QtCore import Qt

    from ui_support import open_window

    survey = tmp_path / "survey.md"
    survey.write_text(_silenced_line_101(sample_text), encoding="utf-8")
    window = open_window(qtbot, survey)
    model = window.selfcheck.claims_model
    row = next(i for i, c in enumerate(model.rows) if c.line == 101 and c.metric == "lines")
    assert model.data(model.index(row, 0), Qt.ItemDataRole.DisplayRole) == "suppressed"
    assert "10 of 61 self-reported figures wrong" in window.selfcheck.summary.text()
    assert "10 wrong self-reported figures" in window.headline_label.text()


def _rule(a, rule_id):
    return next(r for r in a.rules if r.id == rule_id)


def test_a_rule_that_counts_its_hits_counts_only_those_not_silenced(sample_text):
    """bare-caution silenced on one of its three lines still measured 3 (and 3 when all were silenced, shown as
    '~ suppressed 3' against a limit of 0); the same for a malformed arXiv id and a disagreeing engine figure."""
    lines = sample_text.split("\n")
    assert all("⚠。" in lines[i] for i in (72, 73, 74))
    one = list(lines)
    one[72] += " <!-- survey-check disable bare-caution -->"
    r = _rule(analyze("\n".join(one), house_pack()), "bare-caution")
    assert (r.measured, r.note, len(r.findings)) == (2, "1 suppressed inline", 2)
    every = list(lines)
    for i in (72, 73, 74):
        every[i] += " <!-- survey-check disable bare-caution -->"
    r = _rule(analyze("\n".join(every), house_pack()), "bare-caution")
    assert (r.status, r.measured, r.findings) == ("suppressed", 0, [])

    bad_id = sample_text.replace("arXiv:2609.04263 通过", "arXiv:2613.04263 通过", 1)
    at = next(i for i, ln in enumerate(bad_id.split("\n")) if "2613.04263" in ln)
    silenced = bad_id.split("\n")
    silenced[at] += " <!-- survey-check disable arxiv-ids -->"
    assert _rule(analyze(bad_id, house_pack()), "arxiv-ids").measured == 1
    r = _rule(analyze("\n".join(silenced), house_pack()), "arxiv-ids")
    assert (r.status, r.measured) == ("suppressed", 0)

    other = sample_text.replace("NVIDIA Dynamo 1.0 4× TTFT + RadixArk", "NVIDIA Dynamo 1.0 5× TTFT + RadixArk", 1)
    at = next(i for i, ln in enumerate(other.split("\n")) if "Dynamo 1.0 5× TTFT" in ln)
    silenced = other.split("\n")
    silenced[at] += " <!-- survey-check disable figure-consistency -->"
    assert _rule(analyze(other, house_pack()), "figure-consistency").measured == 1
    r = _rule(analyze("\n".join(silenced), house_pack()), "figure-consistency")
    assert (r.status, r.measured) == ("suppressed", 0)
