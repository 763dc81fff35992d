"""Which stretches of text to underline, from an Analysis: failing rule places, wrong claims, private data, bad ids."""

from __future__ import annotations

from functools import partial
from itertools import compress, repeat
from operator import and_, attrgetter, is_, is_not, not_
from typing import Callable

from editor_app.core.model import Analysis, Claim, Finding
from editor_app.core.records import on_line
from editor_app.core.reference_verdicts import cited_versions, shown_statuses
from editor_app.ui.code_editor import ProblemSpan
from editor_app.ui.span_runs import SpanRuns, in_text_order
from editor_app.ui.table_models import format_value

BAD_REFERENCE = {"malformed", "impossible id", "not found", "name mismatch", "version not found", "withdrawn?"}


class SpanCache:
    """What one problem_spans call made, for the next (one per caller: the analysis worker's preparer).

    Each source of underlines (a rule's findings, the wrong figures) is one run (span_runs). After a keystroke in an
    8 MB survey most rules' findings are the very objects they were: their runs are taken again as they are, after a
    check in C. A source whose findings changed is made again, each span taken again for a finding it was made for,
    or moved to its line for one that only moved (an Enter above it), by the finding's shape."""

    def __init__(self) -> None:
        # per source: (its objects as last given, what else its spans depended on, the span of each object (None:
        # not underlined), its run)
        self.sources: dict[str, tuple[list, object, list, tuple[list, list[int]]]] = {}
        self.shapes: dict[tuple, ProblemSpan] = {}  # a finding's span by all it shows but its line (kept across calls)
        self.claim_shapes: dict[tuple, ProblemSpan] = {}  # and a wrong claim's


def problem_spans(analysis: Analysis, cache: SpanCache | None = None,
                  wrong: list[Claim] | None = None) -> SpanRuns:
    """Length 0 asks the editor to underline the word at the column; -1 the rest of the line.

    `cache`: the runs and spans of the last call, taken again for the same objects (see SpanCache). `wrong`: the
    claims that are wrong (`c.wrong`), in their order, when the caller has them."""
    cache = cache if cache is not None else SpanCache()
    last, cache.sources = cache.sources, {}
    if len(cache.shapes) + len(cache.claim_shapes) > 4 * (len(analysis.findings) + 1000):  # shown long ago: let them go
        cache.shapes.clear()
        cache.claim_shapes.clear()
    if wrong is None:
        wrong = [c for c in analysis.claims if c.wrong]
    # A wrong figure is underlined once, by its claim (the number exactly); the claims rule's finding for it says the
    # same sentence, and its tooltip said it twice ("[claims] CJK of document: stated …" then "CJK of document: …").
    claim_rules = {r.id for r in analysis.rules if r.kind == "claims"}
    told_claims = list(compress(wrong, map(_MESSAGE, wrong))) if claim_rules else []
    told = set(zip(map(_LINE, told_claims), map(_MESSAGE, told_claims)))
    # Private data and a malformed arXiv id are underlined once too, by their rule's finding (its level, its words)
    # over the exact stretch the scan found: the hit's own span said the same again in the tooltip.
    exact = _exact_places(analysis) if any(r.kind in PLACED_KINDS and r.findings for r in analysis.rules) else {}
    placed_rules = {r.id for r in analysis.rules if r.kind in PLACED_KINDS} if exact else set()
    if sum(map(len, map(_FINDINGS, analysis.rules))) == len(analysis.findings):
        sources = [(r.id, r.findings, r.id in claim_rules, r.id in placed_rules) for r in analysis.rules]
    else:  # findings of no rule (a suppression comment naming a rule the pack lacks): all as the analysis lists them
        sources = [("", analysis.findings, bool(claim_rules), bool(placed_rules))]
    runs = []
    for key, findings, is_claims, is_placed in sources:
        told_here = told if is_claims and told else None

        def untold(objs: list[Finding], told: set | None = told_here) -> list[bool] | None:
            """Per finding, whether it is underlined at all (not a wrong figure's own: its claim is)."""
            if told is None:
                return None
            return list(map(not_, map(and_, map(claim_rules.__contains__, map(_RULE, objs)),
                                      map(told.__contains__, zip(map(_LINE, objs), map(_MESSAGE, objs))))))

        make = partial(_finding_spans, exact=exact if is_placed else None, placed_rules=placed_rules,
                       shapes=cache.shapes)
        runs.append(_source_run(key, findings, (told_here, exact if is_placed else None), last.get(key), cache,
                                make, untold))
    runs.append(_source_run("\0wrong", wrong, None, last.get("\0wrong"), cache,
                            partial(_claim_spans, shapes=cache.claim_shapes)))
    said = {(f.line, f.column) for _key, findings, _c, is_placed in sources if is_placed
            for f in findings if f.rule in placed_rules and (f.line, f.column) in exact}
    others = []
    for h in analysis.privacy:
        if (h.line, h.column) in said:
            continue
        others.append(ProblemSpan(h.line, h.column, h.length, f"private data ({h.dimension}): {h.masked}", "error"))
    runs.append(in_text_order(others))
    others = []
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
            others.append(ProblemSpan(o.line, o.column, len(o.raw), msg, level))
    runs.append(in_text_order(others))
    return SpanRuns(runs)


PLACED_KINDS = ("privacy", "references")
_FINDINGS = attrgetter("findings")
_RULE = attrgetter("rule")
_LINE = attrgetter("line")
_MESSAGE = attrgetter("message")
_SHAPE = attrgetter("rule", "level", "column", "message")  # all a finding's span shows but its line
# all a wrong claim's span is made of but its line
_CLAIM_SHAPE = attrgetter("value_column", "column", "value_text", "message", "metric", "claimed", "measured")


def _source_run(key: str, objs: list, depends: object, last: tuple | None, cache: SpanCache,
                make: Callable[[list], list[ProblemSpan]], shown: Callable[[list], list[bool] | None] | None = None
                ) -> tuple[list, list[int]]:
    """The run of one source: the last one when its objects are the very same and what else their spans depend on
    is equal (checked in C); else each object's span taken again for the same object, or made (`make`: the spans
    of a list of objects), and the run sorted by place. `shown`: per object, whether it is underlined at all (None:
    all are)."""
    n = len(objs)
    if last is not None:
        objs_then, depends_then, spans_then, run = last
        if n == len(objs_then) and depends == depends_then and (objs is objs_then or all(map(is_, objs, objs_then))):
            cache.sources[key] = (objs, depends, spans_then, run)
            return run
        # (a placed finding's stretch depends on the places: made again when they changed)
        if not (depends == depends_then or (type(depends) is tuple and depends[1] == depends_then[1])):  # type: ignore[index]
            spans = [None] * n
        elif n == len(objs_then):  # most often: the same objects in the same places, but for some (a Python step each)
            spans = list(spans_then)
            for i in compress(range(n), map(is_not, objs, objs_then)):
                spans[i] = None
        else:  # findings gained or lost: each looked up (in C)
            spans = list(map(dict(zip(map(id, objs_then), spans_then)).get, map(id, objs)))
    else:
        spans = [None] * n
    flags = shown(objs) if shown is not None else None
    if flags is not None:
        for i in compress(range(n), map(not_, flags)):
            spans[i] = None
        todo = list(compress(range(n), map(and_, flags, map(is_, spans, repeat(None)))))
    else:
        todo = list(compress(range(n), map(is_, spans, repeat(None))))
    if todo:
        for i, span in zip(todo, make(list(map(objs.__getitem__, todo)))):
            spans[i] = span
    cache.sources[key] = (objs, depends, spans, run := in_text_order(filter(None, spans)))
    return run


def _finding_spans(findings: list[Finding], exact: dict | None, placed_rules: set[str],
                   shapes: dict[tuple, ProblemSpan]) -> list[ProblemSpan]:
    """The findings' spans: the exact stretch for private data and a bad arXiv id, else the span of a finding of the
    same shape moved to its line (looked up in C: ~15,000 moved by an Enter in 8 MB), or a new one."""
    out = list(map(shapes.get, map(_SHAPE, findings)))
    for k, (f, span) in enumerate(zip(findings, out)):
        if exact and f.rule in placed_rules and (f.line, f.column) in exact:
            out[k] = ProblemSpan(f.line, f.column, exact[(f.line, f.column)], f"[{f.rule}] {f.message}", f.level)
        elif span is None:
            out[k] = shapes[_SHAPE(f)] = ProblemSpan(f.line, max(f.column, 1), -1 if f.column <= 1 else 0,
                                                      f"[{f.rule}] {f.message}", f.level)
        elif span.line != f.line:
            out[k] = on_line(span, f.line)
    return out


def _claim_spans(claims: list[Claim], shapes: dict[tuple, ProblemSpan]) -> list[ProblemSpan]:
    """Wrong claims' spans: the number exactly, with the claim's message; moved from a claim of the same shape."""
    out = list(map(shapes.get, map(_CLAIM_SHAPE, claims)))
    for k, (c, span) in enumerate(zip(claims, out)):
        if span is None:
            col = c.value_column or c.column or 1
            length = len(c.value_text) if c.value_column and c.value_text else 0
            msg = c.message or f"{c.metric}: claimed {format_value(c.claimed)}, measured {format_value(c.measured)}"
            out[k] = shapes[_CLAIM_SHAPE(c)] = ProblemSpan(c.line, col, length, msg, "error")
        elif span.line != c.line:
            out[k] = on_line(span, c.line)
    return out


def _exact_places(analysis: Analysis) -> dict[tuple[int, int], int]:
    """(line, column) -> length of each private-data hit and each occurrence of a malformed or impossible arXiv id."""
    out = {(h.line, h.column): h.length for h in analysis.privacy}
    for r in analysis.references:
        if r.status in ("malformed", "impossible id"):
            for o in r.occurrences:
                out[(o.line, o.column)] = len(o.raw)
    return out
