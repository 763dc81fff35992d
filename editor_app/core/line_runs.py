"""What a pass made from each line that holds something, laid out flat, and carried to the next pass.

The § references of each line, and the findings about them, are made from what the line holds alone (its facts'
tuple). After an edit the next pass keeps a line's objects when it holds the very same tuple, moved by the lines
the edit added or removed (`records.moved_by`). Kept per line in a dict, that was a Python step and a list per
line: ~20,000 references and as many findings after an Enter in the middle of an 8 MB survey, ~10 ms. Laid out
flat, the lines before the edit keep one slice, those after it are one slice moved, and only the edited lines are
made again.
"""

from __future__ import annotations

from bisect import bisect_left
from itertools import repeat
from operator import add, is_
from typing import Callable, Collection

from .records import moved_by


class LineRuns:
    """The k-th line that holds something is line index `at[k]` (0-based, ascending), made from `src[k]` (the
    per-line facts' tuple) into `objects[offs[k]:offs[k + 1]]` (records with a `line`), with a number `extra[k]`
    (what else a line's making counted). `objects` is handed out as is (a pass's list of results): read-only."""

    __slots__ = ("at", "src", "offs", "objects", "extra")

    def __init__(self, at: list[int], src: list, offs: list[int], objects: list, extra: list[int]):
        self.at, self.src, self.offs, self.objects, self.extra = at, src, offs, objects, extra

    def of(self, k: int) -> list:
        """The objects made from the k-th line."""
        return self.objects[self.offs[k]:self.offs[k + 1]]

    def on(self, i: int) -> list:
        """The objects made from line index i ([] when it holds nothing)."""
        k = bisect_left(self.at, i)
        return self.of(k) if k < len(self.at) and self.at[k] == i else []

    def between(self, a: int, b: int) -> dict[int, list]:
        """{line index: its objects} of the lines a .. b - 1 that hold something."""
        return {self.at[k]: self.of(k) for k in range(bisect_left(self.at, a), bisect_left(self.at, b))}


def line_runs(at: list[int], src: list, old: LineRuns | None, a: int, b: int, d: int,
              make: Callable[[int], tuple[list, int]], *, equal: bool = False, moves: dict | None = None,
              remake: Collection[int] = ()) -> LineRuns:
    """This pass's runs, line at[k] holding src[k]. Line i < a was line i in `old`, line i >= b was line i - d,
    lines a .. b - 1 are new: a line that holds the very tuple `old` had for it (or, `equal`, an equal one) keeps its
    objects (moved by d from b on) and its number; the others are make(k) -> (objects, number). When every line
    before a and every line from b on is kept so, that is three slices; else each line is looked up on its own.
    `moves`, if given, gets id(an object of `old`) -> its moved copy, for each object moved. `remake`: the k of lines
    made again whatever they hold (what they were made with changed)."""
    n = len(at)
    if old is not None and old.at and not remake:
        p, po = bisect_left(at, a), bisect_left(old.at, a)
        q, qo = bisect_left(at, b), bisect_left(old.at, b - d)
        if (p == po and n - q == len(old.at) - qo and at[:p] == old.at[:p]
                and (src[:p] == old.src[:p] and src[q:] == old.src[qo:] if equal
                     else all(map(is_, src[:p], old.src[:p])) and all(map(is_, src[q:], old.src[qo:])))
                and at[q:] == (list(map(add, old.at[qo:], repeat(d))) if d else old.at[qo:])):
            objects = old.objects[:old.offs[p]]
            offs, extra = old.offs[:p], old.extra[:p]
            for k in range(p, q):
                offs.append(len(objects))
                made, x = make(k)
                objects.extend(made)
                extra.append(x)
            start = old.offs[qo]
            shift = len(objects) - start
            tail = old.objects[start:]
            if d:
                copies = moved_by(tail, d)
                if moves is not None:
                    moves.update(zip(map(id, tail), copies))
                tail = copies
            objects.extend(tail)
            offs.extend(map(add, old.offs[qo:], repeat(shift)) if shift else old.offs[qo:])
            extra.extend(old.extra[qo:])
            return LineRuns(at, src, offs, objects, extra)
    pos = dict(zip(old.at, range(len(old.at)))) if old is not None else {}
    objects, offs, extra = [], [], []
    for k, i in enumerate(at):
        offs.append(len(objects))
        ko = pos.get(i if i < a else i - d if i >= b else -1) if pos else None
        if ko is not None and (old.src[ko] is src[k] or equal and old.src[ko] == src[k]) and k not in remake:  # type: ignore[union-attr]
            made = old.objects[old.offs[ko]:old.offs[ko + 1]]  # type: ignore[union-attr]
            if d and i >= b:
                copies = moved_by(made, d)
                if moves is not None:
                    moves.update(zip(map(id, made), copies))
                made = copies
            x = old.extra[ko]  # type: ignore[union-attr]
        else:
            made, x = make(k)
        objects.extend(made)
        extra.append(x)
    offs.append(len(objects))
    return LineRuns(at, src, offs, objects, extra)
