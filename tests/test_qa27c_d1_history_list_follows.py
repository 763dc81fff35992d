"""QA27c D1: the History list's columns and figures followed the survey only when a snapshot was recorded here. A rule
pack put beside the survey (or removed, or chosen in Settings) left the house's CJK / ⚠️ columns over the list until
the next save, and a hidden tab shown after the change showed them too; a snapshot another program stored in the
same file (survey-check --record from a git hook, a second window) was not listed until the next save here. The list
now follows an analysis made with another pack at once, and, while it is shown, a change another program made to the
file (its PRAGMA data_version, read every FOLLOW_MS: nothing read from the disk when nothing changed)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from ui_support import type_text, wait_analysis, window_with_history

ROOT = Path(__file__).resolve().parent.parent
ENGLISH = ROOT / "resources" / "rulepacks" / "english-markdown.toml"
HOUSE_HEADERS = ["Time", "Kind", "CJK", "⚠️", "Lines", "Failing"]
ENGLISH_HEADERS = ["Time", "Kind", "Words", "Lines", "Failing"]


def _headers(model) -> list[str]:
    from PySide6.QtCore import Qt

    return [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]


def _saved_once(qtbot, tmp_path, monkeypatch):
    survey, window, ctl = window_with_history(qtbot, tmp_path, "Serving notes\n\n⚠️ vendor figures.\n", monkeypatch)
    window._show_panel(ctl.panel)
    with wait_analysis(qtbot, window):
        type_text(window.editor, "More words in this draft.\n")
    with qtbot.waitSignal(ctl.recorded, timeout=5000):
        assert window.save()
    qtbot.waitUntil(lambda: ctl.panel.model.rowCount() == 1 and ctl.panel.model.rows[0].get("measured", True))
    assert _headers(ctl.panel.model) == HOUSE_HEADERS
    return survey, window, ctl


def test_a_pack_put_beside_the_survey_sets_the_lists_columns_without_a_save(qtbot, tmp_path, monkeypatch):
    survey, window, ctl = _saved_once(qtbot, tmp_path, monkeypatch)
    shutil.copy(ENGLISH, tmp_path / "survey-rules.toml")  # the window notices it and checks the survey with it
    qtbot.waitUntil(lambda: window.pack.name == "english-markdown", timeout=10000)
    # before: the house's columns stayed until the next save or autosave
    qtbot.waitUntil(lambda: _headers(ctl.panel.model) == ENGLISH_HEADERS, timeout=5000)
    assert ctl.panel.metric_box.currentData() == "words"  # the chart's chooser follows too
    assert ctl.panel.model.rowCount() == 1
    window.shutdown()


def test_a_hidden_tab_shows_the_packs_columns_when_shown(qtbot, tmp_path, monkeypatch):
    survey, window, ctl = _saved_once(qtbot, tmp_path, monkeypatch)
    window._show_panel(window.selfcheck)
    qtbot.waitUntil(lambda: not ctl.panel.isVisible())
    shutil.copy(ENGLISH, tmp_path / "survey-rules.toml")
    qtbot.waitUntil(lambda: window.pack.name == "english-markdown", timeout=10000)
    qtbot.wait(300)  # (the analysis with the new pack shown)
    window._show_panel(ctl.panel)
    qtbot.waitUntil(lambda: _headers(ctl.panel.model) == ENGLISH_HEADERS, timeout=5000)  # before: the house's
    (tmp_path / "survey-rules.toml").unlink()  # and back, with the tab shown
    qtbot.waitUntil(lambda: window.pack.name != "english-markdown", timeout=10000)
    qtbot.waitUntil(lambda: _headers(ctl.panel.model) == HOUSE_HEADERS, timeout=5000)
    window.shutdown()


def test_a_snapshot_another_program_records_is_listed_while_the_tab_is_shown(qtbot, tmp_path, monkeypatch):
    survey, window, ctl = _saved_once(qtbot, tmp_path, monkeypatch)
    # survey-check --record, another program (the window goes on meanwhile)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "editor_app.cli", str(survey), "--record", "--db",
                             str(tmp_path / "history.db")], cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    qtbot.waitUntil(lambda: proc.poll() is not None, timeout=60000)
    assert proc.returncode in (0, 1), proc.stderr.read()
    # before: listed only at the next save here
    qtbot.waitUntil(lambda: ctl.panel.model.rowCount() == 2, timeout=6000)
    assert [r["kind"] for r in ctl.panel.model.rows] == ["cli", "save"]
    assert "2 snapshots" in ctl.panel.title.text()
    window.shutdown()
