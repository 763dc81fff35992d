"""QA: a team rule pack that is broken when the survey is opened is put in use as soon as the file is fixed
(the message says "until the file is fixed"; before, the broken file was not watched and the house pack stayed)."""

from __future__ import annotations

import shutil

from editor_app.resources_path import resource_path
from ui_support import open_window


def test_fixing_a_pack_that_was_broken_at_open_puts_it_in_use(qtbot, tmp_path, sample_text):
    survey = tmp_path / "survey.md"
    survey.write_text(sample_text, encoding="utf-8")
    pack_file = tmp_path / "survey-rules.toml"
    good = resource_path("rulepacks", "english-markdown.toml").read_text(encoding="utf-8")
    pack_file.write_text(good + "\n[[rules]]\nid = 3\n", encoding="utf-8")  # broken
    from editor_app.ui.main_window import MainWindow

    told = []
    MainWindow.notify, original = (lambda self, title, message: told.append(message)), MainWindow.notify
    try:
        window = open_window(qtbot, survey)
        qtbot.waitUntil(lambda: bool(told), timeout=5000)
    finally:
        MainWindow.notify = original
    assert window.pack.name == "llm-infra-survey"

    pack_file.write_text(good, encoding="utf-8")  # the team fixes its pack
    with qtbot.waitSignal(window.analysis_ready, timeout=10000):
        assert window._pack_watcher.check()
    assert window.pack.name == "english-markdown"
    assert window.latest_analysis.pack == "english-markdown"


def test_fixing_a_broken_pinned_pack_puts_it_in_use(qtbot, tmp_path, sample_text):
    survey = tmp_path / "survey.md"
    survey.write_text(sample_text, encoding="utf-8")
    pack_file = tmp_path / "team.toml"
    shutil.copy(resource_path("rulepacks", "english-markdown.toml"), pack_file)
    good = pack_file.read_text(encoding="utf-8")
    pack_file.write_text("schema = 1\nname = \n", encoding="utf-8")
    from editor_app.ui.main_window import MainWindow

    MainWindow.notify, original = (lambda self, title, message: None), MainWindow.notify
    try:
        window = open_window(qtbot, survey, pack_path=pack_file)
    finally:
        MainWindow.notify = original
    assert window.pack.name == "llm-infra-survey"
    pack_file.write_text(good, encoding="utf-8")
    with qtbot.waitSignal(window.analysis_ready, timeout=10000):
        assert window._pack_watcher.check()
    assert window.pack.name == "english-markdown"
