"""How long preparing a history snapshot of a big survey on a worker thread keeps the GUI thread out (the GIL).

    python bench/bench_snapshot_gil.py [--size 300]

A second thread ticks every 1 ms while history.prepare_snapshot runs (as the GUI's record thread does); the
longest gap between ticks is how long typing would freeze. Compared with one json.dumps of the same analysis.
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_analyze import SAMPLE  # noqa: E402
from editor_app.core.analyze import Analyzer  # noqa: E402
from editor_app.core.rulepack import house_pack  # noqa: E402
from editor_app.services import history  # noqa: E402


def longest_gap_ms(work) -> tuple[float, float]:
    gaps: list[float] = []
    stop = threading.Event()

    def tick() -> None:
        last = time.perf_counter()
        while not stop.is_set():
            time.sleep(0.001)
            now = time.perf_counter()
            gaps.append(now - last)
            last = now

    ticker = threading.Thread(target=tick)
    ticker.start()
    time.sleep(0.05)
    worker = threading.Thread(target=work)
    started = time.perf_counter()
    worker.start()
    worker.join()
    took = time.perf_counter() - started
    stop.set()
    ticker.join()
    return max(gaps) * 1000, took * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=300)
    args = parser.parse_args()
    sys.setswitchinterval(0.001)  # as the GUI sets it
    text = "\n".join([SAMPLE] * args.size)
    analysis = Analyzer(house_pack()).analyze(text)
    d = analysis.to_dict()
    gap, took = longest_gap_ms(lambda: json.dumps(d, ensure_ascii=False, default=str))
    print(f"sample x{args.size}: one json.dumps of the analysis: {took:.0f} ms, other thread kept out up to {gap:.0f} ms")
    gap, took = longest_gap_ms(lambda: history.analysis_json(d))
    print(f"history.analysis_json (in pieces):        {took:.0f} ms, other thread kept out up to {gap:.0f} ms")
    gap, took = longest_gap_ms(lambda: history.prepare_snapshot(text, analysis))
    print(f"history.prepare_snapshot (to_dict, hash, compress): {took:.0f} ms, other thread kept out up to {gap:.0f} ms")


if __name__ == "__main__":
    main()
