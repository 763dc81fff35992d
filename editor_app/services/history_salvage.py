"""What can still be read of a damaged history database, copied into the fresh one that replaces it.

A database found damaged is moved aside and a fresh one created (database.py): the History tab then started empty,
though one damaged page of 900 had cost a few snapshots at most. The rows still readable are copied as they are
(their stored deltas included); a snapshot whose text can no longer be rebuilt is left out, and one whose analysis
can't is kept as "measuring" (the window measures it again). A snapshot whose row is on a damaged page of its table
is rebuilt from the table's two indexes, when they can still be read (its document and time, its text; stored as a
save, its figures taken from its analysis). How many snapshots the file was seen to hold, in its table, those
indexes or the tables of their analyses and figures, is counted too: the user is told how many were kept and how many lost (QA27h D3: "0 snapshots", "No
snapshots yet", and no word of the 12 lost).
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import sqlite3
import tempfile
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import sqlite_utils

from editor_app.services import deltas, history

# In the order they depend on each other; snapshot_metrics has no rowid (WITHOUT ROWID).
_TABLES = ("documents", "texts", "snapshots", "snapshot_analyses", "snapshot_metrics")
MISSES_BEFORE_GIVING_UP = 2000  # rowids probed one by one past the last one found, behind a damaged page


@dataclass(frozen=True)
class Salvaged:
    """What the salvage of a damaged database kept: `kept` snapshots copied into the fresh one, of the `found` the
    damaged file was seen to hold (their ids read anywhere in it; 0 when none could be)."""

    kept: int
    found: int

    @property
    def lost(self) -> int:
        return max(self.found - self.kept, 0)


def salvage_history(damaged: Path, db: sqlite_utils.Database) -> Salvaged:
    """Copy the readable snapshots of `damaged` (read only, never changed) into `db`; how many were kept, of how
    many found."""
    with _whole_length(damaged) as readable:
        return _salvaged(readable, db)


@contextlib.contextmanager
def _whole_length(damaged: Path) -> Iterator[Path]:
    """`damaged`, or when it was cut short (a crash, a full disk) a copy of it made as long as its header says with
    zeros: SQLite reads nothing of a file shorter than that ("malformed", though its first pages, where the tables
    and indexes of snapshots start, are whole), and reads the pages still there of the copy."""
    size = _size_in_header(damaged)
    try:
        short = size > damaged.stat().st_size
    except OSError:
        short = False
    if not short:
        yield damaged
        return
    with tempfile.TemporaryDirectory(prefix="survey-editor-salvage-") as folder:
        copy = Path(folder) / damaged.name
        try:
            shutil.copyfile(damaged, copy)
            os.truncate(copy, size)  # (the missing pages read as zeros: SQLite finds them damaged, not the whole file)
        except OSError:
            yield damaged
            return
        yield copy


def _size_in_header(path: Path) -> int:
    """The database's size by its header (page size × page count; 0 when the header doesn't say it validly)."""
    try:
        with open(path, "rb") as fh:
            header = fh.read(100)
    except OSError:
        return 0
    if len(header) < 100 or not header.startswith(b"SQLite format 3\x00") or header[24:28] != header[92:96]:
        return 0  # (a page count is valid only when written by the version that last changed the file)
    page = int.from_bytes(header[16:18], "big")
    return (65536 if page == 1 else page) * int.from_bytes(header[28:32], "big")


def _salvaged(damaged: Path, db: sqlite_utils.Database) -> Salvaged:
    try:
        src = sqlite3.connect(f"file:{damaged}?mode=ro&immutable=1", uri=True)
    except sqlite3.Error:
        return Salvaged(0, 0)
    found: set[int] = set()
    try:
        found = _snapshot_ids(src)
        with db.conn:
            for table in _TABLES:
                _copy(src, db.conn, table)
            rebuilt = _rebuild_snapshots(src, db.conn)
            _drop_unreadable(db.conn)
            _measure_rebuilt(db.conn, rebuilt)
            kept = {sid for (sid,) in db.conn.execute("SELECT id FROM snapshots")}
            return Salvaged(len(kept), len(found | kept))
    except sqlite3.Error:  # the fresh database itself refused: it stays as it was
        return Salvaged(0, len(found))
    finally:
        src.close()


def _readable_rows(src: sqlite3.Connection, sql: str, order: str) -> list[tuple]:
    """The rows of `sql` read in `order`, then from the other end in reverse, each way up to the first damaged page
    it meets: what can be read on either side of the damage."""
    rows: list[tuple] = []
    backwards = ", ".join(f"{key.strip()} DESC" for key in order.split(","))
    for sql_ordered in (f"{sql} ORDER BY {order}", f"{sql} ORDER BY {backwards}"):
        try:
            for row in src.execute(sql_ordered):
                rows.append(row)
            return rows  # read to the end: nothing to read from the other
        except sqlite3.DatabaseError:  # a damaged page (or no such index: nothing read through it)
            continue
    return rows


# The snapshots table's indexes (history.migrate_v1): each holds its columns and every row's id, in pages of its own
_BY_DOCUMENT = "SELECT rowid, document_id, time FROM snapshots INDEXED BY snapshots_by_document"
_BY_TEXT = "SELECT rowid, text_hash FROM snapshots INDEXED BY snapshots_by_text"


def _snapshot_ids(src: sqlite3.Connection) -> set[int]:
    """The ids of the snapshots the damaged file can be seen to hold: in its table, in either of its indexes, or
    as the snapshot of an analysis or a figure (a snapshot's are deleted with it)."""
    ids = {row[0] for row in _readable_rows(src, "SELECT rowid FROM snapshots NOT INDEXED", "rowid")}
    ids.update(row[0] for row in _readable_rows(src, _BY_DOCUMENT, "document_id, time"))
    ids.update(row[0] for row in _readable_rows(src, _BY_TEXT, "text_hash"))
    ids.update(row[0] for row in _readable_rows(src, "SELECT snapshot_id FROM snapshot_analyses", "snapshot_id"))
    ids.update(row[0] for row in _readable_rows(src, "SELECT DISTINCT snapshot_id FROM snapshot_metrics",
                                                "snapshot_id"))
    return ids


def _rebuild_snapshots(src: sqlite3.Connection, dst: sqlite3.Connection) -> list[int]:
    """The snapshots whose rows could not be read in the table (on a damaged page of it) made again from its indexes
    when both still give them: id, document, time and text. What no index holds is not known: each is stored as a
    save (not offered as a crash's autosave), its figures taken from its analysis (`_measure_rebuilt`)."""
    by_document = {row[0]: row[1:] for row in _readable_rows(src, _BY_DOCUMENT, "document_id, time")}
    by_text = {row[0]: row[1] for row in _readable_rows(src, _BY_TEXT, "text_hash")}
    have = {sid for (sid,) in dst.execute("SELECT id FROM snapshots")}
    rebuilt = sorted(sid for sid in by_document.keys() & by_text.keys() if sid not in have)
    dst.executemany("INSERT INTO snapshots (id, document_id, time, kind, text_hash) VALUES (?, ?, ?, 'save', ?)",
                    [(sid, *by_document[sid], by_text[sid]) for sid in rebuilt])
    return rebuilt


def _measure_rebuilt(conn: sqlite3.Connection, rebuilt: list[int]) -> None:
    """A rebuilt snapshot's pack and list figures, from its analysis; one without (or whose analysis can't be read)
    is "measuring", measured again by the window."""
    for sid in rebuilt:
        if conn.execute("SELECT 1 FROM snapshot_analyses WHERE snapshot_id = ?", [sid]).fetchone() is None:
            continue
        try:
            analysis: dict[str, Any] = json.loads(_rebuilt(conn, history._ANALYSES_SQL, sid, deltas.JSON_PIECES))
        except Exception:  # a damaged blob
            conn.execute("DELETE FROM snapshot_metrics WHERE snapshot_id = ?", [sid])
            conn.execute("DELETE FROM snapshot_analyses WHERE snapshot_id = ?", [sid])
            continue
        figures = history.headline_figures(analysis)
        conn.execute(f"UPDATE snapshots SET pack = ?, {', '.join(f'{h} = ?' for h in history.HEADLINE)} WHERE id = ?",
                     [analysis.get("pack"), *(figures[h] for h in history.HEADLINE), sid])


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
