"""Windows and dialogs sized to the screen they open on.

A fixed size (the window's 1440×900, a dialog's 900×560) or a layout saved on a big monitor put the status bar and a
dialog's buttons below the bottom of a 1366×768 laptop, or of any screen scaled to 150 % (911×512 logical pixels).
"""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget

FRAME_ALLOWANCE = QSize(16, 40)  # the title bar and borders the desktop adds around a window, before it is shown


def available_area(widget: QWidget) -> QRect:
    """The part of the widget's screen (else the primary one) windows may use: without the panels and the dock."""
    screen = widget.screen() or QGuiApplication.primaryScreen()
    return screen.availableGeometry() if screen is not None else QRect(0, 0, 1440, 900)


def fitted_size(widget: QWidget, wanted: QSize) -> QSize:
    """`wanted`, made smaller where the screen is, its frame included."""
    room = available_area(widget).size() - FRAME_ALLOWANCE
    return wanted.boundedTo(room).expandedTo(QSize(200, 150))


def fit_minimum(widget: QWidget, wanted: QSize) -> None:
    """A minimum size never larger than the screen: at 150 % on 1366×768 a 560 px minimum hid the status bar."""
    widget.setMinimumSize(fitted_size(widget, wanted))


def resize_to_fit(widget: QWidget, wanted: QSize) -> None:
    widget.resize(fitted_size(widget, wanted))

