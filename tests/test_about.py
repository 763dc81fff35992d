"""Help → About shows version, licence and data locations; Getting started; Settings… opens the dialog."""

from __future__ import annotations

import os

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QMainWindow

from editor_app import __version__
from editor_app.ui import about
from editor_app.ui.settings_dialog import SettingsDialog
from editor_app.ui.settings_store import SettingsStore


@pytest.fixture
def window(qtbot, tmp_path):
    w = QMainWindow()
    w.settings_store = SettingsStore(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    w.menu_help = w.menuBar().addMenu("Help")
    w.menu_edit = w.menuBar().addMenu("Edit")
    qtbot.addWidget(w)
    about.install(w)
    return w


def test_install_puts_actions_into_the_windows_menus(window):
    assert window.action_about in window.menu_help.actions()
    assert window.action_getting_started in window.menu_help.actions()
    assert window.action_settings in window.menu_edit.actions()
    assert window.action_settings.shortcut() == QKeySequence("Ctrl+,")
    assert len(window.menuBar().actions()) == 2  # no extra menus when the window has its own


def test_install_makes_menus_when_the_window_has_none(qtbot):
    w = QMainWindow()
    qtbot.addWidget(w)
    about.install(w)
    titles = [a.text() for a in w.menuBar().actions()]
    assert titles == ["&Help", "&Edit"]


def test_about_names_version_licence_and_data_locations(window, qtbot):
    dialog = about.show_about(window)
    qtbot.addWidget(dialog)
    text = dialog.text.text()
    assert __version__ in text and "MIT" in text
    assert os.environ["SURVEY_EDITOR_DB"] in text  # the database the program really uses
    assert window.settings_store.qsettings.fileName() in text
    assert "llm-infra-survey.toml" in text


def test_getting_started_explains_panels_cli_and_rule_pack(window, qtbot):
    window.action_getting_started.trigger()
    dialog = window.getting_started_dialog
    assert dialog.isVisible()
    page = dialog.browser.toPlainText()
    for words in ("Self-check", "References", "survey-check", "rule pack", "--format json"):
        assert words in page
    window.action_getting_started.trigger()
    assert window.getting_started_dialog is dialog  # one page, raised again
    assert "规则包" in about.getting_started_markdown("zh_CN")
    assert about.getting_started_markdown("fr") == about.getting_started_markdown("en")


def test_settings_action_opens_the_dialog_on_the_windows_store(window, qtbot):
    window.action_settings.trigger()
    dialogs = window.findChildren(SettingsDialog)
    assert len(dialogs) == 1 and dialogs[0].isVisible()
    assert dialogs[0].store is window.settings_store
    dialogs[0].contact_edit.setText("lead@example.org")
    dialogs[0].save()
    assert window.settings_store.stored_config().contact == "lead@example.org"
