"""Old vs new CPU of claims_in_line and open_end (the analyzer's two per-line claim extractors), interleaved:
python bench/bench_claims_ab.py OLD_DIR [ROUNDS]

OLD_DIR holds old_claims.py and old_split_claims.py (made as bench/check_extract_equivalence.py describes, with
old_split_claims.py importing from old_claims). Both run with the house pack's patterns over every line of the
sample and over the sample x20 with every line made unique (no memo can help), old and new in turn in each round;
process_time, best and median of ROUNDS (default 30).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from check_extract_equivalence import load_old  # noqa: E402

from editor_app.core import claims, split_claims  # noqa: E402
from editor_app.core.rulepack import house_pack  # noqa: E402


def main() -> None:
    old_dir = Path(sys.argv[1])
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 30
    old_claims = load_old(old_dir, "claims")
    old_split = load_old(old_dir, "split_claims")
    pack = house_pack()
    lines = (ROOT / "resources/samples/llm-infra-2026-09-14.md").read_text(encoding="utf-8").split("\n")
    unique = [f"{line} ‹{i}›" if line else line for i in range(20) for line in lines]

    def fns(claims_m, split_m) -> dict:
        rx = claims_m.compile_patterns(pack.claim_patterns)
        metric, context = pack.sum_metric, pack.sum_context
        return {"claims_in_line": lambda ls: [claims_m.claims_in_line(l, rx, metric, context) for l in ls],
                "open_end": lambda ls: [split_m.open_end(l, rx) for l in ls]}

    new, old = fns(claims, split_claims), fns(old_claims, old_split)
    for fn in (*new.values(), *old.values()):  # plans and memos made once, as the analyzer makes them
        fn(lines)

    def cpu_us(fn, ls) -> float:
        t0 = time.process_time_ns()
        fn(ls)
        return (time.process_time_ns() - t0) / 1000

    for name in new:
        for label, ls in (("sample", lines), ("x20 unique", unique)):
            times: dict[str, list[float]] = {"old": [], "new": []}
            for _ in range(rounds):
                times["old"].append(cpu_us(old[name], ls))
                times["new"].append(cpu_us(new[name], ls))
            best = {k: min(v) for k, v in times.items()}
            median = {k: sorted(v)[rounds // 2] for k, v in times.items()}
            print(f"{name:15s} {label:11s} best old {best['old']:8.1f} new {best['new']:8.1f} µs "
                  f"({1 - best['new'] / best['old']:.0%} less CPU)   median old {median['old']:8.1f} "
                  f"new {median['new']:8.1f} µs ({1 - median['new'] / median['old']:.0%} less)")


if __name__ == "__main__":
    main()
