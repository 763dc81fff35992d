"""The program's own colours, in one place, and how they are made to read on the user's palette.

They were picked for a white background. On a dark desktop theme the reds of fail / wrong / limit stood as dark red
on near-black (contrast ~2.5): there they are lightened until they read. On a light theme a colour that already
reads is kept exactly; one that does not (the green of "ok", 3.8:1 on white; the orange of "disagrees", 2.7:1) is
darkened until it does. Text needs 4.5:1 (`on_base`, `on_window`), a mark (an underline, a bar, a margin mark) 3:1
(`mark_on`). A theme switched while the program runs is followed (`follow_palette`, `keep_text_colour`).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QWidget

READABLE = 4.5  # the contrast ratio ordinary text needs (WCAG AA)
UI_MARK = 3.0  # the contrast ratio a mark needs to be seen: underlines, margin marks, bars, lines (WCAG AA)

# Status colours: icons (a sign on a disc, see icons.py), table text, the status bar
GREEN = QColor(34, 150, 70)
RED = QColor(210, 45, 45)
ORANGE = QColor(225, 135, 0)
GREY = QColor(128, 128, 128)
BLUE = QColor(40, 120, 220)
# The status bar's headline: white bold text on these (the icons' GREEN under white text was 3.8:1)
HEADLINE_OK = QColor(27, 122, 57)
HEADLINE_FAILING = RED
LIMIT = QColor("#c0392b")  # a rule's limit, the History tab's failing count and its notice
AUTOSAVE = QColor("#7f8c8d")  # an autosave's row in History
PROBLEM = QColor("#c62828")  # what is wrong in a dialog's input (Settings)
TREND = QColor("#3b7dd8")  # the History chart's line
# Problem underlines and margin marks in the editor, by level
LEVEL_COLOURS = {"error": QColor(220, 40, 40), "warning": QColor(230, 140, 0), "info": QColor(40, 120, 220)}
# Chart bars, one colour a series (the line a figure is stated on), in the Figures tab and the report alike; a figure
# that disagrees is outlined in red, so no series is red (a consistent table row drew a solid red bar in the tab beside
# the red-outlined wrong ones, and another colour in the report)
SERIES_COLOURS = ("#3b6ea8", "#e07b39", "#3aa35b", "#9b59b6", "#16a2b8", "#8e6e53", "#7f8c8d")
HIGHLIGHT = "#e02424"
# The Update self-check figures diff: added, removed, hunk lines
DIFF_COLOURS = {"+": "#1e7b34", "-": "#b3261e", "@": "#6b7280"}


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


def readable(colour: QColor, background: QColor, need: float = READABLE) -> QColor:
    """`colour` when it reads on `background`; else mixed with white (a dark background) or black (a light one), a
    tenth at a time, until it does."""
    return QColor.fromRgba(_readable(QColor(colour).rgba(), QColor(background).rgba(), need))


@lru_cache(maxsize=256)
def _readable(colour_rgba: int, background_rgba: int, need: float) -> int:
    """readable() on ARGB numbers, kept: a table asks it for every coloured cell it paints."""
    colour, background = QColor.fromRgba(colour_rgba), QColor.fromRgba(background_rgba)
    towards = 1.0 if is_dark(background) else 0.0
    out = colour
    for step in range(1, 11):
        if contrast(out, background) >= need:
            break
        t = step / 10
        out = QColor.fromRgbF(*(c + (towards - c) * t for c in (colour.redF(), colour.greenF(), colour.blueF())))
    return out.rgba()


def on_base(colour: QColor, palette: QPalette | None = None) -> QColor:
    """For text on the palette's Base (tables, text boxes, charts)."""
    pal = palette or QGuiApplication.palette()
    return readable(colour, pal.color(QPalette.ColorRole.Base))


def on_window(colour: QColor, palette: QPalette | None = None) -> QColor:
    """For text on the palette's Window (labels, the status bar)."""
    pal = palette or QGuiApplication.palette()
    return readable(colour, pal.color(QPalette.ColorRole.Window))


def mark_on(colour: QColor, palette: QPalette | None = None,
            role: QPalette.ColorRole = QPalette.ColorRole.Base) -> QColor:
    """For a mark (an underline, a bar, a line) on the palette's `role`: seen at 3:1."""
    pal = palette or QGuiApplication.palette()
    return readable(colour, pal.color(role), UI_MARK)


class _PaletteFollower(QObject):
    def __init__(self, widget: QWidget) -> None:
        super().__init__(widget)
        self.apply: Callable[[], None] = lambda: None
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.PaletteChange:
            self.apply()
        return False


def follow_palette(widget: QWidget, apply: Callable[[], None]) -> None:
    """Call `apply` now and whenever `widget`'s palette changes (a theme switched while the program runs). A later
    call replaces the earlier `apply`. `apply` may change the widget's palette: it is called again then, so it must
    set nothing when nothing changed."""
    follower = getattr(widget, "_palette_follower", None)
    if follower is None:
        follower = widget._palette_follower = _PaletteFollower(widget)
    follower.apply = apply
    apply()


def keep_text_colour(widget: QWidget, colour: QColor) -> None:
    """`widget`'s text (WindowText) in `colour`, made to read on the application's Window, now and after a theme
    switch. Set in its palette, not a style sheet: a widget with a style sheet is sent no PaletteChange, and kept
    the old theme's colour."""
    def apply() -> None:
        want = on_window(colour)
        if widget.palette().color(QPalette.ColorRole.WindowText) != want:  # setting it sends PaletteChange again
            pal = widget.palette()
            pal.setColor(QPalette.ColorRole.WindowText, want)
            widget.setPalette(pal)

    follow_palette(widget, apply)
