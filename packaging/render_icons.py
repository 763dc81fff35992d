"""Render the hand-drawn SVG application icon to the PNG sizes desktops and packagers ask for.

Run from the repository root: `python packaging/render_icons.py`. The PNGs are committed, so this only
needs running after the SVG changes.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APP_ID = "io.github.surveyeditor.SurveyEditor"
ICON_DIR = ROOT / "resources" / "icons"
SVG = ICON_DIR / f"{APP_ID}.svg"
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)


def png_path(size: int, icon_dir: Path = ICON_DIR) -> Path:
    """Where the PNG of one size lives: a freedesktop hicolor layout a packager can copy as is."""
    return icon_dir / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"


def render(svg: Path = SVG, sizes: tuple[int, ...] = SIZES, icon_dir: Path = ICON_DIR) -> list[Path]:
    """Render `svg` once per size onto a transparent square; returns the written paths."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])  # noqa: F841 - QPainter needs one
    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise SystemExit(f"not a valid SVG: {svg}")
    written = []
    for size in sizes:
        image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        renderer.render(painter)
        painter.end()
        out = png_path(size, icon_dir)
        out.parent.mkdir(parents=True, exist_ok=True)
        if not image.save(str(out), "PNG"):
            raise SystemExit(f"could not write {out}")
        written.append(out)
    return written


if __name__ == "__main__":
    for path in render():
        print(path.relative_to(ROOT))
