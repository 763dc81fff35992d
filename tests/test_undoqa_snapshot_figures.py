"""QA: a snapshot in the History tab lists (and charts) the figures of its own text. Before, it stored whatever
analysis was on screen: an autosave right after a restore, an undo or a recovery, or a save recorded without waiting
any longer for its analysis, listed the figures of the text before."""

from __future__ import annotations

from PySide6.QtGui import QTextCursor

from editor_app.core.analyze import analyze
from editor_app.services import history
from ui_support import type_text, wait_analysis, window_with_history

ADDED = "\n新增的一段：十二个汉字写在这里。⚠️"


def _figures(window, text: str) -> tuple[int, int, int]:
    metrics = analyze(text, window.pack).metrics
    return int(metrics["cjk"]), int(metrics["cautions"]), int(metrics["lines"])


def _row_figures(ctl, sid: int) -> tuple[int, int, int]:
    row = history.get_snapshot(ctl.db, sid)
    return row["cjk"], row["cautions"], row["lines"]


def test_an_autosave_right_after_a_restore_holds_the_restored_texts_figures(qtbot, tmp_path, sample_text, monkeypatch):
    _, window, ctl = window_with_history(qtbot, tmp_path, sample_text, monkeypatch)
    restored = sample_text + ADDED
    window.set_text_undoable(restored)  # History → Restore, a recovered autosave: the analysis follows later
    with qtbot.waitSignal(ctl.measured, timeout=20000):  # its figures are measured on the record thread
        sid = ctl.autosave_now()  # the autosave timer fired first
        assert sid is not None
    assert history.get_snapshot_text(ctl.db, sid) == restored
    assert _row_figures(ctl, sid) == _figures(window, restored)  # before: the figures of the sample
    assert _row_figures(ctl, sid) != _figures(window, sample_text)


def test_an_autosave_right_after_an_undo_holds_the_undone_texts_figures(qtbot, tmp_path, sample_text, monkeypatch):
    _, window, ctl = window_with_history(qtbot, tmp_path, sample_text, monkeypatch)
    window.editor.moveCursor(QTextCursor.MoveOperation.End)
    with wait_analysis(qtbot, window):
        window.set_text_undoable(sample_text + ADDED)
    with wait_analysis(qtbot, window):
        window.set_text_undoable(sample_text + ADDED + ADDED)
    window.editor.undo()
    with qtbot.waitSignal(ctl.measured, timeout=20000):
        sid = ctl.autosave_now()
    assert history.get_snapshot_text(ctl.db, sid) == sample_text + ADDED
    assert _row_figures(ctl, sid) == _figures(window, sample_text + ADDED)


def test_a_save_recorded_without_its_analysis_holds_its_own_figures(qtbot, tmp_path, sample_text, monkeypatch):
    survey, window, ctl = window_with_history(qtbot, tmp_path, sample_text, monkeypatch)
    window.editor.moveCursor(QTextCursor.MoveOperation.End)
    type_text(window.editor, ADDED)
    with qtbot.waitSignal(ctl.measured, timeout=20000):
        assert window.save()  # Ctrl+S mid-typing: the analysis of the saved text is not there yet
        saved = survey.read_text(encoding="utf-8")
        type_text(window.editor, "又写了几句话，没有停下来。")  # typing goes on: the saved text is never analysed
    rows = history.list_snapshots(ctl.db, str(survey.resolve()), kinds=["save"])
    assert history.get_snapshot_text(ctl.db, rows[0]["id"]) == saved
    assert _row_figures(ctl, rows[0]["id"]) == _figures(window, saved)  # before: the sample's figures


def test_a_longer_restored_text_is_analysed_for_its_autosave_off_the_gui_thread(qtbot, tmp_path, sample_text,
                                                                                  monkeypatch):
    from editor_app.ui import history_panel

    _, window, ctl = window_with_history(qtbot, tmp_path, sample_text, monkeypatch)
    restored = "\n".join([sample_text] * 4) + ADDED  # short of SYNC_RECORD_CHARS
    assert len(restored) < history_panel.SYNC_RECORD_CHARS
    window.set_text_undoable(restored)
    with qtbot.waitSignal(ctl.measured, timeout=20000) as sig:
        assert ctl.autosave_now() is not None  # stored at once; the record thread measures it
    assert history.get_snapshot_text(ctl.db, sig.args[0]) == restored
    assert _row_figures(ctl, sig.args[0]) == _figures(window, restored)
