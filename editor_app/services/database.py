"""The one SQLite database of a user: history snapshots and the arXiv cache, upgraded by versioned migrations.

Every table is created by a migration listed in `MIGRATIONS`; each module that owns tables provides its
migration functions. A damaged database is moved aside and a fresh one created; one that is fine but can't be
used now (read-only, a full disk, made by a newer version, locked) is left as it is and the session's history is
kept in memory; what it holds can still be read (`open_read_only`).
"""

from __future__ import annotations

import importlib
import os
import sqlite3
import stat
import threading
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
    (4, "editor_app.services.history:migrate_v2"),
    (5, "editor_app.services.history:migrate_v3"),
    (6, "editor_app.services.history:migrate_v4"),
    (7, "editor_app.services.arxiv_cache:migrate_v3"),
]


FULL_CHECK_MAX_BYTES = 32 * 1024 * 1024
_CHECKED: set[str] = set()


@dataclass
class OpenedDatabase:
    db: sqlite_utils.Database
    path: Path | None
    warning: str = ""  # non-empty when a corrupt database was moved aside
    # In memory because the file can't be used now (locked, read-only, a full disk): it may be usable later, and
    # the window tries it again. Not for a newer version's file, nor one that is no history database.
    retry: bool = False
    # In memory: what is wrong with the file, without the window's words about its session ("The history database
    # … was made by a newer version …"): what `survey-check` says.
    problem: str = ""
    # In memory because the file was made by a newer version (left as it is, never tried again).
    newer: bool = False


class NewerDatabase(sqlite3.DatabaseError):
    """The database was made by a newer version of the program: its schema is not this version's to write."""

    def __init__(self, found: int, known: int) -> None:
        super().__init__(f"schema {found}; this version knows up to {known}")
        self.found = found
        self.known = known


def schema_version(db: sqlite_utils.Database) -> int:
    return db.execute("PRAGMA user_version").fetchone()[0]


def latest_version() -> int:
    return max((version for version, _ in MIGRATIONS), default=0)


def migrate(db: sqlite_utils.Database, upto: int | None = None) -> int:
    """Run every migration newer than the database's user_version (optionally stopping at `upto`); a database
    newer than every migration is refused (NewerDatabase), never written as if it were ours."""
    current = schema_version(db)
    if current > latest_version():
        raise NewerDatabase(current, latest_version())
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


def needs_upgrade(path: Path | str | None = None) -> bool:
    """Whether the database at `path` was written by an older version, its migrations still to run: opening it may
    take long on a big file (a migration may build an index), so the window opens it off the GUI thread. Read from
    the file's header, through no connection (nothing is made beside a file, a newer version's included); the
    header may lag a log not yet copied into the file: a database found older than it is is opened off the GUI
    thread for nothing, no harm. False when there is no such file or it can't be read (opening it says why)."""
    p = Path(path) if path else default_db_path()
    try:
        with open(p, "rb") as fh:
            header = fh.read(100)
    except OSError:  # (a folder, a file gone or unreadable)
        return False
    if len(header) < 100 or not header.startswith(SQLITE_HEADER):
        return False
    found = int.from_bytes(header[60:64], "big")  # PRAGMA user_version
    return 0 < found < latest_version()


def open_database(path: Path | str | None = None, *, memory: bool = False, timeout: float = 10.0) -> OpenedDatabase:
    """Open (creating and migrating) the database; a corrupt file is moved aside, never lost. `timeout`: how long
    to wait for another program's lock (the window's retries of a file that failed wait a moment only)."""
    if memory:
        db = sqlite_utils.Database(memory=True)
        migrate(db)
        return OpenedDatabase(db, None)
    p = Path(path) if path else default_db_path()
    p.parent.mkdir(parents=True, exist_ok=True)
    if _left_empty(p):
        return _move_aside_and_reopen(p, sqlite3.DatabaseError("the file is empty: 0 bytes"), empty=True)
    try:
        db = _open_checked(p, timeout)
        return OpenedDatabase(db, p)
    except NewerDatabase as exc:
        problem = (f"The history database {p} was made by a newer version of Survey Editor (schema {exc.found}; "
                   f"this version knows up to {exc.known})")
        opened = _in_memory(f"{problem}; it was left as it is and this session keeps its history in memory. Update "
                            "Survey Editor, or choose another database file.", problem=problem)
        opened.newer = True
        return opened
    except sqlite3.DatabaseError as exc:
        if is_locked(exc):  # another program holds the lock: the file is fine, so never move it
            problem = f"The history database {p} is locked by another program ({exc})"
            return _in_memory(f"{problem}; this session keeps its history in memory.", retry=True, problem=problem)
        if p.is_dir() or (p.is_file() and not _may_be_ours(p)):
            return _move_aside_and_reopen(p, exc)  # it says what else it is, and leaves it as it is
        if not is_damage(exc):  # read-only, a full disk, an I/O error: the file may be fine, so never move it
            problem = f"The history database {p} can't be used ({exc}{_where_it_is(p)})"
            return _in_memory(f"{problem}; it was left as it is and this session keeps its history in memory.",
                              retry=True, problem=problem)
        return _move_aside_and_reopen(p, exc)
    except OSError as exc:
        problem = f"The history database {p} can't be used ({exc.strerror or exc})"
        return _in_memory(f"{problem}; it was left as it is and this session keeps its history in memory.",
                          retry=True, problem=problem)


# A file of 0 bytes younger than this may be the fresh database another copy of the program has just made (SQLite
# creates it empty and writes its first page a moment later): it is given this long to be written.
FRESH_SECONDS = 2.0


def _left_empty(p: Path) -> bool:
    """Whether `p` is a database file of 0 bytes, with nothing in its log either, that no copy of the program is
    making: what a crash or a full disk leaves of a file cut short. SQLite took it for a new database, and the
    history it had held was gone without a word. (The program's own fresh database is made after this look.)"""
    since = _empty_since(p)
    if since is None:
        return False
    try:
        if Path(str(p) + "-wal").stat().st_size:  # its pages are still in the log: SQLite reads them there
            return False
    except OSError:
        pass
    until = min(since, time.time()) + FRESH_SECONDS
    while time.time() < until:  # another copy's fresh database gets its first page within milliseconds
        time.sleep(0.05)
        if _empty_since(p) is None:
            return False
    return True


def _empty_since(p: Path) -> float | None:
    """When the database file `p` was last changed, if it is empty (None: it is not, or it is no file of ours: an
    empty file not named as a database is someone's document, never moved aside)."""
    try:
        st = p.stat()
    except OSError:
        return None
    if not stat.S_ISREG(st.st_mode) or st.st_size or not _may_be_ours(p):
        return None
    return st.st_mtime


def open_read_only(path: Path | str, *, timeout: float = 10.0) -> sqlite_utils.Database:
    """The database opened for reading only: never written, created or migrated, for a file this version can't
    write (read-only, in a folder that can't be written, made by a newer version) whose snapshots are still there
    to list, compare and restore. Raises sqlite3.Error (or OSError) when it can't be read."""
    p = Path(path)
    if not p.is_file():
        raise sqlite3.OperationalError(f"unable to open database file: {p} is {'a folder' if p.is_dir() else 'gone'}")
    uri = p.resolve().as_uri()
    try:
        return _read_only(f"{uri}?mode=ro", timeout)
    except sqlite3.Error as exc:
        if not _sqlite_says(exc, ("SQLITE_CANTOPEN", "SQLITE_READONLY"), ("unable to open", "readonly")):
            raise
    # A database in WAL mode is read through its -shm file, which SQLite can't make in a folder that can't be
    # written ("unable to open", or "readonly" when it sees the folder's mode): nobody could have written a log
    # there either, so the file is read as it is (immutable).
    return _read_only(f"{uri}?mode=ro&immutable=1", timeout)


def _read_only(uri: str, timeout: float) -> sqlite_utils.Database:
    conn = sqlite3.connect(uri, uri=True, timeout=timeout, check_same_thread=False)
    try:
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()  # "unable to open" surfaces here
    except sqlite3.Error:
        conn.close()
        raise
    return sqlite_utils.Database(conn)


def _where_it_is(p: Path) -> str:
    """Why SQLite could not open a file that may be fine, when its folder tells: SQLite says "disk I/O error" for a
    full disk and "unable to open database file" for a read-only folder (it can't make the -shm file beside it)."""
    try:
        fs = os.statvfs(p.parent)
    except (OSError, AttributeError):  # no statvfs (Windows): SQLite's words alone
        return ""
    if fs.f_flag & getattr(os, "ST_RDONLY", 1):
        return ": its folder is on a read-only disk"
    if fs.f_bavail * fs.f_frsize < 1024 * 1024:
        return ": the disk is full"
    if not os.access(p.parent, os.W_OK):
        return ": its folder can't be written"
    return ""


def _in_memory(warning: str, *, retry: bool = False, problem: str = "") -> OpenedDatabase:
    db = sqlite_utils.Database(memory=True)
    migrate(db)
    return OpenedDatabase(db, None, warning=warning, retry=retry, problem=problem)


# SQLite's answers about the file's surroundings, not its contents: the file may be fine and is never moved aside.
_UNAVAILABLE = ("SQLITE_READONLY", "SQLITE_FULL", "SQLITE_IOERR", "SQLITE_CANTOPEN", "SQLITE_PERM", "SQLITE_NOMEM",
                "SQLITE_AUTH", "SQLITE_NOLFS", "SQLITE_BUSY", "SQLITE_LOCKED")
# The same, by their messages (Python 3.10's sqlite3 gives no error code).
_UNAVAILABLE_WORDS = ("readonly", "read-only", "disk is full", "disk i/o error", "unable to open", "permission",
                      "out of memory", "not authorized", "locked", "busy")


def _sqlite_says(exc: BaseException, codes: tuple[str, ...], words: tuple[str, ...]) -> bool:
    """Whether SQLite's error is one of `codes`, by its error name (or, on Python 3.10, whose sqlite3 gives none,
    by `words` in its message)."""
    name = getattr(exc, "sqlite_errorname", None)
    if name:
        return name.startswith(codes)
    return any(word in str(exc).lower() for word in words)


def is_locked(exc: BaseException) -> bool:
    """Whether SQLite's error says another connection holds the lock (past the wait asked for)."""
    return _sqlite_says(exc, ("SQLITE_BUSY", "SQLITE_LOCKED"), ("locked", "busy"))


def is_unavailable(exc: BaseException) -> bool:
    """Whether a database error says the file can't be written now (a full disk, a read-only file or folder, a
    lock held past the wait) though it may be fine: history goes on in memory and the file is tried again."""
    if isinstance(exc, NewerDatabase) or not isinstance(exc, sqlite3.DatabaseError):
        return False
    return _sqlite_says(exc, _UNAVAILABLE, _UNAVAILABLE_WORDS)


def is_damage(exc: BaseException) -> bool:
    """Whether a database error says the file itself is damaged (or not a database at all), so moving it aside
    and starting afresh is the cure; a read-only file, a full disk or a lock say nothing about the file."""
    if isinstance(exc, NewerDatabase) or not isinstance(exc, sqlite3.DatabaseError):
        return False
    return not _sqlite_says(exc, _UNAVAILABLE, _UNAVAILABLE_WORDS)


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


def _move_aside_and_reopen(p: Path, exc: Exception, *, empty: bool = False) -> OpenedDatabase:
    """A database that can't be read is kept (renamed), never deleted, and a fresh one takes its place. `empty`:
    the file was 0 bytes (_left_empty), and is kept as a witness of the history it held."""
    if p.is_dir() or (p.is_file() and not _may_be_ours(p)):  # a folder was renamed with all it held
        db = sqlite_utils.Database(memory=True)
        migrate(db)
        what = "is a folder, not a history database" if p.is_dir() else f"is not a history database ({exc})"
        return OpenedDatabase(db, None, warning=f"{p} {what}; it was left as it is and this session keeps its "
                              "history in memory. Choose another database file.", problem=f"{p} {what}")
    moved = p.with_name(f"{p.name}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}")
    try:
        for suffix in ("", "-wal", "-shm"):
            src = Path(str(p) + suffix)
            if src.exists():
                src.rename(Path(str(moved) + suffix))
        db = _open_checked(p)
    except (sqlite3.DatabaseError, OSError) as again:
        problem = f"The history database {p} could not be read ({exc}) nor moved aside ({again})"
        return _in_memory(f"{problem}; this session keeps its history in memory.", problem=problem)
    if empty:
        return OpenedDatabase(
            db, p, warning=f"The history database {p} was empty (0 bytes: cut short by a crash or a full disk, most "
            f"likely); it was moved to {moved} and a fresh one was created."
        )
    from editor_app.services.history_salvage import Salvaged, salvage_history

    salvaged = salvage_history(moved, db) if moved.is_file() else Salvaged(0, 0)
    if salvaged.found:  # how many were kept and how many lost, lost ones said too (QA27h D3: none was said)
        return OpenedDatabase(
            db, p, warning=f"The history database {p} is damaged ({exc}); it was moved to {moved} and a fresh one was "
            f"created with the snapshots still readable in it: {salvaged.kept:,} kept, {salvaged.lost:,} lost (could "
            "not be read)."
        )
    return OpenedDatabase(
        db, p, warning=f"The history database {p} could not be read ({exc}); it was moved to {moved} "
        "and a fresh one was created; no snapshot in it could be read."
    )


def is_corrupt(exc: BaseException) -> bool:
    """Whether SQLite says the file's pages are damaged or no database at all (not merely a query it refused)."""
    if not isinstance(exc, sqlite3.DatabaseError) or isinstance(exc, NewerDatabase):
        return False
    return _sqlite_says(exc, ("SQLITE_CORRUPT", "SQLITE_NOTADB"), ("malformed", "not a database"))


def move_aside_damaged(path: Path | str | None, exc: Exception) -> OpenedDatabase:
    """A database found damaged while in use (a file over FULL_CHECK_MAX_BYTES is not checked whole when opened):
    moved aside and a fresh one opened, as when the damage shows at opening."""
    p = Path(path) if path else default_db_path()
    _CHECKED.discard(str(p.resolve()))
    return _move_aside_and_reopen(p, exc)


def _first_problem(report: str) -> str:
    """SQLite's first finding and how many more: its whole report (six lines of page numbers for one damaged page)
    filled the History tab above the list."""
    found = [line.strip() for line in report.splitlines() if line.strip() and not line.startswith("*** in database")]
    if len(found) <= 1:
        return found[0] if found else report
    return f"{found[0]}, and {len(found) - 1} more problem{'s' if len(found) > 2 else ''}"


def _open_checked(p: Path, timeout: float = 10.0) -> sqlite_utils.Database:
    conn = sqlite3.connect(str(p), timeout=timeout, check_same_thread=False)
    try:
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()  # "file is not a database" surfaces here
        key = str(p.resolve())
        if key not in _CHECKED and p.stat().st_size <= FULL_CHECK_MAX_BYTES:
            # The full check reads the whole file: once per process, and only while the file is small.
            ok = "\n".join(str(r[0]) for r in conn.execute("PRAGMA quick_check").fetchall())
            if ok != "ok":
                raise sqlite3.DatabaseError(f"integrity check failed: {_first_problem(ok)}")
        _CHECKED.add(key)
        found = conn.execute("PRAGMA user_version").fetchone()[0]
        if found > latest_version():  # refused before WAL is turned on: a newer version's file is not written at all
            raise NewerDatabase(found, latest_version())
        db = sqlite_utils.Database(conn)
        db.enable_wal()
        db.execute("PRAGMA synchronous = NORMAL")  # WAL + NORMAL: survives a killed process, commits without fsync
        migrate(db)
        return db
    except Exception:
        conn.close()
        raise


class Checkpointer:
    """Copies what a connection's commits left in the write-ahead log into the database file, on a thread of its
    own (PRAGMA wal_checkpoint(PASSIVE), through a connection of its own, made for each checkpoint: a damaged file
    moved aside is never held open). SQLite's automatic checkpoint runs inside the commit that takes the log past
    1,000 pages: with the window's snapshots of an 8 MB survey (~0.8 MB each) that was every fifth or sixth save or
    autosave, 45 ms of GUI thread and two fsyncs (seconds on a busy disk). Checkpointed after each write, the log
    stays far below those 1,000 pages, and the automatic checkpoint is left as it is: should this thread fall
    behind, the committing connection checkpoints as before. A passive checkpoint never waits for, nor blocks, a
    writer or a reader; one that fails (the file locked, gone) is left to the next."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self.done = 0  # checkpoints made
        self._changed = threading.Condition()
        self._asked = 0  # requests made, and those checkpointed
        self._answered = 0
        self._stopping = False
        self._thread = threading.Thread(target=self._serve, name="history-checkpoint", daemon=True)
        self._thread.start()

    def request(self) -> None:
        """Checkpoint soon (requests made meanwhile are one checkpoint)."""
        with self._changed:
            self._asked += 1
            self._changed.notify_all()

    def wait_idle(self, timeout: float | None = None) -> bool:
        """Wait for the checkpoints asked for so far; True when none is left."""
        with self._changed:
            return self._changed.wait_for(lambda: self._answered == self._asked or self._stopping, timeout)

    def stop(self, timeout: float | None = None) -> None:
        """End the thread (a checkpoint under way is finished first)."""
        with self._changed:
            self._stopping = True
            self._changed.notify_all()
        self._thread.join(timeout)

    def _serve(self) -> None:
        while True:
            with self._changed:
                self._changed.wait_for(lambda: self._asked != self._answered or self._stopping)
                if self._stopping:
                    return
                asked = self._asked
            self.checkpoint()
            with self._changed:
                self._answered = asked
                self._changed.notify_all()

    def checkpoint(self) -> bool:
        """One passive checkpoint now (on the calling thread); False when it could not be made."""
        try:
            # mode=rw: a file moved aside or deleted meanwhile is not made again, empty, here
            conn = sqlite3.connect(f"{self.path.resolve().as_uri()}?mode=rw", uri=True, timeout=0)
        except (sqlite3.Error, OSError, ValueError):
            return False
        try:
            conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
            self.done += 1
            return True
        except sqlite3.Error:
            return False
        finally:
            conn.close()
