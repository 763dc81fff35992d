"""The self-check panel's claims table: the claims in its order, read in one pass (Qt-free: the analysis worker
makes it, and the panel when it is handed no prepared view).

The panel lists wrong figures (and ambiguous ones) first, then those stated otherwise elsewhere, the unmeasurable
ones, those silenced inline, and those that hold, each group in text order. A figure "stated otherwise elsewhere"
has a finding of the claims rule at its place (core/stated_otherwise.py); a wrong one that is stays with the wrong
ones, its row saying both.
"""

from __future__ import annotations

from itertools import chain
from operator import attrgetter
from typing import Any

from editor_app.core.model import Analysis, Claim, Finding
from editor_app.core.stated_otherwise import disagreement_of, told_at

_FIRST, _OTHERWISE, _UNMEASURED, _SILENCED, _HOLDING = range(5)  # the panel's groups, in its order


def claims_parts(analysis: Analysis) -> tuple[dict[tuple[int, int], Finding], list[Claim], list[Claim], int, int]:
    """(figures stated otherwise elsewhere: (line, column) -> the finding that says so; the claims in the panel's
    order; the wrong ones in theirs; how many are ambiguous; how many of those lack a part), each claim looked at once:
    the claims of an 8 MB survey are 20,000 objects all over memory, and reading them again for each of these took
    ~30 ms an update."""
    claims = analysis.claims
    stated: dict[tuple[int, int], Any] = {}  # where a value figure not silenced is stated -> what it states
    codes: list[int] = []  # per claim its group, or (negative) the group it is in unless stated otherwise elsewhere
    places: list[tuple[int, int] | None] = []
    wrong: list[Claim] = []
    ambiguous = part_missing = 0
    in_line_order, last = True, 0
    for c in claims:
        ok, line = c.ok, c.line
        if line < last:
            in_line_order = False
        last = line
        value = c.kind == "value"
        if ok is False:
            if c.suppressed:
                codes.append(_SILENCED)
            else:
                codes.append(_FIRST)
                wrong.append(c)
                if value:  # (its row says so too: "3,883 here but 3,838 on line 95")
                    stated[(line, c.column)] = c.claimed
            places.append(None)
            continue
        place = (line, c.column) if value else None
        if value:
            stated[place] = c.claimed
        places.append(place)
        if ok is None:
            if c.ambiguous and not c.suppressed:  # ambiguous (its message says why), not silenced
                codes.append(-1 - _FIRST)
                ambiguous += 1
                part_missing += c.message.endswith(" not found")
            else:
                codes.append(-1 - _UNMEASURED)
        else:
            codes.append(-1 - _HOLDING)
    disagreeing = told_at(stated, analysis.rules) if stated else {}
    groups: tuple[list[Claim], ...] = ([], [], [], [], [])
    for c, code, place in zip(claims, codes, places):
        if code < 0:
            code = _OTHERWISE if disagreeing and place in disagreeing else -1 - code
        groups[code].append(c)
    in_order = list(chain.from_iterable(groups)) if in_line_order else in_panel_order(groups)
    return disagreeing, in_order, wrong, ambiguous, part_missing


def in_panel_order(groups: tuple[list[Claim], ...]) -> list[Claim]:
    """The groups one after the other, each in text order (a stable sort by line, as the claims were)."""
    out: list[Claim] = []
    for g in groups:
        out += sorted(g, key=_LINE)
    return out


def stated_otherwise(c: Claim, disagreeing: dict[tuple[int, int], Finding]) -> Finding | None:
    """The finding that makes this figure's verdict "disagrees": None for a wrong or silenced one (its verdict is
    "wrong", the disagreement said beside it: disagreement_of) and for one that agrees."""
    if c.ok is False:
        return None
    return disagreement_of(c, disagreeing)


_LINE = attrgetter("line")
