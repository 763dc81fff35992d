"""The history file's write-ahead log is checkpointed off the GUI thread (database.Checkpointer). Left to SQLite, the
commit that takes the log past 1,000 pages checkpoints it, in the thread that commits: the window's GUI thread, at
every fifth or sixth snapshot of an 8 MB survey (45 ms, with two fsyncs: seconds on a busy disk)."""

from __future__ import annotations

import os
import sqlite3
import threading

import pytest

pytest.importorskip("pytestqt")

from editor_app.config import Config  # noqa: E402
from editor_app.services import database, history  # noqa: E402
from editor_app.ui import history_panel  # noqa: E402
from tests.ui_support import open_window  # noqa: E402

AUTO_CHECKPOINT_PAGES = 1000  # SQLite's wal_autocheckpoint, left as it is
FRAME = 4096 + 24  # a page and its frame header in the log


def _log_pages(db_path) -> int:
    wal = f"{db_path}-wal"
    return os.path.getsize(wal) // FRAME if os.path.exists(wal) else 0


def test_the_gui_thread_never_checkpoints_the_history_file(qtbot, tmp_path, sample_text):
    """Sixteen long saves (~80 pages each, 1,300 in all) never take the log near the 1,000 pages at which the
    committing GUI thread would checkpoint it: each is checkpointed by the checkpointer's thread after it is written.
    Nothing is lost on the way: every snapshot is in the file, read by another connection."""
    survey = tmp_path / "survey.md"
    survey.write_text(sample_text, encoding="utf-8")
    db_path = tmp_path / "h.db"
    window = open_window(qtbot, survey, Config(arxiv_url="http://127.0.0.1:9/api/query", arxiv_interval=0.0,
                                               db_path=db_path, autosave_seconds=3600))
    ctl = history_panel.install(window)
    try:
        texts, largest = [], 0
        for _ in range(16):
            texts.append(os.urandom(300_000).hex())  # (compresses to ~330 KB: ~80 pages)
            with qtbot.waitSignal(ctl.recorded, timeout=20000):
                ctl.record("save", texts[-1], {}, str(survey))
            checkpointer = getattr(ctl, "_checkpointer", None)
            if checkpointer is not None:
                assert checkpointer.wait_idle(10)
            largest = max(largest, _log_pages(db_path))
        assert largest < AUTO_CHECKPOINT_PAGES / 4
        with sqlite3.connect(db_path) as other:
            hashes = {row[0] for row in other.execute("SELECT text_hash FROM snapshots")}
        assert hashes == {history.text_hash(t) for t in texts}
    finally:
        window.shutdown()
    assert ctl._checkpointer is None  # stopped with the window


def test_a_checkpoint_is_made_on_a_thread_of_its_own_through_a_connection_of_its_own(tmp_path):
    path = tmp_path / "h.db"
    db = database.open_database(path).db
    db.execute("CREATE TABLE t (x BLOB)")
    threads: list[str] = []
    checkpointer = database.Checkpointer(path)
    real = checkpointer.checkpoint

    def spy() -> bool:
        threads.append(threading.current_thread().name)
        return real()

    checkpointer.checkpoint = spy
    try:
        for _ in range(5):
            with db.conn:
                db.conn.execute("INSERT INTO t VALUES (?)", [os.urandom(400_000)])
            checkpointer.request()
            assert checkpointer.wait_idle(10)
        assert threads and set(threads) == {"history-checkpoint"} and checkpointer.done == len(threads)
        # the database file holds what the log held (a checkpoint copies it there; the log is then written anew)
        assert path.stat().st_size > 4 * 400_000 and _log_pages(path) < 150
    finally:
        checkpointer.stop()
    assert not any(t.name == "history-checkpoint" for t in threading.enumerate())


def test_a_checkpoint_of_a_file_gone_makes_no_file(tmp_path):
    """A database moved aside (damaged) or never made is not made again, empty, by a checkpoint."""
    gone = tmp_path / "moved-aside.db"
    checkpointer = database.Checkpointer(gone)
    try:
        assert checkpointer.checkpoint() is False
        checkpointer.request()
        assert checkpointer.wait_idle(10)
        assert not gone.exists() and checkpointer.done == 0
    finally:
        checkpointer.stop()
