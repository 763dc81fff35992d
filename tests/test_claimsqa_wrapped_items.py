"""A §七 cross-link hard-wrapped by its author: "… penalty 1.1" / "+ 与 §三.2 三段式 …" or an indented second line.

Before: a line starting with "+ " after a "- " item was counted as a new item (§七 had 7 cross-links, "stated 6,
measured 7", and two items both "short"), and an indented wrapped line was lost (the item measured 126 characters,
"24 short"). Now both lines are one item: 6 cross-links, the item measured with its second line, and the
incremental analysis gives what a fresh one gives while the author types the wrap in and out."""

from __future__ import annotations

from datetime import date

import pytest

from editor_app.core.analyze import Analyzer, analyze, item_continuations, plus_items
from editor_app.core.rulepack import house_pack

PACK = house_pack()
TODAY = date(2026, 12, 4)
ITEM = "Ollama repetition penalty 1.1 与 §三.2 三段式 ✅"
SECOND = "与 §三.2 三段式：机制、数据、截止日三段齐备 ✅"


def _wrapped(sample_text: str, lead: str) -> str:
    assert ITEM in sample_text
    return sample_text.replace(ITEM, f"Ollama repetition penalty 1.1\n{lead}{SECOND}", 1)


def _rule(an, rule_id):
    return next(r for r in an.rules if r.id == rule_id)


@pytest.mark.parametrize("lead", ["+ ", "  ", "    ", "+\t"])
def test_a_wrapped_item_is_one_item_measured_whole(sample_text, lead):
    an = analyze(_wrapped(sample_text, lead), PACK, today=TODAY)
    links = _rule(an, "confluence-links")
    assert links.measured == 6
    lengths = _rule(an, "confluence-link-length").measured
    assert len(lengths) == 6
    first_line = "Ollama repetition penalty 1.1"
    base = next(len(l) for l in sample_text.split("\n") if ITEM in l) - len(ITEM) + len(first_line)
    # the item's text: not its "- ", nor the indentation of its second line (a "+" going on it is prose: A + B)
    assert lengths[1] == base - len("- ") + len(lead.strip() and lead) + len(SECOND)
    assert not any("cross-links" in f.message and "measured 7" in f.message for f in an.findings)


def test_a_plus_list_of_its_own_stays_a_list():
    lines = ["- a", "+ b", "", "+ c", "+ d", "段落", "+ e", "- f", "  wrapped", "+ g", "+ h"]
    col = [1, 1, 0, 1, 1, 0, 1, 1, 0, 1, 1]
    assert plus_items(lines, col) == [1, 3, 4, 6, 9, 10]
    assert item_continuations(lines, col, plus_items(lines, col)) == [1, 9, 10]


def test_typing_the_wrap_in_and_out_matches_a_fresh_analysis(sample_text):
    az = Analyzer(PACK, today=TODAY)
    steps = [sample_text, _wrapped(sample_text, "+ "), _wrapped(sample_text, "- "), _wrapped(sample_text, "+ "),
             _wrapped(sample_text, "+ ").replace("- §一 推理引擎可复现性", "§一 推理引擎可复现性", 1),
             _wrapped(sample_text, "  "), sample_text]
    wrapped = _wrapped(sample_text, "+ ")
    at = wrapped.index("+ " + SECOND)
    steps += [wrapped, wrapped[:at] + "\n" + wrapped[at:], wrapped, wrapped[:at] + "x" + wrapped[at:],
              wrapped[:at - 1] + wrapped[at:], wrapped]  # a blank line in and out, a character typed before "+"
    for text in steps:
        got = az.analyze(text)
        assert got == analyze(text, PACK, today=TODAY)


def test_random_wraps_match_a_fresh_analysis(sample_text):
    """Lines typed, cut and joined around §七's items, one edit after another: the incremental passes (which keep the
    "+ " items up to date instead of walking every item) give what a fresh analysis gives."""
    import random

    rng = random.Random(7)
    snippets = ["\n+ ", "\n  ", "\n- ", "\n", "+ ", "- ", "字", "", " "]
    text = _wrapped(sample_text, "+ ")
    lo = text.index("七、")
    hi = text.index("八、")
    az = Analyzer(PACK, today=TODAY)
    az.analyze(text)
    for _ in range(60):
        a = rng.randrange(lo, hi)
        b = min(hi, a + rng.choice([0, 0, 1, 2, 5]))
        text = text[:a] + rng.choice(snippets) + text[b:]
        hi = text.index("八、")
        assert az.analyze(text) == analyze(text, PACK, today=TODAY)
