"""The cells of a Markdown table row as GitHub-flavoured Markdown splits them: at each pipe but an escaped one.

"| 1 | 2609.10226 | Φ-Bench \\| WrongName |" has four cells, the last "Φ-Bench | WrongName" as it renders: a "\\|"
is part of the cell's text (and "\\\\|", an escaped backslash before a pipe, ends the cell). Cells keep their text
as written, so that each starts where `cell_starts` says; `cell_text` reads one as it renders.
"""

from __future__ import annotations

import re

_ESCAPED_PIPE = re.compile(r"(?<!\\)((?:\\\\)*)\\\|")  # an odd run of backslashes before a pipe: the last escapes it


def escaped_at(text: str, i: int) -> bool:
    """Whether the character at text[i] is escaped: an odd number of backslashes stands right before it."""
    k = i
    while k > 0 and text[k - 1] == "\\":
        k -= 1
    return (i - k) % 2 == 1


def split_cells(row: str) -> list[str]:
    """The row split at its cell borders, each cell as written (`row.split("|")` for a row with no "\\|")."""
    cells = row.split("|")
    if "\\|" not in row:  # (most rows)
        return cells
    out = [cells[0]]
    for cell in cells[1:]:
        if escaped_at(out[-1], len(out[-1])):  # the pipe before this piece is escaped: one cell goes on over it
            out[-1] += "|" + cell
        else:
            out.append(cell)
    return out


def cell_starts(cells: list[str]) -> list[int]:
    """Where each cell of `split_cells(row)` starts in the row (0-based), and one past the row's end."""
    starts = [0]
    for cell in cells:
        starts.append(starts[-1] + len(cell) + 1)
    return starts


def borders_before(text: str, pos: int) -> int:
    """How many cell borders (unescaped pipes) stand in text[:pos]: the index of the cell text[pos] is in."""
    n = text.count("|", 0, pos)
    if n and "\\|" in text:
        n -= sum(1 for m in re.finditer(r"\\\|", text[:pos]) if escaped_at(text, m.end() - 1))
    return n


def next_border(text: str, start: int, end: int | None = None) -> int:
    """Where the first cell border (an unescaped pipe) at or after `start` (and before `end`) is, or -1."""
    stop = len(text) if end is None else end
    k = text.find("|", start, stop)
    while k > 0 and text[k - 1] == "\\" and escaped_at(text, k):
        k = text.find("|", k + 1, stop)
    return k


def border_at(text: str, i: int) -> bool:
    """Whether text[i] is a cell border: a pipe not escaped."""
    return text[i : i + 1] == "|" and (i == 0 or text[i - 1] != "\\" or not escaped_at(text, i))


def cell_text(cell: str) -> str:
    """A cell's text as it renders: "\\|" is a pipe."""
    return _ESCAPED_PIPE.sub(r"\1|", cell) if "\\|" in cell else cell
