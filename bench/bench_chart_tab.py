"""Chart-tab benchmark: how long the window freezes when the History (or Figures) tab is first opened.

    python bench/bench_chart_tab.py [--runs 5] [--tab history|figures] [--idle 4] [--typing] [--file SURVEY.md]

Each run starts a fresh interpreter (pyqtgraph is imported once per process) that builds the window as
`survey-editor` does (every extension) on the bundled sample (or a copy of --file), waits for the first analysis, stays idle for
--idle seconds (typing at 20 keys/s into the editor with --typing), then switches to the tab and waits until its
chart is drawn. A 2 ms heartbeat timer runs throughout; a gap between two beats is how long the event loop could
not react. Reported: the longest gap while idle/typing, the longest gap from the click until the chart is drawn,
the click-to-chart time (every chart of the Figures tab built), and which thread imported pyqtgraph. Offscreen
unless DISPLAY is set. QA D4 (the first Figures switch while typing, 1 MB):

    python bench/bench_chart_tab.py --tab figures --typing --idle 6 --runs 3 --file /tmp/qa19/work/survey-1mb.md
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import threading
import time
from pathlib import Path

from gui_heartbeat import Heartbeat, child_json, pump  # noqa: E402  (bench/ is the script's folder)

ROOT = Path(__file__).resolve().parent.parent
PARAGRAPH = "新的推理引擎实测：SGLang 吞吐提升 12%，vLLM 延迟下降 8 ms ⚠️ 需要复核。"


def child(tab: str, idle: float, typing: bool, file: str = "") -> None:
    importer: list[str] = []
    main_thread = threading.get_ident()

    class WhoImports:
        """A meta path finder that only notes which thread first looks for pyqtgraph (it finds nothing)."""

        @staticmethod
        def find_spec(name, path=None, target=None):
            if name == "pyqtgraph" and not importer:
                importer.append("GUI thread" if threading.get_ident() == main_thread else "worker thread")
            return None

    sys.meta_path.insert(0, WhoImports)
    from PySide6.QtCore import QEvent, Qt, QTimer
    from PySide6.QtGui import QKeyEvent
    from PySide6.QtWidgets import QApplication

    from editor_app.ui.app import create_window, make_application
    from editor_app.ui.settings_store import SettingsStore

    app = make_application(sys.argv[:1])
    survey = None
    if file:
        import shutil
        import tempfile

        survey = Path(tempfile.mkdtemp(prefix="bench-chart-tab-")) / "survey.md"
        shutil.copy(file, survey)
    window = create_window(survey, SettingsStore().config())
    window.ask_unsaved_changes = lambda: "discard"
    window.resize(1440, 900)
    done: list[float] = []
    window.analysis_ready.connect(lambda _a: done.append(time.perf_counter()))
    window.show()
    deadline = time.perf_counter() + 300
    while not done:
        if time.perf_counter() > deadline:
            raise SystemExit("no analysis of the sample")
        app.processEvents()
        time.sleep(0.0005)

    hb = Heartbeat()
    clock, beats, heartbeat = hb.clock, hb.beats, hb.timer
    cpu: list[float] = []  # the GUI thread's CPU time (ms) at each beat: what a gap computed, not what it waited
    heartbeat.timeout.connect(lambda: cpu.append(time.thread_time() * 1000))
    typed = {"n": 0}

    def key() -> None:
        ch = PARAGRAPH[typed["n"] % len(PARAGRAPH)]
        for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
            QApplication.sendEvent(window.editor, QKeyEvent(kind, Qt.Key.Key_unknown, Qt.KeyboardModifier.NoModifier, ch))
        typed["n"] += 1

    typer = QTimer()
    typer.setTimerType(Qt.TimerType.PreciseTimer)
    typer.setInterval(50)
    typer.timeout.connect(key)
    heartbeat.start()
    if typing:
        typer.start()
    try:  # the background loading of pyqtgraph (absent before it existed)
        from editor_app.ui.chart_library import loader
    except ImportError:
        loader = None
    warm = {}
    end = time.perf_counter() + idle
    while time.perf_counter() < end:
        app.processEvents()
        if loader is not None:
            now = clock.nsecsElapsed() / 1e6
            if "start" not in warm and loader().started:
                warm["start"] = now
            if "start" in warm and "end" not in warm and "pyqtgraph" in sys.modules and not loader().thread.isRunning():
                warm["end"] = now
        time.sleep(0.0005)
    typer.stop()
    idle_beats = len(beats)
    history = getattr(window, "history", None)
    panel = history.panel if tab == "history" else window.figures

    def drawn() -> bool:
        if tab == "history":
            return panel.chart is not None
        return bool(panel.chart_widgets) and len(panel.chart_widgets) == len(panel.charts) and not getattr(
            panel, "building", False)

    clicked_ms = clock.nsecsElapsed() / 1e6
    t0 = time.perf_counter()
    window.tabs.setCurrentWidget(panel)
    deadline = time.perf_counter() + 60
    while not drawn():
        if time.perf_counter() > deadline:
            raise SystemExit("the chart was never drawn")
        app.processEvents()
        time.sleep(0.0005)
    window.repaint()
    drawn_ms = (time.perf_counter() - t0) * 1000
    pump(app, 0.5)
    heartbeat.stop()
    gaps_idle = [b - a for a, b in zip(beats[:idle_beats], beats[1:idle_beats])]
    long_idle = [(round(a / 1000, 2), round(b - a)) for a, b in zip(beats[:idle_beats], beats[1:idle_beats]) if b - a > 20]
    # the gap that contains the click, and every gap after it
    after = [b - a for a, b in zip(beats, beats[1:]) if b > clicked_ms]
    after_cpu = [y - x for a, b, x, y in zip(beats, beats[1:], cpu, cpu[1:]) if b > clicked_ms]
    if "end" in warm:
        during = [b - a for a, b in zip(beats, beats[1:]) if b > warm["start"] and a < warm["end"]]
        warm = {"ms": warm["end"] - warm["start"], "max_stall_ms": max(during, default=0.0)}
    print(json.dumps({"warm_up": warm,
        "idle_max_ms": max(gaps_idle, default=0.0), "tab_max_ms": max(after, default=0.0),
        "tab_max_cpu_ms": max(after_cpu, default=0.0), "drawn_ms": drawn_ms,
        "keys": typed["n"], "charts": len(getattr(panel, "chart_widgets", ())), "importer": importer[0] if importer else "not imported", "long_idle": long_idle,
    }))
    window.editor.document().setModified(False)
    window.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--tab", choices=("history", "figures"), default="history")
    parser.add_argument("--idle", type=float, default=4.0, help="seconds between the first analysis and the click")
    parser.add_argument("--typing", action="store_true", help="type at 20 keys/s while idle")
    parser.add_argument("--file", default="", help="a survey to open (a copy of it), not the bundled sample")
    parser.add_argument("--child", action="store_true")
    args = parser.parse_args()
    if args.child:
        child(args.tab, args.idle, args.typing, args.file)
        return 0
    env = dict(os.environ, SURVEY_EDITOR_LANG="en")
    if not env.get("DISPLAY"):
        env.setdefault("QT_QPA_PLATFORM", "offscreen")
    import tempfile

    results = []
    with tempfile.TemporaryDirectory() as tmp:
        env["SURVEY_EDITOR_DB"] = str(Path(tmp) / "history.db")
        env["SURVEY_EDITOR_AUTOSAVE_SECONDS"] = "100000"
        env["XDG_CONFIG_HOME"] = str(Path(tmp) / "config")
        for i in range(args.runs):
            cmd = [sys.executable, __file__, "--child", "--tab", args.tab, "--idle", str(args.idle), "--file", args.file]
            r = child_json(cmd + (["--typing"] if args.typing else []), cwd=ROOT, env=env, timeout=180)
            if r is None:
                return 1
            results.append(r)
            keys = f" ({r['keys']} keys)" if args.typing else ""
            if "ms" in r["warm_up"]:  # (not when the loading had not ended by the click)
                keys += (f" (background loading of pyqtgraph: {r['warm_up']['ms']:.0f} ms, longest stall during it "
                         f"{r['warm_up']['max_stall_ms']:.0f} ms)")
            print(f"run {i + 1}: longest stall while {'typing' if args.typing else 'idle'} {r['idle_max_ms']:.0f} ms"
                  f"{keys} · "
                  f"opening {args.tab}: {r['charts']} charts, longest stall {r['tab_max_ms']:.0f} ms "
                  f"(GUI-thread CPU of the costliest gap {r['tab_max_cpu_ms']:.0f} ms), chart drawn after {r['drawn_ms']:.0f} ms"
                  f" · pyqtgraph imported on the {r['importer']}"
                  f" · the longest stalls > 20 ms before the click (s after the first analysis, ms): "
                  f"{sorted(r['long_idle'], key=lambda x: -x[1])[:5]}")

    def med(key: str) -> float:
        return statistics.median(r[key] for r in results)

    print(f"{args.tab} tab after {args.idle:g} s {'typing' if args.typing else 'idle'}: longest stall when opened "
          f"median {med('tab_max_ms'):.0f} ms (max {max(r['tab_max_ms'] for r in results):.0f}), GUI-thread CPU of "
          f"the costliest gap median {med('tab_max_cpu_ms'):.0f} ms; chart drawn after "
          f"median {med('drawn_ms'):.0f} ms; longest stall before the click median {med('idle_max_ms'):.0f} ms "
          f"(max {max(r['idle_max_ms'] for r in results):.0f}); {len(results)} runs; "
          f"platform {env.get('QT_QPA_PLATFORM', 'xcb')}; load {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    return 0


if __name__ == "__main__":
    sys.exit(main())
