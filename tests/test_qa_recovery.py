"""QA: edits that were autosaved and then undone back to the saved text are not offered as "unsaved changes"
the next time the survey is opened."""

from __future__ import annotations

from PySide6.QtGui import QTextCursor

from editor_app.config import Config
from editor_app.ui import history_panel
from ui_support import open_window, type_text


def _autosaved_edit(qtbot, tmp_path, sample_text, line: str):
    """A window on a saved survey, a line typed at its end and autosaved: (survey, config, window, history)."""
    survey = tmp_path / "survey.md"
    survey.write_text(sample_text, encoding="utf-8")
    cfg = Config(db_path=tmp_path / "history.db", arxiv_url="http://127.0.0.1:9/api/query")
    window = open_window(qtbot, survey, cfg)
    ctl = history_panel.install(window)
    window.editor.moveCursor(QTextCursor.MoveOperation.End)
    type_text(window.editor, line)
    assert ctl.autosave_now()  # the autosave timer fired while the edit was in the editor
    return survey, cfg, window, ctl


def test_undone_edits_are_not_offered_for_recovery_after_a_clean_quit(qtbot, tmp_path, sample_text):
    survey, cfg, first, ctl = _autosaved_edit(qtbot, tmp_path, sample_text, "\n试写一句")
    while first.editor.document().isModified():
        first.editor.undo()  # the author thinks better of it: back to the text on disk
    assert first.current_text() == sample_text
    ctl._about_to_quit()  # a normal quit: nothing unsaved
    ctl.close_database()

    second = open_window(qtbot, survey, cfg)
    ctl2 = history_panel.install(second)
    assert ctl2.check_recovery(str(survey.resolve())) is None  # before: "recover unsaved changes?" with 试写一句


def test_a_real_crash_is_still_offered(qtbot, tmp_path, sample_text):
    survey, cfg, _, ctl = _autosaved_edit(qtbot, tmp_path, sample_text, "\n崩溃前的一句")
    ctl.close_database()  # the process dies: no aboutToQuit

    second = open_window(qtbot, survey, cfg)
    ctl2 = history_panel.install(second)
    dialog = ctl2.check_recovery(str(survey.resolve()))
    assert dialog is not None and "崩溃前的一句" in dialog.diff.toPlainText()
    dialog.done(0)
