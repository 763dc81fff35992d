"""Self-reported figures the survey states otherwise elsewhere (house rule 10: one figure, one number, everywhere).

The claims rule says so with a finding at the figure's place whose `measured` is the figure as stated here and whose
`limit` is the one stated elsewhere ("CJK of document stated as 3,883 here but as 3,838 on line 95"); a wrong
figure's own finding has the stated one as `limit`, so the two never mix. Only value claims are told against each
other (claims_audit._disagreements). A figure that can't be measured may disagree ("GitHub 已验 7 件" vs "8 件"),
and so may a wrong one: "CJK 实测 3,883" in §0 is wrong (3,838 measured) and stated as 3,838 on line 95 too, two
findings of the claims rule that every face must show (its own verdict is not the disagreement's).
"""

from __future__ import annotations

from typing import Iterable, Mapping

from .claims_audit import stated_first_on
from .model import Analysis, Claim, Finding, RuleResult

Place = tuple[int, int]


def may_disagree(c: Claim) -> bool:
    """A figure a disagreement can be about: a value claim not silenced inline (a silenced one is not counted)."""
    return c.kind == "value" and not (c.ok is False and c.suppressed)


def told_at(stated: Mapping[Place, float | None], rules: Iterable[RuleResult]) -> dict[Place, Finding]:
    """(line, column) -> the claims rule's finding that the figure stated there (`stated`: what it states) is
    stated otherwise elsewhere."""
    out: dict[Place, Finding] = {}
    for rule in rules:
        if rule.kind == "claims":
            for f in rule.findings:
                here = stated.get((f.line, f.column))
                if here is not None and f.measured == here and f.limit is not None and f.limit != here:
                    out[(f.line, f.column)] = f
    return out


def stated_otherwise_places(analysis: Analysis) -> dict[Place, Finding]:
    """told_at for every figure of `analysis` that may disagree."""
    stated = {(c.line, c.column): c.claimed for c in analysis.claims if may_disagree(c)}
    return told_at(stated, analysis.rules) if stated else {}


def disagreement_of(c: Claim, disagreeing: Mapping[Place, Finding]) -> Finding | None:
    """The finding that says this figure is stated otherwise elsewhere (wrong or not), or None."""
    if not disagreeing or not may_disagree(c):
        return None
    return disagreeing.get((c.line, c.column))


def other_line(f: Finding) -> int | None:
    """The line a disagreement names, the figure there the one it is told against (claims_audit.stated_first_on)."""
    return stated_first_on(f) or None
