"""QA25 D3: a history.db of 0 bytes (what a crash or a full disk leaves of a file cut short) was taken by SQLite for
a new database: no word, nothing kept, History said "0 snapshots" as if there had never been any. Now it is said,
as for a damaged file, and the empty file is kept aside as history.db.corrupt-…; the program's own fresh database
(0 bytes too, for a moment, when SQLite makes it) and the one another copy is making at the same time are not."""

from __future__ import annotations

import os
import sqlite3
import threading
import time
from pathlib import Path

from editor_app.config import Config
from editor_app.services import database, history
from editor_app.services.database import open_database
from editor_app.ui import history_panel
from ui_support import open_window


def _truncated(p: Path, ago: float = 3600.0) -> None:
    """History lost by a truncation an hour ago."""
    p.write_bytes(b"")
    then = time.time() - ago
    os.utime(p, (then, then))


def test_an_empty_database_file_is_said_and_kept_aside(tmp_path: Path):
    p = tmp_path / "history.db"
    _truncated(p)
    opened = open_database(p)
    assert opened.path == p
    # before: no word, and the empty file became the new database
    assert opened.warning.startswith(f"The history database {p} was empty (0 bytes")
    kept = list(tmp_path.glob("history.db.corrupt-*"))
    assert len(kept) == 1 and kept[0].stat().st_size == 0 and str(kept[0]) in opened.warning
    sid = history.record_snapshot(opened.db, path=tmp_path / "s.md", text="新的开始", analysis={}, kind="save")
    assert history.get_snapshot_text(opened.db, sid) == "新的开始"  # a fresh one in its place
    opened.db.conn.close()

    # the program's own fresh database, made where there was none, is no empty file found
    fresh = open_database(tmp_path / "new" / "history.db")
    assert fresh.path is not None and fresh.warning == ""
    fresh.db.conn.close()
    again = open_database(tmp_path / "new" / "history.db")
    assert again.warning == "" and not list((tmp_path / "new").glob("*.corrupt-*"))
    again.db.conn.close()

    # an empty file that is someone's document (`--db notes.txt`) is never moved aside
    notes = tmp_path / "notes.txt"
    _truncated(notes)
    open_database(notes).db.conn.close()
    assert not list(tmp_path.glob("notes.txt.corrupt-*"))


def test_the_fresh_database_another_copy_is_making_is_not_taken_for_an_empty_one(tmp_path: Path):
    """8 `survey-check --record` started at once on no database: one makes it, and for a moment it is 0 bytes."""
    p = tmp_path / "history.db"
    _truncated(p)
    assert "was empty" in open_database(tmp_path / "history.db").warning  # (old enough: said)
    for f in tmp_path.glob("history.db*"):
        f.unlink()

    sqlite3.connect(p).close()  # another copy: SQLite has just made the file, empty...
    assert p.stat().st_size == 0

    def goes_on() -> None:  # ...and writes its first page a moment later (it looked before the file was there)
        time.sleep(0.3)
        other = database._open_checked(p)
        history.record_snapshot(other, path=tmp_path / "s.md", text="另一个进程", analysis={}, kind="cli")
        other.conn.close()

    database._CHECKED.clear()
    other = threading.Thread(target=goes_on)
    started = time.monotonic()
    other.start()
    try:
        opened = open_database(p)
    finally:
        other.join()
    assert opened.warning == "" and opened.path == p and not list(tmp_path.glob("*.corrupt-*"))
    assert time.monotonic() - started < database.FRESH_SECONDS + 1
    assert [r["kind"] for r in history.list_snapshots(opened.db, tmp_path / "s.md")] == ["cli"]
    opened.db.conn.close()


def test_the_window_says_so_above_the_history_list_in_chinese(qtbot, tmp_path: Path, sample_text, chinese):
    p = tmp_path / "history.db"
    _truncated(p)
    survey = tmp_path / "survey.md"
    survey.write_text(sample_text, encoding="utf-8")
    window = open_window(qtbot, survey, Config(db_path=p, arxiv_url="http://127.0.0.1:9/api/query"))
    ctl = history_panel.install(window)
    window._show_panel(ctl.panel)
    assert ctl.db is not None and ctl._db_on_file
    notice = ctl.panel.notice
    assert notice.isVisible() and "空文件（0 字节" in notice.text() and "corrupt-" in notice.text()
    assert "was empty" not in notice.text()
