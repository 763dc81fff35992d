"""The window's status bar: passing messages ("Saved …") appear beside the headline instead of hiding it.

QStatusBar.showMessage hides every normal widget while a message shows, and the headline (the survey's rules at a
glance) is one: after a save, a restore or "Update self-check figures" it vanished for up to 15 s, just when the
author looks for the new figures.
"""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QLabel, QSizePolicy, QStatusBar, QWidget


class StatusBar(QStatusBar):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.message_label = QLabel(self)
        self.message_label.setObjectName("status_message")
        self.message_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.clearMessage)

    def add_headline(self, headline: QLabel) -> None:
        """The headline first (never squeezed below its text), then the passing messages in what is left."""
        self.addWidget(headline)
        self.addWidget(self.message_label, 1)

    def showMessage(self, text: str, timeout: int = 0, detail: str = "") -> None:  # noqa: N802 (Qt's name)
        """`detail`: the whole of a message too long for the bar, in its tooltip (`text` is what the bar shows)."""
        self.message_label.setText(text)
        self.message_label.setToolTip(detail or text)
        if timeout > 0:
            self._timer.start(timeout)
        else:
            self._timer.stop()
        self.messageChanged.emit(text)

    def currentMessage(self) -> str:  # noqa: N802 (Qt's name)
        return self.message_label.text()

    def clearMessage(self) -> None:  # noqa: N802 (Qt's name)
        self._timer.stop()
        if self.message_label.text():
            self.message_label.clear()
            self.message_label.setToolTip("")
            self.messageChanged.emit("")
