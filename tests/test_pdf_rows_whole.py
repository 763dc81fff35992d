"""The PDF report keeps each table row on one page.

Before: Qt's layout (the PDF writer reads no `page-break-inside`) cut a row whose cells wrap to a few lines at the
page's foot: the sample's report showed "no-exempt-sections No section exempt from" at the foot of page 12 and "the
totals (「独立段不计」)" under the repeated header on page 13, and three more rows so."""

from __future__ import annotations

from PySide6.QtCore import QBuffer, QIODevice
from PySide6.QtGui import QPdfWriter, QTextTable

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack
from editor_app.services.report import build_report_html
from editor_app.ui.pdf_export import laid_out_report
from editor_app.ui.pdf_rows import TALL_ROW, row_span


def _tables(frame):
    for child in frame.childFrames():
        if isinstance(child, QTextTable):
            yield child
        yield from _tables(child)


def _pages_of_rows(doc):
    """{(table number, row): the pages its lines are on}, for every row of every table of two rows or more."""
    page = doc.pageSize().height()
    layout = doc.documentLayout()
    out = {}
    for t, table in enumerate(_tables(doc.rootFrame())):
        if table.rows() < 2:
            continue
        for r in range(table.rows()):
            pages = set()
            for c in range(table.columns()):
                cell = table.cellAt(r, c)
                block, last = cell.firstCursorPosition().block(), cell.lastCursorPosition().block()
                while block.isValid():
                    top = layout.blockBoundingRect(block).top()
                    for i in range(block.layout().lineCount()):
                        line = block.layout().lineAt(i)
                        pages.add(int((top + line.y()) // page))
                        pages.add(int((top + line.y() + line.height() - 1) // page))
                    if block == last:
                        break
                    block = block.next()
            out[(t, r)] = pages
    return out


def _laid_out(html):
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    return laid_out_report(html, QPdfWriter(buffer))[0]


def test_no_table_row_of_the_sample_report_is_cut_by_a_page_break(qapp, sample_text):
    html = build_report_html(analyze(sample_text, house_pack()), sample_text, pack_name="house", pack_source="")
    doc = _laid_out(html)
    rows = _pages_of_rows(doc)
    assert len(rows) > 100 and doc.pageCount() > 10
    tables = list(_tables(doc.rootFrame()))
    page = doc.pageSize().height()

    def short(key):  # a row a page's foot may not cut (a taller one breaks there: see the test below)
        top, bottom = row_span(doc.documentLayout(), tables[key[0]], key[1])
        return bottom - top <= TALL_ROW * page

    cut = [key for key, pages in rows.items() if len(pages) > 1 and short(key)]
    assert cut == []
    assert sum(1 for key in rows if short(key)) > 100
    text = doc.toPlainText()
    assert "no-exempt-sections" in text and "the totals" in text  # the moved rows are all there


def test_a_long_table_keeps_its_rows_whole_and_its_order(qapp):
    cells = "".join(f"<tr><td>row {i}</td><td>{'很长的单元格文字 ' * (8 + i % 5)}</td></tr>" for i in range(120))
    html = f"<html><body><table><thead><tr><th>#</th><th>text</th></tr></thead><tbody>{cells}</tbody></table></body></html>"
    doc = _laid_out(html)
    rows = _pages_of_rows(doc)
    assert doc.pageCount() > 3
    assert [key for key, pages in rows.items() if len(pages) > 1] == []
    body = [pages for (_table, r), pages in rows.items() if r > 0]  # (a table split at a page's end: each part
    assert len(body) == 120  # under its own copy of the header)
    firsts = [min(pages) for pages in body]
    assert firsts == sorted(firsts)
    assert [x for x in doc.toPlainText().split("\n") if x.startswith("row ")] == [f"row {i}" for i in range(120)]


def test_tall_rows_break_at_the_page_end_rather_than_each_take_a_page(qapp):
    """A verified reference's row (its details wrap to half a page) was moved whole to the next page, every one of
    them: the References appendix of the sample took a page a reference, most of each page empty."""
    cells = "".join(f"<tr><td>ref {i}</td><td>{'<br>'.join(['details of the paper'] * 36)}</td></tr>" for i in range(10))
    html = f"<html><body><table><thead><tr><th>#</th><th>details</th></tr></thead><tbody>{cells}</tbody></table></body></html>"
    doc = _laid_out(html)
    rows = _pages_of_rows(doc)
    tall = [key for key, pages in rows.items() if key[1] > 0]
    assert len(tall) == 10
    # Ten rows of ~0.6 page are ~6 pages of text; moved whole, each took a page of its own (10 pages).
    assert doc.pageCount() <= 7
    assert any(len(rows[key]) > 1 for key in tall)  # (some do break where a page ends)


def test_a_table_going_on_to_the_next_page_ends_this_one_at_its_last_whole_row(qapp):
    """A row moved to the next page left the row above it stretched to the page's foot (its column rules drawn down
    to the margin) and, under the repeated header on the next page, an empty row: now the table ends under the last
    row that fits and goes on as a table of its own, under its header, on the next page."""
    cells = "".join(f"<tr><td>row {i}</td><td>{'很长的单元格文字 ' * (8 + i % 5)}</td></tr>" for i in range(120))
    html = f"<html><body><table><thead><tr><th>#</th><th>text</th></tr></thead><tbody>{cells}</tbody></table></body></html>"
    doc = _laid_out(html)
    rows = _pages_of_rows(doc)
    tables = list(_tables(doc.rootFrame()))
    assert len(tables) >= doc.pageCount() - 1 > 2
    for t, table in enumerate(tables):
        assert table.cellAt(0, 0).firstCursorPosition().block().text() == "#"  # each part under its header
        assert len({page for r in range(table.rows()) for page in rows[(t, r)]}) == 1  # on one page
    starts = [min(rows[(t, 0)]) for t in range(len(tables))]
    assert starts == list(range(len(tables)))  # each part starts the next page
