"""QA: a GBK survey that gains a character GBK lacks (⚠️, required by the house rules) can still be saved."""

from __future__ import annotations

from PySide6.QtGui import QTextCursor

from ui_support import open_window

GBK_TEXT = "主题综述 · 测试\n§0 自检栏\n正文一段。\n"


def _gbk_window(qtbot, tmp_path):
    path = tmp_path / "gbk.md"
    path.write_bytes(GBK_TEXT.replace("\n", "\r\n").encode("gbk"))
    window = open_window(qtbot, path)
    assert window.loaded.encoding == "gbk"
    window.editor.moveCursor(QTextCursor.MoveOperation.End)
    window.editor.textCursor().insertText("待验证 ⚠️\n")
    return window, path


def test_saving_a_gbk_survey_with_a_caution_marker_offers_utf8(qtbot, tmp_path):
    window, path = _gbk_window(qtbot, tmp_path)
    asked, errors = [], []
    window.ask_save_as_utf8 = lambda problem: asked.append(problem) or True
    window.show_error = lambda title, message: errors.append(message)
    assert window.save()
    assert asked and "U+26A0" in asked[0] and not errors
    assert path.read_bytes().decode("utf-8") == (GBK_TEXT + "待验证 ⚠️\n").replace("\n", "\r\n")  # CRLF kept
    assert window.loaded.encoding == "utf-8" and "UTF-8" in window.format_label.text()
    assert not window.editor.document().isModified()
    assert window.save()  # the next save goes straight to UTF-8 without asking again
    assert len(asked) == 1


def test_declining_utf8_leaves_the_file_and_the_edits_alone(qtbot, tmp_path):
    window, path = _gbk_window(qtbot, tmp_path)
    before = path.read_bytes()
    errors = []
    window.ask_save_as_utf8 = lambda problem: False
    window.show_error = lambda title, message: errors.append(message)
    assert not window.save()
    assert path.read_bytes() == before and errors and "GBK" in errors[0]
    assert window.editor.document().isModified() and "⚠️" in window.current_text()
    assert window.loaded.encoding == "gbk"
