"""The worker's ViewPreparer, which takes again what it made for findings and claims that only moved, shows exactly
what the plain definitions give (the underlines, the gutter marks, the claims' order and counts), after a series of
edits: characters, Enter, deleting a line, pasting a paragraph, on the sample and on it repeated 300 times (8 MB)."""

from __future__ import annotations

from datetime import date

import pytest

from editor_app.core.analyze import Analyzer
from editor_app.core.reference_verdicts import cited_versions, shown_statuses
from editor_app.core.rulepack import house_pack
from editor_app.ui.code_editor import ProblemSpan
from editor_app.ui.figures_panel import build_charts, figures_signature
from editor_app.core.document import Stray, repeated_numbers
from editor_app.ui.outline_panel import _numbered_for, outline_rows, outline_signature, row_lines
from editor_app.ui.prepared_view import ViewPreparer
from editor_app.ui.problem_spans import BAD_REFERENCE, problem_spans
from editor_app.ui.table_models import format_value
from claims_support import plain_disagreements, plain_order

TODAY = date(2026, 12, 2)


def plain_spans(analysis) -> list[ProblemSpan]:
    """problem_spans as it was written before any reuse: every span made from its finding or claim."""
    spans = []
    claim_rules = {r.id for r in analysis.rules if r.kind == "claims"}
    told = {(c.line, c.message) for c in analysis.claims if c.wrong and c.message} if claim_rules else set()
    # a finding of the claims rule at a wrong figure's number underlines that number (QA29a D7)
    widths = {(c.line, c.value_column): len(c.value_text) for c in analysis.claims
              if c.wrong and c.message and c.value_column and c.value_text}
    exact = {(h.line, h.column): h.length for h in analysis.privacy}
    for r in analysis.references:
        if r.status in ("malformed", "impossible id"):
            for o in r.occurrences:
                exact[(o.line, o.column)] = len(o.raw)
    placed_rules = {r.id for r in analysis.rules if r.kind in ("privacy", "references")}
    if not any(r.kind in ("privacy", "references") and r.findings for r in analysis.rules):
        exact = {}
    said = set()
    for f in analysis.findings:
        if f.rule in claim_rules and (f.line, f.message) in told:
            continue
        if f.rule in placed_rules and (f.line, f.column) in exact:
            said.add((f.line, f.column))
            spans.append(ProblemSpan(f.line, f.column, exact[(f.line, f.column)], f"[{f.rule}] {f.message}", f.level))
            continue
        width = widths.get((f.line, f.column)) if f.rule in claim_rules else None
        spans.append(ProblemSpan(f.line, max(f.column, 1), width or (-1 if f.column <= 1 else 0),
                                 f"[{f.rule}] {f.message}", f.level))
    for c in analysis.claims:
        if c.wrong:
            col = c.value_column or c.column or 1
            length = len(c.value_text) if c.value_column and c.value_text else 0
            msg = c.message or f"{c.metric}: claimed {format_value(c.claimed)}, measured {format_value(c.measured)}"
            spans.append(ProblemSpan(c.line, col, length, msg, "error"))
    for h in analysis.privacy:
        if (h.line, h.column) not in said:
            spans.append(ProblemSpan(h.line, h.column, h.length, f"private data ({h.dimension}): {h.masked}", "error"))
    for r in analysis.references:
        bad = [s for s in shown_statuses(r, r.details) if s in BAD_REFERENCE]
        if not bad:
            continue
        places, ident = r.occurrences, r.id
        if bad == ["version not found"]:
            missing = [v.version for v in cited_versions(r, r.details.get("latest_version")) if v.on_arxiv is False]
            if missing:
                places = [o for o in r.occurrences if o.version in missing]
                ident += ", ".join(missing)
        msg = f"arXiv:{ident} — {', '.join(bad)}" + (f": {r.problem}" if r.problem else "")
        level = "error" if r.status in ("malformed", "impossible id", "not found") else "warning"
        spans += [ProblemSpan(o.line, o.column, len(o.raw), msg, level) for o in places if (o.line, o.column) not in said]
    return spans


def plain_outline_signature(analysis) -> tuple:
    """outline_signature as it was written, a row at a time."""
    repeated = repeated_numbers([sm.section for sm in analysis.sections])
    if not repeated and not analysis.strays:
        return tuple((s.section.level, s.section.number, s.section.title) for s in analysis.sections)
    return tuple((row.number.count(".") + 1, row.number, row.title, False, _numbered_for(row))
                 if isinstance(row, Stray) else
                 (row.section.level, row.section.number, row.section.title,
                  row.section.key.split("#", 1)[0] in repeated)
                 for row in outline_rows(analysis))


def check(view, a, last) -> None:
    spans = sorted(plain_spans(a), key=lambda s: (s.line, s.column))  # (stable: ties in the order made)
    assert view.spans.ordered() == spans
    for shapes, lines in view.spans.runs:  # each run in text order (the editor bisects its lines)
        places = [(line, shape[0]) for line, shape in zip(lines, shapes)]
        assert places == sorted(places) and len(lines) == len(shapes)
    disagreeing = plain_disagreements(a)
    assert view.disagreeing == disagreeing
    assert [id(c) for c in view.claims_in_order] == [id(c) for c in plain_order(a.claims, disagreeing)]
    assert (view.wrong_claims, view.ambiguous_claims, view.part_missing_claims) == (
        a.wrong_count(), a.ambiguous_count(), a.part_missing_count())
    assert view.charts == build_charts(a) and view.figures_signature == figures_signature(a)
    assert view.outline_signature == outline_signature(a) == plain_outline_signature(a)
    rows = outline_rows(a)
    assert view.outline_rows == rows and view.outline_starts == [row_lines(r)[0] for r in rows]
    assert view.claims_changed == (last is None or last.claims != a.claims)
    assert view.sections_changed == (last is None or last.sections != a.sections)


def edits(doc: str, sample: str):
    """(name, the text after it): characters, Enter, a line deleted, a paragraph pasted, in the middle."""
    mid = doc.index("\n", len(doc) // 2)
    paragraph = "".join(sample.splitlines(True)[20:32])
    steps = [
        ("character", lambda t: t[:mid] + "字" + t[mid:]),
        ("enter", lambda t: t[:mid] + "\n" + t[mid:]),
        ("enter", lambda t: t[:mid] + "\n" + t[mid:]),
        ("figure", lambda t: t[:mid] + "CJK 实测 3,900" + t[mid:]),
        ("engine figures", lambda t: t[:mid + 1] + "SGLang ~99,999 vs vLLM ~1 tok/s on H100\n\nSGLang 加速 9× vs vLLM\n"
         + t[mid + 1:]),
        ("delete line", lambda t: t[:mid] + t[t.index("\n", mid + 1):]),
        ("paste", lambda t: t[:mid + 1] + paragraph + t[mid + 1:]),
        ("enter", lambda t: t[:mid] + "\n" + t[mid:]),
        ("enter near the top", lambda t: t[:200] + "\n" + t[200:]),
        ("private data", lambda t: t[:mid + 1] + "内网 10.1.2.3 arXiv:2613.99999\n" + t[mid + 1:]),
        ("enter", lambda t: t[:mid] + "\n" + t[mid:]),
    ]
    for name, edit in steps:
        doc = edit(doc)
        yield name, doc


@pytest.mark.parametrize("copies", [1, 300])
def test_the_prepared_view_is_what_the_plain_definitions_give(qapp, sample_text, copies):
    doc = "\n".join([sample_text.rstrip("\n")] * copies) + "\n"
    az, preparer = Analyzer(house_pack(), today=TODAY), ViewPreparer()
    last = az.analyze(doc)
    check(preparer(last, None), last, None)
    for name, text in edits(doc, sample_text):
        a = az.analyze(text)
        for _ in az.release():
            pass
        check(preparer(a, last), a, last)
        last = a


def test_problem_spans_alone_is_the_plain_definition(sample_text):
    a = Analyzer(house_pack(), today=TODAY).analyze(sample_text + "\n内网 10.1.2.3 arXiv:2613.99999\n")
    assert problem_spans(a).ordered() == sorted(plain_spans(a), key=lambda s: (s.line, s.column))
