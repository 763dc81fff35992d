"""The window's language could be chosen only by SURVEY_EDITOR_LANG: Edit → Settings had no option, so a user on an
English desktop who wanted the Chinese window (or the other way round) had to start the program from a shell. Settings
now has Language (System / English / 中文), stored with the other settings and read when the program starts (the
menus, panels and tables are built in it; the dialog says a new choice takes effect at the next start).
SURVEY_EDITOR_LANG still wins, and the dialog names it as it names the other environment overrides. The report that
File → Export writes follows the window's language (editor_app/ui/export_actions.py: window_language)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from PySide6.QtCore import QSettings

ROOT = Path(__file__).resolve().parent.parent


def test_the_saved_language_is_chosen_unless_the_environment_says_otherwise():
    from editor_app.ui.i18n import chosen_language

    assert chosen_language({}, "en_US", saved="zh_CN") == "zh_CN"
    assert chosen_language({}, "zh_CN", saved="en") == "en"
    assert chosen_language({}, "zh_CN", saved="") == "zh_CN"  # System: the desktop's locale
    assert chosen_language({}, "en_US", saved="fr") == "en"  # a value no build offers: the system's
    assert chosen_language({"SURVEY_EDITOR_LANG": "en"}, "en_US", saved="zh_CN") == "en"


def test_settings_offers_the_language_and_stores_it(settings_dialog, settings_store, monkeypatch, qtbot):
    from editor_app.ui.settings_dialog import SettingsDialog

    combo = settings_dialog.language_combo  # before: no such setting
    assert [combo.itemData(i) for i in range(combo.count())] == ["", "en", "zh_CN"]
    assert combo.itemText(0).startswith("System") and combo.itemText(2) == "中文"
    assert combo.currentData() == ""
    combo.setCurrentIndex(combo.findData("zh_CN"))
    settings_dialog.save()
    assert settings_store.stored_config().language == "zh_CN"
    monkeypatch.delenv("SURVEY_EDITOR_LANG", raising=False)
    again = SettingsDialog(settings_store)
    qtbot.addWidget(again)
    assert again.language_combo.currentData() == "zh_CN"
    assert "next time the program starts" in again.language_note.text()
    assert "SURVEY_EDITOR_LANG" not in again.env_note.text()
    again.reset_to_defaults()
    assert again.language_combo.currentData() == ""


def test_the_dialog_says_the_environment_wins_over_the_language(settings_store, monkeypatch, qtbot):
    from editor_app.ui.settings_dialog import SettingsDialog

    monkeypatch.setenv("SURVEY_EDITOR_LANG", "en")
    dialog = SettingsDialog(settings_store)
    qtbot.addWidget(dialog)
    assert "SURVEY_EDITOR_LANG=en" in dialog.language_note.text()
    assert "SURVEY_EDITOR_LANG" in dialog.env_note.text()


def _started_in(tmp_path: Path, saved: str, forced: str | None) -> list[str]:
    """Start the application as survey-editor does, with `saved` in the settings file: its language, the File menu's
    title and the Getting started page's first line."""
    config_home = tmp_path / "xdg-config"
    ini = config_home / "survey-editor" / "survey-editor.ini"
    ini.parent.mkdir(parents=True)
    settings = QSettings(str(ini), QSettings.Format.IniFormat)
    settings.setValue("config/language", saved)
    settings.sync()
    env = {k: v for k, v in os.environ.items() if k != "SURVEY_EDITOR_LANG"}
    env.update(XDG_CONFIG_HOME=str(config_home), LANG="C.UTF-8", LC_ALL="C.UTF-8", LANGUAGE="",
               PYTHONPATH=os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")]), PYTHONIOENCODING="utf-8")
    if forced:
        env["SURVEY_EDITOR_LANG"] = forced
    code = ("from PySide6.QtCore import QCoreApplication\n"
            "from editor_app.ui.app import make_application\n"
            "from editor_app.ui.about import getting_started_markdown\n"
            "app = make_application(['survey-editor'])\n"
            "print(app.property('survey_editor_language'))\n"
            "print(QCoreApplication.translate('WindowMenus', '&File'))\n"
            "print(getting_started_markdown().splitlines()[0])\n")
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, encoding="utf-8",
                          timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def test_the_program_starts_in_the_saved_language(tmp_path):
    assert _started_in(tmp_path, "zh_CN", None) == ["zh_CN", "文件(&F)", "# 快速上手"]  # before: English


def test_the_environment_still_wins_at_the_start(tmp_path):
    assert _started_in(tmp_path, "zh_CN", "en") == ["en", "&File", "# Getting started"]


def test_the_window_says_when_the_new_language_comes(qtbot, sample_path, tmp_path, monkeypatch):
    from editor_app.config import Config
    from ui_support import open_window

    monkeypatch.delenv("SURVEY_EDITOR_LANG", raising=False)
    window = open_window(qtbot, sample_path)  # in English (the tests' application)
    window.settings_store.save(Config(language="zh_CN"))
    assert "中文" in window.statusBar().currentMessage() and "next start" in window.statusBar().currentMessage()
