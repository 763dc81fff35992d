"""Self-reported figures written over two lines, as a hard-wrapped paragraph has them ("…各主线 CJK" / "159/194/207 ≥150").

Claims are found line by line (claims.py, cached by line text), so a figure whose label ends one line and whose
value starts the next was no claim at all: never measured, never said. Markdown reads the two lines as one
paragraph; so does the audit now: a line that may end in a label (`open_end`, a per-line fact) is joined with the
next line when that one starts with a figure, and the claims the joining finds that neither line has alone are the
next line's (their value is there: its line and column are where they are underlined and rewritten).
"""

from __future__ import annotations

from typing import Sequence

from .claims import RawClaim, _plan, claims_in_line

_TAIL = 60  # how much of the line before a figure a label can take ("合流密度：… = 6 处" is the longest)
# A line ending so is a sentence, a cell, a list or a sum going on: not a label waiting for its figure.
_CLOSED = frozenset("。！？；;!?.✅）)」】』|/、，,+")
_FIGURE_START = "≈约~～"


def open_end(line: str, compiled) -> str:
    """The last characters of a line that may end in a claim's label (it holds a literal some claim pattern needs,
    and does not end with a figure or a closing mark); "" for every other line."""
    end = line.rstrip()
    if not end or end[-1].isdigit() or end[-1] in _CLOSED:
        return ""
    tail = end[-_TAIL:]
    always, groups = _plan(compiled)
    if always:
        return tail
    for probe, word, _ in groups:
        if probe in tail and word in tail:
            return tail
    return ""


def starts_with_figure(line: str) -> bool:
    head = line.lstrip()[:2]
    return bool(head) and (head[0].isdigit() or (head[0] in _FIGURE_START and head[1:2].isdigit()))


def claims_across(tail: str, line: str, own: Sequence[RawClaim], compiled, sum_metric: str,
                  sum_context: str) -> tuple[RawClaim, ...]:
    """The value claims of `tail` + `line` read as one paragraph whose figure is on `line`, with `line`'s columns,
    less those `line` has alone (`own`)."""
    head = line.lstrip()
    lead = len(line) - len(head)
    joined = f"{tail} {head}"
    at = len(tail) + 1  # where `head` starts in `joined`
    found = claims_in_line(joined, compiled, sum_metric, sum_context)
    if not found:
        return ()
    have = {(rc.kind, rc.metric, rc.position, rc.column, rc.claimed) for rc in own}
    out = []
    for rc in found:
        if rc.kind != "value" or rc.scope_index < 0 or rc.column - 1 < at:
            continue  # a sum's part, or a figure of the line before
        column = rc.column - at + lead
        if (rc.kind, rc.metric, rc.position, column, rc.claimed) in have:
            continue
        out.append(RawClaim(rc.kind, rc.metric, rc.scope_index, rc.scope_label, rc.text, column, rc.value_text,
                            rc.claimed, rc.parts, rc.approx, rc.position, rc.last_of))
    return tuple(out)


def with_claims_across(own: tuple[RawClaim, ...], across: tuple[RawClaim, ...]) -> tuple[RawClaim, ...]:
    """A line's claims with those it completes, in column order."""
    return tuple(sorted((*own, *across), key=_column))


def _column(rc: RawClaim) -> int:
    return rc.column
