"""QA: the "*" (and the question on closing) says whether the editor holds text the file does not. Once another
program changed the file (the author kept their version) or deleted it, no text the Undo history holds is on disk:
undoing back to the text the survey was opened with must leave it modified; before, the "*" went away there and
closing asked nothing (the kept version, or the whole deleted survey, was lost). Restoring the text already in the
editor changes nothing."""

from __future__ import annotations

from PySide6.QtGui import QTextCursor

from ui_support import open_window, type_text, wait_analysis


def _edited(qtbot, tmp_path, sample_text):
    survey = tmp_path / "survey.md"
    survey.write_text(sample_text, encoding="utf-8")
    window = open_window(qtbot, survey)
    window.editor.moveCursor(QTextCursor.MoveOperation.End)
    type_text(window.editor, "作者加的一句⚠️")
    assert window.editor.document().isModified()
    return survey, window


def _undo_all(window) -> None:
    while window.editor.document().isUndoAvailable():
        window.editor.undo()


def _closing_asks(window) -> bool:
    asked = []
    window.ask_unsaved_changes = lambda: asked.append(True) or "cancel"
    window.close()
    window.ask_unsaved_changes = lambda: "discard"
    return bool(asked)


def test_undone_edits_after_keeping_my_version_stay_unsaved(qtbot, tmp_path, sample_text):
    survey, window = _edited(qtbot, tmp_path, sample_text)
    other = sample_text + "另一个程序写的一行\n"
    survey.write_text(other, encoding="utf-8")
    asked = []
    window.ask_external_change = lambda path: asked.append(path) or "keep"
    assert window.watcher.check() and asked

    with wait_analysis(qtbot, window):
        _undo_all(window)
    assert window.current_text() == sample_text  # the text it was opened with, which the disk no longer holds
    assert window.editor.document().isModified()  # before: False
    assert window.isWindowModified()
    assert _closing_asks(window)
    assert survey.read_text(encoding="utf-8") == other

    assert window.save()  # saving makes this text the file's again
    assert not window.editor.document().isModified()
    assert survey.read_text(encoding="utf-8") == sample_text


def test_undone_edits_of_a_deleted_survey_stay_unsaved(qtbot, tmp_path, sample_text):
    survey, window = _edited(qtbot, tmp_path, sample_text)
    survey.unlink()
    assert window.watcher.check()  # noticed as deleted

    with wait_analysis(qtbot, window):
        _undo_all(window)
    assert window.editor.document().isModified()  # before: False, and the survey was nowhere once closed
    assert window.isWindowModified()
    assert _closing_asks(window)


def test_reload_then_undo_redo_follow_the_file(qtbot, tmp_path, sample_text):
    """The reload itself stays one undo step that brings the author's edits back, modified; Redo is the file's."""
    survey, window = _edited(qtbot, tmp_path, sample_text)
    edited = window.current_text()
    other = sample_text + "另一个程序写的一行\n"
    survey.write_text(other, encoding="utf-8")
    window.ask_external_change = lambda path: "reload"
    with wait_analysis(qtbot, window):
        assert window.watcher.check()
    assert window.current_text() == other and not window.editor.document().isModified()
    with wait_analysis(qtbot, window):
        window.editor.undo()
    assert window.current_text() == edited and window.editor.document().isModified()
    with wait_analysis(qtbot, window):
        window.editor.redo()
    assert window.current_text() == other and not window.editor.document().isModified()


def test_restoring_the_text_already_in_the_editor_changes_nothing(qtbot, tmp_path, sample_text, monkeypatch):
    from editor_app.services import history
    from ui_support import window_with_history

    survey, window, ctl = window_with_history(qtbot, tmp_path, sample_text, monkeypatch)
    with qtbot.waitSignal(ctl.recorded, timeout=10000):
        window.document_saved.emit(survey.resolve(), sample_text)  # as File → Save records it
    (row,) = history.list_snapshots(ctl.db, str(survey.resolve()))
    ctl.restore_snapshot(row["id"])
    assert window.current_text() == sample_text
    assert not window.editor.document().isModified()  # before: "*", and closing asked to save
    assert not window.editor.document().isUndoAvailable()  # before: an undo step that changed nothing
