"""Analysis speed (issue 2): python bench/bench_analyze.py [--quick] [--enter-only]

- full analysis of the sample, in-process, fresh Analyzer each time (median of 50)
- the sample x N (N = 50..300, ~8 MB at 300): time and slope; twice: as is (repeated lines, which the
  per-line memo shares) and with every copy made unique (nothing shared: the honest cold cost)
- re-analysis after one-character edits in the 8 MB document (incremental Analyzer): a character at scattered
  places, typing, Enter, and at the survey's end (typing in the signature, Enter before it); the time to the result, then (apart) the time the editor's worker spends afterwards
  letting go of the pass before (Analyzer.release, in steps that let the window run)
- `survey-check` on the sample as a whole process: wall time and peak RSS

--enter-only: only the two Enter series in the 8 MB document (a quick loop for the moving path; --quick: fewer Enters)
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from editor_app.core.analyze import Analyzer  # noqa: E402
from editor_app.core.rulepack import house_pack  # noqa: E402

SAMPLE = (ROOT / "resources/samples/llm-infra-2026-09-14.md").read_text(encoding="utf-8")


def timed(fn, repeat):
    ts = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        ts.append(time.perf_counter() - t)
    return ts


def unique_copies(n: int, text: str = SAMPLE) -> str:
    """`text` (the sample) n times, each copy's lines made distinct (a trailing marker), so no line repeats."""
    out = []
    for i in range(n):
        out.append("\n".join(f"{line} ‹{i}›" if line else line for line in text.split("\n")))
    return "\n".join(out)


def cli_process(runs: int) -> None:
    """Whole `survey-check` processes, each started by a small fresh Python so its peak RSS is its own."""
    probe = (
        "import resource, subprocess, sys, time\n"
        "t = time.perf_counter()\n"
        "subprocess.run(sys.argv[1:], capture_output=True)\n"
        "print(time.perf_counter() - t, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024)\n"
    )
    cmd = [sys.executable, "-m", "editor_app.cli", str(ROOT / "resources/samples/llm-infra-2026-09-14.md"),
           "--format", "json"]
    walls, peaks = [], []
    for _ in range(runs):
        out = subprocess.run([sys.executable, "-c", probe, *cmd], capture_output=True, text=True).stdout.split()
        walls.append(float(out[0]))
        peaks.append(float(out[1]))
    print(f"survey-check on the sample, whole process: median {statistics.median(walls) * 1000:.0f} ms wall, "
          f"peak RSS {max(peaks):.0f} MB")


def machine_reference() -> None:
    """A fixed pure-Python workload: this shared machine's speed varies up to 2x, so figures come with it."""
    t = time.process_time()
    sum(i * i for i in range(2_000_000))
    print(f"machine reference (2M-step generator sum): {(time.process_time() - t) * 1000:.0f} ms CPU")


def main() -> None:
    quick = "--quick" in sys.argv
    machine_reference()
    from editor_app.core import BUILD, figures
    print(f"engine: {BUILD} ({figures.__file__.rsplit('/', 1)[-1]}); SURVEY_EDITOR_PURE=1 for the plain-Python one")
    if "--enter-only" in sys.argv:
        edit_benchmarks(unique_copies(300), house_pack(), 10 if quick else 30, enter_only=True)
        return
    cli_process(3 if quick else 10)
    pack = house_pack()
    ts = timed(lambda: Analyzer(pack).analyze(SAMPLE), 20 if quick else 50)
    print(f"sample ({len(SAMPLE.encode()):,} B): full analysis median {statistics.median(ts) * 1000:.2f} ms, "
          f"min {min(ts) * 1000:.2f} ms")

    for label, make in (("repeated", lambda n: "\n".join([SAMPLE] * n)), ("unique", unique_copies)):
        points = []
        for n in (50, 100, 200, 300):
            text = make(n)
            t = min(timed(lambda: Analyzer(pack).analyze(text), 1 if quick else 3))
            points.append((len(text.encode()), t))
            print(f"  sample x{n} {label:8s} {len(text.encode()) / 1e6:5.2f} MB: {t * 1000:7.1f} ms")
        (x0, y0), (x1, y1) = points[0], points[-1]
        print(f"  slope ({label}): {(y1 - y0) / (x1 - x0) * 1e9:.1f} ms per MB "
              f"(x300 / x50 time ratio {y1 / y0:.2f} for size ratio {x1 / x0:.2f})")

    big = unique_copies(300)
    edit_benchmarks(big, pack, 10 if quick else 30)


def edit_benchmarks(big: str, pack, n: int, enter_only: bool = False) -> None:
    """Re-analysis of the 8 MB document (every line unique) after one-character edits, three ways (enter_only: the
    Enter ones)."""
    az = Analyzer(pack)
    az.analyze(big)
    mid = len(big) // 2

    def run(label: str, texts) -> None:
        walls, cpus, frees = [], [], []
        for text in texts:
            w, c = time.perf_counter(), time.process_time()
            az.analyze(text)
            walls.append(time.perf_counter() - w)
            cpus.append(time.process_time() - c)
            w = time.perf_counter()
            for _ in az.release():  # as the editor's worker does once the result is shown, in steps
                pass
            frees.append(time.perf_counter() - w)
        print(f"8 MB, {label}: median {statistics.median(walls) * 1000:.1f} ms wall "
              f"({statistics.median(cpus) * 1000:.1f} ms CPU), max {max(walls) * 1000:.1f} ms; then letting go of "
              f"the pass before, in steps: median {statistics.median(frees) * 1000:.1f} ms")

    # One character added at scattered places (each edit relative to the original: the pass sees the last
    # edit undone and a new one made ~97 characters on, in prose, headings, citations, figures, claims).
    if not enter_only:
        run("one character at scattered places", (big[:mid + k * 97] + "字" + big[mid + k * 97:] for k in range(n)))

    def typing():
        text = big
        for k in range(n):
            text = text[:mid + k] + "字" + text[mid + k:]
            yield text

    if not enter_only:
        run("typing (a character after the last)", typing())

    def enter():
        text = big
        for k in range(max(3, n // 5)):
            text = text[:mid + k * 50] + "\n" + text[mid + k * 50:]
            yield text

    run("Enter (a new line: every later line number moves)", enter())

    def new_paragraphs():  # Enter at the end of a line, as a user starts a new paragraph
        text = big
        at = mid
        for _ in range(max(3, n // 5)):
            at = text.index("\n", at + 1)
            text = text[:at] + "\n" + text[at:]
            at += 1
            yield text

    run("Enter at the end of a line (a new paragraph)", new_paragraphs())
    if enter_only:
        return

    # The end of the survey, where its signature (the footer) is looked for: typing in the signature, and Enter at
    # the end of the line before it, as a new paragraph or list item is started at the end (each was a whole pass).
    def signature():
        text = big
        for _ in range(n):
            text += "字"  # (its pattern, "Name · 2026-09-14", still finds it)
            yield text

    run("typing in the signature (the last line)", signature())

    def last_paragraphs():
        text = big
        for _ in range(max(3, n // 5)):
            at = text.rindex("\n")  # the end of the line before the signature
            text = text[:at] + "\n" + text[at:]
            yield text

    run("Enter at the end of the line before the signature", last_paragraphs())


if __name__ == "__main__":
    main()
