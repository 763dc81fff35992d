"""QA25 D2/D4: `survey-check history` on a database it can't write (a newer version's, one in a folder that can't be
written) refused to list, exit 2, in the window's words: "…it was left as it is and this session keeps its history
in memory…", meaningless for a listing command, which writes nothing. Now it lists read only, and says in its own
words what it can't read; `--record` says what is wrong with the file, not what a window's session does."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from editor_app import cli
from editor_app.services.database import latest_version
from test_qa_history_db_trouble import _history_with_drafts, _made_by_a_newer_version, _without_file_permission_override

ROOT = Path(__file__).resolve().parent.parent


def _rows(out: str) -> list[str]:
    return [line for line in out.splitlines() if line.split(" ", 1)[0].isdigit()]


def test_a_newer_versions_database_is_listed_read_only(tmp_path: Path, sample_text, capsys):
    p = tmp_path / "history.db"
    (tmp_path / "survey.md").write_text(sample_text, encoding="utf-8")
    newer = _made_by_a_newer_version(p)
    before = p.read_bytes()
    assert cli.main(["history", str(tmp_path / "survey.md"), "--db", str(p)]) == 0  # before: 2
    out, err = capsys.readouterr()
    assert len(_rows(out)) == 3
    assert f"newer version of Survey Editor (schema {newer}; this version knows up to {latest_version()})" in err
    assert "session" not in err and "in memory" not in err
    assert p.read_bytes() == before and not list(tmp_path.glob("*.corrupt-*"))

    assert cli.main([str(tmp_path / "survey.md"), "--record", "--db", str(p)]) == 2
    err = capsys.readouterr().err
    assert "newer version" in err and "not recorded" in err and "session" not in err  # before: the window's words
    assert p.read_bytes() == before


def test_a_newer_database_this_version_cant_read_is_said_in_the_commands_words(tmp_path: Path, capsys):
    p = tmp_path / "history.db"
    newer = _made_by_a_newer_version(p)
    conn = sqlite3.connect(p)
    conn.execute("ALTER TABLE texts RENAME TO texts_stored_otherwise")  # what a newer version may do
    conn.commit()
    conn.close()
    assert cli.main(["history", str(tmp_path / "survey.md"), "--db", str(p), "--format", "json"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("survey-check: can't list the snapshots: the history database")
    assert f"(schema {newer};" in err and "this version can't read it" in err and "Update Survey Editor" in err
    assert "session" not in err


@pytest.mark.skipif(os.name != "posix", reason="POSIX file modes")
def test_a_database_in_a_folder_that_cant_be_written_is_listed(tmp_path: Path):
    """A real folder that can't be written (as root: with the right to override file modes given up): SQLite can't
    make the -shm file it reads a WAL database with, and the file is read as it is."""
    prefix = _without_file_permission_override()
    if prefix is None:
        pytest.skip("root, and no setpriv to give up overriding file modes")
    folder = tmp_path / "h"
    folder.mkdir()
    p = folder / "history.db"
    _history_with_drafts(p)  # (WAL mode, closed: no -wal nor -shm left beside it)
    folder.chmod(0o555)
    try:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        done = subprocess.run([*prefix, sys.executable, "-m", "editor_app.cli", "history", str(folder / "survey.md"),
                               "--db", str(p)], capture_output=True, text=True, env=env, timeout=120)
    finally:
        folder.chmod(0o755)
    assert done.returncode == 0, done.stderr  # before: 2, "this session keeps its history in memory"
    assert len(_rows(done.stdout)) == 3 and done.stderr == ""
    assert sorted(f.name for f in folder.iterdir()) == ["history.db"]
