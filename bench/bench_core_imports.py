"""Import self-times of the document/privacy/pack modules and the cost of house_pack(), in fresh processes.

    python bench/bench_core_imports.py [--runs 9]

Each run starts `python -X importtime -c "<import the CLI's modules; house_pack()>"` (bytecode must be cached:
PYTHONDONTWRITEBYTECODE is unset for the children, and one warm-up run writes it), reads the self time of each
module below from the importtime table and times `house_pack()` with process_time in that fresh process.
Prints the median and the minimum over the runs, and their sum (issue 2's target for these: <= 25 ms).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

MODULES = ("editor_app.core.records", "editor_app.core.model", "editor_app.core.privacy", "editor_app.core.document", "editor_app.core.rulepack",
           "editor_app.core.suppression", "editor_app.services.files", "editor_app.formats")

CHILD = """
import time
import editor_app.cli, editor_app.formats, editor_app.services.files, editor_app.core.suppression
import editor_app.core.privacy, editor_app.core.document
from editor_app.core.rulepack import house_pack
t0 = time.process_time_ns()
house_pack()
print("house_pack", (time.process_time_ns() - t0) / 1e6)
"""


def one_run(env: dict[str, str]) -> dict[str, float]:
    out = subprocess.run([sys.executable, "-X", "importtime", "-c", CHILD], cwd=ROOT, env=env,
                         capture_output=True, text=True, check=True)
    times: dict[str, float] = {}
    for line in out.stderr.splitlines():
        parts = [p.strip() for p in line.split("|")]
        if len(parts) == 3 and parts[2] in MODULES:
            times[parts[2]] = int(parts[0].split(":")[1]) / 1000
    for line in out.stdout.splitlines():
        if line.startswith("house_pack "):
            times["house_pack()"] = float(line.split()[1])
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    one_run(env)  # writes the bytecode
    runs = [one_run(env) for _ in range(args.runs)]
    names = [*MODULES, "house_pack()"]
    total_med = total_min = 0.0
    for name in names:
        values = [r.get(name, 0.0) for r in runs]
        med, low = statistics.median(values), min(values)
        total_med += med
        total_min += low
        print(f"{name:30s} median {med:6.2f} ms   min {low:6.2f} ms")
    print(f"{'sum':30s} median {total_med:6.2f} ms   min {total_min:6.2f} ms   (sum of per-item medians/minima)")


if __name__ == "__main__":
    main()
