"""QA: the window and its dialogs fit the screen they open on (a laptop, a screen scaled to 150 %).

Before: a first start on a 1280×720 laptop opened the window 1440×900, the status bar's headline and the panels'
right edge off the screen; at 150 % on 1366×768 (911×512 to Qt) the window's 560 px minimum and the Update
self-check figures dialog's 900×560 put the status bar and Apply / Cancel below the bottom of the screen; a layout
saved on a big monitor, refused by Qt on a laptop, opened the window at its 900×560 minimum, the outline 70 px."""

from __future__ import annotations

import struct

import pytest
from PySide6.QtCore import QByteArray, QRect
from PySide6.QtGui import QScreen
from PySide6.QtWidgets import QApplication, QWidget

from editor_app.config import Config


def _screen(monkeypatch, width: int, height: int) -> QRect:
    area = QRect(0, 0, width, height)
    monkeypatch.setattr(QScreen, "availableGeometry", lambda self: QRect(area))
    return area


def _window(qtbot):
    from editor_app.ui.main_window import MainWindow

    window = MainWindow(Config(arxiv_url="http://127.0.0.1:9/api/query", arxiv_interval=0.0))
    qtbot.addWidget(window)
    window.ask_unsaved_changes = lambda: "discard"
    return window


@pytest.mark.parametrize("width,height", [(1280, 720), (1366, 768), (911, 512), (853, 480)])
def test_a_first_start_fits_the_screen(qtbot, monkeypatch, width, height):
    area = _screen(monkeypatch, width, height)
    window = _window(qtbot)
    assert window.width() <= width and window.height() <= height - 24  # a title bar's room too
    assert window.minimumWidth() <= width and window.minimumHeight() <= height  # before: 900×560 at 150 %
    assert area.contains(QRect(window.pos(), window.size()))


def test_a_big_first_window_keeps_its_size_on_a_big_screen(qtbot, monkeypatch):
    _screen(monkeypatch, 2560, 1440)
    window = _window(qtbot)
    assert (window.width(), window.height()) == (1440, 900)
    assert (window.minimumWidth(), window.minimumHeight()) == (900, 560)


def _as_saved_on_a_screen(geometry: QByteArray, screen_width: int) -> QByteArray:
    """QWidget.saveGeometry()'s data with the width of the screen it was saved on changed (format 3.0: magic,
    version, frame and normal rectangles, screen number, maximized, full screen, then the screen's width)."""
    data = bytearray(geometry.data())
    assert struct.unpack(">IHH", data[:8]) == (0x1D9D0CB, 3, 0)
    data[46:50] = struct.pack(">i", screen_width)
    return QByteArray(bytes(data))


def test_a_layout_saved_on_a_bigger_monitor_opens_filling_the_laptop(qtbot):
    """Qt refuses (restoreGeometry returns False) a geometry saved on a screen of another width: the window came up
    at its minimum, 900×560 on a 1920×1080 screen, the outline squeezed."""
    window = _window(qtbot)
    window.resize(1400, 860)
    window.close()  # saves the layout
    store = window.settings_store
    store.set_value("window/geometry", _as_saved_on_a_screen(store.value("window/geometry"), 2560))
    again = _window(qtbot)
    again.show()
    qtbot.waitExposed(again)
    QApplication.processEvents()
    screen = again.screen().availableGeometry()
    assert again.width() >= 1400 and again.height() >= 860  # before: 900×560
    assert again.width() <= screen.width() and again.height() <= screen.height()
    assert again.outline_dock.width() >= 150 and again.editor.width() >= 400


def test_the_update_figures_dialog_fits_a_screen_at_150_percent(qtbot, monkeypatch):
    from editor_app.ui.export_actions import SelfCheckDiffDialog

    _screen(monkeypatch, 911, 512)
    dialog = SelfCheckDiffDialog("--- a\n+++ b\n", "line 9: CJK 950 → 946", 1)
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.height() <= 512 - 24 and dialog.width() <= 911  # before: 900×560, Apply below the screen


def test_the_recovery_and_getting_started_dialogs_fit_a_small_screen(qtbot, monkeypatch):
    from editor_app.ui.about import GettingStartedDialog
    from editor_app.ui.history_panel import RecoveryDialog

    _screen(monkeypatch, 911, 512)
    dialog = GettingStartedDialog()
    qtbot.addWidget(dialog)
    assert dialog.height() <= 512 - 24  # before: 640
    recovery = RecoveryDialog("survey.md", "old\n", {"time": 0, "text": "new\n"}, compare_later=True)
    qtbot.addWidget(recovery)
    assert recovery.height() <= 512 - 24  # before: 560, "Restore autosave" below the screen


def test_nothing_overlaps_the_status_bar_at_150_percent_on_a_laptop(qtbot, monkeypatch, sample_path):
    """1366×768 at 150 % is 911×512 to Qt: the window got 472 px, but the panels' contents needed 489 (the History
    trend chart alone kept 160 px), so the Self-check's counters table was drawn across the status bar's headline."""
    from editor_app.ui.app import create_window

    _screen(monkeypatch, 911, 512)
    window = create_window(sample_path, Config(arxiv_url="http://127.0.0.1:9/api/query", arxiv_interval=0.0))
    qtbot.addWidget(window)
    window.ask_unsaved_changes = lambda: "discard"
    window.show()
    qtbot.waitExposed(window)
    QApplication.processEvents()
    needed = window.minimumSizeHint()
    assert needed.height() <= window.height() and needed.width() <= window.width(), (needed, window.size())
    status = window.statusBar().geometry()
    assert window.panels_dock.geometry().bottom() < status.top()


def test_a_panel_splitter_dragged_to_an_edge_leaves_each_part_in_sight(qtbot, sample_path):
    """Dragging a splitter handle of the Self-check or History tab to the edge collapsed the Rules table (its title
    too) or the trend chart to 0 px, with only a hairline left to drag it back from."""
    from PySide6.QtWidgets import QSplitter

    from editor_app.ui.app import create_window

    window = create_window(sample_path, Config(arxiv_url="http://127.0.0.1:9/api/query", arxiv_interval=0.0))
    qtbot.addWidget(window)
    window.ask_unsaved_changes = lambda: "discard"
    window.show()
    qtbot.waitExposed(window)
    history = window.findChild(QWidget, "history_panel")
    for panel in (window.selfcheck, history):
        window.tabs.setCurrentWidget(panel)
        QApplication.processEvents()
        split = panel.findChild(QSplitter)
        split.moveSplitter(0, 1)  # the first handle up to the top
        split.moveSplitter(split.height(), split.count() - 1)  # the last down to the bottom
        QApplication.processEvents()
        assert min(split.sizes()) >= 40, (panel.objectName(), split.sizes())  # before: [0, …] and […, 0]
