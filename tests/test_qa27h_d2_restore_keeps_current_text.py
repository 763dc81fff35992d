"""QA27h D2: restoring an old version didn't keep the current text as a snapshot first: what was typed since the
last autosave lived only in the undo stack, and a crash or a save-and-quit lost it. The text before a restore is
stored (an autosave of the window), listed in History, and the status bar says so."""

from __future__ import annotations

from PySide6.QtGui import QTextCursor

from editor_app.services import history
from ui_support import first_look_over, type_text, window_with_history


def _saved_then_typed(qtbot, tmp_path, sample_text, monkeypatch):
    survey, window, ctl = window_with_history(qtbot, tmp_path, sample_text, monkeypatch)
    with qtbot.waitSignal(ctl.recorded, timeout=10000):
        window.document_saved.emit(survey.resolve(), sample_text)  # as File → Save records it
    (row,) = history.list_snapshots(ctl.db, str(survey.resolve()))
    window.editor.moveCursor(QTextCursor.MoveOperation.End)
    type_text(window.editor, "\n刚写的一段，还没有自动保存。")
    return survey, window, ctl, row


def test_restoring_keeps_the_text_typed_since_the_last_autosave(qtbot, tmp_path, sample_text, monkeypatch):
    survey, window, ctl, saved = _saved_then_typed(qtbot, tmp_path, sample_text, monkeypatch)
    typed = window.current_text()
    said: list[str] = []
    ctl.message.connect(said.append)
    ctl.restore_snapshot(saved["id"])
    assert window.current_text() == sample_text
    rows = history.list_snapshots(ctl.db, str(survey.resolve()))
    kept = [r for r in rows if r["id"] != saved["id"]]
    assert len(kept) == 1 and kept[0]["kind"] == "autosave"
    assert history.get_snapshot_text(ctl.db, kept[0]["id"]) == typed
    assert said and "kept in History" in said[-1]


def test_the_text_before_a_restore_is_offered_after_a_crash(qtbot, tmp_path, sample_text, monkeypatch):
    from editor_app.config import Config
    from editor_app.ui import history_panel
    from ui_support import open_window

    survey, window, ctl, saved = _saved_then_typed(qtbot, tmp_path, sample_text, monkeypatch)
    typed = window.current_text()
    ctl.writer = "4000005:1"  # a program that is killed right after the restore
    monkeypatch.setattr(history, "process_alive", lambda pid: False)
    ctl.restore_snapshot(saved["id"])
    ctl.close_database()
    cfg = Config(db_path=tmp_path / "history.db", arxiv_url="http://127.0.0.1:9/api/query")
    again = open_window(qtbot, survey, cfg)
    again_ctl = history_panel.install(again)
    first_look_over(qtbot, again_ctl)
    dialog = again_ctl.check_recovery(str(survey.resolve()))
    assert dialog is not None
    assert dialog.autosave["text"] == typed
    dialog.done(0)


def test_restoring_when_the_newest_snapshot_holds_the_text_stores_nothing(qtbot, tmp_path, sample_text,
                                                                          monkeypatch):
    survey, window, ctl = window_with_history(qtbot, tmp_path, sample_text, monkeypatch)
    with qtbot.waitSignal(ctl.recorded, timeout=10000):
        window.document_saved.emit(survey.resolve(), sample_text)
    window.editor.moveCursor(QTextCursor.MoveOperation.End)
    type_text(window.editor, "\n第二稿")
    second = window.current_text()
    with qtbot.waitSignal(ctl.recorded, timeout=10000):
        window.document_saved.emit(survey.resolve(), second)
    first = min(history.list_snapshots(ctl.db, str(survey.resolve())), key=lambda r: r["id"])
    ctl.restore_snapshot(first["id"])
    assert window.current_text() == sample_text
    assert len(history.list_snapshots(ctl.db, str(survey.resolve()))) == 2


def test_a_long_draft_is_kept_from_the_record_thread(qtbot, tmp_path, sample_text, monkeypatch):
    from ui_support import repeated_sample

    big = repeated_sample(tmp_path, sample_text).read_text(encoding="utf-8")
    assert len(big) > 200_000  # (history_panel.SYNC_RECORD_CHARS: kept off the GUI thread)
    survey, window, ctl, saved = _saved_then_typed(qtbot, tmp_path, big, monkeypatch)
    typed = window.current_text()
    with qtbot.waitSignal(ctl.recorded, timeout=30000):
        ctl.restore_snapshot(saved["id"])
        assert window.current_text() == big  # restored at once; the text before is stored from the thread
    rows = history.list_snapshots(ctl.db, str(survey.resolve()))
    kept = [r for r in rows if r["id"] != saved["id"]]
    assert len(kept) == 1 and history.get_snapshot_text(ctl.db, kept[0]["id"]) == typed
