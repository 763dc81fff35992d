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


def test_the_update_diff_of_a_long_survey_is_immediate_and_reads_as_difflib_writes_it(sample_text):
    import difflib
    import time

    from editor_app.core.selfcheck_update import unified_diff

    def reference(old: str, new: str) -> str:
        lines = difflib.unified_diff(old.split("\n"), new.split("\n"), fromfile="survey (stated)",
                                     tofile="survey (measured)", lineterm="")
        return "\n".join(lines) + "\n"

    new = sample_text.replace("元信息 950", "元信息 946").replace("行数 200", "行数 113")
    assert unified_diff(sample_text, new) == reference(sample_text, new)
    first_and_last = "改" + sample_text + "改"
    assert unified_diff(sample_text, first_and_last) == reference(sample_text, first_and_last)
    long_old = "\n".join([sample_text] * 60)  # 1 MB whose lines repeat: difflib alone took ~20 s here
    long_new = "\n".join([new] * 60)
    started = time.perf_counter()
    diff = unified_diff(long_old, long_new)
    assert time.perf_counter() - started < 2.0
    removed = [x for x in diff.split("\n") if x.startswith("-") and not x.startswith("---")]
    added = [x for x in diff.split("\n") if x.startswith("+") and not x.startswith("+++")]
    assert len(removed) == len(added) == 60 * 2  # lines 9 and 113 of every copy
