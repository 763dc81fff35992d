"""QA27h D1: a crash's autosave was never offered back when `survey-check --record` ran after it (CI or a hook
recording the file on disk while the window had unsaved, autosaved edits): the "cli" snapshot was taken for the
author's last save. Recovery compares with the last save made by a window."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QTextCursor

from editor_app import cli
from editor_app.config import Config
from editor_app.services import history
from editor_app.services.database import open_database
from editor_app.ui import history_panel
from ui_support import first_look_over, open_window, type_text

CRASHED_PID = 4_000_003  # the program that crashed (no longer running)


@pytest.fixture
def nobody_else_running(monkeypatch):
    monkeypatch.setattr(history, "process_alive", lambda pid: False)
    monkeypatch.setattr(history_panel, "STARTUP_DELAY_MS", 0)


def test_an_autosave_older_than_a_cli_record_is_still_offered(tmp_path, nobody_else_running):
    db = open_database(tmp_path / "history.db").db
    survey = tmp_path / "survey.md"
    survey.write_text("原文\n", encoding="utf-8")
    history.record_snapshot(db, path=survey, text="原文\n", analysis={}, kind="save", now=2e9)
    history.record_snapshot(db, path=survey, text="原文\n未保存的重要工作。\n", analysis={}, kind="autosave",
                            now=2e9 + 10, writer=f"{CRASHED_PID}:1")
    history.record_snapshot(db, path=survey, text="原文\n", analysis={}, kind="cli", now=2e9 + 20)  # CI records
    found = history.latest_autosave_newer_than(db, survey, text_hash=history.text_hash("原文\n"))
    assert found is not None and found["text"] == "原文\n未保存的重要工作。\n"


def test_a_window_save_after_the_autosave_still_hides_it(tmp_path, nobody_else_running):
    db = open_database(tmp_path / "history.db").db
    survey = tmp_path / "survey.md"
    survey.write_text("二稿\n", encoding="utf-8")
    history.record_snapshot(db, path=survey, text="一稿改\n", analysis={}, kind="autosave", now=2e9,
                            writer=f"{CRASHED_PID}:1")
    history.record_snapshot(db, path=survey, text="二稿\n", analysis={}, kind="save", now=2e9 + 10)
    history.record_snapshot(db, path=survey, text="二稿\n", analysis={}, kind="cli", now=2e9 + 20)
    assert history.latest_autosave_newer_than(db, survey, text_hash=history.text_hash("二稿\n")) is None


def test_a_crash_then_survey_check_record_then_restart_offers_the_autosave(qtbot, tmp_path, sample_text,
                                                                           nobody_else_running):
    from PySide6.QtWidgets import QDialog

    survey = tmp_path / "survey.md"
    survey.write_text(sample_text, encoding="utf-8")
    cfg = Config(db_path=tmp_path / "history.db", arxiv_url="http://127.0.0.1:9/api/query")
    crashed = open_window(qtbot, survey, cfg)
    crashed_ctl = history_panel.install(crashed)
    first_look_over(qtbot, crashed_ctl)
    crashed_ctl.writer = f"{CRASHED_PID}:1"  # this window stands for the program that crashes
    crashed.editor.moveCursor(QTextCursor.MoveOperation.End)
    type_text(crashed.editor, "\n未保存的重要工作。")
    assert crashed_ctl.autosave_now()
    crashed_ctl.close_database()  # killed: no clean quit

    # CI / a hook records the file on disk (its text is still the last save's)
    cli.main([str(survey), "--record", "--db", str(tmp_path / "history.db")])

    mine = open_window(qtbot, survey, cfg)
    my_ctl = history_panel.install(mine)
    first_look_over(qtbot, my_ctl)
    dialog = my_ctl.check_recovery(str(survey.resolve()))
    assert dialog is not None
    dialog.done(QDialog.DialogCode.Accepted)
    assert mine.current_text().endswith("未保存的重要工作。")
