"""The survey's file as other programs leave it while the window has it open: Save never overwrites another
program's version unasked."""

from __future__ import annotations

from PySide6.QtGui import QTextCursor

from ui_support import open_window, type_text


def _type_at_end(window, text: str) -> None:
    window.editor.moveCursor(QTextCursor.MoveOperation.End)
    type_text(window.editor, text)


def test_a_file_deleted_then_written_again_by_another_program_is_not_overwritten_unasked(qtbot, tmp_path):
    """`git checkout other-branch && git checkout -` with the survey open: the file goes, then comes back with
    another version. Before, the window forgot the file once it was deleted and Save silently replaced the
    returning version with the editor's text."""
    survey = tmp_path / "survey.md"
    survey.write_text("原文\n", encoding="utf-8")
    window = open_window(qtbot, survey)
    asked: list[str] = []
    window.ask_external_change = lambda path: asked.append("changed") or "keep"
    window.ask_overwrite_external = lambda path: asked.append("overwrite?") or False
    _type_at_end(window, "我的修改")
    survey.unlink()
    qtbot.waitUntil(lambda: "deleted" in window.statusBar().currentMessage(), timeout=5000)
    survey.write_text("别人的版本\n", encoding="utf-8")
    qtbot.waitUntil(lambda: asked == ["changed"], timeout=5000)  # the window says so when it comes back
    assert survey.read_text(encoding="utf-8") == "别人的版本\n"


def test_save_right_after_the_file_came_back_asks_first(qtbot, tmp_path):
    """Save pressed before the watcher looked again (its debounce) still compares with the file we had."""
    survey = tmp_path / "survey.md"
    survey.write_text("原文\n", encoding="utf-8")
    window = open_window(qtbot, survey)
    asked: list[str] = []
    window.ask_external_change = lambda path: asked.append("changed") or "keep"
    window.ask_overwrite_external = lambda path: asked.append("overwrite?") or False
    _type_at_end(window, "我的修改")
    survey.unlink()
    qtbot.waitUntil(lambda: "deleted" in window.statusBar().currentMessage(), timeout=5000)
    window.watcher.set_suspended(True)  # the watcher has not looked yet when Save is pressed
    survey.write_text("别人的版本\n", encoding="utf-8")
    window.watcher.set_suspended(False)
    assert not window.save()
    assert asked == ["overwrite?"]
    assert survey.read_text(encoding="utf-8") == "别人的版本\n"
    assert window.current_text() == "原文\n我的修改"  # the user's text stays, unsaved
    assert window.editor.document().isModified()


def test_a_file_put_back_as_it_was_is_no_change(qtbot, tmp_path):
    survey = tmp_path / "survey.md"
    survey.write_text("原文\n", encoding="utf-8")
    window = open_window(qtbot, survey)
    asked: list[str] = []
    window.ask_external_change = lambda path: asked.append("changed") or "keep"
    window.ask_overwrite_external = lambda path: asked.append("overwrite?") or False
    survey.unlink()
    qtbot.waitUntil(lambda: "deleted" in window.statusBar().currentMessage(), timeout=5000)
    survey.write_text("原文\n", encoding="utf-8")
    qtbot.wait(800)
    _type_at_end(window, "加")
    assert window.save()
    assert asked == []
    assert survey.read_text(encoding="utf-8") == "原文\n加"


def test_a_read_only_survey_is_not_saved_over_and_the_text_stays(qtbot, tmp_path, chinese):
    survey = tmp_path / "survey.md"
    survey.write_text("原文\n", encoding="utf-8")
    survey.chmod(0o444)
    window = open_window(qtbot, survey)
    errors: list[str] = []
    window.show_error = lambda title, message: errors.append(message)
    _type_at_end(window, "我的修改")
    assert not window.save()
    assert errors == [f"未保存：{survey} 是只读文件。请另存为其他文件名，或先让它可写。磁盘上的文件没有改变。"]
    assert survey.read_text(encoding="utf-8") == "原文\n"
    assert window.current_text() == "原文\n我的修改" and window.editor.document().isModified()
