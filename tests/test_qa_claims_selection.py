"""QA: the claim the author picked stays the highlighted row while the claims list changes under it.

Clicking 'CJK of §八: stated 193, measured 189' and correcting 193 to 189 in the text re-sorted the list (wrong
figures first); the highlight stayed on the same row number, now another figure, and Return went there."""

from __future__ import annotations

from PySide6.QtGui import QTextCursor

from editor_app.ui.table_models import ROW_ROLE
from ui_support import click_row, open_window, wait_analysis


def _selected(view):
    rows = view.selectionModel().selectedRows()
    return [r.data(ROW_ROLE) for r in rows]


def test_the_picked_claim_stays_selected_after_it_is_corrected(qtbot, tmp_path, sample_text):
    survey = tmp_path / "survey.md"
    survey.write_text(sample_text, encoding="utf-8")
    window = open_window(qtbot, survey)
    view = window.selfcheck.claims_view
    picked = click_row(qtbot, view, lambda c: c.wrong and c.line == 94 and c.value_text == "193")
    assert [(c.line, c.value_column) for c in _selected(view)] == [(94, picked.value_column)]

    cursor = window.editor.textCursor()  # the click put the cursor on the figure: write the measured one
    cursor.movePosition(QTextCursor.MoveOperation.Right, QTextCursor.MoveMode.KeepAnchor, 3)
    assert cursor.selectedText() == "193"
    with wait_analysis(qtbot, window):
        cursor.insertText("189")
    now = _selected(view)
    assert len(now) == 1
    assert (now[0].line, now[0].value_column, now[0].metric) == (94, picked.value_column, picked.metric)
    assert now[0].ok  # the same figure, now agreeing (before: the row number's new occupant, another figure)


def test_a_picked_claim_that_disappears_leaves_no_row_selected(qtbot, tmp_path, sample_text):
    survey = tmp_path / "survey.md"
    survey.write_text(sample_text, encoding="utf-8")
    window = open_window(qtbot, survey)
    view = window.selfcheck.claims_view
    picked = click_row(qtbot, view, lambda c: c.wrong and c.line == 94 and c.value_text == "193")
    cursor = window.editor.textCursor()
    cursor.movePosition(QTextCursor.MoveOperation.Right, QTextCursor.MoveMode.KeepAnchor, 3)
    with wait_analysis(qtbot, window):
        cursor.insertText("一九三")  # no longer a figure
    assert all((c.line, c.value_column) != (94, picked.value_column) for c in window.latest_analysis.claims)
    assert _selected(view) == []  # no other figure is highlighted in its place
