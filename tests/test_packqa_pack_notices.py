"""QA (rule-pack authors): each save of a still-broken survey-rules.toml opened one more "Rule pack not usable" box,
and fixing the pack closed only the last: after three mistakes and a fix, two boxes still said the pack was not
usable (with errors long since fixed) while the status bar said it was reloaded. Now the pack's latest problem
replaces the one before, and a fix closes it."""

from __future__ import annotations

from PySide6.QtWidgets import QMessageBox

from ui_support import open_window, window_beside_a_pack


def _notices(window) -> list[str]:
    return [box.text() for box in window.findChildren(QMessageBox) if box.isVisible()]


def test_one_notice_at_a_time_says_the_pack_s_latest_problem_and_a_fix_closes_it(qtbot, tmp_path):
    window, pack, good = window_beside_a_pack(qtbot, tmp_path)
    mistakes = [(good.replace("max = 2500", 'max = "2000"'), "rules[0].max: must be a number"),
                (good.replace("unsuppressible = true", "unsupressible = true"), "rules[5].unsupressible: unknown key"),
                (good.replace('id = "claims"', 'id = "privacy"'), "rules[6].id: rule id 'privacy' is used twice")]
    for text, says in mistakes:
        pack.write_text(text, encoding="utf-8")
        assert window._pack_watcher.check()
        qtbot.waitUntil(lambda: any(says in notice for notice in _notices(window)), timeout=5000)
        assert len(_notices(window)) == 1, _notices(window)  # before: one more box each time
    with qtbot.waitSignal(window.analysis_ready, timeout=10000):
        pack.write_text(good.replace("max = 2500", "max = 2000"), encoding="utf-8")
        assert window._pack_watcher.check()
    qtbot.waitUntil(lambda: not _notices(window), timeout=5000)  # before: two stale boxes stayed open
    assert "reloaded" in window.statusBar().currentMessage()
    window.shutdown()


def test_choosing_another_pack_in_settings_closes_the_broken_one_s_notice(qtbot, tmp_path):
    """Before: after a broken pack chosen in Edit → Settings was unset again, its box and the status bar went on
    saying "Rule pack not usable … until the file is fixed" while the survey was checked with the house pack."""
    from editor_app.config import Config

    survey = tmp_path / "survey.md"
    survey.write_text("# Survey\n\nText.\n", encoding="utf-8")
    broken = tmp_path / "team.toml"
    broken.write_text('schema = 1\nname = "t"\n', encoding="utf-8")
    window = open_window(qtbot, survey)
    window._settings_changed(Config(rule_pack=broken))
    qtbot.waitUntil(lambda: any("a pack needs at least one counter" in n for n in _notices(window)), timeout=5000)
    assert "not usable" in window.statusBar().currentMessage()
    window._settings_changed(Config(rule_pack=None))
    qtbot.waitUntil(lambda: not _notices(window), timeout=5000)
    assert window.pack.name == "llm-infra-survey" and not window.pack_problem
    assert "not usable" not in window.statusBar().currentMessage()
    window.shutdown()


def test_a_pack_fixed_before_its_problem_was_told_is_not_called_unusable(qtbot, tmp_path):
    """The problem is told once the window is back in its event loop; a fix saved before that (an editor saving twice
    in a row) made the box say "not usable" about a pack in use."""
    window, pack, good = window_beside_a_pack(qtbot, tmp_path, "# Survey\n\nWord count: 3\n")
    pack.write_text(good.replace("max = 2500", 'max = "2000"'), encoding="utf-8")
    assert window._pack_watcher.check() and window.pack_problem
    with qtbot.waitSignal(window.analysis_ready, timeout=10000):
        pack.write_text(good.replace("max = 2500", "max = 2000"), encoding="utf-8")
        assert window._pack_watcher.check()
    qtbot.wait(200)
    assert not window.pack_problem and not _notices(window), _notices(window)
    window.shutdown()
