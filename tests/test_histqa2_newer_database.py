"""QA (histqa2): a history database made by a newer version of the program is "left as it is", says the message,
but it was first switched to WAL (its header rewritten, a -wal and -shm made beside it): a newer version that keeps
its database in another journal mode found it changed. The version is now read before anything is written."""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

from editor_app.services.database import latest_version, open_database


def test_a_newer_database_in_another_journal_mode_is_not_written_at_all(tmp_path: Path):
    p = tmp_path / "history.db"
    conn = sqlite3.connect(p)
    conn.execute("CREATE TABLE snapshots_v9 (id INTEGER PRIMARY KEY, body TEXT)")
    conn.execute("INSERT INTO snapshots_v9 (body) VALUES ('一稿')")
    conn.execute(f"PRAGMA user_version = {latest_version() + 3}")
    conn.commit()
    conn.close()
    before = hashlib.sha256(p.read_bytes()).hexdigest()

    opened = open_database(p)
    opened.db.conn.close()

    assert opened.path is None and "newer version" in opened.warning and "left as it is" in opened.warning
    assert hashlib.sha256(p.read_bytes()).hexdigest() == before  # before: switched to WAL
    assert sorted(f.name for f in tmp_path.iterdir()) == ["history.db"]
    assert sqlite3.connect(p).execute("PRAGMA journal_mode").fetchone()[0] == "delete"
