"""Closing the window while a long survey's snapshot is being measured: it closes at once.

Before, closing joined the measuring thread: with an 8 MB survey's first measurement under way the window took
seconds to go. The row is already written "measuring" and measured at the next start, so closing now waits at most
MEASURE_AT_QUIT_SECONDS; the thread let go finishes its text without touching a Qt object, and the program exits
cleanly meanwhile."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

pytest.importorskip("pytestqt")

from editor_app.config import Config  # noqa: E402
from editor_app.services import history  # noqa: E402
from editor_app.services.database import open_database  # noqa: E402
from editor_app.ui import history_panel  # noqa: E402
from tests.ui_support import open_window, repeated_sample, type_text, wait_analysis  # noqa: E402

SLOW_SECONDS = 6  # the measurement held up this long (an 8 MB survey's first one takes seconds)


def _window(qtbot, tmp_path: Path, survey: Path):
    cfg = Config(arxiv_url="http://127.0.0.1:9/api/query", arxiv_interval=0.0, db_path=tmp_path / "h.db",
                 autosave_seconds=3600)
    window = open_window(qtbot, survey, cfg)
    return window, history_panel.install(window)


def test_closing_does_not_wait_for_a_measurement_and_the_next_start_measures_it(qtbot, tmp_path, sample_text,
                                                                               monkeypatch):
    survey = repeated_sample(tmp_path, sample_text)
    window, ctl = _window(qtbot, tmp_path, survey)
    started, release = threading.Event(), threading.Event()
    real = history_panel._analysed

    def slow(*args, **kwargs):
        started.set()
        release.wait(SLOW_SECONDS)
        return real(*args, **kwargs)

    monkeypatch.setattr(history_panel, "_analysed", slow)
    with wait_analysis(qtbot, window):
        type_text(window.editor, "。")
    type_text(window.editor, "关窗前写的字")  # the analysis on screen is of the text before: measured apart
    with qtbot.waitSignal(ctl.recorded, timeout=30000) as recorded:
        assert ctl.autosave_now() is None  # a long draft: on the record thread
        type_text(window.editor, "又")  # typed on: the window's next analysis is not of the text autosaved
    sid = recorded.args[0]
    qtbot.waitUntil(started.is_set, timeout=30000)
    measurer = ctl._record_thread._measurer
    after_close: list[int] = []
    ctl.measured.connect(after_close.append)
    began = time.perf_counter()
    window.shutdown()  # what closing the window does
    assert time.perf_counter() - began < history_panel.MEASURE_AT_QUIT_SECONDS + 1.5
    assert history.get_snapshot(ctl.db, sid)["measured"] is False  # left to the next start
    assert measurer.is_alive() and measurer._hand_over is None  # it keeps no Qt object of the window
    release.set()
    measurer.join(60)  # it finishes its text...
    assert not measurer.is_alive()
    qtbot.wait(100)
    assert after_close == []  # ...and hands nothing over
    monkeypatch.setattr(history_panel, "_analysed", real)
    ctl.close_database()
    window2, ctl2 = _window(qtbot, tmp_path, survey)
    with qtbot.waitSignal(ctl2.measured, timeout=60000) as sig:
        pass  # the next start measures it
    assert sig.args[0] == sid and history.get_snapshot(ctl2.db, sid)["measured"] is True
    window2.shutdown()


PROGRAM = textwrap.dedent("""
    import sys, threading, time
    from pathlib import Path
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication
    from editor_app.config import Config
    from editor_app.ui import history_panel
    from editor_app.ui.main_window import MainWindow

    real = history_panel._analysed
    started = threading.Event()

    def slow(*args, **kwargs):  # the measurement of an 8 MB survey: seconds of pure Python
        started.set()
        end = time.monotonic() + {slow}
        while time.monotonic() < end:
            sum(range(1000))
        return real(*args, **kwargs)

    history_panel._analysed = slow
    app = QApplication(sys.argv)
    window = MainWindow(Config(arxiv_url="http://127.0.0.1:9/api/query", arxiv_interval=0.0,
                               db_path=Path(sys.argv[2]), autosave_seconds=3600))
    history_panel.install(window)
    window.ask_unsaved_changes = lambda: "discard"
    window.open_path(Path(sys.argv[1]))
    window.show()
    state = {{"typed": False}}

    def step():
        if window.latest_analysis is None:
            return
        if not state["typed"]:
            state["typed"] = True
            window.editor.insertPlainText("关窗前写的字")  # its analysis not shown yet: measured apart
            window.history.autosave_now()
            window.editor.insertPlainText("又")  # typed on: the window's next analysis is not of the text autosaved
        elif started.is_set():
            timer.stop()
            print("closing", flush=True)
            state["closed"] = time.monotonic()
            window.close()
            app.quit()

    timer = QTimer()
    timer.timeout.connect(step)
    timer.start(50)
    app.exec()
    print(f"closed in {{time.monotonic() - state['closed']:.2f}}", flush=True)
""")


def test_the_program_exits_at_once_and_cleanly_while_a_measurement_runs(tmp_path, sample_text):
    survey = repeated_sample(tmp_path, sample_text)
    script = tmp_path / "program.py"
    script.write_text(PROGRAM.format(slow=SLOW_SECONDS), encoding="utf-8")
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen",
           "PYTHONPATH": os.pathsep.join([str(Path(__file__).resolve().parents[1]), os.environ.get("PYTHONPATH", "")])}
    began = time.monotonic()
    out = subprocess.run([sys.executable, str(script), str(survey), str(tmp_path / "h.db")], capture_output=True,
                         text=True, encoding="utf-8", timeout=180, env=env)
    assert out.returncode == 0, out.stderr
    assert "closing" in out.stdout and "Fatal" not in out.stderr and "Traceback" not in out.stderr, out.stderr
    closed_in = float(out.stdout.split("closed in ")[1].split()[0])
    assert closed_in < history_panel.MEASURE_AT_QUIT_SECONDS + 1.5  # not the measurement's seconds
    assert time.monotonic() - began < 120
    db = open_database(tmp_path / "h.db").db
    rows = history.list_snapshots(db, survey)
    assert rows and [r["measured"] for r in rows if r["kind"] == "autosave"] == [False]  # next start measures it
