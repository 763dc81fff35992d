"""The report as an A4 PDF: Qt's rich-text engine with an embedded CJK font, page numbers in the footer."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from editor_app.ui.charts_render import ensure_application

# Fonts with the CJK glyphs the surveys use, best first; TrueType ones embed as selectable subsets.
CJK_FAMILIES = (
    "WenQuanYi Micro Hei",
    "Noto Sans CJK SC",
    "Source Han Sans SC",
    "Noto Sans SC",
    "Microsoft YaHei",
    "PingFang SC",
)
FONT_POINT_SIZE = 10
FOOTER_MM = 8.0
# Reports are laid out in a child process: Qt lays a QTextDocument out in one call that keeps the GIL, so an 8 MB
# survey's report (5,000+ pages) froze the window ~80 s of a 2-minute export and left ~1 GB behind; and a widget
# deleted meanwhile on the GUI thread (it needs the GIL under a Qt lock the layout then waits for) hung the program.


def cjk_family() -> str:
    """The first installed family of CJK_FAMILIES ('' when none is: Qt then falls back on its own)."""
    from PySide6.QtGui import QFontDatabase

    installed = set(QFontDatabase.families())
    return next((f for f in CJK_FAMILIES if f in installed), "")


def write_pdf(html: str, out_path: str | os.PathLike[str]) -> None:
    """Lay the report HTML out on A4 pages and write the PDF (atomically: temp file, then rename)."""
    from PySide6.QtCore import QRectF, Qt
    from PySide6.QtGui import QAbstractTextDocumentLayout, QFont, QPainter, QPdfWriter

    ensure_application()
    out = Path(out_path)
    tmp = out.with_name(f".{out.name}.tmp{os.getpid()}")
    writer = QPdfWriter(str(tmp))
    doc, base_font = laid_out_report(html, writer)
    dpi = writer.resolution()
    paint = writer.pageLayout().paintRectPixels(dpi)
    width, height = float(paint.width()), float(paint.height())
    footer = FOOTER_MM / 25.4 * dpi
    body = height - footer
    pages = doc.pageCount()

    painter = QPainter()
    if not painter.begin(writer):
        raise OSError(f"cannot write PDF to {out}")
    try:
        footer_font = QFont(base_font)
        footer_font.setPointSizeF(8)
        for index in range(pages):
            if index:
                writer.newPage()
            painter.save()
            clip = QRectF(0, index * body, width, body)
            painter.translate(0, -index * body)
            painter.setClipRect(clip)
            context = QAbstractTextDocumentLayout.PaintContext()
            context.clip = clip
            doc.documentLayout().draw(painter, context)
            painter.restore()
            painter.setFont(footer_font)
            painter.setPen(Qt.GlobalColor.darkGray)
            painter.drawText(
                QRectF(0, body, width, footer),
                int(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom),
                f"{index + 1} / {pages}",
            )
    finally:
        painter.end()
    del writer
    os.replace(tmp, out)


def laid_out_report(html: str, writer) -> tuple:
    """(QTextDocument, base font): the report laid out on the writer's A4 pages, as write_pdf prints it."""
    from PySide6.QtCore import QMarginsF, QSizeF
    from PySide6.QtGui import QFont, QPageLayout, QPageSize, QTextDocument

    family = cjk_family()
    writer.setResolution(600)
    writer.setPageLayout(
        QPageLayout(
            QPageSize(QPageSize.PageSizeId.A4),
            QPageLayout.Orientation.Portrait,
            QMarginsF(16, 14, 16, 10),
            QPageLayout.Unit.Millimeter,
        )
    )
    writer.setTitle(_title_of(html))
    writer.setCreator("Survey Editor")

    doc = QTextDocument()
    doc.documentLayout().setPaintDevice(writer)
    base_font = QFont(family) if family else QFont()
    base_font.setPointSizeF(FONT_POINT_SIZE)
    doc.setDefaultFont(base_font)
    doc.setHtml(_html_for_qt(html, family))

    dpi = writer.resolution()
    paint = writer.pageLayout().paintRectPixels(dpi)
    footer = FOOTER_MM / 25.4 * dpi
    doc.setPageSize(QSizeF(float(paint.width()), float(paint.height()) - footer))
    return doc, base_font


CHILD_FLAG = "--write-pdf"  # `survey-editor --write-pdf IN.html OUT.pdf`: how a frozen build starts the child


def _child_command(html_path: str, out_path: str) -> list[str]:
    """`python -m editor_app.ui.pdf_export IN OUT`; a frozen build's executable is the program itself, whose
    entry point (editor_app.__main__) takes CHILD_FLAG for the same job."""
    if getattr(sys, "frozen", False):
        return [sys.executable, CHILD_FLAG, html_path, out_path]
    return [sys.executable, "-m", "editor_app.ui.pdf_export", html_path, out_path]


def write_pdf_in_child(html: str, out_path: str | os.PathLike[str]) -> None:
    """write_pdf in a fresh process, offscreen (Qt's layout keeps the GIL for the whole report: in this
    process the window would freeze); OSError with the child's last words when it fails."""
    fd, html_path = tempfile.mkstemp(suffix=".html", prefix="survey-report-")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(html)
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
        done = subprocess.run(_child_command(html_path, str(out_path)),
                              env=env, capture_output=True, text=True, errors="replace")
    finally:
        os.unlink(html_path)
    if done.returncode != 0:
        last = (done.stderr or done.stdout).strip().splitlines()[-3:]
        raise OSError(f"the PDF writer stopped (exit {done.returncode}): {' / '.join(last)}")


def write_pdf_for_report(html: str, out_path: str | os.PathLike[str]) -> None:
    """The report's PDF, written by a child process (see write_pdf_in_child)."""
    write_pdf_in_child(html, out_path)


def child_main(argv: list[str]) -> int:
    """The child's work: IN.html → OUT.pdf."""
    write_pdf(Path(argv[0]).read_text(encoding="utf-8"), argv[1])
    return 0


def _title_of(html: str) -> str:
    m = re.search(r"<title>(.*?)</title>", html, re.S)
    if not m:
        return "Survey report"
    import html as html_module

    return html_module.unescape(m.group(1)).strip()


# Colour emoji have no outline glyphs to embed; their dingbat cousins are in the CJK and DejaVu fonts.
# "⚠️" asks for emoji presentation (a bitmap, no text); the bare "⚠" is an outline glyph pdftotext can read.
_EMOJI_STAND_INS = {
    "\u26a0\ufe0f": "\u26a0",
    "\u2705": "\u2714",
    "\u274c": "\u2718",
    "\u274e": "\u2718",
    "\u2b55": "\u25cb",
}


def _html_for_qt(html: str, family: str) -> str:
    """Put the installed CJK family first in the font stack (Qt embeds that font) and swap colour emoji."""
    for emoji, stand_in in _EMOJI_STAND_INS.items():
        html = html.replace(emoji, stand_in)
    if not family:
        return html
    return html.replace("font-family: ", f'font-family: "{family}", ', 1)


if __name__ == "__main__":  # write_pdf_in_child's child: HTML file in, PDF out
    raise SystemExit(child_main(sys.argv[1:]))
