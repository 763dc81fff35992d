"""What the panels need beyond the Analysis itself, computed in the analysis worker so the GUI thread only draws."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from editor_app.core.model import Analysis
from editor_app.ui.code_editor import ProblemSpan, sort_problems
from editor_app.ui.figures_panel import build_charts, figures_signature
from editor_app.ui.outline_panel import outline_signature
from editor_app.ui.problem_spans import problem_spans
from editor_app.ui.selfcheck_panel import claims_in_order, disagreements


@dataclass
class PreparedView:
    spans: list[ProblemSpan] = field(default_factory=list)  # sorted by place
    worst: dict[int, str] = field(default_factory=dict)  # line -> worst level, for the gutter
    charts: list[Any] = field(default_factory=list)
    figures_signature: object = None
    outline_signature: tuple = ()
    claims_changed: bool = True
    sections_changed: bool = True
    claims_in_order: list[Any] | None = None  # the self-check panel's order (sorting 18,000 claims: 30-170 ms)
    wrong_claims: int | None = None  # how many self-reported figures are wrong (counted here, not twice on the GUI thread)
    ambiguous_claims: int | None = None  # how many are about a section number two headings share
    part_missing_claims: int | None = None  # how many of those are about a place that lost a part instead
    disagreeing: dict | None = None  # figures stated otherwise elsewhere: (line, column) -> finding


def prepare_view(analysis: Analysis, previous: Analysis | None = None) -> PreparedView:
    spans, worst = sort_problems(problem_spans(analysis))
    disagreeing = disagreements(analysis)
    return PreparedView(
        spans=spans,
        worst=worst,
        charts=build_charts(analysis),
        figures_signature=figures_signature(analysis),
        outline_signature=outline_signature(analysis),
        claims_changed=previous is None or previous.claims != analysis.claims,
        sections_changed=previous is None or previous.sections != analysis.sections,
        claims_in_order=claims_in_order(analysis.claims, disagreeing),
        disagreeing=disagreeing,
        wrong_claims=analysis.wrong_count(),
        ambiguous_claims=analysis.ambiguous_count(),
        part_missing_claims=analysis.part_missing_count(),
    )
