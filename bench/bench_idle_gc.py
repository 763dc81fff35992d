"""The checker's idle garbage collection: the GUI-thread stall it costs when the user pauses, and whether memory
stays bounded over a long editing session.

    PYTHONPATH=. python bench/bench_idle_gc.py [--sizes 1,8] [--passes 50] [--pause 1.0]

For each size (MB: bench_analyze's unique_copies of the sample, ~36 copies a MB) a child process opens the real main
window (offscreen unless DISPLAY is set, its own XDG folders and history database) and does --passes edit passes:
a few characters typed, or an Enter, at a random line, every fifth pass on another panel tab (Preview, Figures, …
each redrawn), and waits for the analysis to be shown. Then it pauses --pause seconds with the runner's idle timer
shortened to fire within it (in the application it fires 20 s after the last result), as a writer pausing to think.

Printed per size:
- idle slot: the longest time the idle timer's slot held the GUI thread (what a key pressed then waits for), and
  how many full collections it made; the longest heartbeat gap (2 ms timer) during the pauses
- young collection at publish (if the runner makes one): its longest time
- memory: pymalloc blocks and RSS after the first pass, the 10th, … and the last (after the worker let go of the
  replaced passes), and the tracked objects kept frozen
- garbage left: what one full collection at the end still finds (cyclic garbage kept frozen: a leak if it grows
  with the number of passes), and how long it takes
- user away (if the runner has `user_left`): the due collection made when the window loses activation
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))
sys.path.insert(0, str(BENCH.parent))
os.environ.setdefault("SURVEY_EDITOR_LANG", "en")
if not os.environ.get("DISPLAY"):
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from gui_heartbeat import Heartbeat, child_json, pump  # noqa: E402

COPIES_PER_MB = 36


def rss_mb() -> float:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 1e6


class Timed:
    """Wraps a method of a class (before the window is made) to record how long each call took, in ms."""

    def __init__(self, cls, name: str) -> None:
        self.ms: list[float] = []
        real = getattr(cls, name, None)
        self.present = real is not None
        if real is None:
            return

        def timed(obj, *args, **kwargs):
            t = time.perf_counter()
            try:
                return real(obj, *args, **kwargs)
            finally:
                self.ms.append((time.perf_counter() - t) * 1000)

        setattr(cls, name, timed)


def child(size_mb: float, passes: int, pause: float, seed: int) -> dict:
    tmp = Path(tempfile.mkdtemp(prefix="bench-idle-gc-"))
    for var in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"):
        os.environ[var] = str(tmp / var)
    os.environ["SURVEY_EDITOR_DB"] = str(tmp / "history.db")
    os.environ["SURVEY_EDITOR_AUTOSAVE_SECONDS"] = "100000"
    from bench_analyze import unique_copies

    survey = tmp / "survey.md"
    survey.write_text(unique_copies(max(1, round(size_mb * COPIES_PER_MB))) + "\n", encoding="utf-8")

    from PySide6.QtCore import QEvent, Qt
    from PySide6.QtGui import QKeyEvent, QTextCursor
    from PySide6.QtWidgets import QApplication

    from editor_app.config import from_environment
    from editor_app.ui import analysis_runner, gui_gc
    from editor_app.ui.app import create_window, make_application

    runner_cls = analysis_runner.AnalysisRunner
    idle_slot = Timed(runner_cls, "idle_collect")  # (the fix's idle slot; before it, the timer called collect_garbage)
    full = Timed(runner_cls, "collect_garbage")
    young: list[float] = []
    if hasattr(gui_gc, "collect_young"):
        real_young = gui_gc.collect_young

        def timed_young(*args, **kwargs):
            t = time.perf_counter()
            try:
                return real_young(*args, **kwargs)
            finally:
                young.append((time.perf_counter() - t) * 1000)

        gui_gc.collect_young = timed_young

    app = make_application(sys.argv[:1])
    window = create_window(survey, from_environment())
    window.ask_unsaved_changes = lambda: "discard"
    window.resize(1440, 900)
    window.show()
    editor, runner = window.editor, window.runner

    def settle(timeout: float = 300.0) -> None:
        end = time.perf_counter() + timeout
        while (runner.published_revision != runner.revision or runner._timer.isActive()
               or runner._thread.has_idle_work()) and time.perf_counter() < end:
            app.processEvents()
            time.sleep(0.0005)

    settle()
    from editor_app.ui import chart_library

    end = time.perf_counter() + 60
    while not chart_library.is_loaded() and time.perf_counter() < end:
        pump(app, 0.05)
    pump(app, 1.0)
    idle_ms = int(pause * 1000 * 0.4)
    runner._idle_gc.setInterval(idle_ms)  # (20 s in the application)
    idle_slot.ms.clear(), full.ms.clear(), young.clear()
    # what opening left (the first analysis' transient objects) is not the session's: one collection before counting
    gc.unfreeze()
    gc.collect()
    gc.freeze()

    def key(ch: str, k=Qt.Key.Key_unknown) -> None:
        for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
            QApplication.sendEvent(editor, QKeyEvent(kind, k, Qt.KeyboardModifier.NoModifier, ch))

    heartbeat = Heartbeat()
    heartbeat.timer.start()
    rnd = random.Random(seed)
    pause_gaps: list[float] = []
    trend: list[dict] = []
    for i in range(passes):
        window.goto_line(rnd.randrange(10, editor.blockCount() - 10))
        editor.moveCursor(QTextCursor.MoveOperation.EndOfBlock)
        for ch in ("\r" if i % 4 == 1 else "停一下"):
            key(ch, Qt.Key.Key_Return if ch == "\r" else Qt.Key.Key_unknown)
            pump(app, 0.06)
        if i % 5 == 2:
            window.tabs.setCurrentIndex((window.tabs.currentIndex() + 1) % window.tabs.count())
        settle()
        first = len(heartbeat.beats)
        pump(app, pause)  # the writer pauses: the idle timer fires in here
        beats = heartbeat.beats[first:]
        pause_gaps.append(max((b - a for a, b in zip(beats, beats[1:])), default=0.0))
        if i == 0 or (i + 1) % 10 == 0 or i == passes - 1:
            trend.append({"pass": i + 1, "blocks": sys.getallocatedblocks(), "rss_mb": round(rss_mb(), 1),
                          "frozen": gc.get_freeze_count()})
    heartbeat.timer.stop()

    away = None
    if hasattr(runner, "user_left"):
        made = len(full.ms)
        t = time.perf_counter()
        runner.user_left()
        pump(app, 2.0)
        away = {"full_collections": len(full.ms) - made, "ms": round(max(full.ms[made:], default=0.0), 1)}
    gc.unfreeze()
    t = time.perf_counter()
    left = gc.collect()
    left_ms = (time.perf_counter() - t) * 1000
    runner._idle_gc.stop()
    window.editor.document().setModified(False)
    return {
        "size_mb": round(survey.stat().st_size / 1e6, 2),
        "passes": passes,
        "idle_slot_max_ms": round(max(idle_slot.ms or full.ms or [0.0]), 1),
        "idle_slot_calls": len(idle_slot.ms) if idle_slot.present else len(full.ms),
        "full_collections": len(full.ms),
        "full_collection_max_ms": round(max(full.ms, default=0.0), 1),
        "pause_gap_max_ms": round(max(pause_gaps, default=0.0), 1),
        "pause_gap_median_ms": round(sorted(pause_gaps)[len(pause_gaps) // 2], 1) if pause_gaps else 0.0,
        "young_at_publish_max_ms": round(max(young), 1) if young else None,
        "young_at_publish_calls": len(young),
        "trend": trend,
        "garbage_left": left,
        "garbage_left_collect_ms": round(left_ms, 1),
        "user_away": away,
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sizes", default="1,8", help="MB, comma-separated")
    ap.add_argument("--passes", type=int, default=50)
    ap.add_argument("--pause", type=float, default=1.0, help="seconds of each pause (the idle timer fires in it)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--child", type=float, default=None, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child is not None:
        result = child(args.child, args.passes, args.pause, args.seed)
        print(json.dumps(result), flush=True)
        os._exit(0)  # (no teardown of the window and its threads: measured already)
    for size in [float(s) for s in args.sizes.split(",") if s]:
        r = child_json([sys.executable, __file__, "--child", str(size), "--passes", str(args.passes),
                        "--pause", str(args.pause), "--seed", str(args.seed)])
        if r is None:
            print(f"{size:g} MB: no result")
            continue
        print(f"{r['size_mb']} MB, {r['passes']} edit passes, each followed by a pause:")
        print(f"  idle slot: longest {r['idle_slot_max_ms']} ms over {r['idle_slot_calls']} pauses; "
              f"{r['full_collections']} full collections (longest {r['full_collection_max_ms']} ms); "
              f"heartbeat gap in the pauses: longest {r['pause_gap_max_ms']} ms, median {r['pause_gap_median_ms']} ms")
        if r["young_at_publish_max_ms"] is not None:
            print(f"  young collection at each publish: longest {r['young_at_publish_max_ms']} ms "
                  f"({r['young_at_publish_calls']} calls)")
        for t in r["trend"]:
            print(f"  after pass {t['pass']:3d}: {t['blocks']:>10,} blocks  {t['rss_mb']:7.1f} MB RSS  "
                  f"{t['frozen']:>9,} frozen")
        print(f"  garbage left for a full collection at the end: {r['garbage_left']:,} objects "
              f"(that collection: {r['garbage_left_collect_ms']} ms)")
        if r["user_away"] is not None:
            print(f"  user away (window inactive): {r['user_away']['full_collections']} full collection(s), "
                  f"{r['user_away']['ms']} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
