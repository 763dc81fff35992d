"""The status-bar headline: the document-wide counters against their limits and how many rules fail."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication

from editor_app.core.model import Analysis
from editor_app.formats import Verdict, headline_counters, verdict
from editor_app.ui.engine_text import words_for


def headline(analysis: Analysis, pack: Any, wrong: int | None = None, said: Verdict | None = None) -> tuple[str, bool]:
    """("CJK 3,838/3,900 · ⚠️ 79 · 113/200 lines · 1 rule failing, 1 rule warning · 11 wrong self-reported figures",
    passing) from Analysis.metrics and the pack; passing (green) when survey-check passes the survey (no rule fails
    at error level, no error-level finding outside them), no self-reported figure is wrong and no private data was
    found: a failing warning is said but, as in survey-check, blocks nothing."""
    parts = headline_counters(analysis, pack, words_for(pack))
    # Counted as survey-check's first line counts them (at its default --fail-level error): a failing warning-level
    # rule is a warning, not a failure. The window said "2 rules failing" for the sample where survey-check said
    # "1 rule failing, 1 rule warning".
    if said is None:  # (the worker makes it: PreparedView.verdict)
        said = verdict(analysis)
    failing, warning = said.failing, said.warning
    unmeasured = sum(1 for r in analysis.rules if r.status == "not-measured")
    if failing or warning or said.apart:
        text = (QCoreApplication.translate("Headline", "1 rule failing") if failing == 1 else
                QCoreApplication.translate("Headline", "%n rules failing").replace("%n", str(failing)))
        if warning == 1:
            text += QCoreApplication.translate("Headline", ", 1 rule warning")
        elif warning:
            text += QCoreApplication.translate("Headline", ", %n rules warning").replace("%n", str(warning))
        # an error-level finding no failing rule counts fails the survey as a failing rule does ("0 rules failing, 1
        # verifiability finding failing": a scope naming a number two headings share); the status bar was green
        text += findings_failing(said)
        if unmeasured and not said.fails:  # nothing fails: what was not measured has not passed either
            text += QCoreApplication.translate("Headline", ", %n not measured").replace("%n", str(unmeasured))
        parts.append(text)
    else:
        # A rule that could not be measured (verifiability before Verify all) has not passed: said, never hidden.
        parts.append(QCoreApplication.translate("Headline", "no rule fails, %n not measured").replace("%n", str(unmeasured))
                     if unmeasured else QCoreApplication.translate("Headline", "all rules pass"))
    if wrong is None:  # the worker counts them (PreparedView.wrong_claims): 19,000 claims in an 8 MB survey
        wrong = analysis.wrong_count()
    if wrong == 1:
        parts.append(QCoreApplication.translate("Headline", "1 wrong self-reported figure"))
    elif wrong:
        parts.append(QCoreApplication.translate("Headline", "%n wrong self-reported figures").replace("%n", str(wrong)))
    hits = len(analysis.privacy)
    if hits == 1:
        parts.append(QCoreApplication.translate("Headline", "1 private-data hit"))
    elif hits:
        parts.append(QCoreApplication.translate("Headline", "%n private-data hits").replace("%n", str(hits)))
    return " · ".join(parts), not said.fails and not wrong and not analysis.privacy


def findings_failing(said: Verdict) -> str:
    """ ", 1 verifiability finding failing" in the window's language, as survey-check's first line says it after
    its rules (the headline and the Self-check panel's summary both). (One string a form, as the headline's others:
    pyside6-lupdate takes no plural from QCoreApplication.translate.)"""
    return "".join((QCoreApplication.translate("Headline", ", 1 %1 finding failing") if n == 1 else
                    QCoreApplication.translate("Headline", ", %n %1 findings failing").replace("%n", str(n)))
                   .replace("%1", rule) for rule, n in said.apart_by_rule())
