"""CPU µs per line of the four per-line extractors the analyzer memoises: python bench/bench_extract_all.py [--old DIR]

figures_in_line, privacy_in_line (house pack config), citations_in_line and claims_in_line (house pack patterns),
and privacy_in_lines (the analyzer's call: all the lines at once), each over every line of the sample and over the
sample x20 with every line made unique (no memo can help), best of --rounds passes, process_time (other load on the
machine counts less). With --old DIR (copies of the previous modules as old_figures.py, old_privacy.py,
old_references.py, old_claims.py, as described in bench/check_extract_equivalence.py) the old and new
implementations run interleaved in the same passes, so a busy machine slows both alike.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from editor_app.core import claims, figures, privacy, references  # noqa: E402
from editor_app.core.rulepack import house_pack  # noqa: E402

SAMPLE = (ROOT / "resources/samples/llm-infra-2026-09-14.md").read_text(encoding="utf-8")


def extractors(mods) -> dict:
    figures_m, privacy_m, references_m, claims_m = mods
    pack = house_pack()
    cfg = privacy_m.PrivacyConfig.from_dict(pack.privacy, pack.base_dir)
    rx = claims_m.compile_patterns(pack.claim_patterns)
    return {
        "figures_in_line": figures_m.figures_in_line,
        "privacy_in_line": lambda line: privacy_m.privacy_in_line(line, cfg),
        "citations_in_line": references_m.citations_in_line,
        "claims_in_line": lambda line: claims_m.claims_in_line(line, rx, pack.sum_metric, pack.sum_context),
    }


def per_line_us(fn, lines: list[str]) -> float:
    t0 = time.process_time_ns()
    for line in lines:
        fn(line)
    return (time.process_time_ns() - t0) / len(lines) / 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", type=Path, help="folder with the previous implementations, to compare")
    parser.add_argument("--rounds", type=int, default=10)
    args = parser.parse_args()
    lines = SAMPLE.split("\n")
    unique = [f"{line} ‹{i}›" if line else line for i in range(20) for line in lines]
    new = extractors((figures, privacy, references, claims))
    if args.old:
        from check_extract_equivalence import load_old
    old_modules = tuple(load_old(args.old, n) for n in ("figures", "privacy", "references", "claims")) \
        if args.old else None
    old = extractors(old_modules) if old_modules else None
    figure_lines = [line for line in lines if figures.figures_in_line(line)]
    totals = {"new": [0.0, 0.0], "old": [0.0, 0.0]}
    for name, fn in new.items():
        sets = [("sample", lines), ("x20 unique", unique)]
        if name == "figures_in_line":
            sets.append((f"{len(figure_lines)} figure lines", figure_lines))
        for k, (label, ls) in enumerate(sets):
            best = {"new": float("inf"), "old": float("inf")}
            for _ in range(args.rounds):
                best["new"] = min(best["new"], per_line_us(fn, ls))
                if old:
                    best["old"] = min(best["old"], per_line_us(old[name], ls))
            if k < 2:
                totals["new"][k] += best["new"]
                totals["old"][k] += best["old"]
            line = f"{name:18s} {label:16s} {best['new']:7.2f} µs/line"
            if old:
                line += f"   old {best['old']:7.2f} µs/line   x{best['old'] / best['new']:.2f}"
            print(line)
    for k, label in enumerate(("sample", "x20 unique")):
        line = f"{'all four':18s} {label:16s} {totals['new'][k]:7.2f} µs/line"
        if old:
            line += f"   old {totals['old'][k]:7.2f} µs/line   x{totals['old'][k] / totals['new'][k]:.2f}"
        print(line)
    # What the analyzer calls for the privacy scan: privacy_in_lines over all the lines at once (one first look for
    # the whole text), not privacy_in_line line by line
    batched = {"new": privacy_batch(privacy)}
    if old:
        batched["old"] = privacy_batch(old_modules[1])
    for label, ls in (("sample", lines), ("x20 unique", unique)):
        best = {name: float("inf") for name in batched}
        for _ in range(args.rounds):
            for name, fn in batched.items():
                t0 = time.process_time_ns()
                fn(ls)
                best[name] = min(best[name], (time.process_time_ns() - t0) / len(ls) / 1000)
        line = f"{'privacy_in_lines':18s} {label:16s} {best['new']:7.2f} µs/line"
        if old:
            line += f"   old {best['old']:7.2f} µs/line   x{best['old'] / best['new']:.2f}"
        print(line)


def privacy_batch(privacy_m):
    """privacy_in_lines with the house pack's config, as the analyzer calls it."""
    pack = house_pack()
    cfg = privacy_m.PrivacyConfig.from_dict(pack.privacy, pack.base_dir)
    return lambda lines: privacy_m.privacy_in_lines(lines, cfg)


if __name__ == "__main__":
    main()
