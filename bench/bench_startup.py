"""Start-up benchmark: from launching the program to a painted window with the sample analysed; resident memory.

    python bench/bench_startup.py [--runs 5]

Each run starts a fresh interpreter that does what `survey-editor` does (application, settings, create_window on
the bundled sample with every extension installed), shows the window, waits for the first analysis to be applied,
paints the window synchronously and reports the time since the parent launched it, plus VmRSS / VmHWM.
Offscreen unless DISPLAY is set.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

from gui_heartbeat import child_json  # noqa: E402  (bench/ is the script's folder)

ROOT = Path(__file__).resolve().parent.parent


def child(t0: float, extensions: bool) -> None:
    marks = {"interpreter": time.time() - t0}
    from editor_app import regex_cache

    regex_cache.load()  # as survey-editor's main() does (its save at exit fills the cache for the next run)
    import atexit

    atexit.register(regex_cache.save)
    import editor_app.ui.app as app_module
    from editor_app.ui.app import create_window, make_application
    from editor_app.ui.settings_store import SettingsStore

    if not extensions:
        app_module.EXTENSIONS = ()
    marks["imports"] = time.time() - t0
    app = make_application(sys.argv[:1])
    config = SettingsStore().config()
    window = create_window(None, config)
    marks["window built"] = time.time() - t0
    done = []
    window.analysis_ready.connect(lambda _a: done.append(time.time() - t0))
    window.show()
    failures = []
    window.runner.analysis_failed.connect(failures.append)
    deadline = time.time() + 120
    while not done:
        if failures or time.time() > deadline:
            raise SystemExit(f"no analysis of the sample: {failures or 'timed out'}")
        app.processEvents()
        time.sleep(0.0005)
    marks["analysis applied"] = done[0]
    window.repaint()  # synchronous paint of everything the user sees
    marks["painted"] = time.time() - t0
    status = Path("/proc/self/status").read_text() if Path("/proc/self/status").exists() else ""
    mem = {k: int(v.split()[0]) / 1024 for k, v in (line.split(":", 1) for line in status.splitlines())
           if k in ("VmRSS", "VmHWM")}
    marks["pyqtgraph imported"] = "pyqtgraph" in sys.modules
    print(json.dumps({"marks": marks, "mem_mb": mem}))
    window.editor.document().setModified(False)
    window.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--child", type=float)
    parser.add_argument("--no-extensions", action="store_true",
                        help="the main window alone, without the history/export/about extensions (for a breakdown)")
    args = parser.parse_args()
    if args.child is not None:
        child(args.child, not args.no_extensions)
        return 0
    env = dict(os.environ, SURVEY_EDITOR_LANG=os.environ.get("SURVEY_EDITOR_LANG", "en"))
    if not env.get("DISPLAY"):
        env.setdefault("QT_QPA_PLATFORM", "offscreen")
    results = []
    for i in range(args.runs):
        t0 = time.time()
        extra = ["--no-extensions"] if args.no_extensions else []
        r = child_json([sys.executable, __file__, "--child", repr(t0), *extra], cwd=ROOT, env=env, timeout=120)
        if r is None:
            return 1
        results.append(r)
        m = r["marks"]
        print(f"run {i + 1}: " + " · ".join(f"{k} {v:.3f} s" if isinstance(v, float) else f"{k} {v}"
                                           for k, v in m.items())
              + f" · RSS {r['mem_mb'].get('VmRSS', 0):.0f} MB (peak {r['mem_mb'].get('VmHWM', 0):.0f} MB)")
    painted = [r["marks"]["painted"] for r in results]
    rss = [r["mem_mb"].get("VmRSS", 0) for r in results]
    what = "main window alone (no extensions)" if args.no_extensions else "the program as installed"
    print(f"{what}: cold start to painted, analysed window: first {painted[0]:.3f} s, median {statistics.median(painted):.3f} s, "
          f"max {max(painted):.3f} s over {len(painted)} runs; RSS median {statistics.median(rss):.0f} MB; "
          f"platform {env.get('QT_QPA_PLATFORM', 'xcb')}; load {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    return 0


if __name__ == "__main__":
    sys.exit(main())
