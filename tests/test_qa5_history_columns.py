"""History tab: the snapshot table's columns are fitted to the list once, then stay as the user drags them.

Before, the columns re-fitted themselves on every layout (ResizeToContents): each first showing of the tab re-read
40 rows of every column (~3,600 Python data() calls, ~100 ms of frozen window with 500 snapshots), and a column the
user widened snapped back."""

from __future__ import annotations

import pytest

pytest.importorskip("pytestqt")

from ui_support import window_with_history  # noqa: E402

from editor_app.services import history  # noqa: E402


def _history_of_saves(qtbot, tmp_path, sample_text, monkeypatch, saves: int):
    """A window whose survey has `saves` saves in its history, with the History tab shown: (window, controller)."""
    survey, window, ctl = window_with_history(qtbot, tmp_path, sample_text, monkeypatch)
    for i in range(saves):
        history.record_snapshot(ctl.db, path=survey.resolve(), text=sample_text + f"\n第 {i} 版\n", analysis={},
                                kind="save", now=1_700_000_000 + i * 60)
    _show_history(qtbot, window, ctl)
    return window, ctl


def _show_history(qtbot, window, ctl) -> None:
    window.tabs.setCurrentWidget(ctl.panel)
    qtbot.waitUntil(lambda: ctl.panel.model.rowCount() > 0, timeout=10000)
    qtbot.wait(50)


def test_columns_fit_the_list_then_keep_the_width_the_user_gave(qtbot, tmp_path, sample_text, monkeypatch):
    window, ctl = _history_of_saves(qtbot, tmp_path, sample_text, monkeypatch, 60)
    table, model = ctl.panel.table, ctl.panel.model
    header = table.horizontalHeader()
    time_text = model.index(0, 0).data()
    assert header.sectionSize(0) >= table.fontMetrics().horizontalAdvance(time_text)  # fitted: the time is readable

    assert header.sectionResizeMode(0) == header.ResizeMode.Interactive  # the user can drag it (Qt allows no
    # dragging of a column that fits itself to its contents)
    header.resizeSection(0, header.sectionSize(0) + 80)  # the user drags the Time column wider
    wanted = header.sectionSize(0)
    window.tabs.setCurrentIndex(0)
    qtbot.wait(50)
    window.tabs.setCurrentWidget(ctl.panel)
    qtbot.wait(50)
    ctl.refresh(force=True)  # the list is re-read (as after an autosave)
    qtbot.wait(50)
    assert header.sectionSize(0) == wanted


def test_rereading_the_list_reads_only_the_rows_on_screen(qtbot, tmp_path, sample_text, monkeypatch):
    """An autosave re-reads the list while the tab is shown: the cells painted are read, not 40 rows of each column
    to fit the widths again."""
    window, ctl = _history_of_saves(qtbot, tmp_path, sample_text, monkeypatch, 200)
    table, model = ctl.panel.table, ctl.panel.model
    table.resize(table.width(), 6 * table.verticalHeader().defaultSectionSize())
    qtbot.wait(50)
    on_screen = table.rowAt(table.viewport().height() - 1)
    on_screen = model.rowCount() - 1 if on_screen < 0 else on_screen
    read: list[int] = []
    original = type(model).data
    monkeypatch.setattr(type(model), "data", lambda self, index, role=0: (read.append(index.row()), original(self, index, role))[1])
    ctl.refresh(force=True)
    qtbot.wait(100)
    assert read, "the list was not repainted"
    assert max(read) <= on_screen + 2
