"""Per-line cost of the privacy scan and the engine-figure extraction, on the sample and on the sample × 300.

Run: python bench/bench_extract.py [--repeat N]
Prints CPU-time figures (process_time, so other load on the machine counts less) per line: mean over all lines,
median, 95th percentile and the slowest line, plus the whole-document pass without memoisation (every line
computed) and with a per-text memo (what the analyzer does: repeated lines cost one dict look-up).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from editor_app.core.figures import figures_in_line  # noqa: E402
from editor_app.core.privacy import PrivacyConfig, privacy_in_line  # noqa: E402
from editor_app.resources_path import sample_survey_path  # noqa: E402

HOUSE_PRIVACY = {
    "names_file": "builtin:house-names",
    "org_patterns": [r"(?<![A-Za-z0-9])(?:PRJ|INT|ORG)-\d{3,}(?![A-Za-z0-9])"],
}


def per_line_us(fn, lines: list[str], repeat: int) -> list[float]:
    """Best-of-`repeat` CPU time of fn(line) for each line, in microseconds."""
    out = []
    for line in lines:
        best = float("inf")
        for _ in range(repeat):
            t0 = time.process_time_ns()
            for _ in range(10):
                fn(line)
            best = min(best, (time.process_time_ns() - t0) / 10)
        out.append(best / 1000)
    return out


def whole_pass_s(fn, lines: list[str], memo: bool) -> float:
    cache: dict[str, object] = {}
    t0 = time.process_time()
    for line in lines:
        if memo:
            if line not in cache:
                cache[line] = fn(line)
        else:
            fn(line)
    return time.process_time() - t0


def report(name: str, fn, sample: list[str], big: list[str], repeat: int) -> None:
    costs = per_line_us(fn, sample, repeat)
    ordered = sorted(costs)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    slowest = max(range(len(costs)), key=costs.__getitem__)
    print(f"{name}: sample {len(sample)} lines: mean {statistics.fmean(costs):.1f} µs/line, "
          f"median {statistics.median(costs):.1f}, p95 {p95:.1f}, max {costs[slowest]:.1f} (line {slowest + 1}, "
          f"{len(sample[slowest])} chars)")
    raw = min(whole_pass_s(fn, big, memo=False) for _ in range(2))
    memo = min(whole_pass_s(fn, big, memo=True) for _ in range(3))
    print(f"{name}: sample × 300 ({len(big):,} lines, {sum(map(len, big)) / 1e6:.1f} M chars): "
          f"{raw * 1000:.0f} ms without memo ({raw / len(big) * 1e6:.1f} µs/line), {memo * 1000:.1f} ms with a "
          f"per-text memo")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    text = sample_survey_path().read_text(encoding="utf-8")
    sample = text.splitlines()
    big = (text.rstrip("\n") + "\n") * 300
    big_lines = big.splitlines()
    cfg = PrivacyConfig.from_dict(HOUSE_PRIVACY, None)
    report("privacy_in_line", lambda line: privacy_in_line(line, cfg), sample, big_lines, args.repeat)
    report("figures_in_line", figures_in_line, sample, big_lines, args.repeat)
    figure_lines = [line for line in sample if figures_in_line(line)]
    costs = per_line_us(figures_in_line, figure_lines, args.repeat)
    print(f"figures_in_line: the {len(figure_lines)} lines that hold figures: mean {statistics.fmean(costs):.1f} "
          f"µs/line, max {max(costs):.1f}")


if __name__ == "__main__":
    main()
