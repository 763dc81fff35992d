"""The PDF report writes a character no installed font can draw as its code point, and keeps headings with their text."""

from __future__ import annotations


from editor_app.ui.pdf_export import cjk_family, laid_out_report, unprintable_as_code_points


def test_a_character_no_font_has_is_written_as_its_code_point(qapp):
    html = "<p>[一-\u9fff] 正则 ⚠\ufe0f ✔ ≤ abc</p>"
    out = unprintable_as_code_points(html, cjk_family())
    assert "[一-U+9FFF]" in out  # the sample's "[一-鿿]" printed as a box before
    assert "⚠\ufe0f ✔ ≤ abc" in out  # drawn by some font, or a selector with no glyph of its own: left alone


def _stranded(doc) -> list[str]:
    """Headings whose next block's first line is on a later page than the heading."""
    layout, page = doc.documentLayout(), doc.pageSize().height()
    out = []
    block = doc.begin()
    while block.isValid():
        nxt = block.next()
        if block.blockFormat().headingLevel() > 0 and nxt.isValid() and nxt.layout().lineCount():
            first_line = layout.blockBoundingRect(nxt).top() + nxt.layout().lineAt(0).height()
            if int((first_line - 1) // page) > int(layout.blockBoundingRect(block).top() // page):
                out.append(block.text())
        block = block.next()
    return out


def _report(paragraphs: int) -> str:
    filler = "".join(f"<p>第 {i} 段：" + "字" * 60 + "</p>" for i in range(paragraphs))
    return f"<html><body style='font-family: sans-serif'><h1>题</h1>{filler}<h2>下一节</h2><p>{'文' * 300}</p></body></html>"


def test_a_heading_is_not_left_alone_at_a_page_foot(qapp, tmp_path, monkeypatch):
    from PySide6.QtGui import QPdfWriter

    from editor_app.ui import pdf_export

    def laid_out(paragraphs: int):
        return laid_out_report(_report(paragraphs), QPdfWriter(str(tmp_path / "x.pdf")))[0]

    with monkeypatch.context() as m:  # as Qt lays it out alone: some length leaves "下一节" at a page's foot
        m.setattr(pdf_export, "keep_together", lambda doc: 0)
        n = next((n for n in range(20, 60) if _stranded(laid_out(n)) == ["下一节"]), None)
    assert n is not None
    assert _stranded(laid_out(n)) == []
