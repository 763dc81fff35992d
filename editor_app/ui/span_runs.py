"""The underlines of an analysis as a few runs, each in text order, instead of one list sorted after every keystroke.

Each source of underlines comes in text order already: a rule's findings, the wrong figures, private data, bad
arXiv ids. Kept as runs, the runs a keystroke leaves as they were are handed over again as they are; merging and
sorting all 34,000 underlines of an 8 MB survey (and marking the worst level of each line for the gutter) took
~40 ms of every update there. The editor reads only the lines it shows (a bisection per run) and merges those.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from itertools import chain
from operator import attrgetter
from typing import Any, Iterable, Iterator, Sequence

SPAN_PLACE = attrgetter("line", "column")  # a span's place in the text (in C: sorting keys)
SPAN_LINE = attrgetter("line")
LEVEL_RANK = {"error": 3, "warning": 2, "info": 1}  # the gutter marks a line with its worst


class SpanRuns:
    """Spans (anything with `line` and `column`) as runs; run k is `runs[k] = (spans, lines)`, its spans in text order
    and `lines` each one's line. Read-only once made: a run may be shared with the SpanRuns made before it. Taken
    together, the spans are in text order with ties in run order (a stable sort of the runs one after the other)."""

    __slots__ = ("runs", "_ordered")

    def __init__(self, runs: Iterable[tuple[list[Any], list[int]]] = ()):
        self.runs: tuple[tuple[list[Any], list[int]], ...] = tuple(run for run in runs if run[0])
        self._ordered: list[Any] | None = None

    @classmethod
    def of(cls, spans: Iterable[Any]) -> "SpanRuns":
        """Spans in any order, as one run."""
        return cls([in_text_order(spans)])

    def __len__(self) -> int:
        return sum(len(spans) for spans, _ in self.runs)

    def __bool__(self) -> bool:
        return bool(self.runs)

    def __iter__(self) -> Iterator[Any]:
        return iter(self.ordered())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, SpanRuns):
            return self.ordered() == other.ordered()
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  (compared by value, and never a key)

    def __repr__(self) -> str:
        return f"SpanRuns({len(self)} spans in {len(self.runs)} runs)"

    def ordered(self) -> list[Any]:
        """All the spans in text order (merged once, on first use: only a jump to the next problem needs them all)."""
        if self._ordered is None:
            merged = list(chain.from_iterable(spans for spans, _ in self.runs))
            if len(self.runs) > 1:
                merged.sort(key=SPAN_PLACE)
            self._ordered = merged
        return self._ordered

    def on_lines(self, first: int, last: int, limit: int | None = None) -> list[Any]:
        """The spans on lines first..last, in text order; `limit`: only the first that many."""
        out: list[Any] = []
        for spans, lines in self.runs:
            lo = bisect_left(lines, first)
            hi = bisect_right(lines, last, lo)
            if limit is not None:
                hi = min(hi, lo + limit)  # (the first `limit` of all are among the first `limit` of each run)
            out += spans[lo:hi]
        if len(self.runs) > 1:
            out.sort(key=SPAN_PLACE)
        return out if limit is None else out[:limit]


def in_text_order(spans: Iterable[Any]) -> tuple[list[Any], list[int]]:
    """A run: the spans sorted by place (stable), with their lines."""
    ordered = sorted(spans, key=SPAN_PLACE)
    return ordered, list(map(SPAN_LINE, ordered))


def worst_levels(placed: Sequence[tuple[Any, int]]) -> dict[int, str]:
    """Line -> the worst level among (span, line) pairs, for the gutter: levels without a rank mark nothing."""
    worst: dict[int, str] = {}
    for span, line in placed:
        if LEVEL_RANK.get(span.level, 0) > LEVEL_RANK.get(worst.get(line, ""), 0):
            worst[line] = span.level
    return worst
