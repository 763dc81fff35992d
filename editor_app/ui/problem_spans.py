"""Which stretches of text to underline, from an Analysis: failing rule places, wrong claims, private data, bad ids."""

from __future__ import annotations

from editor_app.core.model import Analysis
from editor_app.core.reference_verdicts import cited_versions, shown_statuses
from editor_app.ui.code_editor import ProblemSpan
from editor_app.ui.table_models import format_value

BAD_REFERENCE = {"malformed", "impossible id", "not found", "name mismatch", "version not found", "withdrawn?"}


def problem_spans(analysis: Analysis, reuse: dict[int, tuple] | None = None,
                  made: dict[int, tuple] | None = None) -> list[ProblemSpan]:
    """Length 0 asks the editor to underline the word at the column; -1 the rest of the line.

    `reuse`: (finding or claim, its span) by id from the last call, whose span is taken again for the same object (an
    8 MB survey's 34,000 findings are mostly the last pass's own objects after a keystroke: remade, they took ~60 ms
    of each update); `made` receives this call's, for the next."""
    spans: list[ProblemSpan] = []
    reuse = reuse if reuse is not None else {}
    keep = made.__setitem__ if made is not None else None
    # A wrong figure is underlined once, by its claim (the number exactly); the claims rule's finding for it says the
    # same sentence, and its tooltip said it twice ("[claims] CJK of document: stated …" then "CJK of document: …").
    claim_rules = {r.id for r in analysis.rules if r.kind == "claims"}
    told = {(c.line, c.message) for c in analysis.claims if c.wrong and c.message} if claim_rules else set()
    # Private data and a malformed arXiv id are underlined once too, by their rule's finding (its level, its words)
    # over the exact stretch the scan found: the hit's own span said the same again in the tooltip.
    exact = _exact_places(analysis) if any(r.kind in PLACED_KINDS and r.findings for r in analysis.rules) else {}
    placed_rules = {r.id for r in analysis.rules if r.kind in PLACED_KINDS} if exact else set()
    said: set[tuple[int, int]] = set()
    for f in analysis.findings:
        if f.rule in claim_rules and (f.line, f.message) in told:
            continue
        if f.rule in placed_rules and (f.line, f.column) in exact:
            said.add((f.line, f.column))
            spans.append(ProblemSpan(f.line, f.column, exact[(f.line, f.column)], f"[{f.rule}] {f.message}", f.level))
            continue
        hit = reuse.get(id(f))
        if hit is not None and hit[0] is f:
            span = hit[1]
        else:
            span = ProblemSpan(f.line, max(f.column, 1), -1 if f.column <= 1 else 0, f"[{f.rule}] {f.message}", f.level)
        if keep is not None:
            keep(id(f), (f, span))
        spans.append(span)
    for c in analysis.claims:
        if c.wrong:
            hit = reuse.get(id(c))
            if hit is not None and hit[0] is c:
                span = hit[1]
            else:
                col = c.value_column or c.column or 1
                length = len(c.value_text) if c.value_column and c.value_text else 0
                msg = c.message or f"{c.metric}: claimed {format_value(c.claimed)}, measured {format_value(c.measured)}"
                span = ProblemSpan(c.line, col, length, msg, "error")
            if keep is not None:
                keep(id(c), (c, span))
            spans.append(span)
    for h in analysis.privacy:
        if (h.line, h.column) in said:
            continue
        spans.append(ProblemSpan(h.line, h.column, h.length, f"private data ({h.dimension}): {h.masked}", "error"))
    for r in analysis.references:
        bad = [s for s in shown_statuses(r, r.details) if s in BAD_REFERENCE]  # (worst first)
        if not bad:
            continue
        places, ident = r.occurrences, r.id
        if bad == ["version not found"]:  # only the places citing a version arXiv does not have, not the others
            missing = [v.version for v in cited_versions(r, r.details.get("latest_version")) if v.on_arxiv is False]
            if missing:
                places = [o for o in r.occurrences if o.version in missing]
                ident += ", ".join(missing)
        msg = f"arXiv:{ident} — {', '.join(bad)}" + (f": {r.problem}" if r.problem else "")
        level = "error" if r.status in ("malformed", "impossible id", "not found") else "warning"
        for o in places:
            if (o.line, o.column) in said:
                continue
            spans.append(ProblemSpan(o.line, o.column, len(o.raw), msg, level))
    return spans


PLACED_KINDS = ("privacy", "references")


def _exact_places(analysis: Analysis) -> dict[tuple[int, int], int]:
    """(line, column) -> length of each private-data hit and each occurrence of a malformed or impossible arXiv id."""
    out = {(h.line, h.column): h.length for h in analysis.privacy}
    for r in analysis.references:
        if r.status in ("malformed", "impossible id"):
            for o in r.occurrences:
                out[(o.line, o.column)] = len(o.raw)
    return out
