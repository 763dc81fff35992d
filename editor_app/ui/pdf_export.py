"""The report as an A4 PDF: Qt's rich-text engine with an embedded CJK font, page numbers in the footer."""

from __future__ import annotations

import errno
import os
import re
import signal
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

from editor_app.services.files import replacement_of, temp_beside
from editor_app.ui.charts_render import ensure_application
from editor_app.ui.pdf_columns import widen_cut_columns
from editor_app.ui.pdf_keep import keep_together
from editor_app.ui.pdf_page_refs import add_page_numbers, page_label_of, update_page_numbers

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
RESOLUTION = 600  # the writer's dots per inch: the layout's device pixels
MARGINS_MM = (16, 14, 16, 10)  # left, top, right, bottom
# Qt's text layout places nothing below this height (device pixels: 1,340 A4 pages at RESOLUTION): the blocks after it
# get no lines. A 2 MB survey's report (1,341 pages) lost its last ~11,000 characters without a word, and an 8 MB
# one's crashed the writer after 5-8 minutes (its tables' cells past the limit read NULL in Qt: a segmentation fault).
LAYOUT_LIMIT = 2 ** 23
LIMIT_MARGIN = 0.98  # (keeping rows together and the page numbers' words still move what follows down)
# A page of the report holds ~3,400 characters of its HTML (2 MB and 8 MB surveys: 3,390 and 3,320). A report with
# more than this many per page the writer can lay out is refused before any layout (~1 minute of it for a report
# that then proves too long); the laid-out height decides the others.
HTML_PER_PAGE = 3_400
HTML_PER_PAGE_AT_MOST = 10_000
# Reports are laid out in a child process: Qt lays a QTextDocument out in one call that keeps the GIL, so an 8 MB
# survey's report (5,000+ pages) froze the window ~80 s of a 2-minute export and left ~1 GB behind; and a widget
# deleted meanwhile on the GUI thread (it needs the GIL under a Qt lock the layout then waits for) hung the program.


def cjk_family() -> str:
    """The first installed family of CJK_FAMILIES ('' when none is: Qt then falls back on its own)."""
    from PySide6.QtGui import QFontDatabase

    installed = set(QFontDatabase.families())
    return next((f for f in CJK_FAMILIES if f in installed), "")


def write_pdf(html: str, out_path: str | os.PathLike[str]) -> None:
    """Lay the report HTML out on A4 pages and write the PDF (atomically: temp file, fsync, then rename); OSError
    when it can't be written whole (a full disk), and then nothing is left behind."""
    from PySide6.QtCore import QFile, QFileDevice, QIODevice
    from PySide6.QtGui import QPdfWriter

    ensure_application()
    out = Path(out_path)
    target, mode = replacement_of(out)  # a symlink's target; the mode of the report replaced
    tmp = temp_beside(target, os.getpid())
    fd = os.open(tmp, os.O_RDWR | os.O_CREAT | os.O_TRUNC | getattr(os, "O_BINARY", 0), 0o600)  # OSError: why not
    device = QFile()
    try:
        # Qt's PDF engine ignores failed writes: through our own QFile they are recorded (a full disk had left a
        # truncated PDF, reported as written)
        if not device.open(fd, QIODevice.OpenModeFlag.WriteOnly, QFileDevice.FileHandleFlag.DontCloseHandle):
            raise OSError(errno.EIO, device.errorString(), str(out))
        writer = QPdfWriter(device)
        _paint_pages(html, writer, out)
        del writer
        device.flush()  # the last buffered bytes: where a full disk usually shows
        if device.error() != QFileDevice.FileError.NoError:
            code = errno.ENOSPC if device.error() == QFileDevice.FileError.ResourceError else errno.EIO
            raise OSError(code, device.errorString(), str(out))
        device.close()
        if not _ends_a_pdf(fd):  # a write cut short that Qt did not record (a file size limit: no error at all)
            raise OSError(errno.EIO, "the PDF was cut short while it was written (is the disk full?)", str(out))
        os.fsync(fd)
        os.close(fd)
        fd = -1
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        device.close()
        if fd >= 0:
            os.close(fd)
        tmp.unlink(missing_ok=True)
        raise


def _ends_a_pdf(fd: int) -> bool:
    """The file's last bytes hold the end-of-file marker a whole PDF ends with."""
    size = os.fstat(fd).st_size
    return b"%%EOF" in os.pread(fd, 64, max(0, size - 64))


def _paint_pages(html: str, writer, out: Path) -> None:
    """The laid-out report, page by page, with its page numbers, onto the writer."""
    from PySide6.QtCore import QRectF, Qt
    from PySide6.QtGui import QAbstractTextDocumentLayout, QFont, QPainter

    doc, base_font = laid_out_report(html, writer)
    dpi = writer.resolution()
    paint = writer.pageLayout().paintRectPixels(dpi)
    width, height = float(paint.width()), float(paint.height())
    footer = FOOTER_MM / 25.4 * dpi
    body = height - footer
    pages = doc.pageCount()

    layout = doc.documentLayout()
    continued = paragraphs_continued(doc, body)
    painter = QPainter()
    if not painter.begin(writer):
        raise OSError(errno.EIO, "the PDF writer could not start", str(out))
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
            # Qt draws, of a paragraph that goes on from the page before, also the last line above the clip
            # (QTextLayout::draw starts at the last line wholly above it): hidden by the clip, but in the PDF
            # twice, found twice by search, copy and screen readers. Those paragraphs are drawn here line by line.
            here = continued.get(index, ())
            for block in here:
                block.setVisible(False)
            try:
                layout.draw(painter, context)
            finally:
                for block in here:
                    block.setVisible(True)
            for block in here:
                _draw_lines_on(painter, layout, block, clip)
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


def paragraphs_continued(doc, body: float) -> dict[int, list]:
    """The blocks of more than one line that go on from one page to the next, by each page they go on to."""
    layout = doc.documentLayout()
    out: dict[int, list] = {}
    block = doc.begin()
    while block.isValid():
        lines = block.layout()
        if lines.lineCount() > 1:
            top = layout.blockBoundingRect(block).top()  # (where the layout places its lines from)
            first = int((top + lines.lineAt(0).y()) // body)
            last = int((top + lines.lineAt(lines.lineCount() - 1).y()) // body)
            for page in range(first + 1, last + 1):
                out.setdefault(page, []).append(block)
        block = block.next()
    return out


def _draw_lines_on(painter, layout, block, clip) -> None:
    """The lines of `block` that start on the page `clip` holds, with the block's background, as Qt draws them."""
    from PySide6.QtCore import QRectF, Qt

    rect = layout.blockBoundingRect(block)
    lines = block.layout()
    shown = [line for line in (lines.lineAt(i) for i in range(lines.lineCount()))
             if clip.top() <= rect.top() + line.y() < clip.bottom()]
    if not shown:
        return
    background = block.blockFormat().background()
    if background.style() != Qt.BrushStyle.NoBrush:
        start = rect.top() + shown[0].y()
        painter.fillRect(QRectF(rect.left(), start, rect.width(), min(rect.bottom(), clip.bottom()) - start), background)
    for line in shown:
        line.draw(painter, rect.topLeft())


def laid_out_report(html: str, writer) -> tuple:
    """(QTextDocument, base font): the report laid out on the writer's A4 pages, as write_pdf prints it."""
    from PySide6.QtCore import QMarginsF, QSizeF
    from PySide6.QtGui import QFont, QPageLayout, QPageSize, QTextDocument

    family = cjk_family()
    writer.setResolution(RESOLUTION)
    writer.setPageLayout(
        QPageLayout(
            QPageSize(QPageSize.PageSizeId.A4),
            QPageLayout.Orientation.Portrait,
            QMarginsF(*MARGINS_MM),
            QPageLayout.Unit.Millimeter,
        )
    )
    writer.setTitle(_title_of(html))
    writer.setCreator("Survey Editor")

    doc = QTextDocument()
    doc.setUndoRedoEnabled(False)  # (the edits below are layout, not the user's: nothing to undo)
    doc.documentLayout().setPaintDevice(writer)
    base_font = QFont(family) if family else QFont()
    base_font.setPointSizeF(FONT_POINT_SIZE)
    doc.setDefaultFont(base_font)
    # laid out as printed, by the report's @media print rules: its body's "margin: 0 auto", for a browser's window,
    # Qt gave each table as margins (the references took 85% of the text width, their words cut)
    doc.setMetaInformation(QTextDocument.MetaInformation.CssMedia, "print")
    doc.setHtml(_html_for_qt(html, family))

    dpi = writer.resolution()
    paint = writer.pageLayout().paintRectPixels(dpi)
    footer = FOOTER_MM / 25.4 * dpi
    doc.setPageSize(QSizeF(float(paint.width()), float(paint.height()) - footer))
    doc.pageCount()  # (laid out whole: how long it is)
    _refuse_if_too_long(doc)
    widen_cut_columns(doc)
    label = page_label_of(html)
    numbered = add_page_numbers(doc, label)  # before rows are kept whole: the words they add may move rows
    keep_together(doc)
    for _ in range(3 if numbered else 0):  # (a longer number may move what is under it: kept together again)
        if not update_page_numbers(doc, label) or not keep_together(doc):
            break
    _refuse_if_too_long(doc)
    return doc, base_font


def most_pages() -> int:
    """The most A4 pages of the report the PDF writer can lay out (LAYOUT_LIMIT, less LIMIT_MARGIN)."""
    body_mm = 297.0 - MARGINS_MM[1] - MARGINS_MM[3] - FOOTER_MM
    return int(LAYOUT_LIMIT * LIMIT_MARGIN // (body_mm / 25.4 * RESOLUTION))


def too_long_for_a_pdf(html: str) -> str | None:
    """Why a report's HTML is too long to become a PDF at all (None: it may fit; the layout decides)."""
    if len(html) <= most_pages() * HTML_PER_PAGE_AT_MOST:
        return None
    return (f"the report is too long for a PDF: about {len(html) // HTML_PER_PAGE:,} pages, and the PDF writer can "
            f"lay out at most {most_pages():,}; export the HTML report instead")


def _refuse_if_too_long(doc) -> None:
    """OSError (EFBIG) when the laid-out report reaches where Qt's layout stops (what follows would be missing)."""
    if doc.size().height() >= LAYOUT_LIMIT * LIMIT_MARGIN:
        raise OSError(errno.EFBIG, f"the report is too long for a PDF: more than {most_pages():,} pages, the most the "
                      "PDF writer can lay out; export the HTML report instead")


CHILD_FLAG = "--write-pdf"  # `survey-editor --write-pdf IN.html OUT.pdf`: how a frozen build starts the child


def _child_command(html_path: str, out_path: str) -> list[str]:
    """`python -m editor_app.ui.pdf_export IN OUT`; a frozen build's executable is the program itself, whose
    entry point (editor_app.__main__) takes CHILD_FLAG for the same job."""
    if getattr(sys, "frozen", False):
        return [sys.executable, CHILD_FLAG, html_path, out_path]
    return [sys.executable, "-m", "editor_app.ui.pdf_export", html_path, out_path]


def write_pdf_in_child(html: str, out_path: str | os.PathLike[str]) -> None:
    """write_pdf in a fresh process, offscreen (Qt's layout keeps the GIL for the whole report: in this
    process the window would freeze); OSError with the child's reason (or its last words) when it fails, or when
    stop_writers stopped it (the program quitting: nothing is left behind), or when the report is too long for a
    PDF (EFBIG: at once when its HTML alone tells, or once the child has laid it out)."""
    too_long = too_long_for_a_pdf(html)
    if too_long:
        raise OSError(errno.EFBIG, too_long, str(out_path))
    fd, html_path = tempfile.mkstemp(suffix=".html", prefix="survey-report-")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(html)
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
        with subprocess.Popen(_child_command(html_path, str(out_path)), env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True, errors="replace") as child:
            with _writers_lock:
                _writers.add(child)
            try:
                stdout, stderr = child.communicate()
            finally:
                with _writers_lock:
                    _writers.discard(child)
    finally:
        os.unlink(html_path)
    code = child.returncode
    if code < 0:  # ended by a signal: the file it was writing is its own temporary one
        temp_beside(replacement_of(out_path)[0], child.pid).unlink(missing_ok=True)
        with _writers_lock:
            ours = child.pid in _stopped
            _stopped.discard(child.pid)
        raise OSError(errno.ECANCELED if ours else errno.EIO, why_it_ended(-code, ours), str(out_path))
    if code == _CANT_WRITE:  # "errno<TAB>reason" on its last line: the same OSError as in one process
        code_text, _, reason = (stderr.rstrip().splitlines() or [""])[-1].partition("\t")
        raise OSError(int(code_text) if code_text.isdigit() else errno.EIO, reason or "the PDF could not be written",
                      str(out_path))
    if code != 0:
        last = (stderr or stdout).strip().splitlines()[-3:]
        raise OSError(f"the PDF writer stopped (exit {code}): {' / '.join(last)}")


# The PDF children writing now (one per export). The program quitting stops them: the export's pool thread waits for
# its child, and the program's exit waits for the pool, so quitting during an 8 MB survey's export (~4 minutes of
# layout) left the program running, unseen, until the PDF was written.
_writers: set[subprocess.Popen] = set()
_stopped: set[int] = set()  # the pids of the children stop_writers stopped: only those were "stopped"
_writers_lock = threading.Lock()

# A child that died of one of these crashed (Qt's layout of a huge report read NULL: "signal 11" had been reported
# as "the PDF writer was stopped", as if somebody had stopped it).
_CRASHES = {
    getattr(signal, name): words
    for name, words in (("SIGSEGV", "segmentation fault"), ("SIGABRT", "aborted"), ("SIGBUS", "bus error"),
                        ("SIGILL", "illegal instruction"), ("SIGFPE", "arithmetic error"))
    if hasattr(signal, name)
}


def why_it_ended(number: int, ours: bool) -> str:
    """Why a PDF child ended by signal `number`, in the words the window translates (editor_app/wording.py)."""
    if ours:
        return f"the PDF writer was stopped (signal {number})"
    if number == getattr(signal, "SIGKILL", None):
        return f"the PDF writer was killed by the system (signal {number}; out of memory?); " \
               "the HTML report can still be exported"
    what = _CRASHES.get(number)
    if what is None:
        return f"the PDF writer crashed (signal {number}); the HTML report can still be exported"
    return f"the PDF writer crashed ({what}, signal {number}); the HTML report can still be exported"


def stop_writers() -> int:
    """Stop every PDF child still writing (the program is quitting); how many there were. Each export it stops
    fails with ECANCELED and leaves no file."""
    with _writers_lock:
        running = list(_writers)
    for child in running:
        with _writers_lock:
            _stopped.add(child.pid)
        child.terminate()
    return len(running)


_CANT_WRITE = 3  # the child's exit status when the file could not be written (an OSError)


def write_pdf_for_report(html: str, out_path: str | os.PathLike[str]) -> None:
    """The report's PDF, written by a child process (see write_pdf_in_child)."""
    write_pdf_in_child(html, out_path)


def child_main(argv: list[str]) -> int:
    """The child's work: IN.html → OUT.pdf; an OSError is told on the last line as "errno<TAB>reason"."""
    try:
        write_pdf(Path(argv[0]).read_text(encoding="utf-8"), argv[1])
    except OSError as exc:
        print(f"{exc.errno or ''}\t{exc.strerror or exc}", file=sys.stderr)
        return _CANT_WRITE
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
    """Put the installed CJK family first in the font stack (Qt embeds that font), swap colour emoji, and write a
    character no installed font can draw as its code point."""
    for emoji, stand_in in _EMOJI_STAND_INS.items():
        html = html.replace(emoji, stand_in)
    html = unprintable_as_code_points(html, family)
    if not family:
        return html
    return html.replace("font-family: ", f'font-family: "{family}", ', 1)


def unprintable_as_code_points(html: str, family: str) -> str:
    """Each character that no installed font has a glyph for as "U+9FFF": the sample's "[一-鿿]" (the last code
    point of the CJK block, in no common font) printed as "[一-☒]", a box the reader could not tell from any other.
    The report's font is asked first, the other families only for what it lacks (loading a CJK font costs ~0.1 s)."""
    from unicodedata import category

    from PySide6.QtGui import QFont, QFontDatabase, QRawFont

    # (marks, selectors and format characters such as U+FE0F have no glyph of their own: not asked)
    wanted = sorted(ch for ch in set(html) if ord(ch) > 0x2000 and category(ch)[0] not in "MCZ")
    if not wanted:
        return html
    first = QRawFont.fromFont(QFont(family)) if family else None
    missing = [ch for ch in wanted if first is None or not first.supportsCharacter(ord(ch))]
    if not missing:
        return html
    for name in QFontDatabase.families():
        if name == family:
            continue
        raw = QRawFont.fromFont(QFont(name))
        missing = [ch for ch in missing if not raw.supportsCharacter(ord(ch))]
        if not missing:
            return html
    for ch in missing:
        html = html.replace(ch, f"U+{ord(ch):04X}")
    return html


if __name__ == "__main__":  # write_pdf_in_child's child: HTML file in, PDF out
    raise SystemExit(child_main(sys.argv[1:]))
