"""Self-reported figures in a table, read by its header: "| 小节 | CJK（实测） |" over "| §3.1 | 159 |".

A row alone ("| §3.1 | 159 |") states no figure a claim pattern can read: the header says which column holds which
counter's figure (a cell naming a counter by its label or name: "CJK", "CJK（实测）", "⚠️ 数量", "行数") and the first
column names each row's place ("§3.1", "§三", "3.1", a scope of the pack such as "反方", "header", "footer"; "合计",
"总计", "全文" for the whole survey). Each figure cell is a claim about its row's place, audited like the prose's; a
row whose first cell names no place ("其余", "说明") states none.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Callable, Mapping

from .claims import RawClaim
from .document import resolve_section_ref
from .reference_tables import cell_starts, is_table_head, with_outer_pipes

# (place column, ((column, metric), ...)); cell indexes as row.split("|")
ClaimColumns = tuple[int, tuple[tuple[int, str], ...]]

_BRACKETS = re.compile(r"[（(][^（()）]*[)）]")
_AROUND = re.compile(r"^(?:实测|自报)\s*|\s*(?:实测值|实测|字数|数量|个数|计数|总数|处数)$")
# the whole survey's row; a header's own words for the builtin counters
_WHOLE = frozenset(("合计", "总计", "共计", "全文", "全文合计", "总数", "total", "document", "whole survey"))
_BUILTIN_WORDS = {"lines": ("行数", "行"), "chars": ("字符数", "字符")}
_PLACE = re.compile(r"§?\s*(?P<ref>[0-9０-９一二三四五六七八九十]+(?:\.\d+)*)(?![\d.])")
# (a cell's figure in emphasis, "**160**", "*160*", "__160__", "***160***", is the figure: its marks are no part of it)
_VALUE = re.compile(r"[ \t]*(?:\*{1,3}|_{1,3})?[ \t]*(?P<approx>≈|约|~|～)?[ \t]*(?P<value>\d{1,3}(?:,\d{3})+|\d+)(?![\d.,]\d)")


def metric_words(counters: Mapping[str, object]) -> dict[str, str]:
    """The words a header may name each counter by (lower case): its name, its label, and for the builtin line and
    character counts the house's "行数" and "字符数"."""
    out: dict[str, str] = {}
    for name, c in counters.items():
        out[name.lower()] = name
        label = getattr(c, "label", "")
        if label:
            out[label.lower()] = name
        if getattr(c, "kind", "") == "builtin":
            for word in _BUILTIN_WORDS.get(getattr(c, "pattern", ""), ()):
                out.setdefault(word, name)
    return out


def _bare(cell: str) -> str:
    """A header cell without its emphasis, bracketed notes and the words around a counter's name ("CJK（实测）")."""
    text = _BRACKETS.sub("", cell.strip().strip("*_ ")).strip()
    return _AROUND.sub("", text).strip().lower()


def claim_columns(header: str, delimiter: str, words: Mapping[str, str]) -> ClaimColumns | None:
    """What a header row says of its figure columns, when `delimiter` makes it a table's header, its first column
    names the places and a later one a counter; else None."""
    if not is_table_head(header, delimiter):
        return None
    place = -1
    figures: list[tuple[int, str]] = []
    for j, cell in enumerate(header.split("|")):
        if not cell.strip():
            continue
        metric = words.get(_bare(cell))
        if place < 0:
            if metric is not None:
                return None  # a counter in the first column: a table of dimensions ("| CJK | 999 |"), the pack's
            place = j
        elif metric is not None:
            figures.append((j, metric))
    return (place, tuple(figures)) if figures else None


def row_place(cell: str, scopes: Mapping[str, object]) -> str | None:
    """The place a row's first cell names, as a claim's label: "§3.1" (also for "3.1", "§三.1"), a scope of the
    pack, "header", "footer"; "" for the whole survey; None for no place."""
    text = cell.strip().strip("*_ ").strip()
    bare = _BRACKETS.sub("", text).strip()
    if bare.lower() in _WHOLE:
        return ""
    m = _PLACE.fullmatch(bare)
    if m is not None and (bare.startswith("§") or "." in bare or bare.isdigit()):
        ref = "§" + m.group("ref")
        return ref if resolve_section_ref(ref) is not None else None
    for name in (*scopes, "header", "footer"):
        if bare == name:
            return name
    return None


def claims_in_row(row: str, columns: ClaimColumns, scopes: Mapping[str, object],
                  whole: Mapping[str, int]) -> tuple[RawClaim, ...]:
    """The figures a table row states under a header `claim_columns` read. `whole`: metric -> the index of a claim
    pattern of the pack about the whole survey (the scope a "合计" row's figure is told against); a metric without
    one states no figure in such a row."""
    place_col, figure_cols = columns
    cells = row.split("|")
    if place_col >= len(cells):
        return ()
    label = row_place(cells[place_col], scopes)
    if label is None:
        return ()
    starts = cell_starts(cells)
    out = []
    for j, metric in figure_cols:
        if j >= len(cells):
            continue
        m = _VALUE.match(cells[j])
        if m is None:
            continue
        index = -1
        if not label:
            index = whole.get(metric, -1)
            if index < 0:
                continue
        at = starts[j] + m.start("value")
        text = row[starts[place_col]:starts[j] + len(cells[j])].strip(" \t|")
        out.append(RawClaim("value", metric, index, label, text, at + 1, m.group("value"),
                            float(m.group("value").replace(",", "")), (), bool(m.group("approx"))))
    return tuple(out)


def claims_read_piped(row: str, read: Callable[[str], tuple[RawClaim, ...]]) -> tuple[RawClaim, ...]:
    """The figures `read` (the pack's claim patterns) finds in a row of a table written without its outer pipes, read
    as the row with them, at the row's own columns: "CJK | 99" under "维度 | 实测" / "--- | ---" is "| CJK | 99 |",
    which a pattern such as '^\\|\\s*CJK\\s*\\|\\s*(?P<value>…)(?=\\|)' is written for (GFM leaves either pipe out).
    () for a row with both pipes: read as written. Only a table's rows: a prose line "CJK | 99" states nothing."""
    piped, shift = with_outer_pipes(row)
    if piped == row:
        return ()
    out = []
    for c in read(piped):
        text = c.text if c.text in row else c.text.strip("|").strip()  # (a pipe added is no text of the row)
        out.append(replace(c, column=c.column - shift, text=text))  # type: ignore[type-var]
    return tuple(out)
