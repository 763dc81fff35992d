"""What a PDF page's end may not part, kept together in one pass down the report.

Qt's rich-text layout breaks pages wherever a line ends. Kept together here: a heading with its first lines of text
(pdf_headings), a table row with itself (pdf_rows), and a chart with its caption (a caption at a page's head, its chart
at the foot of the page before, read as the caption of the next chart under it). Each fix moves what follows it down
the pages, so they are made in the document's order, from its top: headings checked in a pass before the rows were
then moved to a page's foot by the rows kept whole above them ("D. Engine figures" alone at the foot of page 21 of the
edited sample's report, its text on page 22).
"""

from __future__ import annotations

from editor_app.ui.pdf_headings import heading_to_move
from editor_app.ui.pdf_rows import PAGE_LAYOUTS, first_row, row_to_move, start_next_page

# Each move lays the rest of the document out again: a long report gets fewer (pdf_rows.PAGE_LAYOUTS), and the
# first ones, from its top. The verified sample's 28-page report needs about a dozen.
MAX_MOVES = 100
_IMAGE = "\ufffc"  # (the character an image stands on in a QTextDocument)


def keep_together(doc) -> int:
    """Each heading, table row and chart that a page's end parts from what goes with it starts the next page, from
    the document's top; the number moved."""
    from PySide6.QtGui import QTextCursor, QTextFormat

    page = doc.pageSize().height()
    if page <= 0:
        return 0
    layout = doc.documentLayout()
    moves = min(MAX_MOVES, PAGE_LAYOUTS // max(1, doc.pageCount()))
    moved = 0
    block = doc.begin()
    while block.isValid() and moved < moves:
        table = QTextCursor(block).currentTable()
        if table is not None:
            r = _row_begun_by(table, block)
            if r is not None and row_to_move(layout, table, r, page):
                holder = start_next_page(doc, table, r)
                if holder is not None:
                    moved += 1
                    block = holder.cellAt(first_row(holder), 0).firstCursorPosition().block()  # (row r, moved)
        elif heading_to_move(layout, block, page) or chart_to_move(layout, block, page):
            fmt = block.blockFormat()
            fmt.setPageBreakPolicy(QTextFormat.PageBreakFlag.PageBreak_AlwaysBefore)
            QTextCursor(block).setBlockFormat(fmt)
            moved += 1
        block = block.next()
    return moved


def _row_begun_by(table, block) -> int | None:
    """The row under the header whose first cell `block` begins (None: another block); a table of one row is a box
    (the report's summary), no row of a table."""
    cell = table.cellAt(block.position())
    if table.rows() < 2 or cell.column() != 0 or cell.firstPosition() != block.position():
        return None
    return cell.row() if cell.row() >= first_row(table) else None


def chart_to_move(layout, block, page: float) -> bool:
    """Whether the chart `block` (a paragraph of one image) must start the next page: its caption (the paragraph
    under it) ends on a later one (a chart already at a page's head gains nothing on the next one)."""
    from PySide6.QtGui import QTextCursor, QTextFormat

    if block.text() != _IMAGE or not block.begin().fragment().charFormat().isImageFormat():
        return False
    caption = block.next()
    if (not caption.isValid() or caption.length() <= 1 or caption.blockFormat().headingLevel() > 0
            or QTextCursor(caption).currentTable() is not None or caption.text() == _IMAGE):
        return False
    if block.blockFormat().pageBreakPolicy() & QTextFormat.PageBreakFlag.PageBreak_AlwaysBefore:
        return False
    top = layout.blockBoundingRect(block).top()
    chart_page = int(top // page)
    lines = caption.layout()
    if not lines.lineCount():
        return False
    last = lines.lineAt(lines.lineCount() - 1)
    bottom = layout.blockBoundingRect(caption).top() + last.y() + last.height()
    return top - chart_page * page > 0.1 * page and int((bottom - 1) // page) > chart_page
