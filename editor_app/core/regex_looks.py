"""First looks for pack regexes: literals a line must contain before the regex can match, read from the regex.

A substring test (`in`) costs a fraction of a regex scan that has to try every position, so per-line scans of
pack-supplied patterns (privacy org/path patterns, claim patterns) test `first_look(p)` first. The look is
only ever a necessary condition: a line that passes still goes through the regex, which alone decides.
"""

from __future__ import annotations

import re
from typing import Any, Iterable

try:  # Python 3.11+
    import re._constants as _sre_c  # type: ignore[import-not-found]
    import re._parser as _sre_parse  # type: ignore[import-not-found]
except ImportError:  # pragma: no cover - older Pythons name them sre_*
    import sre_constants as _sre_c  # type: ignore[no-redef]
    import sre_parse as _sre_parse  # type: ignore[no-redef]

_ZERO_WIDTH = (_sre_c.AT, _sre_c.ASSERT, _sre_c.ASSERT_NOT)


def literal_starts(items: list[Any]) -> list[str] | None:
    """Strings one of which starts every match of a parsed regex (after zero-width looks); None when unknown."""
    i = 0
    while i < len(items) and items[i][0] in _ZERO_WIDTH:
        i += 1
    if i == len(items):
        return None
    op, av = items[i]
    if op is _sre_c.LITERAL:
        lit = [chr(av)]
        for op2, av2 in items[i + 1:]:
            if op2 is not _sre_c.LITERAL:
                break
            lit.append(chr(av2))
        return ["".join(lit)]
    if op is _sre_c.BRANCH:
        out: list[str] = []
        for branch in av[1]:
            starts = literal_starts(list(branch))
            if not starts:
                return None
            out.extend(starts)
        return out
    if op is _sre_c.SUBPATTERN:
        _group, add_flags, _del_flags, sub = av
        return None if add_flags & re.IGNORECASE else literal_starts(list(sub))
    if op is _sre_c.IN:
        return [chr(a) for o, a in av] if av and all(o is _sre_c.LITERAL for o, _ in av) else None
    if op in (_sre_c.MAX_REPEAT, _sre_c.MIN_REPEAT) and av[0] >= 1:
        return literal_starts(list(av[2]))
    return None


def required_literals(items: list[Any]) -> list[str]:
    """The runs of plain characters in the regex's top-level sequence: every match holds all of them."""
    runs, run = [], []
    for op, av in items:
        if op is _sre_c.LITERAL:
            run.append(chr(av))
        elif run:
            runs.append("".join(run))
            run = []
    if run:
        runs.append("".join(run))
    return runs


def longest_required_literal(items: list[Any]) -> str:
    """The longest run of plain characters in the regex's top-level sequence: every match holds it."""
    return max(required_literals(items), key=len, default="")


def first_look(pattern: re.Pattern[str]) -> tuple[str, ...] | None:
    """Literals one of which a line must contain for `pattern` to match in it; None when none is known."""
    if not isinstance(pattern, re.Pattern) or pattern.flags & re.IGNORECASE:
        return None
    try:
        items = list(_sre_parse.parse(pattern.pattern, pattern.flags).data)
    except Exception:  # an unusual pattern: no first look, the regex alone decides
        return None
    found = literal_starts(items)
    starts = tuple(dict.fromkeys(found)) if found and all(found) else None
    required = longest_required_literal(items)
    if required and (starts is None or len(required) > min(map(len, starts))):
        return (required,)
    return starts


def leading_literals(pattern: re.Pattern[str]) -> tuple[str, ...] | None:
    """Literals one of which starts every match of the pattern (after zero-width looks); None when unknown."""
    if not isinstance(pattern, re.Pattern) or pattern.flags & re.IGNORECASE:
        return None
    try:
        starts = literal_starts(list(_sre_parse.parse(pattern.pattern, pattern.flags).data))
    except Exception:  # an unusual pattern: no first look, the regex alone decides
        return None
    return tuple(dict.fromkeys(starts)) if starts and all(starts) else None


def all_required(pattern: re.Pattern[str]) -> tuple[str, ...]:
    """Every run of plain characters in the pattern's top-level sequence (a match holds all); () when unknown."""
    if not isinstance(pattern, re.Pattern) or pattern.flags & re.IGNORECASE:
        return ()
    try:
        return tuple(dict.fromkeys(required_literals(list(_sre_parse.parse(pattern.pattern, pattern.flags).data))))
    except Exception:  # an unusual pattern: no first look, the regex alone decides
        return ()


def holds_any(text: str, words: Iterable[str]) -> bool:
    """Whether the text holds one of the words: the test a first look (`first_look`'s literals) is made with."""
    for word in words:
        if word in text:
            return True
    return False


def whole_blocks(rx: re.Pattern[str]) -> bytes | None:
    """For a regex that is one character class made of whole blocks of 256 code points of the BMP (the surrogates
    apart), such as "[一-鿿]", the high bytes of those blocks; else None.

    Such a regex matches a character exactly when the high byte of its UTF-16 code unit is one of these, so its
    matches in a line can be counted in the line's UTF-16 bytes (analyze.py's `_block_counter`) with no match objects.
    """
    if rx.flags & re.IGNORECASE:
        return None
    try:
        items = list(_sre_parse.parse(rx.pattern, rx.flags).data)
    except Exception:  # an unusual pattern: counted by the regex
        return None
    if len(items) != 1:
        return None
    op, av = items[0]
    if op is _sre_c.LITERAL:
        ranges = [(av, av)]
    elif op is _sre_c.IN:
        ranges = []
        for o, a in av:
            if o is _sre_c.LITERAL:
                ranges.append((a, a))
            elif o is _sre_c.RANGE:
                ranges.append(a)
            else:  # a negated class, a category (\d, \w): not whole blocks
                return None
    else:
        return None
    kept: set[int] = set()
    for lo, hi in ranges:
        if lo % 256 or hi % 256 != 255 or hi > 0xFFFF:
            return None
        kept.update(range(lo >> 8, (hi >> 8) + 1))
    # (ranges may overlap or touch: their union is what counts, and a union of whole blocks is whole blocks)
    if kept & set(range(0xD8, 0xE0)):
        return None  # a character past the BMP is written as two code units with these high bytes
    return bytes(sorted(kept))


def any_word_regex(words) -> re.Pattern[str]:
    """A regex that finds whether any of the words occurs, as a trie (a shared first character is tried once).

    Only for a yes/no look: where one word starts another, the shorter one stands for both.
    """
    return re.compile(_trie(sorted(set(words))))


def _trie(words: list[str]) -> str:
    if "" in words:
        return ""
    groups: dict[str, list[str]] = {}
    for word in words:
        groups.setdefault(word[0], []).append(word[1:])
    alternatives = []
    for first, rests in groups.items():
        sub = _trie(rests)
        alternatives.append(re.escape(first) + (f"(?:{sub})" if "|" in sub else sub))
    return "|".join(alternatives)


_CLASS_ESCAPES = frozenset("dDsSwWbBAZ")  # two-character escapes that stand for no plain character


def as_words(src: str) -> str | None:
    """A pack pattern a user reads as the words it matches (`\\(1\\)\\s*机制` → `(1) 机制`): escaped punctuation as
    itself, `\\s*`/`\\s+` as a space; None when the pattern is more than words (a class, a group, `|`, `.`, a repeat),
    which is then shown as written."""
    out: list[str] = []
    i, n = 0, len(src)
    while i < n:
        ch = src[i]
        if ch == "\\":
            nxt = src[i + 1] if i + 1 < n else ""
            if nxt == "s":
                out.append(" ")
                i += 2
                if i < n and src[i] in "*+?":
                    i += 1
                continue
            if not nxt or nxt.isascii() and nxt.isalnum():
                return None
            out.append(nxt)
            i += 2
        elif ch in ".^$*+?{}[]()|":
            return None
        else:
            out.append(ch)
            i += 1
    words = " ".join("".join(out).split())
    return words or None


def plain_reading(pattern: re.Pattern[str]) -> tuple[tuple[str, ...], str] | None:
    """What a quick read of the regex source (no sre parse) shows: the runs of plain characters in its top-level
    sequence (every match holds all of them) and the source from the first such run on (a regex every match
    contains a match of, one that starts with a literal). None when the read is unsure (a top-level `|`,
    ignore-case or verbose flags, back-references, an escape it does not know): then nothing is known.
    """
    if not isinstance(pattern, re.Pattern) or not isinstance(pattern.pattern, str) or pattern.flags & (
            re.IGNORECASE | re.VERBOSE):
        return None
    src = pattern.pattern
    items: list[tuple[int, str]] = []  # (start in src, the plain character or "" for anything else)
    i, n = 0, len(src)
    while i < n:
        ch = src[i]
        if ch == "\\":
            if i + 1 >= n:
                return None
            nxt = src[i + 1]
            if nxt.isascii() and nxt.isalnum():
                if nxt not in _CLASS_ESCAPES:
                    return None  # \1 back-reference, \x41, \n ...: not worth following
                items.append((i, ""))
            else:
                items.append((i, nxt))
            i += 2
        elif ch == "[":
            j = _class_end(src, i)
            if j < 0:
                return None
            items.append((i, ""))
            i = j
        elif ch == "(":
            if src.startswith("(?P=", i) or src.startswith("(?(", i):
                return None
            j = _group_end(src, i)
            if j < 0:
                return None
            items.append((i, ""))
            i = j
        elif ch in "*+?{":
            if ch == "{":
                j = _repeat_end(src, i)
                if j < 0:  # a plain "{"
                    items.append((i, "{"))
                    i += 1
                    continue
            else:
                j = i + 1
            if not items:
                return None
            items[-1] = (items[-1][0], "")  # repeated or optional: no longer a plain character
            i = j + (1 if j < n and src[j] in "?+" else 0)  # lazy or possessive
        elif ch in "|)":
            return None
        elif ch in ".^$":
            items.append((i, ""))
            i += 1
        else:
            items.append((i, ch))
            i += 1
    runs: list[str] = []
    run: list[str] = []
    tail = ""
    for start, plain in items:
        if plain:
            if not run and not runs:
                tail = src[start:]
            run.append(plain)
        elif run:
            runs.append("".join(run))
            run = []
    if run:
        runs.append("".join(run))
    return tuple(dict.fromkeys(runs)), tail


def _class_end(src: str, i: int) -> int:
    """Index after the character class that starts at src[i] ("["), or -1."""
    j = i + 1
    if j < len(src) and src[j] == "^":
        j += 1
    if j < len(src) and src[j] == "]":
        j += 1
    while j < len(src) and src[j] != "]":
        j += 2 if src[j] == "\\" else 1
    return j + 1 if j < len(src) else -1


def _group_end(src: str, i: int) -> int:
    """Index after the group that starts at src[i] ("("), or -1."""
    depth, j = 0, i
    while j < len(src):
        ch = src[j]
        if ch == "\\":
            j += 2
            continue
        if ch == "[":
            j = _class_end(src, j)
            if j < 0:
                return -1
            continue
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                return j + 1
        j += 1
    return -1


def _repeat_end(src: str, i: int) -> int:
    """Index after a {m}, {m,}, {,n} or {m,n} repeat at src[i], or -1 when that "{" is a plain character."""
    j = src.find("}", i)
    if j < 0:
        return -1
    inside = src[i + 1 : j]
    lo, comma, hi = inside.partition(",")
    if not inside or not (lo == "" or lo.isascii() and lo.isdigit()) or not (hi == "" or hi.isascii() and hi.isdigit()):
        return -1
    if not comma and not lo:
        return -1
    return j + 1


def longest_first(word: str) -> tuple[int, str]:
    """Sort key for the words of an alternation: longer first (so a prefix never wins), ties by the text, so
    the same words always make the same regex (a set's order changes from run to run)."""
    return -len(word), word
