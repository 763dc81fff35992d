"""QA: `survey-editor --pack P`, then Edit → Settings → Save (say, only a new autosave interval): the survey was
checked with the saved (or bundled) pack from then on, --pack silently dropped, and the dialog never said --pack
was in force. --pack now stays for the session and the dialog names it."""

from __future__ import annotations

from dataclasses import replace

from editor_app.resources_path import resource_path
from ui_support import open_window


def test_saving_settings_keeps_the_command_line_pack(qtbot, sample_path):
    english = resource_path("rulepacks", "english-markdown.toml")
    window = open_window(qtbot, sample_path, pack_path=english)
    assert window.pack.name == "english-markdown"
    store = window.settings_store
    store.save(replace(store.stored_config(), autosave_seconds=60))
    qtbot.wait(300)
    assert window.pack.name == "english-markdown"
    assert window.config.autosave_seconds == 60  # the saved change itself did apply


def test_settings_dialog_says_the_command_line_pack_is_in_force(qtbot, sample_path):
    from editor_app.ui.about import show_settings

    english = resource_path("rulepacks", "english-markdown.toml")
    window = open_window(qtbot, sample_path, pack_path=english)
    dialog = show_settings(window)
    qtbot.addWidget(dialog)
    assert not dialog.env_note.isHidden()
    assert "--pack" in dialog.env_note.text() and str(english) in dialog.env_note.text()
    dialog.reject()
