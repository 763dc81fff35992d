"""QA: a click on a panel row made by the last analysis lands on the live text, even when the author edited since.

On a long survey the analysis of the latest edit arrives up to a second later (later still while typing on); a click
on the outline right after an Enter above a heading landed on the line above it, a claim's row one line off the
figure, a reference's row beside its id."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextCursor

from editor_app.ui.line_shifts import EditLog, line_edit
from ui_support import click_row, cursor_line, line_text, open_window, type_text, wait_analysis


def _not_analysed_yet(window) -> None:
    assert window.runner.published_revision != window.runner.revision  # the panels still show the text before


def _column(window) -> int:
    return window.editor.cursor_column(window.editor.textCursor())


def test_the_outline_lands_on_the_heading_after_an_enter_above_it(qtbot, sample_path):
    window = open_window(qtbot, sample_path)
    rows = window.outline.model.rows
    target = next(i for i, sm in enumerate(rows) if sm.section.line > 40)
    heading = line_text(window, rows[target].section.line)
    window.goto_line(20)
    type_text(window.editor, "\n\n")
    _not_analysed_yet(window)
    index = window.outline.model.index(target, 0)
    qtbot.mouseClick(window.outline.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=window.outline.view.visualRect(index).center())
    assert line_text(window, cursor_line(window)) == heading  # before: two lines above it
    with wait_analysis(qtbot, window):
        pass
    window.goto_line(1)
    qtbot.mouseClick(window.outline.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=window.outline.view.visualRect(index).center())
    assert line_text(window, cursor_line(window)) == heading  # once analysed, not moved twice


def test_a_claim_row_lands_on_its_figure_after_lines_were_cut_above(qtbot, sample_path):
    window = open_window(qtbot, sample_path)
    claim = next(c for c in window.selfcheck.claims_model.rows if c.line > 60 and c.value_text)
    window.goto_line(30)
    cursor = window.editor.textCursor()
    cursor.movePosition(QTextCursor.MoveOperation.NextBlock, QTextCursor.MoveMode.KeepAnchor, 3)
    window.editor.setTextCursor(cursor)
    window.editor.cut()
    _not_analysed_yet(window)
    click_row(qtbot, window.selfcheck.claims_view, lambda c: c is claim)
    line = line_text(window, cursor_line(window))
    assert cursor_line(window) == claim.line - 3  # before: three lines below the figure
    assert line[_column(window) - 1:].startswith(claim.value_text)


def test_a_reference_row_lands_on_its_id_after_a_paste_and_typing_on_its_line(qtbot, sample_path):
    window = open_window(qtbot, sample_path)
    ref = next(r for r in window.references.model.rows if r.occurrences and r.occurrences[0].line > 50)
    place = ref.occurrences[0]
    window.editor.textCursor()
    window.goto_line(10)
    window.editor.insertPlainText("一行\n两行\n三行\n")
    window.goto_line(place.line + 3)
    type_text(window.editor, "前言")  # at the start of the id's own line: the id moves right
    _not_analysed_yet(window)
    window.tabs.setCurrentWidget(window.references)
    click_row(qtbot, window.references.view, lambda r: r is ref)
    assert cursor_line(window) == place.line + 3
    assert line_text(window, cursor_line(window))[_column(window) - 1:].startswith(ref.id)


def test_next_problem_goes_to_the_underlined_text_where_it_is_now(qtbot, sample_path):
    window = open_window(qtbot, sample_path)
    first = window.editor.problems()[0]
    window.goto_line(1)
    type_text(window.editor, "\n")  # the first line moves down, with every problem on it
    window.goto_line(1)
    _not_analysed_yet(window)
    window.jump_to_problem(True)
    assert (cursor_line(window), _column(window)) == (first.line + 1, first.column)  # before: a line too high


def test_a_whole_text_replaced_is_not_followed():
    log = EditLog()
    mark = log.count
    log.record(4, 0, ["b"], ["a", "b"])
    assert log.follow(5, 1, mark) == (6, 1)
    log.replaced()  # a reload: the places before it can't be followed into the new text
    assert log.follow(5, 1, mark) == (6, 1)
    log.forget_before(log.count)
    assert log.since(mark) == [] and log.follow(5, 1, mark) == (5, 1)


def test_an_edit_moves_only_what_it_moved():
    enter_at_end = line_edit(10, 1, ["H"], ["H", ""])
    assert enter_at_end.follow(10, 0) == (10, 0) and enter_at_end.follow(11, 3) == (12, 3)
    assert enter_at_end.follow(9, 2) == (9, 2)
    assert line_edit(10, 0, ["H"], ["", "H"]).follow(10, 0) == (11, 0)  # Enter before a heading moves it down
    split = line_edit(10, 1, ["Hab"], ["H", "ab"])
    assert split.follow(10, 0) == (10, 0) and split.follow(10, 2) == (11, 1)
    # A pasted "- a" line before "- b": the edit's start is known, so "- b" is not taken for the pasted line.
    assert line_edit(10, 0, ["- b"], ["- a", "- b"]).follow(10, 2) == (11, 2)
    cut = line_edit(10, 0, ["L0", "L1", "L2", "L6x"], ["L6x"])
    assert cut.follow(12, 1) == (10, 0) and cut.follow(13, 1) == (10, 1) and cut.follow(14, 0) == (11, 0)
    in_place = line_edit(10, 1, ["A1", "B", "C1"], ["A22", "B", "C22"])  # figures rewritten on several lines
    assert in_place.follow(11, 0) == (11, 0)


def test_the_underlines_and_their_tooltips_follow_an_enter_above_them(qtbot, sample_path):
    window = open_window(qtbot, sample_path)
    editor = window.editor
    window.goto_line(9)
    first = next(u for u in editor.underlines() if u.line == 9)
    said = editor.problems_at(9, first.start + 1)
    assert said
    window.goto_line(8)
    type_text(editor, "\n\n")
    _not_analysed_yet(window)
    now = [(u.line, u.start, u.text) for u in editor.underlines()]
    assert (11, first.start, first.text) in now  # before: still drawn on line 9, now an empty line
    assert not any(line == 9 for line, _s, _t in now)
    assert editor.problems_at(11, first.start + 1) == said  # the tooltip of the text under the mouse
    assert editor.problems_at(9, first.start + 1) == []
    with wait_analysis(qtbot, window):
        pass
    assert (11, first.start, first.text) in [(u.line, u.start, u.text) for u in editor.underlines()]


def test_typing_on_one_line_is_one_edit_and_a_mark_keeps_the_edits_apart():
    log = EditLog()
    start = log.mark()
    base = "⚠️ 实测 79 处"
    figure = base.index("79") + 1
    typed = "新写的"
    for i in range(len(typed)):  # typed at the start of line 5, one key at a time
        log.record(4, i, [typed[:i] + base], [typed[:i + 1] + base])
    assert len(log.since(start)) == 1  # a burst of typing costs the places one edit to follow, not one per key
    assert log.follow(5, figure, start) == (5, figure + 3)  # "79" moved right by the three characters typed
    middle = log.mark()  # an analysis read the text here: what follows is followed from here on
    log.record(4, 0, [typed + base], ["再" + typed + base])
    assert log.follow(5, figure + 3, middle) == (5, figure + 4)
    assert log.follow(5, figure, start) == (5, figure + 4)
    assert log.places_since(log.mark()) is None


def _plain_follow(edit, line: int, column: int) -> tuple[int, int]:
    """LineEdit.follow as first written: the line lengths summed, and the new lines walked, at every call."""
    if line < edit.first:
        return line, column
    if line >= edit.first + len(edit.old_lines):
        return line + edit.new_count - edit.old_count, column
    k = line - edit.first
    if len(edit.old_lines) == len(edit.new_lines) > 1:
        return line, min(column, edit.new_lines[k])
    old_length = sum(edit.old_lines) + len(edit.old_lines) - 1
    new_length = sum(edit.new_lines) + len(edit.new_lines) - 1
    offset = sum(n + 1 for n in edit.old_lines[:k]) + min(column, edit.old_lines[k])
    if offset >= old_length - edit.same_end:
        offset += new_length - old_length
    else:
        offset = min(offset, edit.same_start)
    for i, n in enumerate(edit.new_lines):
        if offset <= n:
            return edit.first + i, offset
        offset -= n + 1
    return edit.first + len(edit.new_lines) - 1, edit.new_lines[-1]


_line_list = st.lists(st.text("ab\u4e00", max_size=4), min_size=1, max_size=6)


@settings(max_examples=400, deadline=None)
@given(st.integers(0, 3), st.integers(0, 5), _line_list, _line_list, st.integers(0, 12), st.integers(0, 6))
def test_following_a_place_by_bisection_is_the_plain_walk(first, start, old, new, line, column):
    edit = line_edit(first, start, old, new)
    assert edit.follow(line, column) == _plain_follow(edit, line, column)


def test_following_through_a_whole_survey_cut():
    """An 8 MB survey's 220,000 lines cut to one, and 3,000 places followed through it (the underlines shown then),
    checked against the plain walk on a sample of them (`bench/bench_feel.py --size 300 --only open-file` times
    opening one survey over another)."""
    old = [f"第 {i} 行" for i in range(220_000)]
    edit = line_edit(0, 0, old, [""])
    places = [(i * 73, 2) for i in range(3000)]
    moved = [edit.follow(line, column) for line, column in places]
    assert moved[::300] == [_plain_follow(edit, line, column) for line, column in places[::300]]


def test_opening_another_survey_drops_the_underlines_of_the_last(qtbot, sample_path, tmp_path):
    window = open_window(qtbot, sample_path)
    assert window.editor.problems()
    other = tmp_path / "other.md"
    other.write_text("# 另一篇\n\n正文。\n", encoding="utf-8")
    drawn = []
    window.editor.textChanged.connect(lambda: drawn.append(len(window.editor.problems())))
    with wait_analysis(qtbot, window):
        window.open_path(other)
    assert drawn and drawn[0] == 0  # while the new text went in, none of the sample's were there to follow
    assert all(s.line <= 3 for s in window.editor.problems())
