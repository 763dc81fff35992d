"""Which stretches of text to underline, from an Analysis: failing rule places, wrong claims, private data, bad ids."""

from __future__ import annotations

from itertools import compress, repeat
from operator import attrgetter, is_
from typing import Callable, Iterable

from editor_app.core.model import Analysis, Claim, Finding
from editor_app.core.reference_verdicts import cited_versions, shown_statuses
from editor_app.ui.code_editor import ProblemSpan
from editor_app.ui.table_models import format_value

BAD_REFERENCE = {"malformed", "impossible id", "not found", "name mismatch", "version not found", "withdrawn?"}


class SpanCache:
    """What one problem_spans call made, for the next (one per caller: the analysis worker's preparer).

    After a keystroke in an 8 MB survey most of its 34,000 findings are the last pass's own objects, and after an Enter
    the ~15,000 below it are new ones one line down: remade, their spans took ~60 ms of each update."""

    def __init__(self) -> None:
        self.by_id: dict[int, ProblemSpan] = {}  # a finding's or claim's span by its id …
        self.alive: tuple = ()  # … while these lists of them are kept alive (no other object can have their ids)
        self.shapes: dict[tuple, ProblemSpan] = {}  # a finding's span by all it shows but its line (kept across calls)


def problem_spans(analysis: Analysis, cache: SpanCache | None = None,
                  wrong: list[Claim] | None = None) -> list[ProblemSpan]:
    """Length 0 asks the editor to underline the word at the column; -1 the rest of the line.

    `cache`: spans taken again from the last call for the same objects, moved to the new line for findings that
    only moved (see SpanCache). `wrong`: the claims that are wrong (`c.wrong`), in their order, when the caller has
    them."""
    cache = cache if cache is not None else SpanCache()
    last, alive = cache.by_id, cache.alive  # (`alive` held until the end: the ids in `last` stay theirs)
    cache.by_id = {}
    if len(cache.shapes) > 4 * (len(analysis.findings) + 1000):  # shown long ago: let them go
        cache.shapes.clear()
    if wrong is None:
        wrong = [c for c in analysis.claims if c.wrong]
    # A wrong figure is underlined once, by its claim (the number exactly); the claims rule's finding for it says the
    # same sentence, and its tooltip said it twice ("[claims] CJK of document: stated …" then "CJK of document: …").
    claim_rules = {r.id for r in analysis.rules if r.kind == "claims"}
    told = {(c.line, c.message) for c in wrong if c.message} if claim_rules else set()
    # Private data and a malformed arXiv id are underlined once too, by their rule's finding (its level, its words)
    # over the exact stretch the scan found: the hit's own span said the same again in the tooltip.
    exact = _exact_places(analysis) if any(r.kind in PLACED_KINDS and r.findings for r in analysis.rules) else {}
    placed_rules = {r.id for r in analysis.rules if r.kind in PLACED_KINDS} if exact else set()
    said: set[tuple[int, int]] = set()
    findings = analysis.findings
    if told:  # the claims rule's findings about them left out, looked for in C (a loop over 34,000 took ~10 ms)
        gone = _of_rules(findings, claim_rules, lambda about: map(told.__contains__, map(_LINE_MESSAGE, about)))
        findings = _without(findings, gone)
    placed = _of_rules(findings, placed_rules, lambda about: map(exact.__contains__, map(_PLACE, about)))
    if not placed:
        spans = _finding_spans(findings, last, cache)
    else:  # the others' spans as usual, the placed ones' (a few) put back in their places
        others = _finding_spans(_without(findings, placed), last, cache)
        spans = []
        for k, i in enumerate(placed):
            spans += others[len(spans) - k:i - k]
            f = findings[i]
            said.add((f.line, f.column))
            spans.append(ProblemSpan(f.line, f.column, exact[(f.line, f.column)], f"[{f.rule}] {f.message}", f.level))
        spans += others[len(spans) - len(placed):]
    reuse, keep = last.get, cache.by_id.__setitem__
    for c in wrong:
        span = reuse(id(c))
        if span is None:
            col = c.value_column or c.column or 1
            length = len(c.value_text) if c.value_column and c.value_text else 0
            msg = c.message or f"{c.metric}: claimed {format_value(c.claimed)}, measured {format_value(c.measured)}"
            span = ProblemSpan(c.line, col, length, msg, "error")
        keep(id(c), span)
        spans.append(span)
    cache.alive = (tuple(analysis.findings), tuple(wrong))  # (copies: the lists are not ours)
    del alive
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
_RULE = attrgetter("rule")
_LINE_MESSAGE = attrgetter("line", "message")
_PLACE = attrgetter("line", "column")
_SHAPE = attrgetter("rule", "level", "column", "message")  # all a finding's span shows but its line


def _of_rules(findings: list[Finding], rules: set[str], which: Callable[[list[Finding]], Iterable[bool]]) -> list[int]:
    """The indices of the findings of these rules for which `which` (given those findings, in order) says True."""
    if not rules:
        return []
    theirs = list(map(rules.__contains__, map(_RULE, findings)))
    if True not in theirs:
        return []
    return list(compress(compress(range(len(findings)), theirs), which(list(compress(findings, theirs)))))


def _without(items: list, indices: list[int]) -> list:
    """`items` but those at `indices` (in increasing order)."""
    if not indices:
        return items
    out: list = []
    start = 0
    for i in indices:
        out += items[start:i]
        start = i + 1
    return out + items[start:]


def _finding_spans(findings: list[Finding], last: dict[int, ProblemSpan], cache: SpanCache) -> list[ProblemSpan]:
    """The findings' spans: the last call's for the same finding, a copy moved to its line for one that only moved
    (by its shape), else made. Looked up in C, a Python step only for those that moved or are new: a loop over the
    30,000 findings of an 8 MB survey took ~45 ms after an Enter."""
    ids = list(map(id, findings))
    spans = list(map(last.get, ids))
    missing = list(compress(range(len(spans)), map(is_, spans, repeat(None))))
    if missing:
        shapes = cache.shapes
        moved = list(map(findings.__getitem__, missing))
        for i, f, span in zip(missing, moved, map(shapes.get, map(_SHAPE, moved))):
            if span is None:
                span = ProblemSpan(f.line, max(f.column, 1), -1 if f.column <= 1 else 0, f"[{f.rule}] {f.message}",
                                   f.level)
                shapes[_SHAPE(f)] = span
            elif span.line != f.line:
                span = span.at_line(f.line)
            spans[i] = span
    cache.by_id.update(zip(ids, spans))
    return spans


def _exact_places(analysis: Analysis) -> dict[tuple[int, int], int]:
    """(line, column) -> length of each private-data hit and each occurrence of a malformed or impossible arXiv id."""
    out = {(h.line, h.column): h.length for h in analysis.privacy}
    for r in analysis.references:
        if r.status in ("malformed", "impossible id"):
            for o in r.occurrences:
                out[(o.line, o.column)] = len(o.raw)
    return out
