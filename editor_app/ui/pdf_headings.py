"""Headings kept with their text on a PDF page.

Qt's rich-text layout breaks pages wherever a line ends, so a heading could close a page while its first lines opened
the next ("§0 自检栏" alone at the foot of page 3 of the sample's report). Here such a heading starts the next page
(its block breaks the page before it), as a word processor's "keep with next" does.
"""

from __future__ import annotations

from editor_app.ui.pdf_rows import PAGE_LAYOUTS

# A heading goes to the next page unless this many lines of what follows it fit under it (one line of a paragraph
# under a heading at the page's foot reads as stranded too).
LINES_WITH_HEADING = 2
# Each move lays the rest of the document out again, so a long report gets fewer, as rows kept whole get fewer tries
# (pdf_rows.PAGE_LAYOUTS): 40 moves in the sample x10's 200-page report took 28 s of its 54 s export; in an 8 MB
# survey's 5,000 pages they would have taken most of an hour.
MAX_MOVES = 40


def keep_headings_with_text(doc) -> int:
    """Give every heading whose text starts on a later page a page break before it; the number moved."""
    from PySide6.QtGui import QTextCursor, QTextFormat

    page = doc.pageSize().height()
    if page <= 0:
        return 0
    layout = doc.documentLayout()
    moves = min(MAX_MOVES, PAGE_LAYOUTS // max(1, doc.pageCount()))
    moved = 0
    block = doc.begin()
    while block.isValid() and moved < moves:
        fmt = block.blockFormat()
        if fmt.headingLevel() > 0 and not fmt.pageBreakPolicy() & QTextFormat.PageBreakFlag.PageBreak_AlwaysBefore:
            top = layout.blockBoundingRect(block).top()
            heading_page = int(top // page)
            after = _first_lines_bottom(layout, block.next(), LINES_WITH_HEADING)
            # (a heading already at a page's head gains nothing on the next one)
            if after is not None and top - heading_page * page > 0.1 * page and int((after - 1) // page) > heading_page:
                fmt.setPageBreakPolicy(QTextFormat.PageBreakFlag.PageBreak_AlwaysBefore)
                QTextCursor(block).setBlockFormat(fmt)
                moved += 1
        block = block.next()
    return moved


def _first_lines_bottom(layout, block, lines: int) -> float | None:
    """Where the first `lines` laid-out lines of text after a heading end: headings right under it ("九、" then "9.1")
    go with it and count no line; None at the document's end."""
    seen = 0
    bottom = None
    while block.isValid() and seen < lines:
        text_layout, top = block.layout(), layout.blockBoundingRect(block).top()
        if block.blockFormat().headingLevel() > 0:
            if text_layout.lineCount():
                last = text_layout.lineAt(text_layout.lineCount() - 1)
                bottom = top + last.y() + last.height()
        else:
            for i in range(min(text_layout.lineCount(), lines - seen)):
                line = text_layout.lineAt(i)
                bottom = top + line.y() + line.height()
                seen += 1
        block = block.next()
    return bottom
