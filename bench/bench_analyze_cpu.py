"""Analysis cost in CPU time, optionally old vs new extractors in turns: python bench/bench_analyze_cpu.py [--old DIR]

Prints the median CPU time (process_time: other load on a shared machine counts less than in wall time) of a cold
analysis of the sample (fresh Analyzer) and the time of one cold analysis of the sample x300 with every line
unique (bench_analyze.unique_copies). With --old DIR (copies of the previous figures/privacy/references/claims
modules, as described in bench/check_extract_equivalence.py) the same analyzer runs in turns with the current
per-line extractors and with the old ones swapped in, in one process, so a busy machine slows both alike; the
rest of the analysis (the engine itself) is the same code in both. --floor adds a run with extractors that find
nothing: what the rest of the analysis costs on its own.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

from bench_analyze import SAMPLE, unique_copies  # noqa: E402

from editor_app.core import analyze, claims  # noqa: E402
from editor_app.core.analyze import Analyzer  # noqa: E402
from editor_app.core.rulepack import house_pack  # noqa: E402


def cpu(fn) -> float:
    gc.disable()  # as analyze() does during a pass
    t = time.process_time()
    fn()
    spent = time.process_time() - t
    gc.enable()
    return spent


def _nothing(*_args):
    return ()


# old_dir -> the old extractors, loaded once: a module loaded afresh for each run starts cold (Python 3.11 specialises
# each function's bytecode anew, module memos such as the claims plan are empty), ~1 ms a module on the sample, and
# the old side read ~25% slower than the new one with the very same code in both.
_OLD: dict[str, tuple] = {}


@contextmanager
def old_extractors(old_dir: Path | str | None):
    """The analyzer with the old per-line extractors swapped in ("none": extractors that find nothing)."""
    if old_dir is None:
        yield
        return
    saved = (analyze.figures_in_line, analyze.privacy_in_lines, analyze.citations_in_line, claims.claims_in_line)
    if old_dir == "none":
        analyze.figures_in_line = analyze.citations_in_line = _nothing
        analyze.privacy_in_lines = lambda lines, _cfg: [()] * len(lines)
        claims.claims_in_line = _nothing
    else:
        swapped = _OLD.get(str(old_dir))
        if swapped is None:
            from check_extract_equivalence import load_old

            old = {name: load_old(Path(old_dir), name) for name in ("figures", "privacy", "references", "claims")}
            swapped = _OLD[str(old_dir)] = (old["figures"].figures_in_line, _with_old_config(old["privacy"]),
                                            old["references"].citations_in_line, old["claims"].claims_in_line)
        analyze.figures_in_line, analyze.privacy_in_lines, analyze.citations_in_line, claims.claims_in_line = swapped
    try:
        yield
    finally:
        analyze.figures_in_line, analyze.privacy_in_lines, analyze.citations_in_line, claims.claims_in_line = saved


def _with_old_config(old_privacy):
    """The old privacy_in_lines, given the analyzer's config remade as the old module's (the pack makes it with the
    current one)."""
    fields = ("names", "org_patterns", "path_patterns", "allow_ips", "secret_keywords", "secret_min_length",
              "secret_min_entropy", "allow_patterns", "dimensions", "password_min_length")
    configs: dict[int, object] = {}

    def scan(lines, cfg):
        old_cfg = configs.get(id(cfg))
        if old_cfg is None:
            old_cfg = configs[id(cfg)] = old_privacy.PrivacyConfig(**{f: getattr(cfg, f) for f in fields})
        return old_privacy.privacy_in_lines(lines, old_cfg)

    return scan


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", type=Path, help="folder with the previous extractors, to run in turns")
    parser.add_argument("--runs", type=int, default=40)
    parser.add_argument("--big-runs", type=int, default=3)
    parser.add_argument("--floor", action="store_true", help="also with extractors that find nothing (the rest)")
    args = parser.parse_args()
    pack = house_pack()
    variants: list[tuple[str, Path | str | None]] = [("new", None)] + ([("old", args.old)] if args.old else [])
    if args.floor:
        variants.append(("no", "none"))
    cold: dict[str, list[float]] = {name: [] for name, _ in variants}
    big_cpu: dict[str, list[float]] = {name: [] for name, _ in variants}
    for _ in range(args.runs):
        for name, folder in variants:
            with old_extractors(folder):
                cold[name].append(cpu(lambda: Analyzer(pack).analyze(SAMPLE)))
    big = unique_copies(300)
    for _ in range(args.big_runs):
        for name, folder in variants:
            with old_extractors(folder):
                big_cpu[name].append(cpu(lambda: Analyzer(pack).analyze(big)))
    for name, _ in variants:
        print(f"{name} extractors: sample cold analysis CPU median {statistics.median(cold[name]) * 1000:6.2f} ms "
              f"(min {min(cold[name]) * 1000:.2f}); sample x300 unique ({len(big.encode()) / 1e6:.2f} MB) CPU "
              f"median {statistics.median(big_cpu[name]):5.2f} s (min {min(big_cpu[name]):.2f})")


if __name__ == "__main__":
    main()
