"""QA: `survey-editor --arxiv-url URL` (a fake arXiv on loopback): Settings must say that the command line's URL
is the one in use. It showed the saved https://export.arxiv.org/api/query as if it applied, and an edit there
changed nothing for the session."""

from __future__ import annotations

from editor_app.config import Config
from ui_support import open_window


def test_settings_name_the_command_line_choices(qtbot, sample_path):
    from editor_app.ui.about import show_settings

    fake = "http://127.0.0.1:8765/api/query"
    window = open_window(qtbot, sample_path, Config(arxiv_url=fake, arxiv_interval=0.0))
    assert window.config.arxiv_url == fake
    dialog = show_settings(window)
    qtbot.addWidget(dialog)
    note = dialog.env_note
    assert not note.isHidden()
    assert "--arxiv-url" in note.text() and fake in note.text()  # before: only SURVEY_ARXIV_URL was named
    dialog.reject()


def test_no_command_line_note_without_command_line_choices(qtbot, sample_path):
    from editor_app.ui.about import show_settings

    window = open_window(qtbot, sample_path)  # the same arXiv URL as the environment's: nothing overridden
    dialog = show_settings(window)
    qtbot.addWidget(dialog)
    assert "--arxiv-url" not in dialog.env_note.text()
    dialog.reject()
