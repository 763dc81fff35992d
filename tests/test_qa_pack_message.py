"""QA: a team rule pack broken while the survey is open: the message says which pack is really used."""

from __future__ import annotations

import shutil

from editor_app.resources_path import resource_path
from ui_support import open_window


def test_breaking_the_pack_beside_the_survey_keeps_it_and_says_so(qtbot, tmp_path, sample_text):
    survey = tmp_path / "survey.md"
    survey.write_text(sample_text, encoding="utf-8")
    pack_file = tmp_path / "survey-rules.toml"
    shutil.copy(resource_path("rulepacks", "english-markdown.toml"), pack_file)
    window = open_window(qtbot, survey)
    assert window.pack.name == "english-markdown"
    told = []
    window.notify = lambda title, message: told.append(message)
    pack_file.write_text(pack_file.read_text(encoding="utf-8") + "\n[[rules]]\nid = 3\n", encoding="utf-8")
    window._pack_watcher.check()
    qtbot.waitUntil(lambda: bool(told), timeout=5000)
    assert window.pack.name == "english-markdown"  # the last usable version of the team's pack stays in use
    assert "survey-rules.toml" in told[0]
    assert "house pack" not in told[0] and "(english-markdown)" in told[0]  # before: "The bundled house pack …"


def test_a_survey_whose_pack_is_broken_from_the_start_gets_the_house_pack(qtbot, tmp_path, sample_text):
    survey = tmp_path / "survey.md"
    survey.write_text(sample_text, encoding="utf-8")
    (tmp_path / "survey-rules.toml").write_text("schema = 1\nname = \n", encoding="utf-8")
    told = []
    from editor_app.ui.main_window import MainWindow

    MainWindow.notify, original = (lambda self, title, message: told.append(message)), MainWindow.notify
    try:
        window = open_window(qtbot, survey)
        qtbot.waitUntil(lambda: bool(told), timeout=5000)
    finally:
        MainWindow.notify = original
    assert window.pack.name == "llm-infra-survey"
    assert "house pack is used instead" in told[-1] or "(llm-infra-survey)" in told[-1]
