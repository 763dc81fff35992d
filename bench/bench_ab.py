"""Two checkouts side by side on this machine: python bench/bench_ab.py OLD_TREE [NEW_TREE] [--runs 8]

For a machine whose speed drifts, old and new are run in turns: `survey-check` on the sample as a whole process
(wall) and a cold full analysis of the sample in a fresh interpreter (CPU median of 40, fresh Analyzer each).
Make OLD_TREE with e.g. `git worktree add --detach /tmp/old 56f14ac`; each tree's own editor_app is imported
(the interpreter starts in it).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "resources/samples/llm-infra-2026-09-14.md"
COLD = """
import statistics, time
from editor_app.core.analyze import Analyzer
from editor_app.core.rulepack import house_pack
text, pack = open(%r, encoding="utf-8").read(), house_pack()
for _ in range(5):
    Analyzer(pack).analyze(text)
spent = []
for _ in range(40):
    t = time.process_time()
    Analyzer(pack).analyze(text)
    spent.append(time.process_time() - t)
print(statistics.median(spent) * 1000)
"""


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("old", type=Path)
    ap.add_argument("new", type=Path, nargs="?", default=ROOT)
    ap.add_argument("--runs", type=int, default=8)
    args = ap.parse_args()
    trees = {"old": args.old.resolve(), "new": args.new.resolve()}
    cli: dict[str, list[float]] = {k: [] for k in trees}
    cold: dict[str, list[float]] = {k: [] for k in trees}
    for r in range(args.runs):
        for name, tree in trees.items():
            t = time.perf_counter()
            subprocess.run([sys.executable, "-m", "editor_app.cli", str(SAMPLE), "--format", "json"], cwd=tree,
                           capture_output=True)
            cli[name].append(time.perf_counter() - t)
        if r < max(1, args.runs // 2):
            for name, tree in trees.items():
                out = subprocess.run([sys.executable, "-c", COLD % str(SAMPLE)], cwd=tree, capture_output=True,
                                     text=True)
                cold[name].append(float(out.stdout))
    for name in trees:
        print(f"{name} ({trees[name]}): survey-check median {statistics.median(cli[name]) * 1000:.0f} ms "
              f"(min {min(cli[name]) * 1000:.0f}) · cold sample analysis CPU median {statistics.median(cold[name]):.1f} ms")


if __name__ == "__main__":
    main()
