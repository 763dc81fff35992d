"""QA27c D2: a history database made by a newer version of the program (its schema above the one this version knows)
was left as it is, but the History tab listed none of its snapshots ("survey.md: 0 snapshots", "No snapshots yet"),
while `survey-check history` listed them read only with a note. The tab now lists them read only too, as far as this
version reads them, to compare and restore, and its notice says so and that nothing is written to the file (nor
this session's snapshots kept once the program quits); one whose tables this version can't read is said to be so.
The file is never written: the same bytes, nothing made beside it."""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

from ui_support import window_with_history

from editor_app.services import database, history

TEXT = "主题综述 · 测试\n\n⚠️ 注意。\n"


def _newer_database(tmp_path: Path, *, unreadable: bool = False) -> Path:
    """history.db holding three saves of survey.md, then marked as a newer version's (in the rollback journal mode
    a newer version may keep)."""
    survey = tmp_path / "survey.md"
    p = tmp_path / "history.db"
    db = database.open_database(p).db
    for n in range(3):
        history.write_snapshot(db, path=survey, kind="save", now=1_700_000_000 + n * 60,
                               prepared=history.prepare_snapshot(f"第{n + 1}稿\n", {"metrics": {"cjk": 3 + n}}))
    db.conn.close()
    conn = sqlite3.connect(p)
    conn.execute("PRAGMA journal_mode = DELETE")
    conn.execute("CREATE TABLE snapshots_v9 (id INTEGER PRIMARY KEY)")
    if unreadable:  # the newer version moved the snapshots elsewhere
        conn.execute("ALTER TABLE snapshots RENAME TO snapshots_old")
    conn.execute(f"PRAGMA user_version = {database.latest_version() + 2}")
    conn.commit()
    conn.close()
    return p


def _digest(p: Path) -> str:
    return hashlib.sha256(p.read_bytes()).hexdigest()


def test_the_tab_lists_a_newer_versions_snapshots_read_only_and_says_so(qtbot, tmp_path, monkeypatch):
    p = _newer_database(tmp_path)
    before = _digest(p)
    survey, window, ctl = window_with_history(qtbot, tmp_path, TEXT, monkeypatch)
    window._show_panel(ctl.panel)
    panel = ctl.panel
    qtbot.waitUntil(lambda: panel.notice.isVisible(), timeout=5000)
    said = panel.notice.text()
    assert "made by a newer version" in said
    assert "listed read only" in said and "nothing is written to it" in said
    # before: "survey.md: 0 snapshots" and "No snapshots yet"
    qtbot.waitUntil(lambda: panel.model.rowCount() == 3, timeout=5000)
    assert "3 snapshots" in panel.title.text()
    assert [r["cjk"] for r in panel.model.rows] == [5, 4, 3]  # newest first
    # a snapshot of it is compared and restored as ever
    panel.select_ids([panel.model.rows[-1]["id"]])
    qtbot.waitUntil(lambda: "第1稿" in panel.diff_html.toPlainText() or "第1稿" in panel.diff_text.toPlainText(),
                    timeout=5000)
    ctl.restore_snapshot(panel.model.rows[-1]["id"])
    assert window.current_text() == "第1稿\n"
    # the text before the restore and a save of this session are listed over them, kept in memory: the file is
    # never written
    with qtbot.waitSignal(ctl.recorded, timeout=5000):
        assert window.save()
    qtbot.waitUntil(lambda: panel.model.rowCount() == 5, timeout=5000)
    window.shutdown()
    ctl.close_database()
    assert _digest(p) == before
    assert sorted(f.name for f in tmp_path.iterdir() if f.name.startswith("history")) == ["history.db"]


def test_a_newer_database_this_version_cant_read_is_said_so(qtbot, tmp_path, monkeypatch):
    p = _newer_database(tmp_path, unreadable=True)
    before = _digest(p)
    survey, window, ctl = window_with_history(qtbot, tmp_path, TEXT, monkeypatch)
    window._show_panel(ctl.panel)
    qtbot.waitUntil(lambda: ctl.panel.notice.isVisible(), timeout=5000)
    said = ctl.panel.notice.text()
    assert "made by a newer version" in said and "can't read its snapshots" in said
    assert ctl.panel.model.rowCount() == 0
    window.shutdown()
    assert _digest(p) == before
