"""A suppression comment is not counted as text of the line it ends.

Found in QA: appending `<!-- survey-check disable RULE -->` to a §七 list item added its ~50 characters to the
item's measured length, so an item of 138 characters passed the ≥ 150 rule once any rule was silenced on it,
without the length rule being silenced at all.
"""

from __future__ import annotations

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack


def test_a_suppression_comment_does_not_lengthen_the_item_it_ends(sample_text):
    pack = house_pack()
    lines = sample_text.split("\n")
    lines[80] += " <!-- survey-check disable claims -->"  # line 81: a cross-link of 136 characters
    before = next(r for r in analyze(sample_text, pack).rules if r.id == "confluence-link-length")
    after = next(r for r in analyze("\n".join(lines), pack).rules if r.id == "confluence-link-length")
    assert before.measured[3] == 136  # (its text: 138 characters with its "- ")
    assert after.measured == before.measured  # got 138 -> 175: the short item passed
