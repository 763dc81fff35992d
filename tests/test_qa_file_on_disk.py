"""The survey's file as other programs leave it while the window has it open: Save never overwrites another
program's version unasked."""

from __future__ import annotations

from PySide6.QtGui import QTextCursor

from editor_app.config import Config
from editor_app.ui.main_window import MainWindow

from ui_support import open_window, type_text


def _type_at_end(window, text: str) -> None:
    window.editor.moveCursor(QTextCursor.MoveOperation.End)
    type_text(window.editor, text)


def _edited_then_deleted(qtbot, tmp_path, typed: str | None = "我的修改"):
    """A survey edited in the window (unless `typed` is None), then deleted by another program (and seen to be):
    the window, its path, and the questions the window asks (answered "keep" and "don't overwrite")."""
    survey = tmp_path / "survey.md"
    survey.write_text("原文\n", encoding="utf-8")
    window = open_window(qtbot, survey)
    asked: list[str] = []
    window.ask_external_change = lambda path: asked.append("changed") or "keep"
    window.ask_overwrite_external = lambda path: asked.append("overwrite?") or False
    if typed is not None:
        _type_at_end(window, typed)
    survey.unlink()
    qtbot.waitUntil(lambda: "deleted" in window.statusBar().currentMessage(), timeout=5000)
    return window, survey, asked


def test_a_file_deleted_then_written_again_by_another_program_is_not_overwritten_unasked(qtbot, tmp_path):
    """`git checkout other-branch && git checkout -` with the survey open: the file goes, then comes back with
    another version. Before, the window forgot the file once it was deleted and Save silently replaced the
    returning version with the editor's text."""
    window, survey, asked = _edited_then_deleted(qtbot, tmp_path)
    survey.write_text("别人的版本\n", encoding="utf-8")
    qtbot.waitUntil(lambda: asked == ["changed"], timeout=5000)  # the window says so when it comes back
    assert survey.read_text(encoding="utf-8") == "别人的版本\n"


def test_save_right_after_the_file_came_back_asks_first(qtbot, tmp_path):
    """Save pressed before the watcher looked again (its debounce) still compares with the file we had."""
    window, survey, asked = _edited_then_deleted(qtbot, tmp_path)
    window.watcher.set_suspended(True)  # the watcher has not looked yet when Save is pressed
    survey.write_text("别人的版本\n", encoding="utf-8")
    window.watcher.set_suspended(False)
    assert not window.save()
    assert asked == ["overwrite?"]
    assert survey.read_text(encoding="utf-8") == "别人的版本\n"
    assert window.current_text() == "原文\n我的修改"  # the user's text stays, unsaved
    assert window.editor.document().isModified()


def test_a_file_put_back_as_it_was_is_no_change(qtbot, tmp_path):
    window, survey, asked = _edited_then_deleted(qtbot, tmp_path, typed=None)
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


def test_open_recent_on_a_moved_survey_says_so_before_asking_about_unsaved_edits(qtbot, tmp_path):
    """Before, the window first asked "Save them first?" about the open survey's edits, and only then said the
    recent file no longer existed."""
    survey = tmp_path / "survey.md"
    survey.write_text("原文\n", encoding="utf-8")
    moved = tmp_path / "old.md"
    moved.write_text("旧的\n", encoding="utf-8")
    window = open_window(qtbot, moved)
    assert window.open_path(survey)
    moved.rename(tmp_path / "archive.md")
    asked, errors = [], []
    window.ask_unsaved_changes = lambda: asked.append("unsaved?") or "cancel"
    window.show_error = lambda title, message: errors.append(message)
    _type_at_end(window, "我的修改")
    action = next(a for a in window.menus.menu_recent.actions() if a.text() == str(moved.resolve()))
    action.trigger()
    assert asked == []
    assert errors == [f"{moved.resolve()} does not exist."]
    assert window.current_text() == "原文\n我的修改" and window.current_path == survey.resolve()
    assert str(moved.resolve()) not in window.settings_store.recent_files()
    window.shutdown()


def test_reopening_the_open_survey_and_saving_at_the_question_opens_what_was_saved(qtbot, tmp_path):
    survey = tmp_path / "survey.md"
    survey.write_text("原文\n", encoding="utf-8")
    window = open_window(qtbot, survey)
    window.ask_unsaved_changes = lambda: "save"
    _type_at_end(window, "我的修改")
    assert window.open_path(survey)
    assert survey.read_text(encoding="utf-8") == "原文\n我的修改"
    assert window.current_text() == "原文\n我的修改" and not window.editor.document().isModified()


def test_save_with_nothing_edited_leaves_the_file_and_its_backup_as_they_are(qtbot, tmp_path):
    """Mixed line ends (a file begun on Windows, continued on Linux) came back all CRLF after a Save that changed
    nothing, and a second Ctrl+S made `.bak` a copy of the file, losing the version before."""
    survey = tmp_path / "survey.md"
    mixed = "标题\r\n正文一\r\n正文二\n结尾\r\n".encode("utf-8")
    survey.write_bytes(mixed)
    window = open_window(qtbot, survey)
    assert window.save()
    assert survey.read_bytes() == mixed
    _type_at_end(window, "加一句\n")
    assert window.save()
    assert survey.read_bytes() == "标题\r\n正文一\r\n正文二\r\n结尾\r\n加一句\r\n".encode("utf-8")  # its main style
    assert (tmp_path / "survey.md.bak").read_bytes() == mixed
    assert window.save()  # nothing edited since
    assert (tmp_path / "survey.md.bak").read_bytes() == mixed


def test_save_with_nothing_edited_still_writes_when_the_file_differs(qtbot, tmp_path):
    """Kept "my version" of a file another program changed, or the file deleted: Save writes the text shown."""
    survey = tmp_path / "survey.md"
    survey.write_text("原文\n", encoding="utf-8")
    window = open_window(qtbot, survey)
    window.ask_external_change = lambda path: "keep"
    survey.write_text("别人的版本\n", encoding="utf-8")
    qtbot.waitUntil(lambda: window.editor.document().isModified(), timeout=5000)
    assert window.save()
    assert survey.read_text(encoding="utf-8") == "原文\n"
    survey.unlink()
    qtbot.waitUntil(lambda: window.editor.document().isModified(), timeout=5000)
    assert window.save()
    assert survey.read_text(encoding="utf-8") == "原文\n"


def test_a_file_changed_again_while_the_question_is_open_is_asked_about_once(qtbot, tmp_path):
    """`git pull` rewriting the survey twice, a second apart: before, a second "changed by another program"
    question opened on top of the first."""
    survey = tmp_path / "survey.md"
    survey.write_text("原文\n", encoding="utf-8")
    window = open_window(qtbot, survey)
    asked: list[str] = []

    def answer_after_a_second_change(path):
        asked.append("changed")
        if len(asked) == 1:
            survey.write_text("第二版\n", encoding="utf-8")
            qtbot.wait(800)  # the user reads the question; the watcher notices the second change meanwhile
        return "reload"

    window.ask_external_change = answer_after_a_second_change
    survey.write_text("第一版\n", encoding="utf-8")
    qtbot.waitUntil(lambda: window.current_text() == "第二版\n", timeout=5000)
    qtbot.wait(600)
    assert asked == ["changed"]
    assert not window.editor.document().isModified()
    assert window.save() and survey.read_text(encoding="utf-8") == "第二版\n"


def test_a_survey_cut_mid_character_opens_says_so_and_is_left_alone_until_edited(qtbot, tmp_path, sample_text, chinese):
    survey = tmp_path / "survey.md"
    data = sample_text.encode("utf-8")
    data = data[:data.index("主体".encode("utf-8")) + 1]  # a copy stopped by a full disk
    survey.write_bytes(data)
    window = MainWindow(Config(arxiv_url="http://127.0.0.1:9/api/query", arxiv_interval=0.0))
    qtbot.addWidget(window)
    errors: list[str] = []
    window.show_error = lambda title, message: errors.append(message)
    with qtbot.waitSignal(window.analysis_ready, timeout=20000):
        assert window.open_path(survey), errors  # before: "Can't open the file … not a text file"
    assert window.current_text().endswith("\ufffd")
    assert f"{survey} 有 1 处不是有效的 UTF-8" in window.statusBar().currentMessage()
    assert window.save()
    assert survey.read_bytes() == data  # nothing edited: the bytes stay for another tool to mend
    _type_at_end(window, "体")
    assert window.save()
    assert survey.read_bytes() == data[:-1] + "\ufffd体".encode("utf-8")
