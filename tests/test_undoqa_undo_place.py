"""QA: Undo of History → Restore, of a reload from disk or of a recovered autosave goes back to where the text
changed. Before, the whole survey was replaced as one edit, and Undo put the cursor on the last line, scrolled to
the end of the survey, far from the restored paragraph."""

from __future__ import annotations

from ui_support import accepting_updates, cursor_line, open_window, wait_analysis


def _changed_at(sample_text: str, line: int, added: str) -> str:
    lines = sample_text.split("\n")
    lines[line - 1] += added
    return "\n".join(lines)


def test_undo_of_a_restore_goes_back_to_the_restored_place(qtbot, tmp_path, sample_text):
    survey = tmp_path / "survey.md"
    survey.write_text(sample_text, encoding="utf-8")
    window = open_window(qtbot, survey)
    window.goto_line(30, 3)
    snapshot = _changed_at(sample_text, 60, "（快照里的一句）")
    with wait_analysis(qtbot, window):
        window.set_text_undoable(snapshot)  # what History → Restore and a recovered autosave do
    assert window.current_text() == snapshot
    assert cursor_line(window) == 30  # the author's place is kept by the restore

    with wait_analysis(qtbot, window):
        window.editor.undo()
    assert window.current_text() == sample_text
    assert cursor_line(window) == 60  # before: 113, the last line
    bar = window.editor.verticalScrollBar()
    assert bar.value() < bar.maximum()  # before: scrolled to the end
    with wait_analysis(qtbot, window):
        window.editor.redo()
    assert window.current_text() == snapshot and cursor_line(window) == 60


def test_undo_of_a_reload_goes_back_to_the_reloaded_change(qtbot, tmp_path, sample_text):
    survey = tmp_path / "survey.md"
    survey.write_text(sample_text, encoding="utf-8")
    window = open_window(qtbot, survey)
    elsewhere = _changed_at(sample_text, 45, "（另一个程序改的）")
    survey.write_text(elsewhere, encoding="utf-8")
    window.ask_external_change = lambda path: "reload"
    with wait_analysis(qtbot, window):
        assert window.watcher.check()
    assert window.current_text() == elsewhere and not window.editor.document().isModified()
    with wait_analysis(qtbot, window):
        window.editor.undo()
    assert window.current_text() == sample_text
    assert cursor_line(window) == 45  # before: 113


def test_changed_span_is_the_part_that_differs():
    import random

    from editor_app.core.text_ends import changed_span

    rng = random.Random(7)
    for _ in range(3000):
        old = "".join(rng.choice("ab\n中⚠") for _ in range(rng.randrange(14)))
        new = "".join(rng.choice("ab\n中⚠") for _ in range(rng.randrange(14)))
        start, old_end, new_end = changed_span(old, new)
        assert old[:start] + new[start:new_end] + old[old_end:] == new
        assert old[:start] == new[:start] and old[old_end:] == new[new_end:]
        assert start <= old_end and start <= new_end
        shorter = min(old_end, new_end)
        assert start == shorter or old[start] != new[start]  # the common beginning is whole
    assert changed_span("一\n二\n三", "一\n二改\n三") == (3, 3, 4)


def test_undo_of_the_figures_update_keeps_the_author_on_their_line(qtbot, monkeypatch, tmp_path, sample_text):
    """The update rewrites figures from §0 to the footer; Undo put the cursor on line 1, scrolled to the top."""
    survey = tmp_path / "survey.md"
    survey.write_text(sample_text, encoding="utf-8")
    window = open_window(qtbot, survey)
    actions = accepting_updates(window, monkeypatch)
    window.goto_line(80, 4)
    with wait_analysis(qtbot, window):
        assert actions.update_self_check_figures()
    assert cursor_line(window) == 80
    with wait_analysis(qtbot, window):
        window.editor.undo()
    assert window.current_text() == sample_text
    assert cursor_line(window) == 80  # before: 1
    assert window.editor.verticalScrollBar().value() > 0
