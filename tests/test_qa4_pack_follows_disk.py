"""QA: while a survey is open, its team edits, breaks, fixes, removes and copies back the survey-rules.toml beside it;
the window follows each step and says so. Before: a fixed pack was used again but the status bar still said "Rule
pack not usable" and the warning box stayed open; an edited pack was taken without a word; a deleted pack went on
checking the survey (survey-check used the house pack); a pack copied beside an open survey was never noticed."""

from __future__ import annotations

import shutil

from shiboken6 import isValid

from editor_app.resources_path import resource_path
from ui_support import open_window


def _limit(window, rule_id="word-budget"):
    return next((r.limit for r in window.latest_analysis.rules if r.id == rule_id), None)


def _change(qtbot, window, write):
    """Write the pack file and let the window's watcher see it (as its file-system event would)."""
    with qtbot.waitSignal(window.analysis_ready, timeout=10000):
        write()
        assert window._pack_watcher.check()


def test_the_window_follows_the_pack_beside_the_survey_and_says_so(qtbot, tmp_path):
    survey = tmp_path / "survey.md"
    survey.write_text("# Survey\n\nWord count: 5\n\n## References\n\n-- Team · 2026-11-30\n", encoding="utf-8")
    pack_file = tmp_path / "survey-rules.toml"
    good = resource_path("rulepacks", "english-markdown.toml").read_text(encoding="utf-8")
    pack_file.write_text(good, encoding="utf-8")
    window = open_window(qtbot, survey)
    told = []
    notify = window.notify
    window.notify = lambda title, message: told.append(message) or notify(title, message)
    status = window.statusBar().currentMessage
    assert _limit(window) == "≤ 2,500"

    _change(qtbot, window, lambda: pack_file.write_text(good.replace("max = 2500", "max = 100"), encoding="utf-8"))
    assert _limit(window) == "≤ 100"
    assert "reloaded" in status() and "survey-rules.toml" in status()

    pack_file.write_text(good.replace("max = 2500", 'max = "100"'), encoding="utf-8")  # broken
    assert window._pack_watcher.check()
    qtbot.waitUntil(lambda: bool(told), timeout=5000)
    notice = window._pack_notice
    assert notice.isVisible() and "not usable" in status()

    _change(qtbot, window, lambda: pack_file.write_text(good.replace("max = 2500", "max = 200"), encoding="utf-8"))
    assert _limit(window) == "≤ 200"
    assert "not usable" not in status() and "reloaded" in status()
    qtbot.waitUntil(lambda: not isValid(notice) or not notice.isVisible(), timeout=5000)  # closed

    _change(qtbot, window, pack_file.unlink)  # removed: checked as survey-check checks it now, with the house pack
    assert window.pack.name == "llm-infra-survey" and window.latest_analysis.pack == "llm-infra-survey"
    assert "removed" in status() and "llm-infra-survey" in status()

    _change(qtbot, window, lambda: shutil.copy(resource_path("rulepacks", "english-markdown.toml"), pack_file))
    assert window.pack.name == "english-markdown" and _limit(window) == "≤ 2,500"
    assert len(told) == 1


def test_a_pack_copied_beside_a_survey_that_had_none_is_used(qtbot, tmp_path):
    survey = tmp_path / "survey.md"
    survey.write_text("# Survey\n\nWord count: 5\n", encoding="utf-8")
    window = open_window(qtbot, survey)
    assert window.pack.name == "llm-infra-survey"
    _change(qtbot, window, lambda: shutil.copy(resource_path("rulepacks", "english-markdown.toml"),
                                               tmp_path / "survey-rules.toml"))
    assert window.pack.name == "english-markdown" and window.latest_analysis.pack == "english-markdown"
