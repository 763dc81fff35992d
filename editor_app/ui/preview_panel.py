"""The Preview tab: the survey rendered from Markdown, sanitised, converted off the GUI thread."""

from __future__ import annotations

import re
from typing import Callable

from pathlib import Path

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QVBoxLayout, QWidget

from editor_app.core.model import Analysis
from editor_app.services.markdown_lines import escape_false_heading
from editor_app.ui.latest_job import LatestJobThread
from editor_app.ui.preview_browser import PreviewBrowser

MAX_PREVIEW_LINES = 2000
MAX_PREVIEW_CHARS = 60_000  # Qt lays out a paragraph whole when it is set: 2 MB of long lines froze the window 3-5 s
_TABLE_ROW = re.compile(r"^\s*\|")
_LIST_ITEM = re.compile(r"^ {0,3}([-*+]|\d{1,9}[.)])\s+\S")
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})(.*)$")


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
    in_list = ""  # "ul" or "ol" while the lines are a list's
    fence = ""  # the open code fence's marker: its lines are shown as written
    for i, line in enumerate(text.split("\n"), start=first_line):
        opening = _FENCE.match(line)
        if opening and opening.group(1)[0] == "`" and "`" in opening.group(2):
            opening = None  # "```x```" is inline code
        if fence or opening:
            if not fence:
                if in_table or (out and out[-1].strip()):
                    out.append("")
                in_table = False
                in_list = "" if line[:1] not in " \t" else in_list
                fence = opening.group(1)
                out.append(line.lstrip(" "))  # Python-Markdown takes a fence only at the line's start
            elif opening and opening.group(1).startswith(fence) and opening.group(1)[0] == fence[0] \
                    and not opening.group(2).strip():
                out.extend([fence, ""])  # closed as the survey's analysis closes it (a longer run too)
                fence = ""
            else:
                out.append(line)
            continue
        is_row = bool(_TABLE_ROW.match(line))
        if is_row and not in_table:
            out.append("")
        if not is_row and in_table:
            out.append("")
        in_table = is_row
        # a list starts on the line after a paragraph's, and a line at the margin after a list item is a paragraph
        # again (one block per line, as surveys are written): Markdown would need a blank line for both
        item = _LIST_ITEM.match(line)
        kind = ("ol" if item.group(1)[0].isdigit() else "ul") if item else ""  # "1." after "- " starts another list
        at_margin = line[:1] not in " \t"
        if out and out[-1].strip() and (item and (not in_list or at_margin and kind != in_list)
                                        or in_list and not item and at_margin):
            out.append("")
        if item and (at_margin or not in_list):
            in_list = kind
        elif not item and (not line.strip() or at_margin):
            in_list = ""
        level = headings.get(i)
        if level is not None and not line.lstrip().startswith("#"):
            out.append("")
            out.append("#" * min(level + 1, 6) + " " + line)
            out.append("")
        else:
            out.append(escape_false_heading(line))
    if fence:
        out.append(fence)  # a fence never closed runs to the end, as the analysis reads it
    return "\n".join(out)


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


def render_html(markdown_text: str) -> str:
    """Markdown -> HTML -> sanitised HTML (no scripts, handlers or javascript: links survive)."""
    import markdown
    import nh3

    html = markdown.markdown(markdown_text, extensions=["fenced_code", "tables", "sane_lists", "nl2br"])
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
            keep = int(self._cursor_at * (bar.maximum() + bar.pageStep()) - bar.pageStep() // 3)
            self._cursor_at = None
        bar.setValue(keep)

    def shutdown(self) -> None:
        if self._thread is not None:
            self._thread.stop()
            self._thread = None
