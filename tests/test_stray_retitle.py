"""Renaming a stray sub-section's heading in place: the incremental pass must show the new title, as a fresh one does."""
from datetime import date

from editor_app.core.analyze import Analyzer, analyze
from editor_app.core.rulepack import house_pack

TODAY = date(2026, 9, 20)


def test_renaming_a_stray_heading_updates_the_outline(sample_text):
    text = "\n".join(l for l in sample_text.split("\n") if not l.startswith("九、引用清单"))
    az = Analyzer(house_pack(), today=TODAY)
    before = az.analyze(text)
    stray = next(s for s in before.strays if s.number == "9.1")
    edited = text.replace("9.1 11 件 arXiv", "9.1 11 件 arXiv 新", 1)
    assert edited != text
    again = az.analyze(edited)
    fresh = analyze(edited, house_pack(), today=TODAY)
    assert again.strays == fresh.strays
    renamed = next(s for s in again.strays if s.number == "9.1")
    assert "arXiv 新" in renamed.title and renamed.line == stray.line and "新" not in stray.title
    assert again.to_dict() == fresh.to_dict()
