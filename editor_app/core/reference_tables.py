"""The paper's name in a Markdown table of references, read from the column its header row names.

A row alone says little about its cells ("| OmniKVQuant | 2609.11582 | 已读 |": is 已读 a name?); the header
(`| 论文 | arXiv | 状态 |`, `| Paper | ID |`) says which column holds the name and which the status. Per line,
`citations_in_line` guesses; `named_by_header` corrects the guess of a row under a header that names columns.
A bare number under a column of figures or versions (`| 引擎 | 版本 | p50（ms） |`) only looks like an id
("1203.4567" ms, version "2609.11582"): the header says it is none, and the row cites nothing there.
Cells are split at pipes not escaped (`row_cells`): "| 2609.10226 | Φ-Bench \\| X |" names "Φ-Bench | X".
"""

from __future__ import annotations

import re
from dataclasses import replace

from .records import record
from .references import RawCitation, without_marks
from .row_cells import border_at, cell_starts, cell_text, split_cells  # (claim_tables takes cell_starts here)


_DELIMITER_ROW = re.compile(r"\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?\s*")
# What a header cell says its column holds (lower case; a CJK word anywhere in the cell, a Latin one as a word)
_NAME_WORDS_CJK = ("论文", "名称", "名字", "标题", "题目", "简称", "方法", "模型", "工作", "文章", "系统", "框架")
_NAME_WORDS = frozenset("paper papers title name method model work system approach framework".split())
# (a check's or a visit's date, "核验日期", "检索日期", "Accessed", is a status column's: no date of the paper)
_STATUS_WORDS_CJK = ("状态", "核验", "核查", "核实", "验证", "抽查", "抽检", "确认", "检索", "访问")
_STATUS_WORDS = frozenset("status verified verification checked check state accessed retrieved".split())
_ID_WORDS_CJK = ("编号", "链接", "地址")
_ID_WORDS = frozenset("arxiv id link url eprint".split())
# A column of figures or versions: a unit in the header's brackets ("p50（ms）", "吞吐（tok/s）", "Cost ($)"), a
# measure ("吞吐", "Latency", "TTFT"), a version ("版本", "Version"). Its bare numbers are no ids.
_FIGURE_UNIT = re.compile(r"[（(][^（()）]*(?:(?<![A-Za-z])(?:tok|req|QPS|RPS|ms|s|GiB|GB|MB|TB|W|FLOPS|TFLOPS)"
                          r"(?![A-Za-z])|毫秒|秒|%|\$|美元|元|×|倍)[^（()）]*[）)]", re.I)
_FIGURE_WORDS_CJK = ("版本", "吞吐", "延迟", "时延", "耗时", "速度", "速率", "加速比", "倍数", "显存", "内存", "带宽",
                     "成本", "价格", "功耗", "精度", "准确率", "得分", "分数")
_FIGURE_WORDS = frozenset("version ver latency throughput speed speedup memory bandwidth cost price ttft tpot itl "
                          "p50 p90 p95 p99 qps rps accuracy score".split())
_WORDS = re.compile(r"[a-z]+")
_FIGURE_TOKENS = re.compile(r"[a-z]+[0-9]*")
_LINK = re.compile(r"\[([^\]]*)\](?:\([^)]*\)|\[[^\]]*\])")  # an inline link, or a reference-style one


def is_table_line(line: str) -> bool:
    """A line that may be a row of a pipe table (what a header is read over: a run of such lines)."""
    return "|" in line


def outer_pipes(row: str) -> tuple[bool, bool]:
    """Whether the row is written with its leading and its trailing pipe ("| a | b |"; GFM allows either left out)."""
    text = row.strip()
    return text[:1] == "|", border_at(text, len(text) - 1)


def cell_count(row: str) -> int:
    r"""How many cells a table row has as GFM reads it: its outer pipes border no empty cell, "\|" borders none
    (the borders `split_cells` splits at)."""
    lead, trail = outer_pipes(row)
    return len(split_cells(row)) - lead - trail


def is_table_head(header: str, delimiter: str) -> bool:
    """Whether `header` over `delimiter` starts a GFM table: a delimiter row ("--- | :-:") of as many cells as the
    header row, which holds a cell border. A prose line holding a pipe ("A | B 两种读法") over anything else is
    no table's header, and its lines no table's rows."""
    return (_DELIMITER_ROW.fullmatch(delimiter) is not None and "-" in delimiter
            and len(split_cells(header)) > 1 and cell_count(header) == cell_count(delimiter))


def with_outer_pipes(row: str) -> tuple[str, int]:
    """A table row as written with both its outer pipes ("CJK | 99" -> "|CJK | 99|"), and how far its text moved
    right (1 when the leading pipe was added, else 0); the row itself when it has both."""
    lead, trail = outer_pipes(row)
    if lead and trail:
        return row, 0
    end = len(row.rstrip())
    piped = row[:end] + "|" + row[end:] if not trail else row
    return (piped, 0) if lead else ("|" + piped, 1)


@record(frozen=True)
class TableColumns:
    """What a table's header row says of its columns, by cell index as `split_cells(row)` numbers them."""

    names: tuple[int, ...]  # the columns holding the paper's name ("论文", "Paper", "标题")
    statuses: tuple[int, ...]  # the columns saying how far it was checked ("状态", "Status", "核验")
    ids: tuple[int, ...]  # the columns holding the id ("arXiv", "ID", "链接")
    figures: tuple[int, ...] = ()  # the columns of figures or versions ("p50（ms）", "版本"): a bare number is no id

    def __eq__(self, other: object) -> bool:  # (replaced by `record`: written for mypyc, see records.py)
        return NotImplemented

    def __init__(self, names: tuple[int, ...], statuses: tuple[int, ...], ids: tuple[int, ...],
                 figures: tuple[int, ...] = ()) -> None:
        d = self.__dict__
        d["names"] = names
        d["statuses"] = statuses
        d["ids"] = ids
        d["figures"] = figures


def header_columns(header: str, delimiter: str) -> TableColumns | None:
    """The columns a header row names, when `delimiter` (the line under it) makes it a table's header and it names
    a name, a status or a figure column; else None."""
    if not is_table_head(header, delimiter):
        return None
    names, statuses, ids, figures = [], [], [], []
    for j, cell in enumerate(split_cells(header)):
        kind = _column_kind(cell_text(cell).strip().lower())
        if kind == "status":
            statuses.append(j)
        elif kind == "id":
            ids.append(j)
        elif kind == "name":
            names.append(j)
        elif kind == "figure":
            figures.append(j)
    if not names and not statuses and not figures:
        return None
    return TableColumns(tuple(names), tuple(statuses), tuple(ids), tuple(figures))


def _column_kind(cell: str) -> str | None:
    """ "status", "id", "figure" or "name" for a header cell; a cell that says two ("论文状态", "Paper ID",
    "系统吞吐（tok/s）") is the first of these; None for any other column (a date, a category, what the paper
    contributes)."""
    if not cell:
        return None
    words = set(_WORDS.findall(cell))
    if words & _STATUS_WORDS or any(w in cell for w in _STATUS_WORDS_CJK):
        return "status"
    if words & _ID_WORDS or any(w in cell for w in _ID_WORDS_CJK):
        return "id"
    if (_FIGURE_UNIT.search(cell) is not None or set(_FIGURE_TOKENS.findall(cell)) & _FIGURE_WORDS
            or any(w in cell for w in _FIGURE_WORDS_CJK)):
        return "figure"
    if words & _NAME_WORDS or any(w in cell for w in _NAME_WORDS_CJK):
        return "name"
    return None


def named_by_header(row: str, citations: tuple[RawCitation, ...], columns: TableColumns) -> tuple[RawCitation, ...]:
    """The row's citations with the name its header's name column gives: for each id in an id column (or, the
    header naming none, in the row's first cell that cites), the nearest name column's cell, the one before on a
    tie; its cell empty, no name. A name guessed from a status column is dropped, and so are a date and a category
    read from one (the day the author checked the paper is not the paper's). A bare id in a figure or version
    column is dropped: a number that looks like one. Others are left as guessed."""
    cells = split_cells(row)
    starts = cell_starts(cells)
    first_citing = None
    out = []
    for c in citations:
        j = _cell_at(starts, c.column - 1)
        if j in columns.figures and c.raw[:1].isdigit():  # ("arXiv:…", "abs/…", "hep-th/…" are cited as written)
            continue
        if first_citing is None:
            first_citing = j
        name = c.name
        in_id_column = j in columns.ids if columns.ids else j == first_citing
        if columns.names and in_id_column and j not in columns.names:
            k = min(columns.names, key=lambda n: (abs(n - j), n > j))
            name = _cell_name(cells[k]) if k < len(cells) else ""
            name = name if name and name not in "-—–" else None
        elif name is not None and any(
                k < len(cells) and without_marks(cell_text(cells[k]).strip()) == name for k in columns.statuses):
            name = None
        if (c.stated_date or c.stated_category) and any(k < len(cells) and k != j and cells[k].strip()[:1].isdigit()
                                                        for k in columns.statuses):
            c = replace(c, stated_date=None, stated_category=None)  # type: ignore[type-var]
        out.append(c if name == c.name else replace(c, name=name))  # type: ignore[type-var]
    return tuple(out)


def _cell_name(cell: str) -> str:
    """A name cell's text as the name: a link's text for the link ("[OmniKVQuant](https://…)", "[OmniKVQuant][omni]",
    "[OmniKVQuant][]"), without marks, inline code's backticks and emphasis; an escaped pipe is a pipe ("Φ-Bench \\| X":
    "Φ-Bench | X")."""
    return without_marks(_LINK.sub(r"\1", cell_text(cell)).strip().strip("`*_ "))


def _cell_at(starts: list[int], pos: int) -> int:
    j = 0
    while j + 1 < len(starts) and starts[j + 1] <= pos:
        j += 1
    return j
