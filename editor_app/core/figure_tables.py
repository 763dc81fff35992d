"""Engine figures in a Markdown table, read by the columns its header row names.

A row alone says little ("| vLLM 0.6.3 | 12,500 | 620 | H100 |": which number is what?); the header
(`| 引擎 | 吞吐（tok/s） | p99 TTFT（ms） | 硬件 |`, `| Engine | Throughput (tok/s) | GPU |`) says which column holds
the engine, which the hardware and which a figure in which unit. `figures_in_line` reads a row as prose and finds
nothing in it; `figures_in_row` reads it with its header, each figure cell a one-value group (a speed-up column's
a speed-up), so a table's figures are charted and checked against the prose's.

A header names a figure column with its unit, in parentheses or alone ("吞吐（tok/s）", "TTFT ms", "成本（美元/年）",
"加速比" / "Speedup" for ×); a column in 万, 亿, k or M ("吞吐（万 tok/s）") is read in its unit, each cell times that
magnitude ("1.62" is 16,200 tok/s, shown as "1.62 万": the text a cell's value is quoted with says it, as the prose
would), unless the cell writes its own ("1.9 万"). A row's engine is the first known engine its engine column
names; a cell whose unit is written in it ("450 ms") keeps it. A range in a throughput or latency column
("12,000~16,200", "54.2–58.9") is one value, its upper end, its text the range, as in prose. Cells are split at
pipes not escaped (`row_cells`): "| vLLM \\| v0.6 | 12,500 |" has two.
"""

from __future__ import annotations

import re

from .figures import (_ENGINE_ALIASES, _hardware, _label, _measure, _metric, _number, _runs, _unit_after,
                      _value_end, _value_matches, scaled)
from .model import FigureGroup, FigureValue
from .numbers import thousands_read
from .reference_tables import is_table_head
from .row_cells import cell_starts, cell_text, split_cells

_WORDS = re.compile(r"[a-z]+")
_ENGINE_WORDS_CJK = ("引擎", "框架", "后端", "推理系统", "服务系统")
_ENGINE_WORDS = frozenset("engine engines framework frameworks backend backends serving".split())
_HARDWARE_CELL = re.compile(
    r"(?:硬件|显卡|加速卡|设备|平台|gpus?|hardware|devices?|accelerators?|platforms?)(?:[ \t]*(?:型号|model|type))?", re.I)
_SPEEDUP_WORDS = re.compile(r"加速比|倍数|speed-?ups?|(?<![A-Za-z])×|倍", re.I)
_IN_BRACKETS = re.compile(r"[（(]([^（()）]*)[）)]")
_UNIT_TEXT = re.compile(  # a unit in a header cell, as a word: "Notes" ends with no "s"
    r"\$|(?<![A-Za-z])(?:tok|req|QPS|RPS|ms|s|GiB|GB|MB)(?![A-Za-z])|毫秒|秒|%|美元|元|人民币")
_TOKENS_PER_S = re.compile(r"(?<![A-Za-z])tok(?:en)?s?/s(?:ec)?(?![A-Za-z])", re.I)
_IN_MAGNITUDE = re.compile(r"(?:万|亿|(?<![A-Za-z])[kKM])[ \t]*\Z")  # "万 tok/s": the cells are in 万

# (engine column, hardware column or -1, ((column, unit, label, kind, magnitude), ...)); cell indexes as
# split_cells(row); magnitude is what the header says the cells are in ("万"), "" for units
TableFigureColumns = tuple[int, int, tuple[tuple[int, str, str, str, str], ...]]


def figure_columns(header: str, delimiter: str) -> TableFigureColumns | None:
    """What a header row says of its figure columns, when `delimiter` makes it a table's header, one column names
    the engine and another a figure with its unit; else None."""
    if not is_table_head(header, delimiter):
        return None
    engine = hardware = -1
    figures = []
    for j, cell in enumerate(split_cells(header)):
        text = cell_text(cell).strip().strip("*_ ")
        if not text:
            continue
        lower = text.lower()
        if engine < 0 and (_ENGINE_WORDS & set(_WORDS.findall(lower)) or any(w in text for w in _ENGINE_WORDS_CJK)):
            engine = j
        elif hardware < 0 and _HARDWARE_CELL.fullmatch(lower):
            hardware = j
        else:
            column = _figure_column(text)
            if column is not None:
                figures.append((j, *column))
    if engine < 0 or not figures:
        return None
    return engine, hardware, tuple(figures)


def _figure_column(text: str) -> tuple[str, str, str, str] | None:
    """(unit, label, kind, magnitude) of a header cell that names a figure ("p99 TTFT（ms）" -> ("ms", "p99 TTFT",
    "value", ""), "吞吐（万 tok/s）" -> ("tok/s", "吞吐", "value", "万"))."""
    text = _TOKENS_PER_S.sub("tok/s", text)  # "Tokens/s", "Token/s": a header's capital, no other unit
    inside = _IN_BRACKETS.findall(text)
    unit = magnitude = ""
    for part in inside + [text]:
        m = _UNIT_TEXT.search(part)
        if m is None:
            continue
        scale = _IN_MAGNITUDE.search(part, 0, m.start())  # "吞吐（万 tok/s）": its cells are in 万, which no cell says
        if m.group(0) == "$":
            unit = _unit_after(part, m.end(), "$")[0]
        else:
            unit = _unit_after(part, m.start(), None)[0]
        if unit:
            magnitude = scale.group(0).strip(" \t") if scale is not None else ""
            break
    if not unit:
        if _SPEEDUP_WORDS.search(text) is None:
            return None
        unit = "×"
    if unit == "×":
        return (unit, _measure(text, ""), "speedup", "") if not magnitude else None
    label = _label(text)
    metric = _metric(unit, label)
    if magnitude and (metric not in ("throughput", "cost") or unit == "%"):
        return None  # "延迟（k ms）": a magnitude no author writes of a latency, left unread rather than read wrong
    return (unit, label, "value", magnitude) if metric and (metric != "percent" or label) else None


def figures_in_row(row: str, columns: TableFigureColumns) -> tuple[FigureGroup, ...]:
    """The figures of a table row under a header whose columns `figure_columns` read, left to right, line=0."""
    engine_col, hardware_col, figure_cols = columns
    read = thousands_read(row)
    cells = split_cells(read)
    if engine_col >= len(cells):
        return ()
    engine = next((r.engine for r in _runs(cells[engine_col]) if r.engine in _ENGINE_ALIASES), "")
    if not engine:
        return ()
    hardware = _hardware(cells[hardware_col]) if 0 <= hardware_col < len(cells) else None
    starts = cell_starts(cells)
    sentence = " ".join(" | ".join(cell_text(c).strip() for c in split_cells(row)[1:-1] if c.strip()).split())[:240]
    groups = []
    for j, unit, label, kind, magnitude in figure_cols:
        if j >= len(cells):
            continue
        cell = cells[j]
        found = _value_matches(cell, 0, len(cell), unit)  # ("12,000~16,200" in a tok/s column: one range)
        if not found or cell[:found[0].start()].strip(" \t*_"):
            continue  # no figure, or one after words ("见 §3", "—")
        m = found[0]
        own, _ = _unit_after(cell, _value_end(m), m.group("cur"))
        unit_here = own if own and not unit.startswith(own) else unit  # "450 ms"; "$59,940" in a "$/年" column
        metric = _metric(unit_here, label)
        if not metric:
            continue
        at = starts[j] + m.start()
        number, text = _number(m), row[at:starts[j] + _value_end(m)]
        if magnitude and not m.group("mult"):  # "1.62" in a 万 column: 16,200, quoted "1.62 万"
            number, text = scaled(m.group("num"), magnitude), f"{text} {magnitude}" if magnitude in "万亿" else text + magnitude
        value = FigureValue(engine=engine, value=number, approx=bool(m.group("approx")), column=at + 1, text=text)
        groups.append(FigureGroup(metric=metric, unit=unit_here, hardware=hardware, line=0, values=[value],
                                  sentence=sentence, kind="speedup" if metric == "speedup" else "value",
                                  label=label))
    return tuple(groups)
