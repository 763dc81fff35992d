"""Two small things a keyboard user and a returning user meet: View → History (Ctrl+5) like the other tabs'
Ctrl+1 … Ctrl+4, and an Open Recent entry whose file is gone leaves the list once opening it fails (before, it
stayed there, failing every time)."""

from __future__ import annotations

from PySide6.QtGui import QKeySequence

from editor_app.config import Config
from editor_app.ui import history_panel
from ui_support import open_window


def test_ctrl_5_shows_the_history_tab_with_the_list_taking_the_keys(qtbot, tmp_path, sample_path):
    survey = tmp_path / "survey.md"
    survey.write_text(sample_path.read_text(encoding="utf-8"), encoding="utf-8")
    window = open_window(qtbot, survey, Config(db_path=tmp_path / "h.db", arxiv_url="http://127.0.0.1:9/api/query"))
    ctl = history_panel.install(window)
    act = window.action_show_history
    view = [a for a in window.menu_view.actions() if not a.isSeparator()]
    shortcuts = [a.shortcut().toString() for a in view]
    assert shortcuts.index("Ctrl+5") == shortcuts.index("Ctrl+4") + 1  # listed with the other tabs
    assert act.shortcut() == QKeySequence("Ctrl+5")
    act.trigger()
    assert window.tabs.currentWidget() is ctl.panel
    qtbot.waitUntil(lambda: ctl.panel.table.hasFocus() or not window.isActiveWindow(), timeout=2000)


def test_a_recent_file_that_is_gone_leaves_the_list(qtbot, tmp_path, sample_path):
    survey = tmp_path / "survey.md"
    survey.write_text(sample_path.read_text(encoding="utf-8"), encoding="utf-8")
    gone = tmp_path / "moved-away.md"
    gone.write_text("# 草稿\n", encoding="utf-8")
    window = open_window(qtbot, gone)
    window.open_path(survey)
    store = window.settings_store
    assert str(gone.resolve()) in store.recent_files()
    gone.unlink()  # moved or deleted by another program
    told = []
    window.show_error = lambda title, message: told.append(message)
    window.menus.rebuild_recent()
    entry = next(a for a in window.menus.menu_recent.actions() if a.text() == str(gone.resolve()))
    entry.trigger()
    assert told and "does not exist" in told[0]  # the user is told why, once
    assert str(gone.resolve()) not in store.recent_files()
    assert str(survey.resolve()) in store.recent_files()
    assert str(gone.resolve()) not in [a.text() for a in window.menus.menu_recent.actions()]
