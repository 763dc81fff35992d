"""QA (packqa3): a pack beside the survey may be named survey-rules.toml or .survey-rules.toml, and the window
follows a pack copied beside an open survey. Only the first name was watched: a .survey-rules.toml copied beside the
open survey was never taken (survey-check took it at once), nor a survey-rules.toml copied beside a survey checked
with its .survey-rules.toml (the first name wins)."""

from __future__ import annotations

from editor_app.resources_path import resource_path
from ui_support import open_window

GOOD = resource_path("rulepacks", "english-markdown.toml").read_text(encoding="utf-8")


def _limit(window):
    return next((r.limit for r in window.latest_analysis.rules if r.id == "word-budget"), None)


def _seen(qtbot, window, write):
    """Write a pack file and let the window's watchers see it (as their file-system events would)."""
    with qtbot.waitSignal(window.analysis_ready, timeout=10000):
        write()
        assert any(w.check() for w in (window._pack_watcher, window._pack_rival_watcher))


def test_a_hidden_pack_copied_beside_the_open_survey_is_used(qtbot, tmp_path):
    survey = tmp_path / "post.md"
    survey.write_text("# Post\n\nWord count: 4\n", encoding="utf-8")
    window = open_window(qtbot, survey)
    assert window.pack.name == "llm-infra-survey"
    hidden = tmp_path / ".survey-rules.toml"
    _seen(qtbot, window, lambda: hidden.write_text(GOOD, encoding="utf-8"))
    assert window.pack.name == "english-markdown" and _limit(window) == "≤ 2,500"
    assert ".survey-rules.toml" in window.statusBar().currentMessage()

    _seen(qtbot, window, lambda: hidden.write_text(GOOD.replace("max = 2500", "max = 100"), encoding="utf-8"))
    assert _limit(window) == "≤ 100"  # and followed from then on

    first = tmp_path / "survey-rules.toml"  # the first name wins over the hidden one, as in survey-check
    _seen(qtbot, window, lambda: first.write_text(GOOD.replace("max = 2500", "max = 700"), encoding="utf-8"))
    assert _limit(window) == "≤ 700"
    _seen(qtbot, window, first.unlink)  # gone: the hidden one applies again
    assert _limit(window) == "≤ 100"


def test_a_pack_not_in_use_changing_beside_the_survey_changes_nothing(qtbot, tmp_path):
    survey = tmp_path / "post.md"
    survey.write_text("# Post\n\nWord count: 4\n", encoding="utf-8")
    (tmp_path / "survey-rules.toml").write_text(GOOD, encoding="utf-8")
    hidden = tmp_path / ".survey-rules.toml"
    window = open_window(qtbot, survey)
    analysed = []
    window.analysis_ready.connect(analysed.append)
    hidden.write_text(GOOD.replace("max = 2500", "max = 100"), encoding="utf-8")
    window._pack_rival_watcher.check()
    qtbot.wait(300)
    assert not analysed and _limit(window) == "≤ 2,500"
