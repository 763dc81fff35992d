"""Old vs new per-line extractors give identical results: python bench/check_extract_equivalence.py OLD_DIR [N] [--only M,M]

--only figures,privacy,references,claims limits the check to those modules (the others need no old copy).

OLD_DIR holds copies of the previous implementations as old_figures.py, old_privacy.py, old_references.py and
old_claims.py (relative imports rewritten to `editor_app.core.…`; with old_split_claims.py, importing from
old_claims: the same sed on split_claims.py, then ``sed -i 's/^from editor_app.core.claims import/from old_claims
import/'``, split_claims.open_end is compared too), e.g. made before a speed-up with
``for f in figures privacy references claims; do sed 's/^from \\.\\([a-z_]*\\) import/from editor_app.core.\\1
import/' editor_app/core/$f.py > OLD_DIR/old_$f.py; done``.
Compares the repr of every result (so 1 vs 1.0 or a changed field order counts) on: every line of the sample,
every string literal in the extractor tests, N randomly edited sample lines, and hypothesis-generated lines
built from sample fragments and tricky characters; privacy_in_lines, too, on N/10 random documents of such lines.
Exits 1 on the first mismatch, printing the line.

A speed-up's `baseline` (FigureGroup.baseline, new with the figbase branch) is the one field the new figures_in_line
may add: it is blanked in the new result before the comparison (an old copy that predates it leaves it "", the
default), and the lines where it was set are counted, so an old copy from before it compares equal otherwise.
Against a copy from before the fix27b branch, a line holding a range of numbers ("12,000~16,200 tok/s": now one
value) or 它/之 after a sentence end (now naming the one engine of the sentence before) may differ: such lines are
counted and the first five printed, not a mismatch. Against a copy from before the fix27i branch, a bare id followed by
a unit ("（1203.4567 ms）", "2605.19537×") or after a version word ("驱动版本（2501.12345）") is no citation any more:
a line whose new citations are the old ones without such ids is counted and the first five printed. Against a copy
from before the fix27m branch, a value after English saying it moved ("vLLM latency down 8 ms", "drops by 8 ms",
"cuts p99 latency by 20 ms") is no engine's level any more: a line whose new figures are the old ones less one-value
groups, holding such a word, is counted and the first five printed. Against a copy from before the fix-29refqa
branch, a word after "arXiv:" ("3 篇 arXiv：EdgeQuant", "arXiv:cs.CL") is no malformed id any more (an id it hid,
"arXiv: arXiv:2609.11582", is cited), and a bare id with month 13 or 00 starting an item of a list of ids
("2609.13021 TreeSpec / 2613.27154 MedusaQ") is an impossible one: a line whose citations differ by such only is
counted and the first five printed. Against a copy from before the fix-29mdrefs branch, an escaped pipe "\\|" is part
of a table cell's text, no border ("| 2609.10226 | Φ-Bench \\| X |" names "Φ-Bench | X"): a line holding one whose
citations differ is counted and the first five printed.
Against a copy from before the fix-29mdclaims branch, a line Markdown shows
otherwise than it is written (emphasis, strikethrough, inline code, an HTML comment, an escaped comma: shown_text) is
read as shown: a line whose new claims are the old claims_in_line's on its shown text, put back on the line as
written, and a line ending with a figure in emphasis that open_end now keeps ("CJK 实测 **3,838**"), are counted and
the first five printed.
"""

from __future__ import annotations

import ast
import importlib.util
import random
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from dataclasses import replace  # noqa: E402

from editor_app.core import claims, figures, privacy, references, split_claims  # noqa: E402
from editor_app.core.rulepack import ClaimPattern, house_pack  # noqa: E402
from editor_app.core.shown_text import as_shown  # noqa: E402

SAMPLE = (ROOT / "resources/samples/llm-infra-2026-09-14.md").read_text(encoding="utf-8")
TESTS = ("test_figures.py", "test_privacy.py", "test_references.py", "test_arxiv_ids.py", "test_claims.py",
         "test_analyze_sample.py", "test_properties.py")
TRICKY = [
    "×", "x", "X", "倍", "vs", "vs.", "VS", "versus", " ", " ", "\t", "（", "）", "(", ")", "：", ":", "；", ";", "。",
    ".", ",", "，", "、", " + ", " / ", "|", "`", "—", "~", "≈", "约", "$", "¥", "%", "tok/s", "req/s", "ms", "s",
    "GB", "H100", "8×H100", "A100", "up to ", "最高", "快", "TTFT", "p99", "latency", "吞吐", "延迟", "arXiv:",
    "arxiv.org/abs/", "2609.11582", "v1", "hep-th/9901001", "cs.CL", "2026-09", "10.0.3.17", "192.168.1.1",
    "fe80::1", "::", "sk-", "ghp_", "AKIA", "eyJ", "token: ", "password=", "/home/", "~/", "C:\\Users\\",
    "Chen Siyuan", "陈思远", "PRJ-1234", "SGLang", "vLLM", "TensorRT-LLM", "llama.cpp", "Ollama", "DeepSeek V3",
    "with ", "than ", "比", "+", "=", "/", "§一", "实测", "CJK", "字", "0", "1", "9", "3.1", "16,200", "12,500", "\x01",
    "\u0130", "\u0131", "\u017f", "\u212a", "CHEN  SIYUAN", "chen\tsiyuan", "Jıayi Sun", "ToKen: ", "APIKEY=", "aRXiv:",
    "ARXİV:", "cred=", "凭据：", "Ada lovelace", "王Alex", "王alex", "/data/x", "PRJ-", "ORG-99999", "10.0.0.1",
    "8.8.8.8", "1.2.3.4/24",
    "字数：", "words 12", "xxy7", "3/4/5 件", "实测 9", "SUM = 4", "sum = 4", "cjk 12", "CJK 实测 ≈3,838",
    "实测 3 838", "3，838", "3\u2009838", "约 3 838",
    # (fix-29mdclaims) Markdown that shows a line otherwise than it is written
    "**", "__", "*", "_", "~~", "\\,", "<!--", "-->", "**3,838**", "~~3,900~~",
]

FIGURE_BITS = [
    "SGLang", "vLLM", "~16,200", "vs", "tok/s", "on H100", "（", "）", "(", ")", "3.1×", "faster", "p99 TTFT", "54.2s",
    "：", "；", "。", " ", "+", "、", "，", "8×H100", "DeepSeek V3", "with SGLang", "2× faster", "$400M", "latency",
    "12ms", "vs.", "x", "3x", "倍", "快 3 倍", "(vs", "s)", "——", " — ", ": ", ". ", "|", "`", "arXiv:2609.11582",
    "up to 7×", "3.8~5.2×", "吞吐", "\x01", "LMDeploy", "ONNX  Runtime", "比", "than", "约", "req/s", "GB",
    "构建", "load", "Loading", "lower cost", "memory", "throughput", "E2E latency", "准确率", "TPOT", "ITL", "请求率",
    "request rate", "BUILD", "İTL", "p50", "显存", "accuracy", "首字延迟",
    # (fix27b) ranges of a throughput or a latency, a baseline named by a pronoun in the sentence before
    "12,000~16,200", "54.2–58.9s", "1.2万~1.6万", "12k", "~", "–", "至", "to", "比它快 3 倍", "与之相比", "是它的", "it",
    # (fix27m) English saying a value moved: a change, no engine's level
    "down", "up", "drops by", "reduced by", "by", "cuts", "lower by", "down to",
]


def load_old(old_dir: Path, name: str):
    spec = importlib.util.spec_from_file_location(f"old_{name}", old_dir / f"old_{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_literals() -> list[str]:
    out = []
    for name in TESTS:
        path = ROOT / "tests" / name
        if path.exists():
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Constant) and isinstance(node.value, str):
                    out.extend(node.value.split("\n"))
    return out


def edited(line: str, rng: random.Random) -> str:
    for _ in range(rng.randint(1, 4)):
        pos = rng.randint(0, len(line))
        op = rng.random()
        if op < 0.4:
            line = line[:pos] + rng.choice(TRICKY) + line[pos:]
        elif op < 0.7:
            line = line[:pos] + line[pos + rng.randint(1, 3):]
        elif op < 0.85 and line:
            a = rng.randint(0, len(line))
            line = line[:pos] + line[a:a + rng.randint(1, 30)] + line[pos:]
        else:
            line = line[:pos] + chr(rng.choice([rng.randint(32, 126), rng.randint(0x3000, 0x9fff),
                                                 rng.randint(0x80, 0x3ff)])) + line[pos:]
    return line


# Phrasings figures_in_line reads since the figpct branch besides percentage changes: a line holding one may differ
# ("分别" lists, "1.2M tok/s", "vLLM 900K tok/s": a value in K or M is no name)
_NEW_PHRASING = re.compile(r"分别|\d[KM](?![A-Za-z0-9])")
new_phrasing: list[str] = []
# Since the fix27b branch: a range of a throughput or a latency is one value ("12,000~16,200 tok/s", "54.2–58.9s"),
# and a pronoun names the one engine of the sentence before ("vLLM 12,500 tok/s。LMDeploy 比它快 3 倍"): a line with a
# range's separator between two numbers, or with 它/之 after a sentence end, may differ (listed apart)
_RANGE_PHRASING = re.compile(r"\d[kKM万亿]?[ \t]?(?:[~～–—至]|to)[ \t]?\d")
_PRONOUN_PHRASING = re.compile(r"[。！？!?].*[它之]")
new_ranges: list[str] = []
new_pronouns: list[str] = []
# Since the fix27i branch: a bare id followed by a unit or after a version word is a figure or a version, no citation
not_ids: list[str] = []
# Since the fix27m branch: a value after English saying it moved ("latency down 8 ms", "drops by 8 ms", "cuts p99
# latency by 20 ms") is a change, no engine's level: a line whose new one-value groups are the old ones less some
# is listed apart
moved: list[str] = []
# Since the fix-29refqa branch: a word after "arXiv:" is no id, and a month-13/00 id in a list of ids is cited
names_or_listed: list[str] = []
# Since the fix-29mdrefs branch: "\|" is a pipe in a cell's text, no cell border
escaped_pipes: list[str] = []
# Since the fix-29mdclaims branch: a line is read as Markdown shows it (shown_text)
shown_otherwise: list[str] = []


def _only_read_as_shown(name: str, line: str, old_fn, new_result) -> bool:
    """Whether the new claims are the old claims_in_line's on the line as Markdown shows it, put back on the line as
    written (claims._as_written); or, for open_end, the line ends with a figure in emphasis, which it now keeps."""
    if name.startswith("open_end"):
        end = line.rstrip()
        return new_result == end and end[-1:] in ("*", "_") and end.rstrip("*_")[-1:].isdigit()
    shown = as_shown(line)
    return shown is not None and repr(claims._as_written(shown, old_fn(shown.text))) == repr(new_result)


def _only_names_or_listed_ids(line: str, old_result: tuple, new_result: tuple) -> bool:
    """Whether the new citations are the old ones less words after "arXiv:" (no references._ID_ATTEMPT), with the
    ids such a word hid ("arXiv: arXiv:2609.11582"), and with impossible ids that start an item of a list of ids
    (references._one_of_an_id_list)."""
    words = [c for c in old_result if not c.raw[:1].isdigit() and "org/" not in c.raw and c.malformed
             and re.match("(?i)" + references._ID_ATTEMPT, c.id) is None]
    olds = [c for c in old_result if c not in words]
    spans = [(c.column, c.column + len(c.raw)) for c in words]
    news = [c for c in new_result if not any(a <= c.column < b for a, b in spans) and not (
        c.raw[:1].isdigit() and c.malformed and "month" in c.malformed
        and references._one_of_an_id_list(line, c.column - 1, c.column - 1 + len(c.raw)))]
    return len(olds) == len(news) and all(repr(a) == repr(b) for a, b in zip(olds, news))


def _only_moved_dropped(line: str, old_result: tuple, new_result: tuple) -> bool:
    """Whether the new figures are the old ones, in order, less one-value groups, on a line with a word saying a
    value moved (figures._MOVED_WORD)."""
    if figures._MOVED_WORD.search(line) is None:
        return False
    kept = list(new_result)
    for g in old_result:
        if kept and repr(kept[0]) == repr(g):
            kept.pop(0)
        elif g.kind != "value":
            return False
    return not kept


def _only_figures_dropped(line: str, old_result: tuple, new_result: tuple) -> bool:
    """Whether the new citations are the old ones less bare ids that references._figure_or_version calls a figure
    or a version."""
    kept = list(new_result)
    for c in old_result:
        if kept and repr(kept[0]) == repr(c):  # (the old copy's class is not the new one)
            kept.pop(0)
        elif not (c.raw[:1].isdigit()
                  and references._figure_or_version(line, c.column - 1, c.column - 1 + len(c.raw))):
            return False
    return not kept


def main() -> None:
    args = sys.argv[1:]
    only = ("figures", "privacy", "references", "claims")
    if "--only" in args:
        k = args.index("--only")
        only = tuple(args[k + 1].split(","))
        del args[k:k + 2]
    old_dir = Path(args[0])
    n_random = int(args[1]) if len(args) > 1 else 20000
    old = {name: load_old(old_dir, name) if name in only else None
           for name in ("figures", "privacy", "references", "claims")}
    pack = house_pack()
    cfgs = [privacy.PrivacyConfig.from_dict(pack.privacy, pack.base_dir), privacy.PrivacyConfig.from_dict({
        "names": ["Ada Lovelace", "李雷", "bob", "王Alex"], "org_patterns": [r"(?<![A-Za-z0-9])(?:PRJ|INT|ORG)-\d{3,}"],
        "path_patterns": [r"/data/[a-z]+"], "allow_ips": ["10.0.0.0/8"], "secret_keywords": ["cred", "凭据"],
        "secret_min_length": 6, "secret_min_entropy": 2.5, "allow_patterns": [r"sk-test.*"],
    }, None), privacy.PrivacyConfig.from_dict({"dimensions": ["ip", "path"]}, None)]
    old_privacy = old["privacy"] or privacy
    old_cfgs = [old_privacy.PrivacyConfig(**{f: getattr(c, f) for f in (
        "names", "org_patterns", "path_patterns", "allow_ips", "secret_keywords", "secret_min_length",
        "secret_min_entropy", "allow_patterns", "dimensions")}) for c in cfgs]
    new_rx = claims.compile_patterns(pack.claim_patterns)
    old_claims = old["claims"] or claims
    old_rx = old_claims.compile_patterns(pack.claim_patterns)
    odd = [ClaimPattern("cjk", p) for p in (
        r"(?i)cjk\s*(?P<value>\d+)", r"(?:字数|words?)\s*[:：]?\s*(?P<value>\d+)", r"x+y(?P<value>\d+)",
        r"(?P<values>\d+(?:/\d+)+)\s*件", r"[实测]+\s*(?P<value>\d+)", r"(?<=CJK)\s*(?P<value>\d[\d,]*)",
        r"(?x) SUM \s* = \s* (?P<value>\d+)", r"实测\s*(?P<value>\d+),838")]  # (a literal with a comma: "3 838" read)
    new_odd, old_odd = claims.compile_patterns(odd), old_claims.compile_patterns(odd)
    # split_claims.open_end reads the same plan: old_split_claims.py (importing from old_claims) when OLD_DIR has it
    old_split = split_claims
    if old["claims"] is not None and (old_dir / "old_split_claims.py").exists():
        old_split = load_old(old_dir, "split_claims")
    old_figures, old_references = old["figures"] or figures, old["references"] or references
    def figures_without_baseline(line: str) -> tuple:
        """The new figures_in_line with the baselines it reads blanked (the only field it may add), less the
        percentage changes (kind "change", new with the figpct branch: an old copy reads none)."""
        found = figures.figures_in_line(line)
        if any(g.kind == "change" for g in found):
            with_change[0] += 1
            found = tuple(g for g in found if g.kind != "change")
        if any(g.baseline for g in found):
            with_baseline[0] += 1
            return tuple(replace(g, baseline="") if g.baseline else g for g in found)
        return found

    def old_figures_without_baseline(line: str) -> tuple:
        """The old figures_in_line, its baselines blanked too (an old copy from before figbase reads none)."""
        return tuple(replace(g, baseline="") if g.baseline else g for g in old_figures.figures_in_line(line))

    with_baseline, with_change = [0], [0]
    pairs = [("figures_in_line", old_figures_without_baseline, figures_without_baseline),
             ("citations_in_line", old_references.citations_in_line, references.citations_in_line),
             ("claims_in_line", lambda t: old_claims.claims_in_line(t, old_rx, pack.sum_metric, pack.sum_context),
              lambda t: claims.claims_in_line(t, new_rx, pack.sum_metric, pack.sum_context)),
             ("claims_in_line[odd patterns]", lambda t: old_claims.claims_in_line(t, old_odd, "", ""),
              lambda t: claims.claims_in_line(t, new_odd, "", "")),
             ("open_end", lambda t: old_split.open_end(t, old_rx), lambda t: split_claims.open_end(t, new_rx)),
             ("open_end[odd patterns]", lambda t: old_split.open_end(t, old_odd),
              lambda t: split_claims.open_end(t, new_odd))]
    for i, (oc, nc) in enumerate(zip(old_cfgs, cfgs)):
        pairs.append((f"privacy_in_line[cfg {i}]", lambda t, oc=oc: old_privacy.privacy_in_line(t, oc),
                      lambda t, nc=nc: privacy.privacy_in_line(t, nc)))
    module_of = {"figures_in_line": "figures", "citations_in_line": "references", "claims_in_line": "claims",
                 "privacy_in_line": "privacy", "open_end": "claims"}
    pairs = [p for p in pairs if module_of[p[0].split("[")[0]] in only]
    checked = [0]
    nonempty = {name: 0 for name, _, _ in pairs}

    def check(line: str) -> None:
        checked[0] += 1
        for name, f_old, f_new in pairs:
            old_result = f_old(line)
            nonempty[name] += bool(old_result)
            new_result = f_new(line)
            a, b = repr(old_result), repr(new_result)
            if a != b:
                if name == "citations_in_line" and _only_figures_dropped(line, old_result, new_result):
                    not_ids.append(line)  # a figure or a version now, no citation: listed, not a mismatch
                    if len(not_ids) <= 5:
                        print(f"differs on a figure or a version: {line!r}\n  old: {a}\n  new: {b}")
                    continue
                if name == "citations_in_line" and _only_names_or_listed_ids(line, old_result, new_result):
                    names_or_listed.append(line)  # a word, no id; an impossible id in a list: listed
                    if len(names_or_listed) <= 5:
                        print(f"differs on a word after arXiv: or a listed impossible id: {line!r}\n  old: {a}\n"
                              f"  new: {b}")
                    continue
                if name == "citations_in_line" and "\\|" in line:
                    escaped_pipes.append(line)  # an escaped pipe no border now: listed, not a mismatch
                    if len(escaped_pipes) <= 5:
                        print(f"differs on an escaped pipe: {line!r}\n  old: {a}\n  new: {b}")
                    continue
                if name == "figures_in_line" and _only_moved_dropped(line, old_result, new_result):
                    moved.append(line)  # a change now, no engine's level: listed, not a mismatch
                    if len(moved) <= 5:
                        print(f"differs on a value that moved: {line!r}\n  old: {a}\n  new: {b}")
                    continue
                if (name.startswith(("claims_in_line", "open_end"))
                        and _only_read_as_shown(name, line, f_old, new_result)):
                    shown_otherwise.append(line)  # read as Markdown shows it: listed, not a mismatch
                    if len(shown_otherwise) <= 5:
                        print(f"differs on a line Markdown shows otherwise: {line!r}\n  old: {a}\n  new: {b}")
                    continue
                later = None if name != "figures_in_line" else new_ranges if _RANGE_PHRASING.search(line) else \
                    new_pronouns if _PRONOUN_PHRASING.search(line) else None
                if later is not None:
                    later.append(line)  # read now as it was not before: listed, not a mismatch
                    if len(later) <= 5:
                        print(f"differs on a {'range' if later is new_ranges else 'pronoun'}: {line!r}\n  old: {a}\n"
                              f"  new: {b}")
                    continue
                if name == "figures_in_line" and _NEW_PHRASING.search(line):
                    new_phrasing.append(line)  # read now as it was not before: listed, not a mismatch
                    if len(new_phrasing) <= 5:
                        print(f"differs on a new phrasing: {line!r}\n  old: {a}\n  new: {b}")
                    continue
                print(f"MISMATCH in {name} on {line!r}\n  old: {a}\n  new: {b}")
                sys.exit(1)

    sample_lines = SAMPLE.split("\n")
    for line in sample_lines + [f"{line} ‹{i}›" for i, line in enumerate(sample_lines)] + test_literals():
        check(line)
    print(f"sample and test literals: {checked[0]} lines identical")
    rng = random.Random(20261202)
    for _ in range(n_random):
        check(edited(rng.choice(sample_lines), rng))
    print(f"+ randomly edited sample lines: {checked[0]} lines identical")
    for _ in range(n_random):  # figure-dense lines: engines, values, units, parentheses, separators
        check("".join(rng.choice(FIGURE_BITS) + rng.choice(("", " ")) for _ in range(rng.randint(1, 25))))
    print(f"+ random figure-dense lines: {checked[0]} lines identical")
    fragments = sorted({w for line in sample_lines for w in line.split(" ") if w} | set(TRICKY))
    piece = st.one_of(st.sampled_from(fragments), st.sampled_from(TRICKY), st.text(max_size=3))

    @settings(max_examples=max(500, n_random // 4), database=None, deadline=None,
              suppress_health_check=list(HealthCheck))
    @given(st.lists(piece, max_size=40).map("".join) | st.text(max_size=80))
    def generated(line: str) -> None:
        check(line)

    generated()
    print(f"+ hypothesis-generated lines: {checked[0]} lines identical in all {len(pairs)} extractors")
    print("lines with a non-empty result: " + ", ".join(f"{name} {n}" for name, n in nonempty.items()))
    print(f"lines where a speed-up's baseline was read (blanked before comparing): {with_baseline[0]}")
    print(f"lines where a percentage change was read (left out before comparing): {with_change[0]}")
    print(f"lines that differ, each on a new phrasing (分别 lists, values in K or M): {len(new_phrasing)}")
    print(f"lines that differ, each holding a range ({len(new_ranges)}) or a pronoun after a sentence end "
          f"({len(new_pronouns)})")
    print(f"lines that differ, a bare id there a figure followed by its unit or a version: {len(not_ids)}")
    print(f"lines that differ, a word after arXiv: no id or an impossible id in a list of ids cited: "
          f"{len(names_or_listed)}")
    print(f"lines that differ, a value after English saying it moved (down, drops by…) no engine's: {len(moved)}")
    print(f"lines that differ, holding an escaped pipe (a pipe in a cell's text, no border): {len(escaped_pipes)}")
    print(f"lines that differ, read as Markdown shows them (emphasis, code, comments, escapes): {len(shown_otherwise)}")
    if "privacy" in only:
        check_privacy_documents(old_privacy, old_cfgs, cfgs, sample_lines, rng, n_random // 10)


# Lines that the whole-text first look of privacy_in_lines has to tell apart: IP addresses, versions, secret keywords
# with and without a separator after them (Unicode spaces between), links with a password, "@" in many lines.
PRIVACY_LINES = [
    "token: a8F3kq9ZpL2mX7", "api_key = 'Zk8f7G2hQ9xLm3Np'", "Key\u3000：Zk8f7G2hQ9xLm3Np", "token\u00a0= Zk8f7G2hQ9xLm3N",
    "token 数量：128", "monkey: x9Y8z7W6v5", "key stuff, monkey: 1", "password=hunter2x", "pwd：s3cr3tP@ss",
    "token\u2009:\u2009Q2w3E4r5T6y7U8i9", "authorization: Bearer abcDEF123456ghiJKL", "key\t=\tABCdef123456789",
    "the key：AbC123dEf456GhI，", "keyz: AbC123dEf456GhI", "secret_key: \"AbC123dEf456GhI\"", "10.3.0.26 版本",
    "服务器 8.8.8.8 与 1.2.3.4/24", "fe80::1 地址", "2001:db8:85a3:0:0:8a2e:370:7334", "a:b:c:d:e:f:g:h",
    "host 192.168.1.1:8080", "见 https://admin:s3cretPW@git.example.com/x", "mail me @ home", "a@b", "@@@ ://", "令牌 xx",
]


def check_privacy_documents(old_privacy, old_cfgs, cfgs, sample_lines: list[str], rng: random.Random, n: int) -> None:
    """privacy_in_lines (the whole-text first look, then line by line or by runs) on documents: the sample, the
    sample x20 made unique, and n random ones of sample lines, edited ones, test literals and PRIVACY_LINES."""
    literals = [t for t in test_literals() if "\n" not in t]
    docs = [sample_lines, [f"{line} ‹{i}›" for i in range(20) for line in sample_lines]]
    for _ in range(n):
        size = rng.choice([1, 4, 5, 31, 33, 113, 300])
        pick = (lambda: rng.choice(sample_lines), lambda: edited(rng.choice(sample_lines), rng),
                lambda: rng.choice(literals), lambda: rng.choice(PRIVACY_LINES),
                lambda: edited(rng.choice(PRIVACY_LINES), rng))
        weights = rng.choice([(6, 1, 1, 1, 1), (10, 0, 0, 1, 0), (1, 1, 1, 1, 1)])
        docs.append([rng.choices(pick, weights)[0]() for _ in range(size)])
    with_hits = 0
    for doc in docs:
        for oc, nc in zip(old_cfgs, cfgs):
            a, b = repr(old_privacy.privacy_in_lines(doc, oc)), repr(privacy.privacy_in_lines(doc, nc))
            with_hits += a != repr([()] * len(doc))
            if a != b:
                print(f"MISMATCH in privacy_in_lines on a document of {len(doc)} lines:\n{doc!r}\n  old: {a}\n  new: {b}")
                sys.exit(1)
    print(f"+ privacy_in_lines: {len(docs)} documents identical with each config ({with_hits} results with a hit)")


if __name__ == "__main__":
    main()
