"""histretry: a history database that could not be written during a session (a full disk, a lock held by another
program past the wait, a read-only folder) was left for good: the window kept the session's history in memory until
restart, or lost each save and autosave while the file refused them, and never tried the file again. Once space was
freed the saves and autosaves made meanwhile were never stored in it: a later crash lost those autosaves (recovery
reads the file) and the next session's History tab lacked those saves.

Now the snapshots are kept in memory, the status bar says history is not saved to disk for as long as it is true,
and the file is tried again at every save and at autosave time (at most every RETRY_SECONDS, waiting a moment only
for a lock); once it can be written, what was kept in memory is copied into it, oldest first, each snapshot once,
with its kind, time and figures, and history goes on there."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

import pytest
from PySide6.QtGui import QTextCursor

from editor_app.config import Config
from editor_app.services import history
from editor_app.services.database import open_database
from editor_app.ui import history_panel
from test_historyqa_exact_metrics import assert_row_is_of_its_text
from ui_support import first_look_over, open_window, type_text

FULL = "database or disk is full"


def _on_file(db) -> bool:
    return bool(db.conn.execute("PRAGMA database_list").fetchone()[2])


class FullDisk:
    """history.write_snapshot into a file fails as on a full disk while `full` (after `room` more writes, when
    given); the history kept in memory is written as ever."""

    def __init__(self, monkeypatch) -> None:
        self.full = False
        self.room: int | None = None
        self.refused = 0
        real = history.write_snapshot

        def write(db, **kwargs):
            if self.full and _on_file(db):
                if self.room:
                    self.room -= 1
                    return real(db, **kwargs)
                self.refused += 1
                raise sqlite3.OperationalError(FULL)
            return real(db, **kwargs)

        monkeypatch.setattr(history, "write_snapshot", write)


@pytest.fixture
def disk(monkeypatch):
    return FullDisk(monkeypatch)


def _window(qtbot, tmp_path: Path, text: str, db: Path | None = None):
    survey = tmp_path / "survey.md"
    if not survey.exists():
        survey.write_text(text, encoding="utf-8")
    cfg = Config(db_path=db or tmp_path / "history.db", arxiv_url="http://127.0.0.1:9/api/query",
                 arxiv_interval=0.0, autosave_seconds=3600)
    window = open_window(qtbot, survey, cfg)
    ctl = history_panel.install(window)
    messages: list[str] = []
    ctl.message.connect(messages.append)
    first_look_over(qtbot, ctl)
    return survey, window, ctl, messages


def _type(window, text: str) -> None:
    window.editor.moveCursor(QTextCursor.MoveOperation.End)
    type_text(window.editor, text)


def _settle(qtbot, window) -> None:
    """The analysis of the text typed is on screen (so its snapshot is stored measured at once)."""
    qtbot.waitUntil(lambda: window.runner.published_revision == window.runner.revision, timeout=20000)
    qtbot.wait(50)


def _back_on_file(qtbot, ctl) -> bool:
    """The retry of a save or the autosave timer, and the copy it starts (a slice per turn of the event loop)."""
    ctl.retry_file(force=True)
    qtbot.waitUntil(lambda: ctl._catching is None, timeout=20000)
    return ctl._db_on_file


def _file_rows(db_path: Path, survey: Path) -> list[dict]:
    db = open_database(db_path).db
    try:
        return list(reversed(history.list_snapshots(db, survey)))  # oldest first
    finally:
        db.conn.close()


def test_snapshots_kept_in_memory_while_the_disk_is_full_are_stored_once_there_is_room(
        qtbot, tmp_path, sample_text, disk):
    survey, window, ctl, messages = _window(qtbot, tmp_path, sample_text)
    _type(window, "\n满盘之前")
    _settle(qtbot, window)
    assert ctl.autosave_now() is not None and ctl.offline_label.isHidden()
    db_path = tmp_path / "history.db"

    disk.full = True
    _type(window, "\n满盘时的第一句")
    _settle(qtbot, window)
    assert ctl.autosave_now() is not None  # kept (in memory), not lost
    assert not ctl.offline_label.isHidden() and "not saved to disk" in ctl.offline_label.text()
    assert FULL in ctl.offline_label.toolTip() and "tried again" in ctl.offline_label.toolTip()
    assert any("can't be written to" in m and FULL in m for m in messages)
    assert "can't be written to" in window.statusBar().currentMessage()
    _type(window, "\n满盘时保存")
    _settle(qtbot, window)
    assert window.save()  # the survey itself is saved; its snapshot tries the file at once and is kept in memory
    assert disk.refused >= 2 and not ctl.offline_label.isHidden()
    _type(window, "\n满盘时的第二句")
    _settle(qtbot, window)
    assert ctl.autosave_now() is not None
    in_memory = list(reversed(history.list_snapshots(ctl.db, survey)))
    assert [r["kind"] for r in in_memory] == ["autosave", "save", "autosave"]
    assert [r["kind"] for r in _file_rows(db_path, survey)] == ["autosave"]  # nothing half-written meanwhile

    disk.full = False  # space freed
    tried = disk.refused
    _type(window, "\n有空间了")
    _settle(qtbot, window)
    assert ctl.autosave_now() is not None
    assert disk.refused == tried and not ctl._db_on_file  # not tried again before RETRY_SECONDS: bounded, cheap
    ctl._next_retry = 0.0  # RETRY_SECONDS later
    _type(window, "\n再过一会儿")
    _settle(qtbot, window)
    assert ctl.autosave_now() is not None
    qtbot.waitUntil(lambda: ctl._db_on_file, timeout=20000)
    assert ctl.offline_label.isHidden()
    # 4 kept in memory, or 5 when the last autosave was prepared before the file was back (a worker's timing; the
    # file holds the same six rows either way, as below)
    assert messages[-1].startswith((f"History is written to {db_path} again; 4 snapshots kept in memory",
                                    f"History is written to {db_path} again; 5 snapshots kept in memory"))

    rows = _file_rows(db_path, survey)
    assert [r["kind"] for r in rows] == ["autosave", "autosave", "save", "autosave", "autosave", "autosave"]
    kept = [r for r in rows if r["time"] in {m["time"] for m in in_memory}]
    # each one once, with its own time, kind, text and figures
    assert [(r["time"], r["kind"], r["text_hash"]) for r in kept] == [
        (m["time"], m["kind"], m["text_hash"]) for m in in_memory]
    assert [{k: r[k] for k in history.HEADLINE} for r in kept] == [{k: m[k] for k in history.HEADLINE} for m in in_memory]
    file_db = open_database(db_path).db
    for row in rows:
        assert row["measured"]
        assert file_db.execute("SELECT COUNT(*) FROM snapshot_metrics WHERE snapshot_id = ?", [row["id"]]).fetchone()[0]
    assert "满盘时的第二句" in history.get_snapshot_text(file_db, rows[3]["id"])
    assert len({r["time"] for r in rows}) == len(rows)
    file_db.conn.close()
    ctl.refresh(force=True)
    assert ctl.panel.model.rowCount() == 6 or not ctl.panel.isVisible()


def test_a_crash_after_the_disk_had_room_again_offers_the_autosave_made_while_it_was_full(
        qtbot, tmp_path, sample_text, disk):
    survey, window, ctl, _ = _window(qtbot, tmp_path, sample_text)
    disk.full = True
    _type(window, "\n只在内存里的一句")
    _settle(qtbot, window)
    assert ctl.autosave_now() is not None and not ctl._db_on_file
    disk.full = False
    assert _back_on_file(qtbot, ctl)  # the autosave timer's retry, once there is room
    ctl.close_database()  # the program dies: no quit, no shutdown

    second = open_window(qtbot, survey, Config(db_path=tmp_path / "history.db",
                                               arxiv_url="http://127.0.0.1:9/api/query", autosave_seconds=3600))
    ctl2 = history_panel.install(second)
    dialog = ctl2.check_recovery(str(survey.resolve()))
    assert dialog is not None and "只在内存里的一句" in dialog.diff.toPlainText()  # before: nothing to recover
    dialog.done(0)


def test_a_copy_cut_short_by_the_disk_filling_again_stores_nothing_twice(qtbot, tmp_path, sample_text, disk):
    survey, window, ctl, messages = _window(qtbot, tmp_path, sample_text)
    disk.full = True
    for i in range(4):
        _type(window, f"\n第{i}句")
        _settle(qtbot, window)
        assert ctl.autosave_now() is not None
    disk.room = 2  # room for two snapshots only: the copy stops after them
    assert not _back_on_file(qtbot, ctl)
    assert not ctl._db_on_file and not ctl.offline_label.isHidden()
    assert FULL in ctl.offline_label.toolTip()
    assert len(_file_rows(tmp_path / "history.db", survey)) == 2
    disk.full = False
    assert _back_on_file(qtbot, ctl)
    rows = _file_rows(tmp_path / "history.db", survey)
    assert len(rows) == 4 and len({r["time"] for r in rows}) == 4 and len({r["text_hash"] for r in rows}) == 4
    assert [r["time"] for r in rows] == sorted(r["time"] for r in rows)
    assert messages[-1].startswith("History is written to") and "4 snapshots kept in memory" in messages[-1]


def test_a_snapshot_measured_after_its_copy_gets_its_own_figures_not_another_ones(qtbot, tmp_path, sample_text, disk):
    """A draft autosaved while its analysis is not on screen is stored "measuring" (in memory, id 1) and measured
    on the record thread; the file came back before the figures did. They go to its copy in the file, not to the
    file's snapshot #1 (another draft)."""
    survey, window, ctl, _ = _window(qtbot, tmp_path, sample_text)
    _type(window, "\n第一稿")
    _settle(qtbot, window)
    first = ctl.autosave_now()
    assert first == 1
    first_figures = history.get_snapshot(ctl.db, first)
    disk.full = True
    _type(window, "\n" + "新写的一段。" * 30)
    kept = ctl.autosave_now()  # at once: the analysis on screen is of the text before
    assert kept == 1 and not ctl._db_on_file and not history.get_snapshot(ctl.db, kept)["measured"]
    disk.full = False
    with qtbot.waitSignal(ctl.measured, timeout=30000):
        assert _back_on_file(qtbot, ctl)  # before its figures come from the record thread
    file_db = open_database(tmp_path / "history.db").db
    rows = list(reversed(history.list_snapshots(file_db, survey)))
    assert len(rows) == 2 and all(r["measured"] for r in rows)
    assert {k: rows[0][k] for k in history.HEADLINE} == {k: first_figures[k] for k in history.HEADLINE}
    assert_row_is_of_its_text(tmp_path, file_db, rows[1]["id"])  # as survey-check measures its text
    assert rows[1]["cjk"] > rows[0]["cjk"]
    file_db.conn.close()


def test_figures_of_a_file_snapshot_never_go_to_a_memory_snapshot_of_the_same_number(
        qtbot, tmp_path, sample_text, disk):
    """The file's snapshot #1 and the memory's #1 are both stored "measuring"; the file's figures come once history
    is in memory. They are not stored on the memory's #1 (another draft): the file's is measured once it is back."""
    survey, window, ctl, _ = _window(qtbot, tmp_path, sample_text)
    _type(window, "\n文件里的一稿")
    assert ctl.autosave_now() == 1 and not history.get_snapshot(ctl.db, 1)["measured"]
    disk.full = True
    _type(window, "\n" + "内存里的一稿。" * 40)
    assert ctl.autosave_now() == 1 and not ctl._db_on_file
    qtbot.waitUntil(lambda: history.get_snapshot(ctl.db, 1)["measured"], timeout=30000)
    qtbot.wait(200)  # the file's figures came too, and were not stored here
    disk.full = False
    with qtbot.waitSignal(ctl.measured, timeout=30000):
        assert _back_on_file(qtbot, ctl)  # then the file's #1 is measured again, with its own text
    file_db = open_database(tmp_path / "history.db").db
    rows = list(reversed(history.list_snapshots(file_db, survey)))
    assert len(rows) == 2
    for row in rows:
        assert_row_is_of_its_text(tmp_path, file_db, row["id"])
    file_db.conn.close()


def test_a_lock_held_past_the_wait_is_retried_without_holding_up_typing(qtbot, tmp_path, sample_text):
    survey, window, ctl, messages = _window(qtbot, tmp_path, sample_text)
    assert ctl.db is not None
    other = sqlite3.connect(tmp_path / "history.db", isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another program writes, and holds on
    try:
        _type(window, "\n锁住时的一句")
        _settle(qtbot, window)
        assert ctl.autosave_now() is not None and not ctl._db_on_file
        assert any("locked" in m for m in messages)
        started = time.perf_counter()
        assert not ctl.retry_file(force=True)
        assert time.perf_counter() - started < 0.5  # a moment's wait for the lock, never 10 s
        assert not ctl.offline_label.isHidden()
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert _back_on_file(qtbot, ctl)
    assert [r["kind"] for r in _file_rows(tmp_path / "history.db", survey)] == ["autosave"]
    assert ctl.db.execute("PRAGMA busy_timeout").fetchone()[0] == history_panel.BUSY_SECONDS * 1000  # (QA26b D3)


def test_autosaves_let_go_while_in_memory_are_let_go_in_the_file_too(qtbot, tmp_path, sample_text, disk):
    """Undone back to the text on disk while the file could not be written: the autosaves this window wrote to the
    file before are not offered after a crash once the file is back (the dismissal is made there too, for the
    autosaves stored up to then only)."""
    survey, window, ctl, _ = _window(qtbot, tmp_path, sample_text)
    _type(window, "\n写了又撤销")
    _settle(qtbot, window)
    assert ctl.autosave_now() is not None  # in the file
    disk.full = True
    _type(window, "x")
    _settle(qtbot, window)
    assert ctl.autosave_now() is not None  # in memory
    while window.editor.document().isModified():
        window.editor.undo()  # back to the text on disk: nothing to recover
    disk.full = False
    assert _back_on_file(qtbot, ctl)
    ctl.close_database()  # a crash

    second = open_window(qtbot, survey, Config(db_path=tmp_path / "history.db",
                                               arxiv_url="http://127.0.0.1:9/api/query", autosave_seconds=3600))
    ctl2 = history_panel.install(second)
    assert ctl2.check_recovery(str(survey.resolve())) is None


def test_the_status_bar_says_it_in_chinese(qtbot, tmp_path, sample_text, disk, zh_translation):
    survey, window, ctl, messages = _window(qtbot, tmp_path, sample_text)
    disk.full = True
    _type(window, "\n中文界面")
    _settle(qtbot, window)
    assert ctl.autosave_now() is not None
    assert ctl.offline_label.text() == "⚠ 历史未写入磁盘"
    assert "历史目前无法写入" in messages[-1] and "内存中。每次保存时" in messages[-1]  # no English space between
    disk.full = False
    assert _back_on_file(qtbot, ctl)
    assert messages[-1].startswith("历史重新写入") and "1 个快照" in messages[-1]


def test_a_folder_that_can_be_made_later_gets_the_saves_made_meanwhile(qtbot, tmp_path, sample_text):
    """The database's folder could not be made (a file in its way): "History is not being recorded", and each save
    was lost for good. Now they are kept, and stored once the folder can be made."""
    blocker = tmp_path / "data"
    blocker.write_text("in the way")
    db_path = blocker / "history.db"
    survey, window, ctl, messages = _window(qtbot, tmp_path, sample_text, db=db_path)
    _type(window, "\n文件夹建不了")
    _settle(qtbot, window)
    assert window.save()
    assert not ctl._db_on_file and not ctl.offline_label.isHidden()
    blocker.unlink()
    assert _back_on_file(qtbot, ctl)
    assert [r["kind"] for r in _file_rows(db_path, survey)] == ["save"]


def test_the_copy_goes_a_slice_at_a_time_and_takes_what_is_kept_meanwhile(qtbot, tmp_path, sample_text, disk,
                                                                          monkeypatch):
    """Copying is done in slices between key presses (60 drafts of the sample took ~0.3 s at once); an autosave
    made while the copy goes on is kept in memory and copied after the others."""
    survey, window, ctl, messages = _window(qtbot, tmp_path, sample_text)
    disk.full = True
    for i in range(5):
        _type(window, f"\n第{i}段")
        _settle(qtbot, window)
        assert ctl.autosave_now() is not None
    disk.full = False
    monkeypatch.setattr(history_panel, "COPY_SLICE_SECONDS", 0.0)  # one snapshot a turn of the event loop
    assert not ctl.retry_file(force=True)  # started: one copied, the rest follow
    assert ctl._catching is not None and len(_file_rows(tmp_path / "history.db", survey)) == 1
    _type(window, "\n复制时写的")
    assert ctl.autosave_now() is not None and ctl._catching is not None  # kept in memory, "measuring"
    qtbot.waitUntil(lambda: ctl._db_on_file, timeout=20000)
    rows = _file_rows(tmp_path / "history.db", survey)
    assert len(rows) == 6 and "复制时写的" in history.get_snapshot_text(ctl.db, rows[-1]["id"])
    qtbot.waitUntil(lambda: history.get_snapshot(ctl.db, rows[-1]["id"])["measured"], timeout=30000)
    assert_row_is_of_its_text(tmp_path, ctl.db, rows[-1]["id"])  # its figures followed it into the file
    assert [r["time"] for r in rows] == sorted(r["time"] for r in rows)
    assert "6 snapshots kept in memory" in messages[-1]


def test_a_file_locked_at_start_is_tried_again_and_gets_the_saves_made_meanwhile(qtbot, tmp_path, sample_text,
                                                                                  monkeypatch):
    """Locked by another program when the window opened it: "this session keeps its history in memory", until
    restart. Now the next save tries it again."""
    from editor_app.services import database

    locked = {"on": True}
    real = database._open_checked

    def open_checked(p, *args, **kwargs):
        if locked["on"]:
            raise sqlite3.OperationalError("database is locked")
        return real(p, *args, **kwargs)

    monkeypatch.setattr(database, "_open_checked", open_checked)
    survey, window, ctl, messages = _window(qtbot, tmp_path, sample_text)
    assert ctl.db is not None and not ctl._db_on_file
    assert any("locked by another program" in m and "tried again" in m for m in messages)
    assert not ctl.offline_label.isHidden()
    _type(window, "\n锁着时保存")
    _settle(qtbot, window)
    assert window.save()
    locked["on"] = False  # the other program let go
    _type(window, "\n放开之后保存")
    _settle(qtbot, window)
    assert window.save()  # tries the file at once
    qtbot.waitUntil(lambda: ctl._db_on_file, timeout=20000)
    rows = _file_rows(tmp_path / "history.db", survey)
    assert [r["kind"] for r in rows] == ["save", "save"]
    assert "锁着时保存" in history.get_snapshot_text(ctl.db, rows[0]["id"])
    assert "放开之后保存" in history.get_snapshot_text(ctl.db, rows[1]["id"])
    assert ctl.offline_label.isHidden()
