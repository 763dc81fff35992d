"""How long preparing a history snapshot of a big survey on the record thread keeps the GUI thread out (the GIL).

    python bench/bench_snapshot_gil.py [--size 8] [--repeat 3]

The window's own record thread (history_panel._RecordThread) prepares the snapshots of a survey of about `--size` MB
(bench_save's unique copies of the sample) while a second thread stands in for the GUI thread: it ticks every 1 ms
and makes the GUI thread's garbage collections (gui_gc: automatic collection is off, a 50 ms timer collects what is
due). The longest gap between two ticks is how long the window would freeze. Phases, one after the other:

- `save`: a save's snapshot, with the analysis shown (to_dict, its JSON, hash, compression, the delta from the
  survey's text as opened);
- `autosave text`: an autosave of the editor's lines while the analysis is of an older text (joined, hashed,
  compressed, its delta: stored "measuring");
- `autosave figures`: that autosave measured (by the record thread's measurer: the analysis, its JSON, compression).

Also one json.dumps of the same analysis, for scale. Automatic collection is off as in the window
(`--auto-gc`: on, as before gui_gc).
"""

from __future__ import annotations

import argparse
import gc
import json
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))


class Ticker:
    """Ticks every 1 ms on a thread of its own and collects what the GUI thread's collector would; `gaps()`."""

    def __init__(self, collect: bool) -> None:
        self.ticks: list[float] = []
        self._stop = threading.Event()
        self._collect = collect
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        from editor_app.ui.gui_gc import GuiThreadCollector

        class Counts:
            collections = [0, 0, 0]

        next_look = time.perf_counter()
        while not self._stop.is_set():
            now = time.perf_counter()
            self.ticks.append(now)
            if self._collect and now >= next_look:
                GuiThreadCollector.collect_due(Counts())  # (what its 50 ms timer does, on "the GUI thread")
                next_look = now + 0.05
            time.sleep(0.001)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join()

    def longest(self, start: float, end: float) -> float:
        ticks = [start] + [t for t in self.ticks if start < t <= end] + [end]
        return max(b - a for a, b in zip(ticks, ticks[1:])) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=float, default=8, help="survey size in MB")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--auto-gc", action="store_true", help="leave automatic collection on (as before gui_gc)")
    args = parser.parse_args()
    sys.setswitchinterval(0.001)  # as the GUI sets it

    from PySide6.QtCore import QCoreApplication

    from bench_save import make_survey
    from editor_app.core.analyze import Analyzer
    from editor_app.core.rulepack import house_pack
    from editor_app.ui import gui_gc, history_panel

    app = QCoreApplication.instance() or QCoreApplication([])  # noqa: F841 (the record thread's signals)
    tmp = Path(tempfile.mkdtemp(prefix="bench-snapshot-gil-"))
    survey = tmp / "survey.md"
    make_survey(survey, args.size)
    opened = survey.read_text(encoding="utf-8")
    pack = house_pack()
    analyzer = Analyzer(pack)
    if not args.auto_gc:
        gc.disable()
    ticker = Ticker(collect=not args.auto_gc)
    ticker.start()
    thread = history_panel._RecordThread()
    thread.start()
    thread.submit({"base_only": True, "text": opened, "path": str(survey)})

    def wait(count: int) -> tuple[list[dict], float]:
        results: list[dict] = []
        while len(results) < count:
            time.sleep(0.002)
            results += thread.take_results()
        return results, time.perf_counter()

    figures: dict[str, list[tuple[float, float]]] = {"save": [], "autosave text": [], "autosave figures": []}
    number = 0
    text = opened
    for rep in range(args.repeat):
        text += "存"
        with gui_gc.pass_held():  # as the window's analysis worker: what it made is frozen, not collected
            analysis = analyzer.analyze(text)  # the analysis shown when Ctrl+S is pressed
        time.sleep(0.2)
        number += 1
        start = time.perf_counter()
        thread.submit({"kind": "save", "text": text, "analysis": analysis, "path": str(survey), "now": time.time(),
                       "writer": "bench", "number": number})
        analysis = None
        (job,), end = wait(1)
        assert "error" not in job, job["error"]
        figures["save"].append((end - start, ticker.longest(start, end)))
        time.sleep(0.2)
        text += "写"  # typed since: the autosave's analysis is not the one shown
        number += 1
        start = time.perf_counter()
        thread.submit({"kind": "autosave", "text": text.split("\n"), "analysis": None, "path": str(survey),
                       "now": time.time(), "writer": "bench", "number": number, "analyse": (pack, None)})
        (job,), end = wait(1)
        assert "error" not in job, job["error"]
        figures["autosave text"].append((end - start, ticker.longest(start, end)))
        start = end
        (job,), end = wait(1)
        assert "error" not in job, job["error"]
        figures["autosave figures"].append((end - start, ticker.longest(start, end)))
        print(f"  #{rep + 1}: " + "; ".join(f"{k} {v[-1][0] * 1000:.0f} ms, GUI out up to {v[-1][1]:.0f} ms"
                                            for k, v in figures.items()), flush=True)
    thread.stop()
    start = time.perf_counter()
    json.dumps(analyzer.analyze(text).to_dict(), ensure_ascii=False, default=str)
    one_dumps = (time.perf_counter() - start, ticker.longest(start, time.perf_counter()))
    ticker.stop()
    print(f"{len(opened.encode('utf-8')) / 1e6:.2f} MB, switch interval 1 ms, "
          f"{'automatic collection' if args.auto_gc else 'collections on the ticking thread'}:")
    for name, runs in figures.items():
        print(f"  {name:17} took {statistics.median(t for t, _ in runs) * 1000:6.0f} ms (median); GUI thread out up "
              f"to {' / '.join(f'{g:.0f}' for _, g in runs)} ms")
    print(f"  (to_dict and one json.dumps of the analysis: {one_dumps[0] * 1000:.0f} ms, out up to {one_dumps[1]:.0f} ms)")


if __name__ == "__main__":
    main()
