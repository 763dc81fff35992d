"""Places in the published survey a report's problem leads to: an anchor at each survey line ("#L94") and the
section the line stands in ("§8.2"), so a reader gets from a wrong figure on page 1 to the sentence that states it.

The anchors ride through Markdown as a private-use marker put where the line's text starts (after a list
item's, a quote's or a table row's opening marks or a footnote's "[^1]: ", so the line is read as before) and become
`<a id="L94"></a>` once the block is rendered; lines whose marks Markdown must see whole (fences, a table's |---| row, rules, HTML,
link definitions, headings) get none and lead to the nearest line above that has one.
"""

from __future__ import annotations

import bisect
import re
from typing import Iterable, Sequence

from editor_app.core.model import Analysis

_OPEN, _CLOSE = "\ue000", "\ue001"
_MARKER_RE = re.compile(f"{_OPEN}(\\d+){_CLOSE}")
# where a line's text starts: after indentation, quote marks, a table row's first pipe, a list item's marker
_TEXT_START = re.compile(r"^(\s*(?:>\s?)*\s*\|?\s*(?:(?:[-*+]|\d{1,9}[.)])\s+)?(?:\[\^[^\]\s]+\]:[ \t]?)?)")
# lines Markdown reads by their first characters: a mark before them would change what they are
_LEAVE_ALONE = re.compile(
    r"^\s{0,3}(?:`{3,}|~{3,}|<|#{1,6}(?:\s|$)|\[(?!\^)[^\]]+\]:)"  # fences, HTML, headings, link definitions
    r"|^\s{0,3}(?:=+|-+|(?:\*[ \t]*){3,}|(?:_[ \t]*){3,})[ \t]*$"  # rules and setext underlines
    r"|^\s*\|?\s*:?-+:?\s*(?:\|\s*:?-*:?\s*)*\|?\s*$"  # a table's delimiter row
)


def line_anchor(line: int) -> str:
    return f"L{line}"


def mark_lines(lines: Sequence[str], skip: Iterable[int], first_line: int = 1) -> tuple[list[str], set[int]]:
    """(the lines with an anchor marker where each one's text starts, the survey lines marked); `skip` are lines
    drawn on their own (headings, the footer, the title)."""
    skipped = set(skip)
    out: list[str] = []
    marked: set[int] = set()
    for number, line in enumerate(lines, start=first_line):
        if number in skipped or not line.strip() or _LEAVE_ALONE.match(line):
            out.append(line)
            continue
        start = _TEXT_START.match(line).end()
        if not line[start:].strip():
            out.append(line)
            continue
        out.append(f"{line[:start]}{_OPEN}{number}{_CLOSE}{line[start:]}")
        marked.add(number)
    return out, marked


def anchors_in(fragment: str) -> str:
    """Rendered HTML with its line markers made anchors."""
    if _OPEN not in fragment:
        return fragment
    return _MARKER_RE.sub(lambda m: f'<a id="{line_anchor(int(m.group(1)))}"></a>', fragment)


def strip_markers(text: str) -> str:
    return _MARKER_RE.sub("", text)


class Places:
    """Where a survey line is in the report: `href(line)` the nearest anchor at or above it, `section(line)` the
    section it stands in as the survey cites one ("§8.2", "§八"; the header, the footer)."""

    def __init__(self, analysis: Analysis, anchors: dict[int, str], *, header: str = "header",
                 footer: str = "footer") -> None:
        self._lines = sorted(anchors)
        self._anchors = anchors
        self._footer_line = analysis.footer_line
        self._header, self._footer = header, footer
        sections = sorted((sm.section for sm in analysis.sections), key=lambda s: s.line)
        self._starts = [s.line for s in sections]
        self._names = [_section_name(s) for s in sections]

    def href(self, line: int | None) -> str:
        if not line:
            return ""
        i = bisect.bisect_right(self._lines, line) - 1
        return f"#{self._anchors[self._lines[i]]}" if i >= 0 else ""

    def section(self, line: int | None) -> str:
        if not line:
            return ""
        if self._footer_line and line >= self._footer_line:
            return self._footer
        i = bisect.bisect_right(self._starts, line) - 1
        return self._names[i] if i >= 0 else self._header


def _section_name(section) -> str:
    number = (section.number or "").strip()
    if number:
        return number if number.startswith("§") else f"§{number}"
    title = (section.title or "").strip()
    return title if len(title) <= 24 else title[:23] + "…"
