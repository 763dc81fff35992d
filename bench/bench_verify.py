"""Benchmark arXiv verification against the fake arXiv on loopback: speed, cache, batching, spacing, faults.

    python bench/bench_verify.py [--ids 500] [--interval 0.05] [--fault-rate 0.15] [--seed 7]

1. The sample survey's 15 ids, interval 0: one request for all of them, whole verification < 1 s.
2. Re-verify from the cache: zero requests, < 100 ms.
3. N ids (default 500) without faults, then with 15% and 40% of requests faulty: batches <= 50, spacing >=
   interval (server log), every id ends with a status.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections import Counter
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from editor_app.config import Config  # noqa: E402
from editor_app.core.references import assemble_references, citations_in_line  # noqa: E402
from editor_app.devtools.fake_arxiv import FakeArxiv, Paper, load_papers, sample_dataset_path  # noqa: E402
from editor_app.resources_path import sample_survey_path  # noqa: E402
from editor_app.services.database import open_database  # noqa: E402
from editor_app.services.verification import verify_references  # noqa: E402

LOOPBACK_JITTER = 0.03


def references_of(text: str):
    return assemble_references(((i, citations_in_line(l)) for i, l in enumerate(text.split("\n"), 1)), date.today())


def bench_sample(tmp: Path) -> bool:
    refs = references_of(sample_survey_path().read_text(encoding="utf-8"))
    ok = True
    with FakeArxiv(load_papers(sample_dataset_path())) as fake:
        cfg = Config(arxiv_url=fake.url, arxiv_interval=0.0)
        db = open_database(tmp / "sample.db").db
        t0 = time.perf_counter()
        first = verify_references(refs, config=cfg, db=db)
        cold = time.perf_counter() - t0
        requests = fake.api_requests()
        statuses = Counter(v["status"] for v in first.values())
        print(f"sample: {len(refs)} ids -> {len(requests)} request(s) of {[len(r['ids']) for r in requests]} ids, "
              f"{cold * 1000:.1f} ms cold, statuses {dict(statuses)}")
        ok &= len(requests) == 1 and cold < 1.0 and statuses == {"verified": 15}

        fake.clear_log()
        warm_times = []
        for _ in range(20):
            t0 = time.perf_counter()
            again = verify_references(refs, config=cfg, db=db)
            warm_times.append(time.perf_counter() - t0)
        cached = all(v["cached"] for v in again.values())
        warm = statistics.median(warm_times)
        print(f"sample from cache: {len(fake.api_requests())} requests, median {warm * 1000:.2f} ms "
              f"(max {max(warm_times) * 1000:.2f} ms over 20 runs), all cached: {cached}")
        ok &= not fake.api_requests() and warm < 0.1 and cached
    return ok


def synthetic_papers(n: int, missing_every: int) -> tuple[list[Paper], list[str]]:
    papers, cited = [], []
    for k in range(n):
        pid = f"2601.{10000 + k:05d}"
        cited.append(pid)
        if k % missing_every == missing_every - 1:
            continue  # cited but not on arXiv
        papers.append(Paper(pid, f"BenchNet{k}: A Synthetic Paper Number {k}", [("Bench Author", None)],
                            "2026-01-15T12:00:00Z", "cs.LG", ["cs.LG"]))
    return papers, cited


def bench_many(tmp: Path, n: int, interval: float, fault_rate: float, seed: int) -> bool:
    papers, cited = synthetic_papers(n, missing_every=20)
    text = "\n".join(f"- BenchNet{k}（arXiv:{pid}）" for k, pid in enumerate(cited))
    refs = references_of(text)
    with FakeArxiv(papers, seed=seed) as fake:
        fake.set_fault_rate(fault_rate, ("429", "503", "blank", "html", "empty", "reset", "slow", "entity", "badxml",
                                         "redirect"))
        cfg = Config(arxiv_url=fake.url, arxiv_interval=interval)
        db = open_database(tmp / "many.db").db
        t0 = time.perf_counter()
        result = verify_references(refs, config=cfg, db=db, timeout=5.0)
        took = time.perf_counter() - t0
        log = fake.api_requests()
    sizes = [len(r["ids"]) for r in log]
    times = [r["time"] for r in log]
    server_gaps = [b - a for a, b in zip(times, times[1:])]
    faults = Counter(r["fault"] for r in log if r["fault"])
    statuses = Counter(v["status"] for v in result.values())
    every = set(result) == {r.id for r in refs}
    print(f"{n} ids, interval {interval:g} s, fault rate {fault_rate:g}: {len(log)} requests in {took:.2f} s; "
          f"batch sizes max {max(sizes)} (first pass {sizes[:12]}...)")
    print(f"  injected faults {dict(faults)}")
    print(f"  spacing from the server log: min {min(server_gaps):.3f} s, median {statistics.median(server_gaps):.3f} s "
          f"(required {interval:g} s; loopback arrival jitter allowance {LOOPBACK_JITTER} s)")
    print(f"  statuses {dict(statuses)}; every id has a status: {every}")
    max_results_ok = all(r["max_results"] == str(len(r["ids"])) for r in log)
    return (every and max(sizes) <= 50 and max_results_ok and min(server_gaps) >= interval - LOOPBACK_JITTER)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--ids", type=int, default=500)
    parser.add_argument("--interval", type=float, default=0.05)
    parser.add_argument("--fault-rate", type=float, default=0.15)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as d:
        ok = bench_sample(Path(d))
        for k, rate in enumerate((0.0, args.fault_rate, 0.4)):
            run_dir = Path(d, f"run{k}")
            run_dir.mkdir()
            ok &= bench_many(run_dir, args.ids, args.interval, rate, args.seed)
    print("PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
