"""Ctrl+S writes the survey on a worker thread (QA D1: an 8 MB survey's save froze the window 0.3-5.4 s).

The saver's work is held at a gate here, so what the window does while a save is being written is seen: typing goes
on, a second Ctrl+S waits its turn, closing waits, the watcher says nothing of our own rename, errors are said.
"""

from __future__ import annotations

import errno
import shutil
import threading

import pytest
from PySide6.QtCore import Qt

from editor_app.resources_path import resource_path
from editor_app.services import files
from editor_app.ui import file_watch
from ui_support import open_window, type_text, wait_analysis, writing

SURVEY = "主题综述 · 测试\n§0 自检栏\n一、正文\n正文内容在这里。\n"


class Gate:
    """Stands in for the saver's save function: each call waits until opened, then saves for real (or raises
    `fail`). Counts the calls and the most that ran at once."""

    def __init__(self, fail: BaseException | None = None) -> None:
        self.open = threading.Event()
        self.fail = fail
        self.calls: list[str] = []
        self.running = 0
        self.most_at_once = 0
        self.started = threading.Semaphore(0)
        self._lock = threading.Lock()

    def __call__(self, path, text, fmt, *, backup=True):
        with self._lock:
            self.running += 1
            self.most_at_once = max(self.most_at_once, self.running)
            self.calls.append(text)
        self.started.release()
        try:
            assert self.open.wait(20), "the test never opened the gate"
            if self.fail is not None:
                raise self.fail
            return files.save_text(path, text, fmt, backup=backup)
        finally:
            with self._lock:
                self.running -= 1

    def open_later(self, seconds: float) -> None:
        """Opened from another thread: the GUI thread may be the one waiting (closing waits for the save)."""
        threading.Timer(seconds, self.open.set).start()


@pytest.fixture
def survey(tmp_path):
    path = tmp_path / "survey.md"
    path.write_text(SURVEY, encoding="utf-8")
    return path


def _window(qtbot, survey, gate: Gate | None = None):
    """The window on `survey`, the keys in the editor at the end of the text; its saves go through `gate`."""
    window = open_window(qtbot, survey)
    if gate is not None:
        window.saver._save = gate
    writing(qtbot, window)
    window.editor.moveCursor(window.editor.textCursor().MoveOperation.End)
    return window


def _ctrl_s(qtbot, window) -> None:
    qtbot.keyClick(window.editor, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)


def _saved(qtbot, window, timeout: int = 10000) -> None:
    qtbot.waitUntil(lambda: not window.saver.busy, timeout=timeout)


def test_ctrl_s_returns_at_once_and_typing_during_the_save_leaves_the_survey_modified(qtbot, survey):
    gate = Gate()
    window = _window(qtbot, survey, gate)
    type_text(window.editor, "第一句。")
    _ctrl_s(qtbot, window)  # returns while the file is still being "written": the gate is shut
    assert window.saver.busy and gate.started.acquire(timeout=5)
    assert "Saving" in window.statusBar().currentMessage()
    assert survey.read_text(encoding="utf-8") == SURVEY  # nothing written yet
    type_text(window.editor, "第二句。")  # typing goes on
    assert window.current_text().endswith("第一句。第二句。")
    gate.open.set()
    _saved(qtbot, window)
    assert survey.read_text(encoding="utf-8") == SURVEY + "第一句。"  # the text as it was at Ctrl+S
    assert window.editor.document().isModified() and window.isWindowModified()  # "第二句。" is not in the file
    assert "Saved" in window.statusBar().currentMessage()
    # Undo back past the saved state and further: no state but the one saved next is "saved" (the text opened with
    # is no longer the file's, so the unsaved-changes question must still be asked there)
    for _ in range(20):
        window.editor.undo()
    assert window.editor.document().isModified()
    for _ in range(20):
        window.editor.redo()
    _ctrl_s(qtbot, window)
    _saved(qtbot, window)
    assert survey.read_text(encoding="utf-8") == SURVEY + "第一句。第二句。"
    assert not window.editor.document().isModified() and not window.isWindowModified()


def test_a_save_that_fails_says_so_and_leaves_the_survey_modified_and_the_file_untouched(qtbot, survey):
    gate = Gate(fail=OSError(errno.ENOSPC, "No space left on device"))
    window = _window(qtbot, survey, gate)
    errors = []
    window.show_error = lambda title, message: errors.append((title, message))
    type_text(window.editor, "新增")
    gate.open.set()
    _ctrl_s(qtbot, window)
    _saved(qtbot, window)
    assert errors and errors[0][0] == "Not saved" and "No space left on device" in errors[0][1]
    assert "Not saved" in window.statusBar().currentMessage()
    assert window.editor.document().isModified() and window.isWindowModified()
    assert survey.read_text(encoding="utf-8") == SURVEY
    assert not files.backup_path(survey).exists()


def test_a_read_only_file_is_not_saved_and_the_survey_stays_modified(qtbot, survey):
    window = _window(qtbot, survey)
    errors = []
    window.show_error = lambda title, message: errors.append(message)
    type_text(window.editor, "新增")
    survey.chmod(0o444)  # read-only even to root (no write bit at all)
    try:
        assert not window.save()
        assert errors and "read-only" in errors[0]
        assert window.editor.document().isModified()
        assert survey.read_text(encoding="utf-8") == SURVEY
    finally:
        survey.chmod(0o644)


def test_the_file_deleted_with_its_folder_is_an_error_not_a_crash(qtbot, tmp_path):
    folder = tmp_path / "gone"
    folder.mkdir()
    path = folder / "survey.md"
    path.write_text(SURVEY, encoding="utf-8")
    window = _window(qtbot, path)
    errors = []
    window.show_error = lambda title, message: errors.append(message)
    window.watcher.set_suspended(True)  # the deletion not noticed yet
    path.unlink()
    folder.rmdir()
    type_text(window.editor, "新增")
    window.save(wait=False)
    _saved(qtbot, window)
    assert errors and "Not saved" in errors[0]
    assert window.editor.document().isModified()


def test_a_second_ctrl_s_during_a_save_queues_one_more_save_of_the_newest_text(qtbot, survey):
    gate = Gate()
    window = _window(qtbot, survey, gate)
    type_text(window.editor, "甲")
    _ctrl_s(qtbot, window)
    assert gate.started.acquire(timeout=5)
    type_text(window.editor, "乙")
    _ctrl_s(qtbot, window)
    type_text(window.editor, "丙")
    _ctrl_s(qtbot, window)  # coalesced with the one queued: one more save, of the text when it starts
    gate.open.set()
    qtbot.waitUntil(lambda: not window.saver.busy and not window.editor.document().isModified(), timeout=10000)
    assert gate.most_at_once == 1  # never two writers of one file
    assert gate.calls == [SURVEY + "甲", SURVEY + "甲乙丙"]
    assert survey.read_text(encoding="utf-8") == SURVEY + "甲乙丙"
    assert files.backup_path(survey).read_text(encoding="utf-8") == SURVEY + "甲"


def test_a_second_ctrl_s_with_nothing_new_writes_nothing(qtbot, survey):
    window = _window(qtbot, survey)
    type_text(window.editor, "甲")
    window.save(wait=False)
    _saved(qtbot, window)
    inode = survey.stat().st_ino
    window.save(wait=False)
    _saved(qtbot, window)
    assert survey.stat().st_ino == inode  # not replaced: the `.bak` keeps the version before
    assert files.backup_path(survey).read_text(encoding="utf-8") == SURVEY
    assert not window.editor.document().isModified()


def test_closing_during_a_save_waits_for_it(qtbot, survey):
    gate = Gate()
    window = _window(qtbot, survey, gate)
    asked = []
    window.ask_unsaved_changes = lambda: asked.append(1) or "discard"
    type_text(window.editor, "写完")
    _ctrl_s(qtbot, window)
    assert gate.started.acquire(timeout=5)
    gate.open_later(0.3)
    assert window.close()
    assert survey.read_text(encoding="utf-8") == SURVEY + "写完"
    assert asked == []  # saved: nothing to ask about


def test_closing_after_typing_during_a_save_asks_and_keeps_the_newest_text(qtbot, survey):
    gate = Gate()
    window = _window(qtbot, survey, gate)
    type_text(window.editor, "第一句。")
    _ctrl_s(qtbot, window)
    assert gate.started.acquire(timeout=5)
    type_text(window.editor, "第二句。")
    asked = []
    window.ask_unsaved_changes = lambda: asked.append(window.saver.busy) or "save"
    gate.open_later(0.3)
    assert window.close()
    assert asked == [False]  # asked once the save was written, and asked: "第二句。" was not in it
    assert survey.read_text(encoding="utf-8") == SURVEY + "第一句。第二句。"


def test_save_as_during_a_save_waits_for_it(qtbot, survey, tmp_path):
    gate = Gate()
    window = _window(qtbot, survey, gate)
    type_text(window.editor, "甲")
    _ctrl_s(qtbot, window)
    assert gate.started.acquire(timeout=5)
    other = tmp_path / "copy.md"
    window.choose_save_path = lambda start: str(other)
    gate.open_later(0.3)
    assert window.save_as()
    assert survey.read_text(encoding="utf-8") == SURVEY + "甲"
    assert other.read_text(encoding="utf-8") == SURVEY + "甲"
    assert window.current_path == other.resolve() and not window.editor.document().isModified()
    assert gate.most_at_once == 1


def test_opening_another_survey_during_a_save_waits_for_it(qtbot, survey, tmp_path):
    gate = Gate()
    window = _window(qtbot, survey, gate)
    type_text(window.editor, "甲")
    _ctrl_s(qtbot, window)
    assert gate.started.acquire(timeout=5)
    other = tmp_path / "other.md"
    other.write_text("另一篇\n", encoding="utf-8")
    asked = []
    window.ask_unsaved_changes = lambda: asked.append(1) or "cancel"
    gate.open_later(0.3)
    assert window.open_path(other)
    assert asked == []  # the save ended first: nothing unsaved
    assert survey.read_text(encoding="utf-8") == SURVEY + "甲"
    assert window.current_text() == "另一篇\n" and not window.editor.document().isModified()


def test_our_own_save_is_no_external_change_and_the_file_is_not_read_back(qtbot, survey, monkeypatch):
    window = _window(qtbot, survey)
    said = []
    window.watcher.changed_externally.connect(lambda p: said.append(("changed", p)))
    window.watcher.deleted_externally.connect(lambda p: said.append(("deleted", p)))
    reads = []
    real = file_watch.file_fingerprint
    monkeypatch.setattr(file_watch, "file_fingerprint", lambda p: reads.append(p) or real(p))
    for words in ("甲", "乙", "丙"):
        type_text(window.editor, words)
        window.save(wait=False)
        _saved(qtbot, window)
    qtbot.wait(800)  # past the watcher's debounce
    assert said == []
    assert reads == []  # the fingerprint is of the bytes written, not of the file read back
    assert window.watcher.fingerprint[1] == survey.stat().st_size
    assert not window.watcher.differs()
    # and another program's change afterwards is still noticed
    window.ask_external_change = lambda p: said.append(("asked", p)) or "keep"
    survey.write_text("别人的版本\n", encoding="utf-8")
    qtbot.waitUntil(lambda: ("asked", survey.resolve()) in said, timeout=5000)


def test_another_programs_change_while_our_save_runs_is_still_noticed(qtbot, survey):
    """The watcher looks away during our save; a look it skipped is taken again once the save is done."""
    gate = Gate()
    window = _window(qtbot, survey, gate)
    type_text(window.editor, "甲")
    _ctrl_s(qtbot, window)
    assert gate.started.acquire(timeout=5)
    gate.open.set()
    _saved(qtbot, window)
    asked = []
    window.ask_external_change = lambda p: asked.append(p) or "keep"
    window.watcher.set_suspended(True)  # as during a save
    survey.write_text("别人的版本\n", encoding="utf-8")
    qtbot.wait(600)  # the watcher's look comes (and is skipped) while suspended
    assert asked == []
    window.watcher.set_suspended(False)
    qtbot.waitUntil(lambda: asked == [survey.resolve()], timeout=5000)


def test_a_gbk_survey_that_needs_utf8_is_offered_it_and_saved(qtbot, tmp_path):
    path = tmp_path / "gbk.md"
    path.write_bytes(SURVEY.encode("gbk"))
    window = _window(qtbot, path)
    assert window.loaded.encoding == "gbk"
    offered = []
    window.ask_save_as_utf8 = lambda problem: offered.append(problem) or True
    with wait_analysis(qtbot, window):
        type_text(window.editor, "⚠️")
    window.save(wait=False)
    _saved(qtbot, window)
    assert offered and "GBK" in offered[0]
    assert path.read_text(encoding="utf-8") == SURVEY + "⚠️"
    assert window.loaded.encoding == "utf-8" and "UTF-8" in window.format_label.text()
    assert not window.editor.document().isModified()


def test_the_saved_signal_carries_the_text_written(qtbot, survey):
    gate = Gate()
    window = _window(qtbot, survey, gate)
    type_text(window.editor, "甲")
    saved = []
    window.document_saved.connect(lambda p, text: saved.append((p, text)))
    _ctrl_s(qtbot, window)
    type_text(window.editor, "乙")
    gate.open.set()
    _saved(qtbot, window)
    assert saved == [(survey.resolve(), SURVEY + "甲")]


@pytest.mark.parametrize("encoding,bom,newline", [("utf-8", False, "\n"), ("utf-8", True, "\r\n"),
                                                  ("utf-16-le", True, "\r\n"), ("gb18030", False, "\r"),
                                                  ("gbk", False, "\n")])
def test_a_long_text_is_encoded_piece_by_piece_to_the_same_bytes(monkeypatch, encoding, bom, newline):
    """(Piece by piece so the saving thread lets the GUI thread have the GIL between pieces.)"""
    monkeypatch.setattr(files, "ENCODE_PIECE", 7)
    text = "主题综述 · 测试\n§0 自检栏\n一、正文 abc\n正文内容在这里。\n" * 5
    fmt = files.LoadedText(text="", encoding=encoding, bom=bom, newline=newline)
    assert files.encode_text(text, fmt) == files._encode_whole(text, fmt)


def test_a_character_the_encoding_lacks_is_named_where_it_is_in_the_whole_text(monkeypatch):
    monkeypatch.setattr(files, "ENCODE_PIECE", 7)
    text = "主题综述\n" * 5 + "第六行 ⚠️\n"
    with pytest.raises(files.UnsavableText, match="line 6, column 5"):
        files.encode_text(text, files.LoadedText(text="", encoding="gbk"))


# ----- Save As: the name asked on the GUI thread, the file written on the saver's (it froze the window too) -----

def _ctrl_shift_s(qtbot, window) -> None:
    qtbot.keyClick(window.editor, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)


def _named(window, path) -> tuple[list, list]:
    """Save As's dialog answers `path`: (the names it was asked for, the errors said instead of in a modal box)."""
    asked, errors = [], []
    window.choose_save_path = lambda start: asked.append(start) or str(path)
    window.show_error = lambda title, message: errors.append((title, message))
    return asked, errors


def test_save_as_returns_at_once_and_the_window_takes_the_new_name_only_once_it_is_written(
        qtbot, survey, tmp_path, monkeypatch):
    team = tmp_path / "team"
    team.mkdir()
    shutil.copy(resource_path("rulepacks", "english-markdown.toml"), team / "survey-rules.toml")
    other = team / "copy.md"
    gate = Gate()
    window = _window(qtbot, survey, gate)
    _asked, errors = _named(window, other)
    announced = []
    window.document_saved.connect(lambda p, text: announced.append((p, text)))
    pack_before = window.pack_path
    reads = []
    real = file_watch.file_fingerprint
    monkeypatch.setattr(file_watch, "file_fingerprint", lambda p: reads.append(p) or real(p))
    type_text(window.editor, "甲")
    _ctrl_shift_s(qtbot, window)  # returns while the file is still being "written": the gate is shut
    assert window.saver.busy and gate.started.acquire(timeout=5)
    assert "Saving" in window.statusBar().currentMessage()
    type_text(window.editor, "乙")  # typing goes on
    # Nothing says the new name of a file not written yet: not the title, recent files, History or the rule pack
    assert not other.exists()
    assert window.current_path == survey.resolve() and window.windowTitle().startswith("survey.md")
    assert str(other.resolve()) not in window.settings_store.recent_files()
    assert announced == [] and window.pack_path == pack_before
    assert window.watcher.path == survey.resolve()
    gate.open.set()
    _saved(qtbot, window)
    assert other.read_text(encoding="utf-8") == SURVEY + "甲"  # the text as it was at Ctrl+Shift+S
    assert survey.read_text(encoding="utf-8") == SURVEY  # the old file as it was
    assert window.current_path == other.resolve() and window.windowTitle().startswith("copy.md")
    assert window.editor.document().isModified() and window.isWindowModified()  # "乙" is not in the file
    assert window.settings_store.recent_files()[0] == str(other.resolve())
    assert announced == [(other.resolve(), SURVEY + "甲")]
    assert window.pack_path == (team / "survey-rules.toml").resolve()
    # the watcher moved to the new file, with the fingerprint of the bytes written (not read back)
    assert window.watcher.path == other.resolve() and not window.watcher.differs()
    assert window.watcher.fingerprint[1] == other.stat().st_size
    assert [p for p in reads if p.suffix == ".md"] == []  # (the rule pack beside it is looked at, once)
    assert errors == []


@pytest.mark.parametrize("failure", ["disk full", "folder deleted"])
def test_a_save_as_that_fails_says_not_saved_and_the_survey_keeps_its_old_name(qtbot, survey, tmp_path, failure):
    if failure == "disk full":
        gate = Gate(fail=OSError(errno.ENOSPC, "No space left on device"))
        other, said = tmp_path / "copy.md", "No space left on device"
    else:
        gate = Gate()
        other, said = tmp_path / "gone" / "copy.md", "can't write in"
    window = _window(qtbot, survey, gate)
    _asked, errors = _named(window, other)
    announced = []
    window.document_saved.connect(lambda p, text: announced.append(p))
    type_text(window.editor, "新增")
    _ctrl_shift_s(qtbot, window)
    assert window.saver.busy and gate.started.acquire(timeout=5)
    gate.open.set()
    _saved(qtbot, window)
    assert errors and errors[0][0] == "Not saved" and said in errors[0][1]
    assert "Not saved" in window.statusBar().currentMessage()
    assert window.current_path == survey.resolve() and window.windowTitle().startswith("survey.md")
    assert window.editor.document().isModified() and window.isWindowModified()
    assert not other.exists() and survey.read_text(encoding="utf-8") == SURVEY
    assert announced == [] and str(other.resolve()) not in window.settings_store.recent_files()
    assert window.watcher.path == survey.resolve()


def test_ctrl_s_during_a_save_as_queues_one_more_save_to_the_new_file(qtbot, survey, tmp_path):
    other = tmp_path / "copy.md"
    gate = Gate()
    window = _window(qtbot, survey, gate)
    asked, errors = _named(window, other)
    type_text(window.editor, "甲")
    _ctrl_shift_s(qtbot, window)
    assert gate.started.acquire(timeout=5)
    type_text(window.editor, "乙")
    _ctrl_s(qtbot, window)  # queued: after the Save As, of the newest text, to the file just named
    gate.open.set()
    qtbot.waitUntil(lambda: not window.saver.busy and not window.editor.document().isModified(), timeout=10000)
    assert len(asked) == 1 and gate.most_at_once == 1
    assert gate.calls == [SURVEY + "甲", SURVEY + "甲乙"]
    assert other.read_text(encoding="utf-8") == SURVEY + "甲乙"
    assert survey.read_text(encoding="utf-8") == SURVEY
    assert window.current_path == other.resolve() and errors == []


def test_an_untitled_surveys_first_ctrl_s_asks_its_name_once_and_saves_on_the_worker(qtbot, survey, tmp_path):
    target = tmp_path / "new.md"
    gate = Gate()
    window = _window(qtbot, survey, gate)
    assert window.new_document()
    asked, errors = _named(window, target)
    type_text(window.editor, "新的综述")
    _ctrl_s(qtbot, window)  # the name is asked; the file written on the worker
    assert window.saver.busy and gate.started.acquire(timeout=5)
    assert window.current_path is None and window.windowTitle().startswith("Untitled")
    _ctrl_s(qtbot, window)  # again while it is written: not asked a second name
    assert len(asked) == 1
    gate.open.set()
    qtbot.waitUntil(lambda: not window.saver.busy and not window.editor.document().isModified(), timeout=10000)
    assert len(asked) == 1
    assert target.read_text(encoding="utf-8") == "新的综述"
    assert window.current_path == target.resolve() and window.windowTitle().startswith("new.md")
    assert errors == []


def test_closing_during_a_save_as_waits_for_it(qtbot, survey, tmp_path):
    other = tmp_path / "copy.md"
    gate = Gate()
    window = _window(qtbot, survey, gate)
    _asked, errors = _named(window, other)
    asked = []
    window.ask_unsaved_changes = lambda: asked.append(1) or "discard"
    type_text(window.editor, "写完")
    _ctrl_shift_s(qtbot, window)
    assert window.saver.busy and gate.started.acquire(timeout=5)
    gate.open_later(0.3)
    assert window.close()
    assert other.read_text(encoding="utf-8") == SURVEY + "写完"
    assert window.current_path == other.resolve()
    assert asked == []  # saved: nothing to ask about
    assert errors == []


def test_a_gbk_survey_saved_as_another_file_is_offered_utf8_and_takes_the_new_name(qtbot, tmp_path):
    path = tmp_path / "gbk.md"
    path.write_bytes(SURVEY.encode("gbk"))
    other = tmp_path / "utf8.md"
    gate = Gate()
    window = _window(qtbot, path, gate)
    _asked, errors = _named(window, other)
    offered = []
    window.ask_save_as_utf8 = lambda problem: offered.append(problem) or True
    with wait_analysis(qtbot, window):
        type_text(window.editor, "⚠️")
    _ctrl_shift_s(qtbot, window)
    assert window.saver.busy and gate.started.acquire(timeout=5)
    gate.open.set()  # GBK can't hold "⚠️": refused, offered UTF-8, written as UTF-8
    qtbot.waitUntil(lambda: not window.saver.busy and not window.editor.document().isModified(), timeout=10000)
    assert offered and "GBK" in offered[0]
    assert other.read_text(encoding="utf-8") == SURVEY + "⚠️"
    assert path.read_bytes() == SURVEY.encode("gbk")
    assert window.current_path == other.resolve() and window.loaded.encoding == "utf-8"
    assert window.watcher.path == other.resolve() and not window.watcher.differs()
    assert errors == []
