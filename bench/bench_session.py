"""A long editing session on a big survey, compressed: stalls, memory and disk, phase by phase.

    python bench/bench_session.py [--size 300] [--unique] [--keys 150] [--enters 60] [--saves 4] [--skip-export]

Opens the sample repeated N times (300 ≈ 8 MB; --unique: every copy's lines made distinct) in the real main window
with every extension (history, export), offscreen unless DISPLAY is set, with its own history database and XDG
folders. Then types at several places, presses Enter many times in the middle, cuts and pastes paragraphs,
undoes and redoes, autosaves and saves, restores and compares drafts, switches tabs and exports HTML and PDF.
A 2 ms heartbeat timer measures how long the event loop could not react in each phase (p99, max), and the
process RSS (/proc/self/statm) is read after each phase once the analysis has settled.
"""

from __future__ import annotations

import argparse
import gc
import os
import statistics
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

from gui_heartbeat import pump  # noqa: E402

PARAGRAPH = "新的推理引擎实测：SGLang 吞吐提升 12%，vLLM 延迟下降 8 ms ⚠️ 需要复核。"


def rss_mb() -> float:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 1e6


def percentile(values: list[float], p: float) -> float:
    if not values:
        return 0.0
    s = sorted(values)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))]


def db_bytes(path: Path) -> int:
    return sum(p.stat().st_size for p in path.parent.glob(path.name + "*") if p.is_file())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=300)
    parser.add_argument("--unique", action="store_true")
    parser.add_argument("--keys", type=int, default=150, help="characters typed at each of 3 places")
    parser.add_argument("--enters", type=int, default=60)
    parser.add_argument("--saves", type=int, default=4)
    parser.add_argument("--skip-export", action="store_true")
    args = parser.parse_args()

    tmp = Path(tempfile.mkdtemp(prefix="bench-session-"))
    for var in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"):
        (tmp / var).mkdir()
        os.environ[var] = str(tmp / var)
    db_path = tmp / "history.db"
    os.environ["SURVEY_EDITOR_DB"] = str(db_path)
    os.environ["SURVEY_EDITOR_AUTOSAVE_SECONDS"] = "100000"  # autosaves are triggered by the script

    from PySide6.QtCore import QElapsedTimer, QEvent, Qt, QTimer
    from PySide6.QtGui import QKeyEvent, QTextCursor
    from PySide6.QtWidgets import QApplication

    from bench_analyze import SAMPLE, unique_copies
    from editor_app.config import from_environment
    from editor_app.ui.app import create_window, make_application

    app = make_application(sys.argv[:1])
    text = unique_copies(args.size) if args.unique else "\n".join([SAMPLE.rstrip("\n")] * args.size)
    survey = tmp / "survey.md"
    survey.write_text(text + "\n", encoding="utf-8")
    print(f"platform={QApplication.platformName()} load={os.getloadavg()[0]:.2f} "
          f"survey {survey.stat().st_size / 1e6:.2f} MB ({'unique' if args.unique else 'repeated'} x{args.size}) "
          f"rss at start {rss_mb():.0f} MB")

    clock = QElapsedTimer()
    clock.start()
    phase = {"name": "open"}
    gaps: dict[str, list[float]] = {}
    last = {"t": None}

    def beat() -> None:
        now = clock.nsecsElapsed() / 1e6
        if last["t"] is not None:
            gaps.setdefault(phase["name"], []).append(now - last["t"])
        last["t"] = now

    heartbeat = QTimer()
    heartbeat.setTimerType(Qt.TimerType.PreciseTimer)
    heartbeat.setInterval(2)
    heartbeat.timeout.connect(beat)
    heartbeat.start()

    ready: list[float] = []
    t0 = time.perf_counter()
    cfg = from_environment()
    cfg = type(cfg)(**{**cfg.__dict__, "arxiv_url": "http://127.0.0.1:9/api/query"})
    window = create_window(survey, cfg)
    window.ask_unsaved_changes = lambda: "discard"
    window.analysis_ready.connect(lambda a: ready.append(time.perf_counter()))
    window.resize(1440, 900)
    window.show()
    t_window = time.perf_counter() - t0

    def settle(timeout: float = 60.0) -> float:
        """Wait until the panels show the text now in the editor; returns the seconds waited."""
        start = time.perf_counter()
        while window.runner.published_revision != window.runner.revision or window.runner._timer.isActive():
            if time.perf_counter() - start > timeout:
                print("  (analysis did not settle)")
                break
            app.processEvents()
            time.sleep(0.0005)
        pump(app, 0.1)
        return time.perf_counter() - start

    settle(180)
    t_first = time.perf_counter() - t0
    rows: list[tuple[str, float, float, float, str]] = []
    marks = {"rss": rss_mb()}

    def report(name: str, extra: str = "") -> None:
        g = gaps.get(name, [0.0])
        r = rss_mb()
        rows.append((name, percentile(g, 99), max(g), r, extra))
        print(f"{name:<14} stall p99 {percentile(g, 99):7.1f} ms  max {max(g):7.1f} ms  rss {r:6.0f} MB "
              f"({r - marks['rss']:+.0f})  {extra}", flush=True)
        marks["rss"] = r

    report("open", f"window {t_window:.2f} s, first full panel {t_first:.2f} s")

    def type_char(ch: str, key=Qt.Key.Key_unknown) -> None:
        for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
            QApplication.sendEvent(window.editor, QKeyEvent(kind, key, Qt.KeyboardModifier.NoModifier, ch))

    def keys_at_rate(seq, rate_hz: float) -> list[float]:
        costs = []
        for item in seq:
            t = time.perf_counter()
            if item == "\n":
                type_char("\r", Qt.Key.Key_Return)
            else:
                type_char(item)
            costs.append((time.perf_counter() - t) * 1000)
            pump(app, max(0.0, 1.0 / rate_hz - (time.perf_counter() - t)))
        return costs

    # ---- typing at three places ----
    phase["name"] = "typing"
    blocks = window.editor.blockCount()
    chars = (PARAGRAPH * (args.keys // len(PARAGRAPH) + 1))[: args.keys]
    costs = []
    for frac in (0.1, 0.5, 0.9):
        window.goto_line(int(blocks * frac) + 12)
        window.editor.moveCursor(QTextCursor.MoveOperation.EndOfBlock)
        costs += keys_at_rate(chars, 20)
        pump(app, 0.5)
    settle()
    report("typing", f"{3 * len(chars)} keys @20/s, key handling p99 {percentile(costs, 99):.1f} ms")

    # ---- Enter, many times, in the middle ----
    phase["name"] = "enter"
    window.goto_line(blocks // 2 + 30)
    window.editor.moveCursor(QTextCursor.MoveOperation.EndOfBlock)
    rss_series = []
    for i in range(args.enters):
        keys_at_rate("\n", 8)
        if i % 10 == 9:
            settle()
            rss_series.append(rss_mb())
    settle()
    report("enter", f"{args.enters} Enters @8/s; rss after every 10: {', '.join(f'{r:.0f}' for r in rss_series)}")

    # ---- Enter with a pause after each (every Enter analysed) ----
    phase["name"] = "enter+pause"
    rss_series = []
    for i in range(20):
        keys_at_rate("\n", 8)
        settle()
        if i % 5 == 4:
            rss_series.append(rss_mb())
    report("enter+pause", f"20 Enters, each analysed; rss after every 5: {', '.join(f'{r:.0f}' for r in rss_series)}")

    # ---- cut and paste paragraphs ----
    phase["name"] = "cut/paste"
    for i in range(8):
        cur = window.editor.textCursor()
        start_line = int(blocks * (0.2 + 0.07 * i))
        window.goto_line(start_line)
        cur = window.editor.textCursor()
        cur.movePosition(QTextCursor.MoveOperation.StartOfBlock)
        cur.movePosition(QTextCursor.MoveOperation.NextBlock, QTextCursor.MoveMode.KeepAnchor, 6)
        window.editor.setTextCursor(cur)
        window.editor.cut()
        pump(app, 0.3)
        window.goto_line(int(blocks * (0.8 - 0.07 * i)))
        window.editor.paste()
        pump(app, 0.3)
    settle()
    report("cut/paste", "8 cuts of 6 lines, each pasted elsewhere")

    # ---- undo / redo ----
    phase["name"] = "undo/redo"
    for _ in range(30):
        window.editor.undo()
        pump(app, 0.1)
    for _ in range(30):
        window.editor.redo()
        pump(app, 0.1)
    settle()
    report("undo/redo", "30 undo then 30 redo @10/s")

    # ---- autosave and save ----
    ctl = window.history
    phase["name"] = "autosave"
    autosave_ms, sizes = [], []
    for i in range(args.saves):
        keys_at_rate("改", 20)
        settle()
        t = time.perf_counter()
        ctl.autosave_now()
        pump(app, 2.0)
        autosave_ms.append((time.perf_counter() - t - 2.0) * 1000)
        sizes.append(db_bytes(db_path))
    report("autosave", f"{args.saves} autosaves; db+wal after each: {', '.join(f'{s / 1e6:.2f}' for s in sizes)} MB")

    phase["name"] = "save"
    sizes, save_ms = [], []
    for i in range(args.saves):
        keys_at_rate("存", 20)
        settle()
        t = time.perf_counter()
        window.save()
        save_ms.append((time.perf_counter() - t) * 1000)
        pump(app, 2.0)
        sizes.append(db_bytes(db_path))
    report("save", f"{args.saves} saves, save() returned after median {statistics.median(save_ms):.0f} ms; "
                   f"db+wal after each: {', '.join(f'{s / 1e6:.2f}' for s in sizes)} MB")

    # ---- typing while autosaves come every second ----
    phase["name"] = "type+autosave"
    ctl.autosave_timer.start(1000)
    window.goto_line(int(blocks * 0.3))
    window.editor.moveCursor(QTextCursor.MoveOperation.EndOfBlock)
    costs = keys_at_rate(chars[:80], 20)
    ctl.autosave_timer.stop()
    settle()
    report("type+autosave", f"80 keys @20/s with the autosave timer at 1 s, key p99 {percentile(costs, 99):.1f} ms")

    # ---- history tab, restore, compare ----
    phase["name"] = "history tab"
    idx = window.tabs.indexOf(ctl.panel)
    window.tabs.setCurrentIndex(idx)
    pump(app, 1.0)
    ids = [r["id"] for r in ctl.panel.model.rows]
    report("history tab", f"{len(ids)} snapshots listed")

    phase["name"] = "compare"
    t = time.perf_counter()
    done = []
    if ctl._compare_thread is None:
        pass
    ctl.panel.select_ids([ids[0], ids[-1]])
    pump(app, 0.05)
    if ctl._compare_thread is not None:
        ctl._compare_thread.compared.connect(lambda *a: done.append(time.perf_counter()))
    while not done and time.perf_counter() - t < 120:
        pump(app, 0.05)
    report("compare", f"two drafts compared in {((done[0] if done else time.perf_counter()) - t):.2f} s"
                      f"{'' if done else ' (NOT DONE)'}")

    phase["name"] = "restore"
    t = time.perf_counter()
    ctl.restore_snapshot(ids[-1])
    t_restore = time.perf_counter() - t
    settle()
    report("restore", f"restore_snapshot {t_restore * 1000:.0f} ms on the GUI thread, then analysed "
                      f"{time.perf_counter() - t:.2f} s after")
    window.editor.undo()
    settle()

    # ---- tabs ----
    phase["name"] = "tabs"
    per_tab = []
    for i in list(range(window.tabs.count())) * 2:
        t = time.perf_counter()
        window.tabs.setCurrentIndex(i)
        app.processEvents()
        per_tab.append((window.tabs.tabText(i), (time.perf_counter() - t) * 1000))
        pump(app, 0.5)
    report("tabs", "; ".join(f"{n} {ms:.0f} ms" for n, ms in per_tab))

    # ---- export ----
    if not args.skip_export:
        actions = next(c for c in window.findChildren(object) if type(c).__name__ == "ReportActions")
        for ext in ("html", "pdf"):
            phase["name"] = f"export {ext}"
            out = tmp / f"report.{ext}"
            result = []
            actions.export_finished.connect(lambda p: result.append(("ok", p)))
            actions.export_failed.connect(lambda m: result.append(("failed", m)))
            t = time.perf_counter()
            actions.export_to(out)
            t_gui = time.perf_counter() - t
            while not result and time.perf_counter() - t < 300:
                pump(app, 0.05)
            size = out.stat().st_size / 1e6 if out.exists() else 0
            report(f"export {ext}", f"{result[0][0] if result else 'NOT DONE'} in {time.perf_counter() - t:.1f} s "
                                    f"({t_gui * 1000:.0f} ms before the worker), {size:.1f} MB")
            actions.export_finished.disconnect()
            actions.export_failed.disconnect()

    phase["name"] = "idle"
    window.runner.collect_garbage()
    gc.collect()
    pump(app, 1.0)
    report("idle", "after a full garbage collection")
    heartbeat.stop()
    window.editor.document().setModified(False)
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
