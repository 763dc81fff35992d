"""Old vs new heading / section-reference extractors give identical results: python bench/check_document_equivalence.py OLD_DIR [N]

OLD_DIR holds the previous editor_app/core/document.py as old_document.py (relative imports rewritten to
`editor_app.core.…`, as bench/check_extract_equivalence.py describes). Compares the repr of heading_in_line and
section_refs_in_line on: every line of the sample, every string literal in tests/test_document.py, N randomly
edited sample lines (with heading-shaped pieces spliced in), and hypothesis-generated lines. Exits 1 on the first
mismatch, printing the line.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from check_extract_equivalence import SAMPLE, TRICKY, load_old  # noqa: E402
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from editor_app.core import document  # noqa: E402

HEADING_BITS = [
    "#", "##", "###### ", "#######", " ", "  ", "   ", "    ", "\t", "`", "```", "~~~", "~", "=", "===", "-", "---", "§",
    "§ ", "§0", "§三", "§十二", "§3.1", "§三.1", "§八", "§ 4.4", "一、", "十、", "二十一、", "〇", "零", "十", "2.1 ", "3.1",
    "4.4 ", "10.2.3 ", "1.2.3.4.5", "07.1 ", "٣.١ ", "３.１ ", "²", "①", " #", "# 3.1 标题", "# 三、总结", "## §2 x",
    "．", "、", ".", " x", "标题", "\u3000", "\u00a0", "#\t", " ##", "1", "12", "123.4 ", "\r",
]


def main() -> None:
    old = load_old(Path(sys.argv[1]), "document")
    n_random = int(sys.argv[2]) if len(sys.argv) > 2 else 20000
    pairs = [("heading_in_line", old.heading_in_line, document.heading_in_line),
             ("section_refs_in_line", old.section_refs_in_line, document.section_refs_in_line)]
    checked = [0]
    nonempty = {name: 0 for name, _, _ in pairs}

    def check(line: str) -> None:
        checked[0] += 1
        for name, f_old, f_new in pairs:
            a = f_old(line)
            nonempty[name] += bool(a)
            if repr(a) != repr(f_new(line)):
                print(f"MISMATCH in {name} on {line!r}\n  old: {a!r}\n  new: {f_new(line)!r}")
                sys.exit(1)

    import ast
    literals = [piece for node in ast.walk(ast.parse((ROOT / "tests/test_document.py").read_text(encoding="utf-8")))
                if isinstance(node, ast.Constant) and isinstance(node.value, str) for piece in node.value.split("\n")]
    lines = SAMPLE.split("\n")
    for line in lines + literals + [b + line for b in HEADING_BITS for line in lines[:40]]:
        check(line)
    print(f"sample, test literals, heading-led sample lines: {checked[0]} lines identical")
    rng = random.Random(20261202)
    bits = HEADING_BITS + TRICKY
    for _ in range(n_random):
        line = rng.choice(lines)
        for _ in range(rng.randint(1, 4)):
            pos = rng.choice((0, 0, rng.randint(0, len(line))))
            op = rng.random()
            if op < 0.5:
                line = line[:pos] + rng.choice(bits) + line[pos:]
            elif op < 0.8:
                line = line[:pos] + line[pos + rng.randint(1, 3):]
            else:
                line = line[:pos] + chr(rng.choice([rng.randint(32, 126), rng.randint(0x3000, 0x9fff)])) + line[pos:]
        check(line)
    print(f"+ randomly edited sample lines: {checked[0]} lines identical")
    piece = st.one_of(st.sampled_from(HEADING_BITS), st.sampled_from(TRICKY), st.text(max_size=3))

    @settings(max_examples=max(500, n_random // 4), database=None, deadline=None,
              suppress_health_check=list(HealthCheck))
    @given(st.lists(piece, max_size=20).map("".join) | st.text(max_size=40))
    def generated(line: str) -> None:
        check(line)

    generated()
    print(f"+ hypothesis-generated lines: {checked[0]} lines identical in both extractors")
    print("lines with a non-empty result: " + ", ".join(f"{name} {n}" for name, n in nonempty.items()))


if __name__ == "__main__":
    main()
