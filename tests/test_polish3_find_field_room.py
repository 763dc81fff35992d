"""QA: in a 1280 px window the find field showed "Find in th…" (Chinese "在综述中…"): Previous and Next took a push
button's usual 80 px each beside a 400 px editor, and the empty match label its spacing. The buttons are now as wide
as their words and the label takes room only when it says something."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QPushButton

from ui_support import open_window


def _open_bar(qtbot, sample_path):
    window = open_window(qtbot, sample_path)
    window.resize(1280, 860)
    window.resizeDocks([window.outline_dock, window.panels_dock], [200, 660], Qt.Orientation.Horizontal)
    qtbot.waitUntil(lambda: window.width() == 1280)
    window.find_bar.open_bar()
    QApplication.processEvents()
    return window, window.find_bar


def _check(bar) -> None:
    field = bar.field
    assert field.width() >= field.fontMetrics().horizontalAdvance(field.placeholderText())  # before: 75 of 107 px
    steps = [b for b in bar.findChildren(QPushButton) if b.isVisible() and b.toolTip().startswith(("Previous",
                                                                                                  "Next", "上", "下"))]
    assert len(steps) == 2
    for button in steps:
        assert button.fontMetrics().horizontalAdvance(button.text()) <= button.width() <= \
            button.fontMetrics().horizontalAdvance(button.text()) + 40  # before: 80 px for "Next"


def test_the_find_field_has_room_for_its_words(qtbot, sample_path):
    window, bar = _open_bar(qtbot, sample_path)
    _check(bar)
    assert not bar.status.isVisible()  # nothing to say: no room taken
    bar.field.setText("no such words anywhere")
    assert not bar.find_next()
    assert bar.status.isVisible() and bar.status.text() == "Not found"
    bar.field.setText("SGLang")
    assert bar.find_next() and not bar.status.isVisible()
    window.shutdown()


@pytest.mark.usefixtures("zh_translation")
def test_the_find_field_has_room_for_its_words_in_chinese(qtbot, sample_path):
    window, bar = _open_bar(qtbot, sample_path)
    assert bar.field.placeholderText() == "在综述中查找"
    _check(bar)
    window.shutdown()
