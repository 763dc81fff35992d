"""Every stored version carries the figures of exactly the text stored.

A save or autosave made while the analysis on screen was of an older text (the author typed after it) stored a long
survey with that older text's figures (the History row said CJK 76,760 of a draft holding 76,790), and analysed a
short one on the GUI thread. Now the text stored is analysed on the record thread and the row written with its own
figures; at quit it is analysed before the program ends."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from pathlib import Path

import pytest

pytest.importorskip("pytestqt")

from editor_app.config import Config  # noqa: E402
from editor_app.services import history  # noqa: E402
from editor_app.ui import history_panel  # noqa: E402
from tests.ui_support import open_window, repeated_sample, type_text, wait_analysis  # noqa: E402

TYPED = "新增的十二个汉字用于核对数字⚠️"


def survey_check_json(tmp_path: Path, text: str) -> dict:
    """What `survey-check --format json` says of `text` (in a folder of its own: the house pack applies)."""
    folder = tmp_path / "cli"
    folder.mkdir(exist_ok=True)
    path = folder / "stored.md"
    path.write_text(text, encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "editor_app.cli", str(path), "--format", "json"],
                         capture_output=True, text=True, encoding="utf-8", timeout=300)
    assert out.returncode in (0, 1), out.stderr
    return json.loads(out.stdout)


def assert_row_is_of_its_text(tmp_path: Path, db, snapshot_id: int) -> str:
    """The row's headline figures, trend metrics and stored analysis are those survey-check finds in its text."""
    text = history.get_snapshot_text(db, snapshot_id)
    expected = survey_check_json(tmp_path, text)
    row = history.get_snapshot(db, snapshot_id)
    assert {k: row[k] for k in history.HEADLINE} == history.headline_figures(expected)
    stored = dict(db.execute("SELECT metric, value FROM snapshot_metrics WHERE snapshot_id = ?",
                             [snapshot_id]).fetchall())
    assert stored == history.chartable_metrics(expected)
    assert history.get_snapshot_analysis(db, snapshot_id)["metrics"] == expected["metrics"]
    return text


@pytest.fixture
def window_on(tmp_path, qtbot):
    windows = []

    def make(path: Path):
        cfg = Config(arxiv_url="http://127.0.0.1:9/api/query", arxiv_interval=0.0, db_path=tmp_path / "h.db",
                     autosave_seconds=3600)
        window = open_window(qtbot, path, cfg)
        ctl = history_panel.install(window)
        windows.append(window)
        return window, ctl

    yield make
    for window in windows:
        window.shutdown()


@pytest.fixture
def big(tmp_path, sample_text, window_on):
    path = repeated_sample(tmp_path, sample_text)
    assert path.stat().st_size > history_panel.SYNC_RECORD_CHARS
    return (*window_on(path), path)


def _type_after_the_analysis(qtbot, window, text: str = TYPED) -> None:
    """Type at line 40 once the analysis on screen is current, then at once (its next analysis not come yet)."""
    window.goto_line(40)
    with wait_analysis(qtbot, window):
        type_text(window.editor, "。")
    type_text(window.editor, text)
    assert window.runner.published_revision != window.runner.revision  # what is shown is of an older text


def test_a_long_survey_saved_right_after_typing_stores_the_saved_texts_figures(qtbot, tmp_path, big):
    window, ctl, path = big
    shown = window.latest_analysis.metrics["cjk"]
    _type_after_the_analysis(qtbot, window)
    assert window.save()
    type_text(window.editor, "保存后接着写")  # the saved text is never the one on screen again
    with qtbot.waitSignal(ctl.measured, timeout=30000) as sig:
        pass  # the save waits for its analysis, then it is measured off the GUI thread
    (row,) = history.list_snapshots(ctl.db, path)
    assert row["kind"] == "save" and row["id"] == sig.args[0]
    text = assert_row_is_of_its_text(tmp_path, ctl.db, sig.args[0])
    assert text == path.read_text(encoding="utf-8")
    assert history.get_snapshot(ctl.db, sig.args[0])["cjk"] != shown


def test_a_long_survey_autosaved_right_after_typing_stores_its_own_figures(qtbot, tmp_path, big):
    window, ctl, path = big
    _type_after_the_analysis(qtbot, window)
    with qtbot.waitSignal(ctl.measured, timeout=30000) as sig:
        assert ctl.autosave_now() is None  # handed to the record thread
    assert history.get_snapshot(ctl.db, sig.args[0])["kind"] == "autosave"
    assert assert_row_is_of_its_text(tmp_path, ctl.db, sig.args[0]) == window.current_text()


def test_a_short_survey_autosaved_right_after_typing_is_measured_off_the_gui_thread(
        qtbot, tmp_path, sample_path, window_on, monkeypatch):
    survey = tmp_path / "survey.md"
    survey.write_text(sample_path.read_text(encoding="utf-8"), encoding="utf-8")
    window, ctl = window_on(survey)
    analysed_on: list[str] = []
    real = history_panel._analysed

    def spy(text, recipe, *args, **kwargs):
        analysed_on.append(threading.current_thread().name)
        return real(text, recipe, *args, **kwargs)

    monkeypatch.setattr(history_panel, "_analysed", spy)
    window.tabs.setCurrentWidget(ctl.panel)
    _type_after_the_analysis(qtbot, window)
    with qtbot.waitSignal(ctl.measured, timeout=30000) as sig:
        sid = ctl.autosave_now()  # its text is stored at once (a crash now still finds it); its figures follow
        assert sid is not None and history.get_snapshot(ctl.db, sid)["measured"] is False
        model = ctl.panel.model
        assert model.rows[0]["id"] == sid and model.index(0, model.COLUMNS.index("cjk")).data() == "measuring…"
    assert sig.args[0] == sid
    assert model.index(0, model.COLUMNS.index("cjk")).data() == f"{history.get_snapshot(ctl.db, sid)['cjk']:,}"
    assert analysed_on and threading.main_thread().name not in analysed_on
    assert assert_row_is_of_its_text(tmp_path, ctl.db, sig.args[0]) == window.current_text()


def test_quitting_right_after_saving_a_long_survey_stores_the_saved_texts_figures(qtbot, tmp_path, big, window_on,
                                                                                 monkeypatch):
    """The save is stored at once; its figures are measured before the program ends when that takes a moment, else
    (an 8 MB survey: seconds, which closing used to wait) at the next start (tests/test_history3_quick_close.py)."""
    window, ctl, path = big
    monkeypatch.setattr(history_panel, "MEASURE_AT_QUIT_SECONDS", 0.0)  # a measurement too long to wait for
    _type_after_the_analysis(qtbot, window)
    assert window.save()
    type_text(window.editor, "马上退出")
    ctl._about_to_quit()  # the save's analysis never came
    (row,) = history.list_snapshots(ctl.db, path, kinds=["save"])
    db = ctl.db
    if not row["measured"]:
        ctl.close_database()
        _window2, ctl2 = window_on(path)
        qtbot.waitUntil(lambda: history.get_snapshot(ctl2.db, row["id"])["measured"], timeout=60000)
        db = ctl2.db
    assert assert_row_is_of_its_text(tmp_path, db, row["id"]) == path.read_text(encoding="utf-8")


def test_a_snapshot_left_measuring_by_a_killed_program_is_measured_at_the_next_look(
        qtbot, tmp_path, sample_path, window_on, capsys):
    """The text is stored at once and its figures after: a program killed in between leaves the row "measuring"
    (survey-check history says so, never a figure), and the next window on that survey measures it."""
    from editor_app import cli
    from editor_app.services.database import open_database

    survey = tmp_path / "survey.md"
    text = sample_path.read_text(encoding="utf-8")
    survey.write_text(text, encoding="utf-8")
    opened = open_database(tmp_path / "h.db")
    sid = history.write_snapshot(opened.db, path=survey, kind="save",
                                 prepared=history.prepare_snapshot(text + TYPED, None, measured=False))
    opened.db.conn.close()
    assert cli.main(["history", str(survey), "--db", str(tmp_path / "h.db")]) == 0
    (row_line,) = [line for line in capsys.readouterr().out.splitlines() if line.startswith(f"{sid} ")]
    assert row_line.split()[4:] == ["measuring"]  # no figure of another text in its place (after date, time, kind)
    window, ctl = window_on(survey)
    with qtbot.waitSignal(ctl.measured, timeout=30000) as sig:
        pass  # the window's first look finds it
    assert sig.args[0] == sid
    assert_row_is_of_its_text(tmp_path, ctl.db, sid)
    assert history.unmeasured_snapshots(ctl.db, survey) == []


def test_an_autosave_is_stored_while_an_earlier_one_is_still_being_measured(qtbot, big, monkeypatch):
    """A first measurement of an 8 MB survey takes seconds: the next autosave's text is stored meanwhile (it waited
    behind it, and a crash then lost it)."""
    window, ctl, path = big
    release = threading.Event()
    real = history_panel._analysed

    def slow(*args, **kwargs):
        release.wait(60)
        return real(*args, **kwargs)

    monkeypatch.setattr(history_panel, "_analysed", slow)
    _type_after_the_analysis(qtbot, window)
    with qtbot.waitSignal(ctl.recorded, timeout=30000) as first:
        ctl.autosave_now()
    type_text(window.editor, "再写几个字")
    try:
        with qtbot.waitSignal(ctl.recorded, timeout=15000) as second:
            ctl.autosave_now()
        assert history.get_snapshot_text(ctl.db, second.args[0]) == window.current_text()
        assert [r["measured"] for r in history.list_snapshots(ctl.db, path)] == [False, False]
    finally:
        release.set()
    with qtbot.waitSignals([ctl.measured, ctl.measured], timeout=60000):
        pass
    assert all(r["measured"] for r in history.list_snapshots(ctl.db, path))
    assert first.args[0] != second.args[0]


def test_the_list_is_fitted_to_figures_not_to_a_row_still_measuring(qtbot, big):
    """The first row listed was still measuring: the columns were fitted to its empty cells once and for all."""
    window, ctl, path = big
    window.tabs.setCurrentWidget(ctl.panel)
    _type_after_the_analysis(qtbot, window)
    with qtbot.waitSignal(ctl.measured, timeout=30000):
        with qtbot.waitSignal(ctl.recorded, timeout=30000):
            ctl.autosave_now()
        assert ctl.panel.model.rows[0]["measured"] is False  # listed while measuring
    table, model = ctl.panel.table, ctl.panel.model
    for name in ("cjk", "cautions", "lines"):
        column = model.COLUMNS.index(name)
        text = model.index(0, column).data()
        assert text and text[0].isdigit()
        assert table.columnWidth(column) >= table.fontMetrics().horizontalAdvance(text), name
