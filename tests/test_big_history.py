"""A long survey's snapshots are prepared off the GUI thread: an autosave or save of an 8 MB survey froze typing
~2 s (hashing, compressing the text and its analysis JSON); the GUI thread only writes the rows."""

from __future__ import annotations

import threading

import pytest

pytest.importorskip("pytestqt")

from editor_app.config import Config  # noqa: E402
from editor_app.services import history  # noqa: E402
from editor_app.ui import history_panel  # noqa: E402
from tests.ui_support import open_window, repeated_sample, type_text, wait_analysis  # noqa: E402


@pytest.fixture
def big(tmp_path, sample_text, qtbot):
    """The real window on the sample x 20 (~0.5 MB, past SYNC_RECORD_CHARS) with the history installed."""
    path = repeated_sample(tmp_path, sample_text)
    assert path.stat().st_size > history_panel.SYNC_RECORD_CHARS
    cfg = Config(arxiv_url="http://127.0.0.1:9/api/query", arxiv_interval=0.0, db_path=tmp_path / "h.db",
                 autosave_seconds=3600)
    window = open_window(qtbot, path, cfg)
    ctl = history_panel.install(window)
    yield window, ctl, path
    window.shutdown()


@pytest.fixture
def prepared_on(monkeypatch):
    """The names of the threads that prepared snapshots."""
    threads: list[str] = []
    real = history.prepare_snapshot

    def spy(text, analysis, **kwargs):
        threads.append(threading.current_thread().name)
        return real(text, analysis, **kwargs)

    monkeypatch.setattr(history, "prepare_snapshot", spy)
    return threads


def _edit(qtbot, window, text: str) -> None:
    window.goto_line(40)
    with wait_analysis(qtbot, window):
        type_text(window.editor, text)


def test_autosave_of_a_long_survey_is_prepared_off_the_gui_thread(qtbot, big, prepared_on):
    window, ctl, path = big
    _edit(qtbot, window, "自动保存的修改")
    with qtbot.waitSignal(ctl.recorded, timeout=20000) as sig:
        assert ctl.autosave_now() is None  # handed to the record thread
    assert sig.args[1] == "autosave"
    assert prepared_on and threading.main_thread().name not in prepared_on
    assert history.get_snapshot_text(ctl.db, sig.args[0]) == window.current_text()
    assert ctl.autosave_now() is None and len(prepared_on) == 1  # no edit since: nothing asked again
    rows = history.list_snapshots(ctl.db, path)
    assert [r["kind"] for r in rows] == ["autosave"]
    assert rows[0]["cjk"] == window.latest_analysis.metrics["cjk"]


def test_save_of_a_long_survey_is_recorded_off_the_gui_thread(qtbot, big, prepared_on):
    window, ctl, path = big
    _edit(qtbot, window, "保存的修改")
    with qtbot.waitSignal(ctl.recorded, timeout=20000) as sig:
        assert window.save()
    assert sig.args[1] == "save" and threading.main_thread().name not in prepared_on
    assert history.get_snapshot_text(ctl.db, sig.args[0]) == path.read_text(encoding="utf-8")


def test_quitting_right_after_a_save_still_records_it(qtbot, big):
    window, ctl, path = big
    _edit(qtbot, window, "马上退出")
    ctl.autosave_now()
    assert window.save()
    ctl._about_to_quit()  # the record thread finishes both before the program ends
    kinds = [r["kind"] for r in history.list_snapshots(ctl.db, path)]
    assert kinds == ["save", "autosave"]
    assert all(r["dismissed"] for r in history.list_snapshots(ctl.db, path, kinds=["autosave"]))


def test_the_visible_history_tab_never_serialises_the_whole_analysis_on_the_gui_thread(qtbot, big, monkeypatch):
    """Its chart wants the rules' limits only; Analysis.to_dict of an 8 MB survey took ~1 s at every refresh."""
    window, ctl, path = big
    calls: list[str] = []
    real = type(window.latest_analysis).to_dict

    def spy(self):
        calls.append(threading.current_thread().name)
        return real(self)

    monkeypatch.setattr(type(window.latest_analysis), "to_dict", spy)
    window.tabs.setCurrentWidget(ctl.panel)
    _edit(qtbot, window, "图表")
    with qtbot.waitSignal(ctl.recorded, timeout=20000):
        ctl.autosave_now()
    combo = ctl.panel.metric_box
    rule_metric = next(combo.itemData(i) for i in range(combo.count()) if str(combo.itemData(i)).startswith("rule:"))
    combo.setCurrentIndex(combo.findData(rule_metric))
    assert threading.main_thread().name not in calls
    rule = next(r for r in window.latest_analysis.rules if r.id == rule_metric[5:])
    expected = history.chart_limits(rule_metric, {"rules": [{"id": rule.id, "limit": rule.limit}]}, ctl._pack(str(path)))
    assert [line.value() for line in ctl.panel.limit_lines] == expected


def test_the_analysis_json_is_json_dumps_in_pieces(sample_text):
    """Same text as one json.dumps call, made of small calls so a worker thread lets the GUI thread in."""
    from editor_app.core.analyze import analyze
    from editor_app.core.rulepack import house_pack

    d = analyze("\n".join([sample_text] * 3), house_pack()).to_dict()
    d["odd"] = {"when": history.datetime(2026, 1, 1), 3: [1.5, None, "⚠️"]}
    d["empty"] = []
    import json

    assert history.analysis_json(d) == json.dumps(d, ensure_ascii=False, default=str)
    assert history.analysis_json({}) == "{}"
