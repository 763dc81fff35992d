"""The exported report's References appendix after a verification, as an editor-in-chief scans it.

Before: each paper listed every field of arXiv's answer (title, authors, published, updated, primary category, latest
version, similarity, fetched, message, categories, comment, abstract page) as "key: value" lines in a narrow
"Details" column: each row of the verified sample was about half a PDF page tall and the appendix ran over ~8 pages.
Now a row reads as a reference list: arXiv's title, the first three authors (then "et al." / "等"), the date and the
verdict's sentence, then one small line with the version, category and a later update."""

from __future__ import annotations

import html as html_lib
import re

import pytest
from PySide6.QtCore import QBuffer, QIODevice
from PySide6.QtGui import QPdfWriter, QTextTable

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack
from editor_app.services.report import build_report_html
from editor_app.services.verification import verify_references
from editor_app.ui.pdf_export import laid_out_report


@pytest.fixture
def verified_sample(sample_text, arxiv_config, arxiv_db):
    pack = house_pack()
    verdicts = verify_references(analyze(sample_text, pack).references, config=arxiv_config, db=arxiv_db)
    analysis = analyze(sample_text, pack, verdicts=verdicts)
    assert sum(r.status == "verified" for r in analysis.references) >= 10
    return analysis, pack


def _report(verified_sample, sample_text, language):
    analysis, pack = verified_sample
    return build_report_html(analysis, sample_text, pack_name=pack.name, pack_source=pack.source,
                             language=language, pack=pack)


def _references_rows(doc, first_header: str) -> list[tuple[QTextTable, int]]:
    """(table, row) of each paper, in order: the table split where a page ends, each part under its own header."""
    def tables(frame):
        for child in frame.childFrames():
            if isinstance(child, QTextTable):
                yield child
            yield from tables(child)

    rows = [(table, r) for table in tables(doc.rootFrame())  # (an invalid cell of a one-column box would crash Qt)
            if table.columns() > 1 and table.cellAt(0, 1).firstCursorPosition().block().text() == first_header
            for r in range(1, table.rows())]
    assert rows, f"no table headed {first_header!r}"
    return rows


def _row_span(doc, table, r):
    """(top, bottom) of row r's text, blank blocks left out."""
    layout, tops, bottoms = doc.documentLayout(), [], []
    for c in range(table.columns()):
        cell = table.cellAt(r, c)
        block, last = cell.firstCursorPosition().block(), cell.lastCursorPosition().block()
        while block.isValid():
            if block.text().strip():
                rect = layout.blockBoundingRect(block)
                tops.append(rect.top())
                bottoms.append(rect.top() + block.layout().boundingRect().bottom())
            if block == last:
                break
            block = block.next()
    return min(tops), max(bottoms)


@pytest.mark.parametrize("language, name_header", [("en", "Name in survey"), ("zh_CN", "综述中的名称")])
def test_each_paper_of_the_verified_sample_takes_under_a_quarter_page(qapp, verified_sample, sample_text,
                                                                       language, name_header):
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)  # the layout's paint device: kept alive while the document is read
    doc = laid_out_report(_report(verified_sample, sample_text, language), writer)[0]
    page = doc.pageSize().height()
    rows = _references_rows(doc, name_header)
    assert len(rows) == len(verified_sample[0].references)
    spans = [_row_span(doc, table, r) for table, r in rows]
    heights = [round((bottom - top) / page, 2) for top, bottom in spans]
    assert max(heights) < 0.25, heights  # before: 0.4-0.55 of a page for each verified paper
    first_page, last_page = int(spans[0][0] // page), int((spans[-1][1] - 1) // page)
    assert last_page - first_page + 1 <= 4  # before: 9 pages


def _row(html: str, ref_id: str) -> str:
    part = html[html.index('id="appendix-references"'):]
    row = part[part.index(f">{ref_id}"):]
    row = row[: row.index("</tr>")].replace("<br>", "\n").replace("</td>", "\n")
    return html_lib.unescape(re.sub(r"<[^>]+>", "", row))


def test_a_row_reads_title_first_authors_date_and_why(verified_sample, sample_text):
    row = _row(_report(verified_sample, sample_text, "en"), "2609.11582")
    assert "OmniKVQuant: Modality-Aware KV Cache Quantization for Omni-Modal Language Models\n" in row
    assert "Jiwoo Han, Seungmin Oh, Hyejin Baek et al. · 2026-09-10\n" in row  # four authors on arXiv
    assert "Dongwoo Seo" not in row
    assert "the survey's name 'OmniKVQuant' appears in the title." in row
    assert "v1 · cs.CV, cross-listed in cs.LG\n" in row  # (arXiv lists it in both)
    for field in ("fetched:", "similarity", "categories:", "abstract page", "comment", "published:", "T17:59:01Z"):
        assert field not in row, field
    updated = _row(_report(verified_sample, sample_text, "en"), "2605.19537")
    assert "v2 · cs.LG, cross-listed in cs.CL · updated 2026-06-02" in updated and "2026-05-19" in updated


def test_the_chinese_report_says_it_in_chinese(verified_sample, sample_text):
    html = _report(verified_sample, sample_text, "zh_CN")
    assert "<th" in html and ">arXiv 记录</th>" in html
    row = _row(html, "2605.19537")
    assert "Marta Kowalczyk, Daniel Okafor, Yuki Tanaka 等 · 2026-05-19" in row
    assert "v2 · cs.LG，交叉列入 cs.CL · 2026-06-02 更新" in row
    assert "arXiv 上找到，名称未比对" in row and "Found on arXiv" not in row and "et al." not in row
