"""The text editor: line numbers, a CJK-capable font, problem spans underlined with their message as tooltip.

Underlines are built only for the visible part of the document, so an 8 MB survey costs the same as a short one.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Callable, Iterable, Iterator

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QEvent, QMimeData, QRect, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontDatabase,
    QKeyEvent,
    QPainter,
    QPainterPath,
    QPen,
    QPalette,
    QTextBlock,
    QTextCursor,
    QTextFormat,
    QTextLayout,
    QTextOption,
)
from PySide6.QtWidgets import QPlainTextEdit, QTextEdit, QToolTip, QWidget

from editor_app.ui.span_runs import ProblemSpan, SpanRuns, worst_levels  # noqa: F401 (ProblemSpan: named here too)
from editor_app.ui.theme import LEVEL_COLOURS, mark_on  # noqa: F401 (LEVEL_COLOURS: the levels, named here too)

# Monospaced CJK first (aligned tables), then proportional CJK fonts; the first one installed wins.
CJK_FONT_PREFERENCE = (
    "Noto Sans Mono CJK SC",
    "Sarasa Mono SC",
    "WenQuanYi Micro Hei Mono",
    "Noto Sans CJK SC",
    "Source Han Sans SC",
    "WenQuanYi Micro Hei",
    "Microsoft YaHei",
    "PingFang SC",
)

@dataclass(frozen=True)
class Underline:
    line: int
    start: int  # offsets in the line's block
    end: int
    text: str
    colour: QColor


def _wave(painter: QPainter, x1: int, x2: int, y: int) -> None:
    """A wavy underline from x1 to x2 at baseline y (2 px high, 4 px period)."""
    if x2 <= x1:
        x2 = x1 + 6
    painter.drawPath(_wave_path(x2 - x1).translated(x1, y))


@lru_cache(maxsize=512)
def _wave_path(width: int) -> QPainterPath:
    """The wave `width` px long from (0, 0) (made once a width: ~30 lineTo calls a wave, at every paint)."""
    path = QPainterPath()
    path.moveTo(0, 0)
    x, up = 0, True
    while x < width:
        x = min(x + 2, width)
        path.lineTo(x, -2 if up else 0)
        up = not up
    return path


def _caret_rect(place: QRectF, layout: QTextLayout, position: int) -> QRect | None:
    """QPlainTextEdit.cursorRect of the caret at `position` of a block laid out at `place` (its geometry on the
    viewport), read off the block's layout: two QTextCursors placed for each underline at every paint cost ~50 µs."""
    line = layout.lineForTextPosition(position)
    if not line.isValid():
        return None
    x = line.cursorToX(position)
    return QRectF(place.left() + (x[0] if isinstance(x, tuple) else x), place.top() + line.y(), 1,
                  line.height()).toRect()


def word_length(text: str, start: int, cap: int = 40) -> int:
    """Length of the run at `start` of the same kind (CJK, Latin/digits, other non-space), at least 1."""
    if start >= len(text):
        return 1

    def kind(c: str) -> int:
        if "\u4e00" <= c <= "\u9fff":
            return 1
        if c.isalnum() or c in "._-:/%,~":
            return 2
        return 0 if c.isspace() else 3

    k = kind(text[start])
    end = start + 1
    while end < len(text) and end - start < cap and kind(text[end]) == k and k != 0:
        end += 1
    return end - start


# A character Qt counts as two (UTF-16 units): found by a regex, not `max(text)`, which makes an object of every
# CJK character it reads (writing 3,900 figures of an 8 MB survey: 65 ms of max).
_TWO_UNITS = re.compile("[\U00010000-\U0010FFFF]")


def qt_offset(text: str, index: int) -> int:
    """Qt's offset (UTF-16 units) of the character at Python index `index` of a line: an emoji such as 🚀 is
    one character to the analysis and two to Qt, so every column the analysis reports is converted."""
    if index <= 0 or _TWO_UNITS.search(text, 0, index) is None:
        return index
    return index + len(_TWO_UNITS.findall(text, 0, index))


def text_index(text: str, offset: int) -> int:
    """The Python index in a line of Qt's offset `offset` (the inverse of qt_offset)."""
    if _TWO_UNITS.search(text) is None:
        return offset
    units = 0
    for i, c in enumerate(text):
        if units >= offset:
            return i
        units += 2 if c > "\uffff" else 1
    return len(text)


def pick_editor_font(preferred: str = "", point_size: int = 11) -> QFont:
    """The configured font if installed, else the first CJK-capable font found, else the system fixed font."""
    families = set(QFontDatabase.families())
    for name in ((preferred,) if preferred else ()) + CJK_FONT_PREFERENCE:
        if name and name in families:
            font = QFont(name, point_size)
            font.setStyleHint(QFont.StyleHint.TypeWriter)
            return font
    font = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
    font.setPointSize(point_size)
    return font


class _LineNumberArea(QWidget):
    def __init__(self, editor: "CodeEditor") -> None:
        super().__init__(editor)
        self._editor = editor

    def sizeHint(self) -> QSize:
        return QSize(self._editor.line_number_area_width(), 0)

    def paintEvent(self, event) -> None:
        self._editor.paint_line_numbers(event)



def visible_blocks(view: QPlainTextEdit) -> Iterator[QTextBlock]:
    """The blocks of a plain-text view that are on screen, first to last."""
    block = view.firstVisibleBlock()
    height = view.viewport().height()
    top = view.blockBoundingGeometry(block).translated(view.contentOffset()).top()
    while block.isValid() and top <= height:
        yield block
        top += view.blockBoundingRect(block).height()
        block = block.next()

class CodeEditor(QPlainTextEdit):
    """QPlainTextEdit with line numbers, problem underlines and file drops."""

    files_dropped = Signal(list)  # list[Path]
    MAX_SELECTIONS = 1500

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("editor")
        self.say: Callable[[str], str] = str  # problem messages in the user's language (set by the window)
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.setWordWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
        self.setTabStopDistance(32)
        self._numbers = _LineNumberArea(self)
        self._spans = SpanRuns()
        self._mark_colours: dict[tuple[str, int], QColor] = {}  # (level, the palette's cacheKey) -> mark_colour
        self._shown_range: tuple[int, int] | None = None
        self._composing_over_selection = False  # a composition began over a selection (inputMethodEvent)
        self._underlines: list | None = None
        self._marks_now: dict[int, str] | None = None  # the gutter marks of the lines shown (made with the underlines)
        # Where the places of the analysed text are now (set by the window; None: not edited since the analysis).
        # The spans are the analysis' and keep its lines: after an Enter above them, until the next analysis
        # (seconds on a long survey), they were underlined and marked on the line above their text.
        self.places_since_analysis: Callable[[], Any] = lambda: None
        self.document().contentsChange.connect(self._text_edited)
        self.blockCountChanged.connect(self._update_number_width)
        self.updateRequest.connect(self._on_update_request)
        self.cursorPositionChanged.connect(self._refresh_selections)
        self._update_number_width()

    def forget_selections(self) -> None:
        """Drop the underlines before the whole text is replaced; the next analysis brings them back."""
        self._underlines = []
        self.viewport().update()

    # ----- problems -----
    def set_problems(self, spans: SpanRuns | Iterable[ProblemSpan]) -> None:
        """Show these spans: in runs each in text order (made off the GUI thread), or in any order."""
        self._spans = spans if isinstance(spans, SpanRuns) else SpanRuns.of(spans)
        self._shown_range = None
        self._underlines = None
        self._refresh_selections()
        self._numbers.update()

    def problems(self) -> list[ProblemSpan]:
        """Every span shown, in text order."""
        return list(self._spans.ordered())

    def next_problem(self, here: tuple[int, int], forward: bool = True,
                     place: Callable[[int, int], tuple[int, int]] | None = None
                     ) -> tuple[ProblemSpan, tuple[int, int]] | None:
        """The span after (before) `here`, round to the first (last), and where it is (`place`: now); see
        SpanRuns.next_to."""
        return self._spans.next_to(here, forward, place)

    def problems_at(self, line: int, column: int) -> list[ProblemSpan]:
        """The spans at a place of the text as it is now."""
        out = []
        for s, at_line, at_column in self._spans_now(line, line):
            if at_line != line:
                continue
            end = at_column + s.length if s.length >= 0 else 1 << 30
            if at_column <= column <= max(end, at_column + 1):
                out.append(s)
        return out

    def _spans_now(self, first: int, last: int, limit: int | None = None) -> list[tuple[ProblemSpan, int, int]]:
        """(span, line, column) of the spans now on lines first..last (the text edited since the analysis: each
        span followed to where its text went; `limit`: at most that many spans looked at)."""
        places = self.places_since_analysis()
        reach = places.reach if places is not None else 0
        near = self._spans.on_lines(first - reach, last + reach, limit)
        if places is None:
            return [(s, s.line, s.column) for s in near]
        out = []
        for s in near:
            line, column = places.now(s.line, s.column)
            if first <= line <= last:
                out.append((s, line, column))
        return out

    def _text_edited(self, *_args) -> None:
        if self._spans:
            self._underlines = None  # built again where the spans' text now is
            self._marks_now = None

    def visible_line_range(self) -> tuple[int, int]:
        """First and last visible line (1-based)."""
        first = last = self.firstVisibleBlock().blockNumber() + 1
        for block in visible_blocks(self):
            last = block.blockNumber() + 1
        return first, last

    def _refresh_selections(self) -> None:
        """Current-line highlight (an ExtraSelection without a selection) and, when needed, fresh underlines.

        Problem underlines are painted by paintEvent, not handed to Qt as ExtraSelections: selections kept by Qt
        across a whole-text rewrite and its undo made PySide6 6.11 crash inside setExtraSelections.
        """
        current = QTextEdit.ExtraSelection()
        colour = self.palette().color(QPalette.ColorRole.Highlight)
        colour.setAlpha(28)
        current.format.setBackground(colour)
        current.format.setProperty(QTextFormat.Property.FullWidthSelection, True)
        cursor = self.textCursor()
        cursor.clearSelection()
        current.cursor = cursor
        if self._underlines is None:
            self._underlines = self._build_underlines()
            self.viewport().update()
        self.setExtraSelections([current])

    def gutter_marks(self) -> dict[int, str]:
        """Line -> the worst level of its problems, for the lines shown (the margin's marks)."""
        self._underlines_now()
        return dict(self._marks_now or {})

    def _underlines_now(self) -> list[Underline]:
        """The underlines of the lines shown (made again after an edit, a scroll far or a resize)."""
        if self._underlines is None and self._spans:
            self._underlines = self._build_underlines()
        return self._underlines or []

    def underlines(self) -> list[Underline]:
        """The underlines drawn now (spans near the visible lines)."""
        if self._underlines is None:
            self._underlines = self._build_underlines()
        return list(self._underlines)

    def _build_underlines(self) -> list[Underline]:
        """Underlines for the spans near the visible lines, as (block, start, end) offsets in that block."""
        out: list[Underline] = []
        self._marks_now = None
        if not self._spans:
            return out
        first, last = self.visible_line_range()
        first, last = max(1, first - 20), last + 20
        spans = self._spans_now(first, last, self.MAX_SELECTIONS)
        # The gutter's marks of these lines: the worst level on each (every span there, unless edited since the
        # analysis: then those followed to where their text went, as the underlines)
        self._marks_now = worst_levels(
            [(s, line) for s, line, _column in spans] if self.places_since_analysis() is not None
            else [(s, s.line) for s in self._spans.on_lines(first, last)])
        doc = self.document()
        for s, line, column in spans:
            block = doc.findBlockByNumber(line - 1)
            if not block.isValid():
                continue
            text = block.text()
            length = len(text)
            start = min(max(column - 1, 0), length)
            if s.length < 0:
                end = length
            elif s.length == 0:
                end = start + word_length(text, start)
            else:
                end = min(start + s.length, length)
            if end <= start:
                start, end = max(0, length - 1), length
                if end <= start:
                    continue
            out.append(Underline(line, start, end, text[start:end],
                                 self.mark_colour(s.level)))
        return out

    def paintEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().paintEvent(event)
        underlines = self._underlines_now()
        if not underlines:
            return
        painter = QPainter(self.viewport())
        doc = self.document()
        height = self.viewport().height()
        # Only the lines in the painted part are looked at (the underlines are made for 20 lines more each side, and
        # a blinking caret paints a 10x20 px rect): 32 underlines placed by two QTextCursors each cost 4 ms a paint
        area = event.rect()
        top, bottom = max(0, area.top()) - 2, min(height, area.bottom()) + 2
        offset = self.contentOffset()
        pens: dict[int, QPen] = {}
        lines: dict[int, list | None] = {}  # line -> [block, its text, where it is (once asked)]; None: not shown
        for u in underlines:
            seen = lines.get(u.line, False)
            if seen is False:
                block = doc.findBlockByNumber(u.line - 1)
                seen = lines[u.line] = [block, block.text(), None] if block.isValid() and block.isVisible() else None
            if seen is None or len(seen[1]) < u.end:
                continue
            block, text, place = seen
            if place is None:
                place = seen[2] = self.blockBoundingGeometry(block).translated(offset)  # (lays the block out)
            if place.bottom() < top or place.top() > bottom:
                continue
            layout = block.layout()
            r1, r2 = (_caret_rect(place, layout, qt_offset(text, u.start)),
                      _caret_rect(place, layout, qt_offset(text, u.end)))
            if r1 is None or r2 is None:  # (not laid out: as the caret would be placed)
                c1, c2 = self.underline_cursors(block, u)
                r1, r2 = self.cursorRect(c1), self.cursorRect(c2)
            if r1.bottom() < 0 or r1.top() > height:
                continue
            pen = pens.get(u.colour.rgba())
            if pen is None:
                pen = pens[u.colour.rgba()] = QPen(u.colour)
                pen.setWidthF(1.2)
            painter.setPen(pen)
            if r1.top() == r2.top():
                _wave(painter, r1.left(), r2.left(), r1.bottom())
            else:  # wrapped: to the end of the first visual line, then from the start of the last one
                _wave(painter, r1.left(), self.viewport().width() - 4, r1.bottom())
                _wave(painter, 4, r2.left(), r2.bottom())
        painter.end()

    @staticmethod
    def underline_cursors(block, u: Underline) -> tuple[QTextCursor, QTextCursor]:
        """Cursors at the start and the end of an underline (its offsets are characters, Qt's are UTF-16)."""
        text = block.text()
        c1 = QTextCursor(block)
        c1.setPosition(block.position() + qt_offset(text, u.start))
        c2 = QTextCursor(block)
        c2.setPosition(block.position() + qt_offset(text, u.end))
        return c1, c2

    def _on_update_request(self, rect: QRect, dy: int) -> None:
        if dy:
            self._numbers.scroll(0, dy)
        else:
            self._numbers.update(0, rect.y(), self._numbers.width(), rect.height())
        if rect.contains(self.viewport().rect()):
            self._update_number_width()
        if self._spans:
            first = self.firstVisibleBlock().blockNumber()
            if self._shown_range is None or abs(first - self._shown_range[0]) > 10:
                self._shown_range = (first, first)
                self._underlines = None
                self._refresh_selections()

    # ----- line numbers -----
    def line_number_area_width(self) -> int:
        digits = max(3, len(str(max(1, self.blockCount()))))
        return 14 + self.fontMetrics().horizontalAdvance("9") * digits

    def _update_number_width(self, *_args) -> None:
        self.setViewportMargins(self.line_number_area_width(), 0, 0, 0)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        cr = self.contentsRect()
        self._numbers.setGeometry(QRect(cr.left(), cr.top(), self.line_number_area_width(), cr.height()))
        # Made again for the lines now shown when painted (made here by _refresh_selections, they were set with the
        # current line's highlight, which asked for a second paint of the editor at each step of a drag)
        self._underlines = None

    def mark_colour(self, level: str) -> QColor:
        """The colour of a problem's underline and margin mark, seen on the text and in the margin: the warning
        orange was 2.6:1 on white, the error red 2.9:1 on a dark grey base."""
        pal = self.palette()
        key = (level, pal.cacheKey())  # (a palette's key changes with any of its colours: a theme switched)
        colour = self._mark_colours.get(key)
        if colour is None:  # (asked for every underline the editor shows, after every keystroke: ~10 ms)
            colour = mark_on(mark_on(LEVEL_COLOURS.get(level, LEVEL_COLOURS["warning"]), pal), pal,
                             QPalette.ColorRole.AlternateBase)
            self._mark_colours[key] = colour
        return colour

    def changeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange and hasattr(self, "_numbers"):  # a theme switched
            self._underlines = None  # built again in the new colours
            self.viewport().update()
            self._numbers.update()

    def paint_line_numbers(self, event) -> None:
        painter = QPainter(self._numbers)
        pal = self.palette()
        painter.fillRect(event.rect(), pal.color(QPalette.ColorRole.AlternateBase))
        block = self.firstVisibleBlock()
        number = block.blockNumber()
        top = round(self.blockBoundingGeometry(block).translated(self.contentOffset()).top())
        bottom = top + round(self.blockBoundingRect(block).height())
        current = self.textCursor().blockNumber()
        fh = self.fontMetrics().height()
        self._underlines_now()  # (edited since: the marks go where the spans' text went)
        marks = self._marks_now or {}
        width = self._numbers.width()
        text_colour = pal.color(QPalette.ColorRole.PlaceholderText)
        while block.isValid() and top <= event.rect().bottom():
            if block.isVisible() and bottom >= event.rect().top():
                level = marks.get(number + 1)
                if level:
                    painter.fillRect(0, top, 4, bottom - top, self.mark_colour(level))
                painter.setPen(pal.color(QPalette.ColorRole.Text) if number == current else text_colour)
                painter.drawText(0, top, width - 6, fh, Qt.AlignmentFlag.AlignRight, str(number + 1))
            block = block.next()
            top = bottom
            bottom = top + round(self.blockBoundingRect(block).height())
            number += 1
        painter.end()

    # ----- tooltips -----
    def viewportEvent(self, event) -> bool:
        if event.type() == QEvent.Type.ToolTip:
            cur = self.cursorForPosition(event.pos())
            found = self.problems_at(cur.blockNumber() + 1, self.cursor_column(cur))
            if found:
                QToolTip.showText(event.globalPos(), "\n".join(dict.fromkeys(self.say(s.message) for s in found)), self)
            else:
                QToolTip.hideText()
                event.ignore()
            return True
        return super().viewportEvent(event)

    # ----- navigation -----
    @staticmethod
    def cursor_column(cursor: QTextCursor) -> int:
        """The cursor's 1-based column in characters, as the analysis and `survey-check` count them."""
        return text_index(cursor.block().text(), cursor.positionInBlock()) + 1

    def position_in(self, block: QTextBlock, index: int) -> int:
        """The document position (Qt counts UTF-16 units) of character `index` of `block`, characters counted as the
        analysis and `survey-check` count them."""
        return block.position() + qt_offset(block.text(), index)

    def goto(self, line: int, column: int = 1) -> None:
        """Put the cursor on `line` at `column`, counted in characters as the analysis reports them."""
        block = self.document().findBlockByNumber(max(line, 1) - 1)
        if not block.isValid():
            block = self.document().lastBlock()
        cur = QTextCursor(block)
        cur.setPosition(self.position_in(block, min(max(column - 1, 0), len(block.text()))))
        self.setTextCursor(cur)
        self.centerCursor()
        self.setFocus()

    # ----- input methods -----
    def inputMethodQuery(self, query):  # noqa: N802 (Qt's name)
        """Where the caret is, for an input method's candidate window (pinyin): Qt answers in the viewport's
        coordinates, the input method reads the editor's, so the candidates stood the line numbers' width to the left
        of the caret."""
        value = super().inputMethodQuery(query)
        if query in (Qt.InputMethodQuery.ImCursorRectangle, Qt.InputMethodQuery.ImAnchorRectangle) \
                and isinstance(value, (QRect, QRectF)):
            value = value.translated(self.viewport().pos())
        return value

    def inputMethodEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        """A composition typed over a selection is one undo step with it: Qt removes the selection at the first
        pinyin key and inserts the committed text later, each its own step, so one Ctrl+Z left the selected figure
        deleted (a second brought it back). The commit joins the removal's step."""
        over_selection = self.textCursor().hasSelection()
        if self._composing_over_selection and (event.commitString() or not event.preeditString()):
            self._composing_over_selection = False
            cursor = self.textCursor()
            cursor.joinPreviousEditBlock()
            try:
                super().inputMethodEvent(event)
            finally:
                cursor.endEditBlock()
            return
        super().inputMethodEvent(event)
        if over_selection and event.preeditString() and not event.commitString():
            self._composing_over_selection = True

    # ----- line breaks -----
    def keyPressEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        """Shift+Enter starts a new line like Enter: Qt would insert a soft line break (U+2028) that wraps the line
        on screen but is no line to the survey, so the line numbers shown and those the checks report would part."""
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
            event = QKeyEvent(event.type(), event.key(), event.modifiers() & ~Qt.KeyboardModifier.ShiftModifier,
                              event.text(), event.isAutoRepeat(), event.count())
        super().keyPressEvent(event)

    def insertFromMimeData(self, source) -> None:  # noqa: N802 (Qt's name)
        """Pasted line and paragraph separators (U+2028, U+2029) become real new lines, as above."""
        text = source.text() if source.hasText() else ""
        if "\u2028" in text or "\u2029" in text:
            clean = QMimeData()
            clean.setText(text.replace("\u2028", "\n").replace("\u2029", "\n"))
            source = clean
        super().insertFromMimeData(source)

    # ----- drops -----
    def _local_files(self, mime) -> list[Path]:
        if not mime.hasUrls():
            return []
        return [Path(u.toLocalFile()) for u in mime.urls() if u.isLocalFile()]

    def dragEnterEvent(self, event) -> None:
        if self._local_files(event.mimeData()):
            event.acceptProposedAction()
        else:
            super().dragEnterEvent(event)

    def dragMoveEvent(self, event) -> None:
        if self._local_files(event.mimeData()):
            event.acceptProposedAction()
        else:
            super().dragMoveEvent(event)

    def dropEvent(self, event) -> None:
        files = self._local_files(event.mimeData())
        if files:
            event.acceptProposedAction()
            self.files_dropped.emit(files)
        else:
            super().dropEvent(event)
