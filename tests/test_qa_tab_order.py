"""QA: the panel tabs moved by the user came back in a jumbled order after a restart (History first, Preview
second gave Preview, Self-check, Figures, References, History): History is added after the saved order was
applied and had no name to be found by. Every tab now comes back where the user put it."""

from __future__ import annotations

from editor_app.config import Config


def _window(qtbot, sample_path, tmp_path):
    from editor_app.ui.app import create_window

    window = create_window(sample_path, Config(db_path=tmp_path / "h.db", arxiv_url="http://127.0.0.1:9/api/query"))
    qtbot.addWidget(window)
    window.ask_unsaved_changes = lambda: "discard"
    return window


def _names(window) -> list[str]:
    return [window.tabs.widget(i).objectName() for i in range(window.tabs.count())]


def test_moved_tabs_come_back_in_the_same_order(qtbot, sample_path, tmp_path):
    first = _window(qtbot, sample_path, tmp_path)
    assert _names(first) == ["selfcheck_panel", "references_panel", "figures_panel", "preview_panel", "history_panel"]
    bar = first.tabs.tabBar()
    bar.moveTab(first.tabs.indexOf(first.history.panel), 0)
    bar.moveTab(first.tabs.indexOf(first.preview), 1)
    moved = _names(first)
    assert moved == ["history_panel", "preview_panel", "selfcheck_panel", "references_panel", "figures_panel"]
    first.save_layout()
    first.shutdown()

    second = _window(qtbot, sample_path, tmp_path)
    assert _names(second) == moved
    second.shutdown()


def test_an_order_saved_without_the_history_name_keeps_the_others(qtbot, sample_path, tmp_path):
    first = _window(qtbot, sample_path, tmp_path)
    first.settings_store.set_value("window/tab_order", ["", "preview_panel", "selfcheck_panel", "references_panel",
                                                        "figures_panel"])  # as saved before History had a name
    first.shutdown()
    second = _window(qtbot, sample_path, tmp_path)
    assert _names(second) == ["preview_panel", "selfcheck_panel", "references_panel", "figures_panel", "history_panel"]
    second.shutdown()
