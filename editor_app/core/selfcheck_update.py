""""Update self-check figures": write the measured values over the figures the survey states about itself.

Only value claims that disagree with a measurement are touched, each exactly where the claimed number is
written (Claim.line / value_column / value_text), in the style it is written ("3,838", "66.7"); never the result
of a stated ratio, whose numerator and denominator the update cannot know. A claim whose
text has changed since the analysis is left alone, which also makes the update idempotent.

Nor does the update make a stated sum or ratio that computes now stop computing: "CJK 实测 28（20 + 8）" measured 30
would read "30（20 + 8）", a new wrong figure, since only the author knows which part grew. A rewrite of a figure in
such a statement (its total, a part, a ratio's term) is held back, with every other rewrite in it, unless together
they still compute (parts rewritten along with their total, to measured values that add up); `self_check_update`
says which it held back and why, for the user to correct by hand.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from typing import Iterable

from .model import Analysis, Claim
from .claims import claims_in_line, compile_patterns, has_magnitude, in_magnitude_as_written
from .claims_audit import computes
from .split_claims import SUM_LINES, joined_lines
from .numbers import decimals_of, format_like
from .textdiff import unified_lines

_GROUPED_RE = re.compile(r"\d,\d{3}(?!\d)")
# What, right after a stated figure, shows that the number as written goes on: its rest would be left behind
# ("3，838" read as 3 and rewritten "3,838，838").
_FULL_WIDTH_DIGITS = str.maketrans("0123456789", "０１２３４５６７８９")
_CONTINUED = re.compile(r"\d|\\?[,，.]\d|[ \u3000]\d{3}(?!\d)")  # ("3\,838" is read whole: "3\.838" is not)
_FRACTION = re.compile(r"\d\s*[/／]\s*\d")


@dataclass(frozen=True)
class FigureUpdate:
    """One stated figure and what replaces it."""

    line: int
    column: int  # 1-based, of the number as written
    old: str
    new: str
    metric: str


@dataclass(frozen=True)
class HeldUpdate:
    """A rewrite the update leaves out: it would make a stated sum or ratio that computes now stop computing."""

    update: FigureUpdate
    role: str  # "total" (of a stated sum) | "part" (of a sum, or a term of a ratio)
    kind: str  # "sum" | "ratio": what it would break
    stated: str  # the sum or ratio as written ("28（20 + 8）")
    stated_line: int  # the line it is told on (of a sum's total, a ratio's share)


@dataclass(frozen=True)
class SelfCheckUpdate:
    """What Update Self-check Figures writes, and what it holds back."""

    updates: list[FigureUpdate]
    held: list[HeldUpdate]


def figure_updates(text: str, analysis: Analysis) -> list[FigureUpdate]:
    """The rewrites that bring the stated figures in line with the measured ones, in text order (none that would
    leave a stated sum or ratio wrong that is right now: see `self_check_update`)."""
    return self_check_update(text, analysis).updates


def self_check_update(text: str, analysis: Analysis) -> SelfCheckUpdate:
    """The rewrites (as `figure_updates`) and those held back so as not to break a stated sum or ratio."""
    lines = text.split("\n")
    updates = _measured_rewrites(lines, text, analysis)
    updates, held = _keeping_stated_arithmetic(lines, analysis, updates)
    return SelfCheckUpdate(updates, held)


def _measured_rewrites(lines: list[str], text: str, analysis: Analysis) -> list[FigureUpdate]:
    """Every figure's rewrite to its measured value, in text order, whatever it does to stated sums."""
    grouped = bool(_GROUPED_RE.search(text))
    seen: set[tuple[int, int]] = set()
    # A percentage that is the result of a stated ratio ("4/6 = 67%") is left alone: writing the measured 100
    # there alone would make the survey state "4/6 = 100%", a figure that no longer computes.
    seen.update((c.line, c.value_column) for c in analysis.claims if c.kind == "ratio")
    updates: list[FigureUpdate] = []
    for claim in analysis.claims:
        if not _rewritable(claim) or (claim.line, claim.value_column) in seen:
            continue
        if not 1 <= claim.line <= len(lines):
            continue
        start = claim.value_column - 1
        line = lines[claim.line - 1]
        if line[start : start + len(claim.value_text)] != claim.value_text:
            continue  # the text moved on since this analysis
        if _CONTINUED.match(line, start + len(claim.value_text)):
            continue  # "3，838", "3.838": the figure was read short of the number written, which is not replaced
        if _share_of_a_fraction(claim, line):
            continue  # "verifiability=4/6 主轴 … = 67%": as a stated ratio's result, 83% there would not compute
        # a placeholder ("3,1xx", claimed None) is filled in as if its marks were digits
        written = claim.value_text if claim.claimed is not None else _PLACEHOLDER_MARK.sub("0", claim.value_text)
        new = _written_like(float(claim.measured), written, grouped)
        if new == claim.value_text:
            continue
        seen.add((claim.line, claim.value_column))
        updates.append(FigureUpdate(claim.line, claim.value_column, claim.value_text, new, claim.metric))
    return sorted(updates, key=lambda u: (u.line, u.column))


def _keeping_stated_arithmetic(lines: list[str], analysis: Analysis, updates: list[FigureUpdate]
                               ) -> tuple[list[FigureUpdate], list[HeldUpdate]]:
    """`updates` less those that would make a stated sum or ratio that computes now stop computing, and those held."""
    if not updates:
        return updates, []
    right = [c for c in analysis.claims if c.kind in ("sum", "ratio") and c.ok is True and c.value_column > 0]
    if not right:
        return updates, []
    active: dict[int, dict[int, FigureUpdate]] = {}
    for u in updates:
        active.setdefault(u.line, {})[u.column] = u
    held: list[HeldUpdate] = []
    again = True
    while again:  # holding a rewrite back may break no statement, but one whose rewrites it balanced: look again
        again = False
        for stated in right:
            if not any(active.get(n) for n in range(stated.line - SUM_LINES + 1, stated.line + SUM_LINES)):
                continue  # (most: no rewrite near it)
            block = _Written.around(lines, stated)
            if block is None:
                continue
            inside = block.updates_in_statement(active)
            if not inside or block.still_computes(stated, active):
                continue
            for u in inside:
                del active[u.line][u.column]
                role = "total" if stated.kind == "sum" and (u.line, u.column) == (stated.line, stated.value_column) \
                    else "part"
                held.append(HeldUpdate(u, role, stated.kind, stated.text, stated.line))
            again = True
    if not held:
        return updates, []
    kept = [u for u in updates if u.column in active.get(u.line, {})]
    return kept, sorted(held, key=lambda h: (h.update.line, h.update.column))


_NO_PATTERNS = compile_patterns([])  # sums and ratios are read without the pack's patterns


class _Written:
    """The lines a stated sum or ratio is written over (one, or a sum kept open over several), read as the audit
    reads them: joined by a space, their white space at the joins dropped (split_claims.claims_across_lines)."""

    def __init__(self, lines: list[str], first: int, last: int) -> None:
        self.first, self.last = first, last  # 0-based, inclusive
        self.lines = lines[first : last + 1]
        self.joined, self.starts, self.leads = joined_lines(self.lines)
        self.span = (0, 0)  # where the statement is in `joined`

    @classmethod
    def around(cls, lines: list[str], stated: Claim) -> "_Written | None":
        """The fewest lines around the statement's own that hold its text where its figure is (None: not found,
        the text moved on since the analysis)."""
        at = stated.line - 1
        if not 0 <= at < len(lines):
            return None
        for size in range(1, SUM_LINES + 1):
            for first in range(max(0, at - size + 1), min(at, len(lines) - size) + 1):
                block = cls(lines, first, first + size - 1)
                if block._find(stated):
                    return block
        return None

    def offset(self, line: int, column: int, starts: list[int] | None = None) -> int:
        """Where (line, 1-based column) of the survey is in the joined text."""
        k = line - 1 - self.first
        return (self.starts if starts is None else starts)[k] + column - 1 - self.leads[k]

    def _find(self, stated: Claim) -> bool:
        figure = self.offset(stated.line, stated.value_column)
        start = self.joined.find(stated.text)
        while 0 <= start <= figure:
            if figure < start + len(stated.text):
                self.span = (start, start + len(stated.text))
                return True
            start = self.joined.find(stated.text, start + 1)
        return False

    def updates_in_statement(self, active: dict[int, dict[int, FigureUpdate]]) -> list[FigureUpdate]:
        a, b = self.span
        return [u for n in range(self.first + 1, self.last + 2) for u in active.get(n, {}).values()
                if a <= self.offset(u.line, u.column) and self.offset(u.line, u.column) + len(u.old) <= b]

    def still_computes(self, stated: Claim, active: dict[int, dict[int, FigureUpdate]]) -> bool:
        """Whether the statement, its lines rewritten by the `active` updates, still reads and computes."""
        new_lines = [_rewritten(line, active.get(n, {}).values()) for n, line in enumerate(self.lines, self.first + 1)]
        joined, starts, _ = joined_lines(new_lines)
        shift = sum(len(u.new) - len(u.old) for u in active.get(stated.line, {}).values()
                    if u.column < stated.value_column)
        column = self.offset(stated.line, stated.value_column + shift, starts) + 1
        return any(rc.kind == stated.kind and rc.column == column and computes(rc)
                   for rc in claims_in_line(joined, _NO_PATTERNS, "", ""))


def updated_self_check_text(text: str, analysis: Analysis, updates: list[FigureUpdate] | None = None) -> str:
    """The survey with every disagreeing self-stated value replaced by the measured one (`updates`: figure_updates'
    answer for this text and analysis, when the caller has it already)."""
    updates = figure_updates(text, analysis) if updates is None else updates
    if not updates:
        return text
    lines = text.split("\n")
    by_line: dict[int, list[FigureUpdate]] = {}
    for u in updates:
        by_line.setdefault(u.line, []).append(u)
    for n, those in by_line.items():
        lines[n - 1] = _rewritten(lines[n - 1], those)
    return "\n".join(lines)


def _rewritten(line: str, updates: Iterable[FigureUpdate]) -> str:
    """`line` with `updates` (all of it) written in, right to left: each one's column stays valid."""
    for u in sorted(updates, key=lambda u: -u.column):
        line = line[: u.column - 1] + u.new + line[u.column - 1 + len(u.old) :]
    return line


def self_check_diff(text: str, analysis: Analysis, *, name: str = "survey") -> str:
    """Unified diff of the update, for preview before it is applied ('' when nothing changes)."""
    return unified_diff(text, updated_self_check_text(text, analysis), name=name)


def unified_diff(old: str, new: str, *, name: str = "survey", titles: tuple[str, str] | None = None) -> str:
    """`titles`: the two sides' names in the window's language; by default "NAME (stated)" and "NAME (measured)"."""
    if old == new:
        return ""
    stated, measured = titles or (f"{name} (stated)", f"{name} (measured)")
    a, b = old.split("\n"), new.split("\n")
    if len(a) == len(b):
        # The update rewrites numbers inside lines and never adds or removes one: the lines pair up by number,
        # so the diff needs no matching (difflib took minutes on a long survey whose lines repeat).
        diff = unified_lines(a, b, stated, measured, matcher=_PairedLines(a, b))
    else:
        diff = difflib.unified_diff(a, b, fromfile=stated, tofile=measured, lineterm="")
    return "\n".join(diff) + "\n"


class _PairedLines(difflib.SequenceMatcher):
    """The opcodes of two texts whose lines pair up one for one: equal runs and replaced runs."""

    def __init__(self, a: list[str], b: list[str]) -> None:
        super().__init__(None, (), ())
        codes: list[tuple[str, int, int, int, int]] = []
        start, same = 0, None
        for i, (x, y) in enumerate(zip(a, b)):
            if (x == y) is not same:
                if same is not None:
                    codes.append(("equal" if same else "replace", start, i, start, i))
                start, same = i, x == y
        codes.append(("equal" if same else "replace", start, len(a), start, len(a)))
        self._codes = codes

    def get_opcodes(self) -> list[tuple[str, int, int, int, int]]:
        return list(self._codes)


def _share_of_a_fraction(claim: Claim, line: str) -> bool:
    """A percentage its own statement gives the fraction of ("verifiability=4/6 主轴 web_fetch 200 OK = 67%"): the
    result of a ratio, though words stand between the two."""
    end = claim.value_column - 1 + len(claim.value_text)
    if line[end:].lstrip()[:1] not in ("%", "％"):
        return False
    at = claim.text.rfind(claim.value_text)
    return at > 0 and _FRACTION.search(claim.text, 0, at) is not None


_PLACEHOLDER_MARK = re.compile("[xX?？]")


def _rewritable(claim: Claim) -> bool:
    return (
        claim.kind == "value"
        and claim.wrong  # a figure silenced inline is the author's to keep
        and claim.measured is not None
        and claim.value_column > 0
        and bool(claim.value_text)
        and any(c.isdigit() for c in claim.value_text)
    )


def _written_like(value: float, written: str, grouped: bool) -> str:
    """`value` in the style of `written`, keeping any prefix/suffix ("~", "%"); "950" -> "1,012" in a
    document that groups thousands elsewhere."""
    first = next(i for i, c in enumerate(written) if c.isdigit())
    last = max(i for i, c in enumerate(written) if c.isdigit())
    prefix, core, suffix = written[:first], written[first : last + 1], written[last + 1 :]
    if has_magnitude(suffix.strip()):  # "3.9k" -> "3.8k": in thousands, as written
        written = core + suffix.strip()[-1]
        return prefix + f"{in_magnitude_as_written(value, written):.{decimals_of(core)}f}" + suffix
    if grouped and "," not in core and "，" not in core and abs(value) >= 1000 and len(core.split(".")[0]) <= 3:
        core = "1,000" + core[len(core.split(".")[0]) :]
    if "\\," in core:  # "3\,838", its comma escaped (Markdown shows "3,838"): written so again
        return prefix + format_like(value, core.replace("\\,", ",")).replace(",", "\\,") + suffix
    new = format_like(value, core)
    if "０" <= core[0] <= "９":  # full-width digits, as a Chinese input method writes them: "３,８３８"
        new = new.translate(_FULL_WIDTH_DIGITS)
    return prefix + new + suffix
