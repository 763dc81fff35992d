"""The self-check panel's claims table as first defined, one rule at a time: what ui/claims_order's one pass must
give (the tests' own definitions, kept apart from the code they check)."""

from __future__ import annotations

from editor_app.ui.claims_order import stated_otherwise


def plain_disagreements(analysis) -> dict:
    """(line, column) of each value figure stated otherwise elsewhere (a wrong one too, unless silenced) -> the
    claims rule's finding there whose `measured` is the figure as stated here and whose `limit` is the one stated
    elsewhere."""
    stated = {(c.line, c.column): c.claimed for c in analysis.claims
              if c.kind == "value" and not (c.ok is False and c.suppressed)}
    out = {}
    for rule in analysis.rules:
        if rule.kind != "claims":
            continue
        for f in rule.findings:
            here = stated.get((f.line, f.column))
            if here is not None and f.measured == here and f.limit is not None and f.limit != here:
                out[(f.line, f.column)] = f
    return out


def plain_order(claims, disagreeing):
    """The panel's order, as it was sorted before: wrong (and ambiguous, not silenced) first, then those stated
    otherwise elsewhere, the unmeasurable, the silenced wrong ones, those that hold; by line within each."""
    def key(c):
        if stated_otherwise(c, disagreeing) is not None:
            return (0.5, c.line)
        return (0 if c.wrong or (c.ambiguous and not c.suppressed) else 1 if c.ok is None else 2 if c.ok is False
                else 3, c.line)
    return sorted(claims, key=key)
