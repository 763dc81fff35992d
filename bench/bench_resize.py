"""Resizing the window on a big survey: the GUI thread's longest stall per repetition (QA D5), and how many times
Qt called back into the panels' models while it did.

    PYTHONPATH=. python bench/bench_resize.py [--file survey-8mb.md] [--repeat 3] [--tab self] [--no-count]

Opens FILE in the real window (every extension; its own XDG folders and history database; offscreen unless DISPLAY
is set), 1440x900, waits for the first analysis, shows the tab named --tab (Self-check by default: its claims
table is the big one), then resizes as the QA driver did (/tmp/qa19/drive.py `resize`): six window sizes with a
0.25 s pause, then a 20-step drag with 0.02 s between steps. A 2 ms heartbeat (bench_feel.Watch) measures the gaps
between beats; the GUI thread's CPU time is read at each beat too, so a gap's CPU (what the GUI thread computed
in it, not the time it waited for a core) is known: on a loaded machine the first swells, the second hardly. Printed
per repetition: the longest gap, the costliest gap's CPU, the gaps over 50 / 100 ms, and the calls of
RowsModel.rowCount / index / data and of the panels' RowsDelegate.initStyleOption (Python calls from C++), then the
median of the longest gaps.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench_feel  # noqa: E402  (Watch; sets the platform and sys.path)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--file", default="/tmp/qa19/work/survey-8mb.md")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--tab", default="self")
    ap.add_argument("--no-count", action="store_true",
                    help="count no calls (the counting wrappers are a Python call each: they swell the stalls)")
    args = ap.parse_args()

    tmp = Path(tempfile.mkdtemp(prefix="bench-resize-"))
    for var in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"):
        (tmp / var).mkdir()
        os.environ[var] = str(tmp / var)
    os.environ["SURVEY_EDITOR_DB"] = str(tmp / "history.db")
    os.environ["SURVEY_EDITOR_AUTOSAVE_SECONDS"] = "100000"
    survey = tmp / "survey.md"
    shutil.copy(args.file, survey)

    from PySide6.QtWidgets import QApplication

    from editor_app.config import from_environment
    from editor_app.ui import table_models
    from editor_app.ui.app import create_window, make_application

    calls = {"rowCount": 0, "index": 0, "data": 0, "cells": 0}
    try:  # (the panels' delegate: one call a painted cell)
        from editor_app.ui.table_cells import RowsDelegate
    except ImportError:
        RowsDelegate = None
    for name in () if args.no_count else calls:
        owner, method = ((RowsDelegate, "initStyleOption") if name == "cells" else (table_models.RowsModel, name))
        if owner is None or method not in vars(owner):  # (index: Qt's own, in C++, before it was RowsModel's)
            continue
        original = vars(owner)[method]

        def counted(self, *a, _original=original, _name=name):
            calls[_name] += 1
            return _original(self, *a)

        setattr(owner, method, counted)

    app = make_application(sys.argv[:1])
    window = create_window(survey, from_environment())
    window.ask_unsaved_changes = lambda: "discard"
    window.resize(1440, 900)
    window.show()

    def pump(seconds: float) -> None:
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            app.processEvents()
            time.sleep(0.0005)

    runner = window.runner
    start = time.perf_counter()
    while (runner.published_revision != runner.revision or runner._timer.isActive()) and time.perf_counter() - start < 300:
        pump(0.05)
    for i in range(window.tabs.count()):
        if window.tabs.tabText(i).replace("&", "").lower().startswith(args.tab):
            window.tabs.setCurrentIndex(i)
    pump(3.0)
    watch = bench_feel.Watch()
    cpu: list[float] = []  # the GUI thread's CPU time at each beat: a gap's CPU is what it computed, not waited
    watch.timer.timeout.connect(lambda: cpu.append(time.thread_time()))
    watch.start()
    pump(1.0)
    rows = len(window.selfcheck.claims_model.rows)
    print(f"platform={QApplication.platformName()} load={os.getloadavg()[0]:.2f} claims rows={rows} "
          f"tab={window.tabs.tabText(window.tabs.currentIndex())}", flush=True)
    worst, worst_cpu = [], []
    for rep in range(args.repeat):
        mark = watch.mark()
        for k in calls:
            calls[k] = 0
        for w, h in ((1000, 700), (1600, 1000), (1200, 800), (1440, 900), (900, 600), (1440, 900)):
            window.resize(w, h)
            pump(0.25)
        for i in range(20):  # a drag: many small resizes
            window.resize(1200 + i * 10, 800 + i * 5)
            pump(0.02)
        window.resize(1440, 900)
        pump(0.5)
        gaps = watch.stalls(mark)
        longest = max(gaps)
        worst.append(longest[0])
        c = cpu[mark:]
        worst_cpu.append(max((y - x) * 1000 for x, y in zip(c, c[1:])))
        print(f"rep {rep + 1}: longest {longest[0]:.0f} ms ({watch.blame(longest[1], longest[2])}); "
              f"GUI-thread CPU in the longest-CPU gap {worst_cpu[-1]:.0f} ms; gaps >50 ms {sum(g[0] > 50 for g in gaps)}, >100 ms {sum(g[0] > 100 for g in gaps)}; "
              f"calls of rowCount {calls['rowCount']:,}, index {calls['index']:,}, data {calls['data']:,}, "
              f"RowsDelegate.initStyleOption {calls['cells']:,}", flush=True)
    watch.stop()
    print(f"median longest stall {statistics.median(worst):.0f} ms over {len(worst)} repetitions "
          f"({' / '.join(f'{w:.0f}' for w in worst)}); GUI-thread CPU of the costliest gap median "
          f"{statistics.median(worst_cpu):.0f} ms ({' / '.join(f'{w:.0f}' for w in worst_cpu)}); "
          f"load {os.getloadavg()[0]:.2f}")
    window.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
