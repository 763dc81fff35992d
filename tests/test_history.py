"""History store: migrations, snapshots, dedup, series, crash-recovery lookup, the corrupt-database path."""

from __future__ import annotations

import importlib.util
import sqlite3
from pathlib import Path

import pytest
import sqlite_utils

from editor_app.core.model import Analysis, RuleResult
from editor_app.services import database, history
from editor_app.services.database import MIGRATIONS, migrate, open_database, schema_version
from editor_app.services.history import (
    dismiss_autosaves,
    get_snapshot_analysis,
    get_snapshot_text,
    latest_autosave_newer_than,
    list_snapshots,
    metric_names,
    metric_series,
    record_snapshot,
    text_hash,
)


@pytest.fixture(autouse=True)
def _only_landed_migrations(monkeypatch):
    """Other areas add their migrations as they land; run the ones whose modules exist."""
    landed = [(v, t) for v, t in MIGRATIONS if importlib.util.find_spec(t.split(":")[0]) is not None]
    monkeypatch.setattr(database, "MIGRATIONS", landed)


def analysis_dict(cjk: float, cautions: int = 12, lines: int = 120, failing: int = 0) -> dict:
    rules = [
        RuleResult(id="cjk-total", title="CJK total", kind="count", level="error",
                   status="fail" if cjk > 3900 else "pass", measured=cjk, limit="<= 3900"),
        RuleResult(id="cautions-min", title="Cautions", kind="count", level="warning", status="pass",
                   measured=cautions, limit=">= 10"),
    ]
    rules += [RuleResult(id=f"extra-{i}", title="x", kind="pattern", level="warning", status="fail") for i in range(failing)]
    a = Analysis(file="s.md", pack="house", metrics={"cjk": cjk, "cautions": cautions, "lines": lines, "note": None},
                 sections=[], rules=rules, findings=[], claims=[], references=[], figures=[], privacy=[])
    return a.to_dict()


@pytest.fixture
def db(tmp_path: Path) -> sqlite_utils.Database:
    return open_database(tmp_path / "h.db").db


def test_migrations_from_empty_reach_the_latest_version(tmp_path: Path):
    opened = open_database(tmp_path / "fresh.db")
    assert opened.warning == ""
    assert schema_version(opened.db) == database.MIGRATIONS[-1][0]
    assert {"documents", "texts", "snapshots", "snapshot_metrics"} <= set(opened.db.table_names())
    assert opened.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_migration_from_a_version_0_file_keeps_foreign_tables(tmp_path: Path):
    p = tmp_path / "old.db"
    conn = sqlite3.connect(p)
    conn.execute("CREATE TABLE notes (body TEXT)")
    conn.execute("INSERT INTO notes VALUES ('keep me')")
    conn.commit()
    conn.close()
    assert sqlite3.connect(p).execute("PRAGMA user_version").fetchone()[0] == 0
    opened = open_database(p)
    assert opened.warning == ""
    assert opened.db.execute("SELECT body FROM notes").fetchall() == [("keep me",)]
    assert record_snapshot(opened.db, path=tmp_path / "s.md", text="甲", analysis=analysis_dict(1), kind="save")


def test_migration_from_the_previous_schema_keeps_snapshots(tmp_path: Path, monkeypatch):
    """A database made at version 1 (history only) is upgraded to the newest without losing a draft."""
    extra = (99, "tests.test_history:_add_column_v99")
    monkeypatch.setattr(database, "MIGRATIONS", database.MIGRATIONS + [extra])
    p = tmp_path / "v1.db"
    db = sqlite_utils.Database(p)
    assert migrate(db, upto=1) == 1
    sid = _record_as_version_1(db, tmp_path / "s.md", "第一稿")
    db.conn.close()
    opened = open_database(p)
    assert schema_version(opened.db) == 99
    assert get_snapshot_text(opened.db, sid) == "第一稿"
    assert get_snapshot_analysis(opened.db, sid) == {"metrics": {"cjk": 100}}
    assert "reviewed" in opened.db["snapshots"].columns_dict
    later = record_snapshot(opened.db, path=tmp_path / "s.md", text="第一稿\n第二行", analysis=analysis_dict(101),
                            kind="save")
    assert get_snapshot_text(opened.db, later) == "第一稿\n第二行"  # a later save, on the upgraded database
    # running the migrations again is a no-op
    assert migrate(opened.db) == 99


def _record_as_version_1(db: sqlite_utils.Database, path: Path, text: str) -> int:
    """A save as a version-1 program wrote it (its texts and analyses whole, no delta columns)."""
    import zlib

    doc = history.document_id(db, path, create=True)
    with db.conn:
        db.execute("INSERT INTO texts (hash, chars, data) VALUES (?, ?, ?)",
                   [text_hash(text), len(text), zlib.compress(text.encode("utf-8"))])
        sid = db.execute("INSERT INTO snapshots (document_id, time, kind, text_hash, cjk) VALUES (?, ?, 'save', ?, ?)",
                         [doc, 1000.0, text_hash(text), 100]).lastrowid
        db.execute("INSERT INTO snapshot_analyses (snapshot_id, data) VALUES (?, ?)",
                   [sid, zlib.compress(b'{"metrics": {"cjk": 100}}')])
    return sid


def _add_column_v99(db: sqlite_utils.Database) -> None:
    db.execute("ALTER TABLE snapshots ADD COLUMN reviewed INTEGER")


def _broken_migration(db: sqlite_utils.Database) -> None:
    db.execute("CREATE TABLE half_done (x)")
    raise RuntimeError("boom")


def test_a_failing_migration_leaves_nothing_half_done(tmp_path: Path, monkeypatch):
    monkeypatch.setattr(database, "MIGRATIONS", [(1, "editor_app.services.history:migrate_v1"),
                                                 (2, "tests.test_history:_broken_migration")])
    db = sqlite_utils.Database(tmp_path / "b.db")
    with pytest.raises(RuntimeError):
        migrate(db)
    assert schema_version(db) == 1
    assert "half_done" not in db.table_names()


def test_corrupt_database_is_moved_aside_and_a_fresh_one_works(tmp_path: Path):
    p = tmp_path / "history.db"
    p.write_bytes(b"this is not a database, just garbage " * 200)
    opened = open_database(p)
    assert "moved to" in opened.warning and "fresh" in opened.warning
    moved = [x for x in tmp_path.iterdir() if ".corrupt-" in x.name]
    assert len(moved) == 1 and moved[0].read_bytes().startswith(b"this is not a database")
    sid = record_snapshot(opened.db, path=tmp_path / "s.md", text="新", analysis=analysis_dict(1), kind="save")
    assert get_snapshot_text(opened.db, sid) == "新"


def test_program_still_opens_files_with_a_corrupt_database(tmp_path: Path):
    from editor_app.services.files import load_text

    (tmp_path / "history.db").write_bytes(b"\x00garbage" * 100)
    survey = tmp_path / "s.md"
    survey.write_text("§0 自检栏\n", encoding="utf-8")
    opened = open_database(tmp_path / "history.db")
    assert opened.warning
    assert load_text(survey).text == "§0 自检栏\n"


def test_record_list_and_read_back(db, tmp_path: Path):
    survey = tmp_path / "s.md"
    a = record_snapshot(db, path=survey, text="一稿", analysis=analysis_dict(3800), kind="save", now=1000.0)
    b = record_snapshot(db, path=str(survey), text="二稿", analysis=analysis_dict(3950, failing=2), kind="cli", now=2000.0)
    rows = list_snapshots(db, survey)
    assert [r["id"] for r in rows] == [b, a]  # newest first
    assert rows[0]["kind"] == "cli" and rows[0]["cjk"] == 3950 and rows[0]["failing"] == 3 and rows[0]["errors"] == 1
    assert rows[1]["cautions"] == 12 and rows[1]["lines"] == 120 and rows[1]["failing"] == 0
    assert rows[0]["path"] == str(survey.resolve()) and rows[0]["chars"] == 2
    assert rows[0]["time_iso"] == "1970-01-01T00:33:20+00:00"
    assert "text" not in rows[0] and "analysis" not in rows[0]
    assert get_snapshot_text(db, a) == "一稿"
    assert get_snapshot_analysis(db, b)["metrics"]["cjk"] == 3950
    assert list_snapshots(db, tmp_path / "other.md") == []
    with pytest.raises(KeyError):
        get_snapshot_text(db, 12345)
    with pytest.raises(ValueError):
        record_snapshot(db, path=survey, text="x", analysis={}, kind="manual")


def test_identical_text_is_not_stored_twice(db, tmp_path: Path):
    survey = tmp_path / "s.md"
    first = record_snapshot(db, path=survey, text="同一文本", analysis=analysis_dict(1), kind="save", now=1.0)
    assert first is not None
    assert record_snapshot(db, path=survey, text="同一文本", analysis=analysis_dict(1), kind="save", now=2.0) is None
    # an autosave equal to the latest snapshot adds nothing to recover
    assert record_snapshot(db, path=survey, text="同一文本", analysis=analysis_dict(1), kind="autosave", now=3.0) is None
    assert len(list_snapshots(db, survey)) == 1
    # going back to an earlier text is a new snapshot, but the text itself is stored once
    record_snapshot(db, path=survey, text="另一文本", analysis=analysis_dict(2), kind="save", now=4.0)
    assert record_snapshot(db, path=survey, text="同一文本", analysis=analysis_dict(1), kind="save", now=5.0)
    assert len(list_snapshots(db, survey)) == 3
    assert db.execute("SELECT COUNT(*) FROM texts").fetchone()[0] == 2


def test_metric_series_and_names(db, tmp_path: Path):
    survey = tmp_path / "s.md"
    for i, cjk in enumerate([3000, 3500, 3950]):
        record_snapshot(db, path=survey, text=f"稿{i}", analysis=analysis_dict(cjk), kind="save", now=100.0 + i)
    assert metric_series(db, survey, "cjk") == [(100.0, 3000.0), (101.0, 3500.0), (102.0, 3950.0)]
    assert metric_series(db, survey, "rule:cjk-total") == [(100.0, 3000.0), (101.0, 3500.0), (102.0, 3950.0)]
    assert metric_series(db, survey, "failing") == [(100.0, 0.0), (101.0, 0.0), (102.0, 1.0)]
    assert metric_series(db, survey, "cjk", kinds=["autosave"]) == []
    names = metric_names(db, survey)
    assert names[:5] == ["cjk", "cautions", "lines", "failing", "errors"]
    assert "rule:cautions-min" in names and "note" not in names


def test_crash_recovery_lookup(db, tmp_path: Path):
    survey = tmp_path / "s.md"
    saved = "保存的文本"
    record_snapshot(db, path=survey, text=saved, analysis=analysis_dict(1), kind="save", now=100.0)
    assert latest_autosave_newer_than(db, survey, text_hash=text_hash(saved), mtime=100.0) is None
    record_snapshot(db, path=survey, text="未保存的编辑 1", analysis=analysis_dict(2), kind="autosave", now=130.0)
    record_snapshot(db, path=survey, text="未保存的编辑 2", analysis=analysis_dict(3), kind="autosave", now=160.0)
    found = latest_autosave_newer_than(db, survey, text_hash=text_hash(saved), mtime=100.0)
    assert found and found["text"] == "未保存的编辑 2" and found["kind"] == "autosave" and found["time"] == 160.0
    assert not found["file_changed"]
    # the file was written or touched after the autosave by another program (mtime newer, no save recorded): still
    # offered, saying so (QA25 D1: a sync tool's touch after a crash hid the crash's text, and nothing said so)
    found = latest_autosave_newer_than(db, survey, text_hash=text_hash(saved), mtime=200.0)
    assert found and found["text"] == "未保存的编辑 2" and found["file_changed"]
    # the file already holds the autosaved text
    assert latest_autosave_newer_than(db, survey, text_hash=text_hash("未保存的编辑 2"), mtime=100.0) is None
    # a later recorded save supersedes the autosaves
    record_snapshot(db, path=survey, text="再保存", analysis=analysis_dict(4), kind="save", now=170.0)
    assert latest_autosave_newer_than(db, survey, text_hash=text_hash("再保存"), mtime=100.0) is None
    record_snapshot(db, path=survey, text="又改了", analysis=analysis_dict(5), kind="autosave", now=180.0)
    assert latest_autosave_newer_than(db, survey, text_hash=text_hash("再保存"))["text"] == "又改了"
    assert dismiss_autosaves(db, survey) >= 1
    assert latest_autosave_newer_than(db, survey, text_hash=text_hash("再保存")) is None
    assert latest_autosave_newer_than(db, tmp_path / "never-seen.md", text_hash="x") is None


def test_old_autosaves_are_pruned_but_recovery_points_stay(db, tmp_path: Path, monkeypatch):
    monkeypatch.setattr(history, "AUTOSAVES_KEPT", 3)
    survey = tmp_path / "s.md"
    for i in range(6):
        record_snapshot(db, path=survey, text=f"旧自动保存{i}", analysis=analysis_dict(i), kind="autosave", now=10.0 + i)
    record_snapshot(db, path=survey, text="保存", analysis=analysis_dict(9), kind="save", now=100.0)
    for i in range(5):
        record_snapshot(db, path=survey, text=f"新自动保存{i}", analysis=analysis_dict(i), kind="autosave", now=200.0 + i)
    rows = list_snapshots(db, survey, kinds=["autosave"])
    texts = [get_snapshot_text(db, r["id"]) for r in rows]
    assert texts[:5] == [f"新自动保存{i}" for i in range(4, -1, -1)]  # all newer than the save: kept
    assert texts[5:] == ["旧自动保存5", "旧自动保存4", "旧自动保存3"]
    assert db.execute("SELECT COUNT(*) FROM texts").fetchone()[0] == 9  # pruned texts deleted
    assert db.execute(
        "SELECT COUNT(*) FROM snapshot_metrics WHERE snapshot_id NOT IN (SELECT id FROM snapshots)"
    ).fetchone()[0] == 0


def test_the_sample_survey_round_trips(db, sample_path: Path, sample_text: str):
    sid = record_snapshot(db, path=sample_path, text=sample_text, analysis=analysis_dict(3838), kind="cli")
    assert get_snapshot_text(db, sid) == sample_text
    size = db.execute("SELECT length(data) FROM texts").fetchone()[0]
    assert size < len(sample_text.encode("utf-8")) / 2  # compressed


def test_locked_database_is_not_moved_aside(tmp_path):
    """A lock held by another program is not corruption: the file stays, history goes to memory."""
    import sqlite3

    from editor_app.services.database import open_database

    path = tmp_path / "locked.db"
    first = open_database(path)
    assert not first.warning
    first.db.conn.close()
    holder = sqlite3.connect(str(path), timeout=0)
    holder.execute("PRAGMA locking_mode = EXCLUSIVE")
    holder.execute("BEGIN EXCLUSIVE")
    import editor_app.services.database as dbmod

    dbmod._CHECKED.clear()
    original = sqlite3.connect
    try:
        sqlite3.connect = lambda *a, **k: original(*a, **{**k, "timeout": 0.1})
        opened = open_database(path)
    finally:
        sqlite3.connect = original
        holder.rollback()
        holder.close()
    assert "locked" in opened.warning and opened.path is None
    assert path.exists() and not list(tmp_path.glob("locked.db.corrupt-*"))


def test_crash_recovery_lookup_hashes_the_text_only_to_compare(db, tmp_path: Path):
    """Opening a survey asks for a crash's autosave; the open text is copied and hashed (8 MB: ~50 ms on the GUI
    thread) only when there is an autosave newer than the last save to compare it with."""
    survey = tmp_path / "s.md"
    asked = []

    def hashed(text: str):
        return lambda: asked.append(text) or text_hash(text)

    record_snapshot(db, path=survey, text="保存的文本", analysis=analysis_dict(1), kind="save", now=100.0)
    assert latest_autosave_newer_than(db, survey, text_hash=hashed("保存的文本"), mtime=100.0) is None
    assert asked == []  # no autosave at all: nothing to compare
    record_snapshot(db, path=survey, text="未保存的编辑", analysis=analysis_dict(2), kind="autosave", now=130.0)
    record_snapshot(db, path=survey, text="再保存的文本", analysis=analysis_dict(1), kind="save", now=140.0)
    assert latest_autosave_newer_than(db, survey, text_hash=hashed("再保存的文本"), mtime=140.0) is None
    assert asked == []  # a save recorded after the autosave: nothing to compare
    record_snapshot(db, path=survey, text="又未保存的编辑", analysis=analysis_dict(2), kind="autosave", now=150.0)
    assert latest_autosave_newer_than(db, survey, text_hash=hashed("再保存的文本"), mtime=140.0)["text"] == "又未保存的编辑"
    assert latest_autosave_newer_than(db, survey, text_hash=hashed("又未保存的编辑"), mtime=140.0) is None
    assert asked == ["再保存的文本", "又未保存的编辑"]


def _sample_saves(db, survey: Path, added: range) -> list[int]:
    """Saves of the sample with 0, 1, … CJK characters added: each analysis stored as a delta from the one before."""
    from editor_app.core.analyze import analyze
    from editor_app.core.rulepack import house_pack

    sample = (Path(__file__).resolve().parent.parent / "resources/samples/llm-infra-2026-09-14.md").read_text("utf-8")
    return [record_snapshot(db, path=survey, text=sample + "加" * i,
                            analysis=analyze(sample + "加" * i, house_pack()).to_dict(), kind="save", now=100.0 + i)
            for i in added]


def test_a_damaged_stored_analysis_is_measured_again_and_later_saves_go_on(db, tmp_path: Path):
    """QA: a salvaged database kept a snapshot's analysis whose bytes were overwritten (its row readable); every
    later save, stored as a delta from it, failed with zlib.error and stayed "measuring" for good. The damaged one
    is now forgotten (measured again, as one whose figures never came) and the new one stored whole."""
    survey = tmp_path / "s.md"
    first, = _sample_saves(db, survey, range(1))
    with db.conn:
        db.conn.execute("UPDATE snapshot_analyses SET data = ? WHERE snapshot_id = ?", [b"\x78\x9c garbage", first])
    history._RECENT.clear()  # (the last analyses stored are kept in memory, as read back)
    second, = _sample_saves(db, survey, range(1, 2))
    assert get_snapshot_analysis(db, second)["metrics"]["cjk"] == 3839
    assert db.execute("SELECT base FROM snapshot_analyses WHERE snapshot_id = ?", [second]).fetchone()[0] is None
    assert history.unmeasured_snapshots(db, survey) == [first]  # measured again from its text by the window
    assert [v for _, v in metric_series(db, survey, "cjk")] == [3838.0, 3839.0]  # (its headline figures are kept)


def test_reading_a_damaged_analysis_forgets_it_and_those_stored_from_it(db, tmp_path: Path):
    survey = tmp_path / "s.md"
    ids = _sample_saves(db, survey, range(3))
    bases = dict(db.execute("SELECT snapshot_id, base FROM snapshot_analyses").fetchall())
    assert bases[ids[1]] == ids[0] and bases[ids[2]] == ids[1]  # (each stored as a delta from the one before)
    with db.conn:
        db.conn.execute("UPDATE snapshot_analyses SET data = ? WHERE snapshot_id = ?", [b"garbage", ids[1]])
    history._RECENT.clear()  # (the last analyses stored are kept in memory, as read back)
    assert get_snapshot_analysis(db, ids[2]) == {}
    assert get_snapshot_analysis(db, ids[0])["metrics"]["cjk"] == 3838
    assert history.unmeasured_snapshots(db, survey) == [ids[2], ids[1]]


def test_a_damaged_stored_text_is_no_base_for_the_next_one(db, tmp_path: Path):
    survey = tmp_path / "s.md"
    first = record_snapshot(db, path=survey, text="第一稿\n" * 80, analysis=analysis_dict(1), kind="save", now=100.0)
    digest = text_hash("第一稿\n" * 80)
    with db.conn:
        db.conn.execute("UPDATE texts SET data = ? WHERE hash = ?", [b"garbage", digest])
    second = record_snapshot(db, path=survey, text="第一稿\n" * 80 + "又一行\n", analysis=analysis_dict(2),
                             kind="save", now=110.0)
    assert get_snapshot_text(db, second) == "第一稿\n" * 80 + "又一行\n"
    with pytest.raises(history.DamagedData):  # (the window says "reading a snapshot failed (…damaged…)")
        get_snapshot_text(db, first)
