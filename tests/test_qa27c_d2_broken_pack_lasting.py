"""QA27c D2: a live edit that broke the pack beside the survey was said by a pop-up and a 15-second status message;
once the pop-up was closed and the message gone, nothing on screen said that the file was broken and that the
results came from its last good version (the Self-check header still named the file as the pack in use), while
survey-check exited 2 on it. The Self-check panel and the status bar now say it for as long as the file stays
broken, and stop once it is fixed."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QMessageBox

from ui_support import open_window, window_beside_a_pack


def _shown(widget) -> list[QLabel]:
    return [label for label in widget.findChildren(QLabel) if label.isVisible() and label.text()]


def _said(widget) -> str:
    return "\n".join(label.text() for label in _shown(widget))


def _tooltips(widget) -> str:
    return "\n".join(label.toolTip() for label in _shown(widget))


def _close_pop_ups_and_let_messages_pass(qtbot, window) -> None:
    """What a user does: closes the pop-up, and 15 s later the status bar's passing message is gone."""
    qtbot.waitUntil(lambda: any(b.isVisible() for b in window.findChildren(QMessageBox)), timeout=5000)
    for box in window.findChildren(QMessageBox):
        box.close()
    window.statusBar().clearMessage()  # (what its 15-second timer does)
    qtbot.wait(50)


def test_a_pack_broken_by_a_live_edit_is_said_until_it_is_fixed(qtbot, tmp_path):
    window, pack, good = window_beside_a_pack(qtbot, tmp_path)
    pack.write_text(good.replace("max = 2500", 'max = "3000"'), encoding="utf-8")
    assert window._pack_watcher.check() and window.pack_problem
    _close_pop_ups_and_let_messages_pass(qtbot, window)

    panel = _said(window.selfcheck)
    assert "survey-rules.toml is broken since" in panel, panel
    assert "last good version" in panel and "rules[0].max" in panel, panel
    assert "must be a number (found '3000')" in _tooltips(window.selfcheck)
    bar = _said(window.statusBar())
    assert "Rule pack broken: survey-rules.toml:" in bar and "rules[0].max" in bar, bar
    assert "last good version" in _tooltips(window.statusBar())

    # another save, still broken: still said, with the same start
    first = panel.split("since ")[1][:5]
    pack.write_text(good.replace("max = 2500", 'max = "3001"'), encoding="utf-8")
    assert window._pack_watcher.check()
    _close_pop_ups_and_let_messages_pass(qtbot, window)
    assert "broken since " + first in _said(window.selfcheck)
    assert "3001" in _tooltips(window.selfcheck)

    with qtbot.waitSignal(window.analysis_ready, timeout=10000):
        pack.write_text(good.replace("max = 2500", "max = 3000"), encoding="utf-8")
        assert window._pack_watcher.check()
    qtbot.waitUntil(lambda: "is broken since" not in _said(window.selfcheck), timeout=5000)
    assert "Rule pack broken" not in _said(window.statusBar())
    window.shutdown()


def test_a_survey_opened_with_a_broken_pack_beside_it_says_the_bundled_pack_checks_it(qtbot, tmp_path):
    from editor_app.resources_path import resource_path

    good = resource_path("rulepacks", "english-markdown.toml").read_text(encoding="utf-8")
    (tmp_path / "survey-rules.toml").write_text(good.replace("max = 2500", 'max = "3000"'), encoding="utf-8")
    survey = tmp_path / "survey.md"
    survey.write_text("# Survey\n\nText.\n", encoding="utf-8")
    window = open_window(qtbot, survey)
    _close_pop_ups_and_let_messages_pass(qtbot, window)
    panel = _said(window.selfcheck)
    assert "survey-rules.toml is broken since" in panel, panel
    assert "the bundled rule pack llm-infra-survey" in panel, panel
    assert "Rule pack broken: survey-rules.toml:" in _said(window.statusBar())
    window.shutdown()


def test_the_lasting_sign_reads_in_chinese(qtbot, tmp_path, chinese, zh_translation):
    window, pack, good = window_beside_a_pack(qtbot, tmp_path)
    pack.write_text(good.replace("max = 2500", 'max = "3000"'), encoding="utf-8")
    assert window._pack_watcher.check()
    _close_pop_ups_and_let_messages_pass(qtbot, window)
    panel = _said(window.selfcheck)
    assert "survey-rules.toml 自" in panel and "上次可用的版本" in panel, panel
    assert "必须是数字（实为 '3000'）" in _tooltips(window.selfcheck)
    assert "规则包已损坏：survey-rules.toml:" in _said(window.statusBar())
    window.shutdown()
