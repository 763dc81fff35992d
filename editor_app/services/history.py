"""Every draft of a survey, kept: snapshots on save, autosave and CLI runs, with the analysis of each.

Texts are stored once (content-addressed, zlib); a snapshot row holds the time, kind, the compressed analysis JSON
and its headline figures in columns, so listing and charting 10,000 drafts never decompresses anything. A text or
an analysis is stored as its delta from the document's latest save's (deltas.py) when that is much smaller: a save
then costs a few hundred bytes, not ~16 KB, and a history of months stays a few MB.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import sqlite3
import time as _time
import zlib
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, Iterable

import sqlite_utils

from editor_app.core.file_names import printable
from editor_app.services import deltas

KINDS = ("save", "autosave", "cli")
HEADLINE = ("cjk", "cautions", "lines", "failing", "errors")
# Where each headline figure may sit in Analysis.metrics (the first key present wins).
_HEADLINE_KEYS = {
    "cjk": ("cjk", "cjk_chars", "cjk_characters"),
    "cautions": ("cautions", "caution", "caution_markers", "warnings"),
    "lines": ("lines", "line_count"),
}
# The counters the snapshot list shows without a pack (and the house pack's): the snapshots table's own columns.
HOUSE_LISTED = HEADLINE[:3]
LISTED_MAX = 4  # counters a pack limits document-wide that the list shows at most (besides lines)
AUTOSAVES_KEPT = 50  # per document, besides those newer than its latest save
# A survey not saved yet has autosaves too, under "untitled:<pid>:<ms>" (the program that wrote them, and when it
# started the survey), so a crash before the first save loses nothing either.
UNTITLED = "untitled:"

_SCHEMA_V1 = [
    """CREATE TABLE IF NOT EXISTS documents (
        id INTEGER PRIMARY KEY,
        path TEXT NOT NULL UNIQUE,
        first_seen REAL NOT NULL
    )""",
    """CREATE TABLE IF NOT EXISTS texts (
        hash TEXT PRIMARY KEY,
        chars INTEGER NOT NULL,
        data BLOB NOT NULL
    )""",
    """CREATE TABLE IF NOT EXISTS snapshots (
        id INTEGER PRIMARY KEY,
        document_id INTEGER NOT NULL REFERENCES documents(id),
        time REAL NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('save', 'autosave', 'cli')),
        text_hash TEXT NOT NULL REFERENCES texts(hash),
        pack TEXT,
        cjk REAL,
        cautions REAL,
        lines REAL,
        failing INTEGER,
        errors INTEGER,
        dismissed INTEGER NOT NULL DEFAULT 0
    )""",
    "CREATE INDEX IF NOT EXISTS snapshots_by_document ON snapshots(document_id, time)",
    "CREATE INDEX IF NOT EXISTS snapshots_by_text ON snapshots(text_hash)",
    # The analysis JSON (tens of KB) lives apart, so listing rows never walks its overflow pages.
    """CREATE TABLE IF NOT EXISTS snapshot_analyses (
        snapshot_id INTEGER PRIMARY KEY REFERENCES snapshots(id) ON DELETE CASCADE,
        data BLOB NOT NULL
    )""",
    """CREATE TABLE IF NOT EXISTS snapshot_metrics (
        snapshot_id INTEGER NOT NULL REFERENCES snapshots(id) ON DELETE CASCADE,
        metric TEXT NOT NULL,
        value REAL NOT NULL,
        PRIMARY KEY (snapshot_id, metric)
    ) WITHOUT ROWID""",
]


def migrate_v1(db: sqlite_utils.Database) -> None:
    """Schema version 1 (services.database.MIGRATIONS): documents, texts, snapshots, snapshot_analyses, snapshot_metrics."""
    for statement in _SCHEMA_V1:
        db.execute(statement)


def migrate_v2(db: sqlite_utils.Database) -> None:
    """Schema version 4: a text or an analysis may be a delta from its `base` (a text's hash, a snapshot's id);
    `depth` counts the deltas down to one stored whole. Rows written before stay whole."""
    for table in ("texts", "snapshot_analyses"):
        db.execute(f"ALTER TABLE {table} ADD COLUMN base {'TEXT' if table == 'texts' else 'INTEGER'}")
        db.execute(f"ALTER TABLE {table} ADD COLUMN depth INTEGER NOT NULL DEFAULT 0")
        db.execute(f"CREATE INDEX IF NOT EXISTS {table}_by_base ON {table}(base) WHERE base IS NOT NULL")


def migrate_v3(db: sqlite_utils.Database) -> None:
    """Schema version 5: an autosave names its `writer` ("<pid>:<when>"), so two programs editing one survey never
    dismiss, or offer as a crash's leftovers, each other's autosaves. Rows written before have none."""
    db.execute("ALTER TABLE snapshots ADD COLUMN writer TEXT")


def migrate_v4(db: sqlite_utils.Database) -> None:
    """Schema version 6: a snapshot stored while measuring keeps the rule pack it is to be measured with
    (`measure_with`, PackToMeasureWith as JSON) until it is: one left measuring by a killed program was measured at
    the next start with whatever pack the window had then. Rows written before have none."""
    db.execute("ALTER TABLE snapshots ADD COLUMN measure_with TEXT")


# The oldest schema whose snapshots this version lists, compares and restores as they are, without migrating the
# file (texts and analyses stored as deltas came with 4): what a window reads of a file it can't write.
READ_AS_IS_FROM = 4

# A stored draft is rebuilt from at most this many deltas (a few ms); then one is stored whole again.
MAX_DELTA_DEPTH = 40
# An analysis whose pieces changed more than this is stored whole (deltas.MAX_CHANGED_PIECES): a line inserted
# early renumbers every later finding, and finding a delta among 400 changed pieces took up to 70 ms.
ANALYSIS_MAX_CHANGED = 120
# An analysis is rebuilt from fewer deltas than a text (its pieces are many, and a text's are cached by its hash).
ANALYSIS_MAX_DEPTH = 10
# Longer drafts are stored whole unless their delta comes worked out with them (PreparedSnapshot.text_delta, by the
# window's record thread): finding it here would hold up the GUI thread that writes snapshots.
DELTA_MAX_CHARS = 200_000
# A long draft is rebuilt from at most this many deltas: each costs ~30 ms at 8 MB, on the GUI thread that reads it.
LONG_MAX_DELTA_DEPTH = 8


def document_key(path: Path | str) -> str:
    """The one spelling of a document's path, so the GUI and `survey-check --record` share its history."""
    if isinstance(path, str) and path.startswith(UNTITLED):
        return path
    key = str(Path(path).expanduser().resolve())
    # A name that is not UTF-8 (a Latin-1 "café.md" arrives as "caf\udce9.md") is kept as text SQLite can store,
    # each byte that is not UTF-8 written "\xe9": one spelling per file, as for any other name.
    return key.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


def untitled_key(pid: int | None = None, now: float | None = None) -> str:
    """The history key of a survey that has no file yet."""
    return f"{UNTITLED}{os.getpid() if pid is None else pid}:{int(_timestamp(now) * 1000)}"


def _pid_of(key: str) -> int | None:
    pid = key[len(UNTITLED):].split(":", 1)[0]
    return int(pid) if pid.isdigit() else None


def writer_running(writer: str | None, alive=None) -> bool:
    """Whether the autosaves of `writer` ("<pid>:<when>", the program window that wrote them) belong to another
    program that runs now (not a crash's leftovers)."""
    pid, _, when = (writer or "").partition(":")
    if not pid.isdigit() or int(pid) == os.getpid():
        return False
    return program_running(int(pid), when, alive)


def program_running(pid: int, when_ms: str, alive=None) -> bool:
    """Whether the program of process `pid`, whose clock read `when_ms` when it wrote, runs now (`alive`, given by
    tests, stands for the whole check)."""
    if alive is not None:
        return alive(pid)
    return process_alive(pid) and not pid_reused(pid, when_ms)


# How much earlier than a process' own clock reading /proc may put its start (whole seconds of boot time, drift).
PID_START_SLACK = 5.0


def pid_reused(pid: int, when_ms: str) -> bool:
    """Whether the process `pid` now is another one than the program that wrote `when_ms` (its clock then, in ms):
    it started later. After a power cut and a reboot the crashed program's id often belongs to another process, and
    its autosaves were never offered ("another program has the survey open"). Linux only (/proc); elsewhere False."""
    if not when_ms.isdigit():
        return False
    try:
        with open(f"/proc/{pid}/stat", "rb") as fh:
            fields = fh.read().rsplit(b")", 1)[1].split()  # after "pid (name)", whose name may hold spaces
        with open("/proc/stat", "rb") as fh:
            boot = next(int(line.split()[1]) for line in fh if line.startswith(b"btime "))
        started = boot + int(fields[19]) / os.sysconf("SC_CLK_TCK")  # field 22: start, in ticks after boot
    except (OSError, ValueError, IndexError, StopIteration, AttributeError):
        return False
    return started > int(when_ms) / 1000 + PID_START_SLACK


def process_alive(pid: int) -> bool:
    """Whether a process with this id runs (POSIX); elsewhere False, so an untitled survey is rather offered twice
    than never."""
    if os.name != "posix":
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # it exists, owned by someone else
        return True
    return True


# A long text is encoded this many characters at a time: one str.encode of an 8 MB survey holds the GIL 40-60 ms,
# which froze the window while the record thread hashed and compressed a snapshot (a piece takes well under 1 ms).
ENCODE_PIECE_CHARS = 1 << 16


def utf8_pieces(text: str, size: int | None = None) -> Iterable[bytes]:
    """text.encode("utf-8"), `size` (ENCODE_PIECE_CHARS) characters at a time (b"".join of them is the whole)."""
    size = size or ENCODE_PIECE_CHARS
    if len(text) <= size:
        yield text.encode("utf-8")
        return
    for start in range(0, len(text), size):
        yield text[start:start + size].encode("utf-8")


def text_hash(text: str) -> str:
    digest = hashlib.sha256()
    for piece in utf8_pieces(text):
        digest.update(piece)  # (hashlib lets go of the GIL over a piece this long)
    return digest.hexdigest()


def _compressed(pieces: Iterable[bytes], digest: Any = None) -> bytes:
    """zlib (level 6) of the bytes `pieces` make, fed a piece at a time, and `digest` (a hashlib object) updated
    with them: zlib and hashlib let go of the GIL over each piece, and the GUI thread runs meanwhile."""
    packer = zlib.compressobj(6)
    out = []
    for piece in pieces:
        if digest is not None:
            digest.update(piece)
        out.append(packer.compress(piece))
    out.append(packer.flush())
    return b"".join(out)


def headline_figures(analysis: dict[str, Any]) -> dict[str, float | int | None]:
    """The figures shown in the snapshot list: CJK, cautions, lines, failing rules, failing error-level rules."""
    metrics = analysis.get("metrics") or {}
    out: dict[str, float | int | None] = {}
    for name, keys in _HEADLINE_KEYS.items():
        out[name] = next((_number(metrics[k]) for k in keys if _number(metrics.get(k)) is not None), None)
    rules = analysis.get("rules") or []
    # As the CLI and the status bar count them: errors and warnings that fail or whose scope matches nothing (an
    # info-level rule that matches is a note, not a failure); the engine's own count wins when it is there.
    failing = [r for r in rules if r.get("status") in ("fail", "no-match") and r.get("level") in ("error", "warning")]
    counted = _number(metrics.get("failing_rules"))
    out["failing"] = int(counted) if counted is not None else len(failing)
    out["errors"] = sum(1 for r in failing if r.get("level") == "error")
    return out


def listed_metrics(pack: Any) -> tuple[str, ...]:
    """The counters the snapshot list shows (and the trend chart opens on, the first) for a survey checked with
    `pack`: those its document-wide count rules limit, as the status bar heads them, then its lines: the house pack's
    cjk, cautions, lines; the English pack's words, lines. A pack limiting none: its first counters; none: the house's.
    The list assumed the house's counters whatever the pack: a CJK column of dashes and no words for the English pack."""
    from editor_app.core.rulepack import document_counters

    if pack is None:
        return HOUSE_LISTED
    counters = list(getattr(pack, "counters", {}) or {})
    names = document_counters(pack)[:LISTED_MAX] or counters[:LISTED_MAX - 1]
    if "lines" in counters and "lines" not in names:
        names.append("lines")
    return tuple(names) or HOUSE_LISTED


def chartable_metrics(analysis: dict[str, Any]) -> dict[str, float]:
    """Every numeric figure worth a trend line: document metrics, and each rule's measured value as `rule:<id>`."""
    out: dict[str, float] = {}
    for key, value in (analysis.get("metrics") or {}).items():
        v = _number(value)
        if v is not None:
            out[str(key)] = v
    for rule in analysis.get("rules") or []:
        v = _number(rule.get("measured"))
        if v is not None and rule.get("id"):
            out[f"rule:{rule['id']}"] = v
    return out


def _number(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return float(value)


def _timestamp(now: float | datetime | None) -> float:
    if now is None:
        return _time.time()
    if isinstance(now, datetime):
        return now.timestamp()
    return float(now)


def document_id(db: sqlite_utils.Database, path: Path | str, *, create: bool = False, now: float | None = None) -> int | None:
    key = document_key(path)
    row = db.execute("SELECT id FROM documents WHERE path = ?", [key]).fetchone()
    if row:
        return row[0]
    if not create:
        return None
    cur = db.execute(
        "INSERT INTO documents (path, first_seen) VALUES (?, ?)", [key, _timestamp(now)]
    )
    return cur.lastrowid


def follow_move(db: sqlite_utils.Database, path: Path | str, text: str) -> str | None:
    """A survey with no history of its own whose text is what another survey's latest save holds, and that other
    file is gone (renamed or moved), takes over that history; returns the old path. History is kept by path, so a
    survey renamed in a file manager opened with an empty History tab and its crash's autosaves were never offered.
    A copy (both files there) or a text several gone surveys share is left alone."""
    key = document_key(path)
    if key.startswith(UNTITLED) or document_id(db, path) is not None:
        return None
    found = db.execute(
        "SELECT d.id, d.path FROM documents d WHERE d.path NOT LIKE ? AND (SELECT s.text_hash FROM snapshots s"
        " WHERE s.document_id = d.id AND s.kind != 'autosave' ORDER BY s.time DESC, s.id DESC LIMIT 1) = ?",
        [UNTITLED + "%", text_hash(text)]).fetchall()
    # (a name stored with "\\x.." for bytes that are not UTF-8 can't be looked for: never taken for gone)
    gone = [(doc, old) for doc, old in found if "\\x" not in old and not os.path.lexists(old)]
    if len(gone) != 1:
        return None
    with db.conn:
        db.conn.execute("UPDATE documents SET path = ? WHERE id = ?", [key, gone[0][0]])
    return gone[0][1]


def moved_message(old: str, path: Path | str) -> str:
    """What follow_move did, in words (translated by the window: wording.py)."""
    return f"History: {old} is no longer there; its snapshots follow the survey to {document_key(path)}."


@dataclass(frozen=True)
class PreparedSnapshot:
    """What a snapshot stores, computed apart from the database (hashing and compressing an 8 MB survey and its
    analysis takes ~2 s: the GUI does it on a worker thread and only the quick inserts on its own)."""

    text_hash: str
    chars: int
    text_blob: bytes
    analysis_blob: bytes | None  # None: the text is stored "measuring", its figures follow (measure_snapshot)
    pack: str | None
    measure_with: str | None  # while measuring: the rule pack to measure it with (PackToMeasureWith as JSON)
    figures: dict[str, float | int | None]
    series: dict[str, float]
    # (base text's hash, compressed delta): a long draft's delta from the text it was prepared against, taken off
    # the GUI thread; used when that text is still the document's latest save's (an 8 MB survey stored ~4 MB whole
    # at every save and autosave: 20 saves took 80 MB, an afternoon's autosaves gigabytes)
    text_delta: tuple[str, bytes] | None = None

    @property
    def measured(self) -> bool:
        return self.analysis_blob is not None


@dataclass(frozen=True)
class PreparedMeasurement:
    """The figures of a snapshot stored while measuring (prepare_measurement), to complete it with."""

    analysis_blob: bytes
    pack: str | None
    figures: dict[str, float | int | None]
    series: dict[str, float]


@dataclass(frozen=True)
class PackToMeasureWith:
    """The rule pack a snapshot stored while measuring is to be measured with: its source and where it was read
    from (a pack's lists of private names are read relative to its folder). Kept whole, not by name: a pack edited
    since keeps its name."""

    name: str
    path: str
    source: str
    folder: str | None = None  # the folder its lists are read from

    def to_json(self) -> str:
        return json.dumps({"name": self.name, "path": self.path, "source": self.source, "folder": self.folder},
                          ensure_ascii=False)

    @classmethod
    def from_json(cls, stored: str | None) -> "PackToMeasureWith | None":
        try:
            data = json.loads(stored) if stored else None
            if not isinstance(data, dict):
                return None
            folder = data.get("folder")
            return cls(str(data["name"]), str(data["path"]), str(data["source"]), str(folder) if folder else None)
        except (ValueError, KeyError, TypeError):
            return None


def prepare_snapshot(text: str, analysis: Any, *, measured: bool = True,
                     measure_with: PackToMeasureWith | None = None,
                     base: tuple[str, str] | None = None) -> PreparedSnapshot:
    """Hash and compress the text and its analysis (an Analysis or its dict); touches no database. With
    `measured=False` only the text: the snapshot is stored as "measuring" (kept with `measure_with`, the pack to
    measure it with) and measure_snapshot completes it. With `base` (hash, text), most likely the document's latest
    save, the text's delta from it is worked out too (for a long draft, which write_snapshot would store whole)."""
    figures = prepare_measurement(analysis) if measured else None
    digest = hashlib.sha256()
    blob = _compressed(utf8_pieces(text), digest)
    return PreparedSnapshot(
        text_hash=digest.hexdigest(),
        chars=len(text),
        text_blob=blob,
        text_delta=_text_delta(base, text, digest.hexdigest(), blob) if base else None,
        analysis_blob=figures.analysis_blob if figures else None,
        pack=figures.pack if figures else (measure_with.name if measure_with else None),
        measure_with=measure_with.to_json() if measure_with and not figures else None,
        figures=figures.figures if figures else dict.fromkeys(HEADLINE),
        series=figures.series if figures else {},
    )


def _text_delta(base: tuple[str, str], text: str, digest: str, blob: bytes) -> tuple[str, bytes] | None:
    base_hash, base_text = base
    if base_hash == digest:
        return None
    delta = deltas.make_delta(deltas.split(base_text, deltas.TEXT_PIECES), deltas.split(text, deltas.TEXT_PIECES))
    return None if delta is None or len(delta) * 2 > len(blob) else (base_hash, delta)


def prepare_measurement(analysis: Any) -> PreparedMeasurement:
    """Compress an analysis (an Analysis or its dict) and take its figures; touches no database."""
    if not isinstance(analysis, dict):
        analysis = analysis.to_dict() if analysis is not None else {}
    # (a piece is one or more whole items of a list: a file name's undecodable bytes, which printable replaces, are
    # never cut in two)
    return PreparedMeasurement(
        analysis_blob=_compressed(printable(piece).encode("utf-8") for piece in analysis_json_pieces(analysis)),
        pack=analysis.get("pack"),
        figures=headline_figures(analysis),
        series=chartable_metrics(analysis),
    )


# Items of a list joined into one piece of an analysis' JSON (~100 KB for an 8 MB survey's findings)
JSON_PIECE_ITEMS = 500


def analysis_json(analysis: dict[str, Any]) -> str:
    """json.dumps(analysis, ensure_ascii=False, default=str), encoded list item by list item: one call over an
    8 MB survey's analysis keeps the GIL ~0.6 s, which froze the GUI while a worker thread prepared a snapshot."""
    return "".join(analysis_json_pieces(analysis))


def analysis_json_pieces(analysis: dict[str, Any]) -> Iterable[str]:
    """analysis_json in pieces of up to JSON_PIECE_ITEMS list items, each cut after an item: joining the whole
    (16 M characters at 8 MB), then encoding it (twice: printable looks first), held the GIL 40-60 ms a step."""
    def dumps(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False, default=str)

    head = "{"
    for key, value in analysis.items():
        head += f"{dumps(str(key))}: "
        if not isinstance(value, list):
            head += dumps(value)
        elif not value:
            head += "[]"
        else:
            for start in range(0, len(value), JSON_PIECE_ITEMS):
                items = ", ".join(dumps(item) for item in value[start:start + JSON_PIECE_ITEMS])
                yield head + ("[" if start == 0 else ", ") + items
                head = ""
            head = "]"
        head += ", "
    yield (head[:-2] if analysis else head) + "}"


def record_snapshot(
    db: sqlite_utils.Database,
    *,
    path: Path | str,
    text: str,
    analysis: dict[str, Any],
    kind: str,
    now: float | datetime | None = None,
    writer: str | None = None,
) -> int | None:
    """Store a snapshot; None when this document's latest snapshot of this kind already holds this exact text.
    `writer` ("<pid>:<when>") names the program window an autosave comes from."""
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {KINDS}, not {kind!r}")
    return write_snapshot(db, path=path, prepared=prepare_snapshot(text, analysis), kind=kind, now=now,
                          writer=writer)


def write_snapshot(
    db: sqlite_utils.Database,
    *,
    path: Path | str,
    prepared: PreparedSnapshot,
    kind: str,
    now: float | datetime | None = None,
    writer: str | None = None,
) -> int | None:
    """Store a prepared snapshot (record_snapshot's rules: None when the latest of this kind holds this text)."""
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {KINDS}, not {kind!r}")
    when = _timestamp(now)
    digest = prepared.text_hash
    figures = prepared.figures
    conn = db.conn
    with conn:
        doc = document_id(db, path, create=True, now=when)
        # Another program's autosave of the same text is no reason to skip this one: it dismisses its own.
        own = writer is not None and kind == "autosave"
        last = conn.execute(
            "SELECT text_hash FROM snapshots WHERE document_id = ? AND kind = ?" + (" AND writer = ?" if own else "")
            + " ORDER BY time DESC, id DESC LIMIT 1",
            [doc, kind, writer] if own else [doc, kind],
        ).fetchone()
        if last and last[0] == digest:
            return None
        if kind == "autosave":
            newest = conn.execute(
                "SELECT text_hash FROM snapshots WHERE document_id = ?"
                + (" AND (kind != 'autosave' OR writer = ?)" if own else "") + " ORDER BY time DESC, id DESC LIMIT 1",
                [doc, writer] if own else [doc],
            ).fetchone()
            if newest and newest[0] == digest:
                return None  # nothing to recover that the latest save doesn't already hold
        # Deltas are taken from the latest save's text and analysis, never an autosave's: autosaves are pruned, saves
        # are kept, so a base is never deleted from under the drafts stored as its deltas.
        base = conn.execute(
            "SELECT s.id, s.text_hash, t.chars FROM snapshots s JOIN texts t ON t.hash = s.text_hash"
            " WHERE s.document_id = ? AND s.kind != 'autosave' ORDER BY s.time DESC, s.id DESC LIMIT 1", [doc]
        ).fetchone()
        worked_out = base is not None and prepared.text_delta is not None and prepared.text_delta[0] == base[1]
        if base is not None and (prepared.chars > DELTA_MAX_CHARS or base[2] > DELTA_MAX_CHARS):
            base = None  # a long draft's delta, and its analysis', would take too long to find here
        if not conn.execute("SELECT 1 FROM texts WHERE hash = ?", [digest]).fetchone():
            if worked_out:
                data, base_hash, depth = _worked_out_text(conn, prepared)
            else:
                data, base_hash, depth = _stored_text(conn, prepared, base[1] if base else None)
            conn.execute(
                "INSERT INTO texts (hash, chars, data, base, depth) VALUES (?, ?, ?, ?, ?)",
                [digest, prepared.chars, data, base_hash, depth],
            )
        cur = conn.execute(
            "INSERT INTO snapshots (document_id, time, kind, text_hash, pack, cjk, cautions, lines, failing, errors,"
            " writer, measure_with) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [doc, when, kind, digest, prepared.pack, *(figures[h] for h in HEADLINE),
             writer if kind == "autosave" else None, prepared.measure_with],
        )
        snapshot_id = cur.lastrowid
        _forget_left_behind(conn, snapshot_id)
        if prepared.measured:
            _store_measurement(conn, snapshot_id, prepared, base[0] if base else None)
        if kind == "autosave":
            _prune_autosaves(conn, doc)
    return snapshot_id


def _store_measurement(conn, snapshot_id: int, measurement: PreparedSnapshot | PreparedMeasurement,
                       base_id: int | None) -> None:
    data, base_id, depth = _stored_analysis(conn, measurement, base_id)
    conn.execute(
        "INSERT INTO snapshot_analyses (snapshot_id, data, base, depth) VALUES (?, ?, ?, ?)",
        [snapshot_id, data, base_id, depth],
    )
    conn.executemany(
        "INSERT INTO snapshot_metrics (snapshot_id, metric, value) VALUES (?, ?, ?)",
        [(snapshot_id, k, v) for k, v in measurement.series.items()],
    )


def measure_snapshot(db: sqlite_utils.Database, snapshot_id: int, measurement: PreparedMeasurement) -> bool:
    """Store the figures of a snapshot stored while measuring; False when it is gone (an autosave pruned) or was
    measured already."""
    conn = db.conn
    with conn:
        row = conn.execute("SELECT document_id, time FROM snapshots WHERE id = ?", [snapshot_id]).fetchone()
        if row is None or conn.execute(
                "SELECT 1 FROM snapshot_analyses WHERE snapshot_id = ?", [snapshot_id]).fetchone():
            return False
        # As write_snapshot does: a delta from the document's latest measured save before it (short drafts only).
        base = conn.execute(
            "SELECT s.id FROM snapshots s JOIN texts t ON t.hash = s.text_hash"
            " WHERE s.document_id = ? AND s.kind != 'autosave' AND s.id != ? AND s.time <= ? AND t.chars <= ?"
            " AND EXISTS (SELECT 1 FROM snapshot_analyses a WHERE a.snapshot_id = s.id)"
            " ORDER BY s.time DESC, s.id DESC LIMIT 1", [row[0], snapshot_id, row[1], DELTA_MAX_CHARS]
        ).fetchone() if _chars_of(conn, snapshot_id) <= DELTA_MAX_CHARS else None
        figures = measurement.figures
        conn.execute("DELETE FROM snapshot_metrics WHERE snapshot_id = ?", [snapshot_id])  # a salvaged row's, say
        conn.execute(
            f"UPDATE snapshots SET measure_with = NULL, pack = ?, {', '.join(f'{h} = ?' for h in HEADLINE)} WHERE id = ?",
            [measurement.pack, *(figures[h] for h in HEADLINE), snapshot_id],
        )
        _store_measurement(conn, snapshot_id, measurement, base[0] if base else None)
    return True


def _chars_of(conn, snapshot_id: int) -> int:
    row = conn.execute("SELECT t.chars FROM snapshots s JOIN texts t ON t.hash = s.text_hash WHERE s.id = ?",
                       [snapshot_id]).fetchone()
    return row[0] if row else 0


def pack_to_measure_with(db: sqlite_utils.Database, snapshot_id: int) -> PackToMeasureWith | None:
    """The rule pack a snapshot stored while measuring was to be measured with; None when it does not say (stored
    by an older version, or measured already)."""
    row = db.execute("SELECT measure_with FROM snapshots WHERE id = ?", [snapshot_id]).fetchone()
    return PackToMeasureWith.from_json(row[0]) if row else None


def unmeasured_snapshots(db: sqlite_utils.Database, path: Path | str) -> list[int]:
    """The document's snapshots stored while measuring whose figures never came (the program ended first),
    newest first."""
    doc = document_id(db, path)
    if doc is None:
        return []
    return [r[0] for r in db.execute(
        "SELECT s.id FROM snapshots s WHERE s.document_id = ?"
        " AND NOT EXISTS (SELECT 1 FROM snapshot_analyses a WHERE a.snapshot_id = s.id)"
        " ORDER BY s.time DESC, s.id DESC", [doc]).fetchall()]


def _stored_text(conn, prepared: PreparedSnapshot, base_hash: str | None) -> tuple[bytes, str | None, int]:
    """(data, base, depth) of a new text: its delta from the base text when that is much smaller, else whole."""
    whole = (prepared.text_blob, None, 0)
    row = conn.execute("SELECT depth FROM texts WHERE hash = ?", [base_hash]).fetchone() if base_hash else None
    if row is None or row[0] >= MAX_DELTA_DEPTH:
        return whole
    text = zlib.decompress(prepared.text_blob).decode("utf-8")
    try:
        base = _read_text(conn, base_hash)
    except DamagedData:  # (that snapshot can't be shown; this one is stored whole, not as a delta from it)
        return whole
    delta = deltas.make_delta(deltas.split(base, deltas.TEXT_PIECES), deltas.split(text, deltas.TEXT_PIECES))
    _remember("text:" + prepared.text_hash, text)  # the next save's base, most likely
    if delta is None or len(delta) * 2 > len(prepared.text_blob):
        return whole
    return delta, base_hash, row[0] + 1


def _worked_out_text(conn, prepared: PreparedSnapshot) -> tuple[bytes, str | None, int]:
    """(data, base, depth) of a new text whose delta came worked out (its base is the latest save's text)."""
    base_hash, delta = prepared.text_delta
    row = conn.execute("SELECT depth FROM texts WHERE hash = ?", [base_hash]).fetchone()
    if row is None or row[0] >= LONG_MAX_DELTA_DEPTH:
        return prepared.text_blob, None, 0
    return delta, base_hash, row[0] + 1


def _stored_analysis(conn, prepared: PreparedSnapshot | PreparedMeasurement, base_id: int | None) -> tuple[bytes, int | None, int]:
    """(data, base, depth) of a new snapshot's analysis, as _stored_text for its text."""
    whole = (prepared.analysis_blob, None, 0)
    row = conn.execute(
        "SELECT depth FROM snapshot_analyses WHERE snapshot_id = ?", [base_id]).fetchone() if base_id else None
    if row is None or row[0] >= min(MAX_DELTA_DEPTH, ANALYSIS_MAX_DEPTH):
        return whole
    new = zlib.decompress(prepared.analysis_blob).decode("utf-8")
    base_chain = _stored_chain(conn, _ANALYSES_SQL, base_id, f"the analysis of snapshot {base_id}")
    try:
        base = _analysis_from(base_chain)
    except DamagedData:  # the base is measured again; this one is stored whole
        _drop_damaged_analysis(conn, base_id)
        return whole
    delta = deltas.make_delta(deltas.split(base, deltas.JSON_PIECES),
                              deltas.split(new, deltas.JSON_PIECES), ANALYSIS_MAX_CHANGED)
    if delta is None or len(delta) * 2 > len(prepared.analysis_blob):
        _remember(_chain_key([prepared.analysis_blob]), new)
        return whole
    _remember(_chain_key([delta, *base_chain]), new)  # the next save's base, most likely
    return delta, base_id, row[0] + 1


# Texts and analyses rebuilt lately, by what names them for good: a text by its hash, an analysis by the digest of
# the stored pieces it is rebuilt from. The next save's delta is taken from the last one's: read back at once.
_RECENT: dict[str, str] = {}
_TEXTS_SQL = "SELECT data, base FROM texts WHERE hash = ?"
_ANALYSES_SQL = "SELECT data, base FROM snapshot_analyses WHERE snapshot_id = ?"


def _remember(key: str, value: str) -> str:
    if len(value) <= DELTA_MAX_CHARS * 4:  # a long draft is stored whole: read again at no cost
        if len(_RECENT) >= 8:
            _RECENT.pop(next(iter(_RECENT)), None)
        _RECENT[key] = value
    return value


def _read_text(conn, digest: str) -> str:
    """A stored text, whole or rebuilt from its base and deltas."""
    key = "text:" + digest
    found = _RECENT.get(key)
    if found is None:
        found = _remember(key, _rebuilt(_stored_chain(conn, _TEXTS_SQL, digest, f"text {digest[:12]}"),
                                        deltas.TEXT_PIECES))
    return found


def _read_analysis_json(conn, snapshot_id: int) -> str:
    return _analysis_from(_stored_chain(conn, _ANALYSES_SQL, snapshot_id, f"the analysis of snapshot {snapshot_id}"))


def _analysis_from(chain: list[bytes]) -> str:
    key = _chain_key(chain)
    found = _RECENT.get(key)
    return found if found is not None else _remember(key, _rebuilt(chain, deltas.JSON_PIECES))


def _chain_key(chain: list[bytes]) -> str:
    digest = hashlib.sha256()
    for blob in chain:
        digest.update(len(blob).to_bytes(8, "big"))
        digest.update(blob)
    return "analysis:" + digest.hexdigest()


def _stored_chain(conn, sql: str, key: Any, what: str) -> list[bytes]:
    """The stored pieces of a text or an analysis: its own data first, the one stored whole last."""
    rows, missing = _chain_rows(conn, sql, key)
    if missing is not None:  # a base deleted, or a loop: the file was tampered with
        raise sqlite3.DatabaseError(f"{what} can't be rebuilt: its stored base {missing} is missing")
    return [data for _, data in rows]


def _chain_rows(conn, sql: str, key: Any) -> tuple[list[tuple[Any, bytes]], Any]:
    """(key, data) of each stored piece from `key` down its bases, and the key of the first base not found (or
    met past any real chain's length: a loop), None when the chain reaches a piece stored whole."""
    rows: list[tuple[Any, bytes]] = []
    while key is not None:
        row = conn.execute(sql, [key]).fetchone()
        if row is None or len(rows) > MAX_DELTA_DEPTH * 4:
            return rows, key
        rows.append((key, row[0]))
        key = row[1]
    return rows, None


class DamagedData(sqlite3.DatabaseError):
    """A stored text or analysis whose row SQLite reads but whose bytes no longer decompress or rebuild (a page
    overwritten and salvaged, say): a query that worked, not a damaged file to move aside."""


def _rebuilt(chain: list[bytes], pieces: tuple[str, ...]) -> str:
    chain = list(chain)
    try:
        value = zlib.decompress(chain.pop()).decode("utf-8")
        while chain:
            value = deltas.apply_delta(deltas.split(value, pieces), chain.pop())
    except (zlib.error, ValueError, TypeError) as exc:  # (UnicodeDecodeError, JSONDecodeError are ValueErrors)
        raise DamagedData(f"stored data is damaged and can't be read ({exc})") from exc
    return value


def _drop_damaged_analysis(conn, snapshot_id: int) -> None:
    """Forget the analysis that can't be read in the chain snapshot_id's is rebuilt from, and those stored as deltas
    from it: their snapshots are measured again (`unmeasured_snapshots`), as after a crash before their figures came."""
    chain = _chain_rows(conn, _ANALYSES_SQL, snapshot_id)[0][::-1]  # (snapshot id, data), the one stored whole first
    damaged = snapshot_id
    for k in range(len(chain)):
        try:
            _rebuilt([data for _, data in reversed(chain[:k + 1])], deltas.JSON_PIECES)
        except DamagedData:
            damaged = chain[k][0]
            break
    ids, todo = [], [damaged]
    while todo:
        ids += todo
        marks = ",".join("?" * len(todo))
        todo = [r[0] for r in conn.execute(f"SELECT snapshot_id FROM snapshot_analyses WHERE base IN ({marks})", todo)]
    marks = ",".join("?" * len(ids))
    conn.execute(f"DELETE FROM snapshot_metrics WHERE snapshot_id IN ({marks})", ids)
    conn.execute(f"DELETE FROM snapshot_analyses WHERE snapshot_id IN ({marks})", ids)


def last_window_save(conn, doc: int) -> float | None:
    """When a window last saved the document (its latest "save" snapshot): what its autosaves are unsaved work
    after. A "cli" snapshot records the file on disk, not the window's text, and is no such save."""
    return conn.execute("SELECT MAX(time) FROM snapshots WHERE document_id = ? AND kind = 'save'", [doc]).fetchone()[0]


def _prune_autosaves(conn, doc: int) -> None:
    """Old recovery points go; those newer than the latest save by a window (what a crash would need) always stay."""
    keep = AUTOSAVES_KEPT
    last_save = last_window_save(conn, doc)
    rows = conn.execute(
        "SELECT id, text_hash FROM snapshots WHERE document_id = ? AND kind = 'autosave' AND time <= ?"
        " ORDER BY time DESC, id DESC LIMIT -1 OFFSET ?",
        [doc, last_save if last_save is not None else float("-inf"), keep],
    ).fetchall()
    if not rows:
        return
    ids = [r[0] for r in rows]
    _delete_snapshots(conn, ids, {r[1] for r in rows})


def _forget_left_behind(conn, snapshot_id: int) -> None:
    """Forget an analysis and figures found under a new snapshot's number: a lost snapshot's, left behind by the
    salvage of a damaged database before this version (the fresh one numbers its snapshots from 1 again). They are
    not this snapshot's, and stood in the way of its own: "UNIQUE constraint failed" at every save, or an older
    text's figures listed as this one's."""
    if not (conn.execute("SELECT 1 FROM snapshot_analyses WHERE snapshot_id = ?", [snapshot_id]).fetchone()
            or conn.execute("SELECT 1 FROM snapshot_metrics WHERE snapshot_id = ?", [snapshot_id]).fetchone()):
        return
    _store_whole_those_based_on(conn, [snapshot_id])
    conn.execute("DELETE FROM snapshot_metrics WHERE snapshot_id = ?", [snapshot_id])
    conn.execute("DELETE FROM snapshot_analyses WHERE snapshot_id = ?", [snapshot_id])


def _store_whole_those_based_on(conn, ids: list[int]) -> None:
    """An analysis stored as a delta from one of `ids` (about to go) is stored whole first; one that can't be read
    goes (its snapshot is measured again)."""
    marks = ",".join("?" * len(ids))
    for (sid,) in conn.execute(
            f"SELECT snapshot_id FROM snapshot_analyses WHERE base IN ({marks}) AND snapshot_id NOT IN ({marks})",
            ids + ids).fetchall():
        if not conn.execute("SELECT 1 FROM snapshot_analyses WHERE snapshot_id = ?", [sid]).fetchone():
            continue  # gone with a damaged one before it
        try:
            whole = zlib.compress(_read_analysis_json(conn, sid).encode("utf-8"), 6)
        except DamagedData:
            _drop_damaged_analysis(conn, sid)
            continue
        conn.execute("UPDATE snapshot_analyses SET data = ?, base = NULL, depth = 0 WHERE snapshot_id = ?", [whole, sid])


def _delete_snapshots(conn, ids: list[int], hashes: Iterable[str]) -> None:
    marks = ",".join("?" * len(ids))
    # An analysis stored as a delta from one about to go is stored whole first (autosaves are never bases; this
    # keeps a database written otherwise whole too).
    _store_whole_those_based_on(conn, ids)
    conn.execute(f"DELETE FROM snapshot_metrics WHERE snapshot_id IN ({marks})", ids)
    conn.execute(f"DELETE FROM snapshot_analyses WHERE snapshot_id IN ({marks})", ids)
    conn.execute(f"DELETE FROM snapshots WHERE id IN ({marks})", ids)
    todo = list(hashes)
    while todo:  # a text goes when no snapshot holds it and no text is stored as a delta from it; then maybe its base
        h = todo.pop()
        row = conn.execute("SELECT base FROM texts WHERE hash = ?", [h]).fetchone()
        gone = conn.execute(
            "DELETE FROM texts WHERE hash = ? AND NOT EXISTS (SELECT 1 FROM snapshots WHERE text_hash = ?)"
            " AND NOT EXISTS (SELECT 1 FROM texts WHERE base = ?)", [h, h, h]
        ).rowcount
        if gone and row and row[0]:
            todo.append(row[0])


_LIST_COLUMNS = (
    "s.id, s.document_id, d.path, s.time, s.kind, s.text_hash, t.chars, s.pack, "
    "s.cjk, s.cautions, s.lines, s.failing, s.errors, s.dismissed, "
    "EXISTS (SELECT 1 FROM snapshot_analyses a WHERE a.snapshot_id = s.id)"
)


def can_list(db: sqlite_utils.Database) -> bool:
    """Whether this version can list (and compare, restore) the snapshots of `db` as it is: a newer version's
    database may have changed the tables this version reads. The queries are made ready, nothing is read."""
    try:
        db.execute(f"SELECT {_LIST_COLUMNS} FROM snapshots s JOIN documents d ON d.id = s.document_id"
                   " JOIN texts t ON t.hash = s.text_hash JOIN snapshot_metrics m ON m.snapshot_id = s.id"
                   " LIMIT 0").fetchall()
        db.execute("SELECT hash, data, base, depth FROM texts LIMIT 0").fetchall()
    except sqlite3.Error:
        return False
    return True


def _row_dict(row, metrics: tuple[str, ...] = ()) -> dict[str, Any]:
    """A listing row; "measured" is False while its figures are still being measured (they are None then). With
    `metrics` (read after the listing's own columns), "metrics": {name: value, None where not measured}."""
    keys = ("id", "document_id", "path", "time", "kind", "text_hash", "chars", "pack", *HEADLINE, "dismissed",
            "measured")
    d = dict(zip(keys, row))
    if metrics:
        d["metrics"] = {name: _whole(value) for name, value in zip(metrics, row[len(keys):])}
    d["measured"] = bool(d["measured"])
    for k in ("cjk", "cautions", "lines"):
        d[k] = _whole(d[k])
    d["time_iso"] = datetime.fromtimestamp(d["time"], timezone.utc).isoformat(timespec="seconds")
    d["dismissed"] = bool(d["dismissed"])
    return d


def _whole(value: Any) -> Any:
    """A count read back as the integer it is (stored REAL)."""
    return int(value) if isinstance(value, float) and value.is_integer() else value


def _metric_columns(metrics: tuple[str, ...]) -> tuple[str, list[Any]]:
    """The listing's extra columns for `metrics`: a headline figure's own column, another's stored value (NULL in a
    snapshot that has none: one measured with a pack that does not count it)."""
    sql, params = "", []
    for name in metrics:
        if name in HOUSE_LISTED:
            sql += f", s.{name}"
        else:
            sql += ", (SELECT m.value FROM snapshot_metrics m WHERE m.snapshot_id = s.id AND m.metric = ?)"
            params.append(name)
    return sql, params


def list_snapshots(
    db: sqlite_utils.Database,
    path: Path | str,
    *,
    kinds: Iterable[str] | None = None,
    limit: int | None = None,
    offset: int = 0,
    before: float | None = None,
    metrics: Iterable[str] = (),
) -> list[dict[str, Any]]:
    """The document's snapshots, newest first, with headline figures (never the text or the analysis); `before`:
    only those stored before then; `metrics` (listed_metrics of the pack): each row's figures of them too, as
    "metrics"."""
    doc = document_id(db, path)
    if doc is None:
        return []
    metrics = tuple(metrics)
    extra, params = _metric_columns(metrics)
    sql = (
        f"SELECT {_LIST_COLUMNS}{extra} FROM snapshots s JOIN documents d ON d.id = s.document_id"
        " JOIN texts t ON t.hash = s.text_hash WHERE s.document_id = ?"
    )
    params.append(doc)
    if before is not None:
        sql += " AND s.time < ?"
        params.append(float(before))
    if kinds is not None:
        kinds = list(kinds)
        sql += f" AND s.kind IN ({','.join('?' * len(kinds))})"
        params += kinds
    sql += " ORDER BY s.time DESC, s.id DESC"
    if limit is not None or offset:
        sql += " LIMIT ? OFFSET ?"
        params += [-1 if limit is None else int(limit), int(offset)]
    return [_row_dict(r, metrics) for r in db.execute(sql, params).fetchall()]


def count_snapshots(db: sqlite_utils.Database, path: Path | str, *, kinds: Iterable[str] | None = None,
                    before: float | None = None) -> int:
    doc = document_id(db, path)
    if doc is None:
        return 0
    sql = "SELECT COUNT(*) FROM snapshots WHERE document_id = ?"
    params: list[Any] = [doc]
    if before is not None:
        sql += " AND time < ?"
        params.append(float(before))
    if kinds is not None:
        kinds = list(kinds)
        sql += f" AND kind IN ({','.join('?' * len(kinds))})"
        params += kinds
    return db.execute(sql, params).fetchone()[0]


def get_snapshot(db: sqlite_utils.Database, snapshot_id: int) -> dict[str, Any]:
    """One snapshot's listing row (no text); KeyError when it does not exist."""
    row = db.execute(
        f"SELECT {_LIST_COLUMNS} FROM snapshots s JOIN documents d ON d.id = s.document_id"
        " JOIN texts t ON t.hash = s.text_hash WHERE s.id = ?",
        [snapshot_id],
    ).fetchone()
    if row is None:
        raise KeyError(f"no snapshot {snapshot_id}")
    return _row_dict(row)


def get_snapshot_text(db: sqlite_utils.Database, snapshot_id: int) -> str:
    row = db.execute("SELECT text_hash FROM snapshots WHERE id = ?", [snapshot_id]).fetchone()
    if row is None:
        raise KeyError(f"no snapshot {snapshot_id}")
    return _read_text(db.conn, row[0])


def get_snapshot_analysis(db: sqlite_utils.Database, snapshot_id: int) -> dict[str, Any]:
    if db.execute("SELECT 1 FROM snapshots WHERE id = ?", [snapshot_id]).fetchone() is None:
        raise KeyError(f"no snapshot {snapshot_id}")
    if db.execute("SELECT 1 FROM snapshot_analyses WHERE snapshot_id = ?", [snapshot_id]).fetchone() is None:
        return {}
    try:
        return json.loads(_read_analysis_json(db.conn, snapshot_id))
    except (DamagedData, ValueError):  # measured again, as one never measured
        with db.conn:
            _drop_damaged_analysis(db.conn, snapshot_id)
        return {}


def metric_names(db: sqlite_utils.Database, path: Path | str, first: Iterable[str] = HOUSE_LISTED) -> list[str]:
    """The metrics of the document's latest snapshot, for the chart's chooser: `first` (the counters the list shows,
    listed_metrics), the failing rules, then the rest by name."""
    doc = document_id(db, path)
    if doc is None:
        return []
    rows = db.execute(  # the latest measured one: one still being measured has none yet
        "SELECT metric FROM snapshot_metrics WHERE snapshot_id = (SELECT id FROM snapshots s WHERE document_id = ?"
        " AND EXISTS (SELECT 1 FROM snapshot_analyses a WHERE a.snapshot_id = s.id)"
        " ORDER BY time DESC, id DESC LIMIT 1) ORDER BY metric",
        [doc],
    ).fetchall()
    head = [*first, "failing", "errors"]
    return head + [r[0] for r in rows if r[0] not in head]


def metric_series(
    db: sqlite_utils.Database, path: Path | str, metric: str, *, kinds: Iterable[str] | None = None,
    before: float | None = None,
) -> list[tuple[float, float]]:
    """(unix time, value) of one metric across the document's snapshots (stored `before` then, when given), oldest
    first; gaps are skipped."""
    doc = document_id(db, path)
    if doc is None:
        return []
    params: list[Any] = [doc]
    if metric in HEADLINE:
        sql = f"SELECT time, {metric} FROM snapshots WHERE document_id = ? AND {metric} IS NOT NULL"
    else:
        sql = (
            "SELECT s.time, m.value FROM snapshots s JOIN snapshot_metrics m ON m.snapshot_id = s.id"
            " WHERE s.document_id = ? AND m.metric = ?"
        )
        params.append(metric)
    if before is not None:
        sql += " AND time < ?"
        params.append(float(before))
    if kinds is not None:
        kinds = list(kinds)
        sql += f" AND kind IN ({','.join('?' * len(kinds))})"
        params += kinds
    sql += " ORDER BY time, id" if metric in HEADLINE else " ORDER BY s.time, s.id"
    return [(float(t), float(v)) for t, v in db.execute(sql, params).fetchall()]


def newest_text_hash(db: sqlite_utils.Database, path: Path | str) -> str | None:
    """The text hash of the document's newest snapshot of any kind (None: it has none)."""
    doc = document_id(db, path)
    if doc is None:
        return None
    row = db.execute("SELECT text_hash FROM snapshots WHERE document_id = ? ORDER BY time DESC, id DESC LIMIT 1",
                     [doc]).fetchone()
    return row[0] if row else None


def latest_autosave_newer_than(
    db: sqlite_utils.Database,
    path: Path | str,
    *,
    text_hash: str | Callable[[], str] | None = None,
    mtime: float | None = None,
    include_dismissed: bool = False,
    not_by: str | None = None,
    alive=None,
) -> dict[str, Any] | None:
    """The autosave a crash left behind: newer than the survey's last save by a window (and not written by `not_by`,
    when given: the window asking, whose own autosaves are its edits), with other text than the one `text_hash`
    gives (a hash, or a function that makes it: called only when there is an autosave to compare with, as there
    seldom is, so opening an 8 MB survey neither copies nor hashes its text for nothing).

    Returns the listing row plus "text", "writer" and "file_changed" (the file's `mtime` is later than the
    autosave: another program wrote or touched it since, which the offer says), or None. The file's mtime hides
    nothing: a sync tool's touch or another editor's save after a crash left the crash's text unsaved all the same
    (it was not offered, and nothing said so). Dismissed autosaves are not offered again (a normal quit dismisses
    its own), nor those of another program that has the survey open now (its unsaved edits are its own).
    A `survey-check --record` (a "cli" snapshot) is no save of the window's text: it records the file on disk, so
    CI or a hook recording the file while the window had unsaved, autosaved edits hid the crash's autosave."""
    doc = document_id(db, path)
    if doc is None:
        return None
    last_save = last_window_save(db.conn, doc)
    floor = last_save if last_save is not None else float("-inf")
    rows = db.execute(
        "SELECT id, text_hash, writer FROM snapshots WHERE document_id = ? AND kind = 'autosave' AND time > ?"
        " AND dismissed <= ? ORDER BY time DESC, id DESC",
        [doc, floor, 1 if include_dismissed else 0],
    ).fetchall()
    row = next((r for r in rows if (not_by is None or r[2] != not_by) and not writer_running(r[2], alive)), None)
    if row is None:
        return None
    if callable(text_hash):
        text_hash = text_hash()
    if text_hash is not None and row[1] == text_hash:
        return None
    out = get_snapshot(db, row[0])
    out["text"] = get_snapshot_text(db, row[0])
    out["writer"] = row[2]
    out["file_changed"] = mtime is not None and mtime > out["time"]
    return out


def orphaned_untitled_autosave(db: sqlite_utils.Database, *, alive=None,
                               exclude: str | None = None) -> dict[str, Any] | None:
    """The newest autosave of an untitled survey whose program stopped before it was saved or discarded (not one
    a running program is still writing, nor `exclude`, this program's own). The listing row plus "text" and "key"."""
    rows = db.execute(
        "SELECT d.path, s.id FROM snapshots s JOIN documents d ON d.id = s.document_id"
        " WHERE d.path LIKE ? AND s.kind = 'autosave' AND s.dismissed = 0 ORDER BY s.time DESC, s.id DESC",
        [UNTITLED + "%"],
    ).fetchall()
    for key, sid in rows:
        pid = _pid_of(key)
        if key == exclude or (pid is not None and pid != os.getpid()
                              and program_running(pid, key[len(UNTITLED):].partition(":")[2], alive)):
            continue
        out = get_snapshot(db, sid)
        out["text"] = get_snapshot_text(db, sid)
        out["key"] = key
        return out
    return None


def dismiss_autosaves(db: sqlite_utils.Database, path: Path | str, *, writer: str | None = None, alive=None,
                      keep_writer: str | None = None, before: float | None = None) -> int:
    """Autosaves stay in the history but are not offered again: `writer`'s only (its edits were saved, undone or
    discarded), else every one but those of another program that has the survey open now (recovery declined).
    `keep_writer`'s are never dismissed (the window that recovered a crash's text and autosaved it as its own).
    `before`: only those stored up to then (a dismissal made in memory while the file could not be written, made
    in the file once it can: the autosaves stored after it hold later edits)."""
    doc = document_id(db, path)
    if doc is None:
        return 0
    sql = "UPDATE snapshots SET dismissed = 1 WHERE document_id = ? AND kind = 'autosave' AND dismissed = 0"
    params: list[Any] = [doc]
    if before is not None:
        sql += " AND time <= ?"
        params.append(float(before))
    if keep_writer is not None:
        sql += " AND (writer IS NULL OR writer != ?)"
        params.append(keep_writer)
    if writer is not None:
        sql += " AND writer = ?"
        params.append(writer)
    else:
        writers = [w for (w,) in db.execute(
            "SELECT DISTINCT writer FROM snapshots WHERE document_id = ? AND kind = 'autosave' AND dismissed = 0"
            " AND writer IS NOT NULL", [doc]).fetchall()]
        running = [w for w in writers if writer_running(w, alive)]
        if running:
            sql += f" AND (writer IS NULL OR writer NOT IN ({','.join('?' * len(running))}))"
            params += running
    with db.conn:
        cur = db.conn.execute(sql, params)
    return cur.rowcount


def snapshots_in_order(db: sqlite_utils.Database) -> list[int]:
    """Every snapshot's id, of every survey, oldest first (the order they were stored in)."""
    return [r[0] for r in db.execute("SELECT id FROM snapshots ORDER BY time, id").fetchall()]


def copy_snapshot(src: sqlite_utils.Database, snapshot_id: int, dst: sqlite_utils.Database) -> tuple[int | None, bool]:
    """Store a snapshot of `src` (the history a window kept in memory while its file could not be written) in `dst`
    as it is: its survey, time, kind, writer, text, analysis and figures (or "measuring", with the pack to measure
    it with), and whether it was dismissed. (id in `dst`, whether it was stored now): a snapshot `dst` holds already
    (the same survey, time, kind and text: an earlier copy cut short) is not stored twice; (None, False) when
    write_snapshot's rules skip it (the latest of its kind holds its text)."""
    row = src.execute(
        "SELECT d.path, s.time, s.kind, s.text_hash, s.pack, s.cjk, s.cautions, s.lines, s.failing, s.errors,"
        " s.dismissed, s.writer, s.measure_with, t.chars, t.data, t.base FROM snapshots s"
        " JOIN documents d ON d.id = s.document_id JOIN texts t ON t.hash = s.text_hash WHERE s.id = ?",
        [snapshot_id]).fetchone()
    if row is None:
        raise KeyError(f"no snapshot {snapshot_id}")
    key, when, kind, digest, pack, *figures = row[:10]
    dismissed, writer, measure_with, chars, data, base = row[10:]
    found = dst.execute(
        "SELECT s.id FROM snapshots s JOIN documents d ON d.id = s.document_id"
        " WHERE d.path = ? AND s.time = ? AND s.kind = ? AND s.text_hash = ?",
        [document_key(key), when, kind, digest]).fetchone()
    if found:
        return found[0], False
    stored = src.execute("SELECT data, base FROM snapshot_analyses WHERE snapshot_id = ?", [snapshot_id]).fetchone()
    if stored is None:
        analysis_blob = None
    elif stored[1] is None:
        analysis_blob = stored[0]  # stored whole: as it is
    else:
        analysis_blob = zlib.compress(_read_analysis_json(src.conn, snapshot_id).encode("utf-8"), 6)
    series = {m: v for m, v in src.execute(
        "SELECT metric, value FROM snapshot_metrics WHERE snapshot_id = ?", [snapshot_id]).fetchall()}
    prepared = PreparedSnapshot(
        text_hash=digest, chars=chars,
        text_blob=data if base is None else zlib.compress(_read_text(src.conn, digest).encode("utf-8"), 6),
        analysis_blob=analysis_blob, pack=pack, measure_with=measure_with if analysis_blob is None else None,
        figures=dict(zip(HEADLINE, figures)), series=series)
    new = write_snapshot(dst, path=key, prepared=prepared, kind=kind, now=when, writer=writer)
    if new is not None and dismissed:
        with dst.conn:
            dst.conn.execute("UPDATE snapshots SET dismissed = 1 WHERE id = ?", [new])
    return new, new is not None


_LIMIT_NUMBER = re.compile(r"(≤|<=|≥|>=|<|>|max|min)?\s*([-+]?\d[\d,]*(?:\.\d+)?)\s*(%)?", re.IGNORECASE)


def chart_limits(metric: str, analysis: dict[str, Any] | None = None, pack: Any = None) -> list[float]:
    """The rule limits to draw across a metric's trend: from the rule pack, else from the analysis' rule row."""
    if metric in ("failing", "errors"):
        return [0.0]
    rule_id = metric[5:] if metric.startswith("rule:") else None
    if pack is not None:
        try:
            if rule_id is None:
                lo, hi = pack.limit_of(metric)
            else:
                rule = pack.rule(rule_id)
                lo, hi = (rule.min, rule.max) if rule is not None else (None, None)
            found = [float(x) for x in (lo, hi) if x is not None]
            if found:
                return found
        except AttributeError:
            pass
    if rule_id is not None and analysis:
        for rule in analysis.get("rules") or []:
            if rule.get("id") == rule_id:
                return _limits_in(str(rule.get("limit") or ""))
    return []


def _limits_in(limit: str) -> list[float]:
    """Numbers in a limit as the analysis writes it ("≤ 3,900", "≥ 10", "150–400"); percentages stay as written."""
    out = []
    for m in _LIMIT_NUMBER.finditer(limit):
        try:
            out.append(float(m.group(2).replace(",", "")))
        except ValueError:
            continue
    return out[:2]
