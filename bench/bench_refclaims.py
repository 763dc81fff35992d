"""Citation and claim extraction over the sample, and their cost in a fresh process: python bench/bench_refclaims.py

    python bench/bench_refclaims.py [--passes 300] [--runs 15] [--old DIR]

1. CPU (process_time) of one pass of `citations_in_line` and of `claims_in_line` (house pack patterns) over the
   113 lines of the sample, no memo: median and minimum over --passes passes; with --old DIR (old_references.py,
   old_claims.py as described in bench/check_extract_equivalence.py) the old ones run interleaved in the same
   passes, so a busy machine slows both alike. Also `compile_patterns(house pack)` with its first line (the
   first looks are made then).
2. Wall time in --runs fresh processes (bytecode cached: PYTHONDONTWRITEBYTECODE is unset for them and a warm-up
   run writes it) of importing editor_app.core.references and .claims and one pass of both over the sample, with
   the modules they share with the rest of the engine (model, document, rulepack) and the house pack loaded
   before the clock starts; and the same from a bare interpreter (everything they import counted).
Issue 2's targets for these: each pass <= 0.5 ms CPU (median); fresh import + one pass <= 10 ms.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

SAMPLE = ROOT / "resources/samples/llm-infra-2026-09-14.md"

CHILD = """
import sys, time
sys.path.insert(0, {root!r})
shared = {shared!r}
if shared:
    import editor_app.core.model, editor_app.core.document, editor_app.core.rulepack
    from editor_app.core.rulepack import house_pack
    pack = house_pack()
lines = open({sample!r}, encoding="utf-8").read().split("\\n")
t0 = time.perf_counter()
from editor_app.core import claims, references
if not shared:
    from editor_app.core.rulepack import house_pack
    t_pack = time.perf_counter()
    pack = house_pack()
    t0 += time.perf_counter() - t_pack  # the pack's loading is not theirs
rx = claims.compile_patterns(pack.claim_patterns)
for line in lines:
    references.citations_in_line(line)
    claims.claims_in_line(line, rx, pack.sum_metric, pack.sum_context)
print((time.perf_counter() - t0) * 1000)
"""


def passes(args: argparse.Namespace) -> None:
    from editor_app.core import claims, references
    from editor_app.core.rulepack import house_pack

    pack = house_pack()
    lines = SAMPLE.read_text(encoding="utf-8").split("\n")
    mods = {"new": (references, claims)}
    if args.old:
        from check_extract_equivalence import load_old

        mods["old"] = (load_old(args.old, "references"), load_old(args.old, "claims"))
    runs: dict[str, list[float]] = {}
    compiled = {label: clms.compile_patterns(pack.claim_patterns) for label, (_, clms) in mods.items()}
    for _ in range(args.passes):
        for label, (refs, clms) in mods.items():
            rx = compiled[label]
            t0 = time.process_time_ns()
            for line in lines:
                refs.citations_in_line(line)
            t1 = time.process_time_ns()
            for line in lines:
                clms.claims_in_line(line, rx, pack.sum_metric, pack.sum_context)
            t2 = time.process_time_ns()
            clms.claims_in_line(lines[0], clms.compile_patterns(pack.claim_patterns), pack.sum_metric,
                                pack.sum_context)
            t3 = time.process_time_ns()
            runs.setdefault(f"citations_in_line {label}", []).append((t1 - t0) / 1e6)
            runs.setdefault(f"claims_in_line {label}", []).append((t2 - t1) / 1e6)
            runs.setdefault(f"compile_patterns + first line {label}", []).append((t3 - t2) / 1e6)
    print(f"CPU per pass over the {len(lines)} sample lines ({args.passes} passes):")
    for name, values in runs.items():
        print(f"  {name:40s} median {statistics.median(values):6.3f} ms   min {min(values):6.3f} ms")


def fresh(args: argparse.Namespace) -> None:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    print(f"fresh process, import references + claims and one pass of both ({args.runs} runs, wall):")
    for shared in (True, False):
        code = CHILD.format(root=str(ROOT), sample=str(SAMPLE), shared=shared)
        subprocess.run([sys.executable, "-c", code], env=env, check=True, capture_output=True)  # bytecode
        times = [float(subprocess.run([sys.executable, "-c", code], env=env, check=True, capture_output=True,
                                      text=True).stdout) for _ in range(args.runs)]
        label = "model/document/rulepack already imported" if shared else "from a bare interpreter"
        print(f"  {label:42s} median {statistics.median(times):6.2f} ms   min {min(times):6.2f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--passes", type=int, default=300)
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--old", type=Path, help="folder with the previous implementations, to compare")
    args = parser.parse_args()
    passes(args)
    fresh(args)


if __name__ == "__main__":
    main()
