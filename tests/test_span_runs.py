"""Underline runs (ui/span_runs.py): the next problem found by bisection is the one the plain definition finds."""

from __future__ import annotations

import bisect

from hypothesis import given, settings
from hypothesis import strategies as st

from editor_app.ui.span_runs import ProblemSpan, SpanRuns

# a few lines and columns, so that places tie within a run and across runs
_spans = st.lists(st.builds(ProblemSpan, st.integers(1, 6), st.integers(1, 4), st.just(2),
                            st.text("ab", min_size=1, max_size=2)), max_size=12)


def plain_next(spans: list[ProblemSpan], here, forward, place):
    """The definition the window used: every span in text order, each placed, and a bisection over them all."""
    if not spans:
        return None
    keys = [place(s.line, s.column) if place else (s.line, s.column) for s in spans]
    i = bisect.bisect_right(keys, here) if forward else bisect.bisect_left(keys, here) - 1
    return spans[i % len(spans)], keys[i % len(spans)]


def squeeze(cut_line: int):
    """Where a place is after lines 2..cut_line were cut: they fall onto line 2, column 1 (keeps the order)."""
    def place(line: int, column: int) -> tuple[int, int]:
        if line < 2:
            return line, column
        if line <= cut_line:
            return 2, 1
        return line - (cut_line - 2), column
    return place


@settings(max_examples=300, deadline=None)
@given(st.lists(_spans, max_size=4), st.integers(0, 7), st.integers(0, 5), st.booleans(), st.integers(1, 5))
def test_next_to_is_the_plain_definition(runs, line, column, forward, cut):
    made = SpanRuns(SpanRuns.of(run).runs[0] for run in runs if run)
    ordered = made.ordered()
    assert ordered == sorted((s for run in runs for s in run), key=lambda s: (s.line, s.column))
    for place in (None, squeeze(cut)):
        found = made.next_to((line, column), forward, place)
        assert found == plain_next(ordered, (line, column), forward, place)


def test_next_to_goes_round_and_says_where():
    runs = SpanRuns([([(3, 1, "a", "error")], [5]), ([(1, 1, "b", "warning"), (9, 1, "c", "info")], [2, 7])])
    assert runs.next_to((5, 3)) == (ProblemSpan(7, 9, 1, "c", "info"), (7, 9))
    assert runs.next_to((7, 9)) == (ProblemSpan(2, 1, 1, "b", "warning"), (2, 1))  # round to the first
    assert runs.next_to((2, 1), forward=False) == (ProblemSpan(7, 9, 1, "c", "info"), (7, 9))  # round to the last
    assert runs.next_to((6, 4), forward=False, place=lambda l, c: (l + 1, c)) == (
        ProblemSpan(5, 3, 1, "a", "error"), (6, 3))
    assert SpanRuns().next_to((1, 1)) is None
