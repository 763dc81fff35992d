"""histretry: the history database on a real full disk (a small tmpfs, mounted for the test: root only, skipped
elsewhere). SQLite says "database or disk is full"; the saves and autosaves made meanwhile are kept in memory and
stored in the file once space is freed. Before, each one was lost for good (the file reopened and failed again)."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
from pathlib import Path

import pytest
from PySide6.QtGui import QTextCursor

from editor_app.config import Config
from editor_app.services import history
from editor_app.ui import history_panel
from ui_support import first_look_over, open_window, type_text


@pytest.fixture
def small_disk(tmp_path):
    """A 600 KB tmpfs at tmp_path/disk, unmounted afterwards."""
    if os.name != "posix" or os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("mounting a tmpfs needs root")
    where = tmp_path / "disk"
    where.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=600k", "tmpfs", str(where)],
                      capture_output=True).returncode != 0:
        pytest.skip("no tmpfs can be mounted here")
    try:
        yield where
    finally:
        if subprocess.run(["umount", str(where)], capture_output=True).returncode != 0:
            subprocess.run(["umount", "-l", str(where)], capture_output=True)


def _fill(folder: Path) -> Path:
    filler = folder / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT, 0o644)
    try:
        while True:
            os.write(fd, b"\0" * 4096)
    except OSError:
        pass
    finally:
        os.close(fd)
    return filler


def test_saves_and_autosaves_made_while_the_disk_is_full_reach_the_file_once_space_is_freed(
        qtbot, tmp_path, small_disk):
    text = "# 一份综述\n\n## 一、背景\n\n" + "这是一段正文。\n" * 20
    survey = tmp_path / "survey.md"
    survey.write_text(text, encoding="utf-8")
    db_path = small_disk / "history.db"
    window = open_window(qtbot, survey, Config(db_path=db_path, arxiv_url="http://127.0.0.1:9/api/query",
                                               autosave_seconds=3600))
    ctl = history_panel.install(window)
    messages: list[str] = []
    ctl.message.connect(messages.append)
    first_look_over(qtbot, ctl)

    def write(line: str) -> None:
        window.editor.moveCursor(QTextCursor.MoveOperation.End)
        type_text(window.editor, line)
        qtbot.waitUntil(lambda: window.runner.published_revision == window.runner.revision, timeout=20000)

    try:
        write("\n空间充足")
        assert ctl.autosave_now() is not None and ctl._db_on_file
        checkpointer = getattr(ctl, "_checkpointer", None)
        if checkpointer is not None:
            assert checkpointer.wait_idle(10)
        # The log emptied first: a snapshot written over a checkpointed log's old pages needs no more room, and is
        # stored though the disk is full (nothing need be kept in memory then); this one can't be
        with sqlite3.connect(db_path) as conn:
            assert conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()[0] == 0
        filler = _fill(small_disk)
        write("\n磁盘满了" + "，写下更多的字" * 300)
        assert ctl.autosave_now() is not None  # kept in memory
        assert not ctl._db_on_file and not ctl.offline_label.isHidden()
        assert any("disk is full" in m for m in messages), messages
        write("\n满盘时保存")
        assert window.save()  # the survey lives elsewhere; its snapshot can't reach the full disk
        assert not ctl._db_on_file
        filler.unlink()
        ctl.retry_file(force=True)
        qtbot.waitUntil(lambda: ctl._catching is None, timeout=20000)
        assert ctl._db_on_file and ctl.offline_label.isHidden()
        assert "2 snapshots kept in memory" in messages[-1]
        write("\n之后照常")
        assert ctl.autosave_now() is not None
        ctl.close_database()
        conn = sqlite3.connect(db_path)
        kinds = [k for (k,) in conn.execute("SELECT kind FROM snapshots ORDER BY time, id")]
        conn.close()
        assert kinds == ["autosave", "autosave", "save", "autosave"]
    finally:
        window.shutdown()
        ctl.close_database()
    from editor_app.services.database import open_database

    db = open_database(db_path).db
    assert "满盘时保存" in history.get_snapshot_text(db, history.list_snapshots(db, survey, kinds=["save"])[0]["id"])
    db.conn.close()
