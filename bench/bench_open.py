"""Opening a big survey: the GUI thread's longest stall from the moment it is opened until its first analysis is
shown, and how long that first result took (QA19 D9).

    PYTHONPATH=. python bench/bench_open.py [--sizes 1,8] [--ways menu,cli] [--repeat 3] [--blame]

Each run is a child process of its own (fresh Python, its own XDG folders and history database, made beforehand,
offscreen unless DISPLAY is set) opening /tmp/qa19/work/survey-<N>mb.md (made as QA made it, unique copies of the
bundled sample, when missing) one of two ways:

- `menu`: the window is up with a small survey, analysed, its start-up work over; then File → Open is done as the
  menu does it (`_open_dialog`, the dialog answered with the big survey) from inside the running event loop.
- `cli`: `survey-editor FILE` (`editor_app.__main__.main`), the heartbeat already running: `up` is how long
  until the event loop first turned (the window built and shown; nothing on screen before), `stall` the longest
  gap after that.

A 2 ms heartbeat (bench_feel.Watch) measures each gap between beats until 1.5 s after the first analysis of the
opened survey is shown (the panels' repaint after it, history's first look, are part of what the user feels);
the GUI thread's CPU time is read at each beat too, so the costliest gap's own computing (`cpu`) is told apart
from time spent waiting for a core on a loaded machine. `first` is the time until that first result is shown.
`window painted` (cli) is when the window was first painted, `its text painted` when the editor first painted the
opened survey (an application event filter sees the paints, removed once both are seen).
`--blame` samples the GUI thread's stack (Watch's sampler) and names what it did in the six longest gaps;
`--slots` adds the program's methods that ran in them (bench_feel.SlotTimes, which slows them a little).
Output: a line per run, then per size and way the medians.

Before (edb576e) and after, three alternating runs each, load 3.2-6.4 (a shared 2-core machine), longest stall in ms
(GUI CPU of the costliest gap): 8 MB menu 669/712/516 (337-362) -> 323/185/188 (169-179), the rest being Qt's
setPlainText; 8 MB cli 586/598/393 (313-357) -> 294/127/130 (125-132), `up` 737-1163 -> 487-784; 1 MB menu
224/328/128 -> 139/134/107; 1 MB cli 549/572/274 (267-326) -> 195/220/146 (126-138). The first result as soon.

`survey-editor FILE` reading FILE in the background (1eb21f6 and after, three runs each, load 1.3-1.4): 8 MB cli
window painted 437/532/531 ms -> 221/337/182 ms (its text painted 397/474/461 -> 315/327/276 ms; with an empty FILE
the window is painted at ~100 ms, the 8 MB read beside it shares the GIL), longest stall 50-118 -> 53-99 ms, first
result 2.4-2.6 s either way.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
QA_SURVEYS = Path("/tmp/qa19/work")
AFTER_RESULT_S = 1.5
COPIES = {1: 36, 8: 290}  # QA's surveys: 1.01 MB, 8.16 MB


def survey_file(megabytes: int, tmp: Path) -> Path:
    made = QA_SURVEYS / f"survey-{megabytes}mb.md"
    if made.exists():
        return made
    from bench_analyze import unique_copies

    path = tmp / f"survey-{megabytes}mb.md"
    path.write_text(unique_copies(COPIES.get(megabytes, 36 * megabytes)), encoding="utf-8")
    return path


def paint_marks_class():
    from PySide6.QtCore import QCoreApplication, QEvent, QObject, QTimer

    class PaintMarks(QObject):
        """When the main window was first painted (`window`: its status bar, there from the start) and when the
        editor first painted the opened survey (`text`), in perf_counter seconds: seen as Qt hands the paint over."""

        def __init__(self, window_of, target: Path) -> None:
            super().__init__()
            self.window_of, self.target, self.marks = window_of, target, {}

        def eventFilter(self, obj, event):  # noqa: N802 (Qt's name)
            if event.type() == QEvent.Type.Paint and len(self.marks) < 2:
                w = self.window_of()
                if w is not None:
                    if "window" not in self.marks and obj is w.statusBar():
                        self.marks["window"] = time.perf_counter()
                    if "text" not in self.marks and obj is w.editor.viewport() and w.current_path == self.target:
                        self.marks["text"] = time.perf_counter()
                if len(self.marks) == 2:  # (a Python call per event of the application's: no longer once seen)
                    QTimer.singleShot(0, lambda: QCoreApplication.instance().removeEventFilter(self))
            return False

    return PaintMarks


def child(megabytes: int, way: str, blame: bool, slots: bool = False) -> int:
    tmp = Path(tempfile.mkdtemp(prefix="bench-open-"))
    for var in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"):
        (tmp / var).mkdir()
        os.environ[var] = str(tmp / var)
    os.environ["SURVEY_EDITOR_DB"] = str(tmp / "history.db")
    os.environ["SURVEY_EDITOR_AUTOSAVE_SECONDS"] = "100000"
    import bench_feel  # noqa: F401  (Watch; sets the language, the platform and sys.path)
    from editor_app.services.database import open_database

    open_database(tmp / "history.db").db.conn.close()  # made already: a first start's migrations are not opening

    survey = tmp / "survey.md"
    survey.write_bytes(survey_file(megabytes, tmp).read_bytes())
    target = survey.resolve()

    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    timed = bench_feel.SlotTimes()
    if slots:
        timed.install()
    from editor_app.ui.app import make_application
    from editor_app.ui.main_window import MainWindow

    PaintMarks = paint_marks_class()

    app = make_application(sys.argv[:1])
    watch = bench_feel.Watch()
    cpu: list[float] = []
    watch.timer.timeout.connect(lambda: cpu.append(time.thread_time()))
    found: dict[str, float] = {}

    def window() -> MainWindow | None:
        return next((w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow)), None)

    def poll() -> None:
        """The first analysis of the opened survey shown: 1.5 s on, the run ends."""
        w = window()
        if "first" not in found and w is not None and w.current_path == target and w.latest_analysis is not None \
                and w.runner.published_revision == w.runner.revision and not w.runner._timer.isActive():
            found["first"] = time.perf_counter()
        if "first" in found and time.perf_counter() - found["first"] > AFTER_RESULT_S:
            found["end"] = time.perf_counter()
            app.exit(0)

    checker = QTimer()
    checker.timeout.connect(poll)
    painted = PaintMarks(window, target)
    app.installEventFilter(painted)
    if way == "menu":
        from editor_app.config import from_environment
        from editor_app.ui.app import create_window

        small = tmp / "small.md"
        small.write_text("# 小调查\n\n一句话。\n", encoding="utf-8")
        w = create_window(small, from_environment())
        w.resize(1440, 900)
        w.show()
        end = time.perf_counter() + 4.0  # analysed, history's first look, the charts' warm-up: all over
        while time.perf_counter() < end:
            app.processEvents()
            time.sleep(0.0005)
        w.choose_open_path = lambda start: str(survey)
        watch.start() if blame else watch.timer.start()  # (the sampler's signals cost a little)
        checker.start(5)
        QTimer.singleShot(20, lambda: found.setdefault("t0", time.perf_counter()) and w._open_dialog())
        mark = len(watch.beats)
        app.exec()
    else:
        from editor_app.__main__ import main

        watch.start() if blame else watch.timer.start()  # (the sampler's signals cost a little)
        checker.start(5)
        found["t0"] = time.perf_counter()
        mark = 0
        main([str(survey)])
    watch.stop()
    t0 = found["t0"]
    gaps = [g for g in watch.stalls(max(mark - 1, 0)) if g[2] > t0]
    up = None
    if way == "cli":
        up = (watch.beats[0] - t0) * 1000
        gaps = gaps[1:]  # the first beat's wait is the start-up: `up`
    shown = {k: round((v - t0) * 1000) for k, v in painted.marks.items()}
    longest = max(gaps)
    beat_cpu = dict(zip(watch.beats, cpu))
    costliest = max((beat_cpu.get(e, 0) - beat_cpu.get(s, 0)) * 1000 for _g, s, e in gaps if s in beat_cpu)
    out = {"size": megabytes, "way": way, "stall": round(longest[0]), "at": round(longest[1] - t0, 2),
           "cpu": round(costliest), "first": round(found["first"] - t0, 2), "up": round(up) if up else None,
           "painted": shown.get("window") if way == "cli" else None, "text": shown.get("text"),
           "over100": sum(g[0] > 100 for g in gaps), "load": round(os.getloadavg()[0], 2)}
    if blame:
        out["blame"] = [f"{g:.0f} ms at {s - t0:.2f} s: {watch.blame(s, e)}"
                        + (f"; {timed.inside(s, e)}" if slots else "") for g, s, e in sorted(gaps)[-6:][::-1]]
    print(json.dumps(out), flush=True)
    w = window()
    if w is not None:
        w.editor.document().setModified(False)
        w.shutdown()
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="1,8", help="survey sizes in MB, comma-separated")
    ap.add_argument("--ways", default="menu,cli", help="menu (File → Open) and/or cli (survey-editor FILE)")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--blame", action="store_true", help="sample the GUI thread's stack in the longest gaps")
    ap.add_argument("--slots", action="store_true", help="with --blame: the program's methods that ran in those gaps "
                    "(bench_feel.SlotTimes: every UI method timed, which slows them a little)")
    ap.add_argument("--child", nargs=2, metavar=("MB", "WAY"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        return child(int(args.child[0]), args.child[1], args.blame or args.slots, args.slots)

    from gui_heartbeat import child_json

    print(f"load={os.getloadavg()[0]:.2f} {sys.executable} {Path(__file__).resolve()}", flush=True)
    runs: dict[tuple[int, str], list[dict]] = {}
    for rep in range(args.repeat):
        for size in [int(s) for s in args.sizes.split(",") if s]:
            for way in [w for w in args.ways.split(",") if w]:
                cmd = [sys.executable, __file__, "--child", str(size), way] + (["--blame"] if args.blame else []) \
                    + (["--slots"] if args.slots else [])
                got = child_json(cmd, timeout=600)
                if got is None:
                    continue
                runs.setdefault((size, way), []).append(got)
                up = f" up {got['up']} ms," if got["up"] is not None else ""
                up += f" window painted {got['painted']} ms," if got["painted"] is not None else ""
                up += f" its text painted {got['text']} ms," if got["text"] is not None else ""
                print(f"{size} MB {way}:{up} longest stall {got['stall']} ms at {got['at']} s (GUI CPU of the "
                      f"costliest gap {got['cpu']} ms), gaps >100 ms {got['over100']}, first result {got['first']} s, "
                      f"load {got['load']}", flush=True)
                for line in got.get("blame", ()):
                    print("    " + line, flush=True)
    for (size, way), got in runs.items():
        med = lambda key: statistics.median(g[key] for g in got)  # noqa: E731
        up = f" up {med('up'):.0f} ms," if got[0]["up"] is not None else ""
        if all(g.get("painted") is not None for g in got):
            up += f" window painted {med('painted'):.0f} ms,"
        if all(g.get("text") is not None for g in got):
            up += f" its text painted {med('text'):.0f} ms,"
        print(f"median {size} MB {way}:{up} longest stall {med('stall'):.0f} ms "
              f"({' / '.join(str(g['stall']) for g in got)}), costliest CPU {med('cpu'):.0f} ms, "
              f"first result {med('first'):.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
