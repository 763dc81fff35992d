"""A survey on one line (a file whose line breaks were lost, QA28d D7): how the analysis time grows with the line.

    python bench/bench_long_line.py [--copies 8 16 32 64]

The sample's text, its line breaks turned into spaces, repeated N times on one line. Split into lines, the same bytes
analyse in linear time (bench_analyze's slope); on one line every reader that looks across the line per match grows
with matches x length. Prints each size's time and the ratio of time to size between the ends.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from editor_app.core.analyze import Analyzer  # noqa: E402
from editor_app.core.rulepack import house_pack  # noqa: E402
from editor_app.resources_path import sample_survey_path  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--copies", type=int, nargs="+", default=[8, 16, 32, 64])
    args = parser.parse_args()
    one = sample_survey_path().read_text(encoding="utf-8").replace("\n", " ")
    pack = house_pack()
    points = []
    for n in args.copies:
        text = " ".join([one] * n)
        start = time.process_time()
        Analyzer(pack).analyze(text)
        took = time.process_time() - start
        points.append((len(text.encode()), took))
        print(f"one line of {len(text.encode()) / 1e6:5.2f} MB: {took * 1000:8.0f} ms CPU")
    (x0, y0), (x1, y1) = points[0], points[-1]
    print(f"time ratio {y1 / y0:.1f} for size ratio {x1 / x0:.1f} (linear: equal; quadratic: its square)")


if __name__ == "__main__":
    main()
