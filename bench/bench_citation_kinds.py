"""citations_in_line on kinds of lines the sample has few of: python bench/bench_citation_kinds.py [--old DIR]

CPU µs per line on reference-list entries ("[12] J. Kim, …. Title. arXiv:…, 2026.", "- Zhang et al. "Title". arXiv
preprint …"), lines with Markdown links, Chinese title marks and English prose, and table rows with a status column,
BibTeX fields and generic words before an id ("相关工作（arXiv:…）"): 240-300 generated lines each, every line unique,
best of --rounds passes, process_time. With --old DIR (old_references.py as bench/check_extract_equivalence.py
describes) the old implementation runs interleaved in the same passes, its results checked equal first.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

from bench_extract_all import per_line_us  # noqa: E402
from editor_app.core import references  # noqa: E402


def kinds() -> dict[str, list[str]]:
    entries, links, tables = [], [], []
    for i in range(60):
        entries += [
            f"[{i + 1}] J. Kim, B. Lee, and C. Park. OmniKVQuant{i}: Unified KV Cache Quantization for Multimodal LLM "
            f"Serving. arXiv:2609.{11582 + i}, 2026.",
            f"- Zhang et al. \"Speculative Decoding at Scale {i}\". arXiv preprint arXiv:2607.{26627 + i}v2 (2026)",
            f"[^{i}]: OmniKVQuant{i}, arXiv:2609.{11582 + i}",
            f"{i + 1}. A. Kim. FreeToken{i}: Token-Level Sparsity. In: Proc. MLSys. arXiv:2608.{16157 + i}, 2026.",
        ]
        links += [
            f"- [OmniKVQuant{i}](https://arxiv.org/abs/2609.{11582 + i})（KAIST，cs.CV，2026-09-10）提出异构模态 KV "
            f"量化。",
            f"见 [arXiv:2607.{26627 + i}](https://arxiv.org/abs/2607.{26627 + i}v2) 与 [PDF](https://arxiv.org/pdf/"
            f"2608.{1000 + i:04d}.pdf)。",
            f"《推理引擎可复现性{i}》（arXiv:2605.{19537 + i}）系统性研究 vLLM / SGLang 等引擎。",
            f"We build on Speculative Decoding at Scale [arXiv:2607.{26627 + i}] and FreeToken (arXiv:2608.{16157 + i}, "
            f"2026).",
        ]
        tables += [
            f"| {i} | 2609.{11582 + i} | 已核验 ✓ | OmniKVQuant{i} | 异构模态 KV 量化，cs.CV |",
            f"| ✓ | FreeToken{i} | arXiv:2608.{16157 + i} |",
            f"  eprint = {{2607.{26627 + i}}}, archivePrefix = {{arXiv}}, primaryClass = {{cs.CL}},",
            f"  journal = {{CoRR}}, volume = {{abs/2606.{19746 + i}}}, year = {{2026}},",
            f"相关工作（arXiv:2605.{19537 + i}）与本文方法（2606.{2964 + i:05d}）均未给出 p99 数字；另见附录（arXiv:2604."
            f"{1000 + i:05d}）。",
        ]
    return {"reference-list entries": entries, "links, 《》, English": links, "tables, BibTeX, 相关工作": tables}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", type=Path, help="folder with old_references.py, to compare")
    parser.add_argument("--rounds", type=int, default=30)
    args = parser.parse_args()
    old = None
    if args.old:
        from check_extract_equivalence import load_old

        old = load_old(args.old, "references").citations_in_line
    for label, lines in kinds().items():
        if old:
            for line in lines:
                assert repr(old(line)) == repr(references.citations_in_line(line)), line
        best = {"new": float("inf"), "old": float("inf")}
        for _ in range(args.rounds):
            best["new"] = min(best["new"], per_line_us(references.citations_in_line, lines))
            if old:
                best["old"] = min(best["old"], per_line_us(old, lines))
        out = f"{label:24s} {len(lines):4d} lines {best['new']:7.2f} µs/line"
        if old:
            out += f"   old {best['old']:7.2f} µs/line   x{best['old'] / best['new']:.2f}"
        print(out)


if __name__ == "__main__":
    main()
