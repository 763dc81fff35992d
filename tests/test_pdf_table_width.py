"""The PDF report's tables take the text width, each column at least as wide as its widest word.

Before (QA of the verified sample, D5): the references table took 85% of the text width (Qt read the body's
`margin: 0 auto`, meant for a browser's window, as a margin of each table), and a column narrower than a word in it
(a date under "Stated") made Qt lay the whole table out at its exact percent widths with each word too wide for its
column cut where the line ended: "OmniKVQua|nt" under "Name in survey", "2026-09-0|9"."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QBuffer, QIODevice, QTextBoundaryFinder
from PySide6.QtGui import QPdfWriter, QTextTable

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack
from editor_app.services.report import build_report_html
from editor_app.services.verification import verify_references
from editor_app.ui.pdf_export import laid_out_report


def _tables(frame):
    for child in frame.childFrames():
        if isinstance(child, QTextTable):
            yield child
        yield from _tables(child)


def _cut_words(doc) -> list[str]:
    """Words a table cell's line end cut where no line may break ("OmniKVQua|nt")."""
    out = []
    for table in _tables(doc.rootFrame()):
        for r in range(table.rows()):
            for c in range(table.columns()):
                cell = table.cellAt(r, c)
                if cell.row() != r or cell.column() != c:
                    continue
                block, last = cell.firstCursorPosition().block(), cell.lastCursorPosition().block()
                while block.isValid():
                    text, layout = block.text(), block.layout()
                    breaks = QTextBoundaryFinder(QTextBoundaryFinder.BoundaryType.Line, text)
                    for i in range(layout.lineCount() - 1):
                        at = layout.lineAt(i).textStart() + layout.lineAt(i).textLength()
                        breaks.setPosition(at)
                        if 0 < at < len(text) and not text[at - 1].isspace() and not breaks.isAtBoundary():
                            out.append(f"{text[max(0, at - 12):at]}|{text[at:at + 6]}")
                    if block == last:
                        break
                    block = block.next()
    return out


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_verified_samples_tables_take_the_text_width_and_cut_no_word(qapp, sample_text, arxiv_config, arxiv_db,
                                                                          language):
    pack = house_pack()
    verdicts = verify_references(analyze(sample_text, pack).references, config=arxiv_config, db=arxiv_db)
    html = build_report_html(analyze(sample_text, pack, verdicts=verdicts), sample_text, pack_name=pack.name,
                             pack_source=pack.source, language=language, pack=pack)
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)  # (the layout's paint device: kept alive while the document is read)
    doc = laid_out_report(html, writer)[0]
    layout = doc.documentLayout()
    references = next(t for t in _tables(doc.rootFrame())
                      if t.cellAt(0, 0).firstCursorPosition().block().text() == "arXiv")
    first = layout.blockBoundingRect(references.cellAt(1, 0).firstCursorPosition().block())
    last = layout.blockBoundingRect(references.cellAt(1, references.columns() - 1).firstCursorPosition().block())
    text_width = doc.pageSize().width() - 2 * doc.documentMargin()
    assert (last.right() - first.left()) / text_width > 0.95  # before: 0.85
    assert _cut_words(doc) == []  # before: "OmniKVQua|nt", "2026-09-|10 · c", "2026-09-|09"


def test_a_column_is_as_wide_as_its_widest_word(qapp, tmp_path):
    rows = "".join(f"<tr><td>2609.1158{i}v1</td><td>2026-09-1{i} · cs.CV</td><td>{'text ' * 30}</td></tr>"
                   for i in range(5))
    html = ("<html><body><table width='100%' style='border-collapse: collapse'><thead><tr><th width='12%'>arXiv</th>"
            f"<th width='8%'>Stated</th><th width='80%'>On arXiv</th></tr></thead><tbody>{rows}</tbody></table>"
            "</body></html>")
    doc = laid_out_report(html, QPdfWriter(str(tmp_path / "x.pdf")))[0]
    assert _cut_words(doc) == []  # before: the ids and the dates cut where their lines ended
    assert "2026-09-10 · cs.CV" in doc.toPlainText()
