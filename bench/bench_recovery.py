"""Crash-recovery benchmark: how long the window freezes while it offers an autosave of a long draft.

    python bench/bench_recovery.py [--sizes 1,100,300] [--runs 3]

For each size the survey is the bundled sample repeated N times (300 ≈ 8 MB); a crash left an autosave of it whose
first and last lines (and one line in the middle) were edited, i.e. the drafts differ at both ends, so no common
head or tail shortens the diff. The real main window with the History extension opens the file; then, with a
2 ms heartbeat timer running, the controller checks for recovery as it does on open. Reported: when the offer (the
dialog) appeared, when its diff was shown, the longest event-loop stall until then, and the change summary the
dialog states (the smallest correct one is "+3 −2 lines"). Also the diff functions alone (no Qt).
Offscreen unless DISPLAY is set.
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


def drafts(size: int) -> tuple[str, str]:
    """The file's text and the autosave's: first, middle and last line edited."""
    from editor_app.resources_path import sample_survey_path

    lines = sample_survey_path().read_text(encoding="utf-8").rstrip("\n").split("\n") * size
    edited = list(lines)
    edited[0] += "（崩溃前改）"
    edited[-1] += "（尾）"
    edited.insert(len(lines) // 2, "崩溃前在中间加的一行")
    return "\n".join(lines) + "\n", "\n".join(edited) + "\n"


def core(size: int) -> dict:
    from editor_app.core.textdiff import change_summary, side_by_side_html

    old, new = drafts(size)
    t = time.perf_counter()
    summary = change_summary(old, new)
    t1 = time.perf_counter()
    html = side_by_side_html(old, new, "file on disk", "autosave")
    t2 = time.perf_counter()
    return {"summary": summary, "summary_ms": (t1 - t) * 1000, "html_ms": (t2 - t1) * 1000, "html_chars": len(html)}


def offer(size: int, workdir: Path) -> dict:
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from editor_app.config import Config
    from editor_app.services import history
    from editor_app.services.database import open_database
    from editor_app.ui import history_panel
    from editor_app.ui.main_window import MainWindow

    app = QApplication.instance()
    old, new = drafts(size)
    path = workdir / f"survey-x{size}.md"
    path.write_text(old, encoding="utf-8")
    db_path = workdir / f"history-x{size}.db"
    opened = open_database(db_path)
    history.record_snapshot(opened.db, path=path, text=new, analysis={}, kind="autosave",
                            now=path.stat().st_mtime + 60)
    opened.db.conn.close()
    window = MainWindow(Config(db_path=db_path, arxiv_url="http://127.0.0.1:9/api/query"))
    window.ask_unsaved_changes = lambda: "discard"
    ready = []
    window.analysis_ready.connect(lambda _a: ready.append(1))
    window.show()
    window.open_path(path)
    controller = history_panel.install(window)
    controller.check_recovery = lambda *a, **k: None  # the automatic check on open is the one timed below
    deadline = time.perf_counter() + 120
    while not ready and time.perf_counter() < deadline:
        app.processEvents()
        time.sleep(0.0005)
    pump(app, 1.2)  # the controller's first look at the database (800 ms) is over
    del controller.check_recovery

    hb = Heartbeat()
    clock, beats, heartbeat = hb.clock, hb.beats, hb.timer
    heartbeat.start()
    app.processEvents()
    beats.append(clock.nsecsElapsed() / 1e6)  # the first tick may come after the check: it counts from here
    t0 = time.perf_counter()
    QTimer.singleShot(0, lambda: controller.check_recovery(str(path.resolve())))
    while controller.recovery_dialog is None and time.perf_counter() - t0 < 300:
        app.processEvents()
        time.sleep(0.0005)
    dialog = controller.recovery_dialog
    offered_ms = (time.perf_counter() - t0) * 1000
    while getattr(dialog, "comparing", False) and time.perf_counter() - t0 < 300:
        app.processEvents()
        time.sleep(0.0005)
    app.processEvents()
    shown_ms = (time.perf_counter() - t0) * 1000
    pump(app, 0.2)
    heartbeat.stop()
    gaps = [b - a for a, b in zip(beats, beats[1:])]
    summary = dialog.message.text().split("(")[-1].split(")")[0] if dialog is not None else "no offer"
    if dialog is not None:
        dialog.done(0)
    controller.shutdown()
    window.editor.document().setModified(False)
    window.close()
    window.deleteLater()
    app.processEvents()
    return {"offered_ms": offered_ms, "shown_ms": shown_ms, "stall_ms": max(gaps, default=0.0), "summary": summary}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1,100,300")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    from PySide6.QtWidgets import QApplication

    from editor_app.ui.app import make_application

    app = make_application(sys.argv[:1])  # noqa: F841 - the program's own application setup
    print(f"platform={QApplication.platformName()} load={os.getloadavg()[0]:.2f} cores={os.cpu_count()}")
    with tempfile.TemporaryDirectory() as tmp:
        for size in [int(s) for s in args.sizes.split(",")]:
            c = core(size)
            mb = len(drafts(size)[0].encode("utf-8")) / 1e6
            print(f"sample x{size:<4} {mb:5.2f} MB  diff functions alone: change_summary {c['summary_ms']:.0f} ms, "
                  f"side_by_side_html {c['html_ms']:.0f} ms ({c['html_chars'] / 1e6:.2f} M characters of HTML)")
            results = [offer(size, Path(tmp) / f"run{size}-{i}") for i in range(args.runs)
                       if (Path(tmp) / f"run{size}-{i}").mkdir() is None]
            print(f"sample x{size:<4} {mb:5.2f} MB  recovery offered after median "
                  f"{statistics.median(r['offered_ms'] for r in results):.0f} ms, its diff shown after median "
                  f"{statistics.median(r['shown_ms'] for r in results):.0f} ms; longest GUI stall median "
                  f"{statistics.median(r['stall_ms'] for r in results):.0f} ms "
                  f"(max {max(r['stall_ms'] for r in results):.0f}); the dialog says \"{results[0]['summary']}\" "
                  f"({args.runs} runs)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
