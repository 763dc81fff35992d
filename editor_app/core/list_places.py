"""Which section each figure of a per-section list is about ("各主线 CJK 159/194/207": §3.1, §3.2, §3.3).

A list is stated for the sections of a heading scope by their numbers: its nth figure is about the nth number the
scope holds, whether or not the survey still has that section. (Told against the sections left, in turn, a list
whose §3.2 was cut checked 194 against §3.3 and found no place for 207.)
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
        if position < len(self.numbers):
            return self.numbers[position]
        return self.numbers[-1] + position - len(self.numbers) + 1

    def unit_at(self, position: int) -> U | None:
        return self.units.get(self.number_at(position))

    def label(self, position: int) -> str:
        """ "§3.2" """
        return f"§{self.prefix}{self.number_at(position)}"

    def unstated(self, stated: int) -> list[U]:
        """The units a list of `stated` figures states nothing for, in number order."""
        told = {self.number_at(p) for p in range(stated)}
        return [self.units[n] for n in sorted(self.units) if n not in told]


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
