"""History → compare: the characters changed inside a changed line are marked (a stronger tint, underlined) in both
views, light and dark; the comparison opens on its first change, and F7 / Shift+F7 go from change to change.

Before, a changed line was tinted whole: three characters edited in a 300-character Chinese paragraph had to be
found by eye, the unified view had no tint at all, and a first change below long context lines (or off to the right
of an unwrapped line) was out of sight when the comparison opened."""

from __future__ import annotations

import time

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette, QTextCursor
from PySide6.QtWidgets import QPlainTextEdit

from editor_app.ui.theme import READABLE, contrast, luminance, over
from ui_support import dark_palette, window_with_history

PARAGRAPH = ("本节讨论大模型推理引擎在长上下文场景下的键值缓存管理策略，包括分页注意力、前缀共享与量化压缩三条主线，"
             "并给出各方案在吞吐、延迟与显存占用上的实测对比。") * 4  # ~300 characters
EDITED = PARAGRAPH[:150] + "已复核" + PARAGRAPH[152:]  # two characters replaced by three


def _changed(text: str, spans: list[tuple[int, int]]) -> list[str]:
    return [text[s:e] for s, e in spans]


def test_the_changed_characters_of_a_long_chinese_line_are_found():
    from editor_app.core.char_diff import changed_chars

    assert len(PARAGRAPH) > 280
    old_spans, new_spans = changed_chars(PARAGRAPH, EDITED)
    assert _changed(PARAGRAPH, old_spans) == [PARAGRAPH[150:152]]
    assert _changed(EDITED, new_spans) == ["已复核"]
    # two edits far apart: two marks each, not the whole stretch between them
    twice = EDITED[:20] + "改" + EDITED[21:250] + "动" + EDITED[251:]
    old_spans, new_spans = changed_chars(PARAGRAPH, twice)
    assert len(new_spans) == 3 and sum(e - s for s, e in new_spans) == 5


def test_very_long_lines_cost_little():
    from editor_app.core.char_diff import CharBudget, changed_chars

    long_old = PARAGRAPH * 700  # a 200,000-character line rewritten in its middle
    long_new = long_old[:1000] + "新" * 50_000 + long_old[51_000:]
    started = time.thread_time()  # (this thread's CPU: another process's load is not counted)
    old_spans, new_spans = changed_chars(long_old, long_new)
    assert time.thread_time() - started < 0.5
    assert old_spans[0][0] >= 1000 and new_spans[-1][1] <= len(long_new) - (len(long_old) - 51_000)
    budget = CharBudget(left=1000)  # a comparison's budget spent: the middle part marked whole, unmatched
    spent = changed_chars(PARAGRAPH, PARAGRAPH[:10] + "甲" + PARAGRAPH[11:200] + "乙" + PARAGRAPH[201:], budget)
    assert spent == ([(10, 201)], [(10, 201)]) and budget.left == 1000


def test_a_comparison_of_two_8_mb_surveys_stays_quick(sample_text):
    from editor_app.core.textdiff import compare

    lines = (sample_text * 700).splitlines()  # ~8 MB
    edited = list(lines)
    for i in range(5, len(edited), 400):  # a few characters changed in ~200 lines of every kind
        line = edited[i]
        edited[i] = line[: len(line) // 2] + "改" + line[len(line) // 2 + 1:]
    started = time.perf_counter()
    comparison = compare("\n".join(lines), "\n".join(edited), max_rows=3000)
    assert time.perf_counter() - started < 20  # the line matching's seconds; the characters add little
    assert len(comparison.unified_changes) > 100 and comparison.unified_marks


def _marked_fragments(document) -> list[tuple[str, QColor]]:
    """(text, background) of every underlined fragment of a rich text document."""
    out = []
    block = document.begin()
    while block.isValid():
        it = block.begin()
        while not it.atEnd():
            fragment = it.fragment()
            if fragment.charFormat().fontUnderline():
                out.append((fragment.text(), fragment.charFormat().background().color()))
            it += 1
        block = block.next()
    return out


def _unified_marks(view) -> list[tuple[str, QColor, QColor | None]]:
    """(text, background, the line's own background) of the underlined ranges the unified view's highlighter set."""
    out = []
    block = view.document().begin()
    while block.isValid():
        formats = block.layout().formats()
        line = next((f.format.background().color() for f in formats if f.start == 0 and not f.format.fontUnderline()),
                    None)
        for f in formats:
            if f.format.fontUnderline():
                out.append((block.text()[f.start:f.start + f.length], f.format.background().color(), line))
        block = block.next()
    return out


def _drafts() -> tuple[str, str]:
    head = "§0 自检栏\n" + "\n".join(f"第{i}段：{PARAGRAPH}" for i in range(6))
    return head + "\n" + PARAGRAPH + "\n尾。\n", head + "\n" + EDITED + "\n尾。\n"


def _check_marks(panel, base: QColor, text: QColor, *, dark: bool) -> None:
    fragments = _marked_fragments(panel.diff_html.document())
    assert [t.replace("\u00a0", " ") for t, _ in fragments] == [PARAGRAPH[150:152], "已复核"]
    unified = _unified_marks(panel.diff_text)
    assert [t for t, _, _ in unified] == [PARAGRAPH[150:152], "已复核"]
    for _, mark, line in unified:
        assert line is not None  # the unified view tints its changed lines too
        line_shown = over(line, base)
        mark_shown = over(mark, line_shown)
        assert contrast(text, mark_shown) >= READABLE
        if not dark:  # on white the mark stands out from its line's pale tint
            assert luminance(line_shown) - luminance(mark_shown) > 0.15


def test_changed_characters_are_marked_in_both_views_on_a_light_theme(qtbot, tmp_path, monkeypatch, sample_text):
    _survey, window, ctl = window_with_history(qtbot, tmp_path, sample_text, monkeypatch)
    ctl.panel.show_diff(*_drafts(), "save", "editor")
    pal = ctl.panel.palette()
    _check_marks(ctl.panel, QColor("white"), QColor("black"), dark=False)
    assert pal.color(QPalette.ColorRole.Base).lightness() > 200



def test_changed_characters_read_on_a_dark_theme(qtbot, tmp_path, monkeypatch, sample_text, dark):
    _survey, window, ctl = window_with_history(qtbot, tmp_path, sample_text, monkeypatch)
    ctl.panel.show_diff(*_drafts(), "save", "editor")
    base, text = dark.color(QPalette.ColorRole.Base), dark.color(QPalette.ColorRole.Text)
    _check_marks(ctl.panel, base, text, dark=True)
    for _, mark in _marked_fragments(ctl.panel.diff_html.document()):
        cell = QColor(0xef, 0x93, 0x93, 0x40) if mark.red() > mark.green() else QColor(0x8b, 0xd7, 0x8b, 0x40)
        assert contrast(text, over(mark, over(cell, base))) >= READABLE


def _visible_in(view, cursor) -> bool:
    rect = view.cursorRect(cursor)
    return view.viewport().rect().contains(rect.center())


def _shown(qtbot, ctl, old: str, new: str):
    panel = ctl.panel
    # History's first look lists the snapshots, none selected: "nothing compared" (a busy machine: after show_diff)
    qtbot.waitUntil(lambda: ctl.looked, timeout=30000)
    panel.show_diff(old, new, "save", "editor")
    qtbot.wait(50)  # the side-by-side view is laid out when shown
    return panel


def _first_mark_cursor(view, text: str) -> QTextCursor:
    cursor = view.document().find(text)
    assert not cursor.isNull()
    return cursor


def test_the_comparison_opens_on_its_first_change(qtbot, tmp_path, monkeypatch, sample_text):
    _survey, window, ctl = window_with_history(qtbot, tmp_path, sample_text, monkeypatch)
    window._show_panel(ctl.panel)
    old, new = _drafts()
    panel = _shown(qtbot, ctl, old, new)
    assert panel.diff_html.verticalScrollBar().value() > 0  # three long context rows pushed it below the fold
    assert _visible_in(panel.diff_html, _first_mark_cursor(panel.diff_html, "已复核"))
    panel.unified.setChecked(True)
    qtbot.wait(20)
    cursor = _first_mark_cursor(panel.diff_text, "已复核")
    assert _visible_in(panel.diff_text, cursor)  # ~150 characters into the line: wrapped, in sight
    assert panel.diff_text.horizontalScrollBar().value() == 0  # not scrolled sideways past the -/+ (QA25 D6)


def _scrolled_to(view, text: str) -> bool:
    """The change holding `text` is in sight, near the top unless the view is scrolled as far as it goes. In the
    unified view (its lines wrapped) the change begins with the removed lines above the added one holding `text`:
    their start is in sight, near the top."""
    cursor = _first_mark_cursor(view, text)
    here = view.cursorRect(cursor)
    top = here.center().y()
    if isinstance(view, QPlainTextEdit):
        block = cursor.block()
        while block.previous().text().startswith("-"):
            block = block.previous()
        top = view.cursorRect(QTextCursor(block)).top()
    bar = view.verticalScrollBar()
    return (view.viewport().rect().contains(here.center())
            and 0 <= top and (top < view.viewport().height() // 2 or bar.value() == bar.maximum()))


def test_f7_and_shift_f7_go_from_change_to_change(qtbot, tmp_path, monkeypatch, sample_text):
    _survey, window, ctl = window_with_history(qtbot, tmp_path, sample_text, monkeypatch)
    window._show_panel(ctl.panel)
    lines = [f"第{i}行：{PARAGRAPH}" for i in range(300)]
    edited = list(lines)
    changed = (40, 150, 260)
    for i in changed:
        edited[i] = edited[i].replace("缓存", f"缓冲{i}", 1)
    panel = _shown(qtbot, ctl, "\n".join(lines), "\n".join(edited))
    assert panel.next_change.isEnabled() and panel.previous_change.isEnabled()
    for view, unified in ((panel.diff_html, False), (panel.diff_text, True)):
        panel.unified.setChecked(unified)
        view.setFocus()
        qtbot.wait(20)
        assert _scrolled_to(view, "缓冲40")
        values = [view.verticalScrollBar().value()]
        for i in changed[1:]:
            qtbot.keyClick(view, Qt.Key.Key_F7)
            assert _scrolled_to(view, f"缓冲{i}")
            values.append(view.verticalScrollBar().value())
        assert values == sorted(values) and values[0] < values[1]
        qtbot.keyClick(view, Qt.Key.Key_F7, Qt.KeyboardModifier.ShiftModifier)
        assert _scrolled_to(view, "缓冲150") and view.verticalScrollBar().value() == values[1]
        panel.previous_change.click()
        assert _scrolled_to(view, "缓冲40") and view.verticalScrollBar().value() == values[0]
    panel.next_change.click()
    assert _scrolled_to(panel.diff_text, "缓冲150")
    panel.side_by_side.setChecked(True)  # the other view opens on the change this one was on
    qtbot.wait(20)
    assert _scrolled_to(panel.diff_html, "缓冲150")


def test_a_theme_switched_while_a_comparison_is_shown_marks_it_anew(qtbot, tmp_path, monkeypatch, sample_text, qapp):
    _survey, window, ctl = window_with_history(qtbot, tmp_path, sample_text, monkeypatch)
    window._show_panel(ctl.panel)
    assert window.save()
    ctl.refresh(force=True)
    window.set_text_undoable(window.current_text().replace("CJK 实测 3,838", "CJK 实测 3,840", 1))
    ctl.panel.select_ids([ctl.panel.model.rows[0]["id"]])  # compared with the editor
    qtbot.waitUntil(lambda: bool(_unified_marks(ctl.panel.diff_text)), timeout=10000)
    qtbot.waitUntil(lambda: window.runner.published_revision == window.runner.revision, timeout=20000)
    qtbot.wait(300)  # the comparison made again with the analysis of the edit is shown
    light = {mark.name(QColor.NameFormat.HexArgb) for _, mark, _ in _unified_marks(ctl.panel.diff_text)}
    was = qapp.palette()
    pal = dark_palette(was)
    qapp.setPalette(pal)
    try:
        qtbot.waitUntil(lambda: {m.name(QColor.NameFormat.HexArgb) for _, m, _ in _unified_marks(ctl.panel.diff_text)}
                        not in ({""}, light, set()), timeout=10000)
        base, text = pal.color(QPalette.ColorRole.Base), pal.color(QPalette.ColorRole.Text)
        for _, mark, line in _unified_marks(ctl.panel.diff_text):
            assert contrast(text, over(mark, over(line, base))) >= READABLE  # before: the light theme's strong marks
    finally:
        qapp.setPalette(was)


def test_a_very_long_unified_diff_is_tinted_on_screen_only_and_a_short_one_whole_again(qtbot, monkeypatch):
    """Tinting is done line by line on the GUI thread: 40,000 lines of drafts that differ everywhere took 0.6 s more.
    A diff that long is tinted where it is on screen (tests/test_history3_unified_tints.py)."""
    from editor_app.ui import history_panel

    monkeypatch.setattr(history_panel, "UNIFIED_TINTED_LINES", 50)
    panel = history_panel.HistoryPanel()
    qtbot.addWidget(panel)
    old = "\n".join(f"第{i}行旧" for i in range(40))
    panel.show_diff(old, old.replace("旧", "新"), "a", "b")
    assert panel.unified_marks.document() is None and not _unified_marks(panel.diff_text)
    assert panel.on_screen_marks.active
    panel.show_diff(PARAGRAPH, EDITED, "a", "b")
    assert not panel.on_screen_marks.active and not panel.diff_text.extraSelections()
    qtbot.waitUntil(lambda: [t for t, _, _ in _unified_marks(panel.diff_text)] == [PARAGRAPH[150:152], "已复核"])
