"""A survey started with File → New and never saved is autosaved too: a crash before its first save loses nothing.

Before, autosaves needed a file path, so an hour of writing in an untitled survey was gone after a crash."""

from __future__ import annotations

import os

import pytest
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import QDialog

from editor_app.config import Config
from editor_app.services import database, history
from editor_app.ui import history_panel
from ui_support import open_window, type_text

WRITTEN = "# 新综述\n\n崩溃前写下的一段：vLLM 与 SGLang 的对比。\n"


@pytest.fixture
def sample_survey(tmp_path, sample_text):
    survey = tmp_path / "survey.md"
    survey.write_text(sample_text, encoding="utf-8")
    return survey


def _untitled_autosaved(qtbot, tmp_path, sample_survey):
    """A window whose untitled survey was typed into and autosaved: (config, window, controller)."""
    cfg = Config(db_path=tmp_path / "history.db", arxiv_url="http://127.0.0.1:9/api/query")
    window = open_window(qtbot, sample_survey, cfg)
    ctl = history_panel.install(window)
    assert window.new_document()
    type_text(window.editor, WRITTEN)
    assert ctl.autosave_now() is not None  # before: None, an untitled survey was never autosaved
    return cfg, window, ctl


def _next_start(qtbot, sample_survey, cfg):
    window = open_window(qtbot, sample_survey, cfg)
    return window, history_panel.install(window)


def test_an_untitled_survey_is_offered_after_a_crash_and_restored_untitled(qtbot, tmp_path, sample_survey):
    cfg, first, ctl = _untitled_autosaved(qtbot, tmp_path, sample_survey)
    ctl.close_database()  # the process dies: no aboutToQuit

    window, ctl2 = _next_start(qtbot, sample_survey, cfg)
    dialog = ctl2.check_untitled_recovery()
    assert dialog is not None and dialog.untitled
    assert "崩溃前写下的一段" in dialog.diff.toPlainText()
    assert dialog.message.text().startswith("An untitled survey has unsaved changes")
    dialog.done(QDialog.DialogCode.Accepted)
    assert window.current_path is None  # a new untitled survey, not written over the sample
    assert window.current_text() == WRITTEN
    assert window.editor.document().isModified()  # quitting asks; Save asks where
    # Its next autosaves go on under the same key, so a second crash still finds the newest text.
    window.editor.moveCursor(QTextCursor.MoveOperation.End)
    type_text(window.editor, "又一句\n")
    assert ctl2.autosave_now() is not None
    ctl2.close_database()
    third, ctl3 = _next_start(qtbot, sample_survey, cfg)
    again = ctl3.check_untitled_recovery()
    assert again is not None and again.autosave["text"] == WRITTEN + "又一句\n"
    again.done(QDialog.DialogCode.Rejected)


def test_declining_the_offer_means_it_is_not_made_again(qtbot, tmp_path, sample_survey):
    cfg, _, ctl = _untitled_autosaved(qtbot, tmp_path, sample_survey)
    ctl.close_database()
    window, ctl2 = _next_start(qtbot, sample_survey, cfg)
    ctl2.check_untitled_recovery().done(QDialog.DialogCode.Rejected)
    assert window.current_path is not None and not window.editor.document().isModified()  # the sample stays
    assert ctl2.check_untitled_recovery() is None


def test_nothing_is_offered_after_a_clean_quit_or_once_saved(qtbot, tmp_path, sample_survey):
    cfg, first, ctl = _untitled_autosaved(qtbot, tmp_path, sample_survey)
    ctl._about_to_quit()  # quit, the unsaved survey discarded
    ctl.close_database()
    _, ctl2 = _next_start(qtbot, sample_survey, cfg)
    assert ctl2.check_untitled_recovery() is None
    ctl2.close_database()

    cfg = Config(db_path=tmp_path / "second.db", arxiv_url="http://127.0.0.1:9/api/query")
    _, window, ctl = _untitled_autosaved(qtbot, tmp_path, sample_survey)
    saved = tmp_path / "saved.md"
    window.choose_save_path = lambda start: str(saved)
    assert window.save()
    assert saved.read_text(encoding="utf-8") == WRITTEN
    ctl.close_database()  # a crash after the save: the text is in the file, nothing to recover
    _, ctl2 = _next_start(qtbot, sample_survey, Config(db_path=tmp_path / "history.db",
                                                          arxiv_url="http://127.0.0.1:9/api/query"))
    assert ctl2.check_untitled_recovery() is None


def test_a_running_programs_untitled_survey_is_not_taken(tmp_path):
    """Another window still writing its untitled survey is not a crash: its autosaves are not offered."""
    db = database.open_database(tmp_path / "h.db").db
    key = history.untitled_key(pid=os.getpid() + 1, now=1_000.0)
    history.record_snapshot(db, path=key, text="草稿", analysis={}, kind="autosave", now=2_000.0)
    assert history.document_key(key) == key  # not resolved as a file path
    assert history.orphaned_untitled_autosave(db, alive=lambda pid: True) is None
    found = history.orphaned_untitled_autosave(db, alive=lambda pid: False)
    assert found is not None and found["text"] == "草稿" and found["key"] == key
    assert history.orphaned_untitled_autosave(db, alive=lambda pid: False, exclude=key) is None
    history.dismiss_autosaves(db, key)
    assert history.orphaned_untitled_autosave(db, alive=lambda pid: False) is None


def test_the_offer_comes_by_itself_at_the_next_start(qtbot, tmp_path, sample_survey):
    cfg, _, ctl = _untitled_autosaved(qtbot, tmp_path, sample_survey)
    ctl.close_database()
    window = open_window(qtbot, sample_survey, cfg)
    ctl2 = history_panel.install(window)
    with qtbot.waitSignal(ctl2.recovery_offered, timeout=10000) as offered:
        pass
    assert offered.args[0].untitled and offered.args[0].autosave["text"] == WRITTEN
    offered.args[0].done(QDialog.DialogCode.Rejected)
