"""Which section each figure of a per-section list is about ("各主线 CJK 159/194/207": §3.1, §3.2, §3.3).

A list is stated for the sections of a heading scope by their numbers: its nth figure is about the nth number the
scope holds, whether or not the survey still has that section. (Told against the sections left, in turn, a list
whose §3.2 was cut checked 194 against §3.3 and found no place for 207.) A sub-section numbered x.0 ("3.0 总述")
introduces the others: a list is about it only when it states a figure for every number the scope holds, x.0 too
(as many figures as x.1, x.2, … and it was read as x.0's, x.1's, …, each a section too early). Places the line names
for the list ("§3.1/§3.2/§3.3 三主线…，各主线 CJK 159/194/207") decide which number each figure is about.
"""

from __future__ import annotations

import re
from typing import Generic, Sequence, TypeVar

U = TypeVar("U")
_MOST = 1000  # a scope whose numbers span more than this is not read as a numbered list (a typo, "3.1000")


class NumberedPlaces(Generic[U]):
    """A heading scope's sections by number: `prefix` ("3."), `numbers` (every number the scope holds from its
    first, those the survey lacks too: 1, 2, 3 for §3.1 and §3.3) and the unit of each number the survey has."""

    __slots__ = ("prefix", "numbers", "units")

    def __init__(self, prefix: str, numbers: Sequence[int], units: dict[int, U]) -> None:
        self.prefix, self.numbers, self.units = prefix, tuple(numbers), units

    def number_at(self, position: int) -> int:
        """The number the figure at `position` of a list is about (past the last number: the numbers after it)."""
        return self._nth(self.numbers, position)

    def unit_at(self, position: int) -> U | None:
        return self.units.get(self.number_at(position))

    def label(self, position: int) -> str:
        """ "§3.2" """
        return self.label_of(self.number_at(position))

    def label_of(self, number: int) -> str:
        return f"§{self.prefix}{number}"

    def told(self, stated: int, named: Sequence[str] = ()) -> tuple[int, ...]:
        """The number each figure of a list of `stated` is about, in order: those of the places `named` ("3.1", "3.2",
        "3.3": keys the line names for the list, one a figure) when they are all in the scope's numbering; else the
        scope's numbers from its first, an x.0 left out unless the list has a figure for every number."""
        if len(named) == stated:
            numbers = [self._number_of(key) for key in named]
            if all(n is not None for n in numbers):
                return tuple(n for n in numbers if n is not None)
        if self._introduced() and stated < len(self.numbers):
            return tuple(self._nth(self.numbers[1:], p) for p in range(stated))
        return tuple(self.number_at(p) for p in range(stated))

    def unstated(self, told: Sequence[int]) -> list[U]:
        """The units a list about the numbers `told` states nothing for, in number order (not an x.0 it passed over:
        an introduction is none of the sections a list states a figure each for)."""
        skipped = 0 if self._introduced() and 0 not in told else None
        return [self.units[n] for n in sorted(self.units) if n not in told and n != skipped]

    def stated_for(self, told: Sequence[int]) -> int:
        """How many sections the list is stated for: those of the scope, but an x.0 it passed over."""
        return len(self.units) - (1 if self._introduced() and 0 not in told else 0)

    def _introduced(self) -> bool:
        """Whether the scope's sub-sections start with an x.0 (an introduction; a top-level §0 is a section, the
        house's self-check box)."""
        return bool(self.prefix) and 0 in self.units

    def _number_of(self, key: str) -> int | None:
        head, dot, last = key.rpartition(".")
        if head + dot != self.prefix or not last.isdigit() or not last.isascii():
            return None
        return int(last)

    @staticmethod
    def _nth(numbers: Sequence[int], position: int) -> int:
        if position < len(numbers):
            return numbers[position]
        return numbers[-1] + position - len(numbers) + 1


def numbered_places(pattern: str, keys: Sequence[str], units: Sequence[U]) -> NumberedPlaces[U] | None:
    """The places of a heading scope whose sections (`keys`, "3.1", "3.3", in the order of `units`) are numbered
    under one parent and matched by their numbers; None when they are not (unnumbered headings, a number two
    headings share, "3" beside "3.1", a scope matched by title words: its sections are then taken in turn)."""
    if not keys or len(keys) != len(units):
        return None
    rx = re.compile(pattern)
    prefix = None
    by_number: dict[int, U] = {}
    for key, unit in zip(keys, units):
        head, dot, last = key.rpartition(".")
        if not last.isdigit() or not last.isascii() or (prefix is not None and prefix != head + dot):
            return None
        prefix = head + dot
        n = int(last)
        if n in by_number or not rx.search(key):  # (a number twice; a section in the scope by its title)
            return None
        by_number[n] = unit
    low, high = min(by_number), max(by_number)
    # A scope's numbers start at 1 when it holds a 1 (its first section cut, the second is still its second).
    start = 0 if low == 0 else 1 if low > 1 and rx.search(f"{prefix}1") else low
    if high - start > _MOST:
        return None
    numbers = [n for n in range(start, high + 1) if n in by_number or rx.search(f"{prefix}{n}")]
    return NumberedPlaces(prefix or "", numbers, by_number)
