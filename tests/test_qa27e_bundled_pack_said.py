"""The bundled rule pack is part of the program, read at start and not watched (an installed one is not the user's to
edit); a pack beside the survey or chosen in Settings is watched and applies once saved. Settings said neither which
file checked the survey nor which edits apply at once: it says both under the rule pack field."""

from __future__ import annotations

from pathlib import Path

from editor_app.config import Config
from editor_app.resources_path import house_pack_path


def _window(qtbot, survey: Path):
    from editor_app.ui.app import create_window

    window = create_window(survey, Config(arxiv_url="http://127.0.0.1:9/api/query"))
    qtbot.addWidget(window)
    window.ask_unsaved_changes = lambda: "discard"
    window.show()
    qtbot.waitUntil(lambda: window.latest_analysis is not None, timeout=20000)
    return window


def test_settings_name_the_bundled_pack_and_when_its_edits_apply(qtbot, tmp_path, sample_text):
    from editor_app.ui.about import show_settings

    survey = tmp_path / "s.md"
    survey.write_text(sample_text, encoding="utf-8")
    window = _window(qtbot, survey)
    dialog = show_settings(window)
    said = dialog.pack_in_use.text()
    assert dialog.pack_in_use.isVisible()  # before: no word of the pack in use
    assert "bundled pack llm-infra-survey" in said and str(house_pack_path()) in said
    assert "next start" in said and "survey-rules.toml beside the survey" in said
    assert dialog.width() <= 700  # a long path is broken, not a wider dialog
    dialog.close()


def test_a_pack_beside_the_survey_is_named_and_applies_once_saved(qtbot, tmp_path, sample_text):
    from editor_app.ui.about import show_settings

    survey = tmp_path / "s.md"
    survey.write_text(sample_text, encoding="utf-8")
    window = _window(qtbot, survey)
    beside = tmp_path / "survey-rules.toml"
    beside.write_text((house_pack_path().parent / "english-markdown.toml").read_text(encoding="utf-8"),
                      encoding="utf-8")
    qtbot.waitUntil(lambda: window.pack.name == "english-markdown", timeout=10000)  # watched: taken at once
    dialog = show_settings(window)
    said = dialog.pack_in_use.text()
    assert "english-markdown" in said and str(beside.resolve()) in said and "applies at once" in said
    assert "bundled" not in said
    dialog.close()
