"""QA: a history database that is fine but can't be used now (no room to write, a read-only file, made by a newer
version) was called corrupt: renamed to history.db.corrupt-… and replaced by an empty one, so the History tab of
every survey came up empty. A newer version's database was written as if it were this version's. A damaged
file too big to be checked whole at opening failed at every autosave and was never moved aside."""

from __future__ import annotations

import hashlib
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QTextCursor

from editor_app import cli
from editor_app.config import Config
from editor_app.services import database, history
from editor_app.services.database import NewerDatabase, is_corrupt, is_damage, latest_version, migrate, open_database
from editor_app.ui import history_panel
from ui_support import open_window, type_text

ROOT = Path(__file__).resolve().parent.parent


def _history_with_drafts(path: Path, drafts: int = 3, journal: str = "wal") -> None:
    """A small, healthy history database of one survey, closed (as a previous session leaves it)."""
    db = open_database(path).db
    for i in range(drafts):
        history.record_snapshot(db, path=path.parent / "survey.md", text=f"第{i}稿\n" + "正文。" * 200,
                                analysis={"metrics": {"cjk": 400 + i}}, kind="save", now=1000.0 + i)
    if journal != "wal":
        db.execute(f"PRAGMA journal_mode = {journal}")
    db.conn.close()
    database._CHECKED.clear()


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


_OPEN_IN_CHILD = """
import resource, signal, sys
from editor_app.services.database import open_database
if sys.argv[2] == "no-room":  # every write to a file fails, as on a full disk
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (0, resource.RLIM_INFINITY))
opened = open_database(sys.argv[1])
print(opened.path)
print(opened.warning)
"""


def _open_in_child(path: Path, how: str, prefix: list[str] = ()) -> tuple[str, str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([*prefix, sys.executable, "-c", _OPEN_IN_CHILD, str(path), how], capture_output=True,
                         text=True, env=env, timeout=60, check=True).stdout.splitlines()  # a pipe: no file limit
    return out[0], out[1]


@pytest.mark.skipif(not hasattr(os, "setuid"), reason="POSIX resource limits")
def test_a_database_with_no_room_to_write_is_left_as_it_is(tmp_path: Path):
    p = tmp_path / "history.db"
    _history_with_drafts(p, journal="delete")  # opening it writes (WAL mode), and nothing can be written
    before = _digest(p)
    path, warning = _open_in_child(p, "no-room")
    assert path == "None" and "can't be used" in warning and "left as it is" in warning
    assert not list(tmp_path.glob("*.corrupt-*"))  # before: history.db.corrupt-… and an empty history.db
    assert _digest(p) == before
    assert history.count_snapshots(open_database(p).db, tmp_path / "survey.md") == 3  # once there is room again


def _without_file_permission_override() -> list[str] | None:
    """A command prefix under which a read-only file can't be written: none is needed by an ordinary user; root
    needs its CAP_DAC_OVERRIDE dropped (setpriv); None when that can't be done here."""
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        return None
    drop = "-dac_override,-dac_read_search"
    prefix = [setpriv, f"--bounding-set={drop}", f"--inh-caps={drop}"]
    if subprocess.run([*prefix, "true"], capture_output=True).returncode != 0:
        return None
    return prefix


@pytest.mark.skipif(os.name != "posix", reason="POSIX file modes")
def test_a_read_only_database_is_left_as_it_is(tmp_path: Path):
    prefix = _without_file_permission_override()
    if prefix is None:
        pytest.skip("root, and no setpriv to give up overriding file modes")
    p = tmp_path / "history.db"
    _history_with_drafts(p, journal="delete")
    before = _digest(p)
    p.chmod(0o444)
    try:
        path, warning = _open_in_child(p, "read-only", prefix)
    finally:
        p.chmod(0o644)
    assert path == "None" and "can't be used" in warning and "readonly" in warning
    assert not list(tmp_path.glob("*.corrupt-*"))  # before: "could not be read", renamed, an empty one in its place
    assert _digest(p) == before


def _made_by_a_newer_version(p: Path) -> int:
    _history_with_drafts(p)
    newer = latest_version() + 4
    conn = sqlite3.connect(p)
    conn.execute("ALTER TABLE snapshots ADD COLUMN reviewer TEXT NOT NULL DEFAULT ''")
    conn.execute(f"PRAGMA user_version = {newer}")
    conn.commit()
    conn.close()
    return newer


def test_a_database_made_by_a_newer_version_is_refused_and_kept(tmp_path: Path):
    p = tmp_path / "history.db"
    newer = _made_by_a_newer_version(p)
    before = _digest(p)
    opened = open_database(p)
    assert opened.path is None  # before: opened and written as this version's
    assert "newer version" in opened.warning and f"schema {newer}" in opened.warning
    assert "left as it is" in opened.warning
    history.record_snapshot(opened.db, path=tmp_path / "survey.md", text="x", analysis={}, kind="save")
    assert _digest(p) == before and not list(tmp_path.glob("*.corrupt-*"))
    with pytest.raises(NewerDatabase):
        migrate(database.sqlite_utils.Database(p))


def test_survey_check_record_into_a_newer_database_says_not_recorded(tmp_path: Path, sample_text, capsys):
    p = tmp_path / "history.db"
    _made_by_a_newer_version(p)
    survey = tmp_path / "survey.md"
    survey.write_text(sample_text, encoding="utf-8")
    assert cli.main([str(survey), "--record", "--db", str(p)]) == 2
    err = capsys.readouterr().err
    assert "newer version" in err and "not recorded" in err
    assert sqlite3.connect(p).execute("SELECT count(*) FROM snapshots").fetchone()[0] == 3


def test_the_window_says_the_newer_database_is_left_as_it_is_in_chinese(tmp_path: Path, chinese):
    from editor_app.ui.engine_text import words_for

    p = tmp_path / "history.db"
    _made_by_a_newer_version(p)
    said = words_for(None)(open_database(p).warning)
    assert "更新版本" in said and "保持原样" in said and "this version" not in said and "in memory" not in said


def _real_error(action) -> sqlite3.DatabaseError:
    with pytest.raises(sqlite3.DatabaseError) as info:
        action()
    return info.value


def test_damage_is_told_from_a_file_that_cant_be_written_now(tmp_path: Path):
    p = tmp_path / "h.db"
    _history_with_drafts(p)
    read_only = sqlite3.connect(f"file:{p}?mode=ro", uri=True)
    readonly = _real_error(lambda: read_only.execute("CREATE TABLE t (x)"))
    small = sqlite3.connect(tmp_path / "full.db")
    small.execute("CREATE TABLE t (x)")
    small.execute("PRAGMA max_page_count = 3")
    full = _real_error(lambda: small.execute("INSERT INTO t VALUES (zeroblob(100000))"))
    (tmp_path / "junk.db").write_bytes(b"not a database at all " * 500)
    notadb = _real_error(lambda: sqlite3.connect(tmp_path / "junk.db").execute("SELECT * FROM sqlite_master"))
    cut = tmp_path / "cut.db"
    cut.write_bytes(p.read_bytes()[:3000])
    malformed = _real_error(lambda: sqlite3.connect(cut).execute("SELECT count(*) FROM texts").fetchall())
    for error in (readonly, full):
        assert not is_damage(error) and not is_corrupt(error), error
    for error in (notadb, malformed):
        assert is_damage(error) and is_corrupt(error), error
    no_such_table = _real_error(lambda: small.execute("SELECT * FROM nothing"))
    assert is_damage(no_such_table) and not is_corrupt(no_such_table)  # not ours at opening; no damage in use


def _damage_past_the_first_pages(p: Path) -> None:
    """SQLite's header and schema page stay; the pages holding the drafts are overwritten."""
    with open(p, "r+b") as fh:
        fh.seek(2 * 4096)
        fh.write(b"\xa5" * (p.stat().st_size - 2 * 4096))


def test_damage_found_while_in_use_moves_the_database_aside(qtbot, tmp_path: Path, sample_text, monkeypatch):
    """A history of months is larger than FULL_CHECK_MAX_BYTES: opening it does not read it whole, so its damage
    shows at the first read. Before, each later autosave reopened it and failed the same way."""
    p = tmp_path / "history.db"
    _history_with_drafts(p, drafts=30)
    _damage_past_the_first_pages(p)
    monkeypatch.setattr(database, "FULL_CHECK_MAX_BYTES", 0)  # as for a file of many MB
    survey = tmp_path / "survey.md"
    survey.write_text(sample_text, encoding="utf-8")
    window = open_window(qtbot, survey, Config(db_path=p, arxiv_url="http://127.0.0.1:9/api/query"))
    ctl = history_panel.install(window)
    messages: list[str] = []
    ctl.message.connect(messages.append)
    assert ctl.db is not None  # opened: its first pages are fine
    ctl.refresh(force=True)
    assert any("moved to" in m for m in messages), messages
    assert list(tmp_path.glob("history.db.corrupt-*"))
    window.editor.moveCursor(QTextCursor.MoveOperation.End)
    type_text(window.editor, "\n损坏之后的一句")
    sid = ctl.autosave_now()
    assert sid is not None and "损坏之后的一句" in history.get_snapshot_text(ctl.db, sid)
    assert history.get_snapshot_text(open_database(p).db, sid) == history.get_snapshot_text(ctl.db, sid)


def test_the_history_tab_keeps_saying_why_its_list_is_empty(qtbot, tmp_path: Path, sample_text):
    """The reason was only a status-bar message, cut to the bar's width and gone after 15 s; the History tab then
    said "survey.md: 0 snapshots" as if the months of drafts had never been."""
    p = tmp_path / "history.db"
    _made_by_a_newer_version(p)
    survey = tmp_path / "survey.md"
    survey.write_text(sample_text, encoding="utf-8")
    window = open_window(qtbot, survey, Config(db_path=p, arxiv_url="http://127.0.0.1:9/api/query"))
    ctl = history_panel.install(window)
    window._show_panel(ctl.panel)
    assert ctl.db is not None
    ctl.refresh(force=True)
    notice = ctl.panel.notice
    assert notice.isVisible() and "newer version" in notice.text() and "left as it is" in notice.text()
    assert notice.wordWrap()


def test_a_database_that_opens_fine_shows_no_notice(qtbot, tmp_path: Path, sample_text):
    survey = tmp_path / "survey.md"
    survey.write_text(sample_text, encoding="utf-8")
    window = open_window(qtbot, survey, Config(db_path=tmp_path / "h.db", arxiv_url="http://127.0.0.1:9/api/query"))
    ctl = history_panel.install(window)
    window._show_panel(ctl.panel)
    assert ctl.db is not None and not ctl.panel.notice.isVisible() and ctl.panel.notice.text() == ""
