"""QA27c D3: a history file written by an older version was migrated on the GUI thread as the window opened it (the
window's first look at its database): on a big file a migration that builds an index froze the window. It is now
opened, checked and migrated on a thread of its own (history_upgrade.HistoryUpgrade); the History tab says
"Upgrading history…" meanwhile and lists the file's snapshots read only, the saves made meanwhile are kept in memory
and stored in the file once it is done, and quitting before then waits for it and stores them too."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest
import sqlite_utils
from ui_support import type_text, window_with_history

from editor_app.services import arxiv_cache, database, history

TEXT = "主题综述 · 测试\n\n⚠️ 注意。\n"


@pytest.fixture
def slow_last_migration(monkeypatch):
    """The last migration (schema 7) of a file made to wait for `release` (3 s at most), noting the thread it ran
    on."""
    assert database.MIGRATIONS[-1] == (7, "editor_app.services.arxiv_cache:migrate_v3")
    release = threading.Event()
    ran_on: list[bool] = []  # whether it ran on the GUI (main) thread
    original = arxiv_cache.migrate_v3

    def slow(db):
        if db.execute("PRAGMA database_list").fetchone()[2]:  # a file (a history kept in memory is made at once)
            ran_on.append(threading.current_thread() is threading.main_thread())
            release.wait(3)
        original(db)

    monkeypatch.setattr(arxiv_cache, "migrate_v3", slow)
    return release, ran_on


def _older_database(tmp_path: Path) -> Path:
    """history.db as schema 6 left it (before the arXiv wait columns), holding two saves of survey.md."""
    p = tmp_path / "history.db"
    conn = sqlite3.connect(p)  # (not open_database: it would migrate it to the end)
    db = sqlite_utils.Database(conn)
    database.migrate(db, upto=6)
    for n in range(2):
        history.write_snapshot(db, path=tmp_path / "survey.md", kind="save", now=1_700_000_000 + n * 60,
                               prepared=history.prepare_snapshot(f"第{n + 1}稿\n", {"metrics": {"cjk": 3 + n}}))
    conn.commit()
    conn.close()
    return p


def _file_snapshots(p: Path, survey: Path) -> list[dict]:
    db = database.open_read_only(p)
    try:
        assert database.schema_version(db) == database.latest_version()
        return history.list_snapshots(db, survey)
    finally:
        db.conn.close()


def test_an_older_file_is_upgraded_off_the_gui_thread_and_keeps_a_save_made_meanwhile(
        qtbot, tmp_path, monkeypatch, slow_last_migration):
    release, ran_on = slow_last_migration
    p = _older_database(tmp_path)
    survey, window, ctl = window_with_history(qtbot, tmp_path, TEXT, monkeypatch)
    window._show_panel(ctl.panel)
    panel = ctl.panel
    qtbot.waitUntil(lambda: bool(ran_on), timeout=5000)
    assert ran_on == [False]  # before: True, the window frozen until the migration ended
    qtbot.waitUntil(lambda: panel.notice.isVisible() and panel.notice.text().startswith("Upgrading history…"),
                    timeout=5000)
    qtbot.waitUntil(lambda: panel.model.rowCount() == 2, timeout=5000)  # the file's, read only, meanwhile
    # typing and a save go on during the upgrade
    type_text(window.editor, "新的一段。\n")
    with qtbot.waitSignal(ctl.recorded, timeout=5000):
        assert window.save()
    qtbot.waitUntil(lambda: panel.model.rowCount() == 3, timeout=5000)
    assert ctl.upgrading and panel.notice.text().startswith("Upgrading history…")
    release.set()
    qtbot.waitUntil(lambda: not ctl.upgrading, timeout=10000)
    qtbot.waitUntil(lambda: not panel.notice.isVisible(), timeout=5000)
    stored = _file_snapshots(p, survey)
    assert len(stored) == 3 and stored[0]["kind"] == "save"
    assert history.get_snapshot_text(ctl.db, stored[0]["id"]) == window.current_text()
    qtbot.waitUntil(lambda: [r["id"] for r in panel.model.rows] == [r["id"] for r in stored], timeout=5000)
    assert "upgraded" in window.statusBar().currentMessage()
    window.shutdown()


def test_quitting_during_the_upgrade_waits_for_it_and_stores_the_save_made_meanwhile(
        qtbot, tmp_path, monkeypatch, slow_last_migration):
    release, ran_on = slow_last_migration
    p = _older_database(tmp_path)
    survey, window, ctl = window_with_history(qtbot, tmp_path, TEXT, monkeypatch)
    qtbot.waitUntil(lambda: bool(ran_on), timeout=5000)
    type_text(window.editor, "新的一段。\n")
    with qtbot.waitSignal(ctl.recorded, timeout=5000):
        assert window.save()
    assert ctl.upgrading
    threading.Timer(0.3, release.set).start()
    window.shutdown()  # waits for the upgrade, then copies the save into the file
    ctl.close_database()
    stored = _file_snapshots(p, survey)
    assert len(stored) == 3 and stored[0]["chars"] == len(survey.read_text(encoding="utf-8"))


def test_a_file_already_up_to_date_is_opened_as_before(qtbot, tmp_path, monkeypatch):
    database.open_database(tmp_path / "history.db").db.conn.close()
    survey, window, ctl = window_with_history(qtbot, tmp_path, TEXT, monkeypatch)
    qtbot.waitUntil(lambda: ctl.looked, timeout=5000)
    assert not ctl.upgrading and ctl._db_on_file
    window.shutdown()


def test_needs_upgrade_reads_the_files_header_only(tmp_path):
    older = _older_database(tmp_path)
    assert database.needs_upgrade(older)
    newer = tmp_path / "newer.db"
    conn = sqlite3.connect(newer)
    conn.execute(f"PRAGMA user_version = {database.latest_version() + 1}")
    conn.execute("CREATE TABLE t (x)")
    conn.commit()
    conn.close()
    current = tmp_path / "current.db"
    database.open_database(current).db.conn.close()
    (tmp_path / "survey.md").write_text("not a database\n", encoding="utf-8")
    for p in (newer, current, tmp_path / "survey.md", tmp_path / "gone.db", tmp_path):
        assert not database.needs_upgrade(p), p
    assert sorted(f.name for f in tmp_path.iterdir()) == ["current.db", "history.db", "newer.db", "survey.md"]
