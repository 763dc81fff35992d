"""Status colours that read on the user's palette.

The reds, greens and greys of fail / wrong / limit were picked for a white background. On a dark desktop theme they
stood as dark red on near-black (contrast ~2.5); there they are lightened until they read, and a light theme keeps
them exactly as they were.
"""

from __future__ import annotations

from PySide6.QtGui import QColor, QGuiApplication, QPalette

READABLE = 4.5  # the contrast ratio ordinary text needs (WCAG AA)


def _linear(channel: float) -> float:
    return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4


def luminance(colour: QColor) -> float:
    """Relative luminance (0 black … 1 white)."""
    return (0.2126 * _linear(colour.redF()) + 0.7152 * _linear(colour.greenF())
            + 0.0722 * _linear(colour.blueF()))


def contrast(a: QColor, b: QColor) -> float:
    """The contrast ratio of two opaque colours (1 … 21)."""
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def over(colour: QColor, background: QColor) -> QColor:
    """A translucent colour as it shows over an opaque background."""
    a = colour.alphaF()
    return QColor.fromRgbF(*(a * getattr(colour, c)() + (1 - a) * getattr(background, c)()
                             for c in ("redF", "greenF", "blueF")))


def is_dark(background: QColor) -> bool:
    return luminance(background) < 0.2


def readable(colour: QColor, background: QColor) -> QColor:
    """`colour` on a light background; on a dark one, mixed with white until it reads there."""
    colour = QColor(colour)
    if not is_dark(background):
        return colour
    out = colour
    for step in range(1, 11):
        if contrast(out, background) >= READABLE:
            break
        t = step / 10
        out = QColor.fromRgbF(*(c + (1 - c) * t for c in (colour.redF(), colour.greenF(), colour.blueF())))
    return out


def on_base(colour: QColor, palette: QPalette | None = None) -> QColor:
    """For text on the palette's Base (tables, text boxes, charts)."""
    pal = palette or QGuiApplication.palette()
    return readable(colour, pal.color(QPalette.ColorRole.Base))


def on_window(colour: QColor, palette: QPalette | None = None) -> QColor:
    """For text on the palette's Window (labels, the status bar)."""
    pal = palette or QGuiApplication.palette()
    return readable(colour, pal.color(QPalette.ColorRole.Window))
