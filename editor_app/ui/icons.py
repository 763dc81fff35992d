"""Status icons drawn in code (a coloured disc with a sign), so they look the same on every platform.

The disc is the status colour as a mark on the table's background (seen at 3:1, darkened or lightened as
theme.mark_on does), and its sign white where white reads on it at 3:1, else near-black: a white sign on the orange
disc was 2.7:1."""

from __future__ import annotations

from functools import lru_cache

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QGuiApplication, QIcon, QPainter, QPalette, QPixmap

from editor_app.ui.theme import BLUE, GREEN, GREY, ORANGE, RED  # noqa: F401 (the status colours, named here too)
from editor_app.ui.theme import UI_MARK, contrast, readable

LIGHT_SIGN = QColor("white")
DARK_SIGN = QColor(29, 29, 31)

STATUS_LOOK = {
    "pass": (GREEN, "✓"),
    "ok": (GREEN, "✓"),
    "verified": (GREEN, "✓"),
    "fail": (RED, "✗"),
    "warning": (ORANGE, "!"),  # a warning-level rule that fails: said, blocks nothing
    "wrong": (RED, "✗"),
    "estimate": (RED, "≈"),  # a figure stated as an estimate (house rule 9): counted with the wrong ones
    "disagrees": (ORANGE, "≠"),
    "ambiguous": (ORANGE, "?"),  # a figure about a section number two headings share: not measured
    "not-measured": (GREY, "?"),
    "no-match": (ORANGE, "∅"),
    "suppressed": (BLUE, "–"),
    "note": (BLUE, "i"),
    "unknown": (GREY, "?"),
}

REFERENCE_COLOURS = {"ok": GREEN, "warn": ORANGE, "fail": RED, "none": GREY}  # core/reference_verdicts.py's levels


def status_colours(status: str, background: QColor) -> tuple[QColor, QColor]:
    """(disc, sign) of a status's icon drawn on `background`."""
    colour, _ = STATUS_LOOK.get(status, (GREY, "?"))
    disc = readable(colour, background, UI_MARK)
    sign = LIGHT_SIGN if contrast(LIGHT_SIGN, disc) >= UI_MARK else DARK_SIGN
    return disc, sign


def status_icon(status: str, size: int = 16) -> QIcon:
    """The icon for the tables' Base colour in the palette now (a theme switched while the program runs is followed
    when the table repaints)."""
    base = QGuiApplication.palette().color(QPalette.ColorRole.Base)
    return _status_icon(status, size, base.rgba())


@lru_cache(maxsize=128)
def _status_icon(status: str, size: int, base_rgba: int) -> QIcon:
    disc, sign_colour = status_colours(status, QColor.fromRgba(base_rgba))
    sign = STATUS_LOOK.get(status, (GREY, "?"))[1]
    icon = QIcon()
    for scale in (1, 2):
        pm = QPixmap(size * scale, size * scale)
        pm.setDevicePixelRatio(scale)
        pm.fill(Qt.GlobalColor.transparent)
        p = QPainter(pm)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(disc)
        p.drawEllipse(QRectF(1, 1, size - 2, size - 2))
        font = QFont()
        font.setBold(True)
        font.setPixelSize(int(size * 0.7))
        p.setFont(font)
        p.setPen(sign_colour)
        p.drawText(QRectF(0, 0, size, size), Qt.AlignmentFlag.AlignCenter, sign)
        p.end()
        icon.addPixmap(pm)
    return icon
