"""QA: the Chinese window told of a file it could not open, a survey it could not save and a history database it
moved aside in English ("… does not exist.", "Not saved: the character '⚠' … can't be written in GBK …", "The
history database … could not be read …; it was moved to …") under a Chinese title. They now read in Chinese; the
paths and the system's own words are kept as written."""

from __future__ import annotations

from PySide6.QtGui import QTextCursor

from editor_app.config import Config
from editor_app.ui import history_panel
from ui_support import open_window


def test_a_missing_file_and_a_gbk_survey_that_cannot_hold_a_caution_marker(qtbot, chinese, tmp_path):
    path = tmp_path / "gbk.md"
    path.write_bytes("主题综述 · 测试\n正文一段。\n".encode("gbk"))
    window = open_window(qtbot, path)
    errors, asked = [], []
    window.show_error = lambda title, message: errors.append(message)
    assert not window.open_path(tmp_path / "gone.md")
    assert errors == [f"{tmp_path / 'gone.md'} 不存在。"]  # before: "… does not exist."

    window.editor.moveCursor(QTextCursor.MoveOperation.End)
    window.editor.textCursor().insertText("待验证 ⚠️\n")
    window.ask_save_as_utf8 = lambda problem: asked.append(problem) or False
    assert not window.save()
    assert asked[0] == ("未保存：第 3 行第 5 列的字符 '⚠'（WARNING SIGN，U+26A0）无法用文件的编码 GBK 写入。请删除它，"
                        "或将文件另存为 UTF-8。磁盘上的文件没有改变。")
    window.shutdown()


def test_a_history_database_moved_aside_is_told_in_chinese(qtbot, chinese, tmp_path, monkeypatch):
    db_path = tmp_path / "history.db"
    db_path.write_bytes(b"not a database at all " * 100)
    survey = tmp_path / "survey.md"
    survey.write_text("主题综述 · 测试\n正文。\n", encoding="utf-8")
    window = open_window(qtbot, survey, Config(db_path=db_path, arxiv_url="http://127.0.0.1:9/api/query"))
    monkeypatch.setattr(history_panel, "STARTUP_DELAY_MS", 0)
    history_panel.install(window)
    qtbot.waitUntil(lambda: "历史数据库" in window.statusBar().currentMessage())
    message = window.statusBar().currentMessage()
    assert message.startswith(f"历史数据库 {db_path} 无法读取（file is not a database）；已将它移到 {db_path}.corrupt-")
    assert message.endswith("，并新建了一个；其中没有可读取的快照。")
    window.history.shutdown()
    window.shutdown()
