"""QA: Help → About names the database and the rule pack the running window really uses."""

from __future__ import annotations

import shutil

from editor_app.config import Config
from editor_app.resources_path import resource_path
from editor_app.ui import about
from ui_support import open_window


def test_about_shows_the_command_line_database_and_the_pack_beside_the_survey(qtbot, tmp_path, sample_text):
    survey = tmp_path / "survey.md"
    survey.write_text(sample_text, encoding="utf-8")
    shutil.copy(resource_path("rulepacks", "english-markdown.toml"), tmp_path / "survey-rules.toml")
    db = tmp_path / "from-the-command-line.db"  # survey-editor --db PATH
    window = open_window(qtbot, survey, Config(db_path=db, arxiv_url="http://127.0.0.1:9/api/query"))
    assert window.pack.name == "english-markdown"
    dialog = about.show_about(window)
    qtbot.addWidget(dialog)
    text = dialog.text.text()
    assert str(db) in text  # before: the settings' database, not the one in use
    assert str(tmp_path / "survey-rules.toml") in text and "llm-infra-survey.toml" not in text
