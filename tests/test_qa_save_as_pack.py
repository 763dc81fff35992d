"""QA: a survey saved (Save As) beside a team's survey-rules.toml is checked with that pack at once, as
`survey-check` will check it; it stayed on the house pack until reopened."""

from __future__ import annotations

import shutil

from editor_app.resources_path import resource_path
from ui_support import open_window


def test_save_as_into_a_team_folder_switches_to_its_pack(qtbot, tmp_path, sample_path):
    team = tmp_path / "team"
    team.mkdir()
    shutil.copy(resource_path("rulepacks", "english-markdown.toml"), team / "survey-rules.toml")
    window = open_window(qtbot, sample_path)  # the bundled sample, house pack
    assert window.pack.name == "llm-infra-survey"
    window.choose_save_path = lambda start: str(team / "my-survey.md")
    with qtbot.waitSignal(window.analysis_ready, timeout=20000):
        assert window.save_as()
    qtbot.waitUntil(lambda: window.runner.published_revision == window.runner.revision, timeout=20000)
    assert window.pack.name == "english-markdown"
    assert window.latest_analysis.pack == "english-markdown"
    assert "words" in window.headline_label.text()
    # and back: Save As somewhere without a pack returns to the house pack
    window.choose_save_path = lambda start: str(tmp_path / "elsewhere.md")
    with qtbot.waitSignal(window.analysis_ready, timeout=20000):
        assert window.save_as()
    qtbot.waitUntil(lambda: window.runner.published_revision == window.runner.revision, timeout=20000)
    assert window.pack.name == window.latest_analysis.pack == "llm-infra-survey"
