"""Status icons drawn in code (a coloured disc with a sign), so they look the same on every theme and platform."""

from __future__ import annotations

from functools import lru_cache

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QIcon, QPainter, QPixmap

from editor_app.ui.theme import BLUE, GREEN, GREY, ORANGE, RED  # noqa: F401 (the status colours, named here too)

STATUS_LOOK = {
    "pass": (GREEN, "✓"),
    "ok": (GREEN, "✓"),
    "verified": (GREEN, "✓"),
    "fail": (RED, "✗"),
    "wrong": (RED, "✗"),
    "disagrees": (ORANGE, "≠"),
    "not-measured": (GREY, "?"),
    "no-match": (ORANGE, "∅"),
    "suppressed": (BLUE, "–"),
    "note": (BLUE, "i"),
    "unknown": (GREY, "?"),
}

REFERENCE_COLOURS = {"ok": GREEN, "warn": ORANGE, "fail": RED, "none": GREY}  # core/reference_verdicts.py's levels


@lru_cache(maxsize=64)
def status_icon(status: str, size: int = 16) -> QIcon:
    colour, sign = STATUS_LOOK.get(status, (GREY, "?"))
    icon = QIcon()
    for scale in (1, 2):
        pm = QPixmap(size * scale, size * scale)
        pm.setDevicePixelRatio(scale)
        pm.fill(Qt.GlobalColor.transparent)
        p = QPainter(pm)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(colour)
        p.drawEllipse(QRectF(1, 1, size - 2, size - 2))
        font = QFont()
        font.setBold(True)
        font.setPixelSize(int(size * 0.7))
        p.setFont(font)
        p.setPen(QColor("white"))
        p.drawText(QRectF(0, 0, size, size), Qt.AlignmentFlag.AlignCenter, sign)
        p.end()
        icon.addPixmap(pm)
    return icon
