"""The History tab's comparison views: the unified diff tinted like the side-by-side one, with the changed characters
of a changed line marked, and going from change to change in either view (it opens on the first change)."""

from __future__ import annotations

import bisect

from typing import Any

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QColor, QGuiApplication, QPalette, QSyntaxHighlighter, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import QPlainTextEdit, QTextBrowser, QTextEdit

from editor_app.core.textdiff import CHAR_TINTS, LINE_TINTS, Comparison, Tints
from editor_app.ui.code_editor import visible_blocks
from editor_app.ui.theme import READABLE, contrast, is_dark, over

CONTEXT_ABOVE = 2  # lines (unified) or rows (side by side) left above a change it is scrolled to


def _colour(rgba: tuple[int, int, int, float]) -> QColor:
    r, g, b, alpha = rgba
    colour = QColor(r, g, b)
    colour.setAlphaF(alpha)
    return colour


def char_tints(palette: QPalette | None = None) -> Tints:
    """The changed characters' tints for the user's palette: on a light one CHAR_TINTS; on a dark one each as
    strong as its text still reads on it (over the line's tint), the underline saying the rest."""
    pal = palette or QGuiApplication.palette()
    base, text = pal.color(QPalette.ColorRole.Base), pal.color(QPalette.ColorRole.Text)
    if not is_dark(base):
        return dict(CHAR_TINTS)
    out: Tints = {}
    for tag, (r, g, b, strongest) in CHAR_TINTS.items():
        line = over(_colour(LINE_TINTS[tag]), base)
        alpha = strongest
        while alpha > 0.1 and contrast(text, over(_colour((r, g, b, alpha)), line)) < READABLE:
            alpha = round(alpha - 0.05, 2)
        out[tag] = (r, g, b, alpha)
    return out


class UnifiedMarks(QSyntaxHighlighter):
    """Tints the unified diff's removed and added lines, and marks their changed characters (stronger, underlined)."""

    def __init__(self, parent: QObject) -> None:
        super().__init__(parent)
        self.marks: dict[int, list[tuple[int, int]]] = {}
        self._line = {sign: self._format(LINE_TINTS[tag]) for sign, tag in (("-", "delete"), ("+", "insert"))}
        self._chars: dict[str, QTextCharFormat] = {}
        self.tints: Tints = {}

    def set_marks(self, marks: dict[int, list[tuple[int, int]]], tints: Tints) -> None:
        """The changed characters of the next text set, and their tints (set before the text: it is highlighted
        as it is set)."""
        self.marks = marks
        self.tints = tints
        self._chars = {sign: self._format(tints[tag], underline=True) for sign, tag in (("-", "delete"), ("+", "insert"))}

    @staticmethod
    def _format(rgba: tuple[int, int, int, float], underline: bool = False) -> QTextCharFormat:
        fmt = QTextCharFormat()
        fmt.setBackground(_colour(rgba))
        fmt.setFontUnderline(underline)
        return fmt

    def highlightBlock(self, text: str) -> None:  # noqa: N802 (Qt's name)
        for start, length, fmt in self.formats_of(self.currentBlock().blockNumber(), text):
            self.setFormat(start, length, fmt)

    def formats_of(self, number: int, text: str) -> list[tuple[int, int, QTextCharFormat]]:
        """(start, length, format) of unified diff line `number`: its tint, then its changed characters."""
        sign = text[:1]
        if sign not in self._line or number < 2:  # the first two lines name the drafts ("--- …", "+++ …")
            return []
        return [(0, len(text), self._line[sign])] + [(start, end - start, self._chars[sign])
                                                     for start, end in self.marks.get(number, ())]


class OnScreenMarks(QObject):
    """A unified diff too long to be tinted whole (UnifiedMarks works through every line on the GUI thread: 40,000
    lines took 0.6 s more) is tinted where it is on screen, as extra selections redone when it scrolls or resizes:
    a few dozen lines each time. Before, it was shown untinted."""

    def __init__(self, view: QPlainTextEdit, marks: UnifiedMarks) -> None:
        super().__init__(view)
        self.view = view
        self.marks = marks
        self.active = False
        view.verticalScrollBar().valueChanged.connect(self.update)
        view.viewport().installEventFilter(self)

    def set_active(self, active: bool) -> None:
        self.active = active
        self.update()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if event.type() in (QEvent.Type.Resize, QEvent.Type.Show) and self.active:
            self.update()
        return False

    def update(self, *_: Any) -> None:
        """Tint the lines on screen now (and none when inactive)."""
        if not self.active:
            if self.view.extraSelections():
                self.view.setExtraSelections([])
            return
        selections = []
        for block in visible_blocks(self.view):
            for start, length, fmt in self.marks.formats_of(block.blockNumber(), block.text()):
                selection = QTextEdit.ExtraSelection()
                cursor = QTextCursor(block)
                cursor.setPosition(block.position() + start)
                cursor.setPosition(block.position() + start + length, QTextCursor.MoveMode.KeepAnchor)
                selection.cursor = cursor
                selection.format = fmt
                selections.append(selection)
        self.view.setExtraSelections(selections)


class ChangeSteps:
    """Where each change of a comparison begins in both views, and scrolling a view to one of them."""

    def __init__(self, side_by_side: QTextBrowser, unified: QPlainTextEdit) -> None:
        self.side_by_side = side_by_side
        self.unified = unified
        self.rows: list[int] = []  # side-by-side table rows
        self.lines: list[int] = []  # unified diff lines
        self.marks: dict[int, list[tuple[int, int]]] = {}  # unified diff line -> changed characters
        self.index = -1  # the change last scrolled to
        self._scrolled_to: dict[int, int] = {}  # id(view) -> the scroll bar value it was left at
        self._tables: tuple[Any, list[Any], list[int], int] | None = None  # the side-by-side's, row counts

    def set_comparison(self, comparison: Comparison | None) -> None:
        self.rows = comparison.side_by_side_changes if comparison else []
        self.lines = comparison.unified_changes if comparison else []
        self.marks = comparison.unified_marks if comparison else {}
        self.index = -1
        self._scrolled_to = {}

    def count(self, view: Any) -> int:
        return len(self.rows if view is self.side_by_side else self.lines)

    def go(self, view: Any, index: int) -> bool:
        """Scroll `view` to change `index`, a little context above it; False when there is no such change."""
        if not 0 <= index < self.count(view):
            return False
        bar = view.verticalScrollBar()
        if view is self.unified:
            self._go_to_line(view, self.lines[index])
        else:
            top = self._row_top(self.rows[index])
            above = self._row_top(max(1, self.rows[index] - CONTEXT_ABOVE))
            if top is None:
                return False
            height = view.viewport().height()
            # context above, but no more than a quarter of the view: long paragraphs pushed the change out of it
            y = top - min(top - above, height // 4) if above is not None and above < top else top
            mark = self._first_mark_top(self.rows[index])
            if mark is not None and mark - y > height * 2 // 3:  # its changed characters deep in a long row
                y = mark - height // 3
            bar.setValue(max(0, bar.value() + y))
        self.index = index
        self._scrolled_to[id(view)] = bar.value()
        return True

    def _go_to_line(self, view: QPlainTextEdit, line: int) -> None:
        """Scroll the unified view to a changed line: its start (its -/+) near the top under a little context, its
        first changed characters in sight, the keys on them. Its lines are wrapped, and it scrolls by lines on
        screen: a paragraph above the change takes several."""
        document, bar = view.document(), view.verticalScrollBar()
        block = document.findBlockByNumber(line)
        cursor = QTextCursor(block)
        marked = self.marks.get(line)
        if marked:
            cursor.setPosition(block.position() + min(marked[0][0], block.length() - 1))
        view.setTextCursor(cursor)
        view.horizontalScrollBar().setValue(0)
        bar.setValue(document.findBlockByNumber(max(0, line - CONTEXT_ABOVE)).firstLineNumber())
        height, spacing = view.viewport().height(), max(1, view.fontMetrics().lineSpacing())
        # context above, but no more than a quarter of the view: long paragraphs pushed the change out of it
        start = view.cursorRect(QTextCursor(block)).top()
        if start > height // 4:
            bar.setValue(bar.value() + (start - height // 4 + spacing - 1) // spacing)
        mark = view.cursorRect(cursor).bottom()
        if mark > height - spacing:  # its changed characters deep in a long paragraph: they, and what comes before
            bar.setValue(bar.value() + (mark - height * 2 // 3 + spacing - 1) // spacing)

    def step(self, view: Any, forward: bool) -> bool:
        """The next (previous) change after (before) the one scrolled to, or, once the user scrolled, after (before)
        what the view shows at its top."""
        count = self.count(view)
        if not count:
            return False
        if self._scrolled_to.get(id(view)) == view.verticalScrollBar().value() and self.index >= 0:
            here = min(self.index, count - 1)
            return self.go(view, here + 1 if forward else here - 1)
        tops = self._tops(view)
        slack = 0 if view is self.unified else view.fontMetrics().lineSpacing()  # rows are a little taller
        if forward:
            later = [i for i, top in enumerate(tops) if top is not None and top > slack]
            return self.go(view, later[0]) if later else False
        earlier = [i for i, top in enumerate(tops) if top is not None and top < -slack]
        return self.go(view, earlier[-1]) if earlier else False

    def _tops(self, view: Any) -> list[int | None]:
        """Each change's position relative to the view's top, plus the context left above a change scrolled to."""
        if view is self.unified:  # in lines of the diff (the first on screen, its wrapped lines one)
            top = view.firstVisibleBlock().blockNumber() + CONTEXT_ABOVE
            return [line - top for line in self.lines]
        spacing = view.fontMetrics().lineSpacing()
        return [None if (y := self._row_top(row)) is None else y - CONTEXT_ABOVE * spacing for row in self.rows]

    def _first_mark_top(self, row: int) -> int | None:
        """The top of a side-by-side row's first marked (underlined) changed characters, relative to the view's top."""
        for column in (3, 1):  # the newer side first
            cell = self._cell(row, column)
            if cell is None:
                return None
            block, last = cell.firstCursorPosition().block(), cell.lastCursorPosition().block()
            while block.isValid():
                it = block.begin()
                while not it.atEnd():
                    fragment = it.fragment()
                    if fragment.charFormat().fontUnderline():
                        cursor = QTextCursor(self.side_by_side.document())
                        cursor.setPosition(fragment.position())
                        return self.side_by_side.cursorRect(cursor).top()
                    it += 1
                if block == last:
                    break
                block = block.next()
        return None

    def _cell(self, row: int, column: int) -> Any:
        """A cell of the side-by-side rows, counted across its tables (textdiff.in_stretches); None past them."""
        document = self.side_by_side.document()
        key = (id(document), document.revision(), document.characterCount())
        if self._tables is None or self._tables[0] != key:
            tables = [f for f in document.rootFrame().childFrames() if hasattr(f, "cellAt")]
            starts, at = [], 0
            for table in tables:
                starts.append(at)
                at += table.rows()
            self._tables = (key, tables, starts, at)
        _, tables, starts, total = self._tables
        if not 0 <= row < total:
            return None
        which = bisect.bisect_right(starts, row) - 1
        return tables[which].cellAt(row - starts[which], column)

    def _row_top(self, row: int) -> int | None:
        """A side-by-side table row's top, relative to the view's top (pixels)."""
        cell = self._cell(row, 1)
        if cell is None:
            return None
        return self.side_by_side.cursorRect(cell.firstCursorPosition()).top()
