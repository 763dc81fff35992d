"""QA: an autosave recovered after a crash is the author's unsaved work again, so a second crash right after the
recovery (before the window's own autosave, up to 30 s later) must offer it again. Before, the crash's autosave was
dismissed the moment it was restored, and the next start offered nothing: the recovered text was gone."""

from __future__ import annotations

from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import QDialog

from editor_app.config import Config
from editor_app.ui import history_panel
from ui_support import open_window, type_text

TYPED = "\n崩溃前写下的一段：两次崩溃之间也不丢。⚠️"


def _start(qtbot, survey, cfg):
    window = open_window(qtbot, survey, cfg)
    return window, history_panel.install(window)


def _typed_then_crashed(qtbot, tmp_path, sample_text):
    """The sample opened, typed in and autosaved; then the process dies (no aboutToQuit): (survey, config)."""
    survey = tmp_path / "survey.md"
    survey.write_text(sample_text, encoding="utf-8")
    cfg = Config(db_path=tmp_path / "history.db", arxiv_url="http://127.0.0.1:9/api/query")
    first, ctl1 = _start(qtbot, survey, cfg)
    first.editor.moveCursor(QTextCursor.MoveOperation.End)
    type_text(first.editor, TYPED)
    assert ctl1.autosave_now()
    ctl1.close_database()
    return survey, cfg


def test_a_recovered_autosave_survives_a_second_crash(qtbot, tmp_path, sample_text):
    survey, cfg = _typed_then_crashed(qtbot, tmp_path, sample_text)

    second, ctl2 = _start(qtbot, survey, cfg)
    dialog = ctl2.check_recovery(str(survey.resolve()))
    assert dialog is not None
    dialog.done(QDialog.DialogCode.Accepted)
    assert second.current_text() == sample_text + TYPED
    ctl2.close_database()  # dies again before its autosave timer fired

    third, ctl3 = _start(qtbot, survey, cfg)
    again = ctl3.check_recovery(str(survey.resolve()))
    assert again is not None  # before: None, the recovered text was nowhere to be offered
    assert again.autosave["text"] == sample_text + TYPED
    again.done(QDialog.DialogCode.Rejected)
    assert ctl3.check_recovery(str(survey.resolve())) is None  # declined: not offered again


def test_a_recovered_autosave_undone_or_quit_cleanly_is_not_offered_again(qtbot, tmp_path, sample_text):
    survey, cfg = _typed_then_crashed(qtbot, tmp_path, sample_text)

    second, ctl2 = _start(qtbot, survey, cfg)
    ctl2.check_recovery(str(survey.resolve())).done(QDialog.DialogCode.Accepted)
    second.editor.undo()  # the author thinks better of the recovery: back to the file, one step
    assert second.current_text() == sample_text and not second.editor.document().isModified()
    ctl2._about_to_quit()
    ctl2.close_database()

    third, ctl3 = _start(qtbot, survey, cfg)
    assert ctl3.check_recovery(str(survey.resolve())) is None


def test_a_recovered_untitled_survey_survives_a_second_crash(qtbot, tmp_path, sample_text):
    survey = tmp_path / "survey.md"
    survey.write_text(sample_text, encoding="utf-8")
    cfg = Config(db_path=tmp_path / "history.db", arxiv_url="http://127.0.0.1:9/api/query")
    first, ctl1 = _start(qtbot, survey, cfg)
    assert first.new_document()
    type_text(first.editor, "# 新综述\n未保存的一段。\n")
    assert ctl1.autosave_now() is not None

    second, ctl2 = _start(qtbot, survey, cfg)
    dialog = ctl2.check_untitled_recovery()
    assert dialog is not None
    dialog.done(QDialog.DialogCode.Accepted)
    assert second.current_path is None and second.current_text() == "# 新综述\n未保存的一段。\n"
    ctl2.close_database()

    third, ctl3 = _start(qtbot, survey, cfg)
    again = ctl3.check_untitled_recovery()
    assert again is not None  # before: None
    assert again.autosave["text"] == "# 新综述\n未保存的一段。\n"
    again.done(QDialog.DialogCode.Rejected)
