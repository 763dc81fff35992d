"""First looks for pack regexes: literals a line must contain before the regex can match, read from the regex.

A substring test (`in`) costs a fraction of a regex scan that has to try every position, so per-line scans of
pack-supplied patterns (privacy org/path patterns, claim patterns) test `first_look(p)` first. The look is
only ever a necessary condition: a line that passes still goes through the regex, which alone decides.
"""

from __future__ import annotations

import re
from typing import Any

try:  # Python 3.11+
    import re._constants as _sre_c
    import re._parser as _sre_parse
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
    starts = literal_starts(items)
    starts = tuple(dict.fromkeys(starts)) if starts and all(starts) else None
    required = longest_required_literal(items)
    if required and (starts is None or len(required) > min(map(len, starts))):
        return (required,)
    return starts


def all_required(pattern: re.Pattern[str]) -> tuple[str, ...]:
    """Every run of plain characters in the pattern's top-level sequence (a match holds all); () when unknown."""
    if not isinstance(pattern, re.Pattern) or pattern.flags & re.IGNORECASE:
        return ()
    try:
        return tuple(dict.fromkeys(required_literals(list(_sre_parse.parse(pattern.pattern, pattern.flags).data))))
    except Exception:  # an unusual pattern: no first look, the regex alone decides
        return ()


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
