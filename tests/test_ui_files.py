"""Files in the window: atomic saves keeping encoding and newlines, unsaved-changes prompt, external changes."""

from __future__ import annotations

import os

import pytest
from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication

from ui_support import open_window, type_text, wait_analysis

SURVEY = "主题综述 · 测试\n§0 自检栏\n① CJK 实测 12 ⚠️\n一、正文\n正文内容在这里。\n"
GBK_SURVEY = SURVEY.replace(" ⚠️", "")  # GBK has no ⚠


@pytest.fixture
def gbk_crlf(tmp_path):
    path = tmp_path / "gbk-crlf.md"
    path.write_bytes(GBK_SURVEY.replace("\n", "\r\n").encode("gbk"))
    return path


def test_save_is_atomic_and_keeps_encoding_and_newlines(qtbot, gbk_crlf):
    window = open_window(qtbot, gbk_crlf)
    assert window.loaded.encoding == "gbk" and window.loaded.newline == "\r\n"
    assert "GBK" in window.format_label.text() and "CRLF" in window.format_label.text()
    before_inode = gbk_crlf.stat().st_ino
    window.goto_line(5)
    window.editor.moveCursor(window.editor.textCursor().MoveOperation.EndOfBlock)
    with wait_analysis(qtbot, window):
        type_text(window.editor, "新增")
    assert window.isWindowModified()
    with qtbot.waitSignal(window.document_saved) as saved:
        assert window.save()
    data = gbk_crlf.read_bytes()
    text = data.decode("gbk")
    assert "正文内容在这里。新增\r\n" in text
    assert text.count("\r\n") == GBK_SURVEY.count("\n") and "\n" not in text.replace("\r\n", "")
    assert saved.args[0] == gbk_crlf.resolve() and saved.args[1] == window.current_text()
    assert gbk_crlf.stat().st_ino != before_inode  # written beside and renamed over, not rewritten in place
    assert gbk_crlf.with_name(gbk_crlf.name + ".bak").read_bytes().decode("gbk") == GBK_SURVEY.replace("\n", "\r\n")
    assert not [p for p in gbk_crlf.parent.iterdir() if p.name.endswith(".saving")]
    assert not window.isWindowModified()


def test_utf8_bom_survives(qtbot, tmp_path):
    path = tmp_path / "bom.md"
    path.write_bytes(b"\xef\xbb\xbf" + SURVEY.encode("utf-8"))
    window = open_window(qtbot, path)
    window.set_text_undoable(window.current_text() + "尾\n")
    assert window.save()
    assert path.read_bytes().startswith(b"\xef\xbb\xbf") and path.read_bytes().endswith("尾\n".encode())


def test_closing_with_unsaved_changes_asks(qtbot, tmp_path):
    path = tmp_path / "s.md"
    path.write_text(SURVEY, encoding="utf-8")
    window = open_window(qtbot, path)
    asked = []
    window.ask_unsaved_changes = lambda: asked.append(1) or "cancel"
    assert window.close()  # unmodified: closes without a question
    assert asked == []

    window = open_window(qtbot, path)
    window.ask_unsaved_changes = lambda: asked.append(1) or "cancel"
    type_text(window.editor, "改")
    assert not window.close() and window.isVisible() and asked == [1]
    window.ask_unsaved_changes = lambda: asked.append(2) or "save"
    assert window.close() and asked == [1, 2]
    assert path.read_text(encoding="utf-8").startswith("改")


def test_discard_keeps_the_file_untouched(qtbot, tmp_path):
    path = tmp_path / "s.md"
    path.write_text(SURVEY, encoding="utf-8")
    window = open_window(qtbot, path)
    type_text(window.editor, "改")
    window.ask_unsaved_changes = lambda: "discard"
    assert window.close()
    assert path.read_text(encoding="utf-8") == SURVEY


def test_a_bad_file_gets_a_clear_message_and_nothing_is_lost(qtbot, sample_path, tmp_path):
    window = open_window(qtbot, sample_path)
    type_text(window.editor, "我的修改")
    errors = []
    window.show_error = lambda title, message: errors.append(message)
    window.ask_unsaved_changes = lambda: "discard"
    binary = tmp_path / "image.md"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" * 10)
    before = window.current_text()
    assert not window.open_path(binary)
    assert errors and "binary" in errors[0]
    assert window.current_text() == before and window.current_path == sample_path.resolve()
    assert not window.open_path(tmp_path / "missing.md")
    assert "does not exist" in errors[1]


def test_the_bundled_sample_is_never_overwritten(qtbot, sample_path, tmp_path):
    window = open_window(qtbot, sample_path)
    original = sample_path.read_bytes()
    type_text(window.editor, "x")
    target = tmp_path / "copy.md"
    window.choose_save_path = lambda start: str(target)
    assert window.save()  # Save on the sample is Save As
    assert sample_path.read_bytes() == original
    assert target.read_text(encoding="utf-8").startswith("x主题综述")
    assert window.current_path == target.resolve()
    assert str(target.resolve()) in window.settings_store.recent_files()


def test_external_change_reload_or_keep_mine(qtbot, tmp_path):
    path = tmp_path / "s.md"
    path.write_text(SURVEY, encoding="utf-8")
    window = open_window(qtbot, path)
    answers = []
    window.ask_external_change = lambda p: answers.append(p) or "reload"
    # our own save is not an external change
    window.set_text_undoable(SURVEY + "我的\n")
    assert window.save()
    qtbot.wait(600)
    assert answers == []
    # another program writes: asked, reloaded (undoably)
    path.write_text(SURVEY + "别人的\n", encoding="utf-8")
    qtbot.waitUntil(lambda: answers == [path.resolve()], timeout=5000)
    assert window.current_text() == SURVEY + "别人的\n" and not window.isWindowModified()
    window.editor.undo()
    assert window.current_text() == SURVEY + "我的\n"
    window.editor.redo()
    # again, keeping mine: nothing is overwritten silently, the window says it differs from the disk
    window.ask_external_change = lambda p: answers.append(p) or "keep"
    path.write_text("第三方\n", encoding="utf-8")
    qtbot.waitUntil(lambda: len(answers) == 2, timeout=5000)
    assert window.current_text() == SURVEY + "别人的\n" and window.isWindowModified()
    assert path.read_text(encoding="utf-8") == "第三方\n"


def test_saving_over_an_unnoticed_external_change_asks(qtbot, tmp_path):
    path = tmp_path / "s.md"
    path.write_text(SURVEY, encoding="utf-8")
    window = open_window(qtbot, path)
    window.watcher.set_suspended(True)  # as if the notification had not arrived yet
    path.write_text("别人的版本\n", encoding="utf-8")
    window.watcher.set_suspended(False)
    asked = []
    window.ask_overwrite_external = lambda p: asked.append(p) or False
    type_text(window.editor, "我")
    assert not window.save()
    assert asked and path.read_text(encoding="utf-8") == "别人的版本\n"


def test_dropping_a_file_opens_it(qtbot, sample_path, tmp_path):
    window = open_window(qtbot, sample_path)
    path = tmp_path / "dropped.md"
    path.write_text(SURVEY, encoding="utf-8")
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(path))])
    event = QDropEvent(QPointF(20, 20), Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
                       Qt.KeyboardModifier.NoModifier)
    enter = QDragEnterEvent(QPoint(20, 20), Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
                            Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(window.editor.viewport(), enter)
    assert enter.isAccepted()
    with wait_analysis(qtbot, window):
        QApplication.sendEvent(window.editor.viewport(), event)
    assert window.current_path == path.resolve()
    assert window.current_text() == SURVEY


def test_window_layout_and_recent_files_are_remembered(qtbot, tmp_path):
    path = tmp_path / "s.md"
    path.write_text(SURVEY, encoding="utf-8")
    window = open_window(qtbot, path)
    window.resize(900, 650)  # the offscreen screen is 800 px wide: only the height can grow freely
    window.outline_dock.hide()
    window.tabs.tabBar().moveTab(3, 0)  # Preview first
    assert window.close()
    again = open_window(qtbot, path)
    assert again.size().height() == 650
    assert again.outline_dock.isHidden()
    assert again.tabs.widget(0) is again.preview
    assert again.settings_store.recent_files()[0] == str(path.resolve())
    assert os.path.basename(again.menu_recent.actions()[0].text()) == "s.md"
