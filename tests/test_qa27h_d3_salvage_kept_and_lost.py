"""QA27h D3: after a damaged history database was replaced, nobody was told how many snapshots were lost ("survey.md:
0 snapshots", "No snapshots yet"); and a snapshot whose row was on a damaged page of the snapshots table was lost
though its text, analysis and the table's two indexes (its document, time and text) were still readable. The salvage
now rebuilds such a snapshot from the indexes (a save, its figures from its analysis), reads a file cut short up to
where it ends, and the window, `survey-check --record` and the History tab say how many were kept and how many lost."""

from __future__ import annotations

import os
from pathlib import Path

from damage_support import btree_pages, garble, overflow_pages

from editor_app.cli import main
from editor_app.core.analyze import Analyzer
from editor_app.core.rulepack import house_pack
from editor_app.services import database, history
from editor_app.services.database import open_database

COUNT = 30


def _history_of(tmp_path: Path, sample_text: str) -> tuple[Path, Path, dict[int, dict]]:
    """COUNT saves and autosaves of the sample: (survey, database, {id: its text, time, kind and CJK})."""
    survey = tmp_path / "survey.md"
    survey.write_text(sample_text, encoding="utf-8")
    db_path = tmp_path / "h.db"
    opened = open_database(db_path)
    analyzer = Analyzer(house_pack())
    lines = sample_text.split("\n")
    stored = {}
    for i in range(COUNT):
        lines[10 + i % 40] += f"第{i}次修改⚠️"
        text = "\n".join(lines)
        analysis = analyzer.analyze(text).to_dict()
        when = 1_700_000_000 + i * 60
        sid = history.record_snapshot(opened.db, path=survey, text=text, analysis=analysis,
                                      kind="autosave" if i % 3 == 1 else "save", now=when)
        stored[sid] = {"text": text, "time": when, "cjk": analysis["metrics"]["cjk"]}
    opened.db.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    opened.db.conn.close()
    return survey, db_path, stored


def _reopened(db_path: Path, monkeypatch):
    monkeypatch.setattr(database, "_CHECKED", set())  # checked whole once per program: this is the next program
    return open_database(db_path)


def test_snapshots_on_a_damaged_page_of_their_table_are_rebuilt_from_its_indexes(tmp_path, sample_text, monkeypatch):
    survey, db_path, stored = _history_of(tmp_path, sample_text)
    garble(db_path, btree_pages(db_path, "snapshots"))  # every page of the table, none of its indexes
    opened = _reopened(db_path, monkeypatch)
    rows = history.list_snapshots(opened.db, survey)
    assert len(rows) == COUNT  # before: 0 ("could not be read …; a fresh one was created")
    for row in rows:
        was = stored[row["id"]]
        assert history.get_snapshot_text(opened.db, row["id"]) == was["text"]
        assert row["time"] == was["time"] and row["kind"] == "save"  # (what no index holds: stored as a save)
        assert row["measured"] and row["cjk"] == was["cjk"]  # its figures, from its analysis
    assert history.metric_series(opened.db, survey, "cjk")
    assert f"created with the snapshots still readable in it: {COUNT} kept, 0 lost (could not be read)." \
        in opened.warning
    assert opened.db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert history.record_snapshot(opened.db, path=survey, text=sample_text + "新", analysis={}, kind="save")


def test_the_snapshots_lost_are_counted(tmp_path, sample_text, monkeypatch):
    """The first text's overflow page damaged (QA27h's garb3.db): every draft is stored from it, none can be rebuilt;
    before, "… could not be read …; a fresh one was created." and nothing of the 30."""
    survey, db_path, stored = _history_of(tmp_path, sample_text)
    garble(db_path, overflow_pages(db_path, "texts")[:1])
    opened = _reopened(db_path, monkeypatch)
    assert history.list_snapshots(opened.db, survey) == []
    assert opened.warning.endswith(f"created with the snapshots still readable in it: 0 kept, {COUNT} lost (could not "
                                   "be read).")


def test_some_kept_some_lost(tmp_path, sample_text, monkeypatch):
    survey, db_path, stored = _history_of(tmp_path, sample_text)
    # the table's page (its rows rebuilt from its indexes) and the texts' last page: the drafts stored there, and
    # those stored as changes from them, are lost
    garble(db_path, btree_pages(db_path, "snapshots") + btree_pages(db_path, "texts")[-1:])
    opened = _reopened(db_path, monkeypatch)
    kept = len(history.list_snapshots(opened.db, survey))
    assert 0 < kept < COUNT
    assert f": {kept} kept, {COUNT - kept} lost (could not be read)." in opened.warning


def test_a_file_cut_short_says_how_many_it_held(tmp_path, sample_text, monkeypatch):
    survey, db_path, stored = _history_of(tmp_path, sample_text)
    with open(db_path, "r+b") as fh:
        fh.truncate(os.path.getsize(db_path) // 2 + 1000)  # (not on a page's end: a crash's, a full disk's)
    opened = _reopened(db_path, monkeypatch)
    kept = len(history.list_snapshots(opened.db, survey))
    # before: nothing read of it at all, and nothing said of its snapshots
    assert f"created with the snapshots still readable in it: {kept} kept, {COUNT - kept} lost" in opened.warning


def test_a_file_with_nothing_readable_says_so(tmp_path):
    db_path = tmp_path / "h.db"
    db_path.write_bytes(b"SQLite format 3\x00" + os.urandom(8192))
    opened = open_database(db_path)
    assert opened.warning.endswith("and a fresh one was created; no snapshot in it could be read.")


def test_survey_check_record_says_it(tmp_path, sample_text, monkeypatch, capsys):
    survey, db_path, stored = _history_of(tmp_path, sample_text)
    garble(db_path, overflow_pages(db_path, "texts")[:1])
    monkeypatch.setattr(database, "_CHECKED", set())
    main([str(survey), "--record", "--db", str(db_path)])
    err = capsys.readouterr().err
    assert f"0 kept, {COUNT} lost (could not be read)." in err


def test_the_window_says_it_in_the_history_tab_in_chinese(qtbot, chinese, tmp_path, sample_text, monkeypatch):
    from editor_app.config import Config
    from editor_app.ui import history_panel
    from ui_support import open_window

    survey, db_path, stored = _history_of(tmp_path, sample_text)
    garble(db_path, overflow_pages(db_path, "texts")[:1])
    monkeypatch.setattr(database, "_CHECKED", set())
    window = open_window(qtbot, survey, Config(db_path=db_path, arxiv_url="http://127.0.0.1:9/api/query",
                                               autosave_seconds=3600))
    monkeypatch.setattr(history_panel, "STARTUP_DELAY_MS", 0)
    ctl = history_panel.install(window)
    qtbot.waitUntil(lambda: ctl.looked, timeout=20000)
    said = f"并用其中仍可读取的快照新建了一个：保留 0 个，丢失 {COUNT} 个（无法读取）。"
    assert window.statusBar().currentMessage().endswith(said)
    window.tabs.setCurrentWidget(ctl.panel)
    assert ctl.panel.notice.isVisible() and ctl.panel.notice.text().endswith(said)  # (kept there, not for 15 s only)
    ctl.shutdown()
    window.shutdown()
