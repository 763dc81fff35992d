"""The PDF report keeps together what a page's end may not part.

Before (QA of the sample with four mistakes made in it, verified): "C. References and verification" and "D. Engine
figures" ended pages 18 and 21 of the English report with their text on the next page (the rows kept whole below the
headings moved them after they had been checked, and a table's header row passed for the heading's text); the
Chinese report's line-23 throughput caption opened page 20, its chart at the foot of page 19, over the p99 chart with a
caption of its own; each table going on to the next page left the row above the break stretched to the page's foot,
its column rules down to the margin, and an empty row under the repeated header."""

from __future__ import annotations

import base64

import pytest
from arxiv_fixtures import all_test_papers
from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
from PySide6.QtGui import QImage, QPdfWriter, QTextCursor, QTextTable

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack
from editor_app.ui.export import report_html
from editor_app.ui.pdf_export import laid_out_report

# The QA's edited copy of the sample: a wrong §0 total, a figure restated differently, an id arXiv doesn't have, and
# a wrong name for a paper (line numbers as in the sample).
EDITS = (
    (8, "CJK 实测 3,838（", "CJK 实测 3,883（"),
    (45, "vLLM ~12,500 tok/s on H100", "vLLM ~15,200 tok/s on H100"),
    (103, "2608.16157 FreeToken", "2608.16175 FreeToken"),
    (24, "arXiv:2606.19746 SAC", "arXiv:2606.19746 HydraKV"),
)
CASES = [(survey, language) for survey in ("sample", "edited") for language in ("en", "zh_CN")]


def _edited(sample_text: str) -> str:
    lines = sample_text.split("\n")
    for index, old, new in EDITS:
        assert old in lines[index]
        lines[index] = lines[index].replace(old, new, 1)
    return "\n".join(lines)


@pytest.fixture(scope="module")
def laid_out(qapp, sample_text, tmp_path_factory):
    """(survey, language) -> the verified survey's report as the PDF lays it out (the fake arXiv for references)."""
    from editor_app.config import Config
    from editor_app.devtools.fake_arxiv import FakeArxiv
    from editor_app.services.database import open_database
    from editor_app.services.verification import verify_references

    done: dict = {}
    kept = []  # (the writers: each document's paint device)
    pack = house_pack()
    with FakeArxiv(all_test_papers(), "127.0.0.1", 0) as fake:
        opened = open_database(tmp_path_factory.mktemp("arxiv") / "arxiv.db")
        config = Config(arxiv_url=fake.url, arxiv_interval=0.0, contact="tests@example.org")
        analyses = {}
        for survey, text in (("sample", sample_text), ("edited", _edited(sample_text))):
            verdicts = verify_references(analyze(text, pack).references, config=config, db=opened.db)
            analyses[survey] = (analyze(text, pack, verdicts=verdicts), text)
        opened.db.conn.close()
    assert any(r.status == "not found" for r in analyses["edited"][0].references)

    def get(survey: str, language: str):
        if (survey, language) not in done:
            analysis, text = analyses[survey]
            html = report_html(analysis, text, pack_name=pack.name, pack_source=pack.source, language=language,
                               pack=pack)
            buffer = QBuffer()
            buffer.open(QIODevice.OpenModeFlag.WriteOnly)
            writer = QPdfWriter(buffer)
            kept.append((buffer, writer))
            done[(survey, language)] = laid_out_report(html, writer)[0]
        return done[(survey, language)]

    return get


def _tables(frame):
    for child in frame.childFrames():
        if isinstance(child, QTextTable):
            yield child
        yield from _tables(child)


def _lines(doc, block) -> list[tuple[float, float]]:
    top = doc.documentLayout().blockBoundingRect(block).top()
    layout = block.layout()
    return [(top + layout.lineAt(i).y(), top + layout.lineAt(i).y() + layout.lineAt(i).height())
            for i in range(layout.lineCount())]


def _cell_blocks(cell):
    block, last = cell.firstCursorPosition().block(), cell.lastCursorPosition().block()
    while block.isValid():
        yield block
        if block == last:
            return
        block = block.next()


def _row_lines(doc, table, r) -> list[tuple[float, float]]:
    return [line for c in range(table.columns()) if table.cellAt(r, c).row() == r
            for block in _cell_blocks(table.cellAt(r, c)) for line in _lines(doc, block)]


def _first_row(table) -> int:
    return min(table.format().headerRowCount(), table.rows() - 1)


def _page(doc, y: float) -> int:
    return int(y // doc.pageSize().height()) + 1


def _stranded_headings(doc) -> list[str]:
    """Headings on a page before the one their text (its next block's first line, or the first row of the table
    under them) starts on."""
    out = []
    block = doc.begin()
    while block.isValid():
        if (block.blockFormat().headingLevel() > 0 and block.length() > 1
                and QTextCursor(block).currentTable() is None):
            text = block.next()
            while text.isValid() and QTextCursor(text).currentTable() is None and (
                    text.length() <= 1 or text.blockFormat().headingLevel() > 0):
                text = text.next()
            if text.isValid():
                table = QTextCursor(text).currentTable()
                lines = _row_lines(doc, table, _first_row(table)) if table is not None else _lines(doc, text)[:1]
                heading_page = _page(doc, doc.documentLayout().blockBoundingRect(block).top())
                if _page(doc, max(b for _t, b in lines) - 1) != heading_page:
                    out.append(block.text())
        block = block.next()
    return out


def _charts_without_caption(doc) -> list[str]:
    """Captions on another page than their chart (the image right above them)."""
    out = []
    block = doc.begin()
    while block.isValid():
        if block.text() == "\ufffc" and block.next().isValid() and block.next().length() > 1:
            caption = block.next()
            if _page(doc, _lines(doc, block)[0][0]) != _page(doc, _lines(doc, caption)[-1][1] - 1):
                out.append(caption.text())
        block = block.next()
    return out


def _rows_parted_from_the_row_above(doc) -> list[str]:
    """Rows that start a later page than the row above them in the same table ends (the row above then stretched to
    the page's foot: a table going on to the next page must end above them and go on as a table of its own). A row of
    more than a third of a page breaks where the page ends."""
    page = doc.pageSize().height()
    out = []
    for table in _tables(doc.rootFrame()):
        for r in range(_first_row(table) + 1, table.rows()):
            above, lines = _row_lines(doc, table, r - 1), _row_lines(doc, table, r)
            if not above or not lines:
                continue
            tall = max(b for _t, b in above) - min(t for t, _b in above) > 0.3 * page
            if not tall and _page(doc, min(t for t, _b in lines)) > _page(doc, max(b for _t, b in above) - 1):
                out.append(table.cellAt(r, 0).firstCursorPosition().block().text())
    return out


@pytest.mark.parametrize("survey, language", CASES)
def test_no_heading_ends_a_page_without_its_text(laid_out, survey, language):
    doc = laid_out(survey, language)
    assert doc.pageCount() > 15
    assert _stranded_headings(doc) == []


@pytest.mark.parametrize("survey, language", CASES)
def test_each_chart_has_its_caption_on_its_page(laid_out, survey, language):
    doc = laid_out(survey, language)
    assert sum(1 for b in _blocks(doc) if b.text() == "\ufffc") >= 4  # (the report's charts are there)
    assert _charts_without_caption(doc) == []


@pytest.mark.parametrize("survey, language", CASES)
def test_a_table_goes_on_to_the_next_page_under_its_header_with_no_row_stretched(laid_out, survey, language):
    doc = laid_out(survey, language)
    assert _rows_parted_from_the_row_above(doc) == []
    heads = [t.cellAt(0, 0).firstCursorPosition().block().text() for t in _tables(doc.rootFrame())]
    assert heads.count("arXiv") >= 2  # the references go on to another page, under their header


def _blocks(doc):
    block = doc.begin()
    while block.isValid():
        yield block
        block = block.next()


def _chart_png() -> str:
    image = QImage(600, 300, QImage.Format.Format_RGB32)
    image.fill(Qt.GlobalColor.darkBlue)
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    return base64.b64encode(bytes(data)).decode("ascii")


def test_a_chart_takes_its_caption_along_to_the_next_page(qapp, tmp_path, monkeypatch):
    from editor_app.ui import pdf_export

    png = _chart_png()

    def doc_of(lines: int):
        filler = "<p>" + "<br>".join(f"第 {i} 行" for i in range(lines)) + "</p>"
        html = (f"<html><body>{filler}<p class='chart'><img src='data:image/png;base64,{png}' width='600'></p>"
                "<p class='caption'>throughput (tok/s): line 23</p><p>after</p></body></html>")
        return laid_out_report(html, QPdfWriter(str(tmp_path / "x.pdf")))[0]

    with monkeypatch.context() as m:  # as Qt lays it out alone: some length leaves the caption atop the next page
        m.setattr(pdf_export, "keep_together", lambda doc: 0, raising=False)  # (before it: absent, nothing kept)
        n = next((n for n in range(30, 90) if _charts_without_caption(doc_of(n))), None)
    assert n is not None
    doc = doc_of(n)
    assert _charts_without_caption(doc) == []
    chart = next(b for b in _blocks(doc) if b.text() == "\ufffc")
    assert _page(doc, _lines(doc, chart)[0][0]) == 2  # (the chart went along: it does not fit under the text)
