"""QA26c D1 (keyboard only): Tab from a panel's last table went on into the editor, where the next Tab typed a tab
into the survey ("8.1 私域清洁度自检" became "8\\t\\t.1 …", autosaved and saved). Tab and Shift+Tab now go round the
panel's own tables and controls (the find bar's, the outline's), docked or floating; Esc goes back to writing."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget

from ui_support import open_window, saved_twice_by_keys, trigger_view_shortcut, writing

CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier


def _tour(qtbot, window, ring: QWidget, presses: int, forward: bool = True) -> list[QWidget]:
    """Press Tab (Shift+Tab) `presses` times where the keys are; every widget the keys were in, the first included.
    Each must be in `ring`, and the survey untouched."""
    before = window.current_text()
    seen = [QApplication.focusWidget()]
    for _ in range(presses):
        if forward:
            qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        else:
            qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Backtab, SHIFT)  # what a keyboard sends
        here = QApplication.focusWidget()
        assert here is not window.editor and ring.isAncestorOf(here), f"Tab {len(seen)} left for {here!r}"
        seen.append(here)
    assert window.current_text() == before  # not one tab typed into the survey
    assert not window.editor.document().isModified()
    return seen


def _goes_round(seen: list[QWidget]) -> None:
    """The tour came back to where it began and went on in the same order."""
    assert seen[0] in seen[1:]
    n = seen[1:].index(seen[0]) + 1
    assert seen[n:2 * n] == seen[:n][:len(seen[n:2 * n])]


def _esc_goes_back_to_writing(qtbot, window) -> None:
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.editor, timeout=2000)  # (a window activated: soon)


def test_tab_goes_round_the_self_check_tables(qtbot, sample_path):
    window = open_window(qtbot, sample_path)
    writing(qtbot, window)
    trigger_view_shortcut(window, "Ctrl+1")
    panel = window.selfcheck
    tables = [panel.rules_view, panel.claims_view, panel.sections_view]
    assert QApplication.focusWidget() is tables[0]
    seen = _tour(qtbot, window, panel, 7)
    assert seen == tables + tables + tables[:2]  # before: the 3rd Tab went to the editor, the 4th typed a tab
    back = _tour(qtbot, window, panel, 4, forward=False)
    assert back == [tables[1], tables[0], tables[2], tables[1], tables[0]]
    _esc_goes_back_to_writing(qtbot, window)


def test_tab_goes_round_the_references_table_and_filters(qtbot, sample_path):
    window = open_window(qtbot, sample_path)
    writing(qtbot, window)
    trigger_view_shortcut(window, "Ctrl+2")
    panel = window.references
    assert QApplication.focusWidget() is panel.view
    seen = _tour(qtbot, window, panel, 10)
    _goes_round(seen)
    assert len(set(seen)) >= 3  # the table, the filter field and the check box at least
    _goes_round(_tour(qtbot, window, panel, 10, forward=False))
    _esc_goes_back_to_writing(qtbot, window)


def test_tab_goes_round_the_charts(qtbot, sample_path):
    window = open_window(qtbot, sample_path)
    writing(qtbot, window)
    panel = window.figures
    window.tabs.setCurrentWidget(panel)
    qtbot.waitUntil(lambda: len(panel.chart_widgets) == len(panel.charts) >= 2
                    and all(w.isVisible() for w in panel.chart_widgets), timeout=10000)
    trigger_view_shortcut(window, "Ctrl+3")
    charts = panel.chart_widgets
    assert QApplication.focusWidget() is charts[0]
    seen = _tour(qtbot, window, panel, len(charts) + 1)
    assert seen == charts + charts[:2]  # chart to chart, round (not the scroll area, which shows no focus)
    back = _tour(qtbot, window, panel, 2, forward=False)
    assert back == [charts[1], charts[0], charts[-1]]
    _esc_goes_back_to_writing(qtbot, window)


def test_tab_stays_in_the_preview(qtbot, sample_path):
    window = open_window(qtbot, sample_path)
    writing(qtbot, window)
    trigger_view_shortcut(window, "Ctrl+4")
    browser = window.preview.browser
    assert QApplication.focusWidget() is browser
    assert set(_tour(qtbot, window, window.preview, 40)) == {browser}  # its links, then round: never the editor
    assert set(_tour(qtbot, window, window.preview, 40, forward=False)) == {browser}
    _esc_goes_back_to_writing(qtbot, window)


def test_tab_goes_round_history_and_its_comparison(qtbot, tmp_path, monkeypatch, sample_text):
    window, ctl = saved_twice_by_keys(qtbot, tmp_path, sample_text, monkeypatch)
    window.editor.document().setModified(False)
    trigger_view_shortcut(window, "Ctrl+5")
    panel = ctl.panel
    qtbot.waitUntil(lambda: panel.model.rowCount() >= 2, timeout=5000)
    assert QApplication.focusWidget() is panel.table
    _goes_round(_tour(qtbot, window, panel, 12))
    qtbot.keyClick(panel.table, Qt.Key.Key_Down)
    qtbot.keyClick(panel.table, Qt.Key.Key_Return)  # the older save compared with the editor: the keys in the diff
    diff = panel.diff_stack.currentWidget()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is diff)
    seen = _tour(qtbot, window, panel, 14)
    _goes_round(seen)
    assert panel.restore_button in seen and panel.table in seen
    _goes_round(_tour(qtbot, window, panel, 14, forward=False))
    _esc_goes_back_to_writing(qtbot, window)


@pytest.mark.parametrize("keys", ["Ctrl+F", "Ctrl+H"])
def test_tab_goes_round_the_find_bar(qtbot, sample_path, keys):
    window = open_window(qtbot, sample_path)
    writing(qtbot, window)
    qtbot.keyClick(window.editor, Qt.Key.Key_F if keys == "Ctrl+F" else Qt.Key.Key_H, CTRL)
    bar = window.find_bar
    assert QApplication.focusWidget() is bar.field
    seen = _tour(qtbot, window, bar, 12)
    _goes_round(seen)
    assert (bar.replacement in seen) == (keys == "Ctrl+H")  # the replace field only when it is shown
    _goes_round(_tour(qtbot, window, bar, 12, forward=False))
    _esc_goes_back_to_writing(qtbot, window)
    assert not bar.isVisible()


def test_tab_stays_in_the_outline(qtbot, sample_path):
    window = open_window(qtbot, sample_path)
    writing(qtbot, window)
    window.focus_outline()
    view = window.outline.view
    assert set(_tour(qtbot, window, window.outline, 3)) == {view}  # before: on into a panel, then the editor
    assert set(_tour(qtbot, window, window.outline, 3, forward=False)) == {view}
    _esc_goes_back_to_writing(qtbot, window)


def test_a_floating_panel_takes_the_keys_keeps_them_and_gives_them_back(qtbot, sample_path):
    """The panels in a window of their own: Ctrl+1 left the keys in the editor (the next Tab typed a tab), Esc
    left them in the floating window."""
    window = open_window(qtbot, sample_path)
    window.panels_dock.setFloating(True)
    qtbot.waitUntil(lambda: window.panels_dock.isVisible())
    writing(qtbot, window)
    trigger_view_shortcut(window, "Ctrl+1")
    panel = window.selfcheck
    qtbot.waitUntil(lambda: QApplication.focusWidget() is panel.rules_view)
    _goes_round(_tour(qtbot, window, panel, 4))
    _esc_goes_back_to_writing(qtbot, window)
    assert QApplication.activeWindow() is window


def test_tab_in_the_editor_still_types_a_tab(qtbot, sample_path):
    """Writing, Tab is text as before (Ctrl+Tab leaves the editor)."""
    window = open_window(qtbot, sample_path)
    writing(qtbot, window)
    qtbot.keyClick(window.editor, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is window.editor
    assert window.editor.textCursor().block().text().startswith("\t")
