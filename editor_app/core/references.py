"""Find the arXiv papers a survey cites, line by line, with the name, date and category it states for each.

`citations_in_line` looks at one line only (callers memoise it per line text); `assemble_references` merges
the lines into one `Reference` per paper and judges each id locally (malformed / impossible, never sent).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date

from .arxiv_ids import OLD_ARCHIVES, ArxivId, explain_malformed, parse_arxiv_id, problem_with
from .model import Occurrence, Reference


@dataclass(frozen=True)
class RawCitation:
    """One place a line cites an arXiv paper, and what the line says about it."""

    column: int  # 1-based, where `raw` starts
    raw: str  # as written: "arXiv:2609.11582v1", "2607.26627", "hep-th/9901001"
    id: str  # canonical id without version, or the text after "arXiv:" when it is not an id
    version: str | None = None  # "v1" when the line states one
    name: str | None = None  # the survey's name for the paper: "OmniKVQuant", "Φ-Bench"
    stated_date: str | None = None  # "2026-09-10" or "2026-05"
    stated_category: str | None = None  # "cs.CV"
    malformed: str | None = None  # why this is not a possible id (date-independent), else None


# Latin (with accents) and Greek letters: the scripts paper names are written in.
_L = "A-Za-z\u00c0-\u024f\u0370-\u03ff"
_WORD = rf"[{_L}][{_L}0-9\-+&'.]*"  # a name word starts with a letter
_NEXT = rf"[{_L}0-9][{_L}0-9\-+&'.]*"  # later words may start with a digit ("Llama 3")
_LATIN_NAME = rf"{_WORD}(?: {_NEXT}){{0,19}}"
_CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"

_PREFIXED_SRC = (
    r"(?<![A-Za-z])(?i:arxiv\s*[:：]\s*|arxiv\.org/(?:abs|pdf)/)"
    r"(?P<ptoken>[A-Za-z0-9][A-Za-z0-9.\-/]*)"
    r"(?:[ ](?P<spaced_version>v[1-9]\d*)(?![A-Za-z0-9.]))?"
)
_OLD_SRC = r"(?<![A-Za-z0-9./\-])(?P<otoken>[a-z]+(?:-[a-z]+)?(?:\.[A-Za-z]{2})?/\d{7}(?:v[1-9]\d*)?)(?![A-Za-z0-9/])"
_NEW_SRC = r"(?<![A-Za-z0-9./:\-_$#@])(?P<ntoken>\d{4}\.\d{4,5}(?:v[1-9]\d*)?)(?![A-Za-z0-9_]|\.\d|[\-/]\d)"
_PREFIXED = re.compile(_PREFIXED_SRC)
_OLD = re.compile(_OLD_SRC)
_NEW_BARE = re.compile(_NEW_SRC)
_OLD_SLASH = re.compile(r"/\d{7}")  # every old-style id holds this
_NEW_DOT = re.compile(r"\.\d{4}")  # every new-style id holds this, four digits after its start

_NAME_WINDOW = 200  # a name before a citation is never longer than this
_OPEN = "（("
_CLOSE = "）)"
_LIST_BEFORE = set("：:/、，,;；-*•·|=+#")
_LIST_MARKERS = ("★", "☆", "/", "|", "；", ";", "，", ",", "。", "·")
_NOT_NAMES = {
    "html", "pdf", "abs", "abstract", "table", "figure", "fig", "section", "appendix", "page", "pages",
    "github", "code", "paper", "preprint", "vs", "and", "or", "see", "cf", "also", "via", "in", "on", "of",
    "the", "a", "an", "et", "al", "with", "from", "by", "to", "at", "is", "are", "was", "for", "which",
    "that", "this", "we", "it", "shows", "show", "has", "have", "reports", "proposes", "e.g.", "i.e.",
}
_STOP_BEFORE = {
    "see", "cf", "cf.", "the", "by", "in", "of", "from", "and", "with", "as", "also", "et", "al", "al.",
    "e.g.", "i.e.", "vs", "vs.", "on", "to", "for", "a", "an", "is", "are", "at",
}
_DATE = re.compile(r"(?<!\d)((?:19|20)\d{2})-(0[1-9]|1[0-2])(?:-(0[1-9]|[12]\d|3[01]))?(?!\d)")
_CATEGORY = re.compile(
    r"(?<![A-Za-z.\-])((?:cs|math|stat|eess|econ|q-bio|q-fin|astro-ph|cond-mat|physics|nlin)\.[A-Za-z][A-Za-z\-]*"
    r"|hep-th|hep-ph|hep-ex|hep-lat|gr-qc|quant-ph|math-ph|nucl-th|nucl-ex)(?![A-Za-z])"
)
_META_VERSION = re.compile(r"(?<![A-Za-z0-9.])(v[1-9]\d*)(?![A-Za-z0-9.])")
_NAME_BEFORE_PAREN = re.compile(rf"(?:(?<=[^{_L}0-9\-+&'.])|^)(?P<name>{_LATIN_NAME}) ?[（(]\s*$")
_CJK_BEFORE_PAREN = re.compile(rf"(?:(?<=[\s：:/、，,|=+#（(])|^)(?P<name>[{_CJK}]{{2,12}})[（(]\s*$")
_WORD_BEFORE = re.compile(rf"(?:(?<=[^{_L}0-9\-+&'.])|^)(?P<name>{_WORD}) $")
_LATIN_AFTER = re.compile(rf" (?P<name>{_LATIN_NAME})(?P<rest>.*)$")
_CJK_AFTER = re.compile(rf" ?(?P<name>[{_CJK}]{{2,12}})(?P<rest>.*)$")
_ARXIV_BEFORE = re.compile(r"arxiv(?:\s*id)?\s*[:：]?\s*$", re.IGNORECASE)
_YEAR = re.compile(r"(?<!\d)(19|20)\d{2}(?!\d)")
_CJK_CHAR = re.compile(f"[{_CJK}]")
_NAME_CHAR = re.compile(rf"[{_L}0-9]")
_ID_FACTS: dict[str, tuple[ArxivId | None, str | None]] = {}  # token -> (parsed id, why it cannot be one)
_ID_FACTS_LIMIT = 50_000


def _id_facts(token: str) -> tuple[ArxivId | None, str | None]:
    """`parse_arxiv_id` and its date-independent problem for a token, memoised (ids repeat across lines)."""
    facts = _ID_FACTS.get(token)
    if facts is None:
        if len(_ID_FACTS) >= _ID_FACTS_LIMIT:
            _ID_FACTS.clear()
        aid = parse_arxiv_id(token)
        facts = _ID_FACTS[token] = (aid, explain_malformed(token) if aid is None else problem_with(aid, date.max))
    return facts


def citations_in_line(text: str) -> tuple[RawCitation, ...]:
    """Every arXiv citation on one line, left to right. Pure: depends on `text` only."""
    if "." not in text and "/" not in text:
        return ()
    found: list[tuple[int, int, str, str | None]] = []  # (start, end, token, spaced version)
    for m in _id_matches(text):
        form = m.re
        if form is _PREFIXED:
            token = m["ptoken"].rstrip(".-/")
            end = m.start("ptoken") + len(token) if not m["spaced_version"] else m.end()
            found.append((m.start(), end, token, m["spaced_version"]))
        elif form is _OLD:
            if m["otoken"].split("/")[0].split(".")[0] in OLD_ARCHIVES:
                found.append((m.start(), m.end(), m["otoken"], None))
        elif _bare_in_citation_context(text, m.start(), m.end()) and 1 <= int(m["ntoken"][2:4]) <= 12:
            found.append((m.start(), m.end(), m["ntoken"], None))
    found.sort()
    return tuple(_describe(text, s, e, token, spaced) for s, e, token, spaced in found)


def _next_prefixed(text: str, lower: str | None, pos: int) -> re.Match[str] | None:
    """The first "arXiv:…" form at or after pos; it starts where the lowered text holds "arx"."""
    if lower is None:  # lowering changed the length: offsets differ, scan the text itself
        return _PREFIXED.search(text, pos)
    at = lower.find("arx", pos)
    while at >= 0:
        m = _PREFIXED.match(text, at)
        if m:
            return m
        at = lower.find("arx", at + 1)
    return None


def _next_new(text: str, pos: int) -> re.Match[str] | None:
    """The first bare YYMM.NNNNN at or after pos: only four characters before a "." with four digits after."""
    for dot in _NEW_DOT.finditer(text, pos + 4):
        m = _NEW_BARE.match(text, dot.start() - 4)
        if m:
            return m
    return None


def _id_matches(text: str) -> list[re.Match[str]]:
    """What one scan with the three id forms as alternatives (prefixed | old | new) finds, left to right.

    Each form is looked for only where it can be (cheap substring and literal-led looks first); where two
    start at the same place the earlier form wins, as in an alternation.
    """
    lower: str | None = None
    may_prefix = False
    if "rx" in text or "rX" in text or "Rx" in text or "RX" in text:  # r and x have no other case forms
        lower = text.lower()
        may_prefix = "arx" in lower
        if len(lower) != len(text):
            lower = None
    may_old = "/" in text and _OLD_SLASH.search(text) is not None
    may_new = "." in text and _NEW_DOT.search(text) is not None
    if not (may_prefix or may_old or may_new):
        return []
    finders = []
    if may_prefix:
        finders.append(lambda pos: _next_prefixed(text, lower, pos))
    if may_old:
        finders.append(lambda pos: _OLD.search(text, pos))
    if may_new:
        finders.append(lambda pos: _next_new(text, pos))
    found: list[re.Match[str]] = []
    pending: list[re.Match[str] | None] = [finder(0) for finder in finders]
    pos = 0
    while True:
        best = None
        for k, m in enumerate(pending):
            if m is not None and m.start() < pos:
                m = pending[k] = finders[k](pos)
            if m is not None and (best is None or m.start() < best.start()):
                best = m
        if best is None:
            return found
        found.append(best)
        pos = best.end()


def _bare_in_citation_context(text: str, s: int, e: int) -> bool:
    """A bare YYMM.NNNNN counts only in a table cell, in parentheses, in a list, or after the word arXiv."""
    before = text[:s].rstrip()
    after = text[e:]
    prev = before[-1:] if before else ""
    nxt = after.lstrip()[:1]
    if prev in _OPEN or (nxt and nxt in _CLOSE):
        return True
    if prev == "|" and nxt == "|":
        return True
    if _ARXIV_BEFORE.search(text[max(0, s - 16) : s]):
        return True
    if (not before or prev in _LIST_BEFORE) and after.startswith(" ") and after[1:2] and not after[1].isdigit():
        return after[1] not in "+-×x*/=<>~%" and not after[1].isspace()
    return False


def _describe(text: str, s: int, e: int, token: str, spaced_version: str | None) -> RawCitation:
    raw = text[s:e]
    aid, problem = _id_facts(token)
    if aid is None:
        return RawCitation(s + 1, raw, token, malformed=problem)
    version = aid.version or spaced_version
    name, meta = _name_and_metadata(text, s, e)
    if version is None and meta:
        mv = _META_VERSION.search(_strip_ids(meta))
        version = mv.group(1) if mv else None
    stated_date = stated_category = None
    if meta:
        plain = _strip_ids(meta)
        d = _DATE.search(plain)
        stated_date = d.group(0) if d else None
        c = _CATEGORY.search(plain)
        stated_category = c.group(1) if c else None
    return RawCitation(
        s + 1, raw, aid.base, version, name, stated_date, stated_category, problem
    )


def _strip_ids(meta: str) -> str:
    return _NEW_BARE.sub(" ", _PREFIXED.sub(" ", meta))


def _paren_content(text: str, start: int) -> str:
    """Text from `start` up to the closing parenthesis of the group that is open at `start`."""
    depth = 0
    for i in range(start, len(text)):
        ch = text[i]
        if ch in _OPEN:
            depth += 1
        elif ch in _CLOSE:
            if depth == 0:
                return text[start:i]
            depth -= 1
    return text[start:]


def _looks_like_metadata(content: str) -> bool:
    plain = _strip_ids(content)
    return bool(_DATE.search(plain) or _CATEGORY.search(plain) or _YEAR.search(plain))


def _name_and_metadata(text: str, s: int, e: int) -> tuple[str | None, str | None]:
    """The name the line gives the paper cited at text[s:e], and the parenthesised facts stated with it."""
    before, after = text[max(0, s - _NAME_WINDOW) : s], text[e:]
    meta: str | None = None
    name: str | None = None
    inside_paren = bool(before.rstrip()) and before.rstrip()[-1] in _OPEN
    # 1. NAME（arXiv:ID，facts）  or  NAME（ID）
    if inside_paren:
        meta = _paren_content(text, e)
        m = _NAME_BEFORE_PAREN.search(before, _name_run_start(before))
        if m:
            name = _namelike(_trim_leading_stopwords(m["name"]))
        else:
            m = _CJK_BEFORE_PAREN.search(before, max(0, len(before.rstrip()) - 13))
            name = m["name"] if m else None
        return name, meta
    # 2. arXiv:ID（facts）
    if after[:1] in _OPEN:
        return None, _paren_content(text, e + 1)
    # 3. table cell: | ID | NAME |
    stripped_before = before.rstrip()
    if stripped_before.endswith("|") and after.lstrip().startswith("|"):
        cell = after.lstrip()[1:].split("|", 1)[0].strip()
        if 0 < len(cell) <= 30 and not cell[0].isdigit() and "arxiv" not in cell.lower() and cell[0] not in "★☆-—":
            if not _CATEGORY.fullmatch(cell) and (_namelike(cell) or _CJK_CHAR.search(cell)):
                return cell, None
        return None, None
    # 4. arXiv:ID NAME（facts） / ID NAME ★★ / arXiv:ID NAME + ...
    m = _LATIN_AFTER.match(after)
    if m and m["name"].split(" ")[0].lower().rstrip(".") not in _NOT_NAMES:
        rest = m["rest"]
        if not rest or rest[0] in _OPEN or rest[0] in "：:，,。;；|" or (
            rest[0] == " " and (not rest[1:2] or not _NAME_CHAR.match(rest[1:2]))
        ):
            name = _namelike(_trim_trailing_non_names(m["name"]))
            if rest[:1] in _OPEN and _looks_like_metadata(_paren_content(text, len(text) - len(rest) + 1)):
                meta = _paren_content(text, len(text) - len(rest) + 1)
    else:
        m = _CJK_AFTER.match(after)
        if m:
            rest = m["rest"]
            if rest[:1] in _OPEN:
                content = _paren_content(text, len(text) - len(rest) + 1)
                if _looks_like_metadata(content):
                    name, meta = m["name"], content
            elif not rest.strip() or rest.lstrip()[:1] in _LIST_MARKERS:
                name = m["name"] if after.startswith(" ") else None
    # 5. NAME arXiv:ID (a single word right before, for the prefixed form)
    if name is None and text[s:e].lower().startswith("arxiv"):
        m = _WORD_BEFORE.search(before, _word_start(before)) if before.endswith((" ", " \n")) else None
        if m and m["name"].lower() not in _STOP_BEFORE and m["name"].lower() not in _NOT_NAMES:
            name = _namelike(m["name"])
    return name, meta


_NAME_RUN_BACK = re.compile(rf"[{_L}0-9\-+&'. ]*")  # matched on reversed text: a name's characters, spaces
_WORD_RUN_BACK = re.compile(rf"[{_L}0-9\-+&'.]*")


def _name_run_start(before: str) -> int:
    """Where a "NAME（" at the end of `before` can start at the earliest: a regex search from there finds what a
    search from 0 would (the name is made of these characters only), without trying every earlier position."""
    paren = len(before.rstrip()) - 1
    if paren <= 0:
        return 0
    return paren - _NAME_RUN_BACK.match(before[paren - 1::-1]).end()


def _word_start(before: str) -> int:
    """Where a "WORD " at the end of `before` (before a final newline, as `$` allows) can start at the earliest."""
    end = len(before) - (2 if before.endswith("\n") else 1)
    if end <= 0:
        return 0
    return end - _WORD_RUN_BACK.match(before[end - 1::-1]).end()


def _namelike(name: str | None) -> str | None:
    """Paper names are capitalised somewhere ("OmniKVQuant", "vLLM", "Φ-Bench"); prose words ("introduces") aren't."""
    if not name:
        return None
    first = name.split(" ")[0]
    return name if any(ch.isupper() or ch.isdigit() or not ch.isascii() for ch in first if ch.isalnum()) else None


def _trim_leading_stopwords(name: str) -> str | None:
    words = name.split(" ")
    cut = max((i + 1 for i, w in enumerate(words) if w.lower() in _STOP_BEFORE), default=0)
    rest = " ".join(words[cut:])
    return rest or None


def _trim_trailing_non_names(name: str) -> str | None:
    words = name.split(" ")
    while words and words[-1].lower() in _NOT_NAMES:
        words.pop()
    return " ".join(words) or None


def assemble_references(
    per_line: Iterable[tuple[int, tuple[RawCitation, ...]]], today: date
) -> list[Reference]:
    """One Reference per distinct paper, in order of first appearance, judged locally against `today`."""
    refs: dict[str, Reference] = {}
    names: dict[str, Counter[str]] = {}
    first_seen: dict[str, dict[str, int]] = {}
    for line, citations in per_line:
        for c in citations:
            ref = refs.get(c.id)
            if ref is None:
                ref = refs[c.id] = Reference(id=c.id, version=None, lines=[])
                names[c.id] = Counter()
                first_seen[c.id] = {}
                _judge_locally(ref, c, today)
            if not ref.lines or ref.lines[-1] != line:  # lines arrive in increasing order
                ref.lines.append(line)
            ref.occurrences.append(Occurrence(line, c.column, c.raw))
            if c.version and c.version not in ref.versions:
                ref.versions.append(c.version)
            if c.name:
                names[c.id][c.name] += 1
                first_seen[c.id].setdefault(c.name, len(first_seen[c.id]))
            if ref.stated_date is None and c.stated_date:
                ref.stated_date = c.stated_date
            if ref.stated_category is None and c.stated_category:
                ref.stated_category = c.stated_category
    for key, ref in refs.items():
        ref.lines.sort()
        ref.versions.sort(key=lambda v: int(v[1:]))
        ref.version = ref.versions[-1] if ref.versions else None
        order = sorted(names[key], key=lambda n: (-names[key][n], first_seen[key][n]))
        ref.names = order
        ref.name = order[0] if order else None
    return list(refs.values())


def _judge_locally(ref: Reference, c: RawCitation, today: date) -> None:
    aid = parse_arxiv_id(c.id)
    if aid is None:
        ref.status, ref.problem = "malformed", c.malformed or explain_malformed(c.id)
        return
    problem = problem_with(aid, today)
    if problem:
        ref.status, ref.problem = "impossible id", problem
