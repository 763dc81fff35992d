"""The underlines of an analysis as a few runs, each in text order, instead of one list sorted after every keystroke.

Each source of underlines comes in text order already: a rule's findings, the wrong figures, private data, bad
arXiv ids. Kept as runs, the runs a keystroke leaves as they were are handed over again as they are; merging and
sorting all 34,000 underlines of an 8 MB survey (and marking the worst level of each line for the gutter) took
~40 ms of every update there. A run holds each underline's line apart from what it shows (its shape: column,
length, message, level), so an Enter, which moves every underline below it one line down, changes a list of line
numbers, not thousands of objects. The editor reads only the lines it shows (a bisection per run), and those
underlines are made then (ProblemSpan).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from functools import partial
from itertools import islice
from operator import attrgetter, itemgetter, le
from typing import Any, Callable, Iterable, Iterator, Sequence

from editor_app.core.records import record

LEVEL_RANK = {"error": 3, "warning": 2, "info": 1}  # the gutter marks a line with its worst
Shape = tuple  # (column, length, message, level): all an underline shows but its line


@record(frozen=True)
class ProblemSpan:
    """A stretch of text to underline: 1-based line and column; length -1: to the end of the line, 0: the word.
    (A record, made as a frozen dataclass is but for less: the editor makes those of the lines it shows.)"""

    line: int
    column: int
    length: int
    message: str
    level: str = "warning"

    def __init__(self, line: int, column: int, length: int, message: str, level: str = "warning") -> None:
        d = self.__dict__  # frozen: set in the instance dict, not through __setattr__
        d["line"] = line
        d["column"] = column
        d["length"] = length
        d["message"] = message
        d["level"] = level


_SHAPE_OF = attrgetter("column", "length", "message", "level")
_LINE = attrgetter("line")
_COLUMN = itemgetter(0)


def _span(line: int, shape: Shape) -> ProblemSpan:
    return ProblemSpan(line, *shape)


class SpanRuns:
    """Underlines as runs: run k is `runs[k] = (shapes, lines)`, the k-th source's underlines in text order (line,
    then column), `lines[i]` the line of the one shaped `shapes[i]`. Read-only once made: a run may be shared with
    the SpanRuns made before it. Taken together, the underlines are in text order with ties in run order (a stable
    sort of the runs one after the other)."""

    __slots__ = ("runs", "_ordered")

    def __init__(self, runs: Iterable[tuple[list[Shape], list[int]]] = ()):
        self.runs: tuple[tuple[list[Shape], list[int]], ...] = tuple(run for run in runs if run[0])
        self._ordered: list[ProblemSpan] | None = None

    @classmethod
    def of(cls, spans: Iterable[ProblemSpan]) -> SpanRuns:
        """ProblemSpans in any order, as one run."""
        spans = list(spans)
        return cls([in_text_order(list(map(_SHAPE_OF, spans)), list(map(_LINE, spans)))])

    def __len__(self) -> int:
        return sum(len(lines) for _, lines in self.runs)

    def __bool__(self) -> bool:
        return bool(self.runs)

    def __iter__(self) -> Iterator[ProblemSpan]:
        return iter(self.ordered())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, SpanRuns):
            return self.ordered() == other.ordered()
        return NotImplemented

    # compared by value, and never a key
    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"SpanRuns({len(self)} spans in {len(self.runs)} runs)"

    def ordered(self) -> list[ProblemSpan]:
        """All the underlines in text order (made once, on first use: only a jump to the next problem needs them all)."""
        if self._ordered is None:
            spans: list[ProblemSpan] = []
            for shapes, lines in self.runs:
                spans += map(_span, lines, shapes)
            if len(self.runs) > 1:
                spans.sort(key=_PLACE)
            self._ordered = spans
        return self._ordered

    def on_lines(self, first: int, last: int, limit: int | None = None) -> list[ProblemSpan]:
        """The underlines on lines first..last, in text order; `limit`: only the first that many."""
        out: list[ProblemSpan] = []
        for shapes, lines in self.runs:
            lo = bisect_left(lines, first)
            hi = bisect_right(lines, last, lo)
            if limit is not None:
                hi = min(hi, lo + limit)  # (the first `limit` of all are among the first `limit` of each run)
            out += map(_span, lines[lo:hi], shapes[lo:hi])
        if len(self.runs) > 1:
            out.sort(key=_PLACE)
        return out if limit is None else out[:limit]

    def next_to(self, here: tuple[int, int], forward: bool = True,
                place: Callable[[int, int], tuple[int, int]] | None = None) -> tuple[ProblemSpan, tuple[int, int]] | None:
        """The underline after `here` (before it: `forward` False) in text order, round to the first (last) when none
        is, and its (line, column); None when there are none. `place` gives where a (line, column) of the analysed
        text is now (edited since): it must keep the text's order, as following edits does. A bisection per run,
        `place` called a few dozen times: a jump in an 8 MB survey made and placed all 34,000 underlines (~190 ms
        on the GUI thread after an edit not yet analysed)."""
        # (where it is now, where it was, run, index): the order of `ordered()`, whose ties go to the later run
        best: tuple[tuple[int, int], tuple[int, int], int, int] | None = None
        for k, run in enumerate(self.runs):
            n = len(run[1])
            key = partial(key_at, run, place=place)
            i = bisect_right(range(n), here, key=key) if forward else bisect_left(range(n), here, key=key) - 1
            if 0 <= i < n:
                found = (key(i), key_at(run, i), k, i)
                if best is None or (found < best if forward else found > best):
                    best = found
        if best is None:  # round: the first underline of all (the last)
            ends = [(key_at(run, i, place), key_at(run, i), k, i)
                    for k, run in enumerate(self.runs) for i in [0 if forward else len(run[1]) - 1]]
            if not ends:
                return None
            best = min(ends) if forward else max(ends)
        where, _, k, i = best
        shapes, lines = self.runs[k]
        return _span(lines[i], shapes[i]), where


def key_at(run: tuple[list[Shape], list[int]], i: int,
           place: Callable[[int, int], tuple[int, int]] | None = None) -> tuple[int, int]:
    """Where the i-th underline of a run is now (`place`), or was."""
    shapes, lines = run
    return place(lines[i], shapes[i][0]) if place is not None else (lines[i], shapes[i][0])


_PLACE = attrgetter("line", "column")


def in_text_order(shapes: list[Shape], lines: list[int]) -> tuple[list[Shape], list[int]]:
    """A run: the underlines shaped `shapes` on `lines`, in text order (stable; most come in order already)."""
    places = list(zip(lines, map(_COLUMN, shapes)))
    if all(map(le, places, islice(places, 1, None))):
        return shapes, lines
    order = sorted(range(len(places)), key=places.__getitem__)
    return list(map(shapes.__getitem__, order)), list(map(lines.__getitem__, order))


def worst_levels(placed: Sequence[tuple[Any, int]]) -> dict[int, str]:
    """Line -> the worst level among (span, line) pairs, for the gutter: levels without a rank mark nothing."""
    worst: dict[int, str] = {}
    for span, line in placed:
        if LEVEL_RANK.get(span.level, 0) > LEVEL_RANK.get(worst.get(line, ""), 0):
            worst[line] = span.level
    return worst
