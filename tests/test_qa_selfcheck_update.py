"""QA: Tools → Update self-check figures must not write a figure that breaks a stated ratio ("4/6 = 100%")."""

from __future__ import annotations

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack
from editor_app.core.selfcheck_update import figure_updates, updated_self_check_text

IDS = ("2609.11582", "2609.04263", "2606.03458", "2605.19537", "2609.10226", "2607.05708", "2606.02964",
       "2606.19746", "2608.01526", "2607.08028", "2605.15040", "2609.11561", "2607.26627", "2608.07009",
       "2608.16157")


def test_update_after_verification_keeps_every_stated_ratio_computing(sample_text):
    pack = house_pack()
    verdicts = {i: {"status": "verified"} for i in IDS}  # Verify all against arXiv: every id confirmed
    before = analyze(sample_text, pack, verdicts=verdicts)
    assert any(c.metric == "verifiability" and c.ok is False and c.measured == 100 for c in before.claims)
    updated = updated_self_check_text(sample_text, before)
    after = analyze(updated, pack, verdicts=verdicts)
    broken = [c.text for c in after.claims if c.kind == "ratio" and c.ok is False]
    assert broken == []  # before the fix: "4/6 = 100%" on lines 9 and 113
    assert "4/6 = 100%" not in updated
    # the percentages that are not a ratio's result are still brought in line with the measurement
    assert "§八.3 = 100%" in updated and "footer = 100%" in updated
    assert all(u.old != "67" or (u.line, u.column) not in {(c.line, c.value_column) for c in before.claims
                                                          if c.kind == "ratio"} for u in figure_updates(sample_text, before))
