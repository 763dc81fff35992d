"""QA: `survey-check survey.md --record --db survey.md` (or Settings → History database set to the survey by
mistake) renamed the survey to survey.md.corrupt-… and wrote a fresh SQLite database under its name. A file that
is no database (no SQLite header, no database name) is now left as it is; only a damaged database is moved aside."""

from __future__ import annotations

from pathlib import Path

from editor_app import cli
from editor_app.services.database import open_database


def test_a_survey_given_as_the_database_is_left_alone(tmp_path: Path, sample_text):
    survey = tmp_path / "survey.md"
    survey.write_text(sample_text, encoding="utf-8")
    opened = open_database(survey)
    assert survey.read_text(encoding="utf-8") == sample_text  # before: a SQLite database
    assert not list(tmp_path.glob("*.corrupt-*"))
    assert opened.path is None and "not a history database" in opened.warning
    opened.db.execute("SELECT count(*) FROM snapshots")  # history goes on, in memory


def test_survey_check_record_into_a_survey_says_not_recorded(tmp_path: Path, sample_text, capsys):
    survey = tmp_path / "survey.md"
    survey.write_text(sample_text, encoding="utf-8")
    assert cli.main([str(survey), "--record", "--db", str(survey)]) == 2
    err = capsys.readouterr().err
    assert "not recorded" in err and "recorded snapshot" not in err
    assert survey.read_text(encoding="utf-8") == sample_text


def test_a_damaged_database_is_still_moved_aside(tmp_path: Path):
    damaged = tmp_path / "history"  # no .db suffix, but SQLite's header: a database, damaged
    damaged.write_bytes(b"SQLite format 3\x00" + b"\xff" * 4000)
    opened = open_database(damaged)
    assert opened.path == damaged and "moved to" in opened.warning
    assert list(tmp_path.glob("history.corrupt-*"))


def test_a_folder_given_as_the_database_is_left_alone(tmp_path: Path):
    folder = tmp_path / "surveys"
    (folder / "sub").mkdir(parents=True)
    (folder / "sub" / "a.md").write_text("一、正文\n", encoding="utf-8")
    opened = open_database(folder)
    assert (folder / "sub" / "a.md").read_text(encoding="utf-8") == "一、正文\n"  # before: surveys.corrupt-…
    assert folder.is_dir() and not list(tmp_path.glob("*.corrupt-*"))
    assert opened.path is None and "is a folder" in opened.warning


def test_survey_check_with_a_database_in_a_folder_that_cannot_be_made(tmp_path: Path, sample_text, capsys):
    """`--db survey.md/history.db` (a file where a folder is needed) ended in a Python traceback."""
    survey = tmp_path / "survey.md"
    survey.write_text(sample_text, encoding="utf-8")
    where = str(survey / "history.db")
    assert cli.main([str(survey), "--record", "--db", where]) == 2
    err = capsys.readouterr().err
    assert "can't be used" in err and "not recorded" in err and "Traceback" not in err
    assert cli.main(["history", str(survey), "--db", where]) == 2
    assert cli.main([str(survey), "--db", where]) == 1  # checking needs no database: it goes on as before
