"""One survey open in two programs at once (two windows, two terminals, a second login): each program's autosaves
are its own. Before, a clean quit (or a save, or an undo back to the file) in one program dismissed the other's
autosaves too, so a crash of the other lost its edits; and a program opening the survey was offered the other's
live autosave as "unsaved changes autosaved before the program stopped"."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QTextCursor

from editor_app.config import Config
from editor_app.services import history
from editor_app.services.database import open_database
from editor_app.ui import history_panel
from ui_support import first_look_over, open_window, type_text

OTHER_PID = 4_000_001  # the other program's process (told alive or not by the test)


@pytest.fixture
def running(monkeypatch) -> set[int]:
    """The processes that run now, besides this one."""
    alive: set[int] = set()
    monkeypatch.setattr(history, "process_alive", lambda pid: pid in alive)
    monkeypatch.setattr(history_panel, "STARTUP_DELAY_MS", 0)
    return alive


def _survey_and_config(tmp_path, sample_text):
    """The sample as a survey on disk, and a configuration with a history database beside it (no real arXiv)."""
    survey = tmp_path / "survey.md"
    survey.write_text(sample_text, encoding="utf-8")
    cfg = Config(db_path=tmp_path / "history.db", arxiv_url="http://127.0.0.1:9/api/query")
    return survey, cfg


def _program(qtbot, survey, cfg, writer: str | None = None):
    window = open_window(qtbot, survey, cfg)
    ctl = history_panel.install(window)
    first_look_over(qtbot, ctl)  # its first look at the survey is over before anything is typed
    if writer is not None:
        ctl.writer = writer  # this window stands for another program
    return window, ctl


def _autosaved_edit(window, ctl, line: str) -> None:
    window.editor.moveCursor(QTextCursor.MoveOperation.End)
    type_text(window.editor, line)
    assert ctl.autosave_now()


def _other_program_editing(qtbot, tmp_path, sample_text, running, line: str):
    """The sample open in another program (running), which typed `line` and autosaved it: (survey, config, that
    program's history controller)."""
    survey, cfg = _survey_and_config(tmp_path, sample_text)
    running.add(OTHER_PID)
    other, other_ctl = _program(qtbot, survey, cfg, writer=f"{OTHER_PID}:1")
    _autosaved_edit(other, other_ctl, line)
    return survey, cfg, other_ctl


def test_a_clean_quit_in_one_program_keeps_the_others_autosave_for_its_crash(qtbot, tmp_path, sample_text, running):
    survey, cfg, other_ctl = _other_program_editing(qtbot, tmp_path, sample_text, running, "\n另一个程序里的修改")
    mine, my_ctl = _program(qtbot, survey, cfg)
    _autosaved_edit(mine, my_ctl, "\n我的修改")
    my_ctl._about_to_quit()  # this program quits, its edits discarded
    my_ctl.close_database()

    running.discard(OTHER_PID)  # the other program dies
    other_ctl.close_database()

    third, third_ctl = _program(qtbot, survey, cfg)
    dialog = third_ctl.check_recovery(str(survey.resolve()))
    assert dialog is not None and "另一个程序里的修改" in dialog.diff.toPlainText()
    assert "我的修改" not in dialog.diff.toPlainText()
    dialog.done(0)


def test_another_running_programs_autosave_is_not_offered_as_a_crash(qtbot, tmp_path, sample_text, running):
    survey, cfg, _other_ctl = _other_program_editing(qtbot, tmp_path, sample_text, running, "\n另一个程序正在写")

    mine, my_ctl = _program(qtbot, survey, cfg)
    assert my_ctl.check_recovery(str(survey.resolve())) is None
    assert my_ctl.offer_recovery_again() is None  # File → Recover does not take it either

    running.discard(OTHER_PID)  # now it has crashed: its edits are offered
    dialog = my_ctl.check_recovery(str(survey.resolve()))
    assert dialog is not None and "另一个程序正在写" in dialog.diff.toPlainText()
    dialog.done(0)


def test_declining_a_crash_leftover_keeps_a_running_programs_autosaves(tmp_path, running):
    db = open_database(tmp_path / "history.db").db
    survey = tmp_path / "survey.md"
    survey.write_text("原文\n", encoding="utf-8")
    running.add(OTHER_PID)
    history.record_snapshot(db, path=survey, text="崩溃留下的\n", analysis={}, kind="autosave", now=2e9,
                            writer="4000002:1")
    history.record_snapshot(db, path=survey, text="正在写的\n", analysis={}, kind="autosave", now=2e9 + 1,
                            writer=f"{OTHER_PID}:1")
    assert history.latest_autosave_newer_than(db, survey)["text"] == "崩溃留下的\n"
    history.dismiss_autosaves(db, survey)  # "Keep the file" at the offer
    assert history.latest_autosave_newer_than(db, survey) is None
    running.discard(OTHER_PID)
    assert history.latest_autosave_newer_than(db, survey)["text"] == "正在写的\n"


def test_the_same_text_autosaved_by_two_programs_is_kept_for_each(tmp_path, running):
    db = open_database(tmp_path / "history.db").db
    survey = tmp_path / "survey.md"
    survey.write_text("原文\n", encoding="utf-8")
    for n, writer in enumerate(("4000002:1", f"{OTHER_PID}:1")):
        assert history.record_snapshot(db, path=survey, text="同一段修改\n", analysis={}, kind="autosave",
                                       now=2e9 + n, writer=writer)
    history.dismiss_autosaves(db, survey, writer="4000002:1")  # that program quits cleanly
    assert history.latest_autosave_newer_than(db, survey)["text"] == "同一段修改\n"


def test_a_restored_autosave_is_this_windows_own_then(qtbot, tmp_path, sample_text, running):
    """Restored, then discarded at a clean quit: not offered again (it is no longer the crashed program's)."""
    from PySide6.QtWidgets import QDialog

    survey, cfg = _survey_and_config(tmp_path, sample_text)
    crashed, crashed_ctl = _program(qtbot, survey, cfg, writer=f"{OTHER_PID}:1")
    _autosaved_edit(crashed, crashed_ctl, "\n崩溃前的一句")
    crashed_ctl.close_database()  # it dies (not running)

    mine, my_ctl = _program(qtbot, survey, cfg)
    dialog = my_ctl.check_recovery(str(survey.resolve()))
    dialog.done(QDialog.DialogCode.Accepted)
    assert mine.current_text().endswith("崩溃前的一句")
    my_ctl._about_to_quit()  # quit, the restored edits discarded
    my_ctl.close_database()

    _, next_ctl = _program(qtbot, survey, cfg)
    assert next_ctl.check_recovery(str(survey.resolve())) is None


def test_a_restored_untitled_survey_discarded_at_quit_is_not_offered_again(qtbot, tmp_path, sample_text, running):
    from PySide6.QtWidgets import QDialog

    survey, cfg = _survey_and_config(tmp_path, sample_text)
    crashed, crashed_ctl = _program(qtbot, survey, cfg)
    assert crashed.new_document()
    type_text(crashed.editor, "未命名的草稿\n")
    assert crashed_ctl.autosave_now() is not None
    crashed_ctl.close_database()  # it dies

    mine, my_ctl = _program(qtbot, survey, cfg)
    dialog = my_ctl.check_untitled_recovery()
    dialog.done(QDialog.DialogCode.Accepted)
    assert mine.current_text() == "未命名的草稿\n"
    my_ctl._about_to_quit()
    my_ctl.close_database()

    _, next_ctl = _program(qtbot, survey, cfg)
    assert next_ctl.check_untitled_recovery() is None
