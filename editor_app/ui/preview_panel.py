"""The Preview tab: the survey rendered from Markdown, sanitised, converted off the GUI thread."""

from __future__ import annotations

import re
from typing import Callable

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QTextBrowser, QVBoxLayout, QWidget

from editor_app.core.model import Analysis
from editor_app.ui.latest_job import LatestJobThread

MAX_PREVIEW_LINES = 2000
_TABLE_ROW = re.compile(r"^\s*\|")


def survey_markdown(text: str, analysis: Analysis | None, first_line: int = 1) -> str:
    """Markdown that renders like the survey reads: numbered headings as headings, tables set off by blank lines."""
    headings: dict[int, int] = {}
    if analysis is not None:
        for sm in analysis.sections:
            headings[sm.section.line] = sm.section.level
        if analysis.header_lines:
            headings.setdefault(analysis.header_lines[0], 0)
    out: list[str] = []
    in_table = False
    for i, line in enumerate(text.split("\n"), start=first_line):
        is_row = bool(_TABLE_ROW.match(line))
        if is_row and not in_table:
            out.append("")
        if not is_row and in_table:
            out.append("")
        in_table = is_row
        level = headings.get(i)
        if level is not None and not line.lstrip().startswith("#"):
            out.append("")
            out.append("#" * min(level + 1, 6) + " " + line)
            out.append("")
        else:
            out.append(line)
    return "\n".join(out)


def render_html(markdown_text: str) -> str:
    """Markdown -> HTML -> sanitised HTML (no scripts, handlers or javascript: links survive)."""
    import markdown
    import nh3

    html = markdown.markdown(markdown_text, extensions=["tables", "sane_lists", "nl2br"])
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
        self.browser = QTextBrowser(self)
        self.browser.setOpenExternalLinks(True)
        self.browser.setOpenLinks(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.browser)
        self._thread: _RenderThread | None = None
        self._revision = 0
        self._pending: tuple[object, Analysis | None, int] | None = None
        self.html = ""

    def show_document(self, text: str | list[str] | Callable[[], str | list[str]], analysis: Analysis | None,
                      cursor_line: int = 1) -> None:
        """Remember what to render: the text or its lines (a callable is only called when the tab is visible). Lines
        are best: only the ones shown are read (joining and splitting an 8 MB survey's text to take 2,000 of its
        lines cost 40-130 ms of GUI thread after every analysis while the tab was shown)."""
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
        first = 1
        note = ""
        if len(lines) > MAX_PREVIEW_LINES:
            first = max(1, cursor_line - MAX_PREVIEW_LINES // 2)
            lines = lines[first - 1 : first - 1 + MAX_PREVIEW_LINES]
            note = self.tr("*Long document: showing lines %1–%2 around the cursor.*").replace("%1", str(first)).replace(
                "%2", str(first + len(lines) - 1))
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
        self.browser.setHtml(html)
        bar.setValue(keep)

    def shutdown(self) -> None:
        if self._thread is not None:
            self._thread.stop()
            self._thread = None
