"""One Analyzer, kept as the window's worker keeps it, against fresh analyses, under random edits:

    python bench/check_incremental_engine.py [--copies 36] [--steps 40] [--seed 0] [--history] [--check-every 1]
                                             [--survey FILE] [--pack PACK.toml]

The text is `--copies` copies of the sample (or of --survey), each line made distinct (bench_analyze.unique_copies),
checked with the house pack (or --pack: another team's surveys take other paths, a Markdown title, words). Each step edits
it (characters typed at the end of one of the last lines, the very last included, or of a line in the middle; Enter,
anywhere or in the last lines; a line's end deleted; a trailing newline added or taken away, as a save may leave it)
and, unless the step is skipped as a debounce skips it, analyses it with the kept Analyzer; between two passes the
worker's idle work is imitated: `release()` stepped a random number of times (a pass let go of in part when the next
edit comes), or a full collection. With --history a second Analyzer of the same pack object analyses the texts
"saved" meanwhile on another thread, as the history panel's measurer does. Every `--check-every` passes each rule is compared with `analyze()` of
the same text, afresh (status, level, measured, limit, scope, note, line and every finding).

Exits 1 on the first difference, printing it and the steps so far.
"""

from __future__ import annotations

import argparse
import gc
import queue
import random
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_analyze import unique_copies  # noqa: E402

from editor_app.core.analyze import Analyzer, analyze  # noqa: E402
from editor_app.core.rulepack import house_pack, load_pack  # noqa: E402


def face(rules) -> list[tuple]:
    return [(r.id, r.status, r.level, r.measured, r.limit, r.scope, r.note, r.line,
             [(f.line, f.column, f.message) for f in r.findings]) for r in rules]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--copies", type=int, default=36)
    ap.add_argument("--steps", type=int, default=40)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--history", action="store_true", help="a second Analyzer of the same pack on another thread")
    ap.add_argument("--check-every", type=int, default=1)
    ap.add_argument("--survey", type=Path, help="the survey copied (default: the bundled sample)")
    ap.add_argument("--pack", type=Path, help="the rule pack (default: the house pack)")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    pack = load_pack(args.pack) if args.pack else house_pack()
    source = args.survey.read_text(encoding="utf-8") if args.survey else None
    lines = (unique_copies(args.copies, source) if source else unique_copies(args.copies)).split("\n")
    done: list[str] = []
    failures: list[str] = []

    saved: queue.Queue = queue.Queue()

    def measurer() -> None:  # the history panel's: its own Analyzer, the window's pack object
        az2 = Analyzer(pack)
        while (text := saved.get()) is not None:
            got = face(az2.analyze(text).rules)
            if got != face(analyze(text, pack).rules):
                failures.append(f"the second Analyzer's pass of a saved text ({len(text):,} characters)")

    thread = threading.Thread(target=measurer, daemon=True) if args.history else None
    if thread is not None:
        thread.start()

    az = Analyzer(pack)
    az.analyze("\n".join(lines))
    letting_go = None
    passes = 0

    def idle(steps: int) -> None:
        nonlocal letting_go
        for _ in range(steps):
            if letting_go is None:
                if not az.retired:
                    return
                letting_go = az.release()
            if next(letting_go, StopIteration) is StopIteration:
                letting_go = None

    for i in range(args.steps):
        n = len(lines)
        op = rng.choice(("end", "end", "end", "mid", "mid", "enter", "delete", "newline"))
        if op == "end":
            at = rng.choice((n - 1, n - 1, n - 2, n - 4, n - 6))
            lines[at] += rng.choice(("存", "存后继续写", "。"))
        elif op == "mid":
            at = n // 2 + rng.randrange(-50, 50)
            lines[at] += rng.choice(("停", "改", "CJK 3,838"))
        elif op == "enter":  # anywhere, or a new paragraph at the end (before the signature, or after it)
            at = rng.choice((rng.randrange(n), rng.randrange(n), max(0, n - 2), max(0, n - 3), n - 1))
            lines.insert(at + 1, "")
        elif op == "delete":
            at = rng.choice((n - 1, n - 4, n // 2))
            lines[at] = lines[at][:-1]
        else:  # a final newline added, or taken away
            at = n - 1
            if lines[-1] == "" and n > 1:
                lines.pop()
            else:
                lines.append("")
        done.append(f"{op} at line {at + 1} of {n}")
        if rng.random() < 0.3:
            continue  # typing went on before the pause: this text was never analysed
        text = "\n".join(lines)
        got = az.analyze(text)
        passes += 1
        if thread is not None and rng.random() < 0.3:
            saved.put(text)
            done.append("saved")
        if passes % args.check_every == 0:
            mine, fresh = face(got.rules), face(analyze(text, pack).rules)
            if mine != fresh:
                diff = [(a[:8], b[:8]) for a, b in zip(mine, fresh) if a != b]
                print(f"DIFFERENCE after step {i + 1} (kept Analyzer, then fresh):", *diff, sep="\n  ")
                print("steps:", *done, sep="\n  ")
                return 1
        if failures:
            break
        what = rng.choice(("none", "some", "some", "all", "collect"))
        if what == "some":
            idle(rng.randrange(1, 20))
        elif what in ("all", "collect"):
            idle(10**9)
            if what == "collect":
                gc.collect()
        done.append(f"idle: {what}")
    if thread is not None:
        saved.put(None)
        thread.join()
    if failures:
        print("DIFFERENCE:", *failures, sep="\n  ")
        print("steps:", *done, sep="\n  ")
        return 1
    print(f"seed {args.seed}: {passes} passes, each equal to a fresh analysis")
    return 0


if __name__ == "__main__":
    sys.exit(main())
