"""fix28input left this: a setting that can't be used (autosave_seconds=inf in the settings file, a bad
SURVEY_ARXIV_URL) was said on stderr and in Edit → Settings only, and a window started from a menu has no terminal:
its user was never told the default is in force. The window now says it once at start (a non-modal message and the
status bar), naming each setting and its value."""

from __future__ import annotations

from PySide6.QtWidgets import QMessageBox

from editor_app.config import Config
from editor_app.core.rulepack import house_pack


def _window(qtbot, settings_store):
    from editor_app.ui.main_window import MainWindow

    window = MainWindow(Config(arxiv_url="http://127.0.0.1:9/api/query", arxiv_interval=0.0),
                        settings_store=settings_store, pack=house_pack(), debounce_ms=0)
    qtbot.addWidget(window)
    return window


def _boxes(window) -> list[QMessageBox]:
    return [w for w in window.findChildren(QMessageBox) if w.isVisible()]


def test_a_setting_that_cant_be_used_is_said_in_the_window(qtbot, settings_store, monkeypatch):
    monkeypatch.setattr("editor_app.config._TOLD", set())
    monkeypatch.delenv("SURVEY_ARXIV_URL", raising=False)
    settings_store.qsettings.setValue("config/autosave_seconds", "inf")
    window = _window(qtbot, settings_store)
    qtbot.waitUntil(lambda: bool(_boxes(window)), timeout=5000)
    (box,) = _boxes(window)
    assert "autosave_seconds='inf'" in box.text() and "defaults are used" in box.text()
    assert "Settings not usable" in window.statusBar().currentMessage()


def test_an_environment_value_that_cant_be_used_is_said_too(qtbot, settings_store, monkeypatch):
    monkeypatch.setattr("editor_app.config._TOLD", set())
    monkeypatch.setenv("SURVEY_ARXIV_URL", "ftp://127.0.0.1/api/query")
    window = _window(qtbot, settings_store)
    qtbot.waitUntil(lambda: bool(_boxes(window)), timeout=5000)
    assert "SURVEY_ARXIV_URL='ftp://127.0.0.1/api/query'" in _boxes(window)[0].text()


def test_usable_settings_say_nothing(qtbot, settings_store, monkeypatch):
    monkeypatch.delenv("SURVEY_ARXIV_URL", raising=False)
    settings_store.qsettings.setValue("config/autosave_seconds", "90")
    window = _window(qtbot, settings_store)
    qtbot.wait(200)
    assert not _boxes(window)
    assert "Settings not usable" not in window.statusBar().currentMessage()
