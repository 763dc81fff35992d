"""Pytest plugin: a settings store in a temporary INI file (`settings_store`) and a Settings dialog on it
(`settings_dialog`), for the Settings tests."""

from __future__ import annotations

import pytest


@pytest.fixture
def settings_store(tmp_path, qtbot):
    from PySide6.QtCore import QSettings

    from editor_app.ui.settings_store import SettingsStore

    return SettingsStore(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))


@pytest.fixture
def settings_dialog(settings_store, qtbot):
    from editor_app.ui.settings_dialog import SettingsDialog

    d = SettingsDialog(settings_store)
    qtbot.addWidget(d)
    return d
