"""The side-by-side diff (History, the crash-recovery offer) in the palette's colours.

Its line numbers were grey #888 fixed in the HTML: 3.5:1 on white. They are now styled here, from the palette, and
the diff is laid out again when the theme changes while the program runs."""

from __future__ import annotations

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QTextBrowser, QWidget

from editor_app.core.textdiff import in_stretches
from editor_app.ui.theme import GREY, on_base


class DiffBrowser(QTextBrowser):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._html = ""
        self._style()

    def _style(self) -> bool:
        """True when the style changed."""
        sheet = f"td.ln {{ color: {on_base(GREY, self.palette()).name()}; }}"  # textdiff.side_by_side_html's numbers
        if self.document().defaultStyleSheet() == sheet:
            return False
        self.document().setDefaultStyleSheet(sheet)
        return True

    def setHtml(self, html: str) -> None:  # noqa: N802 (Qt's name)
        """The table in stretches (textdiff.in_stretches): laid out as they come on screen, not whole at once."""
        self._html = in_stretches(html)
        super().setHtml(self._html)

    def setPlainText(self, text: str) -> None:  # noqa: N802 (Qt's name)
        self._html = ""
        super().setPlainText(text)

    def clear(self) -> None:
        self._html = ""
        super().clear()

    def changeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange and self._style() and self._html:
            keep = self.verticalScrollBar().value()
            super().setHtml(self._html)
            self.verticalScrollBar().setValue(keep)
