"""Table columns as wide as their widest word, in the PDF.

The report gives its appendix tables' columns a share of the width in percent (`<th width="10%">`), which a browser
treats as a wish and Qt's layout as a rule: when a word is wider than its column (a date under "Stated", a paper's
name), Qt lays the whole table out with its columns at exactly those shares and cuts each word too wide for its
column wherever the line ends ("OmniKVQua|nt", "2026-09-0|9"). Here a column whose words were cut gets the share its
widest word needs, taken from the other columns in proportion to theirs.
"""

from __future__ import annotations

from editor_app.ui.pdf_rows import tables_in

ROUNDS = 3  # (a column made narrower may cut a word of its own: it is widened in the next round)
# A table whose cut words would need more than this share of its other columns' width keeps Qt's cuts.
MOST_TAKEN = 0.5


def widen_cut_columns(doc) -> int:
    """Widen each percent-wide column of a table in which Qt cut a word; the number of tables changed."""
    from PySide6.QtGui import QTextLength

    # Laid out whole first: a table changed while Qt had laid out only the document's start left the blocks after it
    # with no lines (the rest of the report was missing from its PDF).
    doc.pageCount()
    changed = 0
    for table in list(tables_in(doc.rootFrame())):
        shares = [w.rawValue() for w in table.format().columnWidthConstraints()]
        kinds = {w.type() for w in table.format().columnWidthConstraints()}
        if len(shares) != table.columns() or kinds != {QTextLength.Type.PercentageLength}:
            continue  # (columns without shares Qt sizes by their words itself)
        widened: dict[int, float] = {}
        given = shares
        for _ in range(ROUNDS):
            needs = _cut_words(doc, table)
            if not needs:
                break
            per_percent, paddings = _columns_of(doc, table, shares)
            needs = {c: width + paddings[c] for c, width in needs.items()}
            new = _shares_for(shares, needs, per_percent, widened)
            if new is None:
                break
            shares = new
            fmt = table.format()
            fmt.setColumnWidthConstraints([QTextLength(QTextLength.Type.PercentageLength, s) for s in shares])
            table.setFormat(fmt)
        changed += shares is not given
    return changed


def _shares_for(shares: list[float], needs: dict[int, float], per_percent: float,
                widened: dict[int, float]) -> list[float] | None:
    """The columns' new shares: each column in `needs` (the device width its widest cut word and its padding need)
    as much as that takes, the others less; `widened` (the shares given so far) keeps them from being taken back.
    None: the others have no room for it."""
    for column, width in needs.items():
        widened[column] = max(widened.get(column, 0.0), shares[column], width / per_percent * 1.02 + 0.2)
    others = [c for c in range(len(shares)) if c not in widened]
    rest = sum(shares[c] for c in others)
    taken = sum(widened.values()) - sum(shares[c] for c in widened)
    if not others or taken > MOST_TAKEN * rest:
        return None
    return [widened[c] if c in widened else shares[c] * (rest - taken) / rest for c in range(len(shares))]


def _columns_of(doc, table, shares: list[float]) -> tuple[float, list[float]]:
    """(the device width one percent of the table's columns gets, each column's padding): the columns' text widths
    and paddings over their shares."""
    total, paddings = 0.0, []
    scale = _device_scale(doc)
    for c in range(table.columns()):
        cell = table.cellAt(0, c)
        lines = cell.firstCursorPosition().block().layout()
        fmt = cell.format().toTableCellFormat()
        paddings.append((fmt.leftPadding() + fmt.rightPadding()) * scale)
        total += (lines.lineAt(0).width() if lines.lineCount() else 0.0) + paddings[-1]
    return total / max(1e-9, sum(shares)), paddings


def _device_scale(doc) -> float:
    device = doc.documentLayout().paintDevice()
    return device.logicalDpiY() / 96.0 if device is not None else 1.0


def _cut_words(doc, table) -> dict[int, float]:
    """{column: the device width of its widest word that a line's end cut} (cut: no line break may fall there)."""
    from PySide6.QtCore import QTextBoundaryFinder

    layout = doc.documentLayout()
    block = table.firstCursorPosition().block()
    end = table.lastCursorPosition().block()
    layout.blockBoundingRect(end)  # (the table laid out)
    needs: dict[int, float] = {}
    while block.isValid():  # (its cells' blocks in a row: asking each cell for its own took 1 s of the sample x30's)
        lines, text = block.layout(), block.text()
        breaks = None
        for i in range(lines.lineCount() - 1):
            line = lines.lineAt(i)
            at = line.textStart() + line.textLength()
            if not 0 < at < len(text) or text[at - 1].isspace():
                continue
            if breaks is None:
                breaks = QTextBoundaryFinder(QTextBoundaryFinder.BoundaryType.Line, text)
            breaks.setPosition(at)
            if breaks.isAtBoundary():
                continue
            cell = table.cellAt(block.position())
            if not cell.isValid() or cell.columnSpan() > 1:
                continue  # (a cell over several columns: no one column to widen)
            start = breaks.toPreviousBoundary()
            breaks.setPosition(at)
            stop = breaks.toNextBoundary()
            width = _drawn_width(lines, max(0, start), stop if stop > 0 else len(text))
            needs[cell.column()] = max(needs.get(cell.column(), 0.0), width)
        if block == end:
            break
        block = block.next()
    return needs


def _drawn_width(lines, start: int, stop: int) -> float:
    """The width text[start:stop] takes across the lines it was laid out on."""
    width = 0.0
    for i in range(lines.lineCount()):
        line = lines.lineAt(i)
        a, b = max(start, line.textStart()), min(stop, line.textStart() + line.textLength())
        if a < b:
            width += line.cursorToX(b)[0] - line.cursorToX(a)[0]
    return width
