"""A Python copy of the document's lines, kept in step edit by edit.

Copying an 8 MB QTextDocument out to a Python string costs ~60 ms of GUI-thread time; the analysis needs the whole
text after every pause in typing. The mirror updates only the blocks an edit touched, and the worker thread joins
the lines into the text.
"""

from __future__ import annotations

import os
from contextlib import contextmanager
from typing import Iterator, NamedTuple

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QTextBlock, QTextCursor, QTextDocument

from editor_app.ui.code_editor import qt_offset, text_index
from editor_app.ui.line_shifts import EditLog


WHOLE_COPY_SHARE = 0.5  # an edit adding more than this share of the document's characters copies it whole
WALKED_BLOCKS = 32  # an edit touching more blocks reads them in one selection (_block_texts)


class SplitText(NamedTuple):
    """A text as a document holding it has it: a block per line, and its length in UTF-16 code units (Qt's)."""

    lines: list[str]
    units: int


def split_text(text: str) -> SplitText:
    """A text about to be put in the document, split (~25 ms for 8 MB, on the thread that read the file) so the mirror
    need not copy the document out after it (toRawText and its split: ~150-200 ms of an 8 MB survey on the GUI
    thread, as long as Qt's own setPlainText)."""
    return SplitText(text.split("\n"), len(text.encode("utf-16-le", "surrogatepass")) // 2)


class TextMirror(QObject):
    # The text changed. A document's own contentsChanged also fires for what an input method shows while a word is
    # being composed (pinyin before it is committed), which is no text of the survey's.
    edited = Signal()

    def __init__(self, document: QTextDocument, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.lines: list[str] = []
        self.edits = EditLog()  # where the places an analysis names have gone since (line_shifts)
        self._blocks = 0
        self._replacing = False
        self.resync()
        document.contentsChange.connect(self._changed)

    def resync(self) -> None:
        """Copy the whole document (after loading, or to recover from anything unexpected)."""
        self.lines = self.document.toRawText().split("\u2029")
        self._blocks = self.document.blockCount()
        self.edits.replaced()
        self.edited.emit()

    @contextmanager
    def replacing(self, split: SplitText | None = None) -> Iterator[None]:
        """The whole text is being replaced (a survey opened): the edits Qt reports meanwhile are not followed one by
        one, and the lines are copied once after. (Followed, opening an 8 MB survey over another recorded the removal
        of its 220,000 lines as an edit and copied the new text twice: ~300 ms more of the GUI thread.) `split`: the
        new text's split_text, taken as the lines instead of a copy when the document holds it as split (the mirror
        keeps its list)."""
        self._replacing = True
        try:
            yield
        finally:
            self._replacing = False
            if split is None or not self._take(split):
                self.resync()

    def _take(self, split: SplitText) -> bool:
        """Take `split` as the lines if the document holds it block for block; False if not (a U+2029 or a lone CR
        in a text is a block break to Qt, not to a split on "\\n")."""
        doc, lines = self.document, split.lines
        if doc.blockCount() != len(lines) or doc.characterCount() != split.units + 1 \
                or doc.firstBlock().text() != lines[0] or doc.lastBlock().text() != lines[-1]:
            return False
        self.lines = lines
        self._blocks = len(lines)
        self.edits.replaced()
        self.edited.emit()
        return True

    def snapshot(self) -> list[str]:
        """A shallow copy of the lines: cheap on the GUI thread; join it elsewhere."""
        return list(self.lines)

    def text(self) -> str:
        return join_lines(self.lines)

    def _changed(self, position: int, removed: int, added: int) -> None:
        if self._replacing:
            return
        doc = self.document
        if added > WHOLE_COPY_SHARE * doc.characterCount():
            # Most of the text is new (a restored draft, a recovered autosave): one copy of the whole document
            # costs half of walking its blocks one by one (8 MB: ~80 ms instead of ~180 ms on the GUI thread).
            self.resync()
            return
        count = doc.blockCount()
        delta = count - self._blocks
        first = doc.findBlock(position)
        end = doc.findBlock(min(position + added, max(doc.characterCount() - 1, 0)))
        if not first.isValid() or not end.isValid():
            self.resync()
            return
        a, b = first.blockNumber(), end.blockNumber()
        old_len = (b - a + 1) - delta
        if old_len < 0 or a + old_len > len(self.lines):
            self.resync()
            return
        fresh = _block_texts(doc, first, end, b - a + 1)
        old = self.lines[a : a + old_len]
        if old == fresh:
            return  # a composition shown or cancelled (its preedit is no text), a format: nothing to follow or check
        start = text_index(fresh[0], position - first.position())
        if position == first.position() and removed > qt_offset(old[0], len(old[0])):
            # An input method's commit is reported as its whole block rewritten: where it changed is inferred, else
            # every place before it on the line would be followed to the line's start.
            start = len(os.path.commonprefix([old[0], fresh[0]]))
        self.edits.record(a, start, old, fresh)
        self.lines[a : a + old_len] = fresh
        self._blocks = count
        if len(self.lines) != count:
            self.resync()
            return
        self.edited.emit()


def _block_texts(doc: QTextDocument, first: QTextBlock, end: QTextBlock, count: int) -> list[str]:
    """The texts of the blocks first..end. Many blocks (a paste of a cut section) are read in one selection: walked
    one by one, each block's three calls into Qt give the GIL up and wait to get it back while the analysis thread
    runs, and 5,000 pasted lines stalled the window 200-640 ms (one selection: ~6-20 ms)."""
    if count <= WALKED_BLOCKS:
        fresh = []
        block = first
        while block.isValid() and block.blockNumber() <= end.blockNumber():
            fresh.append(block.text())
            block = block.next()
        return fresh
    cursor = QTextCursor(doc)
    cursor.setPosition(first.position())
    cursor.setPosition(end.position() + end.length() - 1, QTextCursor.MoveMode.KeepAnchor)
    return cursor.selectedText().split("\u2029")  # (a block break is U+2029 in a selection; none is in a block)


def join_lines(lines: list[str]) -> str:
    """The text, one line per block: a U+2028 inside a block (a file that holds one) stays a character, as the
    CLI reads the file, so the analysis numbers lines as the editor does."""
    return "\n".join(lines)


def join_in_groups(lines: list[str], group: int = 4096) -> str:
    """join_lines, a group of lines at a time, for a worker thread: one join of an 8 MB survey's lines holds the GIL
    ~10-20 ms, during which the window can't draw."""
    if len(lines) <= group:
        return join_lines(lines)
    return join_lines([join_lines(lines[i:i + group]) for i in range(0, len(lines), group)])
