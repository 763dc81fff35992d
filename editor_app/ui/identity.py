"""Who the program says it is to the desktop: name, organisation, desktop-file id and icon, all from APP_ID."""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtGui import QGuiApplication, QIcon

from editor_app import APP_ID, APP_NAME, __version__
from editor_app.resources_path import resource_path

ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)


def app_icon() -> QIcon:
    """The application icon: the hand-drawn SVG plus its pre-rendered PNGs (crisp at small sizes, no QtSvg needed)."""
    icon = QIcon()
    icons = resource_path("icons")
    for size in ICON_SIZES:
        png = icons / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
        if png.exists():
            icon.addFile(str(png), QSize(size, size))
    svg = icons / f"{APP_ID}.svg"
    if svg.exists():
        icon.addFile(str(svg))
    return icon


def apply_identity(app: QGuiApplication) -> None:
    """Call right after creating the application: docks, task bars and Wayland match the window to the .desktop file."""
    app.setApplicationName("survey-editor")
    app.setApplicationDisplayName(APP_NAME)
    app.setApplicationVersion(__version__)
    app.setOrganizationName("survey-editor")
    app.setOrganizationDomain("surveyeditor.github.io")
    app.setDesktopFileName(APP_ID)
    app.setWindowIcon(app_icon())
