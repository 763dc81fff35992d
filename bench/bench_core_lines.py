"""CPU time of one pass of privacy_in_line, heading_in_line, section_refs_in_line over the sample's 113 lines.

    python bench/bench_core_lines.py [--old DIR] [--passes 300]

Each pass calls the function once per line (no memo), timed with process_time; prints the median pass in ms
(issue 2's targets: privacy <= 0.25 ms, heading + section refs <= 0.15 ms) and the minimum. The privacy scan
uses the house pack's table (`PrivacyConfig.from_dict(house_pack().privacy, house_pack().base_dir)`). With
--old DIR (old_privacy.py / old_document.py as bench/check_extract_equivalence.py describes) the old
implementations run interleaved with the new ones, pass by pass, so a busy machine slows both alike.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from editor_app.core import document, privacy  # noqa: E402
from editor_app.core.rulepack import house_pack  # noqa: E402

LINES = (ROOT / "resources/samples/llm-infra-2026-09-14.md").read_text(encoding="utf-8").split("\n")


def functions(privacy_m, document_m) -> dict:
    pack = house_pack()
    cfg = privacy_m.PrivacyConfig.from_dict(pack.privacy, pack.base_dir)
    return {
        "privacy_in_line": lambda line: privacy_m.privacy_in_line(line, cfg),
        "heading_in_line": document_m.heading_in_line,
        "section_refs_in_line": document_m.section_refs_in_line,
    }


def one_pass(fn) -> float:
    t0 = time.process_time_ns()
    for line in LINES:
        fn(line)
    return (time.process_time_ns() - t0) / 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", type=Path, help="folder with old_privacy.py and old_document.py, to compare")
    parser.add_argument("--passes", type=int, default=300)
    args = parser.parse_args()
    new = functions(privacy, document)
    old = None
    if args.old:
        from check_extract_equivalence import load_old

        old = functions(load_old(args.old, "privacy"), load_old(args.old, "document"))
    times: dict[str, dict[str, list[float]]] = {name: {"new": [], "old": []} for name in new}
    for _ in range(args.passes):
        for name, fn in new.items():
            times[name]["new"].append(one_pass(fn))
            if old:
                times[name]["old"].append(one_pass(old[name]))
    print(f"{len(LINES)} lines, {args.passes} passes, CPU ms per pass (median / min)")
    for name, t in times.items():
        row = f"{name:22s} new {statistics.median(t['new']):6.3f} / {min(t['new']):6.3f}"
        if old:
            ratio = statistics.median(t["old"]) / statistics.median(t["new"])
            row += f"   old {statistics.median(t['old']):6.3f} / {min(t['old']):6.3f}   x{ratio:.2f}"
        print(row)


if __name__ == "__main__":
    main()
