"""A line as Markdown shows it, for the claims audit: what a reader of the published survey sees, with where each of
its characters is written.

A figure bolded in Typora or Obsidian ("CJK 实测 **3,838**", "⚠️ 实测 *79* 处", "行数 __200__", "| CJK | **92** |")
was no figure at all to the claim patterns, which read the line as written: wrong, it passed, and Update Self-check
Figures left it as it was. Read as shown, the marks around it are not part of it; the claims found in the shown text
are put back on the line as written (`Shown.column`, `Shown.written`), so a figure's column is that of its digits
between the marks, which Update rewrites ("**3,861**").

What is read as Markdown reads it (CommonMark, with GFM's strikethrough):
- emphasis: `*`, `_`, `**`, `__`, `***` by the delimiter-run rules (an underscore inside a word, `web_fetch`, and a
  `*` between spaces, "3 * 4", mark nothing; a list's "* " bullet marks nothing);
- strikethrough `~~…~~`: struck-through text is no statement, and is not read at all ("~~3,900~~ 3,838" states
  3,838). A single "~" stays as written: an estimate mark ("~79") or a range ("8.4~10.2");
- inline code (a run of backticks up to the next run as long) is an example, shown as one space;
- an HTML comment on the line (`<!-- … -->`) is not shown (one not closed on the line hides nothing, as a comment
  block closed at the end of some later line hides nothing: document.build_outline);
- a backslash before ",", "*", "_", "~" or "`" shows the character alone ("3\\,838" is 3,838; "\\*" no emphasis).
  Other escapes stay as written: the packs' patterns read them so ("grep -o "⚠️"\\|wc -l").
"""

from __future__ import annotations

import re
import unicodedata

# The characters that may make a line read otherwise than written (led by a class: re scans for it in C).
_MARK = re.compile(r"[\\`<*_~]")
_RUN = {"`": re.compile("`+"), "*": re.compile(r"\*+"), "_": re.compile("_+"), "~": re.compile("~+")}
_ESCAPED_SHOWN = ",*_~`"  # (a backslash before these is not shown)
_CLOSING_TICKS: dict[int, re.Pattern[str]] = {}


class Shown:
    """A line's shown text and, for each of its characters, where it is written (`columns`, one past the end too)."""

    __slots__ = ("text", "columns", "marks", "written_line")

    def __init__(self, text: str, columns: list[int], marks: bytearray, written_line: str) -> None:
        self.text = text
        self.columns = columns  # shown index -> written index; columns[len(text)] == len(written_line)
        self.marks = marks  # 1 at each written index of an emphasis mark not shown
        self.written_line = written_line

    def column(self, shown_column: int) -> int:
        """The 1-based written column of a 1-based shown column."""
        return self.columns[shown_column - 1] + 1 if shown_column > 0 else shown_column

    def written(self, start: int, end: int, *, with_marks: bool = False) -> str:
        """The line as written from shown index `start` to `end` (exclusive); `with_marks`: with the emphasis marks
        right around it ("**3,838**" for "3,838")."""
        if end <= start:
            return ""
        line = self.written_line
        a, b = self.columns[start], self.columns[end - 1] + 1
        if with_marks:
            marks = self.marks
            while a > 0 and marks[a - 1]:
                a -= 1
            while b < len(line) and marks[b]:
                b += 1
        return line[a:b]


def as_shown(line: str) -> Shown | None:
    """The line as Markdown shows it (see the module's docstring); None when it is shown as written."""
    if not ("*" in line or "`" in line or "\\" in line or "~~" in line or "<!--" in line) and _words_only(line):
        return None  # (most lines with a mark: "web_fetch", "cs_CL")
    edits: list[tuple[int, int, str]] = []  # (start, end, shown instead) in the line as written
    runs: list[list] = []  # emphasis delimiter runs: [char, start, end, can_open, can_close, used_at_start, used_at_end]
    n = len(line)
    pos = 0
    search = _MARK.search
    while True:
        m = search(line, pos)
        if m is None:
            break
        start = m.start()
        first = line[start]
        if first == "\\":
            nxt = line[start + 1:start + 2]
            if nxt and nxt in _ESCAPED_SHOWN:
                edits.append((start, start + 1, ""))  # the backslash alone is not shown
            pos = start + 2 if nxt else start + 1  # (the character after it is no mark: "\\*", "\\\\")
            continue
        if first == "<":
            pos = start + 1
            if line.startswith("<!--", start):
                close = line.find("-->", start + 4)
                if close >= 0:  # (one not closed on the line hides nothing: where it ends is not known here)
                    pos = close + 3
                    edits.append((start, pos, ""))
            continue
        end = _RUN[first].match(line, start).end()  # type: ignore[union-attr]  # (a run of the mark)
        pos = end
        if first == "`":
            ticks = end - start
            closing = _CLOSING_TICKS.get(ticks)
            if closing is None:
                closing = _CLOSING_TICKS[ticks] = re.compile(rf"(?<!`)`{{{ticks}}}(?!`)")
            c = closing.search(line, end)
            if c is not None:
                edits.append((start, c.end(), " "))  # inline code: an example, not the survey's statement
                pos = c.end()
            continue  # (else backticks shown as they are)
        if first == "~" and end - start != 2:
            continue  # "~79", "8.4~10.2": an estimate mark or a range, not a strikethrough
        before = line[start - 1] if start else " "
        after = line[end] if end < n else " "
        left = not after.isspace() and (not _punctuation(after) or before.isspace() or _punctuation(before))
        right = not before.isspace() and (not _punctuation(before) or after.isspace() or _punctuation(after))
        if first == "_":  # (no emphasis inside a word: "web_fetch")
            can_open = left and (not right or _punctuation(before))
            can_close = right and (not left or _punctuation(after))
        else:
            can_open, can_close = left, right
        if can_open or can_close:
            runs.append([first, start, end, can_open, can_close, 0, 0])
    struck = _matched(runs) if len(runs) > 1 else []
    for run in runs:  # (a strikethrough's runs are in its span)
        if run[5]:
            edits.append((run[1], run[1] + run[5], ""))
        if run[6]:
            edits.append((run[2] - run[6], run[2], ""))
    edits.extend((a, b, "") for a, b in struck)
    if not edits:
        return None
    edits.sort()
    pieces: list[str] = []
    columns: list[int] = []
    at = 0
    for a, b, instead in edits:
        if b <= at:
            continue  # inside text already left out (struck through)
        if a < at:
            a = at
        pieces.append(line[at:a])
        columns.extend(range(at, a))
        if instead:
            pieces.append(instead)
            columns.extend([a] * len(instead))
        at = b
    pieces.append(line[at:])
    columns.extend(range(at, n + 1))  # (and one past the end)
    marks = bytearray(n)
    for run in runs:
        for k in range(run[1], run[1] + run[5]):
            marks[k] = 1
        for k in range(run[2] - run[6], run[2]):
            marks[k] = 1
    return Shown("".join(pieces), columns, marks, line)


def _words_only(line: str) -> bool:
    """Whether each run of underscores in the line is inside a word ("web_fetch"): no emphasis, as Markdown reads it."""
    n = len(line)
    k = line.find("_")
    while k >= 0:
        j = k + 1
        while j < n and line[j] == "_":
            j += 1
        if not (k and line[k - 1].isalnum() and j < n and line[j].isalnum()):
            return False
        k = line.find("_", j)
    return True


def _punctuation(ch: str) -> bool:
    """A Unicode punctuation character or symbol, as CommonMark's delimiter-run rules read one."""
    if ch.isascii():
        return not ch.isalnum() and not ch.isspace()
    return unicodedata.category(ch)[0] in "PS"


def _matched(runs: list[list]) -> list[tuple[int, int]]:
    """Pair the delimiter runs as CommonMark's "process emphasis" does, recording in each run how many of its marks
    close emphasis at its start ([5]) and open it at its end ([6]); returns the spans struck through ("~~" … "~~",
    both runs and what is between them)."""
    openers: list[list] = []
    struck: list[tuple[int, int]] = []
    for run in runs:
        char, length = run[0], run[2] - run[1]
        left = length  # marks of the run not used yet
        while left and run[4]:
            j = len(openers) - 1
            while j >= 0:
                o = openers[j]
                if o[0] == char and not (  # (the "rule of 3": "*foo**bar*" is one emphasis, not two)
                        (run[3] or o[4]) and length % 3 and (o[2] - o[1] + length) % 3 == 0):
                    break
                j -= 1
            if j < 0:
                break
            o = openers[j]
            del openers[j:]  # the opener, and the runs after it, which can no longer be matched
            if char == "~":  # (both runs are "~~": see as_shown)
                struck.append((o[1], run[2]))
                left = 0
                break
            o_left = o[2] - o[1] - o[5] - o[6]
            use = 2 if o_left >= 2 and left >= 2 else 1
            o[6] += use
            run[5] += use
            left -= use
            if o_left > use:
                openers.append(o)  # (marks of it left for another closer)
        if left and run[3]:
            openers.append(run)
    return struck
