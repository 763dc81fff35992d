"""The claims audit of one analysis pass, kept for the next one.

A pass judges every self-reported figure against what is measured (claims.py holds the judging). After an edit
that keeps the line numbers, the next pass re-measures only the figures whose measurement could have changed,
and judges again only the lines whose claims or measured values changed; everything else is this pass's.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Sequence

from .claims import RawClaim, _agreement, _line_verdicts
from .model import Claim, Finding
from .rulepack import Scope

# measure(metric, scope, label, line, position) -> (value or None, where, the line ranges measured or None)
Measure = Callable[[str, "Scope | None", str, int, int], "tuple[float | None, str, list | None]"]
# stale(metric, ranges) -> whether that measurement may differ from the last pass's
Stale = Callable[[str, "list | None"], bool]


@dataclass
class ClaimsAudit:
    claims: list[Claim]
    findings: list[Finding]
    lines: list[tuple[int, tuple[RawClaim, ...]]]
    measured: dict[tuple, tuple]  # measurement key -> (value, where, ranges, a line it was measured for)
    users: dict[tuple, set[int]]  # measurement key -> the lines whose claims use it
    hits: dict[int, tuple]  # line -> (raws, claims, findings) as judged
    agreement: list[Finding] = field(default_factory=list)


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

    def measure_key(k: tuple, rc: RawClaim, lineno: int) -> tuple:
        scope = scopes[rc.scope_index] if rc.scope_index >= 0 else None
        return (*measure(rc.metric, scope, rc.scope_label, lineno, rc.position), lineno, rc)

    def judge(lineno: int, raws: tuple[RawClaim, ...]) -> tuple:
        keys = []
        for rc in raws:
            k = _key(rc, scopes, lineno)
            if k is None:
                keys.append(None)
                continue
            got = measured.get(k)
            if got is None:
                got = measured[k] = measure_key(k, rc, lineno)
            users.setdefault(k, set()).add(lineno)
            keys.append(got[:2])
        lkey = (lineno, id(raws), tuple(keys), rule_id, level)
        hit = cache.get(lkey)
        if hit is None or hit[0] is not raws:
            hit = cache[lkey] = (raws, *_line_verdicts(lineno, raws, keys, rule_id, level, cache, labels))
        return hit

    if prev is None or changed is None:
        measured: dict[tuple, tuple] = {}
        users: dict[tuple, set[int]] = {}
        hits = {lineno: judge(lineno, raws) for lineno, raws in claim_lines}
        redo_agreement = True
    else:
        measured = dict(prev.measured)
        users = {k: set(v) for k, v in prev.users.items()}
        hits = dict(prev.hits)
        edited = {i + 1 for i in changed}
        now = dict(claim_lines) if edited else {}
        redo = {ln for ln in edited if ln in now or ln in prev.hits}
        redo_agreement = any(now.get(ln) != (prev.hits[ln][0] if ln in prev.hits else None) for ln in redo)
        for ln in redo:  # forget what the edited lines measured; judge() records what they measure now
            if ln in prev.hits:
                for rc in prev.hits[ln][0]:
                    k = _key(rc, scopes, ln)
                    if k is not None and k in users:
                        users[k].discard(ln)
                        if not users[k]:
                            del users[k], measured[k]
        for k, got in list(measured.items()):
            if stale is not None and stale(k[0], got[2]):
                fresh = measure_key(k, got[4], got[3])
                if fresh[:2] != got[:2]:
                    redo.update(users[k])
                    redo_agreement = redo_agreement or fresh[1] != got[1]  # the place a claim is about
                measured[k] = fresh
        for ln in sorted(redo):
            if ln in now:
                hits[ln] = judge(ln, now[ln])
            else:
                hits.pop(ln, None)
    claims: list[Claim] = []
    findings: list[Finding] = []
    for lineno, _ in claim_lines:
        hit = hits[lineno]
        claims.extend(hit[1])
        findings.extend(hit[2])
    agreement = _agreement(claims, rule_id, level) if redo_agreement else prev.agreement
    findings.extend(agreement)
    return ClaimsAudit(claims, findings, claim_lines, measured, users, hits, agreement)
