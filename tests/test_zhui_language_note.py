"""Settings' language applies at the next start (the window is built in the language it started in), but the note
under it said only "A new language takes effect the next time the program starts", the same whatever was chosen: a
user choosing English in the Chinese window saw nothing change, nor a word that this choice was the one pending. The
note now follows the choice, naming the language the window keeps and the one it will have."""

from __future__ import annotations

import pytest


@pytest.fixture
def no_forced_language(monkeypatch):
    monkeypatch.delenv("SURVEY_EDITOR_LANG", raising=False)


def _choose(dialog, code: str) -> str:
    dialog.language_combo.setCurrentIndex(dialog.language_combo.findData(code))
    return dialog.language_note.text()


def test_the_note_names_both_languages_in_the_chinese_window(no_forced_language, chinese, zh_translation, qtbot,
                                                             settings_store):
    from editor_app.ui.settings_dialog import SettingsDialog

    dialog = SettingsDialog(settings_store)
    qtbot.addWidget(dialog)
    assert _choose(dialog, "en") == "下次启动程序时，窗口将改为 English；在此之前仍为 中文。"
    assert _choose(dialog, "zh_CN") == "更改的语言将在下次启动程序时生效。"  # nothing pending: the window is in it


def test_and_in_the_english_one(no_forced_language, settings_dialog):
    said = _choose(settings_dialog, "zh_CN")
    assert said == "From the next time the program starts, the window is in 中文; until then it stays in English."
    assert _choose(settings_dialog, "en") == "A new language takes effect the next time the program starts."
