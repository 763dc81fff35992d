"""QA: columns from the analysis count characters; Qt counts UTF-16 units. Emoji before a problem must not shift
the jump, the underline or the tooltip (🚀 is one character to the analysis and two to Qt)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from PySide6.QtGui import QTextCursor

from editor_app.ui.code_editor import qt_offset, text_index
from ui_support import click_row, open_window


def _after_cursor(window, n: int) -> str:
    cur = window.editor.textCursor()
    cur.movePosition(QTextCursor.MoveOperation.Right, QTextCursor.MoveMode.KeepAnchor, n)
    return cur.selectedText()


def test_offsets_round_trip():
    line = "🚀a字🔥 ⚠️x"
    for i in range(len(line) + 1):
        assert text_index(line, qt_offset(line, i)) == i
    assert qt_offset(line, 2) == 3 and qt_offset(line, 5) == 7 and qt_offset("abc", 2) == 2


@given(st.text("a字⚠️\U0001F680\U0001F525 ", max_size=12), st.integers(0, 14))
def test_offsets_are_the_utf16_units_before_the_character(line, i):
    """The plain definition: the UTF-16 units of what comes before index i (Qt's offset), and back."""
    assert qt_offset(line, i) == len(line[:i].encode("utf-16-le")) // 2 + max(0, i - len(line))
    if i <= len(line):
        assert text_index(line, qt_offset(line, i)) == i


def test_jumps_and_underlines_land_on_the_figure_after_emoji(qtbot, tmp_path, sample_text):
    lines = sample_text.split("\n")
    lines[8] = "🚀🚀🔥 " + lines[8]  # §0 with emoji in front: a wrong stated sum further along the line
    survey = tmp_path / "survey.md"
    survey.write_text("\n".join(lines), encoding="utf-8")
    window = open_window(qtbot, survey)
    claim = click_row(qtbot, window.selfcheck.claims_view, lambda c: c.ok is False and c.line == 9)
    assert _after_cursor(window, len(claim.value_text)) == claim.value_text  # was 3 characters early
    assert window.position_label.text().endswith(f"Col {claim.value_column}")
    # the tooltip under the figure names its problem
    cur = window.editor.textCursor()
    assert window.editor.problems_at(9, window.editor.cursor_column(cur))
    # Next Problem (F8) from the start of the line lands on the first underlined figure of the line
    window.goto_line(9, 1)
    window.jump_to_problem(True)
    span = next(s for s in window.editor.problems() if s.line == 9 and s.column > 1)
    assert window.editor.cursor_column(window.editor.textCursor()) == span.column
    underline = next(u for u in window.editor.underlines() if u.line == 9 and u.text == claim.value_text)
    c1, c2 = window.editor.underline_cursors(window.editor.document().findBlockByNumber(8), underline)
    c1.setPosition(c2.position(), QTextCursor.MoveMode.KeepAnchor)
    assert c1.selectedText() == claim.value_text  # the wave is drawn under the figure itself
    window.editor.viewport().repaint()  # paintEvent goes through underline_cursors
