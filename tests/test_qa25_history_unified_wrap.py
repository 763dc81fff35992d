"""QA25 D6: the unified comparison of a survey written one paragraph a line did not wrap, and opened scrolled
sideways to the first changed character: the lines' starts and their -/+ were out of sight, which line was old and
which new said by their colour alone. It wraps now, as the side-by-side view does, and opens on the change's start."""

from __future__ import annotations

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtGui import QTextCursor  # noqa: E402
from PySide6.QtWidgets import QPlainTextEdit  # noqa: E402

from editor_app.ui.history_panel import HistoryPanel  # noqa: E402


@pytest.fixture
def panel(qtbot) -> HistoryPanel:
    shown = HistoryPanel()
    qtbot.addWidget(shown)
    shown.show()
    qtbot.waitExposed(shown)
    return shown


PARAGRAPH = "本节讨论大模型推理引擎在长上下文场景下的键值缓存管理策略，包括分页注意力、前缀共享与量化压缩三条主线。" * 8


@pytest.mark.parametrize("size", [(640, 700), (380, 520)])
def test_the_unified_comparison_wraps_and_opens_on_the_line_start(qtbot, panel, size):
    panel.resize(*size)
    panel.unified.setChecked(True)
    old = "\n".join(f"第{i}段：{PARAGRAPH}" for i in range(12))
    new = old.replace(f"第6段：{PARAGRAPH}", f"第6段：{PARAGRAPH[:300]}已复核{PARAGRAPH[302:]}")
    panel.show_diff(old, new, "#1", "#11")
    qtbot.wait(50)
    view = panel.diff_text
    assert view.lineWrapMode() == QPlainTextEdit.LineWrapMode.WidgetWidth
    assert view.horizontalScrollBar().value() == 0  # before: ~300 characters to the right
    removed = view.document().find("-第6段")
    assert not removed.isNull()
    start, mark = view.cursorRect(QTextCursor(removed.block())), view.cursorRect()
    shown = view.viewport().rect()
    assert view.textCursor().block() == removed.block()  # the keys on the change's characters, in sight
    assert view.textCursor().positionInBlock() == len("-第6段：") + 300 and shown.contains(mark.center())
    if mark.bottom() - start.top() < shown.height() - mark.height():  # room for both: the line's start in sight
        assert shown.contains(start.center()) and start.top() < shown.height() // 3  # with its "-", near the top
    else:  # (a view of 8 lines, the change 14 lines into the paragraph)
        assert start.top() < 0 and mark.bottom() <= shown.height()
