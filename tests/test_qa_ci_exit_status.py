"""QA (CI): the exit status of `survey-check` stands whatever happens to its output or its history database.

- `survey-check surveys/*.md | head` under `set -o pipefail`: the reader closed the pipe and survey-check exited 0,
  so a pipeline whose surveys failed went green.
- `--record` while another job held the shared database's lock past SQLite's wait: a traceback ("database is
  locked"), and the report never printed; now each file says "not recorded", the report is printed, exit 2.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

from editor_app import cli

ROOT = Path(__file__).resolve().parent.parent


def test_a_reader_that_stops_early_does_not_turn_failing_surveys_green(tmp_path, sample_text):
    files = []
    for i in range(12):  # ~40 KB of JSON each: far more than a pipe holds, so the writer meets the closed pipe
        f = tmp_path / f"s{i}.md"
        f.write_text(sample_text, encoding="utf-8")
        files.append(str(f))
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "editor_app.cli", *files, "--format", "json"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    assert proc.stdout.readline().strip() == b"["
    proc.stdout.close()  # as `| head -1` does
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=120) == 1, err  # the sample fails its claims rule: the verdict is not "clean"
    assert "Traceback" not in err and "BrokenPipe" not in err


def test_a_database_locked_past_the_wait_is_said_per_file_and_the_report_still_printed(tmp_path, sample_text,
                                                                                          monkeypatch, capsys):
    from editor_app.services.database import open_database

    db_path = tmp_path / "shared.db"
    open_database(db_path).db.conn.close()  # a database the CI jobs already share (WAL)
    real_connect = sqlite3.connect
    # SQLite's real wait, shortened from 10 s so the test is quick; the lock below is a real one.
    monkeypatch.setattr(sqlite3, "connect", lambda *a, **k: real_connect(*a, **{**k, "timeout": 0.2}))
    holder = real_connect(str(db_path), isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")  # another job writing, for longer than the wait
    a, b = tmp_path / "a.md", tmp_path / "b.md"
    a.write_text(sample_text, encoding="utf-8")
    b.write_text(sample_text + "\n补一行\n", encoding="utf-8")
    try:
        code = cli.main([str(a), str(b), "--record", "--db", str(db_path), "--format", "json"])
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    out, err = capsys.readouterr()
    assert code == 2
    assert [d["file"] for d in json.loads(out)] == [str(a), str(b)]  # the report is complete
    assert f"{a}: not recorded" in err and "locked" in err and f"{b}: not recorded" in err
    assert "recorded snapshot" not in err


def test_a_reader_that_stops_early_keeps_exit_2_when_nothing_could_be_checked(tmp_path):
    missing = [str(tmp_path / f"gone-{i:04d}.md") for i in range(600)]  # ~250 KB of SARIF notifications
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "editor_app.cli", *missing, "--format", "sarif"],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
    assert proc.stdout.readline().strip() == b"{"
    proc.stdout.close()
    assert proc.wait(timeout=120) == 2


def test_a_pattern_that_matched_nothing_is_said_so(tmp_path, capsys):
    """`survey-check surveys/*.md` in a folder without surveys: the shell passes the pattern on as written, and the
    message said only "surveys/*.md does not exist." (which reads as a file called '*.md')."""
    pattern = str(tmp_path / "surveys" / "*.md")
    assert cli.main([pattern, "--db", str(tmp_path / "h.db")]) == 2
    assert f"{pattern} matches no file (the shell passed the pattern on as written)." in capsys.readouterr().err
