"""Table rows kept whole on a PDF page.

The PDF is Qt's rich-text layout (QTextDocument), which reads no `page-break-inside` (its CSS knows only
page-break-before/after) and moves a row to the next page only when none of its cells has begun on this one: a row
whose cells wrap to a few lines was cut in two at the page's foot (its first lines on one page, the rest under the
repeated header on the next). And a row Qt does move leaves the row above it stretched to the page's foot: its column
rules ran down to the bottom margin, as if it were a half-page row. Here the table is split before such a row, as a
word processor ends a table's page: the rows above end the table where they end, and the rest is a table of its own
that starts the next page under a copy of the header. A table's first row goes with the whole table to the next page.
"""

from __future__ import annotations

# Each move lays the rest of the document out again (~2.5 ms a page): the moves a report gets shrink with its pages,
# so a long report keeps its later splits rather than take minutes (1,000 page-layouts: ~2.5 s). Headings kept with
# their text and charts kept with their captions share them (pdf_keep).
PAGE_LAYOUTS = 1000
# A row taller than this share of a page breaks where the page ends, as a word processor lets a tall row break:
# moved whole, a row of half a page (as each verified reference was before the appendix became a reference list)
# took a page of its own, most of it left empty.
TALL_ROW = 0.3


def tables_in(frame):
    """Every table in `frame`, nested ones too, in the document's order."""
    from PySide6.QtGui import QTextTable

    for child in frame.childFrames():
        if isinstance(child, QTextTable):
            yield child
        yield from tables_in(child)


def row_lines(layout, table, r):
    """(top, bottom) of every laid-out line in row r's cells, in document coordinates; a line's bottom as far as the
    height Qt gives it (a line-height of 135% is a third of a line more than its text)."""
    device = layout.paintDevice()
    scale = device.logicalDpiY() / 96.0 if device is not None else 1.0
    for c in range(table.columns()):
        cell = table.cellAt(r, c)
        if cell.row() != r:
            continue
        block = cell.firstCursorPosition().block()
        last = cell.lastCursorPosition().block()
        while block.isValid():
            top = layout.blockBoundingRect(block).top()
            fmt, text_layout = block.blockFormat(), block.layout()
            for i in range(text_layout.lineCount()):
                line = text_layout.lineAt(i)
                yield top + line.y(), top + line.y() + max(line.height(), fmt.lineHeight(line.height(), scale))
            if block == last:
                break
            block = block.next()


def row_span(layout, table, r) -> tuple[float, float] | None:
    """Where row r's text begins and ends (None: it has none)."""
    lines = list(row_lines(layout, table, r))
    if not lines:
        return None
    return min(t for t, _b in lines), max(b for _t, b in lines)


def first_row(table) -> int:
    """The first row under the header (the header: as many rows as the table repeats on each page)."""
    return min(table.format().headerRowCount(), table.rows() - 1)


def is_tall(span: tuple[float, float], page: float) -> bool:
    return span[1] - span[0] > TALL_ROW * page


def row_to_move(layout, table, r: int, page: float) -> bool:
    """Whether row r must start the next page: cut by the page's end (its text, or the padding and rule under it:
    drawn on the next page, under the repeated header, as an empty row), or moved there by Qt (which stretched the
    row above it to the page's foot). A tall row breaks where the page ends."""
    span = row_span(layout, table, r)
    if span is None or is_tall(span, page):
        return False
    starts = int(span[0] // page)
    if int((span[1] + _under_text(layout, table, r) - 1) // page) != starts:
        return True
    above = row_span(layout, table, r - 1) if r > first_row(table) else None
    return above is not None and int((above[1] - 1) // page) < starts


def _under_text(layout, table, r: int) -> float:
    """The height of row r's cells under their text: their bottom padding and rule, in device pixels."""
    from PySide6.QtGui import QTextFormat

    device = layout.paintDevice()
    scale = device.logicalDpiY() / 96.0 if device is not None else 1.0
    under = 0.0
    for c in range(table.columns()):
        fmt = table.cellAt(r, c).format().toTableCellFormat()
        padding = (fmt.bottomPadding() if fmt.hasProperty(QTextFormat.Property.TableCellBottomPadding)
                   else table.format().cellPadding())
        under = max(under, padding + fmt.bottomBorder())
    return (under + table.format().border() + table.format().cellSpacing()) * scale


def start_next_page(doc, table, r: int):
    """Row r starts the next page: the table does (r is its first row), or the table is split before r (its rows
    above r, under a copy of the header, become a table of their own in its place). The table that holds row r now
    (its row index: first_row(table)), or None when it can't be split (a cell spanning rows r-1 and r)."""
    from PySide6.QtGui import QTextCursor, QTextFormat

    fmt = table.format()
    if r <= first_row(table):
        fmt.setPageBreakPolicy(fmt.pageBreakPolicy() | QTextFormat.PageBreakFlag.PageBreak_AlwaysBefore)
        table.setFormat(fmt)
        return table
    if any(table.cellAt(r, c).row() != r for c in range(table.columns())):
        return None
    cursor = QTextCursor(doc)
    cursor.beginEditBlock()  # (one edit: Qt lays the rest of the document out again once, not for each step)
    cursor.setPosition(table.firstPosition() - 1)
    ends = table.format()
    ends.setBottomMargin(0)  # (a margin under it, past the page's foot, would push the rest a page further)
    _copy_rows(doc, table, r, cursor.insertTable(r, table.columns(), ends))
    table.removeRows(first_row(table), r - first_row(table))
    fmt.setPageBreakPolicy(fmt.pageBreakPolicy() | QTextFormat.PageBreakFlag.PageBreak_AlwaysBefore)
    table.setFormat(fmt)
    cursor.endEditBlock()
    return table


def _copy_rows(doc, table, rows: int, into) -> None:
    """The first `rows` rows of `table`, their cells' formats and text (its formats and anchors), into the table
    `into`. (A copy of the rows as one fragment of cells would have to be found as a table after the edit, and be
    given its column widths in a second one.)"""
    from PySide6.QtGui import QTextCursor, QTextDocumentFragment

    text = QTextCursor(doc)
    for i in range(rows):
        for j in range(table.columns()):
            cell = table.cellAt(i, j)
            if cell.row() != i or cell.column() != j:
                continue
            if cell.rowSpan() > 1 or cell.columnSpan() > 1:
                into.mergeCells(i, j, cell.rowSpan(), cell.columnSpan())
            target = into.cellAt(i, j)
            target.setFormat(cell.format())
            source = cell.firstCursorPosition()
            at = target.firstCursorPosition()
            at.setBlockFormat(source.blockFormat())  # (the fragment's first block goes into this one, as it is)
            at.setBlockCharFormat(source.blockCharFormat())
            text.setPosition(cell.firstPosition())
            text.setPosition(cell.lastPosition(), QTextCursor.MoveMode.KeepAnchor)
            at.insertFragment(QTextDocumentFragment(text))
