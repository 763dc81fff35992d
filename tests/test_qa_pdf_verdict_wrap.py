"""QA: in the PDF report's claims audit every figure not measured read "not measure / d": the Verdict column was
too narrow and the word was cut in two; the verdict now stays on one line."""

from __future__ import annotations

from PySide6.QtGui import QPdfWriter, QTextDocument

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack
from editor_app.services.report import build_report_html
from editor_app.ui.pdf_export import laid_out_report


def test_not_measured_is_not_cut_in_two(qapp, tmp_path, sample_text):
    analysis = analyze(sample_text, house_pack())
    assert any(c.ok is None for c in analysis.claims)  # verifiability, GitHub: not measured without Verify all
    html = build_report_html(analysis, sample_text, pack_name="llm-infra-survey", pack_source="")
    writer = QPdfWriter(str(tmp_path / "r.pdf"))
    doc, _font = laid_out_report(html, writer)
    found = doc.find("not measured", 0, QTextDocument.FindFlag.FindCaseSensitively)
    checked = 0
    while not found.isNull() and checked < 5:
        block = found.block()
        if block.text().replace("\xa0", " ").strip() != "not measured":  # the Verdict's, not a note's message
            # ("…, not measured: …", which wraps as text does) nor the first page's count
            found = doc.find("not measured", found, QTextDocument.FindFlag.FindCaseSensitively)
            continue
        layout = block.layout()
        start = found.selectionStart() - block.position()
        end = found.selectionEnd() - block.position() - 1
        assert layout.lineForTextPosition(start).lineNumber() == layout.lineForTextPosition(end).lineNumber()
        checked += 1
        found = doc.find("not measured", found, QTextDocument.FindFlag.FindCaseSensitively)
    assert checked
