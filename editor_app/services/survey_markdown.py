"""The survey made ready for Python-Markdown, once for the Preview tab and the report (no Qt, no Markdown import).

Surveys are not quite Markdown: numbered headings (`一、`, `2.1`, `§0`) are headings only because the analysis says
so, a table or a list follows a line of prose with no blank line, `- #1 …` is a list item and no heading. Both the
Preview and the published report read the survey through `survey_blocks`, so they show the same headings, code
blocks, tables and lists; each caller only draws the blocks in its own way (the report adds anchors, links arXiv
ids and § references, marks ⚠️ and styles the footer: a published page, not an editor's view).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

from editor_app.core.document import closes_fence, heading_in_line
from editor_app.core.model import Analysis

# Python-Markdown's extensions for survey text; the tables write `align="…"`: Qt's rich text (the Preview, the PDF)
# ignores the style attribute Python-Markdown writes otherwise. `\<` reads as `<` (named by path: no import here).
ESCAPED_ANGLE_BRACKETS = "editor_app.services.markdown_escapes:EscapedAngleBrackets"
MARKDOWN_EXTENSIONS = ("fenced_code", "tables", "sane_lists", ESCAPED_ANGLE_BRACKETS)
MARKDOWN_CONFIGS = {"tables": {"use_align_attribute": True}}

_TABLE_ROW = re.compile(r"^ {0,3}\|")
_LIST_ITEM = re.compile(r"^ {0,3}([-*+]|\d{1,9}[.)])\s+\S")
# "---", "===", "* * *": under a line of prose Markdown makes that line a heading; a heading is the analysis' to say
# (it is handled as one when it is), so here it is always a rule (or, "===", text) of its own.
_RULE = re.compile(r"^ {0,3}(?:=+|-+|(?:\*[ \t]*){3,}|(?:_[ \t]*){3,})[ \t]*$")
_HEADING_MARKS = re.compile(r"^\s{0,3}#{1,6}(?:\s+|$)|\s+#+\s*$")
# "#1 …", "- #2 …", "##3": Python-Markdown takes them for headings; Markdown (and the survey's analysis) needs a
# space after the marks. The first mark is escaped.
_FALSE_HEADING = re.compile(r"^(\s{0,3}(?:[-*+]\s+|\d{1,3}[.)]\s+)?)(#{1,6})(?=[^#\s])")


@dataclass(frozen=True)
class Block:
    """A heading (`text` without its # marks, `level` 1-6 for <h1>-<h6>), the footer line, or Markdown source."""

    kind: str  # "heading" | "footer" | "markdown"
    line: int  # the survey line it starts at
    text: str
    level: int = 0


def escape_false_heading(line: str) -> str:
    """The line with a leading '#' that is no heading ('#50 反思棒', '- #1 KV Cache') escaped."""
    return _FALSE_HEADING.sub(r"\1\\\2", line)


def heading_text(line: str) -> str:
    """A heading line as its heading shows it: without Markdown's '#' marks."""
    return _HEADING_MARKS.sub("", line.strip()).strip()


def uses_line_blocks(lines: Sequence[str]) -> bool:
    """House surveys write one block per line with no blank lines (each line is a paragraph); hard-wrapped Markdown
    has blank separators (its lines run together into paragraphs)."""
    non_empty = sum(1 for line in lines if line.strip())
    return non_empty > 0 and (len(lines) - non_empty) * 10 < non_empty


def title_line(lines: Sequence[str]) -> int | None:
    """The survey's own title: its first non-empty line (the house header's title line, or "# Title"), unless that
    line is the start of a table, a list, a quote, a code block, HTML or a rule: a survey opening with one has no
    title line."""
    number = next((i + 1 for i, line in enumerate(lines) if line.strip()), None)
    if number is None:
        return None
    line = lines[number - 1]
    if _TABLE_ROW.match(line) or _LIST_ITEM.match(line) or _fence_opening(line):
        return None
    if re.match(r"\s{0,3}(?:>|<|([-*_])\s*(?:\1\s*){2,}$)", line):  # a quote, HTML, a rule (---)
        return None
    return number


def heading_levels(analysis: Analysis | None, lines: Sequence[str], first_line: int = 1) -> dict[int, int]:
    """{survey line: 1-6} for the lines shown as headings: the analysis' sections one level below the title
    (<h2> for `一、`, <h3> for `2.1`), and the title line (when `lines`, starting at `first_line`, hold it) <h1>."""
    if analysis is None:
        return {}
    levels = {sm.section.line: min(6, sm.section.level + 1) for sm in analysis.sections}
    if first_line == 1:
        title = title_line(lines)
        if title is not None:
            levels[title] = 1
    return levels


def _fence_opening(line: str) -> str:
    """The run of ``` or ~~~ a line opens a code block with, else '' (as the analysis reads it)."""
    h = heading_in_line(line)
    return h.number if h is not None and h.style == "fence" else ""


def _closes(line: str, fence: str) -> bool:
    """Whether the line closes the code block `fence` opened, as the analysis reads it."""
    return closes_fence(heading_in_line(line), fence)


def _is_underline(line: str) -> bool:
    """A `---` / `===` line as the analysis reads one under a setext heading's title."""
    h = heading_in_line(line)
    return h is not None and h.style.startswith("setext-underline")


class _Source:
    """Markdown source built line by line, with the blank lines Markdown needs between the survey's blocks."""

    def __init__(self, line_mode: bool) -> None:
        self.line_mode = line_mode
        self.out: list[str] = []
        self.prev = "blank"  # "blank" | "text" | "table" | "item" | "rule"
        self.in_list = ""  # "ul" or "ol" while the lines are a list's
        self.fence = ""  # the open code block's fence: its lines are kept as written

    def _blank(self) -> None:
        if self.out and self.out[-1].strip():
            self.out.append("")

    def add(self, line: str) -> None:
        if self.fence:
            if _closes(line, self.fence):
                self.out.extend([self.fence, ""])  # Python-Markdown closes with the opening run only
                self.fence, self.prev = "", "blank"
            else:
                self.out.append(line)
            return
        at_margin = line[:1] not in " \t"
        opening = _fence_opening(line)
        if opening:
            self._blank()
            self.out.append(line.lstrip(" "))  # Python-Markdown takes a fence only at the line's start
            self.fence = opening
            if at_margin:
                self.in_list = ""
            return
        if not line.strip():
            self.out.append("")
            self.prev, self.in_list = "blank", ""
            return
        item = _LIST_ITEM.match(line)
        kind = "table" if _TABLE_ROW.match(line) else "item" if item else "rule" if _RULE.match(line) else "text"
        list_kind = ("ol" if item.group(1)[0].isdigit() else "ul") if item else ""  # "1." after "- ": another list
        if kind == "table" or self.prev == "table" or kind == "rule":
            new_block = kind != self.prev or kind == "rule"
        elif kind == "item":  # a list starts on the line after a paragraph's
            new_block = not self.in_list or (at_margin and list_kind != self.in_list)
        elif self.in_list:  # an indented line continues the item; one at the margin is a paragraph in line mode
            new_block = at_margin and self.line_mode
        else:
            new_block = self.line_mode
        if new_block:
            self._blank()
        if item and (at_margin or not self.in_list):
            self.in_list = list_kind
        elif not item and (at_margin and (new_block or not self.in_list) or kind in ("table", "rule")):
            self.in_list = ""
        self.out.append(escape_false_heading(line) if kind != "table" else line)
        self.prev = kind

    def take(self) -> str:
        """The source so far (a code block still open is closed: it runs to the end, as the analysis reads it)."""
        if self.fence:
            self.out.append(self.fence)
            self.fence = ""
        text = "\n".join(self.out).strip("\n")
        self.out, self.prev, self.in_list = [], "blank", ""
        return text


def survey_blocks(lines: Sequence[str], headings: Mapping[int, int], *, first_line: int = 1,
                  footer_line: int | None = None, line_mode: bool | None = None) -> list[Block]:
    """The survey's lines (numbered from `first_line`) as headings, the footer and Markdown source between them.

    `headings` is heading_levels'; `line_mode` is uses_line_blocks(lines) unless given (the report decides it on the
    whole survey; the Preview of a long survey only has the part it shows)."""
    if line_mode is None:
        line_mode = uses_line_blocks(lines)
    blocks: list[Block] = []
    source = _Source(line_mode)
    start = first_line

    def flush(at: int) -> None:
        nonlocal start
        text = source.take()
        if text.strip():
            blocks.append(Block("markdown", start, text))
        start = at

    skip_underline = False
    for number, line in enumerate(lines, start=first_line):
        if skip_underline:
            skip_underline = False
            if _is_underline(line):
                start = number + 1
                continue
        level = headings.get(number) if not source.fence else None
        if number == footer_line:
            flush(number + 1)
            blocks.append(Block("footer", number, line))
            continue
        if level is not None:
            flush(number + 1)
            blocks.append(Block("heading", number, heading_text(line), level))
            # "Title" over "===" / "---" (a setext heading): the underline is part of the heading
            skip_underline = heading_in_line(line) is None
            continue
        source.add(line)
    flush(first_line + len(lines))
    return blocks


def blocks_markdown(blocks: Iterable[Block]) -> str:
    """The blocks as one Markdown text: headings as '#' headings, the footer as a paragraph of its own."""
    parts: list[str] = []
    for block in blocks:
        if block.kind == "heading":
            parts.append(("#" * block.level + " " + block.text).strip())
        elif block.kind == "footer":
            parts.append(escape_false_heading(block.text.strip()))
        else:
            parts.append(block.text)
    return "\n\n".join(p for p in parts if p)
