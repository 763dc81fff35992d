"""Headings kept with their text on a PDF page.

Qt's rich-text layout breaks pages wherever a line ends, so a heading could close a page while its first lines opened
the next ("§0 自检栏" alone at the foot of page 3 of the sample's report). Here such a heading starts the next page
(its block breaks the page before it), as a word processor's "keep with next" does. A table under a heading is its
text from its first row on: its header row alone under the heading is no text ("C. References and verification" and
the references' header at the foot of a page, their first paper on the next).
"""

from __future__ import annotations

from editor_app.ui.pdf_rows import first_row, is_tall, row_lines, row_span

# A heading goes to the next page unless this many lines of what follows it fit under it (one line of a paragraph
# under a heading at the page's foot reads as stranded too).
LINES_WITH_HEADING = 2


def heading_to_move(layout, block, page: float) -> bool:
    """Whether the heading `block` must start the next page: its text starts on a later one (a heading already at a
    page's head gains nothing on the next one)."""
    from PySide6.QtGui import QTextFormat

    fmt = block.blockFormat()
    if fmt.headingLevel() <= 0 or block.length() <= 1:  # (an empty block with a heading's format is no heading)
        return False
    if fmt.pageBreakPolicy() & QTextFormat.PageBreakFlag.PageBreak_AlwaysBefore:
        return False
    top = layout.blockBoundingRect(block).top()
    heading_page = int(top // page)
    after = _first_lines_bottom(layout, block.next(), LINES_WITH_HEADING, page)
    return after is not None and top - heading_page * page > 0.1 * page and int((after - 1) // page) > heading_page


def _first_lines_bottom(layout, block, lines: int, page: float) -> float | None:
    """Where the first `lines` laid-out lines of text after a heading end: headings right under it ("九、" then "9.1")
    go with it and count no line, nor do empty blocks; a table's header goes with it and its first row counts whole
    (a tall one: its first lines); None at the document's end."""
    from PySide6.QtGui import QTextCursor

    seen = 0
    bottom = None
    while block.isValid() and seen < lines:
        table = QTextCursor(block).currentTable()
        if table is not None:
            return _first_row_bottom(layout, table, lines - seen, page) or bottom
        text_layout, top = block.layout(), layout.blockBoundingRect(block).top()
        if block.blockFormat().headingLevel() > 0:
            if text_layout.lineCount():
                last = text_layout.lineAt(text_layout.lineCount() - 1)
                bottom = top + last.y() + last.height()
        elif block.length() > 1:
            for i in range(min(text_layout.lineCount(), lines - seen)):
                line = text_layout.lineAt(i)
                bottom = top + line.y() + line.height()
                seen += 1
        block = block.next()
    return bottom


def _first_row_bottom(layout, table, lines: int, page: float) -> float | None:
    """Where the first row of `table` under its header ends (a tall row: its first `lines` lines)."""
    r = first_row(table)
    span = row_span(layout, table, r)
    if span is None or not is_tall(span, page):
        return span[1] if span else None
    drawn = list(row_lines(layout, table, r))  # (its cells' lines side by side: the first `lines` lines down)
    tops = sorted({t for t, _b in drawn})
    upto = tops[min(lines, len(tops)) - 1]
    return max(b for t, b in drawn if t <= upto)
