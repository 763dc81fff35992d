"""The panels' preparation in the analysis worker (ui/prepared_view.ViewPreparer), after a keystroke and after an Enter.

    python bench/bench_prepare.py [--copies 300] [--edits 8] [--parts] [--no-prepare]

Between an analysis and the panels showing it, the worker prepares what they show: the underlines sorted by place
and the gutter's worst level per line, the self-check panel's claims in its order with their counts, the figures
stated otherwise elsewhere, the outline's rows and signature, the charts. In the sample repeated 300 times (8 MB, as
bench_typing opens it) this came to ~200 ms after each keystroke, five times the analysis itself: most of the
keystroke -> panel time after the pause. This times it (median, collector off as in the worker) after characters
typed in the middle and after Enters there; --parts also times each step of it.

Wall times on a shared machine drift by tens of percent from one run to the next. Instructions do not: run it under
callgrind twice, with and without the preparation, and the difference is what the preparation costs, the same from
run to run (compile the tree's bytecode first, and fix the hash seed):

    python -m compileall -q editor_app; export PYTHONHASHSEED=0
    valgrind --tool=callgrind --callgrind-out-file=/dev/null python bench/bench_prepare.py --copies 30 --edits 6
    valgrind --tool=callgrind --callgrind-out-file=/dev/null python bench/bench_prepare.py --copies 30 --edits 6 --no-prepare
"""

from __future__ import annotations

import argparse
import gc
import os
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_analyze import machine_reference  # noqa: E402

PARTS = ("claims_parts", "problem_spans", "outline_rows", "outline_signature", "row_starts", "build_charts",
         "moved_charts", "figures_signature")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--copies", type=int, default=300)
    ap.add_argument("--edits", type=int, default=8)
    ap.add_argument("--parts", action="store_true", help="time each step of the preparation too")
    ap.add_argument("--no-prepare", action="store_true",
                    help="the same edits and analyses without the preparation (the baseline of an instruction count)")
    args = ap.parse_args()
    from PySide6.QtWidgets import QApplication

    from editor_app.core.analyze import Analyzer
    from editor_app.core.rulepack import house_pack
    from editor_app.resources_path import sample_survey_path
    from editor_app.ui import prepared_view

    app = QApplication.instance() or QApplication([])  # noqa: F841 (the charts are Qt-free data, the modules load Qt)
    machine_reference()
    spent: Counter[str] = Counter()
    if args.parts:
        for name in PARTS:
            fn = getattr(prepared_view, name, None)
            if fn is None:  # (a step a later version does without)
                continue

            def timed(*a, _fn=fn, _name=name, **k):
                t = time.perf_counter()
                try:
                    return _fn(*a, **k)
                finally:
                    spent[_name] += time.perf_counter() - t

            setattr(prepared_view, name, timed)
    sample = sample_survey_path().read_text(encoding="utf-8")
    doc = "\n".join([sample.rstrip("\n")] * args.copies) + "\n"
    az, preparer = Analyzer(house_pack()), prepared_view.ViewPreparer()
    last = az.analyze(doc)
    preparer(last, None)
    mid = doc.index("\n", len(doc) // 2)
    print(f"sample x{args.copies} ({len(doc.encode()) / 1e6:.1f} MB): {len(last.findings):,} findings, "
          f"{len(last.claims):,} claims, {len(last.sections):,} sections")
    for label, typed in (("a character", "字"), ("Enter", "\n")):
        times, parts = [], Counter()
        for k in range(args.edits):
            doc = doc[:mid] + typed + doc[mid:]
            mid += 1
            a = az.analyze(doc)
            spent.clear()
            gc.disable()  # (as in the worker: gui_gc.pass_held)
            try:
                t = time.perf_counter()
                if not args.no_prepare:
                    preparer(a, last)
                took = time.perf_counter() - t
            finally:
                gc.enable()
            if k >= 2:  # (the first two after a change of kind settle the caches)
                times.append(took)
                parts.update(spent)
            for _ in az.release():
                pass
            last = a
        n = len(times)
        print(f"after {label}: preparation median {statistics.median(times) * 1000:.1f} ms, "
              f"max {max(times) * 1000:.1f} ms ({n} edits)")
        if args.parts:
            print("   " + ", ".join(f"{name} {v / n * 1000:.1f}" for name, v in parts.most_common()) + " (ms, mean)")


if __name__ == "__main__":
    main()
