"""Typing benchmark: GUI event-loop stalls while typing at 20 keys/s, and keystroke-to-panel latency.

    python bench/bench_typing.py [--keys 200] [--sizes 1,300] [--trials 10] [--enter]

For each document size (the bundled sample repeated N times; 300 ≈ 8 MB) it opens the real main window
(offscreen unless DISPLAY is set), types a mixed Chinese/Latin paragraph as key events every 50 ms and records
the gaps between the ticks of a 2 ms heartbeat timer (a gap is how long the event loop could not react).
Then, key by key with pauses, the time from a keystroke to the panels showing the analysis of that text; with
--enter, also Enter key by key: the time to the panels and the longest stall around it. Measuring starts once the
one-time warm-up after opening (charts library) is over: bench_chart_tab and bench_startup measure that.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from gui_heartbeat import Heartbeat, pump  # noqa: E402  (bench/ is the script's folder)

os.environ.setdefault("SURVEY_EDITOR_LANG", "en")
if not os.environ.get("DISPLAY"):
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

PARAGRAPH = "新的推理引擎实测：SGLang 吞吐提升 12%，vLLM 延迟下降 8 ms ⚠️ 需要复核。"


def percentile(values: list[float], p: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))]


def run(size: int, keys: int, trials: int, workdir: Path, burst: int = 0, enter: bool = False) -> dict:
    from PySide6.QtCore import QEvent, Qt, QTimer
    from PySide6.QtGui import QKeyEvent, QTextCursor
    from PySide6.QtWidgets import QApplication

    from editor_app.config import Config
    from editor_app.resources_path import sample_survey_path
    from editor_app.ui.main_window import MainWindow

    app = QApplication.instance()
    text = sample_survey_path().read_text(encoding="utf-8")
    path = workdir / f"survey-x{size}.md"
    path.write_text("\n".join([text.rstrip("\n")] * size) + "\n", encoding="utf-8")
    window = MainWindow(Config(arxiv_url="http://127.0.0.1:9/api/query"))
    window.ask_unsaved_changes = lambda: "discard"
    ready = []
    window.analysis_ready.connect(lambda a: ready.append(time.perf_counter()))
    window.resize(1440, 900)
    window.show()
    failures = []
    window.runner.analysis_failed.connect(failures.append)
    window.open_path(path)
    deadline = time.perf_counter() + 120
    while not ready:
        if failures or time.perf_counter() > deadline:
            raise SystemExit(f"no analysis of the document: {failures or 'timed out'}")
        app.processEvents()
        time.sleep(0.0005)
    for _ in range(20):
        app.processEvents()
    # The one-time warm-up after opening (pyqtgraph loaded in steps 1.5 s after the first analysis: bench_chart_tab
    # measures it) is let finish first: this measures typing in a survey that is already open.
    from editor_app.ui import chart_library

    deadline = time.perf_counter() + 60
    while not chart_library.is_loaded() and time.perf_counter() < deadline:
        app.processEvents()
        time.sleep(0.002)
    pump(app, 0.4, 0.002)
    # put the cursor in the middle of the document, at the end of a body line
    window.goto_line(window.editor.blockCount() // 2 + 12)
    window.editor.moveCursor(QTextCursor.MoveOperation.EndOfBlock)

    def type_char(ch: str) -> None:
        for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
            QApplication.sendEvent(window.editor, QKeyEvent(kind, Qt.Key.Key_unknown, Qt.KeyboardModifier.NoModifier, ch))

    # ---- stalls while typing at 20 keys/s ----
    hb = Heartbeat()
    beats, heartbeat = hb.beats, hb.timer
    chars = (PARAGRAPH * (keys // len(PARAGRAPH) + 1))[:keys]
    typed = {"n": 0}
    key_cost: list[float] = []

    pause = {"until": 0.0}

    def key() -> None:
        if typed["n"] >= len(chars) or time.perf_counter() < pause["until"]:
            return
        if burst and typed["n"] and typed["n"] % burst == 0 and pause["until"] == 0.0:
            pause["until"] = time.perf_counter() + 0.4  # a pause: the analysis starts, typing resumes during it
            return
        pause["until"] = 0.0
        t = time.perf_counter()
        type_char(chars[typed["n"]])
        key_cost.append((time.perf_counter() - t) * 1000)
        typed["n"] += 1

    typer = QTimer()
    typer.setTimerType(Qt.TimerType.PreciseTimer)
    typer.setInterval(50)
    typer.timeout.connect(key)
    n_ready_before = len(ready)
    heartbeat.start()
    typer.start()
    while typed["n"] < len(chars):
        app.processEvents()
        time.sleep(0.0005)
    deadline = time.perf_counter() + 3.0  # the final analysis after the last key, still under the heartbeat
    while time.perf_counter() < deadline and len(ready) == n_ready_before:
        app.processEvents()
        time.sleep(0.0005)
    pump(app, 0.3)
    typer.stop()
    heartbeat.stop()
    gaps = [b - a for a, b in zip(beats, beats[1:])]
    updates_while_typing = len(ready) - n_ready_before

    # ---- keystroke -> updated panel ----
    latencies = []
    for i in range(trials):
        marker = len(ready)
        t0 = time.perf_counter()
        type_char("字")
        while len(ready) == marker and time.perf_counter() - t0 < 30:
            app.processEvents()
            time.sleep(0.0002)
        app.processEvents()  # the paint that shows it
        latencies.append((ready[-1] - t0) * 1000 if len(ready) > marker else float("nan"))
        pump(app, 0.3, 0.001)
    # ---- Enter (a new paragraph): every later line moves; keystroke -> panel, and the longest stall around it ----
    enter_latency, enter_stall = [], []
    if enter:
        heartbeat.start()
        for i in range(trials):
            marker = len(ready)
            beats.clear()
            t0 = time.perf_counter()
            for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
                QApplication.sendEvent(window.editor, QKeyEvent(kind, Qt.Key.Key_Return, Qt.KeyboardModifier.NoModifier, "\r"))
            while len(ready) == marker and time.perf_counter() - t0 < 30:
                app.processEvents()
                time.sleep(0.0002)
            pump(app, 0.4)  # the panels repaint, the previous pass is let go
            enter_latency.append((ready[-1] - t0) * 1000 if len(ready) > marker else float("nan"))
            enter_stall.append(max((b - a for a, b in zip(beats, beats[1:])), default=0.0))
        heartbeat.stop()
    cjk = window.latest_analysis.metrics.get("cjk")
    window.editor.document().setModified(False)
    window.close()
    window.deleteLater()
    app.processEvents()
    return {
        "size": size, "bytes": path.stat().st_size, "keys": len(chars),
        "stall_p99_ms": percentile(gaps, 99), "stall_max_ms": max(gaps), "stall_median_ms": statistics.median(gaps),
        "key_handling_p99_ms": percentile(key_cost, 99), "updates_while_typing": updates_while_typing,
        "latency_median_ms": statistics.median(latencies), "latency_max_ms": max(latencies),
        "analysis_ms": window.last_analysis_seconds * 1000, "cjk": cjk,
        "enter_latency_median_ms": statistics.median(enter_latency) if enter_latency else None,
        "enter_stall_max_ms": max(enter_stall) if enter_stall else None,
        "enter_stall_median_ms": statistics.median(enter_stall) if enter_stall else None,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keys", type=int, default=200)
    parser.add_argument("--sizes", default="1,300")
    parser.add_argument("--trials", type=int, default=10)
    parser.add_argument("--enter", action="store_true",
                        help="also press Enter `trials` times: keystroke -> panel and the longest GUI stall around it")
    parser.add_argument("--burst", type=int, default=0,
                        help="pause 0.4 s after every N keys, so typing resumes while an analysis runs")
    args = parser.parse_args()
    from PySide6.QtWidgets import QApplication

    from editor_app.ui.app import make_application

    app = make_application(sys.argv[:1])  # noqa: F841 - the program's own application setup
    print(f"platform={QApplication.platformName()} load={os.getloadavg()[0]:.2f} cores={os.cpu_count()}")
    with tempfile.TemporaryDirectory() as tmp:
        for size in [int(s) for s in args.sizes.split(",")]:
            r = run(size, args.keys, args.trials, Path(tmp), args.burst, args.enter)
            print(
                f"sample x{r['size']:<4} {r['bytes'] / 1e6:6.2f} MB  typing {r['keys']} keys @20/s"
                f"{f' in bursts of {args.burst}' if args.burst else ''}: "
                f"event-loop stall p99 {r['stall_p99_ms']:.1f} ms, max {r['stall_max_ms']:.1f} ms "
                f"(median gap {r['stall_median_ms']:.1f} ms; key handling p99 {r['key_handling_p99_ms']:.1f} ms; "
                f"{r['updates_while_typing']} panel updates while typing)  "
                f"keystroke->panel median {r['latency_median_ms']:.0f} ms, max {r['latency_max_ms']:.0f} ms "
                f"(analysis {r['analysis_ms']:.0f} ms)"
            )
            if args.enter:
                print(f"sample x{r['size']:<4} Enter x{args.trials}: keystroke->panel median "
                      f"{r['enter_latency_median_ms']:.0f} ms; longest event-loop stall around it median "
                      f"{r['enter_stall_median_ms']:.1f} ms, max {r['enter_stall_max_ms']:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
