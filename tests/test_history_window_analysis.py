"""A long autosave made while typing is stored "measuring"; its figures are the window's own analysis of its text,
once typing pauses and that analysis is shown, not a second analysis of the same text by the history's measurer,
made alongside the window's (at 8 MB the two passes shared the GIL: the window froze 100-300 ms, where typing alone
froze ~55 ms). Typed on since the autosave, the window's analysis is of another text: the measurer analyses the
autosaved text itself, once the window's pass is shown."""

from __future__ import annotations

import threading
import time

import pytest

pytest.importorskip("pytestqt")

from editor_app.config import Config  # noqa: E402
from editor_app.core.analyze import analyze  # noqa: E402
from editor_app.services import history  # noqa: E402
from editor_app.ui import history_panel  # noqa: E402
from tests.ui_support import open_window, repeated_sample, type_text, wait_analysis  # noqa: E402


@pytest.fixture
def big(tmp_path, sample_text, qtbot):
    path = repeated_sample(tmp_path, sample_text)
    cfg = Config(arxiv_url="http://127.0.0.1:9/api/query", arxiv_interval=0.0, db_path=tmp_path / "h.db",
                 autosave_seconds=3600)
    window = open_window(qtbot, path, cfg)
    ctl = history_panel.install(window)
    qtbot.waitUntil(lambda: ctl.looked, timeout=30000)  # (its look for snapshots left measuring is made)
    yield window, ctl
    window.shutdown()


@pytest.fixture
def measurer_analyses(monkeypatch):
    """The times the measurer analysed a text itself, and the texts."""
    calls: list[tuple[float, str]] = []
    real = history_panel._analysed

    def spy(text, recipe, *args, **kwargs):
        calls.append((time.perf_counter(), text))
        return real(text, recipe, *args, **kwargs)

    monkeypatch.setattr(history_panel, "_analysed", spy)
    return calls


def _type_then_autosave(qtbot, window, ctl) -> tuple[int, str]:
    window.goto_line(40)
    with wait_analysis(qtbot, window):
        type_text(window.editor, "。")
    type_text(window.editor, "自动保存时还在打字")
    assert window.runner.published_revision != window.runner.revision  # the analysis shown is of the text before
    autosaved = window.current_text()
    with qtbot.waitSignal(ctl.recorded, timeout=30000) as recorded:
        assert ctl.autosave_now() is None  # a long draft: stored "measuring" by the record thread
    return recorded.args[0], autosaved


def _figures(db, sid: int) -> tuple:
    row = history.get_snapshot(db, sid)
    return row["cjk"], row["cautions"], row["lines"], row["failing"]


def test_an_autosave_made_while_typing_is_measured_with_the_windows_own_analysis(qtbot, big, measurer_analyses):
    window, ctl = big
    sid, autosaved = _type_then_autosave(qtbot, window, ctl)
    with qtbot.waitSignal(ctl.measured, timeout=60000) as measured:
        pass  # typing paused: the window analyses the text, and the snapshot takes its figures
    assert measured.args[0] == sid
    assert measurer_analyses == []  # the text was not analysed a second time
    shown = window.latest_analysis
    metrics = shown.metrics
    assert window.current_text() == autosaved
    assert _figures(ctl.db, sid)[:3] == (metrics["cjk"], metrics["cautions"], metrics["lines"])
    fresh = analyze(autosaved, window.pack)
    assert _figures(ctl.db, sid)[:3] == (fresh.metrics["cjk"], fresh.metrics["cautions"], fresh.metrics["lines"])
    # the window's analysis is read, never emptied as the measurer's own are after measuring
    assert len(shown.findings) == len(fresh.findings) and len(shown.rules) == len(fresh.rules)
    assert window.latest_analysis is shown


def test_typed_on_after_the_autosave_it_is_measured_from_its_own_text_after_the_windows_pass(qtbot, big,
                                                                                           measurer_analyses):
    window, ctl = big
    shown_at: list[float] = []
    window.analysis_ready.connect(lambda *_: shown_at.append(time.perf_counter()))
    sid, autosaved = _type_then_autosave(qtbot, window, ctl)
    type_text(window.editor, "又写了几个字")  # the window's next analysis is of another text
    typed = time.perf_counter()
    with qtbot.waitSignal(ctl.measured, timeout=60000):
        pass
    assert [text for _, text in measurer_analyses] == [autosaved]
    shown = [t for t in shown_at if t > typed]
    assert shown and measurer_analyses[0][0] > shown[0]  # not alongside the window's pass and its showing
    fresh = analyze(autosaved, window.pack).metrics
    assert _figures(ctl.db, sid)[:3] == (fresh["cjk"], fresh["cautions"], fresh["lines"])
    assert window.current_text() != autosaved


class Figures:
    def to_dict(self) -> dict:
        return {"pack": "p", "metrics": {"cjk": 7, "lines": 3}, "findings": [{"line": i} for i in range(3000)]}


def test_the_measurer_waits_for_the_windows_analysis_a_while_then_analyses_itself(qapp, monkeypatch):
    monkeypatch.setattr(history_panel, "WINDOW_ANALYSIS_WAIT_SECONDS", 0.2)
    analysed: list[str] = []
    monkeypatch.setattr(history_panel, "_analysed",
                        lambda text, recipe, analyzer=None: analysed.append(text) or Figures())
    thread = history_panel._RecordThread()
    thread.start()
    try:
        given = Figures()
        for number, awaited in ((1, history_panel.WindowAnalysis(0, (None, None))),
                                (2, history_panel.WindowAnalysis(0, (None, None)))):
            if number == 2:
                awaited.give(given)  # the window's own analysis of the text
            thread.submit({"kind": "autosave", "text": [f"第{number}稿"] * 60_000, "analysis": None,
                           "path": "/tmp/s.md", "now": 1.0, "writer": "w", "number": number,
                           "analyse": (object(), None), "window_analysis": awaited})
        results: list[dict] = []
        end = time.monotonic() + 30
        while len(results) < 4 and time.monotonic() < end:
            time.sleep(0.01)
            results += thread.take_results()
        measured = {job["measure_job"]: job for job in results if "measure_job" in job}
        assert sorted(measured) == [1, 2] and all("measurement" in job for job in measured.values())
        assert analysed == ["\n".join(["第1稿"] * 60_000)]  # none came for the first: analysed here
        assert measured[2]["measurement"].figures["cjk"] == 7
    finally:
        thread.stop()
    assert threading.active_count() >= 1
