"""The Preview tab's text browser: a link never takes it away from the survey, and images come only from local files.

QTextBrowser follows a relative link ("other.md", "/etc/passwd") by showing that file in place of the survey, and
reads any local path an image names: `![](/dev/zero)` read until memory ran out and took the editor down."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from PySide6.QtCore import QByteArray, QEvent, QUrl
from PySide6.QtGui import QDesktopServices, QImage, QPalette, QTextDocument
from PySide6.QtWidgets import QTextBrowser, QWidget

from editor_app.ui.theme import on_base

MAX_IMAGE_BYTES = 20 * 1024 * 1024
EXTERNAL_SCHEMES = ("http", "https", "mailto")


def local_image_path(url: QUrl, folder: Path | None) -> Path | None:
    """The file an image URL names: a local path, a relative one read from the survey's folder; None for the rest."""
    if url.scheme() not in ("", "file") or url.host():
        return None
    raw = url.toLocalFile() if url.scheme() == "file" else url.path()
    if not raw:
        return None
    path = Path(raw)
    if not path.is_absolute():
        if folder is None:
            return None  # an untitled survey has no folder; the program's working folder is no stand-in
        path = folder / path
    return path


class PreviewBrowser(QTextBrowser):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.folder: Path | None = None
        self._images: dict[Path, tuple[tuple[int, int], QImage]] = {}
        self.html = ""
        self.setOpenLinks(False)
        self.anchorClicked.connect(self.follow_link)
        self._style_links()

    def show_html(self, html: str) -> None:
        self.html = html
        self.setHtml(html)

    def changeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange and self._style_links() and self.html:
            keep = self.verticalScrollBar().value()
            self.setHtml(self.html)
            self.verticalScrollBar().setValue(keep)

    def _style_links(self) -> bool:
        """Links in a colour that reads on the palette's base: a dark theme that keeps Qt's blue link colour drew
        them dark blue on near-black. True when the colour changed."""
        colour = on_base(self.palette().color(QPalette.ColorRole.Link), self.palette()).name()
        sheet = f"a[href] {{ color: {colour}; }}"
        if self.document().defaultStyleSheet() == sheet:
            return False
        self.document().setDefaultStyleSheet(sheet)
        return True

    def follow_link(self, url: QUrl) -> None:
        """A web or mail link opens outside; '#anchor' scrolls the preview; anything else does nothing."""
        if url.scheme() in EXTERNAL_SCHEMES:
            QDesktopServices.openUrl(url)
        elif not url.scheme() and not url.path() and url.fragment():
            self.scrollToAnchor(url.fragment())

    def loadResource(self, kind: int, url: QUrl):  # noqa: N802 (Qt's name)
        """Images from regular local files only (never a device, a pipe or the network), each read once per change:
        the preview is drawn again after every pause in typing. What is refused is an empty answer, never None:
        on None, QTextDocument reads the path itself."""
        if kind != QTextDocument.ResourceType.ImageResource.value:
            return QByteArray()
        path = local_image_path(url, self.folder)
        if path is None:
            return QImage()
        try:
            info = os.stat(path)
        except (OSError, ValueError):
            return QImage()
        if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_IMAGE_BYTES:
            return QImage()
        key = (info.st_mtime_ns, info.st_size)
        cached = self._images.get(path)
        if cached is not None and cached[0] == key:
            return cached[1]
        image = QImage(str(path))
        self._images[path] = (key, image)
        return image
