"""The least an Enter in the 8 MB survey can cost while every record states its absolute line (issue 2's "Enter ≤ 30 ms").

    python bench/bench_enter_floor.py [--enters 10]

An Enter in the middle of the sample x300 (every line unique, as bench_analyze) moves every record below it one line
down. The analysis hands out its findings, claims, citations, figure groups, sections, § references and privacy hits
as immutable records, each with its absolute line (the JSON contract, the panels, the exporter and the squiggles
read `.line`), so each of those below the edit is a new object after the Enter, whatever the engine does. This
counts them, in the full analysis of the text after the Enter, and times making them as the engine does
(`records.moved_by`: a copy of the record's dict with `line` moved, given to a bare instance), then the engine's
real incremental Enter for comparison. The copies alone are the floor of an Enter under this contract; the rest of
an incremental pass (rules, the claims audit, agreement, the findings' order) comes on top.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_analyze import machine_reference, unique_copies  # noqa: E402
from editor_app.core.analyze import Analyzer  # noqa: E402
from editor_app.core.model import Analysis  # noqa: E402
from editor_app.core.records import moved_by  # noqa: E402
from editor_app.core.rulepack import house_pack  # noqa: E402


def records_below(analysis: Analysis, line: int) -> list:
    """Every record the analysis hands out that stands below `line` (1-based), each once: those an Enter on
    that line must replace."""
    found: dict[int, object] = {}

    def take(objs) -> None:
        for obj in objs:
            if obj.line > line:
                found[id(obj)] = obj

    take(analysis.findings)
    for rule in analysis.rules:
        take(rule.findings)
    take(analysis.claims)
    take(o for r in analysis.references for o in r.occurrences)
    take(analysis.figures)
    take(analysis.privacy)
    take(analysis.section_refs)
    take(m.section for m in analysis.sections)
    found.update((id(m), m) for m in analysis.sections if m.section.line > line)  # (a section's line is its own)
    return list(found.values())


def copy_time(objs: list, repeat: int) -> float:
    """The least time to make moved copies of `objs` (line + 1), with the collector off as in a pass."""
    with_line = [o for o in objs if "line" in o.__dict__]
    others = [o for o in objs if "line" not in o.__dict__]  # (SectionMetrics: copied as a record with a new section)
    best = float("inf")
    gc.disable()
    try:
        for _ in range(repeat):
            t = time.perf_counter()
            moved_by(with_line, 1)
            for o in others:
                copy = object.__new__(o.__class__)
                object.__setattr__(copy, "__dict__", o.__dict__.copy())
            best = min(best, time.perf_counter() - t)
    finally:
        gc.enable()
    return best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--enters", type=int, default=10)
    args = ap.parse_args()
    machine_reference()
    pack = house_pack()
    big = unique_copies(300)
    mid = len(big) // 2
    after = big[:mid] + "\n" + big[mid:]
    line = big.count("\n", 0, mid) + 1  # the line the Enter splits: those below it move
    full = Analyzer(pack, memo=False).analyze(after)
    below = records_below(full, line + 1)
    kinds = Counter(type(o).__name__ for o in below)
    print(f"8 MB ({len(big.encode()) / 1e6:.1f} MB), Enter on line {line:,}: {len(below):,} records below it "
          f"must be new objects")
    for name, n in kinds.most_common():
        print(f"  {name:15s} {n:7,}")
    floor = copy_time(below, 7)
    print(f"making them (records.moved_by, collector off), best of 7: {floor * 1000:.1f} ms "
          f"({floor / len(below) * 1e9:.0f} ns a record)")

    az = Analyzer(pack)
    az.analyze(big)
    walls = []
    text = big
    for k in range(args.enters):
        text = text[:mid + k * 50] + "\n" + text[mid + k * 50:]
        t = time.perf_counter()
        az.analyze(text)
        walls.append(time.perf_counter() - t)
        for _ in az.release():
            pass
    med = statistics.median(walls[2:] or walls)
    print(f"the engine's incremental Enter, median of {max(1, len(walls) - 2)}: {med * 1000:.1f} ms "
          f"(the copies' floor is {floor / med:.0%} of it)")


if __name__ == "__main__":
    main()
