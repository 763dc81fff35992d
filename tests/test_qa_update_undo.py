"""QA: Tools → Update self-check figures, then Undo: the survey comes back and the editor stays where the author
was working (it jumped to the end of the survey, the whole text having been replaced as one edit)."""

from __future__ import annotations

from ui_support import accepting_updates, cursor_line, open_window, update_dialog_summary, wait_analysis


def test_undoing_the_update_keeps_the_author_in_place(qtbot, monkeypatch, tmp_path, sample_text):
    survey = tmp_path / "survey.md"
    survey.write_text(sample_text, encoding="utf-8")
    window = open_window(qtbot, survey)
    actions = accepting_updates(window, monkeypatch)
    window.goto_line(12, 5)
    window.editor.centerCursor()
    scroll = window.editor.verticalScrollBar().value()

    with wait_analysis(qtbot, window):
        assert actions.update_self_check_figures()
    assert window.current_text() != sample_text
    assert "元信息 946" in window.current_text()
    assert cursor_line(window) == 12

    with wait_analysis(qtbot, window):
        window.editor.undo()
    assert window.current_text() == sample_text  # one undo step brings every figure back
    assert not window.editor.document().isModified()
    assert cursor_line(window) < 20  # before: line 113, the last line, scrolled to the end of the survey
    assert abs(window.editor.verticalScrollBar().value() - scroll) < 40

    with wait_analysis(qtbot, window):
        window.editor.redo()
    assert "元信息 946" in window.current_text()


def test_the_update_dialog_names_each_figure_as_the_claims_audit_does(qtbot, monkeypatch, sample_path):
    lines = update_dialog_summary(qtbot, monkeypatch, sample_path)[1].split("\n")
    assert "line 9: CJK (元信息) 950 → 946" in lines  # before: "line 9: cjk 950 → 946", the pack's counter name
    assert "line 94: CJK (§八) 193 → 189" in lines
    assert "line 101: lines 200 → 113" in lines
