"""Table rows kept whole on a PDF page.

The PDF is Qt's rich-text layout (QTextDocument), which reads no `page-break-inside` (its CSS knows only
page-break-before/after) and moves a row to the next page only when none of its cells has begun on this one: a row
whose cells wrap to a few lines was cut in two at the page's foot (its first lines on one page, the rest under the
repeated header on the next). Here such a row is moved down as Qt moves one itself: the row above it grows to the
page's foot (a blank line at the end of its first cell); a table's first row goes with the table to the next page.
"""

from __future__ import annotations

# Each try lays the rest of the document out again (~2.5 ms a page): the tries a report gets shrink with its pages,
# so a long report keeps its later splits rather than take minutes (1,000 page-layouts: ~2.5 s). Headings kept with
# their text get as many (pdf_headings); the sample's 19-page report needs neither to stop it.
PAGE_LAYOUTS = 1000
MAX_TRIES = 60
# A row taller than this share of a page breaks where the page ends, as a word processor lets a tall row break:
# moved whole, a row of half a page (as each verified reference was before the appendix became a reference list)
# took a page of its own, most of it left empty.
TALL_ROW = 0.3


class _Budget:
    def __init__(self, tries: int) -> None:
        self.left = tries

    def spend(self) -> bool:
        self.left -= 1
        return self.left >= 0


def keep_rows_whole(doc) -> int:
    """Move each table row that starts on one page and ends on the next to the next page; the number moved."""
    from PySide6.QtGui import QTextFormat

    page = doc.pageSize().height()
    if page <= 0:
        return 0
    layout = doc.documentLayout()
    budget = _Budget(min(MAX_TRIES, PAGE_LAYOUTS // max(1, doc.pageCount())))
    moved = 0
    for table in _tables(doc.rootFrame()):
        if table.rows() < 2:
            continue  # a box (the report's summary) is no row of a table
        for r in range(table.rows()):
            if budget.left <= 0:
                return moved
            span = row_span(layout, table, r)
            if span is None or int(span[0] // page) == int((span[1] - 1) // page) or span[1] - span[0] > TALL_ROW * page:
                continue  # whole, or tall enough to break
            if r <= table.format().headerRowCount():  # the header or the first row under it: the whole table goes
                fmt = table.format()
                if fmt.pageBreakPolicy() & QTextFormat.PageBreakFlag.PageBreak_AlwaysBefore or not budget.spend():
                    continue
                fmt.setPageBreakPolicy(QTextFormat.PageBreakFlag.PageBreak_AlwaysBefore)
                table.setFormat(fmt)
                moved += 1
            elif _push_to_next_page(doc, table, r, int(span[0] // page), budget):
                moved += 1
    return moved


def _tables(frame):
    from PySide6.QtGui import QTextTable

    for child in frame.childFrames():
        if isinstance(child, QTextTable):
            yield child
        yield from _tables(child)


def _cell_lines(layout, table, r):
    """(top, bottom) of every laid-out line in row r's cells, in document coordinates."""
    for c in range(table.columns()):
        cell = table.cellAt(r, c)
        if cell.row() != r:
            continue
        block = cell.firstCursorPosition().block()
        last = cell.lastCursorPosition().block()
        while block.isValid():
            top = layout.blockBoundingRect(block).top()
            text_layout = block.layout()
            for i in range(text_layout.lineCount()):
                line = text_layout.lineAt(i)
                yield top + line.y(), top + line.y() + line.height()
            if block == last:
                break
            block = block.next()


def row_span(layout, table, r) -> tuple[float, float] | None:
    """Where row r's text begins and ends (None: it has none)."""
    lines = list(_cell_lines(layout, table, r))
    if not lines:
        return None
    return min(t for t, _b in lines), max(b for _t, b in lines)


def _push_to_next_page(doc, table, r: int, page_index: int, budget: _Budget) -> bool:
    """A blank block at the end of row r-1's first cell, its top margin the most that keeps it on the page."""
    from PySide6.QtGui import QTextBlockFormat

    layout = doc.documentLayout()
    page = doc.pageSize().height()
    device = layout.paintDevice()
    to_css_px = 96.0 / device.logicalDpiY() if device is not None else 1.0
    cursor = table.cellAt(r - 1, 0).lastCursorPosition()
    fmt = QTextBlockFormat()
    cursor.insertBlock(fmt)
    spacer = cursor.block()
    room = (page_index + 1) * page - layout.blockBoundingRect(spacer).bottom()
    lo, hi = 0.0, max(0.0, room) * to_css_px  # margins in CSS px; Qt scales them to the device
    best, guess, tries = None, hi - 16, 0
    while best is None and tries < 8 and hi - lo > 0.5 and budget.spend():
        tries += 1
        margin = guess if lo < guess < hi else (lo + hi) / 2
        fmt.setTopMargin(margin)
        cursor.setBlockFormat(fmt)
        row = row_span(layout, table, r)
        if int((layout.blockBoundingRect(spacer).bottom() - 1) // page) > page_index:
            hi, guess = margin, margin - 16  # the blank line went over: the row above would be cut
        elif row is not None and int(row[0] // page) > page_index:
            best = margin  # the row starts on the next page
        else:
            lo = margin
    if best is None:
        cursor.select(cursor.SelectionType.BlockUnderCursor)
        cursor.removeSelectedText()  # it could not go: as Qt laid it out
        return False
    return True
