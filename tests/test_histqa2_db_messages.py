"""QA (histqa2): a history database on a full disk was "can't be used (disk I/O error)", and one in a folder on a
read-only disk "can't be used (unable to open database file)": SQLite's words for the -shm file it could not make
beside the database, which say neither. The message now says what the folder tells (the file is left as it is)."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from types import SimpleNamespace

import pytest

from editor_app.services import database


def _opened_with(monkeypatch, tmp_path: Path, error: str, *, flag: int = 0, free_blocks: int = 10**6) -> str:
    db = tmp_path / "history.db"
    db.write_bytes(database.SQLITE_HEADER + b"\0" * 100)
    before = db.read_bytes()

    def refused(p, *_args, **_kwargs):
        raise sqlite3.OperationalError(error)

    monkeypatch.setattr(database, "_open_checked", refused)
    monkeypatch.setattr(database.os, "statvfs", lambda p: SimpleNamespace(f_flag=flag, f_bavail=free_blocks,
                                                                          f_frsize=4096))
    opened = database.open_database(db)
    assert opened.path is None and db.read_bytes() == before  # in memory; the file left as it is
    assert list(tmp_path.iterdir()) == [db]
    return opened.warning


@pytest.mark.skipif(not hasattr(os, "statvfs"), reason="POSIX only")
def test_a_full_disk_is_named(monkeypatch, tmp_path):
    said = _opened_with(monkeypatch, tmp_path, "disk I/O error", free_blocks=0)
    assert "can't be used (disk I/O error: the disk is full); it was left as it is" in said


@pytest.mark.skipif(not hasattr(os, "statvfs"), reason="POSIX only")
def test_a_read_only_disk_is_named(monkeypatch, tmp_path):
    said = _opened_with(monkeypatch, tmp_path, "unable to open database file", flag=os.ST_RDONLY)
    assert "(unable to open database file: its folder is on a read-only disk)" in said


@pytest.mark.skipif(not hasattr(os, "statvfs"), reason="POSIX only")
def test_sqlites_words_alone_when_the_folder_tells_nothing(monkeypatch, tmp_path):
    said = _opened_with(monkeypatch, tmp_path, "disk I/O error")
    assert "can't be used (disk I/O error); it was left" in said
