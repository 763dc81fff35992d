"""What the panels need beyond the Analysis itself, computed in the analysis worker so the GUI thread only draws."""

from __future__ import annotations

from dataclasses import dataclass, field
from operator import attrgetter, is_
from typing import Any

from editor_app.core.figure_check import shown_names
from editor_app.core.model import Analysis
from editor_app.formats import Verdict, verdict
from editor_app.ui.claims_order import claims_parts
from editor_app.ui.figures_panel import build_charts, figures_signature, moved_charts, moved_lines
from editor_app.ui.outline_panel import outline_labels, outline_rows, outline_signature, row_starts
from editor_app.ui.problem_spans import SpanCache, problem_spans
from editor_app.ui.span_runs import SpanRuns

_SECTION = attrgetter("section")


@dataclass
class PreparedView:
    spans: SpanRuns = field(default_factory=SpanRuns)  # the underlines, in runs each in text order
    charts: list[Any] = field(default_factory=list)
    figures_signature: object = None
    outline_signature: tuple = ()
    outline_rows: list[Any] | None = None  # the outline's rows (outline_rows) …
    outline_starts: list[int] | None = None  # … and the line each starts on (9,300 sections at 8 MB: ~8 ms)
    outline_labels: list[str] | None = None  # … and each one's text (outline_labels of the signature)
    claims_changed: bool = True
    sections_changed: bool = True
    claims_in_order: list[Any] | None = None  # the self-check panel's order (sorting 18,000 claims: 30-170 ms)
    wrong_claims: int | None = None  # how many self-reported figures are wrong (counted here, not twice on the GUI thread)
    ambiguous_claims: int | None = None  # how many are about a section number two headings share
    part_missing_claims: int | None = None  # how many of those are about a place that lost a part instead
    disagreeing: dict | None = None  # figures stated otherwise elsewhere: (line, column) -> finding
    verdict: Verdict | None = None  # survey-check's verdict (formats.verdict: 35,000 findings at 8 MB, ~5 ms)


def prepare_view(analysis: Analysis, previous: Analysis | None = None) -> PreparedView:
    """Everything the panels need from `analysis`, made afresh."""
    return ViewPreparer()(analysis, previous)


class ViewPreparer:
    """prepare_view that takes again what its last call made from objects the new analysis shares with the last
    one: a keystroke in an 8 MB survey leaves its 7,000 figure groups (the same list) and most of its 34,000
    findings (the same objects) as they were, and remaking their charts and underlines took ~110 ms of the ~160 ms
    between the analysis and the panels; after an Enter the findings below it come back one line down, and their
    underlines keep their shapes with new lines (problem_spans.SpanCache), the charts theirs with lines moved. One
    preparer per caller (the analysis worker): not shared across threads."""

    def __init__(self) -> None:
        self._figures: tuple = (None, None, None, None, None)  # (figures, consistency findings, signature, charts, names)
        self._spans = SpanCache()
        # (the sections' Section objects, the outline's signature and row starts made from them)
        self._sections: tuple[list | None, tuple, list[int]] = (None, (), [])
        self._labels: tuple[tuple | None, list[str]] = (None, [])  # (an outline signature, its labels)

    def __call__(self, analysis: Analysis, previous: Analysis | None = None) -> PreparedView:
        disagreeing, in_order, wrong, ambiguous, part_missing = claims_parts(analysis)
        spans = problem_spans(analysis, self._spans, wrong)
        signature, charts = self._charts(analysis)
        rows, outline_sig, starts, labels = self._outline(analysis)
        return PreparedView(
            spans=spans,
            charts=charts,
            figures_signature=signature,
            outline_signature=outline_sig,
            outline_rows=rows,
            outline_starts=starts,
            outline_labels=labels,
            claims_changed=previous is None or previous.claims != analysis.claims,
            sections_changed=previous is None or previous.sections != analysis.sections,
            claims_in_order=in_order,
            disagreeing=disagreeing,
            wrong_claims=len(wrong),
            ambiguous_claims=ambiguous,
            part_missing_claims=part_missing,
            verdict=verdict(analysis),
        )

    def _outline(self, analysis: Analysis) -> tuple[list[Any], tuple, list[int], list[str]]:
        """(rows, signature, the line each row starts on, their labels): the last signature and starts when the
        sections are the same Section objects (a keystroke changes a section's figures, not its heading nor its
        lines), the last labels when the signature is the same."""
        rows = outline_rows(analysis)
        if analysis.strays:
            self._sections = (None, (), [])
            signature, starts = outline_signature(analysis), row_starts(analysis, rows)
        else:
            secs = list(map(_SECTION, analysis.sections))
            last, signature, starts = self._sections
            if last is None or len(last) != len(secs) or not all(map(is_, secs, last)):
                signature, starts = outline_signature(analysis), row_starts(analysis, rows)
                self._sections = (secs, signature, starts)
        labelled, labels = self._labels
        if labelled is not signature and labelled != signature:
            labels = outline_labels(signature)
            self._labels = (signature, labels)
        return rows, signature, starts, labels

    def _charts(self, analysis: Analysis) -> tuple[object, list]:
        """(signature, charts): the last ones when the figure groups are the same list and the findings about them
        (a few) say the same; the last ones with lines moved when the groups only moved (an Enter above some:
        drawing the charts of 7,000 groups again took ~50 ms); else made."""
        consistency = tuple((f.rule, f.line, f.column, f.message) for r in analysis.rules if r.kind == "figures"
                            for f in r.findings)
        figures, findings, signature, charts, names = self._figures
        if figures is analysis.figures and findings == consistency:
            return signature, charts
        names_now = shown_names(analysis.figures, analysis.references)
        # (a disagreement between figures names their lines in its words: the charts are made again then)
        moves = moved_lines(figures, analysis.figures) if figures is not None and not consistency and not findings \
            and names_now == names else None
        if moves is None:
            charts = build_charts(analysis, names_now)
        elif moves:
            charts = moved_charts(charts, moves)
        signature = figures_signature(analysis, charts)
        self._figures = (analysis.figures, consistency, signature, charts, names_now)
        return signature, charts
