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
from typing import Any, Iterable, Mapping, Sequence

from editor_app.core.document import closes_fence, front_matter_end, heading_in_line
from editor_app.core.model import Analysis

# Python-Markdown's extensions for survey text; the tables write `align="…"`: Qt's rich text (the Preview, the PDF)
# ignores the style attribute Python-Markdown writes otherwise. `\<` reads as `<`; ~~struck~~ text, task boxes and
# a backslash line break as Typora and Obsidian show them (named by path: no import here).
ESCAPED_ANGLE_BRACKETS = "editor_app.services.markdown_escapes:EscapedAngleBrackets"
SURVEY_GFM = "editor_app.services.markdown_gfm:SurveyGfm"
MARKDOWN_EXTENSIONS = ("fenced_code", "tables", "sane_lists", ESCAPED_ANGLE_BRACKETS, SURVEY_GFM)
MARKDOWN_CONFIGS = {"tables": {"use_align_attribute": True}}


def new_converter() -> Any:
    """A Python-Markdown converter for survey text: the one the Preview and the report both render with."""
    import markdown

    return markdown.Markdown(extensions=list(MARKDOWN_EXTENSIONS), extension_configs=MARKDOWN_CONFIGS)


_TABLE_ROW = re.compile(r"^ {0,3}\|")
_LIST_ITEM = re.compile(r"^ {0,3}([-*+]|\d{1,9}[.)])\s+\S")
# a list item at any indentation (a nested one), and its parts: indentation, marker, the gap before its text
_ANY_ITEM = re.compile(r"^([ \t]*)([-*+]|\d{1,9}[.)])([ \t]+)(?=\S)")
# "[^1]: 脚注内容": a footnote's note; "[^1]" elsewhere its mark (not "\[^1]")
_NOTE = re.compile(r"^ {0,3}\[\^([^\]\s]+)\]:[ \t]?(.*)$")
_NOTE_MARK = re.compile(r"(?<!\\)\[\^([^\]\s]+)\](?!:)")
_CODE_SPAN = re.compile(r"(`+)(?:.+?)(?<!`)\1(?!`)")
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
    """The survey's own title: its first non-empty line after its front matter (the house header's title line, or
    "# Title"), unless that line is the start of a table, a list, a quote, a code block, HTML or a rule: a survey
    opening with one has no title line."""
    skip = front_matter_end(lines)
    number = next((i + 1 for i, line in enumerate(lines) if i >= skip and line.strip()), None)
    if number is None:
        return None
    line = lines[number - 1]
    if _TABLE_ROW.match(line) or _LIST_ITEM.match(line) or _fence_opening(line):
        return None
    if re.match(r"\s{0,3}(?:>|<|([-*_])\s*(?:\1\s*){2,}$)", line):  # a quote, HTML, a rule (---)
        return None
    return number


def front_matter_title(lines: Sequence[str]) -> str:
    """The `title:` of the front matter the survey opens with ("title: 综述", quoted or not), else ''."""
    for line in lines[1:max(0, front_matter_end(lines) - 1)]:
        m = re.match(r"title:[ \t]*(.*)$", line)
        if m:
            value = m.group(1).strip()
            if value[:1] in "\"'" and len(value) > 1 and value[-1] == value[0]:
                return value[1:-1].strip()
            return re.sub(r"[ \t]+#.*$", "", value).strip()  # (" # …": a YAML comment after it)
    return ""


def heading_levels(analysis: Analysis | None, lines: Sequence[str], first_line: int = 1) -> dict[int, int]:
    """{survey line: 1-6} for the lines shown as headings: the analysis' sections one level below the title
    (<h2> for `一、`, <h3> for `2.1`), and the title line (when `lines`, starting at `first_line`, hold it) <h1>."""
    if analysis is None:
        return {}
    levels = {sm.section.line: min(6, sm.section.level + 1) for sm in analysis.sections}
    if first_line == 1:
        title = title_line(lines)
        if title is not None and not (title in levels and front_matter_title(lines)):
            levels[title] = 1  # (after a front matter naming the survey, its first section is no title)
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
        self.items: list[tuple[int, int]] = []  # the open list items: (column their text starts at, indent written)
        self.hard_break = False  # the last line ends with a "\\" line break

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
                self.in_list, self.items = "", []
            return
        if not line.strip():
            self.out.append("")
            self.prev, self.in_list, self.hard_break = "blank", "", False
            return
        item = _LIST_ITEM.match(line) or (_ANY_ITEM.match(line) if self.items and self.in_list else None)
        kind = "table" if _TABLE_ROW.match(line) else "item" if item else "rule" if _RULE.match(line) else "text"
        list_kind = ("ol" if line.lstrip()[0].isdigit() else "ul") if item else ""  # "1." after "- ": another list
        if kind == "table" or self.prev == "table" or kind == "rule":
            new_block = kind != self.prev or kind == "rule"
        elif kind == "item":  # a list starts on the line after a paragraph's
            new_block = not self.in_list or (at_margin and list_kind != self.in_list)
        elif self.hard_break:  # "…79\\" / "下一行": one paragraph broken there, in a survey of a block a line too
            new_block = False
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
        if kind == "item":
            line = self._nested(line)
        elif at_margin and (new_block or not self.in_list) or kind in ("table", "rule"):
            self.items = []
        self.out.append(escape_false_heading(line) if kind != "table" else line)
        self.prev = kind
        # (a line ending in an odd number of backslashes: an even number are escaped ones)
        ends = len(line) - len(line.rstrip("\\"))
        self.hard_break = kind in ("text", "item") and ends % 2 == 1

    def _nested(self, line: str) -> str:
        """A list item as Python-Markdown reads it as Typora does: "1)" written "1." (Python-Markdown has no "1)"
        lists: they ran into one paragraph), and nested under the item whose text its marker is indented to (2 or 3
        spaces, a tab: CommonMark's rule) by 4 spaces a level, which Python-Markdown needs (with fewer the nested
        items were the parent's siblings or its text: "第二项 - 嵌套")."""
        m = _ANY_ITEM.match(line)
        if m is None:
            return line
        indent = len(m.group(1).expandtabs(4))
        marker = m.group(2)
        gap = len((m.group(1) + marker + m.group(3)).expandtabs(4)) - indent - len(marker)
        while self.items and indent < self.items[-1][0]:
            self.items.pop()
        written = self.items[-1][1] + 4 if self.items else 0
        self.items.append((indent + len(marker) + (gap if gap <= 4 else 1), written))
        if written == indent and not marker.endswith(")"):
            return line
        return " " * written + marker.replace(")", ".") + line[m.end(2):]

    def take(self) -> str:
        """The source so far (a code block still open is closed: it runs to the end, as the analysis reads it)."""
        if self.fence:
            self.out.append(self.fence)
            self.fence = ""
        text = "\n".join(self.out).strip("\n")
        self.out, self.prev, self.in_list, self.items, self.hard_break = [], "blank", "", [], False
        return text


def survey_blocks(lines: Sequence[str], headings: Mapping[int, int], *, first_line: int = 1,
                  footer_line: int | None = None, line_mode: bool | None = None) -> list[Block]:
    """The survey's lines (numbered from `first_line`) as headings, the footer and Markdown source between them.

    `headings` is heading_levels'; `line_mode` is uses_line_blocks(lines) unless given (the report decides it on the
    whole survey; the Preview of a long survey only has the part it shows). A front matter block is left out (it is
    the file's data, not the survey's text), and footnotes are drawn as Typora and Obsidian draw them: the mark a
    raised number, the notes, numbered so, after the survey."""
    if line_mode is None:
        line_mode = uses_line_blocks(lines)
    blocks: list[Block] = []
    source = _Source(line_mode)
    skip = front_matter_end(lines) if first_line == 1 else 0
    start = first_line + skip
    notes = _Footnotes(lines, first_line)

    def flush(at: int) -> None:
        nonlocal start
        text = source.take()
        if text.strip():
            blocks.append(Block("markdown", start, text))
        start = at

    skip_underline = False
    for number, line in enumerate(lines[skip:], start=first_line + skip):
        if skip_underline:
            skip_underline = False
            if _is_underline(line):
                start = number + 1
                continue
        if number in notes.lines and not source.fence:
            continue
        level = headings.get(number) if not source.fence else None
        if not source.fence:
            line = notes.marked(line)
        if number == footer_line:
            flush(number + 1)
            blocks.append(Block("footer", number, line))
            continue
        if level is not None:
            flush(number + 1)
            blocks.append(Block("heading", number, heading_text(line), level))
            # "Title" or "二、核心工作" over "===" / "---" (a setext heading): the underline is the heading's
            # (under "## Title" it is a rule)
            h = heading_in_line(line)
            skip_underline = h is None or h.style in ("numbered-top", "numbered-sub")
            continue
        source.add(line)
    flush(first_line + len(lines))
    if notes.numbers:
        blocks.append(Block("markdown", notes.first, notes.markdown()))
    return blocks


class _Footnotes:
    """The footnotes of the survey's lines: their notes ("[^1]: 脚注内容" and the lines indented under it; not in
    code blocks), numbered in the order their marks come (notes no mark names after them), as GitHub, Typora and
    Obsidian number them. Python-Markdown read a note as a link's definition and its mark as a broken link."""

    def __init__(self, lines: Sequence[str], first_line: int) -> None:
        self.lines: set[int] = set()  # the notes' survey lines
        self.notes: dict[str, list[str]] = {}  # label (casefolded) -> its text's lines
        self.first = 0  # the first note's line
        self.numbers: dict[str, int] = {}
        if not any("[^" in line for line in lines):
            return
        fence = ""
        label = ""  # the note whose indented lines may follow
        for number, line in enumerate(lines, start=first_line):
            if fence:
                fence = "" if _closes(line, fence) else fence
                continue
            fence = _fence_opening(line) if line.lstrip(" ")[:1] in ("`", "~") else ""
            m = _NOTE.match(line) if not fence and "[^" in line else None
            if m:
                label = m.group(1).casefold()
                if label not in self.notes:
                    self.notes[label] = [m.group(2).strip()]
                    self.first = self.first or number
                self.lines.add(number)
            elif label and line.strip() and (line[:1] == "\t" or line[:4] == "    "):
                self.notes[label].append(line.strip())
                self.lines.add(number)
            else:
                label = ""
        if not self.notes:
            return
        for number, line in enumerate(lines, start=first_line):
            if "[^" in line and number not in self.lines:
                for m in _NOTE_MARK.finditer(_CODE_SPAN.sub("", line)):
                    key = m.group(1).casefold()
                    if key in self.notes and key not in self.numbers:
                        self.numbers[key] = len(self.numbers) + 1
        for key in self.notes:
            self.numbers.setdefault(key, len(self.numbers) + 1)

    def marked(self, line: str) -> str:
        """The line with each footnote mark a raised number (not in code spans)."""
        if not self.notes or "[^" not in line:
            return line

        def number(m: re.Match[str]) -> str:
            n = self.numbers.get(m.group(1).casefold())
            return f"<sup>{n}</sup>" if n else m.group(0)

        out, at = [], 0
        for code in _CODE_SPAN.finditer(line):
            out += [_NOTE_MARK.sub(number, line[at:code.start()]), code.group(0)]
            at = code.end()
        out.append(_NOTE_MARK.sub(number, line[at:]))
        return "".join(out)

    def markdown(self) -> str:
        """The notes after a rule, as a list numbered as their marks are."""
        items = []
        for key, _n in sorted(self.numbers.items(), key=lambda kv: kv[1]):
            first, *more = self.notes[key]
            items.append(f"1. {self.marked(first)}")
            items += ["    " + self.marked(text) for text in more]
        return "---\n\n" + "\n".join(items)


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
