"""An input method's events, as fcitx or ibus send them: pinyin shown while composing (preedit), then a commit."""

from __future__ import annotations

from PySide6.QtGui import QInputMethodEvent, QTextCharFormat
from PySide6.QtWidgets import QApplication


def compose(widget, preedit: str) -> None:
    """The pinyin shown, underlined, with the cursor at its end ("" ends a composition cancelled with Esc)."""
    fmt = QTextCharFormat()
    fmt.setFontUnderline(True)
    attrs = [QInputMethodEvent.Attribute(QInputMethodEvent.AttributeType.TextFormat, 0, len(preedit), fmt),
             QInputMethodEvent.Attribute(QInputMethodEvent.AttributeType.Cursor, len(preedit), 1, 0)]
    QApplication.sendEvent(widget, QInputMethodEvent(preedit, attrs if preedit else []))


def commit(widget, text: str) -> None:
    """The chosen characters written, the preedit gone."""
    event = QInputMethodEvent()
    event.setCommitString(text)
    QApplication.sendEvent(widget, event)


def type_pinyin(widget, pinyin: str, text: str) -> None:
    """Pinyin typed key by key, then `text` chosen from the candidates."""
    for n in range(1, len(pinyin) + 1):
        compose(widget, pinyin[:n])
    commit(widget, text)
