"""A snapshot left "measuring" by a killed program is measured at the next start with the rule pack it was stored
with, not whatever pack the window has by then.

Before, the row kept no word of its pack (its `pack` was empty until measured), and the next window measured it with
its own: a survey whose pack beside it was removed or edited meanwhile listed a snapshot with figures of a pack the
author never worked with. Now the row keeps the pack (source and path) until it is measured; a pack that can't be
read again is said, and the window's used."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("pytestqt")

from editor_app.config import Config  # noqa: E402
from editor_app.core.analyze import analyze  # noqa: E402
from editor_app.core.rulepack import load_pack  # noqa: E402
from editor_app.resources_path import resource_path  # noqa: E402
from editor_app.services import history  # noqa: E402
from editor_app.services.database import open_database  # noqa: E402
from editor_app.ui import history_panel  # noqa: E402
from tests.ui_support import first_look_over, open_window, type_text, wait_analysis  # noqa: E402


def _window(qtbot, tmp_path: Path, survey: Path):
    cfg = Config(arxiv_url="http://127.0.0.1:9/api/query", arxiv_interval=0.0, db_path=tmp_path / "h.db",
                 autosave_seconds=3600)
    window = open_window(qtbot, survey, cfg)
    return window, history_panel.install(window)


def _left_measuring(qtbot, tmp_path: Path, survey: Path, monkeypatch) -> int:
    """A window on `survey` autosaves right after typing (stored "measuring") and is killed before measuring it."""
    window, ctl = _window(qtbot, tmp_path, survey)
    first_look_over(qtbot, ctl)
    with monkeypatch.context() as m:
        m.setattr(history_panel._Measurer, "submit", lambda self, job: None)  # killed before the measurement
        with wait_analysis(qtbot, window):
            type_text(window.editor, "。")
        type_text(window.editor, "新写的几个字")  # the analysis on screen is of the text before
        sid = ctl.autosave_now()
        assert sid is not None and history.get_snapshot(ctl.db, sid)["measured"] is False
        window.shutdown()
    ctl.close_database()
    return sid


@pytest.fixture
def survey_beside_the_english_pack(tmp_path, sample_text):
    survey = tmp_path / "survey.md"
    survey.write_text(sample_text, encoding="utf-8")
    beside = tmp_path / "survey-rules.toml"
    beside.write_text(resource_path("rulepacks", "english-markdown.toml").read_text(encoding="utf-8"), encoding="utf-8")
    return survey, beside


def test_it_is_measured_with_the_pack_it_was_stored_with(qtbot, tmp_path, monkeypatch, survey_beside_the_english_pack):
    survey, beside = survey_beside_the_english_pack
    english = load_pack(beside)
    sid = _left_measuring(qtbot, tmp_path, survey, monkeypatch)
    beside.unlink()  # the pack changed meanwhile: the next window has the house pack
    window, ctl = _window(qtbot, tmp_path, survey)
    assert window.pack.name != english.name
    with qtbot.waitSignal(ctl.measured, timeout=30000) as sig:
        pass  # the window's first look finds it
    assert sig.args[0] == sid
    row = history.get_snapshot(ctl.db, sid)
    text = history.get_snapshot_text(ctl.db, sid)
    assert row["pack"] == english.name
    expected = analyze(text, english).to_dict()
    assert {k: row[k] for k in history.HEADLINE} == history.headline_figures(expected)
    assert history.get_snapshot_analysis(ctl.db, sid)["metrics"] == expected["metrics"]
    assert history.pack_to_measure_with(ctl.db, sid) is None  # measured: nothing more kept
    window.shutdown()


def test_a_pack_edited_since_under_the_same_name_is_not_taken_for_it(qtbot, tmp_path, monkeypatch,
                                                                    survey_beside_the_english_pack):
    survey, beside = survey_beside_the_english_pack
    stored_with = load_pack(beside)
    sid = _left_measuring(qtbot, tmp_path, survey, monkeypatch)
    edited = beside.read_text(encoding="utf-8").replace('name = "english-markdown"',
                                                        'name = "english-markdown"\n# edited since')
    assert edited != beside.read_text(encoding="utf-8")
    beside.write_text(edited, encoding="utf-8")
    used: list[str] = []
    real = history_panel._analysed
    monkeypatch.setattr(history_panel, "_analysed",
                        lambda text, recipe, *a, **k: used.append(recipe[0].source) or real(text, recipe, *a, **k))
    window, ctl = _window(qtbot, tmp_path, survey)
    assert window.pack.name == stored_with.name and window.pack.source != stored_with.source
    with qtbot.waitSignal(ctl.measured, timeout=30000):
        pass
    assert used == [stored_with.source]  # not the edited one the window has now
    assert history.get_snapshot(ctl.db, sid)["pack"] == stored_with.name
    window.shutdown()


def test_a_stored_pack_that_cant_be_read_again_is_said_and_the_windows_used(qtbot, tmp_path, monkeypatch,
                                                                           survey_beside_the_english_pack):
    survey, beside = survey_beside_the_english_pack
    sid = _left_measuring(qtbot, tmp_path, survey, monkeypatch)
    db = open_database(tmp_path / "h.db").db
    stored = history.pack_to_measure_with(db, sid)
    assert stored is not None and stored.name == "english-markdown"
    broken = history.PackToMeasureWith(stored.name, stored.path, "schema = 99\n", stored.folder)
    db.execute("UPDATE snapshots SET measure_with = ? WHERE id = ?", [broken.to_json(), sid])
    db.conn.commit()
    db.conn.close()
    beside.unlink()
    said: list[str] = []
    monkeypatch.setattr(history_panel.HistoryController, "_show_message", lambda self, text: said.append(text))
    window, ctl = _window(qtbot, tmp_path, survey)
    with qtbot.waitSignal(ctl.measured, timeout=30000):
        pass
    assert history.get_snapshot(ctl.db, sid)["pack"] == window.pack.name
    assert any("english-markdown" in s and window.pack.name in s and "schema" in s for s in said), said
    window.shutdown()
