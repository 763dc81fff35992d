"""What can still be read of a damaged history database, copied into the fresh one that replaces it.

A database found damaged is moved aside and a fresh one created (database.py): the History tab then started empty,
though one damaged page of 900 had cost a few snapshots at most. The rows still readable are copied as they are
(their stored deltas included); a snapshot whose text can no longer be rebuilt is left out, and one whose analysis
can't is kept as "measuring" (the window measures it again).
"""

from __future__ import annotations

import json
import sqlite3
import zlib
from pathlib import Path
from typing import Any

import sqlite_utils

from editor_app.services import deltas, history

# In the order they depend on each other; snapshot_metrics has no rowid (WITHOUT ROWID).
_TABLES = ("documents", "texts", "snapshots", "snapshot_analyses", "snapshot_metrics")
MISSES_BEFORE_GIVING_UP = 2000  # rowids probed one by one past the last one found, behind a damaged page


def salvage_history(damaged: Path, db: sqlite_utils.Database) -> int:
    """Copy the readable snapshots of `damaged` (read only, never changed) into `db`; returns how many."""
    try:
        src = sqlite3.connect(f"file:{damaged}?mode=ro&immutable=1", uri=True)
    except sqlite3.Error:
        return 0
    try:
        with db.conn:
            for table in _TABLES:
                _copy(src, db.conn, table)
            _drop_unreadable(db.conn)
            return db.conn.execute("SELECT COUNT(*) FROM snapshots").fetchone()[0]
    except sqlite3.Error:  # the fresh database itself refused: it stays as it was
        return 0
    finally:
        src.close()


def _columns(conn: sqlite3.Connection, table: str) -> list[str]:
    try:
        return [r[1] for r in conn.execute(f"PRAGMA table_info({table})").fetchall()]
    except sqlite3.Error:
        return []


def _copy(src: sqlite3.Connection, dst: sqlite3.Connection, table: str) -> None:
    cols = [c for c in _columns(src, table) if c in set(_columns(dst, table))]
    if not cols:
        return
    names = ", ".join(cols)
    insert = f"INSERT OR IGNORE INTO {table} ({names}) VALUES ({', '.join('?' * len(cols))})"
    rowids = table != "snapshot_metrics"
    seen = -1
    try:
        for row in src.execute(f"SELECT {'rowid, ' if rowids else ''}{names} FROM {table}"
                               + (" ORDER BY rowid" if rowids else "")):
            if rowids:
                seen, row = row[0], row[1:]
            dst.execute(insert, row)
        return
    except sqlite3.DatabaseError:
        if not rowids:
            return  # the metrics are taken from the analyses again (_drop_unreadable)
    misses, rowid = 0, seen
    while misses < MISSES_BEFORE_GIVING_UP:  # past the damage, one rowid at a time
        rowid += 1
        try:
            row = src.execute(f"SELECT {names} FROM {table} WHERE rowid = ?", [rowid]).fetchone()
        except sqlite3.DatabaseError:
            row = None
        if row is None:
            misses += 1
            continue
        misses = 0
        dst.execute(insert, row)


def _drop_unreadable(conn: sqlite3.Connection) -> None:
    """Snapshots whose document or text is gone (a delta whose base was lost can't be rebuilt) go; so do the
    analyses and figures of every snapshot not copied (its row on a damaged page, or gone): left behind, the fresh
    database's next snapshots, numbered from 1 again, met them (an older text's figures, or "UNIQUE constraint
    failed" at every save). An analysis stored as a delta from one of those is stored whole first; one stored as a
    delta from a lost one goes (its snapshot is measured again); the trend metrics lost with a damaged page are
    taken from the analyses again. Checked by the stored chains, not by rebuilding 2,000 drafts (~9 s)."""
    texts = _whole_chains(conn, "SELECT hash, base FROM texts")
    gone = [sid for sid, digest, doc in conn.execute(
        "SELECT s.id, s.text_hash, d.id FROM snapshots s LEFT JOIN documents d ON d.id = s.document_id").fetchall()
        if doc is None or digest not in texts]
    if gone:
        conn.execute(f"DELETE FROM snapshots WHERE id IN ({','.join('?' * len(gone))})", gone)
    _drop_orphans(conn)
    while True:  # an analysis whose base went goes too, then those stored as deltas from it
        analyses = _whole_chains(conn, "SELECT snapshot_id, base FROM snapshot_analyses")
        broken = [sid for (sid,) in conn.execute("SELECT snapshot_id FROM snapshot_analyses").fetchall()
                  if sid not in analyses]
        if not broken:
            break
        conn.execute(f"DELETE FROM snapshot_analyses WHERE snapshot_id IN ({','.join('?' * len(broken))})", broken)
    conn.execute("DELETE FROM snapshot_metrics WHERE snapshot_id NOT IN (SELECT snapshot_id FROM snapshot_analyses)")
    for (sid,) in conn.execute("SELECT a.snapshot_id FROM snapshot_analyses a WHERE NOT EXISTS"
                               " (SELECT 1 FROM snapshot_metrics m WHERE m.snapshot_id = a.snapshot_id)").fetchall():
        try:
            analysis: dict[str, Any] = json.loads(_rebuilt(conn, history._ANALYSES_SQL, sid, deltas.JSON_PIECES))
        except Exception:  # a damaged blob: measured again by the window
            conn.execute("DELETE FROM snapshot_analyses WHERE snapshot_id = ?", [sid])
            continue
        conn.executemany("INSERT OR IGNORE INTO snapshot_metrics (snapshot_id, metric, value) VALUES (?, ?, ?)",
                         [(sid, k, v) for k, v in history.chartable_metrics(analysis).items()])


# The tables whose rows belong to one snapshot (database.MIGRATIONS): kept only with their snapshot.
_PER_SNAPSHOT = ("snapshot_analyses", "snapshot_metrics")


def _drop_orphans(conn: sqlite3.Connection) -> None:
    """The rows of snapshots not copied go; an analysis of a copied snapshot stored as a delta from one of them is
    stored whole first (or goes, measured again, when its chain can't be read)."""
    orphaned = "snapshot_id NOT IN (SELECT id FROM snapshots)"
    whole = _whole_chains(conn, "SELECT snapshot_id, base FROM snapshot_analyses")
    for (sid,) in conn.execute(
            "SELECT snapshot_id FROM snapshot_analyses WHERE snapshot_id IN (SELECT id FROM snapshots) AND base IN"
            f" (SELECT snapshot_id FROM snapshot_analyses WHERE {orphaned})").fetchall():
        if sid not in whole:
            continue  # its chain is broken anyway: it goes below
        try:
            data = _rebuilt(conn, history._ANALYSES_SQL, sid, deltas.JSON_PIECES)
        except Exception:  # a damaged blob: measured again by the window
            conn.execute("DELETE FROM snapshot_analyses WHERE snapshot_id = ?", [sid])
            continue
        conn.execute("UPDATE snapshot_analyses SET data = ?, base = NULL, depth = 0 WHERE snapshot_id = ?",
                     [zlib.compress(data.encode("utf-8"), 6), sid])
    for table in _PER_SNAPSHOT:
        conn.execute(f"DELETE FROM {table} WHERE {orphaned}")


def _whole_chains(conn: sqlite3.Connection, sql: str) -> set:
    """The keys whose chain of bases (key -> base -> ... -> one stored whole) is all there."""
    base = dict(conn.execute(sql).fetchall())
    whole: set = set()
    for key in base:
        path, k = [], key
        while k is not None and k in base and k not in whole and len(path) <= history.MAX_DELTA_DEPTH * 4:
            path.append(k)
            k = base[k]
        if k is None or k in whole:
            whole.update(path)
    return whole


def _rebuilt(conn: sqlite3.Connection, sql: str, key: Any, pieces: tuple[str, ...]) -> str:
    return history._rebuilt(history._stored_chain(conn, sql, key, str(key)), pieces)
