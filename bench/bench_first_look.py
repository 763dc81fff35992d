"""History's first look at its database in a new window (QA27g D4): the GUI thread's longest stall while it runs,
with a history file of an 8 MB survey's snapshots.

    PYTHONPATH=. python bench/bench_first_look.py [--size 8] [--snapshots 24] [--repeat 3] [--blame]

The parent makes (once, kept in /tmp/bench-first-look/) the survey (unique copies of the sample, as bench_open
makes them) and a history database holding --snapshots saves and autosaves of it with its real analysis (19 MB at
8 MB and 24: under database.FULL_CHECK_MAX_BYTES, so the file is checked whole when opened). Each run is a child
process of its own (fresh Python, its own XDG folders, a copy of that database, offscreen unless DISPLAY is set)
running `survey-editor FILE` with a 2 ms heartbeat (bench_feel.Watch) until 1 s after `HistoryController.looked`.
The first look's calls on the GUI thread are timed (the `db` property while there is no database, the file being
opened then; `open_in_background`, `_upgrade_done`, `look_at_opened`, `check_untitled_recovery`): `stall` is the
longest gap between beats any of them falls in, `gui` their time in all, `look` from the first of them until the
look is over. `--blame` names what the GUI thread did in the longest of those gaps.

QA27g D4 measured 104-409 ms in `database.open_database` / `look_at_opened` (load 10-11). Here, three runs each,
load 9.4-11.8 (a shared 2-core machine): before (89a537f) 322 / 225 / 123 ms (the database opened on the GUI
thread: `db` 97-178 ms, the rest `look_at_opened` importing the history modules); after 82 / 25 / 54 ms
(`open_in_background`: the history kept in memory meanwhile made and the thread started).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))
MADE = Path(tempfile.gettempdir()) / "bench-first-look"
AFTER_LOOK_S = 1.0
COPIES_PER_MB = 36


def made_files(megabytes: int, snapshots: int) -> tuple[Path, Path]:
    """The survey and a history database of its snapshots (made once)."""
    MADE.mkdir(exist_ok=True)
    survey = MADE / f"survey-{megabytes}mb.md"
    opened = MADE / "open" / survey.name  # where each run opens it: its snapshots are of that file
    db_path = MADE / f"history-{megabytes}mb-{snapshots}.db"
    if not survey.exists():
        from bench_analyze import unique_copies

        survey.write_text(unique_copies(COPIES_PER_MB * megabytes), encoding="utf-8")
    if not db_path.exists():
        from editor_app.core.analyze import analyze
        from editor_app.core.rulepack import house_pack
        from editor_app.services import history
        from editor_app.services.database import open_database

        text = survey.read_text(encoding="utf-8")
        analysis = analyze(text, house_pack(), file=str(survey)).to_dict()
        tmp = db_path.with_suffix(".making")
        for suffix in ("", "-wal", "-shm"):
            Path(str(tmp) + suffix).unlink(missing_ok=True)
        db = open_database(tmp).db
        start = time.time() - snapshots * 3600
        lines = text.split("\n")
        for i in range(snapshots):
            lines[(i * 997) % len(lines)] += f" 改{i}"
            history.record_snapshot(db, path=opened, text="\n".join(lines), analysis=analysis,
                                    kind="autosave" if i % 3 else "save", now=start + i * 3600)
        history.record_snapshot(db, path=opened, text=text, analysis=analysis, kind="save",
                                now=start + snapshots * 3600)
        db.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        db.conn.close()
        tmp.rename(db_path)
    return survey, db_path


def time_history_calls() -> list[tuple[float, float, str]]:
    """(start, end, name) of each call of the first look's on the GUI thread: the database opened (the `db`
    property while it has none), the survey looked at, an untitled survey's autosave looked for."""
    import functools
    import threading

    from editor_app.ui import history_panel

    calls: list[tuple[float, float, str]] = []
    cls = history_panel.HistoryController

    def timed(func, name):
        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            if threading.current_thread() is not threading.main_thread():
                return func(*args, **kwargs)
            started = time.perf_counter()
            try:
                return func(*args, **kwargs)
            finally:
                calls.append((started, time.perf_counter(), name))
        return wrapper

    plain = cls.db.fget
    opening = timed(plain, "db")
    cls.db = property(lambda self: opening(self) if self._db is None else plain(self))
    for name in ("open_in_background", "look_at_opened", "check_untitled_recovery", "_upgrade_done"):
        if hasattr(cls, name):
            setattr(cls, name, timed(getattr(cls, name), name))
    return calls


def child(megabytes: int, snapshots: int, blame: bool) -> int:
    survey_made, db_made = made_files(megabytes, snapshots)
    tmp = Path(tempfile.mkdtemp(prefix="bench-first-look-"))
    for var in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"):
        (tmp / var).mkdir()
        os.environ[var] = str(tmp / var)
    os.environ["SURVEY_EDITOR_DB"] = str(tmp / "history.db")
    os.environ["SURVEY_EDITOR_AUTOSAVE_SECONDS"] = "100000"
    shutil.copyfile(db_made, tmp / "history.db")
    survey = MADE / "open" / survey_made.name
    survey.parent.mkdir(exist_ok=True)
    shutil.copyfile(survey_made, survey)
    import bench_feel  # noqa: F401  (Watch; sets the language, the platform and sys.path)

    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from editor_app.ui.app import make_application
    from editor_app.ui.main_window import MainWindow

    make_application(sys.argv[:1])  # (main() takes it: the heartbeat's timers need it made first)
    watch = bench_feel.Watch()
    found: dict[str, float] = {}
    calls = time_history_calls()

    def window() -> MainWindow | None:
        return next((w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow)), None)

    def poll() -> None:
        w = window()
        if w is None:
            return
        history = getattr(w, "history", None)
        if "looked" not in found and history is not None and history.looked:
            found["looked"] = time.perf_counter()
        if "looked" in found and time.perf_counter() - found["looked"] > AFTER_LOOK_S:
            app = QApplication.instance()
            app.exit(0)
        if time.perf_counter() - found.get("t0", time.perf_counter()) > 120:
            QApplication.instance().exit(1)

    checker = QTimer()
    checker.timeout.connect(poll)
    from editor_app.__main__ import main

    watch.start() if blame else watch.timer.start()
    checker.start(5)
    found["t0"] = time.perf_counter()
    main([str(survey)])
    watch.stop()
    if "looked" not in found:
        print(json.dumps({"error": "history never looked"}), flush=True)
        return 1
    start = min(c[0] for c in calls)
    # the gaps the first look's calls on the GUI thread fall in (each: the whole gap, whatever else ran in it)
    gaps = [g for g in watch.stalls(0) if any(g[1] < c_end and c_start < g[2] for c_start, c_end, _ in calls)]
    longest = max(gaps, default=(0.0, start, start))
    slowest = max(calls, key=lambda c: c[1] - c[0])
    out = {"size": megabytes, "db_mb": round(db_made.stat().st_size / 2**20, 1), "stall": round(longest[0]),
           "at": round(longest[1] - start, 2), "look": round(found["looked"] - start, 2),
           "call": f"{slowest[2]} {(slowest[1] - slowest[0]) * 1000:.0f} ms",
           "gui": round(sum(c_end - c_start for c_start, c_end, _ in calls) * 1000),
           "calls": [f"{name} {(c_end - c_start) * 1000:.0f} ms at {c_start - start:.2f} s"
                     for c_start, c_end, name in sorted(calls)],
           "over50": sum(g[0] > 50 for g in gaps), "load": round(os.getloadavg()[0], 2)}
    if blame:
        out["blame"] = [f"{g:.0f} ms at {s - start:.2f} s: {watch.blame(s, e)}" for g, s, e in sorted(gaps)[-3:][::-1]]
    print(json.dumps(out), flush=True)
    w = window()
    if w is not None:
        w.editor.document().setModified(False)
        w.shutdown()
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", type=int, default=8, help="survey size in MB")
    ap.add_argument("--snapshots", type=int, default=24)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--blame", action="store_true", help="sample the GUI thread's stack in the longest gaps")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        return child(args.size, args.snapshots, args.blame)

    from gui_heartbeat import child_json

    survey, db_path = made_files(args.size, args.snapshots)
    print(f"load={os.getloadavg()[0]:.2f} {survey} ({survey.stat().st_size / 2**20:.1f} MB), {db_path} "
          f"({db_path.stat().st_size / 2**20:.1f} MB)", flush=True)
    runs = []
    for _ in range(args.repeat):
        cmd = [sys.executable, __file__, "--child", "--size", str(args.size), "--snapshots", str(args.snapshots)] \
            + (["--blame"] if args.blame else [])
        got = child_json(cmd, timeout=600)
        if got is None or "error" in got:
            print(got)
            continue
        runs.append(got)
        print(f"longest stall in the first look {got['stall']} ms at {got['at']} s, stalls >50 ms {got['over50']}, "
              f"its calls on the GUI thread {got['gui']} ms (longest: {got['call']}), over {got['look']} s, "
              f"load {got['load']}", flush=True)
        print("    calls: " + ", ".join(got["calls"]))
        for line in got.get("blame", ()):
            print("    " + line, flush=True)
    if runs:
        print(f"median longest stall {statistics.median(g['stall'] for g in runs):.0f} ms "
              f"({' / '.join(str(g['stall']) for g in runs)})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
