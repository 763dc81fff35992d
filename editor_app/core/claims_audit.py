"""The claims audit of one analysis pass, kept for the next one.

A pass judges every self-reported figure against what is measured (claims.py finds and judges one figure).
After an edit that keeps the line numbers, the next pass measures again only what the edit can have changed,
judges again the figures on the edited lines and the figures whose measured value changed, and reuses every
other verdict: typing a character in an 8 MB survey does not re-judge its 17,000 figures.
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass, field
from itertools import chain
from operator import itemgetter
from typing import Callable, Sequence

from .claims import RawClaim, _agreement, _verdict
from .model import Claim, Finding
from .rulepack import Scope

# measure(metric, scope, label, line, position) -> (value or None, where, the line ranges measured or None)
Measure = Callable[[str, "Scope | None", str, int, int], "tuple[float | None, str, list | None]"]
# stale(metric, ranges) -> whether that measurement may differ from the last pass's
Stale = Callable[[str, "list | None"], bool]
# A slot is one figure as judged: (raw claim, measurement key or None, Claim, findings)
_CLAIM, _FOUND = itemgetter(2), itemgetter(3)


@dataclass
class ClaimsAudit:
    claims: list[Claim]
    findings: list[Finding]
    lines: list[tuple[int, tuple[RawClaim, ...]]]  # the (line, raw claims) judged, in order
    measured: dict[tuple, tuple]  # measurement key -> (value, where, ranges, a line it was measured for, raw)
    users: dict[tuple, set[int]]  # measurement key -> the lines whose claims use it
    slots: list[tuple]  # every figure's slot, in document order
    spans: dict[int, tuple[int, int]]  # line -> its slots' positions [start, end) in `slots`
    agreement: list[Finding] = field(default_factory=list)
    positions: dict[tuple, list[int]] = field(default_factory=dict)  # key -> positions of its slots (lazy)


def _key(rc: RawClaim, scopes: Sequence[Scope], lineno: int) -> tuple | None:
    if rc.kind != "value":
        return None
    here = rc.scope_index >= 0 and scopes[rc.scope_index].kind == "here"
    return (rc.metric, rc.scope_index, rc.scope_label, rc.position, lineno if here else 0)


def audit(
    claim_lines: list[tuple[int, tuple[RawClaim, ...]]],
    scopes: Sequence[Scope],
    measure: Measure,
    *,
    rule_id: str,
    level: str,
    cache: dict,
    labels: Callable[[RawClaim], str] | None = None,
    prev: ClaimsAudit | None = None,
    changed: Sequence[int] | None = None,
    stale: Stale | None = None,
) -> ClaimsAudit:
    """Judge the claims; with `prev` and `changed` (0-based indices of edited lines, same line numbers as
    prev's) only what the edit can have changed is judged again. `cache` is kept by the caller between passes."""
    incremental = prev is not None and changed is not None
    measured: dict[tuple, tuple] = dict(prev.measured) if incremental else {}
    users: dict[tuple, set[int]] = dict(prev.users) if incremental else {}
    copied: set[tuple] = set()  # users' sets are shared with prev until changed here

    def use(k: tuple) -> set[int]:
        if k not in copied:
            users[k] = set(users.get(k, ()))
            copied.add(k)
        return users[k]

    def measure_key(rc: RawClaim, lineno: int) -> tuple:
        scope = scopes[rc.scope_index] if rc.scope_index >= 0 else None
        return (*measure(rc.metric, scope, rc.scope_label, lineno, rc.position), lineno, rc)

    def verdict(lineno: int, rc: RawClaim, k: tuple | None) -> tuple:
        value, where = measured[k][:2] if k is not None else (None, None)
        ckey = ("claim", lineno, id(rc), value, where, rule_id, level)  # id: hashing the claim costs more
        hit = cache.get(ckey)
        if hit is None or hit[0] is not rc:
            hit = cache[ckey] = (rc, k, *_verdict(lineno, rc, value, where, rule_id, level, labels(rc) if labels else ""))
        return hit

    def judge(lineno: int, raws: tuple[RawClaim, ...]) -> list[tuple]:
        """The slots of one line: one per figure (two patterns finding the same figure count once)."""
        seen: set[tuple] = set()
        out = []
        for rc in raws:
            k = _key(rc, scopes, lineno)
            if k is not None:
                if k not in measured:
                    measured[k] = measure_key(rc, lineno)
                use(k).add(lineno)
            dedup = (rc.column, rc.kind, rc.metric, rc.position)
            if dedup not in seen:
                seen.add(dedup)
                out.append(verdict(lineno, rc, k))
        return out

    if not incremental:
        slots, spans = _lay_out(claim_lines, judge, None, None, set())
        positions: dict[tuple, list[int]] = {}
        redo_agreement = True
    else:
        edited = {i + 1 for i in changed}
        now = {}
        for ln in edited:
            at = bisect_left(claim_lines, ln, key=itemgetter(0))
            if at < len(claim_lines) and claim_lines[at][0] == ln:
                now[ln] = claim_lines[at][1]
        old_raws = dict(prev.lines) if edited & prev.spans.keys() else {}
        # Edited lines whose figures changed (typing elsewhere on a line leaves them as they were).
        redo = {ln for ln in edited if now.get(ln) is not old_raws.get(ln)}
        redo_agreement = bool(redo)
        for ln in redo:  # forget what the edited lines measured; judge() records what they measure now
            for rc in old_raws.get(ln, ()):
                k = _key(rc, scopes, ln)
                if k is not None and k in users:
                    left = use(k)
                    left.discard(ln)
                    if not left:
                        del users[k], measured[k]
        remeasured = set()
        for k, got in list(measured.items()):
            if stale is not None and stale(k[0], got[2]):
                fresh = measured[k] = measure_key(got[4], got[3])
                if fresh[:2] != got[:2]:
                    remeasured.add(k)
                    redo_agreement = redo_agreement or fresh[1] != got[1]  # the place a claim is about
        if redo_agreement or claim_lines is not prev.lines:  # lines gained, lost or changed figures
            slots, spans = _lay_out(claim_lines, judge, prev, redo, remeasured)
            positions = {}
        else:
            slots, spans, positions = list(prev.slots), prev.spans, prev.positions
        for k in remeasured:
            at = positions.get(k)
            if at is None:
                at = positions[k] = [p for ln in sorted(users.get(k, ())) for p in range(*spans[ln])
                                     if slots[p][1] == k]
            for p in at:
                sl = slots[p]
                slots[p] = verdict(sl[2].line, sl[0], k)
    claims: list[Claim] = list(map(_CLAIM, slots))
    findings: list[Finding] = list(chain.from_iterable(map(_FOUND, slots)))
    agreement = _agreement(claims, rule_id, level) if redo_agreement else prev.agreement
    findings.extend(agreement)
    return ClaimsAudit(claims, findings, claim_lines, measured, users, slots, spans, agreement, positions)


def _lay_out(claim_lines, judge, prev: ClaimsAudit | None, redo, remeasured) -> tuple[list, dict]:
    """All slots in line order: the redone lines judged, the others copied from prev."""
    slots: list[tuple] = []
    spans: dict[int, tuple[int, int]] = {}
    for ln, raws in claim_lines:
        start = len(slots)
        if prev is None or ln in redo or ln not in prev.spans:
            slots.extend(judge(ln, raws))
        else:
            slots.extend(prev.slots[slice(*prev.spans[ln])])
        spans[ln] = (start, len(slots))
    return slots, spans
