"""A one-line label that gives way: cut with "…" to the room it gets, whole in its tooltip.

A QLabel is never narrower than its text: History's "<file name>: 12 snapshots" over a long file name made the
History tab, and with it the panels, wider than a laptop's screen; their right edge (Autosaves, Restore into editor,
the dock's buttons) was cut off.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget


class ElidedLabel(QLabel):
    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self._full = ""
        self.setText(text)

    def text(self) -> str:  # the whole text, as set (what is shown may be cut)
        return self._full

    def setText(self, text: str) -> None:  # noqa: N802 (Qt's name)
        self._full = text
        self.setToolTip(text)
        self._fit()

    def sizeHint(self):  # noqa: N802 (Qt's name): room for the whole text when there is room
        hint = super().sizeHint()
        hint.setWidth(self.fontMetrics().horizontalAdvance(self._full) + 2 * self.margin() + 4)
        return hint

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self._fit()

    def _fit(self) -> None:
        room = self.contentsRect().width() - 2 * self.margin()
        shown = self.fontMetrics().elidedText(self._full, Qt.TextElideMode.ElideMiddle, max(room, 0))
        if shown != super().text():
            super().setText(shown)
