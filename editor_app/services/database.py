"""The one SQLite database of a user: history snapshots and the arXiv cache, upgraded by versioned migrations.

Every table is created by a migration listed in `MIGRATIONS`; each module that owns tables provides its
migration functions. A database that can't be opened or read is moved aside and a fresh one created.
"""

from __future__ import annotations

import importlib
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

import sqlite_utils

from editor_app.config import default_db_path  # noqa: F401  (re-exported: where the database lives)

# (version, "module:function") — append only; never edit a migration that has shipped.
MIGRATIONS: list[tuple[int, str]] = [
    (1, "editor_app.services.history:migrate_v1"),
    (2, "editor_app.services.arxiv_cache:migrate_v1"),
    (3, "editor_app.services.arxiv_cache:migrate_v2"),
]


FULL_CHECK_MAX_BYTES = 32 * 1024 * 1024
_CHECKED: set[str] = set()


@dataclass
class OpenedDatabase:
    db: sqlite_utils.Database
    path: Path | None
    warning: str = ""  # non-empty when a corrupt database was moved aside


def schema_version(db: sqlite_utils.Database) -> int:
    return db.execute("PRAGMA user_version").fetchone()[0]


def migrate(db: sqlite_utils.Database, upto: int | None = None) -> int:
    """Run every migration newer than the database's user_version (optionally stopping at `upto`)."""
    current = schema_version(db)
    for version, target in MIGRATIONS:
        if version <= current or (upto is not None and version > upto):
            continue
        module_name, func_name = target.split(":")
        func = getattr(importlib.import_module(module_name), func_name)
        # Python's sqlite3 runs DDL outside transactions unless one is open: open it, so a failed step leaves nothing.
        if db.conn.in_transaction:
            db.conn.commit()
        db.conn.execute("BEGIN IMMEDIATE")  # another running copy may be migrating too: one at a time
        try:
            if schema_version(db) >= version:
                db.conn.commit()
                current = schema_version(db)
                continue
            func(db)
            db.execute(f"PRAGMA user_version = {int(version)}")
            db.conn.commit()
        except BaseException:
            db.conn.rollback()
            raise
        current = version
    return current


def open_database(path: Path | str | None = None, *, memory: bool = False) -> OpenedDatabase:
    """Open (creating and migrating) the database; a corrupt file is moved aside, never lost."""
    if memory:
        db = sqlite_utils.Database(memory=True)
        migrate(db)
        return OpenedDatabase(db, None)
    p = Path(path) if path else default_db_path()
    p.parent.mkdir(parents=True, exist_ok=True)
    try:
        db = _open_checked(p)
        return OpenedDatabase(db, p)
    except sqlite3.OperationalError as exc:
        if "locked" not in str(exc) and "busy" not in str(exc):
            return _move_aside_and_reopen(p, exc)
        # Another program holds the lock: the file is fine, so never move it; keep this session's history in memory.
        db = sqlite_utils.Database(memory=True)
        migrate(db)
        return OpenedDatabase(db, None, warning=f"The history database {p} is locked by another program ({exc}); "
                              "this session keeps its history in memory.")
    except (sqlite3.DatabaseError, OSError) as exc:
        return _move_aside_and_reopen(p, exc)


SQLITE_HEADER = b"SQLite format 3\x00"
DATABASE_SUFFIXES = (".db", ".sqlite", ".sqlite3", ".db3")


def _may_be_ours(p: Path) -> bool:
    """A damaged database (SQLite's header, or a database's name) may be moved aside; any other file is someone's
    document given as the database by mistake (`--db survey.md`): it is never renamed nor replaced."""
    if p.suffix.lower() in DATABASE_SUFFIXES:
        return True
    try:
        with open(p, "rb") as fh:
            return fh.read(len(SQLITE_HEADER)) == SQLITE_HEADER
    except OSError:
        return True  # unreadable: the move (or the fresh database) says why


def _move_aside_and_reopen(p: Path, exc: Exception) -> OpenedDatabase:
    """A database that can't be read is kept (renamed), never deleted, and a fresh one takes its place."""
    if p.is_dir() or (p.is_file() and not _may_be_ours(p)):  # a folder was renamed with all it held
        db = sqlite_utils.Database(memory=True)
        migrate(db)
        what = "is a folder, not a history database" if p.is_dir() else f"is not a history database ({exc})"
        return OpenedDatabase(db, None, warning=f"{p} {what}; it was left as it is and this session keeps its "
                              "history in memory. Choose another database file.")
    moved = p.with_name(f"{p.name}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}")
    for suffix in ("", "-wal", "-shm"):
        src = Path(str(p) + suffix)
        if src.exists():
            src.rename(Path(str(moved) + suffix))
    db = _open_checked(p)
    return OpenedDatabase(
        db, p, warning=f"The history database {p} could not be read ({exc}); it was moved to {moved} "
        "and a fresh one was created."
    )


def _open_checked(p: Path) -> sqlite_utils.Database:
    conn = sqlite3.connect(str(p), timeout=10, check_same_thread=False)
    try:
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()  # "file is not a database" surfaces here
        key = str(p.resolve())
        if key not in _CHECKED and p.stat().st_size <= FULL_CHECK_MAX_BYTES:
            # The full check reads the whole file: once per process, and only while the file is small.
            ok = conn.execute("PRAGMA quick_check").fetchone()[0]
            if ok != "ok":
                raise sqlite3.DatabaseError(f"integrity check failed: {ok}")
        _CHECKED.add(key)
        db = sqlite_utils.Database(conn)
        db.enable_wal()
        db.execute("PRAGMA synchronous = NORMAL")  # WAL + NORMAL: survives a killed process, commits without fsync
        migrate(db)
        return db
    except Exception:
        conn.close()
        raise
