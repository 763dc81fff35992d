"""The status icons' signs read on their discs (3:1, a graphic's need), on a light and a dark theme.

Before, every sign was white: on the orange disc ("disagrees", "ambiguous", "no-match") it was 2.7:1. The colours
are read from the icon as drawn: the disc beside its sign, and the sign's strongest pixel."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSize
from PySide6.QtGui import QColor, QPalette

from editor_app.ui.icons import STATUS_LOOK, status_icon
from editor_app.ui.theme import UI_MARK, contrast


def _drawn(status: str) -> tuple[QColor, QColor]:
    """(disc, sign) as the 32 px icon shows them."""
    image = status_icon(status).pixmap(QSize(32, 32)).toImage()
    w, h = image.width(), image.height()
    disc = image.pixelColor(w // 2, h // 10 + 2)  # inside the disc, above the sign
    inner = [image.pixelColor(x, y) for x in range(w // 4, 3 * w // 4) for y in range(h // 4, 3 * h // 4)]
    sign = max(inner, key=lambda c: contrast(c, disc))
    assert disc.alpha() == 255 and sign.alpha() == 255
    return disc, sign


def _check(base: QColor) -> None:
    for status in STATUS_LOOK:
        disc, sign = _drawn(status)
        assert contrast(sign, disc) >= UI_MARK, (status, sign.name(), disc.name())  # before: 2.7 on orange
        assert contrast(disc, base) >= UI_MARK, (status, disc.name(), base.name())  # the disc is seen too


def test_the_signs_read_on_their_discs_on_a_light_theme(qapp):
    base = qapp.palette().color(QPalette.ColorRole.Base)
    assert contrast(base, QColor("white")) < 1.2  # the light theme
    _check(base)


def test_the_signs_read_on_their_discs_on_a_dark_theme(qapp, dark):
    _check(dark.color(QPalette.ColorRole.Base))


@pytest.mark.parametrize("status", ["disagrees", "ambiguous", "no-match"])
def test_the_orange_icons_keep_their_orange(qapp, status):
    disc, _ = _drawn(status)
    assert disc.red() > disc.green() > disc.blue() and disc.hue() in range(25, 45)  # still orange, not brown
