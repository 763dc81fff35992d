"""What arXiv told us, kept in the user's database, and the request budget every running copy shares.

Found papers are kept with their fetch time and every field; "not found" answers are kept 24 hours; errors are
never stored. The budget row holds the earliest moment the next request to a host may start, so two programs
(or threads with their own connections) never ask arXiv more often than the interval allows, and the wait arXiv
last asked for (a 429's or 503's Retry-After), so that no copy of the program asks again before it is over.
"""

from __future__ import annotations

import json
import math
import sqlite3
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, Callable

import sqlite_utils

PAPERS = "arxiv_papers"
BUDGET = "arxiv_budget"
NOT_FOUND_TTL = 24 * 3600.0
# The longest wait kept of arXiv's Retry-After: a longer one (a year, a date far ahead: a broken header, most likely)
# is kept this long, after which one request asks arXiv again (and keeps whatever wait it asks for then).
MAX_KEPT_WAIT = 3600.0


def migrate_v1(db: sqlite_utils.Database) -> None:
    """Create the arXiv cache and the shared request budget (idempotent)."""
    db.execute(
        f"""CREATE TABLE IF NOT EXISTS {PAPERS} (
            id TEXT PRIMARY KEY,          -- canonical id without version
            found INTEGER NOT NULL,       -- 1: a paper; 0: arXiv said not found (kept 24 h)
            latest_version INTEGER,
            title TEXT,
            authors TEXT,                 -- JSON list of names
            published TEXT,
            updated TEXT,
            primary_category TEXT,
            categories TEXT,              -- JSON list
            comment TEXT,
            journal_ref TEXT,
            doi TEXT,
            summary TEXT,
            version_titles TEXT,          -- JSON object: version number -> title
            fetched_at TEXT NOT NULL,     -- ISO 8601 UTC
            fetched_ts REAL NOT NULL
        )"""
    )
    db.execute(f"CREATE TABLE IF NOT EXISTS {BUDGET} (host TEXT PRIMARY KEY, next_start REAL NOT NULL)")


def migrate_v2(db: sqlite_utils.Database) -> None:
    """Key the cache by the API it came from as well as the id (idempotent): answers of a fake or mirror arXiv
    (`--arxiv-url`) showed later as the real arXiv's, "verified" with the fake's titles. Rows cached before
    this have no known source (''): kept, never used for a verdict, so each paper is asked for once more."""
    if "source" in db[PAPERS].columns_dict:
        return
    columns = ", ".join(f"{c.name} {c.type}{' NOT NULL' if c.notnull else ''}" for c in db[PAPERS].columns)
    db.execute(f"ALTER TABLE {PAPERS} RENAME TO {PAPERS}_v1")
    db.execute(f"CREATE TABLE {PAPERS} (source TEXT NOT NULL DEFAULT '', {columns}, PRIMARY KEY (source, id))")
    db.execute(f"INSERT INTO {PAPERS} SELECT '', * FROM {PAPERS}_v1")
    db.execute(f"DROP TABLE {PAPERS}_v1")


def migrate_v3(db: sqlite_utils.Database) -> None:
    """Keep the wait arXiv asked for beside each host's request budget (idempotent): it was read into a local
    only, so the next run, or another copy of the program, asked again at once."""
    have = db[BUDGET].columns_dict
    for column, kind in (("wait_until", "REAL"), ("wait_asked_at", "REAL"), ("wait_status", "INTEGER")):
        if column not in have:
            db.execute(f"ALTER TABLE {BUDGET} ADD COLUMN {column} {kind}")


def ensure_tables(db: sqlite_utils.Database) -> None:
    """Make the tables exist even on a database that was not opened through `open_database`."""
    names = set(db.table_names())
    if (PAPERS not in names or BUDGET not in names or "source" not in db[PAPERS].columns_dict
            or "wait_until" not in db[BUDGET].columns_dict):
        with db.conn:
            migrate_v1(db)
            migrate_v2(db)
            migrate_v3(db)


@dataclass
class CachedPaper:
    """A cache row: a found paper's facts, or a fresh "not found"."""

    id: str
    found: bool
    fetched_at: str
    fetched_ts: float
    latest_version: int | None = None
    title: str = ""
    authors: list[str] = field(default_factory=list)
    published: str | None = None
    updated: str | None = None
    primary_category: str | None = None
    categories: list[str] = field(default_factory=list)
    comment: str | None = None
    journal_ref: str | None = None
    doi: str | None = None
    summary: str = ""
    version_titles: dict[int, str] = field(default_factory=dict)


def iso(ts: float) -> str:
    return datetime.fromtimestamp(ts, tz=timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def load(
    db: sqlite_utils.Database, ids: list[str], now: float, source: str, damaged: list[str] | None = None
) -> dict[str, CachedPaper]:
    """What `source` (the API address) said of these ids; expired "not found" rows are left out (they must be
    asked again), and so are rows that can't be read (a field that is not the JSON or the number it should be: a
    damaged file, another program's write), whose ids are added to `damaged`: for the caller they are not cached.
    One such row made every verification fail (a JSONDecodeError naming no file), a forced one too."""
    out: dict[str, CachedPaper] = {}
    for start in range(0, len(ids), 500):
        chunk = ids[start : start + 500]
        marks = ",".join("?" * len(chunk))
        cursor = db.execute(f"SELECT * FROM {PAPERS} WHERE source = ? AND id IN ({marks})", [source, *chunk])
        cols = [c[0] for c in cursor.description]
        for row in cursor.fetchall():
            r = dict(zip(cols, row))
            try:
                paper = _from_row(r)
            except (TypeError, ValueError, AttributeError):  # (json.JSONDecodeError is a ValueError)
                if damaged is not None and r.get("id") not in damaged:
                    damaged.append(str(r.get("id")))
                continue
            if not paper.found and now - paper.fetched_ts > NOT_FOUND_TTL:
                continue
            out[paper.id] = paper
    return out


def forget(db: sqlite_utils.Database, ids: list[str], source: str) -> None:
    """Drop what `source` said of these ids (rows that can't be read: asked again, and stored afresh if answered)."""
    if ids:
        with db.conn:
            db.execute(f"DELETE FROM {PAPERS} WHERE source = ? AND id IN ({','.join('?' * len(ids))})",
                       [source, *ids])


def database_file(db: sqlite_utils.Database) -> str:
    """The file `db` is (its main database), "" for one in memory: what a message about its contents names."""
    try:
        for _seq, name, file in db.execute("PRAGMA database_list").fetchall():
            if name == "main":
                return file or ""
    except sqlite3.Error:
        pass
    return ""


def _from_row(r: dict[str, Any]) -> CachedPaper:
    """The row as a CachedPaper; TypeError or ValueError when a field is not what `store` writes."""
    return CachedPaper(
        id=_text(r["id"]), found=_flag(r["found"]), fetched_at=_text(r["fetched_at"]),
        fetched_ts=_seconds(r["fetched_ts"]), latest_version=_version(r["latest_version"]),
        title=_text(r["title"] or ""), authors=_texts(r["authors"]), published=_maybe_text(r["published"]),
        updated=_maybe_text(r["updated"]), primary_category=_maybe_text(r["primary_category"]),
        categories=_texts(r["categories"]), comment=_maybe_text(r["comment"]),
        journal_ref=_maybe_text(r["journal_ref"]), doi=_maybe_text(r["doi"]), summary=_text(r["summary"] or ""),
        version_titles=_titles(r["version_titles"]),
    )


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise TypeError(f"not text: {value!r}")
    return value


def _maybe_text(value: Any) -> str | None:
    return None if value is None else _text(value)


def _flag(value: Any) -> bool:
    if value not in (0, 1) or isinstance(value, float):
        raise ValueError(f"not 0 or 1: {value!r}")
    return bool(value)


def _seconds(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise TypeError(f"not a time: {value!r}")
    return float(value)


def _version(value: Any) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"not a version number: {value!r}")
    return value


def _texts(raw: Any) -> list[str]:
    """A JSON list of text ("[]" when empty or NULL)."""
    value = json.loads(_text(raw or "[]"))
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ValueError(f"not a list of text: {raw!r}")
    return value


def _titles(raw: Any) -> dict[int, str]:
    """A JSON object of version number -> title."""
    value = json.loads(_text(raw or "{}"))
    if not isinstance(value, dict):
        raise ValueError(f"not an object: {raw!r}")
    titles = {int(k): _text(v) for k, v in value.items()}
    if any(k < 1 for k in titles):
        raise ValueError(f"not version numbers: {raw!r}")
    return titles


def store(db: sqlite_utils.Database, papers: list[CachedPaper], source: str) -> None:
    """Save what `source` answered: found papers and "not found" (never errors: callers don't pass them)."""
    rows = [
        {
            "source": source, "id": p.id, "found": int(p.found), "latest_version": p.latest_version, "title": p.title,
            "authors": json.dumps(p.authors, ensure_ascii=False), "published": p.published, "updated": p.updated,
            "primary_category": p.primary_category, "categories": json.dumps(p.categories),
            "comment": p.comment, "journal_ref": p.journal_ref, "doi": p.doi, "summary": p.summary,
            "version_titles": json.dumps({str(k): v for k, v in sorted(p.version_titles.items())}, ensure_ascii=False),
            "fetched_at": p.fetched_at, "fetched_ts": p.fetched_ts,
        }
        for p in papers
    ]
    if rows:
        with db.conn:
            db[PAPERS].upsert_all(rows, pk=("source", "id"))


def reserve_request_slot(
    db: sqlite_utils.Database, host: str, interval: float, clock: Callable[[], float] = time.time
) -> float:
    """Claim the next request start for `host` (>= interval after the previous claim); returns when to start."""
    conn = db.conn
    if conn.in_transaction:
        conn.commit()
    for attempt in range(200):
        try:
            conn.execute("BEGIN IMMEDIATE")
            break
        except sqlite3.OperationalError as exc:  # another program holds the write lock for a moment
            if "locked" not in str(exc) and "busy" not in str(exc):
                raise
            time.sleep(0.01)
    else:
        raise sqlite3.OperationalError("the arXiv request budget stayed locked")
    try:
        row = conn.execute(f"SELECT next_start FROM {BUDGET} WHERE host = ?", [host]).fetchone()
        now = clock()
        # Claims queue up one interval apart; one absurdly far ahead means a changed clock: don't wait for it. One
        # that is no time at all (a damaged row) is no claim: it is written over below.
        start = now if row is None or not _is_time(row[0]) else min(max(now, row[0]), now + 20 * interval + 1)
        conn.execute(  # (an upsert: the row's kept wait stays)
            f"INSERT INTO {BUDGET} (host, next_start) VALUES (?, ?) "
            "ON CONFLICT (host) DO UPDATE SET next_start = excluded.next_start", [host, start + interval]
        )
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    return start


def _is_time(value: Any) -> bool:
    """Whether a stored moment is one (a finite number of seconds), not a damaged row's text or NULL."""
    return not isinstance(value, bool) and isinstance(value, (int, float)) and math.isfinite(value)


def record_request_start(db: sqlite_utils.Database, host: str, started: float, interval: float) -> None:
    """A request actually started later than claimed (sleep overshoot): push the next claim back to match."""
    with db.conn:
        db.execute(
            f"UPDATE {BUDGET} SET next_start = max(next_start, ?) WHERE host = ?", [started + interval, host]
        )


@dataclass(frozen=True)
class AskedWait:
    """The wait arXiv asked for when it last answered `http_status` (429, 503) with a Retry-After."""

    until: float  # when it is over, on this machine's clock
    left: float  # seconds from now (<= 0: over)
    http_status: int
    asked_at: float  # as stored: names the wait `clear_asked_wait` ends


def keep_asked_wait(db: sqlite_utils.Database, host: str, seconds: float, http_status: int, now: float) -> None:
    """arXiv asked (just now) to wait `seconds` before asking `host` again: kept for every copy of the program,
    at most MAX_KEPT_WAIT. The latest answer's wait replaces an earlier one."""
    seconds = min(max(0.0, seconds), MAX_KEPT_WAIT)
    with db.conn:
        db.execute(
            f"INSERT INTO {BUDGET} (host, next_start, wait_until, wait_asked_at, wait_status) VALUES (?, ?, ?, ?, ?) "
            "ON CONFLICT (host) DO UPDATE SET wait_until = excluded.wait_until, "
            "wait_asked_at = excluded.wait_asked_at, wait_status = excluded.wait_status",
            [host, now, now + seconds, now, int(http_status)],
        )


def asked_wait(db: sqlite_utils.Database, host: str, now: float) -> AskedWait | None:
    """The wait arXiv asked of `host` that is kept, over or not (None: none kept). A clock set back past the
    moment it was asked makes it over (its times no longer say how long is left: the next request asks arXiv,
    which says again); one set forward ends it early; none lasts longer than MAX_KEPT_WAIT from now."""
    row = db.execute(
        f"SELECT wait_until, wait_asked_at, wait_status FROM {BUDGET} WHERE host = ? AND wait_until IS NOT NULL",
        [host],
    ).fetchone()
    if row is None:
        return None
    until, asked_at, status = row
    readable = _is_time(until) and (asked_at is None or _is_time(asked_at)) and isinstance(status, (int, type(None)))
    if not readable:  # a damaged row ('x' for a time): no wait can be read from it; arXiv says again if it must
        try:
            with db.conn:
                db.execute(f"UPDATE {BUDGET} SET wait_until = NULL, wait_asked_at = NULL, wait_status = NULL "
                           "WHERE host = ?", [host])
        except sqlite3.Error:  # (read-only, locked: it is read as no wait all the same)
            pass
        return None
    if asked_at is None or now < asked_at - 1.0:
        left = 0.0
    else:
        left = min(until - now, until - asked_at, MAX_KEPT_WAIT)
    return AskedWait(until=now + left, left=left, http_status=int(status or 0), asked_at=asked_at)


def clear_asked_wait(db: sqlite_utils.Database, host: str, wait: AskedWait) -> None:
    """arXiv answered a request sent once `wait` was over (or its times made no sense): it is forgotten. A wait
    another copy kept meanwhile (asked at another moment) stays."""
    with db.conn:
        db.execute(
            f"UPDATE {BUDGET} SET wait_until = NULL, wait_asked_at = NULL, wait_status = NULL "
            "WHERE host = ? AND wait_asked_at IS ?",
            [host, wait.asked_at],
        )
