"""The section outline beside the editor: every heading, indented by level; a click jumps there. A sub-section left
under another top section's number (`8.1` under `九、`, document.Stray) is no section, but it is shown where it sits,
marked, so that it can be seen and gone to."""

from __future__ import annotations

import bisect
from itertools import compress, repeat
from operator import add, attrgetter, itemgetter
from typing import Any, Sequence

from PySide6.QtCore import QCoreApplication, QEvent, QModelIndex, QStringListModel, Signal
from PySide6.QtWidgets import QListView, QToolTip, QVBoxLayout, QWidget

from editor_app.core.document import Stray, place_name, repeated_numbers
from editor_app.core.model import Analysis
from editor_app.ui.focus_ring import FocusRing


class OutlineModel(QStringListModel):
    """The outline's rows, their labels held by Qt: painting the list calls no Python, so it never waits for the GIL
    (a Python model's ~840 data/rowCount calls per repaint each waited for the analysis worker to let go of it:
    0.2-0.5 s stalls when the outline followed the cursor during an analysis of an 8 MB survey)."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._rows: list[Any] = []  # the SectionMetrics (and Strays) shown, row by row
        self._repeated: dict[str, tuple[int, ...]] | None = None

    @property
    def rows(self) -> list[Any]:
        return self._rows

    @rows.setter
    def rows(self, rows: list[Any]) -> None:  # a new analysis: its headings' lines may have moved
        self._rows = rows
        self._repeated = None

    def repeated(self) -> dict[str, tuple[int, ...]]:
        """repeated_numbers of the rows, worked out on the first tooltip after an analysis, not on every hover (a pass
        over all the sections: 9,300 of them in an 8 MB survey)."""
        if self._repeated is None:
            self._repeated = repeated_numbers([sm.section for sm in self._rows if not isinstance(sm, Stray)])
        return self._repeated

    def set_rows(self, rows: Sequence[Any], labels: Sequence[str]) -> None:
        """New rows; as many as before: only the changed labels are replaced (the view keeps scroll and selection)."""
        rows, labels = list(rows), list(labels)
        if rows and len(rows) == len(self.rows):
            self.rows = rows
            changed = [i for i, (old, new) in enumerate(zip(self.stringList(), labels)) if old != new]
            if changed:
                self.blockSignals(True)  # one dataChanged for the span, not one per row
                try:
                    for i in changed:
                        self.setData(self.index(i), labels[i])
                finally:
                    self.blockSignals(False)
                self.dataChanged.emit(self.index(changed[0]), self.index(changed[-1]))
            return
        self.rows = rows
        self.setStringList(labels)


class _OutlineView(QListView):
    """The list, showing each section's number, title and lines as its tooltip."""

    def viewportEvent(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip:
            index = self.indexAt(event.pos())
            rows = self.model().rows
            if index.isValid() and index.row() < len(rows):
                row = rows[index.row()]
                tip = stray_tip(row) if isinstance(row, Stray) else section_tip(row, self.model().repeated())
                QToolTip.showText(event.globalPos(), tip, self.viewport(), self.visualRect(index))
            else:
                QToolTip.hideText()
                event.ignore()
            return True
        return super().viewportEvent(event)


class OutlinePanel(FocusRing, QWidget):  # Tab stays in the outline (FocusRing), Esc goes back to writing
    jump_requested = Signal(int, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("outline_panel")
        self.model = OutlineModel(self)
        self.view = _OutlineView(self)
        self.view.setObjectName("outline_view")
        self.view.setAccessibleName(self.tr("Outline: the survey's sections"))
        self.view.setModel(self.model)
        self.view.setUniformItemSizes(True)
        self.view.clicked.connect(self._clicked)
        self.view.activated.connect(self._clicked)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.view)
        self._signature: tuple = ()
        self._starts: list[int] = []

    def show_analysis(self, analysis: Analysis, signature: tuple | None = None, rows: list[Any] | None = None,
                      starts: list[int] | None = None, labels: list[str] | None = None) -> None:
        """Only a change in what the rows show repaints them: any dataChanged makes a QListView lay out every row
        again (~140 ms for an 8 MB survey's 9,300 sections), and an Enter moves every later section's lines.
        `rows`, `starts`, `labels`: outline_rows, the line each starts on and outline_labels of the signature, when
        the worker made them."""
        sig = signature if signature is not None else outline_signature(analysis)
        rows = outline_rows(analysis) if rows is None else rows
        self._starts = starts if starts is not None and len(starts) == len(rows) else []
        if sig == self._signature:
            self.model.rows = rows  # same labels: keep the view's scroll and selection
            return
        self._signature = sig
        self.model.set_rows(rows, labels if labels is not None and len(labels) == len(sig) else outline_labels(sig))

    def follow_cursor(self, line: int) -> None:
        """Select the innermost section containing `line` (without moving the cursor)."""
        rows = self.model.rows
        if not rows:
            return
        if len(self._starts) != len(rows):
            self._starts = [row_lines(row)[0] for row in rows]
        i = bisect.bisect_right(self._starts, line) - 1
        while i >= 0 and row_lines(rows[i])[1] < line:
            i -= 1
        if i < 0:
            self.view.clearSelection()
            return
        index = self.model.index(i, 0)
        if self.view.currentIndex() != index:
            self.view.setCurrentIndex(index)
            self.view.scrollTo(index)

    def _clicked(self, index: QModelIndex) -> None:
        rows = self.model.rows
        row = rows[index.row()] if index.isValid() and index.row() < len(rows) else None
        if row is not None:
            self.jump_requested.emit(row_lines(row)[0], 1)


def outline_rows(analysis: Analysis) -> list[Any]:
    """The outline's rows in text order: the sections, and the strays where they sit (a numbered Markdown heading
    under another number, "## 2.1" under "# 3", is a section too: shown once, as the stray it is)."""
    if not analysis.strays:
        return list(analysis.sections)
    at = {s.line for s in analysis.strays}
    return sorted([*(sm for sm in analysis.sections if sm.section.line not in at), *analysis.strays], key=row_lines)


def row_starts(analysis: Analysis, rows: list[Any]) -> list[int]:
    """The line each of the analysis' outline rows (outline_rows) starts on."""
    if not analysis.strays:
        return list(map(_SECTION_LINE, rows))  # (in C: ~10 ms a Python step at a time for 9,300 sections)
    return [row_lines(row)[0] for row in rows]


_SECTION_LINE = attrgetter("section.line")


def row_lines(row: Any) -> tuple[int, int]:
    """(first, last line) of an outline row: a section's, or a stray's up to the next heading."""
    if isinstance(row, Stray):
        return row.line, row.end_line
    return row.section.line, row.section.end_line


def outline_labels(signature: tuple) -> list[str]:
    """Each row's text, from the outline's signature (9,300 sections of an 8 MB survey: ~30 ms, made in the worker)."""
    return [section_label(*entry) for entry in signature]


def section_label(level: int, number: str, title: str, repeated: bool = False, stray: str = "") -> str:
    """A row's text: the section's number and title, indented by its level; a number another heading has too is
    marked (a § reference to it names either), and so is a sub-section under another top section's number
    (`stray`: that section as the survey numbers it, "§八")."""
    indent = "    " * max(level - 1, 0)
    if stray:
        return indent + f"⚠ {number} {title}".strip() + " — " + QCoreApplication.translate(
            "OutlinePanel", "numbered for %1").replace("%1", stray)
    if repeated:  # (the mark first: a narrow outline elides the end of a row)
        return indent + f"⚠ {number} {title}".strip() + " — " + QCoreApplication.translate("OutlinePanel",
                                                                                          "number repeated")
    return indent + f"{number} {title}".strip()


def section_tip(sm: Any, repeated: dict[str, tuple[int, ...]] | None = None) -> str:
    s = sm.section
    tip = f"{s.number} {s.title}\nL{s.line}–{s.end_line}".strip()
    lines = (repeated or {}).get(s.key.split("#", 1)[0])
    if lines:
        shown = ", ".join(map(str, lines[:4])) + (", …" if len(lines) > 4 else "")
        tip += "\n" + QCoreApplication.translate(
            "OutlinePanel", "%1 headings have this number (lines %2): a § reference to it is ambiguous."
        ).replace("%1", str(len(lines))).replace("%2", shown)
    return tip


def stray_tip(s: Stray) -> str:
    """A stray's row tip: its lines, and why it is marked."""
    why = QCoreApplication.translate(
        "OutlinePanel", "Numbered for %1 but under §%2 (line %3): renumber it, or move it under %1.")
    why = why.replace("%1", _numbered_for(s)).replace("%2", s.top.lstrip("§")).replace("%3", str(s.top_line))
    return f"{s.number} {s.title}\nL{s.line}–{s.end_line}\n{why}"


def outline_signature(analysis: Analysis) -> tuple:
    """What the outline's rows show (not where the sections are: lines move with every Enter above them)."""
    if analysis.strays:
        repeated = repeated_numbers([sm.section for sm in analysis.sections])
        return tuple((row.number.count(".") + 1, row.number, row.title, False, _numbered_for(row))
                     if isinstance(row, Stray) else
                     (row.section.level, row.section.number, row.section.title,
                      row.section.key.split("#", 1)[0] in repeated)
                     for row in outline_rows(analysis))
    # Worked out in C, a step over all the sections at a time: in a survey pasted many times over every number is
    # repeated, and a Python step per row took ~20 ms of each update of an 8 MB survey's 9,300 sections.
    secs = list(map(_SECTION, analysis.sections))
    keys = list(map(_KEY, secs))
    numbers = list(map(_BEFORE_HASH, map(str.partition, keys, repeat("#"))))  # "3.1#2" -> "3.1"
    # a repeated number: one whose later headings are keyed "3.1#2", … and whose first one is keyed "3.1" (as
    # document.repeated_numbers has them)
    shared = set(compress(numbers, map(str.__contains__, keys, repeat("#")))).intersection(keys)
    if not shared:
        return tuple(map(_SHOWN, secs))
    return tuple(map(add, map(_SHOWN, secs), zip(map(shared.__contains__, numbers))))


_SECTION = attrgetter("section")
_SHOWN = attrgetter("level", "number", "title")
_KEY = attrgetter("key")
_BEFORE_HASH = itemgetter(0)


def _numbered_for(s: Stray) -> str:
    """The top section a stray's number is for, numbered as the one holding it is ("8.1" under "九、" -> "§八",
    "2.1" under "# 3" -> "§2"), as the engine's finding names it."""
    top = s.number.split(".")[0]
    first = s.top.lstrip("§")[:1]
    chinese = bool(first) and first in "一二三四五六七八九十"
    return place_name(str(int(top)), None, chinese) if top.isdecimal() else "§" + top
