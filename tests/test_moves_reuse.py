"""Passes after an Enter reuse what the edit leaves alone, and still equal a fresh analysis: § references' findings
when the words for a stray sub-section or a repeated number moved, and the splices of the moved passes."""

from __future__ import annotations

from datetime import date

from editor_app.core.analyze import Analyzer, analyze
from editor_app.core.rulepack import house_pack

TODAY = date(2026, 12, 2)
PACK = house_pack()


def _same_as_fresh(az: Analyzer, text: str):
    got = az.analyze(text)
    assert got == analyze(text, PACK, today=TODAY)
    return got


def test_enters_above_and_below_strays_and_repeated_numbers(sample_text):
    """The words for a stray sub-section's line and a repeated number's lines change with an Enter above them: the
    lines whose references read them are made again (rules.section_refs_rule), the others kept."""
    renamed = sample_text.replace("\n三、", "\n九、", 1)  # §三's sub-sections left under §九: strays
    doc = "\n".join([renamed, sample_text, renamed])
    az = Analyzer(PACK, today=TODAY)
    assert _same_as_fresh(az, doc).strays
    text, moved = doc, 0
    for k, at in enumerate((10, len(doc) // 3, len(doc) // 2, len(doc) - 200, 500, len(doc) // 4)):
        text = text[:at + k] + "\n" + text[at + k:]
        _same_as_fresh(az, text)
        moved += az._last.moves_only
    assert moved >= 3  # (most Enters only move lines; one in a heading's text or the last lines does not)


def test_enters_and_joins_through_a_survey_pasted_three_times(sample_text):
    doc = "\n".join([sample_text] * 3)
    az = Analyzer(PACK, today=TODAY)
    _same_as_fresh(az, doc)
    text = doc
    at = len(text) // 2
    for k in range(12):
        if k % 3 == 2:  # a line joined back to the one before
            p = text.index("\n", at + 40)
            text = text[:p] + text[p + 1:]
        else:
            p = at + k * 37
            text = text[:p] + "\n" + text[p:]
        _same_as_fresh(az, text)
