"""A place in a survey as read, at the file's own line and column.

The loader reads a paragraph separator (U+2029) as a line break, as the editor can only show it (services/files.py):
every line number the program gives after one counts it, so the window, survey-check's text and JSON reports agree.
A code-review tool reading SARIF counts only the file's own line breaks (\\n, \\r\\n, \\r), as Git and GitHub do: its
annotations would land a line further down for each U+2029 above. SARIF's locations are mapped back here.
"""

from __future__ import annotations

from bisect import bisect_left


class FileLines:
    """`place(line, column)`: the file's own (line, column) of a place in the text as read, whose lines
    `paragraph_breaks` (LoadedText's, in order) were ended by a U+2029 rather than by a line break of the file."""

    def __init__(self, text: str, paragraph_breaks: tuple[int, ...]):
        self.breaks = paragraph_breaks
        self._text = text
        self._lengths: list[int] | None = None  # each line's length, read when a column must move

    def place(self, line: int, column: int) -> tuple[int, int]:
        breaks = self.breaks
        if not breaks or line <= breaks[0]:
            return line, column
        above = bisect_left(breaks, line)  # U+2029s ending a line above this one: each one line fewer in the file
        # a line after a U+2029 goes on the file's line before it: the column counts that line's text and the separator
        shift, before, k = 0, line - 1, above - 1
        while k >= 0 and breaks[k] == before:
            shift += self._length(before) + 1
            before, k = before - 1, k - 1
        return line - above, column + shift

    def _length(self, line: int) -> int:
        if self._lengths is None:
            self._lengths = [len(text) for text in self._text.split("\n")]
        return self._lengths[line - 1] if line <= len(self._lengths) else 0
