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


def test_no_checker_comment_is_counted_whatever_it_says_or_wherever_it_stands(sample_text):
    """QA24 D2: a misspelt or id-less comment was counted and a readable one not, so mending `disabel` changed the
    item's length; one quoted in inline code was counted and one in a fenced block not."""
    pack = house_pack()
    lines = sample_text.split("\n")
    before = next(r for r in analyze(sample_text, pack).rules if r.id == "confluence-link-length").measured
    for comment in ("<!-- survey-check disable claims -->", "<!-- survey-check disabel claims -->",
                    "<!-- survey-check disable -->", "<!-- survey-check disable nosuch -->",
                    "`<!-- survey-check disable claims -->`", "<!-- survey-check disable claims"):
        edited = lines[:80] + [lines[80] + " " + comment] + lines[81:]
        after = next(r for r in analyze("\n".join(edited), pack).rules if r.id == "confluence-link-length")
        assert after.measured == before, comment
