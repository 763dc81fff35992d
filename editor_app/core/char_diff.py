"""Which characters changed inside a changed line: a few characters edited in a 300-character Chinese paragraph are
marked, not just the whole line tinted.

Only the part between the two lines' common beginning and end is matched (difflib.SequenceMatcher, whose work grows
with the product of the two lengths); past `MAX_PAIR_WORK` for one pair, or once a comparison has spent its
`CharBudget`, that whole middle part is marked instead (found in linear time), so an 8 MB comparison stays quick.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass

from .text_ends import changed_span

Span = tuple[int, int]  # [start, end) in a line

MAX_PAIR_WORK = 400_000  # the product of the two middle parts' lengths matched per line pair (~7 ms at worst)
MAX_TOTAL_WORK = 10_000_000  # and per comparison (~0.2 s at worst, on a worker thread); past it: middles only
MIN_KEPT = 2  # an unchanged run shorter than this between two changes is marked too: no confetti of lone 的 and ，
WHOLE_MIDDLE = 0.6  # when more than this share of both middles changed, the middle is marked whole


@dataclass
class CharBudget:
    """How much character matching one comparison may still do."""

    left: int = MAX_TOTAL_WORK


def changed_chars(old: str, new: str, budget: CharBudget | None = None) -> tuple[list[Span], list[Span]]:
    """The spans of `old` and of `new` that differ, each list in order; empty lists for equal lines."""
    start, old_end, new_end = changed_span(old, new)
    mid_a, mid_b = old[start:old_end], new[start:new_end]
    whole = ([(start, old_end)] if mid_a else []), ([(start, new_end)] if mid_b else [])
    work = len(mid_a) * len(mid_b)
    if not work or work > MAX_PAIR_WORK or (budget is not None and work > budget.left):
        return whole
    if budget is not None:
        budget.left -= work
    old_spans: list[Span] = []
    new_spans: list[Span] = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, mid_a, mid_b, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        _add(old_spans, start + i1, start + i2)
        _add(new_spans, start + j1, start + j2)
    if (_length(old_spans) > WHOLE_MIDDLE * len(mid_a) and _length(new_spans) > WHOLE_MIDDLE * len(mid_b)):
        return whole  # rewritten rather than edited: one span reads better than a sieve
    return old_spans, new_spans


def _add(spans: list[Span], start: int, end: int) -> None:
    """Append [start, end), joined to the last span when only a short unchanged run lies between them."""
    if start == end:
        return
    if spans and start - spans[-1][1] < MIN_KEPT:
        spans[-1] = (spans[-1][0], end)
    else:
        spans.append((start, end))


def _length(spans: list[Span]) -> int:
    return sum(end - start for start, end in spans)
