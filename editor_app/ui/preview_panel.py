"""The Preview tab: the survey rendered from Markdown, sanitised, converted off the GUI thread."""

from __future__ import annotations

import re
import threading
from typing import Any, Callable

from pathlib import Path

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QVBoxLayout, QWidget

from editor_app.core.model import Analysis
from editor_app.services.survey_markdown import (
    blocks_markdown,
    heading_levels,
    new_converter,
    survey_blocks,
)
from editor_app.ui.latest_job import LatestJobThread
from editor_app.ui.preview_browser import PreviewBrowser

MAX_PREVIEW_LINES = 2000
MAX_PREVIEW_CHARS = 60_000  # Qt lays out a paragraph whole when it is set: 2 MB of long lines froze the window 3-5 s


def survey_markdown(text: str, analysis: Analysis | None, first_line: int = 1) -> str:
    """The survey (or the part of it shown, from `first_line` on) as the report reads it, in one Markdown text."""
    lines = text.split("\n")
    footer = analysis.footer_line if analysis is not None else None
    return blocks_markdown(survey_blocks(lines, heading_levels(analysis, lines, first_line), first_line=first_line,
                                         footer_line=footer))


_PLAIN_RUN = re.compile(r"[^\s*_`#|\[\]()<>~\\]{4,}")


def _words_of(line: str) -> str:
    """The longest run of the line that Markdown draws as written (no marks, links or table bars in it): what the
    preview's text holds of that line."""
    runs = _PLAIN_RUN.findall(line)
    return max(runs, key=len)[:40] if runs else ""


def _drawn_at(doc, words: str, share: float) -> float | None:
    """Where (y) the preview draws `words`, the occurrence nearest the share of the text it is expected at; None
    when the preview holds them nowhere."""
    from PySide6.QtGui import QTextDocument

    if not words:
        return None
    near = int(share * doc.characterCount())
    after = doc.find(words, near)
    before = doc.find(words, near, QTextDocument.FindFlag.FindBackward)
    found = [c for c in (after, before) if not c.isNull()]
    if not found:
        return None
    best = min(found, key=lambda c: abs(c.position() - near))
    return doc.documentLayout().blockBoundingRect(best.block()).top()


def lines_around(lines: list[str], cursor_line: int, max_lines: int = MAX_PREVIEW_LINES,
                 max_chars: int = MAX_PREVIEW_CHARS) -> tuple[int, list[str]]:
    """The first line's number and the lines to show: the whole of a short survey, else the lines around the cursor
    within both limits (one line longer than max_chars is cut, with '…')."""
    n = len(lines)
    if n == 0:
        return 1, []
    c = min(max(cursor_line, 1), n) - 1
    lo = hi = c  # the lines lo..hi-1 are shown
    used = 0
    while hi - lo < max_lines and (lo > 0 or hi < n):
        below = hi < n and (hi - c <= c - lo or lo == 0)
        i = hi if below else lo - 1
        cost = len(lines[i]) + 1
        if used + cost > max_chars and hi > lo:
            break
        used += cost
        if below:
            hi += 1
        else:
            lo -= 1
    shown = lines[lo:hi]
    if used > max_chars:
        shown = [shown[0][:max_chars] + " …"]
    return lo + 1, shown


_converters = threading.local()  # each thread's Markdown converter (one is not to be shared between threads)


def _markdown_converter() -> Any:
    """This thread's Markdown converter, made once. A converter is a cycle (its parser and processors each hold it):
    one made per rendering, as markdown.markdown does, left ~350 objects of cyclic garbage a time, which the
    checker's next freeze kept out of every collection but a full one (gui_gc)."""
    md = getattr(_converters, "md", None)
    if md is None:
        md = _converters.md = new_converter()
    return md


def render_html(markdown_text: str) -> str:
    """Markdown -> HTML -> sanitised HTML (no scripts, handlers or javascript: links survive). Images stay (the
    browser reads them from local files only); the report drops them: it is one self-contained file."""
    import nh3

    md = _markdown_converter()
    try:
        html = md.reset().convert(markdown_text)
    finally:
        md.reset()  # (what it read let go of now, not at the next rendering)
        md.parser.root = None
    clean = nh3.clean(html, url_schemes={"http", "https", "mailto"})
    return clean.replace("<table>", '<table border="1" cellspacing="0" cellpadding="4">')


class _RenderThread(LatestJobThread):
    rendered = Signal(int, str)

    def submit(self, revision: int, markdown_text: str) -> None:
        self.submit_job((revision, markdown_text))

    def work(self, job: tuple[int, str]) -> None:
        revision, md = job
        try:
            html = render_html(md)
        except Exception as exc:  # a preview failure must never disturb editing
            html = f"<p>Preview failed: {type(exc).__name__}</p>"
        self.rendered.emit(revision, html)


class PreviewPanel(QWidget):
    """Renders only while visible; shows the part of a very long survey around the cursor."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("preview_panel")
        self.browser = PreviewBrowser(self)
        self.browser.setAccessibleName(self.tr("Preview of the survey"))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.browser)
        self._thread: _RenderThread | None = None
        self._revision = 0
        self._pending: tuple[object, Analysis | None, int] | None = None
        self.html = ""
        self._shown_first = 0  # the first line shown of a long survey (0: the whole survey is shown)
        self._cursor_at: float | None = None  # where the cursor's line is in the part sent, as a share of it
        self._cursor_words = ""  # and words of that line as the preview shows them (_words_of)

    def show_document(self, text: str | list[str] | Callable[[], str | list[str]], analysis: Analysis | None,
                      cursor_line: int = 1, folder: Path | None = None) -> None:
        """Remember what to render: the text or its lines (a callable is only called when the tab is visible). Lines
        are best: only the ones shown are read (joining and splitting an 8 MB survey's text to take 2,000 of its
        lines cost 40-130 ms of GUI thread after every analysis while the tab was shown). Images named by a relative
        path are read from `folder`, the survey's."""
        self.browser.folder = folder
        self._pending = (text, analysis, cursor_line)
        if self.isVisible():
            self._render()

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self._render()

    def _render(self) -> None:
        if self._pending is None:
            return
        text, analysis, cursor_line = self._pending
        self._pending = None
        if callable(text):
            text = text()
        lines = text.split("\n") if isinstance(text, str) else text
        first, shown = lines_around(lines, cursor_line)
        note = ""
        if shown == lines:
            self._cursor_at = None  # a short survey keeps the place the author scrolled to
        else:
            note = self.tr("*Long document: showing lines %1–%2 around the cursor.*").replace("%1", str(first)).replace(
                "%2", str(first + len(shown) - 1))
            if first != self._shown_first:  # another part: show the cursor's line, not the old part's scroll place
                before = sum(len(line) + 1 for line in shown[: max(0, cursor_line - first)])
                self._cursor_at = before / max(1, sum(len(line) + 1 for line in shown))
                at = cursor_line - first
                self._cursor_words = _words_of(shown[at]) if 0 <= at < len(shown) else ""
        self._shown_first = first if shown != lines else 0
        lines = shown
        md = survey_markdown("\n".join(lines), analysis, first)
        if note:
            md = note + "\n\n" + md
        if self._thread is None:
            self._thread = _RenderThread()
            self._thread.rendered.connect(self._on_rendered)
            self._thread.start()
        self._revision += 1
        self._thread.submit(self._revision, md)

    def _on_rendered(self, revision: int, html: str) -> None:
        if revision != self._revision:
            return
        bar = self.browser.verticalScrollBar()
        keep = bar.value()
        self.html = html
        self.browser.show_html(html)
        if self._cursor_at is not None:
            # The cursor's share of the characters says roughly where its line is drawn (rendered Markdown is not
            # as long as its source: the line stood ~950 px above the view in a long survey); its words, looked for
            # nearest that place, say where exactly
            keep = int(self._cursor_at * (bar.maximum() + bar.pageStep()) - bar.pageStep() // 3)
            y = _drawn_at(self.browser.document(), self._cursor_words, self._cursor_at)
            if y is not None:
                keep = int(y - bar.pageStep() // 3)
            self._cursor_at = None
        bar.setValue(keep)

    def shutdown(self) -> None:
        if self._thread is not None:
            self._thread.stop()
            self._thread = None
