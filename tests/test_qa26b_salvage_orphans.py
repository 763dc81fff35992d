"""QA26b D4: a damaged history database whose `snapshots` page could not be read was salvaged with the analyses and
figures of the snapshots lost on it. The fresh database numbers its snapshots from 1 again, so they met those
leftovers: every later `survey-check --record` failed ("UNIQUE constraint failed: snapshot_analyses.snapshot_id"),
and the window's saves listed an older text's analysis, or were marked measured with no figures, never measured
again. Now only the rows of copied snapshots are copied (an analysis stored as a delta from a lost one is stored
whole), and a database salvaged before keeps a new snapshot's number clear of what was left behind."""

from __future__ import annotations

import copy
import sqlite3
import struct
from pathlib import Path

from damage_support import btree_pages, garble

from editor_app.core.analyze import Analyzer
from editor_app.core.rulepack import house_pack
from editor_app.services import database, history
from editor_app.services.database import open_database

PER_SNAPSHOT = ("snapshot_analyses", "snapshot_metrics")


def _analysis(base: dict, i: int) -> dict:
    """The sample's analysis with figures of its own (analysing the sample 240 times took seconds)."""
    analysis = copy.deepcopy(base)
    analysis["metrics"]["cjk"] = 1000 + i
    analysis["metrics"]["lines"] = 100 + i
    return analysis


def _history_of(tmp_path: Path, sample_text: str, count: int) -> tuple[Path, Path, dict[int, int]]:
    """`count` saves of the survey: (survey, database, snapshot id -> its CJK figure)."""
    survey = tmp_path / "s.md"
    survey.write_text(sample_text, encoding="utf-8")
    db_path = tmp_path / "h.db"
    db = open_database(db_path).db
    base = Analyzer(house_pack()).analyze(sample_text).to_dict()
    cjk = {}
    for i in range(count):
        sid = history.record_snapshot(db, path=survey, text=sample_text + f"改{i}\n", analysis=_analysis(base, i),
                                      kind="save", now=1_700_000_000 + i * 60)
        cjk[sid] = 1000 + i
    db.conn.close()
    return survey, db_path, cjk


def _pages_of_snapshots(db_path: Path) -> tuple[int, list[int]]:
    """(page size, the pages holding the `snapshots` table's rows, in rowid order), read from its b-tree."""
    conn = sqlite3.connect(db_path)
    root = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = 'snapshots'").fetchone()[0]
    size = conn.execute("PRAGMA page_size").fetchone()[0]
    conn.close()
    raw = db_path.read_bytes()
    page = raw[(root - 1) * size:root * size]
    if page[0] == 0x0D:  # one leaf: the table is that page
        return size, [root]
    assert page[0] == 0x05  # an interior page: its children, then the rightmost
    cells = struct.unpack(">H", page[3:5])[0]
    children = [struct.unpack(">I", page[offset:offset + 4])[0]
                for offset in (struct.unpack(">H", page[12 + 2 * k:14 + 2 * k])[0] for k in range(cells))]
    return size, children + [struct.unpack(">I", page[8:12])[0]]


def _overwrite(db_path: Path, page: int, size: int) -> None:
    with open(db_path, "r+b") as fh:
        fh.seek((page - 1) * size)
        fh.write(b"\xff" * size)


def _lose_indexes(db_path: Path) -> None:
    """The snapshots table's indexes damaged too: the snapshots on its damaged page can't be rebuilt from them (the
    salvage does since QA27h D3), they are lost."""
    garble(db_path, btree_pages(db_path, "snapshots_by_document") + btree_pages(db_path, "snapshots_by_text"))


def _salvaged(db_path: Path, monkeypatch):
    monkeypatch.setattr(database, "_CHECKED", set())  # checked whole once per program: this is the next program
    opened = open_database(db_path)
    assert opened.path == db_path and "moved to" in opened.warning
    return opened.db


def _left_behind(db) -> dict[str, list[int]]:
    return {table: [r[0] for r in db.execute(
        f"SELECT DISTINCT snapshot_id FROM {table} WHERE snapshot_id NOT IN (SELECT id FROM snapshots)")]
        for table in PER_SNAPSHOT}


def test_snapshots_recorded_after_the_salvage_are_stored_and_measured_as_their_own(
        tmp_path, sample_text, monkeypatch):
    survey, db_path, _ = _history_of(tmp_path, sample_text, 3)
    size, (page,) = _pages_of_snapshots(db_path)
    _overwrite(db_path, page, size)  # QA's d_salvage.sh: the snapshots table's one page
    _lose_indexes(db_path)
    db = _salvaged(db_path, monkeypatch)
    assert history.list_snapshots(db, survey) == []
    assert _left_behind(db) == {table: [] for table in PER_SNAPSHOT}

    base = Analyzer(house_pack()).analyze(sample_text).to_dict()
    first = history.record_snapshot(db, path=survey, text=sample_text + "新一\n", analysis=_analysis(base, 500),
                                    kind="cli")  # failed: UNIQUE constraint failed
    assert first == 1
    assert history.get_snapshot_analysis(db, first)["metrics"]["cjk"] == 1500
    assert dict(db.execute("SELECT metric, value FROM snapshot_metrics WHERE snapshot_id = ?", [first]))["cjk"] == 1500
    # the window's way: stored while measuring, then measured (the old analysis made it look measured, and empty)
    prepared = history.prepare_snapshot(sample_text + "新二\n", None, measured=False)
    second = history.write_snapshot(db, path=survey, prepared=prepared, kind="save")
    assert not history.get_snapshot(db, second)["measured"]
    assert history.measure_snapshot(db, second, history.prepare_measurement(_analysis(base, 501)))
    row = history.get_snapshot(db, second)
    assert row["measured"] and row["cjk"] == 1501
    assert [r["cjk"] for r in history.list_snapshots(db, survey)] == [1501, 1500]
    db.conn.close()


def test_an_analysis_stored_as_a_delta_from_a_lost_snapshots_is_kept_whole(tmp_path, sample_text, monkeypatch):
    survey, db_path, cjk = _history_of(tmp_path, sample_text, 200)
    size, pages = _pages_of_snapshots(db_path)
    assert len(pages) >= 3
    _overwrite(db_path, pages[len(pages) // 2], size)  # a run of snapshots in the middle is lost
    _lose_indexes(db_path)
    db = _salvaged(db_path, monkeypatch)
    rows = history.list_snapshots(db, survey)
    kept = {r["id"] for r in rows}
    assert 0 < len(kept) < len(cjk)
    assert _left_behind(db) == {table: [] for table in PER_SNAPSHOT}
    first_after = min(sid for sid in kept if sid - 1 not in kept and sid > min(kept))
    # its analysis was a delta from the last one lost: stored whole now, not measured again
    assert db.execute("SELECT base FROM snapshot_analyses WHERE snapshot_id = ?", [first_after]).fetchone() == (None,)
    for row in rows:
        assert row["measured"] and row["cjk"] == cjk[row["id"]]
        assert history.get_snapshot_analysis(db, row["id"])["metrics"]["cjk"] == cjk[row["id"]]
    assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    db.conn.close()


def test_a_database_salvaged_before_gets_its_new_snapshots_right(tmp_path, sample_text):
    """What an older version's salvage left: analyses and figures of snapshots 1-3, with no snapshot rows."""
    survey, db_path, _ = _history_of(tmp_path, sample_text, 3)
    db = open_database(db_path).db
    with db.conn:
        db.conn.execute("DELETE FROM snapshots")
    assert _left_behind(db)["snapshot_analyses"] == [1, 2, 3]
    base = Analyzer(house_pack()).analyze(sample_text).to_dict()
    for i in range(4):
        sid = history.record_snapshot(db, path=survey, text=sample_text + f"后来{i}\n", analysis=_analysis(base, 700 + i),
                                      kind="cli")
        assert sid == i + 1
        assert history.get_snapshot_analysis(db, sid)["metrics"]["cjk"] == 1700 + i
        assert history.get_snapshot(db, sid)["cjk"] == 1700 + i
    assert [r["cjk"] for r in history.list_snapshots(db, survey)] == [1703, 1702, 1701, 1700]
    db.conn.close()
