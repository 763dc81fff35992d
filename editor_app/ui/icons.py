"""Status icons drawn in code (a coloured disc with a sign), so they look the same on every theme and platform."""

from __future__ import annotations

from functools import lru_cache

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QIcon, QPainter, QPixmap

GREEN = QColor(34, 150, 70)
RED = QColor(210, 45, 45)
ORANGE = QColor(225, 135, 0)
GREY = QColor(128, 128, 128)
BLUE = QColor(40, 120, 220)

STATUS_LOOK = {
    "pass": (GREEN, "✓"),
    "ok": (GREEN, "✓"),
    "verified": (GREEN, "✓"),
    "fail": (RED, "✗"),
    "wrong": (RED, "✗"),
    "disagrees": (ORANGE, "≠"),
    "ambiguous": (ORANGE, "?"),  # a figure about a section number two headings share: not measured
    "not-measured": (GREY, "?"),
    "no-match": (ORANGE, "∅"),
    "suppressed": (BLUE, "–"),
    "note": (BLUE, "i"),
    "unknown": (GREY, "?"),
}

STATUS_COLOURS = {
    "verified": GREEN,
    "name mismatch": RED,
    "version not found": RED,
    "not found": RED,
    "malformed": RED,
    "impossible id": RED,
    "withdrawn?": ORANGE,
    "check by hand": ORANGE,
    "name not compared": ORANGE,
    "rate limited": ORANGE,
    "unavailable": ORANGE,
    "unverified": GREY,
}


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
