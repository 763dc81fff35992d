"""QA: History → select a snapshot → Restore into editor: the comparison below went on showing the differences
the restore had just removed ("+1 −1 lines", the added line in green); a snapshot compared with the editor is
compared again with the text now in the editor (after a restore, an undo, an edit)."""

from __future__ import annotations

from editor_app.ui import history_panel
from ui_support import wait_analysis, window_with_history


def test_the_comparison_follows_a_restore_and_its_undo(qtbot, tmp_path, sample_text, monkeypatch):
    survey, window, ctl = window_with_history(qtbot, tmp_path, sample_text, monkeypatch)
    assert window.save()
    qtbot.waitUntil(lambda: ctl.db is not None and len(history_panel.history.list_snapshots(ctl.db, survey)) == 1)
    with wait_analysis(qtbot, window):
        window.set_text_undoable(sample_text + "第二稿新加的一行 ⚠️\n")
    assert window.save()
    qtbot.waitUntil(lambda: len(history_panel.history.list_snapshots(ctl.db, survey)) == 2)
    window._show_panel(ctl.panel)
    ctl.refresh(force=True)
    panel = ctl.panel
    first = panel.model.rows[-1]["id"]
    panel.select_ids([first])
    assert "+0 −0" not in panel.diff_title.text() and "第二稿新加的一行" in panel.diff_text.toPlainText()

    with wait_analysis(qtbot, window):
        panel.restore_button.click()
    assert window.current_text() == sample_text
    assert "+0 −0" in panel.diff_title.text()  # before: still "+1 −1 lines"
    assert "第二稿新加的一行" not in panel.diff_text.toPlainText()

    window.editor.undo()  # an edit: compared again once typing pauses, off the GUI thread
    qtbot.waitUntil(lambda: "+0 −0" not in panel.diff_title.text(), timeout=5000)
    assert "第二稿新加的一行" in panel.diff_text.toPlainText()
    ctl.shutdown()


def test_typing_with_a_comparison_open_compares_once_it_pauses_off_the_gui_thread(qtbot, tmp_path, sample_text,
                                                                                   monkeypatch):
    """QA: with a snapshot compared with the editor, every analysis while typing compared the drafts again on the
    GUI thread (and read the snapshot from the database): typing stalled 0.25-0.6 s at a time. Now the comparison
    is made once typing pauses, on the worker thread, the one shown staying until then."""
    survey, window, ctl = window_with_history(qtbot, tmp_path, sample_text, monkeypatch)
    assert window.save()
    qtbot.waitUntil(lambda: ctl.db is not None and len(history_panel.history.list_snapshots(ctl.db, survey)) == 1)
    window._show_panel(ctl.panel)
    ctl.refresh(force=True)
    panel = ctl.panel
    panel.select_ids([panel.model.rows[0]["id"]])
    assert "+0 −0" in panel.diff_title.text()
    on_gui_thread, reads = [], []
    real_show, real_read = panel.show_diff, history_panel.history.get_snapshot_text
    monkeypatch.setattr(panel, "show_diff", lambda *a: on_gui_thread.append(1) or real_show(*a))
    monkeypatch.setattr(history_panel.history, "get_snapshot_text", lambda *a: reads.append(1) or real_read(*a))
    if hasattr(ctl, "_editor_recompare"):
        ctl._editor_recompare.setInterval(3000)  # (a pause no analysis of a loaded test machine outlasts)
    for n in range(3):  # three analyses of typing, each well within the pause
        with wait_analysis(qtbot, window):
            window.set_text_undoable(sample_text + "打字" * (n + 1) + "\n")
        assert "+0 −0" in panel.diff_title.text()  # the comparison shown stays while typing goes on
    qtbot.waitUntil(lambda: "打字打字打字" in panel.diff_text.toPlainText(), timeout=10000)
    assert on_gui_thread == [] and reads == []  # compared on the worker thread, the snapshot's text kept
    assert "+0 −0" not in panel.diff_title.text()
    ctl.shutdown()


def test_three_selected_snapshots_show_no_comparison(qtbot, tmp_path, sample_text, monkeypatch):
    """Selecting a third snapshot left the comparison of the first two on screen, read as the new selection's."""
    survey, window, ctl = window_with_history(qtbot, tmp_path, sample_text, monkeypatch)
    for n in range(3):
        with wait_analysis(qtbot, window):
            window.set_text_undoable(sample_text + f"第{n}稿\n")
        assert window.save()
        qtbot.waitUntil(lambda n=n: len(history_panel.history.list_snapshots(ctl.db, survey)) == n + 1)
    window._show_panel(ctl.panel)
    ctl.refresh(force=True)
    panel = ctl.panel
    ids = [r["id"] for r in panel.model.rows]
    panel.select_ids(ids[:2])
    assert "→" in panel.diff_title.text() and panel.diff_text.toPlainText()
    panel.select_ids(ids)
    assert "→" not in panel.diff_title.text() and not panel.diff_text.toPlainText()
    assert not panel.restore_button.isEnabled()
    ctl.shutdown()


def test_an_autosave_keeps_the_selection_and_restore_works(qtbot, tmp_path, sample_text, monkeypatch):
    """An autosave (every 30 s) re-read the list and dropped the selection: Restore stayed enabled and did nothing."""
    survey, window, ctl = window_with_history(qtbot, tmp_path, sample_text, monkeypatch)
    assert window.save()
    qtbot.waitUntil(lambda: len(history_panel.history.list_snapshots(ctl.db, survey)) == 1)
    window._show_panel(ctl.panel)
    ctl.refresh(force=True)
    panel = ctl.panel
    saved = panel.model.rows[0]["id"]
    panel.select_ids([saved])
    with wait_analysis(qtbot, window):
        window.set_text_undoable(sample_text + "还没保存的一行\n")
    assert ctl.autosave_now()
    assert len(panel.model.rows) == 2  # the autosave is listed
    assert panel.selected_ids() == [saved]  # before: [] with Restore still enabled
    assert panel.restore_button.isEnabled()
    with wait_analysis(qtbot, window):
        panel.restore_button.click()
    assert window.current_text() == sample_text

    panel.model.set_rows([])  # a list without the selected snapshot: nothing selected, nothing to restore
    assert not panel.restore_button.isEnabled()
    ctl.shutdown()
