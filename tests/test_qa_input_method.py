"""QA: writing through an input method (fcitx/ibus pinyin): a preedit shown while composing, then a commit.

Qt reports a commit as the whole line rewritten, from its start. The edit log then followed every place before the
commit on that line to the line's start: right after a word was committed at the end of a line, its underlines were
drawn from column 1 under other words and a click on a claim's row put the cursor at the line's start, not on the
figure (until the next analysis: up to a second on a long survey). And each pinyin key of a composition counted as
an edit: the analysis of the words just committed was dropped as stale while the next word was being composed."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QTextCursor

from ime_support import commit, compose, type_pinyin
from ui_support import click_row, cursor_line, line_text, open_window, wait_analysis


def _to_line_end(window, line: int) -> None:
    window.goto_line(line)
    cursor = window.editor.textCursor()
    cursor.movePosition(QTextCursor.MoveOperation.EndOfBlock)
    window.editor.setTextCursor(cursor)


def _claim_mid_line(window):
    return next(c for c in window.selfcheck.claims_model.rows if c.value_text and c.value_column > 20)


def test_underlines_and_a_claim_row_stay_on_the_figure_after_a_commit_at_the_line_end(qtbot, sample_path):
    window = open_window(qtbot, sample_path)
    claim = _claim_mid_line(window)
    underlined = sorted((u.start, u.text) for u in window.editor.underlines() if u.line == claim.line)
    assert underlined
    _to_line_end(window, claim.line)
    type_pinyin(window.editor, "zhongwen", "中文")
    assert window.runner.published_revision != window.runner.revision  # the panels show the text before
    assert line_text(window, claim.line).endswith("中文")
    now = sorted((u.start, u.text) for u in window.editor.underlines() if u.line == claim.line)
    assert now == underlined  # before: every one from column 1 ("| 元")
    click_row(qtbot, window.selfcheck.claims_view, lambda c: c is claim)
    column = window.editor.cursor_column(window.editor.textCursor())
    assert cursor_line(window) == claim.line
    assert line_text(window, claim.line)[column - 1:].startswith(claim.value_text)  # before: column 1


def test_a_commit_replacing_a_selection_moves_only_what_follows_it(qtbot, sample_path):
    window = open_window(qtbot, sample_path)
    claim = _claim_mid_line(window)
    line = line_text(window, claim.line)
    window.goto_line(claim.line, claim.value_column - 3)
    cursor = window.editor.textCursor()
    cursor.movePosition(QTextCursor.MoveOperation.Left, QTextCursor.MoveMode.KeepAnchor, 2)
    window.editor.setTextCursor(cursor)
    type_pinyin(window.editor, "ceshi", "测试一下")  # two characters before the figure become four
    assert window.runner.published_revision != window.runner.revision
    assert line_text(window, claim.line) == line[:claim.value_column - 6] + "测试一下" + line[claim.value_column - 4:]
    click_row(qtbot, window.selfcheck.claims_view, lambda c: c is claim)
    column = window.editor.cursor_column(window.editor.textCursor())
    assert column == claim.value_column + 2
    assert line_text(window, claim.line)[column - 1:].startswith(claim.value_text)


def test_the_inferred_start_of_a_commit_never_moves_a_pasted_line_before_another(qtbot, sample_path):
    """A paste of '- a\\n' before '- b' (both start with '- ') is still read from its reported start."""
    window = open_window(qtbot, sample_path)
    window.goto_line(30)
    first = line_text(window, 30)
    mark = window.mirror.edits.mark()
    window.editor.insertPlainText(first[:2] + "新的一行\n")
    assert window.mirror.edits.follow(30, 1, mark) == (31, 1)


def test_composing_is_no_edit_the_analysis_reads_only_committed_text(qtbot, sample_path):
    window = open_window(qtbot, sample_path)
    _to_line_end(window, 12)
    text = window.current_text()
    revision = window.runner.revision
    for pinyin in ("z", "zh", "zhong", "zhongw", "zhongwen"):
        compose(window.editor, pinyin)
    assert window.current_text() == text  # the preedit is shown, never written
    assert window.runner.revision == revision  # before: one edit per pinyin key
    with qtbot.assertNotEmitted(window.analysis_ready, wait=600):
        pass  # a pause while choosing a candidate analyses nothing again
    compose(window.editor, "")  # Esc: the composition cancelled
    assert window.current_text() == text and not window.editor.document().isModified()
    assert "zhong" not in window.current_text()
    with wait_analysis(qtbot, window):
        type_pinyin(window.editor, "zhongwen", "中文")
    assert window.current_text().split("\n")[11].endswith("中文")
    assert window.latest_analysis.metrics["cjk"] == 3838 + 2


def test_the_committed_words_are_checked_while_the_next_word_is_composed(qtbot, sample_path):
    """A long survey takes a second to check: the author is composing the next word by then. Before, its first
    pinyin key dropped that result as stale, and nothing was shown until the author paused again."""
    window = open_window(qtbot, sample_path, debounce_ms=5000)
    _to_line_end(window, 12)
    commit(window.editor, "中文")
    with wait_analysis(qtbot, window, timeout=3000) as blocker:
        window.runner.analyse_now()  # the pause after the commit
        compose(window.editor, "x")  # the next word begins before the result is in
        compose(window.editor, "xi")
    assert blocker.args[0].metrics["cjk"] == 3838 + 2
    assert window.runner.published_revision == window.runner.revision
    assert window.headline_label.text().startswith("CJK 3,840/")


def test_a_commit_then_enter_and_undo_redo(qtbot, sample_path):
    window = open_window(qtbot, sample_path)
    _to_line_end(window, 12)
    before = window.current_text()
    type_pinyin(window.editor, "wancheng", "完成")
    qtbot.keyClick(window.editor, Qt.Key.Key_Return)
    type_pinyin(window.editor, "xinhang", "新行")
    lines = window.current_text().split("\n")
    assert lines[11].endswith("完成") and lines[12] == "新行"
    assert window.current_text() == window.editor.toPlainText()
    with wait_analysis(qtbot, window):
        pass
    assert window.latest_analysis.metrics["lines"] == before.count("\n") + 2
    for _ in range(3):  # each commit and the Enter are one step each
        window.editor.undo()
    assert window.current_text() == before == window.editor.toPlainText()
    for _ in range(3):
        window.editor.redo()
    assert window.current_text().split("\n")[12] == "新行"


def test_the_candidate_window_stands_at_the_caret(qtbot, sample_path):
    """The input method places its candidate list by the caret rectangle the editor reports: it was the line
    numbers' width (~40 px, ~70 px on a long survey) to the left of the caret, under other words."""
    from PySide6.QtGui import QGuiApplication
    from PySide6.QtWidgets import QApplication

    window = open_window(qtbot, sample_path)
    editor = window.editor
    window.activateWindow()
    editor.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is editor)
    window.goto_line(40, 10)
    compose(editor, "zhong")
    method = QGuiApplication.inputMethod()
    method.update(Qt.InputMethodQuery.ImQueryAll)
    caret = editor.viewport().mapTo(window, editor.cursorRect().topLeft())
    reported = method.cursorRectangle().toRect().topLeft()
    assert (reported.x(), reported.y()) == (caret.x(), caret.y())  # before: x 42 px to the left, y 1 px up
    commit(editor, "中")


def test_a_composition_over_a_selection_is_one_undo_step(qtbot, sample_path):
    """QA (keyboard-only, Chinese): selecting a wrong figure and typing its fix with the input method took two Ctrl+Z
    to bring it back (Qt removes the selection at the first pinyin key, in a step of its own); one now, and one
    Ctrl+Shift+Z writes the fix again."""
    window = open_window(qtbot, sample_path)
    editor = window.editor
    original = window.current_text()
    line = line_text(window, 94)
    at = line.index("193")
    window.goto_line(94, at + 1)
    cursor = editor.textCursor()
    cursor.movePosition(QTextCursor.MoveOperation.Right, QTextCursor.MoveMode.KeepAnchor, 3)
    editor.setTextCursor(cursor)
    type_pinyin(editor, "yibaibashijiu", "189")
    assert line_text(window, 94) == line[:at] + "189" + line[at + 3:]
    editor.undo()
    assert window.current_text() == original
    editor.redo()
    assert line_text(window, 94) == line[:at] + "189" + line[at + 3:]
    editor.undo()
    # a composition over a selection cancelled (Esc): the selection is gone, and the next commit is a step of its own
    window.goto_line(94, at + 1)
    cursor = editor.textCursor()
    cursor.movePosition(QTextCursor.MoveOperation.Right, QTextCursor.MoveMode.KeepAnchor, 3)
    editor.setTextCursor(cursor)
    compose(editor, "y")
    compose(editor, "")
    assert line_text(window, 94) == line[:at] + line[at + 3:]
    type_pinyin(editor, "zi", "字")
    editor.undo()
    assert line_text(window, 94) == line[:at] + line[at + 3:]  # the commit undone, then the cancelled removal
    editor.undo()
    assert window.current_text() == original
