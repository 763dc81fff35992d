"""QA27g D4: a new window's first look at its history database opened the file on the GUI thread (checked whole
when under 32 MB, switched to WAL, migrated, the history modules imported): 104-409 ms of frozen window about a
second after it appeared, on an 8 MB survey's history. The file is now opened off the GUI thread at the first look,
as an older version's file is upgraded (history_upgrade.HistoryUpgrade); the History tab says "Opening history…"
meanwhile, a save made meanwhile is kept in memory and stored in the file once it is open, and the look (a crash's
autosave offered) comes after."""

from __future__ import annotations

import os
import threading
import time

from PySide6.QtCore import QTimer
from ui_support import open_window, type_text

from editor_app.config import Config
from editor_app.services import database, history

TEXT = "主题综述 · 测试\n\n⚠️ 注意。\n"


def _slow_file_opening(monkeypatch):
    """database.open_database of a file made to wait for `release` (3 s at most), noting whether it ran on the GUI
    (main) thread; a history kept in memory is made at once."""
    release = threading.Event()
    on_gui_thread: list[bool] = []
    original = database.open_database

    def slow(path=None, *args, **kwargs):
        if not kwargs.get("memory"):
            on_gui_thread.append(threading.current_thread() is threading.main_thread())
            release.wait(3)
        return original(path, *args, **kwargs)

    monkeypatch.setattr(database, "open_database", slow)
    return release, on_gui_thread


def _window_opening_slowly(qtbot, tmp_path, monkeypatch):
    """A window on survey.md whose history holds a crash's autosave of it, newer than the file; the file's opening
    waits for `release`. (window, controller, survey, release, on_gui_thread, offered autosave ids)"""
    from editor_app.ui import history_panel

    db_path = tmp_path / "history.db"
    survey = tmp_path / "survey.md"
    survey.write_text(TEXT, encoding="utf-8")
    os.utime(survey, (time.time() - 120, time.time() - 120))
    opened = database.open_database(db_path)
    history.record_snapshot(opened.db, path=survey, text=TEXT + "崩溃前自动保存的一段。\n",
                            analysis={"metrics": {"cjk": 9}}, kind="autosave", now=time.time() - 60, writer="1:1")
    opened.db.conn.close()
    release, on_gui_thread = _slow_file_opening(monkeypatch)
    window = open_window(qtbot, survey, Config(db_path=db_path, arxiv_url="http://127.0.0.1:9/api/query",
                                               arxiv_interval=0.0, autosave_seconds=3600))
    monkeypatch.setattr(history_panel, "STARTUP_DELAY_MS", 0)
    offered: list[int] = []
    monkeypatch.setattr(history_panel.HistoryController, "_offer",
                        lambda self, path, text, found, answered: offered.append(found["id"]))
    ctl = history_panel.install(window)
    return window, ctl, survey, release, on_gui_thread, offered


def test_the_first_look_opens_the_file_off_the_gui_thread(qtbot, tmp_path, monkeypatch):
    window, ctl, survey, release, on_gui_thread, offered = _window_opening_slowly(qtbot, tmp_path, monkeypatch)
    panel = ctl.panel
    # before: the GUI thread waited in the file's opening (3 s here), the tab never said it was opening
    qtbot.waitUntil(lambda: bool(on_gui_thread), timeout=2000)
    qtbot.waitUntil(lambda: panel.notice.text().startswith("Opening history…"), timeout=2000)
    assert on_gui_thread == [False] and ctl.upgrading and not ctl.looked
    window._show_panel(panel)  # the tab says it is opening
    assert panel.notice.isVisible()
    assert panel.chart_empty.text() == "Opening history…"  # not "No snapshots yet"
    beats: list[float] = []
    ticker = QTimer()
    ticker.timeout.connect(lambda: beats.append(time.perf_counter()))
    ticker.start(10)
    qtbot.wait(500)  # the window answers meanwhile (before: not at all for the 3 s the opening waits)
    assert len(beats) >= 3 and max(b - a for a, b in zip(beats, beats[1:])) < 1.0
    ticker.stop()
    assert not offered  # the crash's autosave is looked for once the file is open
    release.set()
    qtbot.waitUntil(lambda: ctl.looked, timeout=10000)
    assert not ctl.upgrading and ctl._db_on_file and on_gui_thread == [False]  # opened once, off the GUI thread
    assert len(offered) == 1  # the look came after it
    assert not panel.notice.isVisible() or not panel.notice.text()
    qtbot.waitUntil(lambda: panel.model.rowCount() == 1, timeout=5000)
    window.shutdown()


def test_a_save_made_while_the_file_opens_is_stored_in_it(qtbot, tmp_path, monkeypatch):
    window, ctl, survey, release, on_gui_thread, offered = _window_opening_slowly(qtbot, tmp_path, monkeypatch)
    qtbot.waitUntil(lambda: bool(on_gui_thread), timeout=2000)
    assert on_gui_thread == [False] and ctl.upgrading
    type_text(window.editor, "新的一段。\n")
    with qtbot.waitSignal(ctl.recorded, timeout=5000):
        assert window.save()
    release.set()
    qtbot.waitUntil(lambda: ctl.looked, timeout=10000)
    assert not ctl.upgrading and ctl._db_on_file
    rows = history.list_snapshots(ctl.db, survey)
    assert [r["kind"] for r in rows] == ["save", "autosave"]  # the save made meanwhile, in the file
    assert history.get_snapshot_text(ctl.db, rows[0]["id"]) == window.current_text()
    assert not offered  # the save, newer, hides the crash's autosave
    window.shutdown()


def test_a_damaged_file_found_at_the_first_look_is_said_in_the_tab(qtbot, tmp_path, monkeypatch):
    """Opened off the GUI thread, a damaged file replaced is still said in the tab, not only for 15 s in the status
    bar (the copy of what was kept in memory meanwhile cleared the notice)."""
    from editor_app.ui import history_panel

    db_path = tmp_path / "history.db"
    db_path.write_bytes(b"SQLite format 3\x00" + bytes(range(256)) * 32)
    survey = tmp_path / "survey.md"
    survey.write_text(TEXT, encoding="utf-8")
    window = open_window(qtbot, survey, Config(db_path=db_path, arxiv_url="http://127.0.0.1:9/api/query",
                                               arxiv_interval=0.0, autosave_seconds=3600))
    monkeypatch.setattr(history_panel, "STARTUP_DELAY_MS", 0)
    ctl = history_panel.install(window)
    window._show_panel(ctl.panel)
    qtbot.waitUntil(lambda: ctl.looked, timeout=10000)
    assert ctl._db_on_file
    assert "a fresh one was created" in ctl.panel.notice.text() and ctl.panel.notice.isVisible()
    window.shutdown()

