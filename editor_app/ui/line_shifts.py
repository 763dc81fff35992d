"""Where a place in the text the panels were made from is now.

The panels show the last analysis, which read the text as it was when it started: up to a second ago on a long
survey, more while the author types on. An Enter, a paste or a cut above a row's line since then moves what the row
points at; the log of edits made since lets a click land on the live text instead of a line too high or too low.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from functools import cached_property
from itertools import accumulate

MAX_KEPT = 20000  # edits remembered at most (an analysis that never arrives must not let the log grow without end)
JOIN_AT_MOST = 1 << 20  # characters: a longer rewritten stretch is compared by its last lines only


@dataclass(frozen=True)
class LineEdit:
    """Lines [first, first + old_count) replaced by new_count lines. Of what was rewritten, `same_start` characters at
    its start and `same_end` at its end are as they were; `old_lines` / `new_lines` are its line lengths before and
    after (the lines after it, unchanged, are only moved by new_count - old_count)."""

    first: int
    old_count: int
    new_count: int
    old_lines: tuple[int, ...]
    new_lines: tuple[int, ...]
    same_start: int
    same_end: int

    def follow(self, line: int, column: int) -> tuple[int, int]:
        """(0-based line, 0-based column) before the edit → where those characters are after it."""
        if line < self.first:
            return line, column
        if line >= self.first + len(self.old_lines):
            return line + self.new_count - self.old_count, column
        k = line - self.first
        if len(self.old_lines) == len(self.new_lines) > 1:  # rewritten in place (figures updated): no line moved
            return line, min(column, self.new_lines[k])
        old_starts, new_starts = self._old_starts, self._new_starts
        old_length, new_length = old_starts[-1] - 1, new_starts[-1] - 1
        offset = old_starts[k] + min(column, self.old_lines[k])
        if offset >= old_length - self.same_end:
            offset += new_length - old_length
        else:
            offset = min(offset, self.same_start)  # inside what was rewritten: where the rewrite starts
        i = max(bisect_right(new_starts, offset) - 1, 0)  # the new line the offset falls on (or ends)
        if i >= len(self.new_lines):
            return self.first + len(self.new_lines) - 1, self.new_lines[-1]
        return self.first + i, offset - new_starts[i]

    # Where each line of the rewritten stretch starts in it, and (last) its length + 1: made once per edit, so that
    # following a place is a bisection. Summed at each call, the underlines shown while an 8 MB survey was replaced
    # by another (3,000 places through an edit of 220,000 lines) took 1.7 s of the GUI thread.
    @cached_property
    def _old_starts(self) -> list[int]:
        return list(accumulate((n + 1 for n in self.old_lines), initial=0))

    @cached_property
    def _new_starts(self) -> list[int]:
        return list(accumulate((n + 1 for n in self.new_lines), initial=0))


def _same_end(a: str, b: str, limit: int) -> int:
    """Length of the common end of a and b, at most `limit` (compared in halves: no Python loop per character)."""
    lo, hi = 0, max(min(len(a), len(b), limit), 0)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if a[len(a) - mid:] == b[len(b) - mid:]:
            lo = mid
        else:
            hi = mid - 1
    return lo


def line_edit(first: int, start: int, old: list[str], new: list[str]) -> LineEdit:
    """The edit that replaced the lines `old`, from line `first` (0-based) on, by the lines `new`; the text changed
    from character `start` of that line on (what the editor reports: the ends of the rewrite are inferred, not its
    start, which a paste of "- a" before "- b" would make ambiguous)."""
    tail = 0  # whole lines at the end left as they were (an editor reports a block's edits as one stretch)
    while tail < min(len(old), len(new)) - 1 and old[-1 - tail] == new[-1 - tail]:
        tail += 1
    old_mid, new_mid = old[: len(old) - tail], new[: len(new) - tail]
    start = min(start, len(old_mid[0]), len(new_mid[0]))
    if old_mid[0][:start] != new_mid[0][:start]:
        start = 0
    old_lines, new_lines = tuple(map(len, old_mid)), tuple(map(len, new_mid))
    old_length, new_length = sum(old_lines) + len(old_lines) - 1, sum(new_lines) + len(new_lines) - 1
    if old_length + new_length <= JOIN_AT_MOST:
        a, b = "\n".join(old_mid), "\n".join(new_mid)
    else:
        a, b = old_mid[-1], new_mid[-1]
    same_end = _same_end(a, b, min(old_length, new_length) - start)
    return LineEdit(first, len(old), len(new), old_lines, new_lines, start, same_end)


def _typing_on_one_line(a: LineEdit, b: LineEdit) -> bool:
    return a.first == b.first and a.old_count == a.new_count == b.old_count == b.new_count == 1


def _one_line_edits(a: LineEdit, b: LineEdit) -> LineEdit:
    """The two edits of one line as one: what neither touched at its start and at its end is kept."""
    return LineEdit(a.first, 1, 1, a.old_lines, b.new_lines, min(a.same_start, b.same_start),
                    min(a.same_end, b.same_end))


class PlacesSince:
    """The edits made since some text was analysed: where its places are now, and how far at most one moved."""

    def __init__(self, edits: list[LineEdit]) -> None:
        self.edits = edits
        # lines a place can have moved at most (an edit that keeps the number of lines moves none)
        self.reach = sum(abs(e.new_count - e.old_count) + e.old_count for e in edits if e.new_count != e.old_count)

    def now(self, line: int, column: int) -> tuple[int, int]:
        """A 1-based (line, column) of the analysed text → where those characters are now."""
        line, column = line - 1, column - 1
        for edit in self.edits:
            line, column = edit.follow(line, column)
        return line + 1, column + 1


class EditLog:
    """The edits made to the editor's text, numbered; `mark()` numbers the text as it is now."""

    def __init__(self) -> None:
        self._edits: list[LineEdit | None] = []  # None: the whole text was replaced (nothing before it can be followed)
        self._first_seq = 0  # the number of self._edits[0]
        self._marked = 0  # the last mark handed out: the edits before it are never merged with later ones

    @property
    def count(self) -> int:
        return self._first_seq + len(self._edits)

    def mark(self) -> int:
        """The number of the text as it is now, to follow its places later (`follow`, `places_since`)."""
        self._marked = self.count
        return self._marked

    def record(self, first: int, start: int, old: list[str], new: list[str]) -> None:
        """Lines `old` from line `first` (0-based) on replaced by `new`, the change starting at character `start`."""
        edit = line_edit(first, start, old, new) if old and new else None
        last = self._edits[-1] if self._edits and self.count - 1 >= self._marked else None
        if edit is not None and last is not None and _typing_on_one_line(last, edit):
            self._edits[-1] = _one_line_edits(last, edit)  # typing: one edit per line, however many keys
            return
        self._edits.append(edit)
        self._trim()

    def replaced(self) -> None:
        self._edits.append(None)
        self._trim()

    def since(self, mark: int) -> list[LineEdit | None]:
        return self._edits[max(mark - self._first_seq, 0):]

    def forget_before(self, mark: int) -> None:
        drop = min(max(mark - self._first_seq, 0), len(self._edits))
        del self._edits[:drop]
        self._first_seq += drop

    def places_since(self, mark: int) -> PlacesSince | None:
        """Where the places of the text as it was at `mark` are now; None when it was not edited since. Places in a
        text replaced whole since (a reload, a restored snapshot) stay as they are."""
        edits = [e for e in self.since(mark) if e is not None]
        return PlacesSince(edits) if edits else None

    def follow(self, line: int, column: int, mark: int) -> tuple[int, int]:
        """A 1-based (line, column) of the text as it was at `mark` → where those characters are now."""
        places = self.places_since(mark)
        return places.now(line, column) if places is not None else (line, column)

    def _trim(self) -> None:
        if len(self._edits) > MAX_KEPT:
            self.forget_before(self.count - MAX_KEPT // 2)
