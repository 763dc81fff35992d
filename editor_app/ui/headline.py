"""The status-bar headline: the document-wide counters against their limits and how many rules fail."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication

from editor_app.core.model import Analysis
from editor_app.formats import headline_counters
from editor_app.ui.engine_text import words_for


def headline(analysis: Analysis, pack: Any, wrong: int | None = None) -> tuple[str, bool]:
    """("CJK 3,838/3,900 · ⚠️ 79 · 113/200 lines · 2 rules failing", all_pass) from Analysis.metrics and the pack."""
    parts = headline_counters(analysis, pack, words_for(pack))
    failing = analysis.failing_count()  # the engine's own count (errors and warnings), as the CLI says
    if failing:
        parts.append(QCoreApplication.translate("Headline", "%n rules failing").replace("%n", str(failing))
                     if failing != 1 else QCoreApplication.translate("Headline", "1 rule failing"))
    else:
        # A rule that could not be measured (verifiability before Verify all) has not passed: said, never hidden.
        unmeasured = sum(1 for r in analysis.rules if r.status == "not-measured")
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
    return " · ".join(parts), not failing and not wrong and not analysis.privacy
