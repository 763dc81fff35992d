"""Cutting and pasting paragraphs on a big survey: how long the GUI event loop stalls, and where the time goes.

    python bench/bench_cut_paste.py [--size 300] [--rounds 8] [--profile]

Opens the sample repeated N times (300 = 8 MB) in the real main window, offscreen unless DISPLAY is set, waits for
the first analysis, then cuts 6 lines and pastes them far away, ROUNDS times (as bench_session's "cut/paste"
phase). A 2 ms heartbeat timer measures the event-loop gaps; --profile also prints the GUI thread's top functions
(cProfile, cumulative) over the phase.
"""

from __future__ import annotations

import argparse
import collections
import cProfile
import os
import pstats
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
os.environ.setdefault("SURVEY_EDITOR_LANG", "en")
if not os.environ.get("DISPLAY"):
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def percentile(values: list[float], p: float) -> float:
    if not values:
        return 0.0
    s = sorted(values)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--callbacks", action="store_true", help="count the Python callbacks in each slow pass")
    parser.add_argument("--switch", type=float, default=0.0, help="override the GIL switch interval (s)")
    args = parser.parse_args()

    tmp = Path(tempfile.mkdtemp(prefix="bench-cut-paste-"))
    for var in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"):
        (tmp / var).mkdir()
        os.environ[var] = str(tmp / var)
    os.environ["SURVEY_EDITOR_DB"] = str(tmp / "history.db")
    os.environ["SURVEY_EDITOR_AUTOSAVE_SECONDS"] = "100000"

    from PySide6.QtCore import QElapsedTimer, Qt, QTimer
    from PySide6.QtGui import QTextCursor
    from PySide6.QtWidgets import QApplication

    from bench_analyze import SAMPLE
    from editor_app.config import from_environment
    from editor_app.ui.app import create_window, make_application

    app = make_application(sys.argv[:1])
    if args.switch:
        sys.setswitchinterval(args.switch)
    survey = tmp / "survey.md"
    survey.write_text("\n".join([SAMPLE.rstrip("\n")] * args.size) + "\n", encoding="utf-8")

    cfg = from_environment()
    cfg = type(cfg)(**{**cfg.__dict__, "arxiv_url": "http://127.0.0.1:9/api/query"})
    window = create_window(survey, cfg)
    window.ask_unsaved_changes = lambda: "discard"
    window.resize(1440, 900)
    window.show()

    clock = QElapsedTimer()
    clock.start()
    state = {"on": False, "last": None}
    gaps: list[tuple[float, float, str]] = []  # (gap ms, at ms, step)
    step = {"name": ""}

    def beat() -> None:
        now = clock.nsecsElapsed() / 1e6
        if state["on"] and state["last"] is not None:
            gaps.append((now - state["last"], now, step["name"]))
        state["last"] = now

    heartbeat = QTimer()
    heartbeat.setTimerType(Qt.TimerType.PreciseTimer)
    heartbeat.setInterval(2)
    heartbeat.timeout.connect(beat)
    heartbeat.start()

    slow_calls: list[tuple[float, float, str]] = []  # processEvents calls over 50 ms: wall ms, GUI-thread CPU ms

    entered: collections.Counter = collections.Counter()  # Python functions Qt called into, in one pass
    depth = [0]

    def count_entries(frame, event, arg) -> None:
        if event == "call":
            if depth[0] == 0:
                entered[f"{frame.f_code.co_qualname} ({Path(frame.f_code.co_filename).name})"] += 1
            depth[0] += 1
        elif event == "return":
            depth[0] = max(0, depth[0] - 1)

    def pump(seconds: float) -> None:
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            w, c = time.perf_counter(), time.thread_time()
            entered.clear()
            depth[0] = 0
            if args.callbacks:
                sys.setprofile(count_entries)
            app.processEvents()
            sys.setprofile(None)
            w, c = (time.perf_counter() - w) * 1000, (time.thread_time() - c) * 1000
            if state["on"] and w > 50:
                slow_calls.append((w, c, step["name"]))
                if args.callbacks:
                    print(f"    pass {w:.0f} ms ({c:.0f} ms CPU) at {step['name']}: {sum(entered.values())} Python "
                          "callbacks: " + ", ".join(f"{n} {k}" for k, n in entered.most_common(6)))
            time.sleep(0.0005)

    def settle(timeout: float = 180.0) -> None:
        start = time.perf_counter()
        while window.runner.published_revision != window.runner.revision or window.runner._timer.isActive():
            if time.perf_counter() - start > timeout:
                print("  (analysis did not settle)")
                break
            app.processEvents()
            time.sleep(0.0005)
        pump(0.2)

    # publish timing: how long each analysis publication takes on the GUI thread
    publish_ms: list[float] = []
    runner = window.runner
    original = runner._on_done

    def timed(*a) -> None:
        t = time.perf_counter()
        try:
            original(*a)
        finally:
            publish_ms.append((time.perf_counter() - t) * 1000)

    runner._thread.done.disconnect(original)
    runner._thread.done.connect(timed)

    settle()
    blocks = window.editor.blockCount()
    print(f"platform={QApplication.platformName()} load={os.getloadavg()[0]:.2f} "
          f"survey {survey.stat().st_size / 1e6:.2f} MB x{args.size}, {blocks} lines")
    publish_ms.clear()
    profiler = cProfile.Profile() if args.profile else None
    state["on"] = True
    if profiler:
        profiler.enable()
    costs = {"cut": [], "paste": []}
    for i in range(args.rounds):
        step["name"] = f"cut {i}"
        window.goto_line(int(blocks * (0.2 + 0.07 * i)))
        cur = window.editor.textCursor()
        cur.movePosition(QTextCursor.MoveOperation.StartOfBlock)
        cur.movePosition(QTextCursor.MoveOperation.NextBlock, QTextCursor.MoveMode.KeepAnchor, 6)
        window.editor.setTextCursor(cur)
        t = time.perf_counter()
        window.editor.cut()
        costs["cut"].append((time.perf_counter() - t) * 1000)
        pump(0.3)
        step["name"] = f"paste {i}"
        window.goto_line(int(blocks * (0.8 - 0.07 * i)))
        t = time.perf_counter()
        window.editor.paste()
        costs["paste"].append((time.perf_counter() - t) * 1000)
        pump(0.3)
    step["name"] = "settle"
    settle()
    if profiler:
        profiler.disable()
    state["on"] = False
    heartbeat.stop()
    g = [x[0] for x in gaps]
    print(f"cut/paste stall p99 {percentile(g, 99):7.1f} ms  max {max(g):7.1f} ms  "
          f"({len(g)} beats, {sum(1 for x in g if x > 50)} gaps > 50 ms)")
    print(f"  cut() p50/max {percentile(costs['cut'], 50):.1f}/{max(costs['cut']):.1f} ms, "
          f"paste() p50/max {percentile(costs['paste'], 50):.1f}/{max(costs['paste']):.1f} ms")
    if publish_ms:
        print(f"  analysis published {len(publish_ms)} times on the GUI thread: "
              f"p50 {percentile(publish_ms, 50):.0f} ms max {max(publish_ms):.0f} ms")
    print("  worst gaps: " + ", ".join(f"{ms:.0f} ms ({where})" for ms, _, where in sorted(gaps, reverse=True)[:8]))
    if slow_calls:
        wall = sum(w for w, _, _ in slow_calls)
        cpu = sum(c for _, c, _ in slow_calls)
        print(f"  {len(slow_calls)} event-loop passes over 50 ms: {wall:.0f} ms wall, of which the GUI thread ran "
              f"{cpu:.0f} ms (the rest it waited, e.g. for the GIL held by the analysis worker)")
    if profiler:
        stats = pstats.Stats(profiler)
        stats.sort_stats("cumulative").print_stats(40)
    window.editor.document().setModified(False)
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
