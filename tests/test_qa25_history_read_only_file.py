"""QA25 D2: a history database that can be read but not written hid the history already in it. A read-only file:
the History tab listed its snapshots at opening, and after the first (failed) write only the session's, kept in
memory, for the rest of the session. A folder that can't be written: 0 snapshots from the start. Exactly when the
file was in trouble, no earlier version could be compared or restored.

Now the file is read (read only) meanwhile and its snapshots are listed after the session's, compared and
restored as ever; once it can be written, what was kept in memory is copied into it as before. (The tester made the
file and the folder immutable with chattr as root; here SQLite's answers are given by monkeypatching, so the tests
run as root too.)"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from editor_app.config import Config
from editor_app.services import database, history
from editor_app.services.database import open_database
from editor_app.ui import history_panel
from test_histretry_disk_full import _on_file, _settle, _type
from ui_support import open_window

READ_ONLY = "attempt to write a readonly database"
EARLIER = 6


def _history_of(survey: Path, db_path: Path, text: str) -> list[str]:
    """A file holding EARLIER snapshots of the survey from the days before (as a previous week leaves it)."""
    db = open_database(db_path).db
    drafts = [text + f"\n第 {i} 版的结尾\n" for i in range(EARLIER)]
    for i, draft in enumerate(drafts):
        history.record_snapshot(db, path=survey, text=draft, analysis={"metrics": {"cjk": 3800 + i}},
                                kind="autosave" if i % 3 == 0 else "save", now=1_700_000_000.0 + i * 3600)
    db.conn.close()
    database._CHECKED.clear()
    return drafts


class ReadOnlyFile:
    """Every write of a snapshot into the file is refused as SQLite refuses it for a read-only file, while `on`
    (after `room` more, when given); the history kept in memory is written as ever."""

    def __init__(self, monkeypatch) -> None:
        self.on = False
        self.room: int | None = None
        real = history.write_snapshot

        def write(db, **kwargs):
            if self.on and _on_file(db):
                if self.room:
                    self.room -= 1
                    return real(db, **kwargs)
                raise sqlite3.OperationalError(READ_ONLY)
            return real(db, **kwargs)

        monkeypatch.setattr(history, "write_snapshot", write)


def _window(qtbot, tmp_path: Path, text: str, then=None):
    survey = tmp_path / "survey.md"
    survey.write_text(text, encoding="utf-8")
    db_path = tmp_path / "h" / "history.db"
    db_path.parent.mkdir()
    drafts = _history_of(survey, db_path, text)
    if then is not None:
        then()
    window = open_window(qtbot, survey, Config(db_path=db_path, arxiv_url="http://127.0.0.1:9/api/query",
                                               arxiv_interval=0.0, autosave_seconds=3600))
    ctl = history_panel.install(window)
    window._show_panel(ctl.panel)
    return survey, db_path, drafts, window, ctl


def _listed(ctl) -> list[dict]:
    ctl.refresh(force=True)
    model = ctl.panel.model
    while model.canFetchMore():
        model.fetchMore()
    return list(model.rows)


def test_a_read_only_file_keeps_its_snapshots_listed_compared_and_restored(qtbot, tmp_path, sample_text,
                                                                           monkeypatch):
    refuse = ReadOnlyFile(monkeypatch)
    survey, db_path, drafts, window, ctl = _window(qtbot, tmp_path, sample_text)
    assert len(_listed(ctl)) == EARLIER
    refuse.on = True
    _type(window, "\n只读期间写的一句")
    _settle(qtbot, window)
    assert ctl.autosave_now() is not None and not ctl._db_on_file  # kept in memory, as before
    rows = _listed(ctl)
    # before: 1 (the session's alone)
    assert len(rows) == EARLIER + 1 and ctl.panel.title.text() == f"survey.md: {EARLIER + 1} snapshots"
    assert "只读期间写的一句" in history.get_snapshot_text(ctl.db, rows[0]["id"])  # the session's first
    earlier = rows[1:]
    assert [r["time"] for r in earlier] == sorted((r["time"] for r in earlier), reverse=True)
    assert len({r["id"] for r in rows}) == len(rows)  # (the two databases number theirs alike)
    assert "still listed (read only)" in ctl.panel.notice.text()

    oldest = earlier[-1]
    ctl.panel.select_ids([oldest["id"]])  # compared with the editor
    qtbot.waitUntil(lambda: "editor" in ctl.panel.diff_title.text(), timeout=10000)
    assert "只读期间写的一句" in ctl.panel.diff_html.toPlainText()
    ctl.panel.restore_button.click()
    assert window.current_text() == drafts[0]  # exactly the first draft of the file
    assert window.editor.document().isModified()
    ctl.panel.select_ids([rows[0]["id"], earlier[0]["id"]])  # the session's with the file's latest
    qtbot.waitUntil(lambda: "→" in ctl.panel.diff_title.text(), timeout=10000)
    assert "第 5 版的结尾" in ctl.panel.diff_html.toPlainText()

    drawn: list = []
    ctl.panel.set_series = lambda points, limits: drawn.append(points)
    ctl.refresh_chart()
    assert [v for _, v in drawn[-1]][:EARLIER] == [3800.0 + i for i in range(EARLIER)]  # the file's drafts' trend
    assert len(drawn[-1]) == EARLIER + 1 and "cjk" in [ctl.panel.metric_box.itemData(i)
                                                          for i in range(ctl.panel.metric_box.count())]

    refuse.on = False  # writable again: the session's copied in, and history goes on there
    assert ctl.retry_file(force=True, at_once=True) and ctl._db_on_file and ctl._earlier is None
    rows = _listed(ctl)
    assert len(rows) == EARLIER + 1 and all(r["id"] > 0 for r in rows)
    file_db = open_database(db_path).db
    assert history.count_snapshots(file_db, survey) == EARLIER + 1
    file_db.conn.close()


def test_a_copy_cut_short_lists_each_snapshot_once(qtbot, tmp_path, sample_text, monkeypatch):
    """A copy into the file cut short (room for one snapshot) left it in the file and in memory: listed once."""
    refuse = ReadOnlyFile(monkeypatch)
    survey, db_path, drafts, window, ctl = _window(qtbot, tmp_path, sample_text)
    refuse.on = True
    for i in range(3):
        _type(window, f"\n第{i}句")
        _settle(qtbot, window)
        assert ctl.autosave_now() is not None
    refuse.room = 1
    assert not ctl.retry_file(force=True, at_once=True) and not ctl._db_on_file
    rows = _listed(ctl)
    assert len(rows) == EARLIER + 3 and len({(r["time"], r["text_hash"]) for r in rows}) == EARLIER + 3


def test_a_folder_that_cant_be_written_lists_the_file_from_the_start(qtbot, tmp_path, sample_text, monkeypatch):
    """SQLite can't open a WAL database for writing in a folder it can't write (its -shm file): as it says then."""
    real = database._open_checked

    def folder_locked(p, timeout=10.0):
        if Path(p).parent.name == "h":
            raise sqlite3.OperationalError("unable to open database file")
        return real(p, timeout)

    survey, db_path, drafts, window, ctl = _window(
        qtbot, tmp_path, sample_text, then=lambda: monkeypatch.setattr(database, "_open_checked", folder_locked))
    rows = _listed(ctl)
    assert len(rows) == EARLIER and not ctl._db_on_file  # before: 0 snapshots
    assert "can't be used" in ctl.panel.notice.text() and "still listed (read only)" in ctl.panel.notice.text()
    ctl.panel.select_ids([rows[-1]["id"]])
    ctl.panel.restore_button.click()
    assert window.current_text() == drafts[0]
    assert f"snapshot #{-rows[-1]['id']} " in window.statusBar().currentMessage()  # its number in the file


def test_the_notice_says_so_in_chinese(qtbot, tmp_path, sample_text, monkeypatch, chinese, zh_translation):
    refuse = ReadOnlyFile(monkeypatch)
    survey, db_path, drafts, window, ctl = _window(qtbot, tmp_path, sample_text)
    refuse.on = True
    _type(window, "\n只读")
    _settle(qtbot, window)
    assert ctl.autosave_now() is not None
    assert "仍会列出（只读）" in ctl.panel.notice.text() and "still listed" not in ctl.panel.notice.text()


def test_a_crash_s_autosave_in_a_file_that_cant_be_written_is_offered(qtbot, tmp_path, sample_text, monkeypatch):
    """The unwritable folder again, the file holding a crash's autosave newer than its last save: it was not offered
    (recovery looked in the history kept in memory only, empty at start)."""
    real = database._open_checked
    crashed = sample_text + "\n崩溃前没保存的一句\n"

    def crash_then_lock() -> None:
        db = open_database(tmp_path / "h" / "history.db").db
        history.record_snapshot(db, path=tmp_path / "survey.md", text=crashed, analysis={"metrics": {"cjk": 3900}},
                                kind="autosave", now=1_700_000_000.0 + 10 * 3600)
        db.conn.close()
        database._CHECKED.clear()

        def folder_locked(p, timeout=10.0):
            if Path(p).parent.name == "h":
                raise sqlite3.OperationalError("unable to open database file")
            return real(p, timeout)

        monkeypatch.setattr(database, "_open_checked", folder_locked)

    survey, db_path, drafts, window, ctl = _window(qtbot, tmp_path, sample_text, then=crash_then_lock)
    qtbot.waitUntil(lambda: ctl.looked, timeout=20000)
    assert not ctl._db_on_file
    dialog = ctl.recovery_dialog
    assert dialog is not None and dialog.autosave["text"] == crashed
    with qtbot.waitSignal(dialog.finished):
        dialog.restore_button.click()
    assert window.current_text() == crashed
