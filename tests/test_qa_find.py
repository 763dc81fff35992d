"""QA: a search that finds nothing leaves the cursor where the author was (it jumped to the top of the survey)."""

from __future__ import annotations

from ui_support import cursor_line, open_window


def test_not_found_keeps_the_cursor_and_the_view(qtbot, sample_path):
    window = open_window(qtbot, sample_path)
    window.goto_line(80, 5)
    scroll = window.editor.verticalScrollBar().value()
    bar = window.find_bar
    bar.open_bar()
    bar.field.setText("没有这个词")
    assert not bar.find_next()
    assert bar.status.text() == "Not found"
    assert cursor_line(window) == 80 and window.editor.textCursor().positionInBlock() == 4
    assert window.editor.verticalScrollBar().value() == scroll
    assert not bar.find_previous() and cursor_line(window) == 80
    bar.field.setText("KVarN")  # found ones still wrap around
    assert bar.find_next() and window.editor.textCursor().selectedText() == "KVarN"
