"""QA: after File → Save As the History tab went on listing the old file's snapshots under the old file's name
("survey.md: 1 snapshots"), until an autosave happened to re-read it; with no edit after Save As, for ever. The
snapshot was recorded under the new name, but the tab was refreshed while the window still named the old file."""

from __future__ import annotations

from ui_support import wait_analysis, window_with_history


def test_the_history_tab_follows_save_as(qtbot, tmp_path, sample_text, monkeypatch):
    survey, window, ctl = window_with_history(qtbot, tmp_path, sample_text, monkeypatch)
    window._show_panel(ctl.panel)
    assert window.save()
    qtbot.waitUntil(lambda: ctl.panel.title.text() == "survey.md: 1 snapshot")
    with wait_analysis(qtbot, window):
        window.set_text_undoable(sample_text + "另存为之前的修改。\n")
    copy = tmp_path / "copy.md"
    window.choose_save_path = lambda start: str(copy)
    assert window.save_as()
    qtbot.waitUntil(lambda: ctl.panel.title.text() == "copy.md: 1 snapshot")  # before: "survey.md: 1 snapshot"
    assert [r["kind"] for r in ctl.panel.model.rows] == ["save"]
    ctl.panel.select_ids([ctl.panel.model.rows[0]["id"]])
    assert "+0 −0" in ctl.panel.diff_title.text()  # the snapshot of copy.md is the text in the editor
    ctl.shutdown()
