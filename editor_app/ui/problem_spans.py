"""Which stretches of text to underline, from an Analysis: failing rule places, wrong claims, private data, bad ids."""

from __future__ import annotations

from itertools import compress, repeat
from operator import and_, attrgetter, is_, not_
from typing import AbstractSet

from editor_app.core.model import Analysis, Claim, Finding
from editor_app.core.reference_verdicts import cited_versions, place_statuses, shown_statuses, worst_level
from editor_app.ui.span_runs import Shape, SpanRuns, in_text_order
from editor_app.ui.table_models import format_value

BAD_REFERENCE = {"malformed", "impossible id", "not found", "name mismatch", "version not found", "withdrawn?"}


class SpanCache:
    """What one problem_spans call made, for the next (one per caller: the analysis worker's preparer).

    Each source of underlines (a rule's findings, the wrong figures) is one run (span_runs). After a keystroke in an
    8 MB survey most rules' findings are the very objects they were: their runs are taken again as they are, after a
    check in C. A source whose findings changed is made again, each underline's shape (all it shows but its line)
    looked up in C by what it is made of: an Enter, which moves ~15,000 findings one line down, makes none."""

    def __init__(self) -> None:
        # per source: (its objects as last given, what else its underlines depended on, its run)
        self.sources: dict[str, tuple[list, object, tuple[list[Shape], list[int]]]] = {}
        self.shapes: dict[tuple, Shape] = {}  # a finding's underline shape by what it is made of (kept across calls)
        self.claim_shapes: dict[tuple, Shape] = {}  # and a wrong claim's


def problem_spans(analysis: Analysis, cache: SpanCache | None = None,
                  wrong: list[Claim] | None = None) -> SpanRuns:
    """Length 0 asks the editor to underline the word at the column; -1 the rest of the line.

    `cache`: the runs and shapes of the last call, taken again for the same objects (see SpanCache). `wrong`: the
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
        depends = (told if is_claims and told else None, exact if is_placed else None)
        run = _kept_run(key, findings, depends, last, cache)
        if run is None:
            shown = _untold(findings, claim_rules, told) if depends[0] is not None else findings
            # (the widths of the wrong figures follow from `told` and the findings, which the kept run was checked
            # against: a figure's number is in its message, and a finding at it moves when it does)
            widths = _figure_widths(told_claims) if depends[0] is not None else None
            run = _finding_run(shown, depends[1], placed_rules, cache.shapes, widths, claim_rules)
            cache.sources[key] = (findings, depends, run)
        runs.append(run)
    run = _kept_run("\0wrong", wrong, None, last, cache)
    if run is None:
        run = _claim_run(wrong, cache.claim_shapes)
        cache.sources["\0wrong"] = (wrong, None, run)
    runs.append(run)
    said = {(f.line, f.column) for _key, findings, _c, is_placed in sources if is_placed
            for f in findings if f.rule in placed_rules and (f.line, f.column) in exact}
    shapes: list[Shape] = []
    lines: list[int] = []
    for h in analysis.privacy:
        if (h.line, h.column) in said:
            continue
        shapes.append((h.column, h.length, f"private data ({h.dimension}): {h.masked}", "error"))
        lines.append(h.line)
    runs.append(in_text_order(shapes, lines))
    shapes, lines = [], []
    for r in analysis.references:
        bad = [s for s in shown_statuses(r, r.details) if s in BAD_REFERENCE]  # (worst first)
        if not bad:
            continue
        # each place with what is wrong there: a name mismatch where its own name is wrong, a version not found
        # where it cites the missing version; in the row's colour (red where arXiv contradicts the survey)
        missing = [v.version for v in cited_versions(r, r.details.get("latest_version")) if v.on_arxiv is False]
        title = r.details.get("title")
        for o, here in place_statuses(r, r.details, bad):
            if (o.line, o.column) in said:
                continue
            ident = r.id + (", ".join(missing) if "version not found" in here and missing else "")
            problem = r.problem or (f"the survey's name '{o.name}' does not match arXiv's title '{title}'"
                                    if "name mismatch" in here and o.name and title else "")
            msg = f"arXiv:{ident} — {', '.join(here)}" + (f": {problem}" if problem else "")
            shapes.append((o.column, len(o.raw), msg, "error" if worst_level(here) == "fail" else "warning"))
            lines.append(o.line)
    runs.append(in_text_order(shapes, lines))
    return SpanRuns(runs)


PLACED_KINDS = ("privacy", "references")
_FINDINGS = attrgetter("findings")
_RULE = attrgetter("rule")
_LINE = attrgetter("line")
_MESSAGE = attrgetter("message")
_COLUMN = attrgetter("column")
_SHAPE = attrgetter("rule", "level", "column", "message")  # all a finding's underline is made of but its line
# all a wrong claim's underline is made of but its line
_CLAIM_SHAPE = attrgetter("value_column", "column", "value_text", "message", "metric", "claimed", "measured")


def _kept_run(key: str, objs: list, depends: object, last: dict, cache: SpanCache) -> tuple | None:
    """The last call's run of this source, when its objects are the very same (checked in C) and what else its
    underlines depend on is equal; kept for the next call."""
    hit = last.get(key)
    if hit is None:
        return None
    objs_then, depends_then, run = hit
    if len(objs) != len(objs_then) or depends != depends_then or not (
            objs is objs_then or all(map(is_, objs, objs_then))):
        return None
    cache.sources[key] = (objs, depends, run)
    return run


def _untold(findings: list[Finding], claim_rules: set[str], told: set[tuple[int, str]]) -> list[Finding]:
    """The findings but the wrong figures' own (a claims rule's at a wrong claim's line with its message: the claim
    is underlined instead), picked in C."""
    theirs = map(and_, map(claim_rules.__contains__, map(_RULE, findings)),
                 map(told.__contains__, zip(map(_LINE, findings), map(_MESSAGE, findings))))
    return list(compress(findings, map(not_, theirs)))


def _figure_widths(claims: list[Claim]) -> dict[tuple[int, int], int]:
    """(line, column) -> how long the number of each of these figures is as written, where `_claim_run` underlines
    it exactly."""
    return {(c.line, c.value_column): len(c.value_text) for c in claims if c.value_column and c.value_text}


def _finding_run(findings: list[Finding], exact: dict | None, placed_rules: set[str],
                 shapes: dict[tuple, Shape], widths: dict[tuple[int, int], int] | None = None,
                 claim_rules: AbstractSet[str] = frozenset()) -> tuple[list[Shape], list[int]]:
    """The findings' run: each underline's shape looked up by what it is made of (in C), made for a new one; the
    exact stretch for private data and a bad arXiv id. `widths`: the wrong figures' numbers (`_figure_widths`): a
    finding of a claims rule (`claim_rules`) at one (its estimate, "stated as 108 here but as 180 on line 67")
    underlines that number as the figure's own underline does, not the word there: in "各主线 CJK 108/158/157" the
    word is the whole list, and the right 158 and 157 looked wrong."""
    keys: list = list(map(_SHAPE, findings))
    if widths:
        keys = list(zip(keys, map(widths.get, zip(map(_LINE, findings), map(_COLUMN, findings)))))
    got: list = list(map(shapes.get, keys))
    for i in compress(range(len(got)), map(is_, got, repeat(None))):
        shape, width = keys[i] if widths else (keys[i], None)
        rule, level, column, message = shape
        if width and rule in claim_rules:
            got[i] = shapes[keys[i]] = (column, width, f"[{rule}] {message}", level)
        else:
            got[i] = shapes[keys[i]] = (max(column, 1), -1 if column <= 1 else 0, f"[{rule}] {message}", level)
    if exact:
        for i, f in enumerate(findings):
            if f.rule in placed_rules and (f.line, f.column) in exact:
                got[i] = (f.column, exact[(f.line, f.column)], f"[{f.rule}] {f.message}", f.level)
    return in_text_order(got, list(map(_LINE, findings)))


def _claim_run(claims: list[Claim], shapes: dict[tuple, Shape]) -> tuple[list[Shape], list[int]]:
    """Wrong claims' run: the number exactly, with the claim's message."""
    keys = list(map(_CLAIM_SHAPE, claims))
    got: list = list(map(shapes.get, keys))
    for i in compress(range(len(got)), map(is_, got, repeat(None))):
        c = claims[i]
        col = c.value_column or c.column or 1
        length = len(c.value_text) if c.value_column and c.value_text else 0
        msg = c.message or f"{c.metric}: claimed {format_value(c.claimed)}, measured {format_value(c.measured)}"
        got[i] = shapes[keys[i]] = (col, length, msg, "error")
    return in_text_order(got, list(map(_LINE, claims)))


def _exact_places(analysis: Analysis) -> dict[tuple[int, int], int]:
    """(line, column) -> length of each private-data hit and each occurrence of a malformed or impossible arXiv id."""
    out = {(h.line, h.column): h.length for h in analysis.privacy}
    for r in analysis.references:
        if r.status in ("malformed", "impossible id"):
            for o in r.occurrences:
                out[(o.line, o.column)] = len(o.raw)
    return out
