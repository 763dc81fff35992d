"""QA: Edit → Settings with a saved editor font that is not installed (settings brought from another computer): the
dialog showed some other font as if it were the one in use, said nothing, and Save (of any other setting) replaced
the saved name with it. And SURVEY_EDITOR_AUTOSAVE_SECONDS, which wins over the autosave interval, was the one
environment override the dialog did not name, so an edited interval silently did nothing."""

from __future__ import annotations


from editor_app.config import Config
from editor_app.ui.settings_dialog import SettingsDialog

MISSING = "No Such Font Survey QA"


def test_a_saved_font_that_is_not_installed_is_named_and_kept(settings_store, qtbot):
    settings_store.save(Config(editor_font=MISSING))
    d = SettingsDialog(settings_store)
    qtbot.addWidget(d)
    assert not d.font_note.isHidden()
    assert MISSING in d.font_note.text() and "not installed" in d.font_note.text()
    from editor_app.ui.code_editor import pick_editor_font

    in_use = pick_editor_font(MISSING).family()
    assert d.font_combo.currentFont().family() == in_use and in_use in d.font_note.text()
    d.autosave_spin.setValue(90)
    d.save()
    assert settings_store.stored_config() == Config(editor_font=MISSING, autosave_seconds=90)


def test_an_installed_font_gets_no_note_and_another_pick_is_saved(settings_store, qtbot):
    settings_store.save(Config(editor_font=MISSING))
    d = SettingsDialog(settings_store)
    qtbot.addWidget(d)
    other = next(i for i in range(d.font_combo.count()) if d.font_combo.itemText(i) != d.font_combo.currentText())
    d.font_combo.setCurrentIndex(other)
    picked = d.font_combo.currentFont().family()
    d.save()
    assert settings_store.stored_config().editor_font == picked != MISSING
    again = SettingsDialog(settings_store)
    qtbot.addWidget(again)
    assert again.font_note.isHidden()


def test_the_autosave_environment_override_is_named(settings_store, qtbot, monkeypatch):
    monkeypatch.setenv("SURVEY_EDITOR_AUTOSAVE_SECONDS", "5")
    d = SettingsDialog(settings_store)
    qtbot.addWidget(d)
    assert "SURVEY_EDITOR_AUTOSAVE_SECONDS" in d.env_note.text()


def test_the_font_note_is_in_chinese_in_the_chinese_window(settings_store, qtbot):
    from PySide6.QtCore import QCoreApplication, QTranslator

    from editor_app.resources_path import resource_path

    app = QCoreApplication.instance()
    translator = QTranslator()
    assert translator.load(str(resource_path("i18n", "survey_editor_zh_CN.qm")))
    app.installTranslator(translator)
    try:
        settings_store.save(Config(editor_font=MISSING))
        d = SettingsDialog(settings_store)
        qtbot.addWidget(d)
        assert "未安装" in d.font_note.text() and MISSING in d.font_note.text()
    finally:
        app.removeTranslator(translator)
