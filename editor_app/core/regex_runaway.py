"""Rule-pack regexes that would run away: found on the pattern's parse tree, before the pack is used.

Python's `re` backtracks, holds the GIL for a whole match and can't be interrupted: `(a+)+b` on forty a's and a '!'
runs for hours, and the window froze with it (QA28d D1). A backtracking engine takes exponential time exactly when
a repetition can match the same text in more than one way: a quantifier inside a quantifier (`(a+)+`,
`(\\S+\\s?)+`, `(\\w+\\s*)*`, `(a*)*`) or alternatives matching the same text (`(a|a)*`). That is decided here on
the automaton of each repetition (the Glushkov automaton, whose parallel steps count the ways each step can be
taken): two different paths from a state back to itself reading the same text (the product of the automaton with
itself has a cycle through a state (q, q) that takes two different steps somewhere; Weideman et al., "Analyzing
matching time behavior of backtracking regular expression matchers", 2016). Safe shapes such as
`(?:\\d{1,3},)*\\d+` and `(?:\\.\\d+)*` have no such cycle.

`verdict(pattern)` is ("safe", ""), ("runaway", part) or ("unsure", part): unsure when the model left something
out that can matter (a look-around, atomic group, possessive repeat or back-reference inside the repetition, a
long bounded repeat read as unbounded), for `regex_trial` to time in a child process.
"""

from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache

try:
    from re import _compiler, _parser
    from re._constants import (ANY, ASSERT, ASSERT_NOT, AT, BRANCH, GROUPREF, GROUPREF_EXISTS, IN, LITERAL,
                               MAX_REPEAT, MAXREPEAT, MIN_REPEAT, NOT_LITERAL, RANGE, SUBPATTERN)
except ImportError:  # pragma: no cover - Python 3.10
    import sre_compile as _compiler
    import sre_parse as _parser
    from sre_constants import (ANY, ASSERT, ASSERT_NOT, AT, BRANCH, GROUPREF, GROUPREF_EXISTS, IN, LITERAL,
                               MAX_REPEAT, MAXREPEAT, MIN_REPEAT, NOT_LITERAL, RANGE, SUBPATTERN)

_REPEATS = {MAX_REPEAT, MIN_REPEAT}
_POSSESSIVE = getattr(_parser, "POSSESSIVE_REPEAT", None)
_ATOMIC = getattr(_parser, "ATOMIC_GROUP", None)
_CHARS = {LITERAL, NOT_LITERAL, ANY, IN}
EXPAND = 6  # a bounded repeat up to this many copies is modelled exactly; a longer one as unbounded ("unsure")
MAX_POSITIONS = 400  # a repetition with more character positions is not modelled ("unsure")
# Characters tried when asking whether two character classes share one: every kind of character a survey holds
_POOL = ("\t\n\x0b\x0c\r !\"#$%&'()*+,-./0123456789:;<=>?@AZ[\\]^_`az{|}~\x00\x01\x7f\x85\xa0\xe9\u00c9\u0663\u2028"
         "\u200b\u3000\u3001\u3002\u4e2d\u6587\uff0c\uff1a\uff1b\uff08\uff10\uff21\u26a0\ufe0f\U0001f600")


class _TooBig(Exception):
    pass


class _Automaton:
    """The Glushkov automaton of one repetition: positions (one per character read), the steps between them with
    how many ways each can be taken, and whether anything left out of the model can change the verdict."""

    def __init__(self, flags: int) -> None:
        self.flags = flags
        self.items: list[tuple] = []  # position -> (item, flags)
        self.follow: Counter = Counter()  # (p, q) -> ways
        self.approximate = False
        self.unmodelled = False  # a back-reference: what it reads is not in the model at all

    def build(self, data, flags: int) -> tuple[int, Counter, Counter]:
        """(ways to match empty (at most 2), first positions with their ways, last positions with theirs)."""
        return self._in_turn(self.item(op, av, flags) for op, av in data)

    def _in_turn(self, pieces) -> tuple[int, Counter, Counter]:
        """One piece after another (each its (empty ways, first, last)): every last position of what came before is
        followed by every first position of the next, once per way of reaching both."""
        null, first, last = 1, Counter(), Counter()
        for n2, f2, l2 in pieces:
            for p, a in last.items():
                for q, b in f2.items():
                    self.follow[p, q] += a * b
            first = first + _times(f2, null)
            last = l2 + _times(last, n2)
            null = min(2, null * n2)
        return null, first, last

    def item(self, op, av, flags: int) -> tuple[int, Counter, Counter]:
        if op in _CHARS:
            if len(self.items) >= MAX_POSITIONS:
                raise _TooBig
            self.items.append(((op, tuple(av) if op is IN else av), flags))  # (hashable: a set is a list)
            p = Counter({len(self.items) - 1: 1})
            return 0, p, p
        if op is SUBPATTERN:
            _group, add, remove, sub = av
            return self.build(sub, (flags | add) & ~remove)
        if op is BRANCH:
            null, first, last = 0, Counter(), Counter()
            for alt in av[1]:
                n, f, l = self.build(alt, flags)
                null, first, last = min(2, null + n), first + f, last + l
            return null, first, last
        if op in _REPEATS or op is _POSSESSIVE:
            if op is _POSSESSIVE:
                self.approximate = True
            return self.repeat(av, flags)
        if op is _ATOMIC:
            self.approximate = True
            return self.build(av, flags)
        if op is AT:
            return 1, Counter(), Counter()
        if op in (ASSERT, ASSERT_NOT, GROUPREF, GROUPREF_EXISTS):
            # a look-around narrows what may follow; a back-reference reads what a group read: left out, so a
            # repetition they are part of is timed rather than judged here
            self.approximate = True
            self.unmodelled = self.unmodelled or op in (GROUPREF, GROUPREF_EXISTS)
            if op is GROUPREF_EXISTS:
                _group, yes, no = av
                n1, f1, l1 = self.build(yes, flags)
                n2, f2, l2 = self.build(no or [], flags)
                return min(2, n1 + n2), f1 + f2, l1 + l2
            return 1, Counter(), Counter()
        self.approximate = True  # (nothing else is written in a pattern)
        return 1, Counter(), Counter()

    def repeat(self, av, flags: int) -> tuple[int, Counter, Counter]:
        low, high, body = av
        copies = low
        if low > EXPAND or (high is not MAXREPEAT and high > EXPAND):
            self.approximate, copies, high = True, min(low, EXPAND), MAXREPEAT
        parts = [("once", body)] * copies
        if high is MAXREPEAT:
            parts.append(("loop", body))
        elif high > copies:
            parts.append(("optional", high - copies, body))  # x{0,3}: (x(x(x)?)?)?, counted, never x?x?x?
        return self._in_turn(self._part(part, flags) for part in parts)

    def _part(self, part, flags: int) -> tuple[int, Counter, Counter]:
        if part[0] == "once":
            return self.build(part[1], flags)
        if part[0] == "loop":
            n, f, l = self.build(part[1], flags)
            for p, a in l.items():  # back to the start of the next repetition
                for q, b in f.items():
                    self.follow[p, q] += a * b
            return 1, f, l  # (an empty repetition ends the loop: re stops there)
        _kind, more, body = part
        n, f, l = self.build(body, flags)
        if more > 1:
            n2, f2, l2 = self._part(("optional", more - 1, body), flags)
            for p, a in l.items():
                for q, b in f2.items():
                    self.follow[p, q] += a * b
            f, l, n = f + _times(f2, n), l2 + _times(l, n2), min(2, n * n2)
        return min(2, n + 1), f, l

    def ambiguous(self) -> bool:
        """Two different paths from a position back to itself reading the same text: the product automaton has a
        strongly connected part holding a pair (q, q) and either a pair (p, q) of different positions or a step
        that can be taken two ways. Only the pairs reachable from a pair (q, q) are built."""
        steps: dict[int, set[int]] = {}
        for p, q in self.follow:
            steps.setdefault(p, set()).add(q)
        edges: dict[tuple[int, int], list[tuple[tuple[int, int], bool]]] = {}
        meets = self._meets
        todo = [(p, p) for p in steps]
        while todo:
            node = todo.pop()
            if node in edges:
                continue
            p, q = node
            out = edges[node] = []
            for p2 in steps.get(p, ()):
                for q2 in steps.get(q, ()):
                    if (p2 <= q2 or p != q) and meets(p2, q2):
                        target = (p2, q2) if p2 <= q2 else (q2, p2)
                        out.append((target, p == q and p2 == q2 and self.follow[p, p2] >= 2))
                        if target not in edges:
                            todo.append(target)
        for component in _components(edges):
            if not any(p == q for p, q in component):
                continue
            if any(p != q for p, q in component):
                return True
            inside = set(component)
            if any(twice and target in inside for node in component for target, twice in edges[node]):
                return True
        return False

    def _meets(self, p: int, q: int) -> bool:
        return p == q or _share_a_character(self.items[p], self.items[q])


def _times(counter: Counter, n: int) -> Counter:
    return Counter({k: v * n for k, v in counter.items()}) if n else Counter()


def _components(edges: dict) -> list[list]:
    """Tarjan's strongly connected components, without recursion."""
    index: dict = {}
    low: dict = {}
    on_stack: set = set()
    stack: list = []
    out: list[list] = []
    counter = 0
    for root in edges:
        if root in index:
            continue
        work = [(root, iter(edges[root]))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, it = work[-1]
            advanced = False
            for target, _twice in it:
                if target not in index:
                    index[target] = low[target] = counter
                    counter += 1
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(edges.get(target, ()))))
                    advanced = True
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                out.append(component)
    return out


@lru_cache(maxsize=4096)
def _one_character(item: tuple, flags: int):
    """The fullmatch of one character position, compiled as re compiles it (case folding, \\d in Unicode...)."""
    state = _parser.State()
    state.flags = flags
    op, av = item
    return _compiler.compile(_parser.SubPattern(state, [(op, list(av) if op is IN else av)]), flags).fullmatch


def _named_characters(item: tuple) -> set[str]:
    op, av = item
    if op in (LITERAL, NOT_LITERAL):
        return {chr(av), chr(max(0, av - 1)), chr(min(0x10FFFF, av + 1))}
    out: set[str] = set()
    if op is IN:
        for sub_op, sub_av in av:
            if sub_op is LITERAL:
                out.add(chr(sub_av))
            elif sub_op is RANGE:
                lo, hi = sub_av
                out.update(chr(c) for c in (lo, hi, min(hi, lo + 1), max(lo, hi - 1), (lo + hi) // 2))
    return out


@lru_cache(maxsize=16384)
def _share_a_character(a: tuple, b: tuple) -> bool:
    for one, other in ((a, b), (b, a)):
        (op, av), flags = one
        if op is LITERAL and not flags & re.IGNORECASE:  # (most positions: one character to try)
            return _one_character(*other)(chr(av)) is not None
    match_a, match_b = _one_character(*a), _one_character(*b)
    tried = _named_characters(a[0]) | _named_characters(b[0])
    tried.update(_POOL)
    for c in list(tried):
        if c.isalpha():
            tried.update((c.upper(), c.lower()))
    return any(match_a(c) and match_b(c) for c in tried)


def _looping(av) -> bool:
    return av[1] is MAXREPEAT or av[1] > 1


def _single_position(body) -> bool:
    return len(body) == 1 and body[0][0] in _CHARS


def _repeats(data, flags: int, out: list) -> None:
    """The repetitions of `data` (loops: at most more than once), innermost first, each with its flags."""
    for op, av in data:
        if op is SUBPATTERN:
            _repeats(av[3], (flags | av[1]) & ~av[2], out)
        elif op is BRANCH:
            for alt in av[1]:
                _repeats(alt, flags, out)
        elif op in _REPEATS or op is _POSSESSIVE:
            _repeats(av[2], flags, out)
            if _looping(av) and not _single_position(av[2]):  # `\d+`, `[^|]*`: one position, one way
                out.append(((op, av), flags))
        elif op in (ASSERT, ASSERT_NOT):
            _repeats(av[1], flags, out)
        elif op is _ATOMIC:
            _repeats(av, flags, out)
        elif op is GROUPREF_EXISTS:
            _repeats(av[1], flags, out)
            _repeats(av[2] or [], flags, out)


def _judge(node, flags: int) -> str:
    automaton = _Automaton(flags)
    try:
        automaton.item(*node, flags)
    except _TooBig:
        return "unsure"
    if not automaton.ambiguous():
        return "unsure" if automaton.unmodelled else "safe"
    return "unsure" if automaton.approximate else "runaway"


VERSION = 1  # of the verdicts: a safe one kept by regex_cache from an older judge is judged again
_known_safe: set[tuple[str, int]] = set()  # judged safe (here, or timed by regex_trial) in this run or an earlier one


def remember_safe(keys) -> None:
    """(pattern, flags) judged safe: by an earlier run (regex_cache), or timed fast enough (regex_trial)."""
    _known_safe.update(keys)


def known_safe() -> set[tuple[str, int]]:
    return set(_known_safe)


def verdict(pattern: str, flags: int = 0) -> tuple[str, str]:
    """("safe", ""), ("runaway", the repetition as written) or ("unsure", it); a pattern re can't compile is
    "safe" here (it is refused for that elsewhere)."""
    if (pattern, flags) in _known_safe:
        return "safe", ""
    judged = _verdict(pattern, flags)
    if judged[0] == "safe":
        _known_safe.add((pattern, flags))
    return judged


@lru_cache(maxsize=1024)
def _verdict(pattern: str, flags: int = 0) -> tuple[str, str]:
    try:
        parsed = _parser.parse(pattern, flags)
    except (re.error, RecursionError, OverflowError):
        return "safe", ""
    flags = parsed.state.flags | flags
    found: list = []
    _repeats(parsed.data, flags, found)
    if not found:
        return "safe", ""
    order = _repeat_order(parsed.data)
    unsure = ""
    for node, node_flags in found:  # innermost first: the smallest repetition that runs away is named
        judged = _judge(node, node_flags)
        if judged == "safe":
            continue
        part = _written(pattern, order.index(id(node[1])), len(order)) if id(node[1]) in order else pattern
        if judged == "runaway":
            return "runaway", part
        unsure = unsure or part
    return ("unsure", unsure) if unsure else ("safe", "")


def repeated_characters(pattern: str, flags: int = 0) -> list[str]:
    """A character of each class the pattern's repetitions read (a letter for \\w, a space for \\s...): what a
    test line for `regex_trial` is made of."""
    try:
        parsed = _parser.parse(pattern, flags)
    except (re.error, RecursionError, OverflowError):
        return []
    flags = parsed.state.flags | flags
    found: list = []
    _repeats(parsed.data, flags, found)
    out: list[str] = []
    for node, node_flags in found:
        automaton = _Automaton(node_flags)
        try:
            automaton.item(*node, node_flags)
        except _TooBig:
            continue
        for item in automaton.items:
            match = _one_character(*item)
            tried = sorted(_named_characters(item[0])) + list(_POOL)
            c = next((c for c in tried if match(c)), None)
            if c is not None and c not in out:
                out.append(c)
    return out


def _repeat_order(data) -> list[int]:
    """The repeats of the tree (by the id of their arguments) in the order their quantifiers are written."""
    out: list[int] = []

    def walk(items) -> None:
        for op, av in items:
            if op is SUBPATTERN:
                walk(av[3])
            elif op is BRANCH:
                for alt in av[1]:
                    walk(alt)
            elif op in _REPEATS or op is _POSSESSIVE:
                walk(av[2])
                out.append(id(av))
            elif op in (ASSERT, ASSERT_NOT):
                walk(av[1])
            elif op is _ATOMIC:
                walk(av)
            elif op is GROUPREF_EXISTS:
                walk(av[1])
                walk(av[2] or [])

    walk(data)
    return out


_QUANTIFIER = r"[*+?]|\{(?:\d*,\d*|\d+)\}"  # (compiled when a part is named: not at every start)
_ESCAPE = r"\\(?:x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|N\{[^}]*\}|0[0-7]{0,2}|[1-9][0-9]?|.)"


def _written(pattern: str, k: int, count: int) -> str:
    """The text of the k-th quantified atom as the pattern writes it ("(\\S+\\s?)+"); the whole pattern when the
    text can't be lined up with the tree's `count` repeats (verbose patterns, an odd spelling)."""
    quantifier, escape = re.compile(_QUANTIFIER), re.compile(_ESCAPE, re.S)
    spans: list[tuple[int, int]] = []
    opened: list[int] = []
    atom = -1  # where the last atom starts
    i, n = 0, len(pattern)
    in_class = -1
    if re.match(r"\(\?[a-zA-Z]*x", pattern):
        return pattern
    while i < n:
        c = pattern[i]
        if in_class >= 0:
            if c == "\\":
                i = escape.match(pattern, i).end() if escape.match(pattern, i) else i + 2
                continue
            if c == "]" and i > in_class + 1 and not (i == in_class + 2 and pattern[in_class + 1] == "^"):
                atom, in_class = in_class, -1
            i += 1
            continue
        if c == "\\":
            atom = i
            i = escape.match(pattern, i).end() if escape.match(pattern, i) else i + 2
            continue
        if c == "[":
            in_class = i
            i += 1
            continue
        if c == "(":
            opened.append(i)
            i += 1
            continue
        if c == ")":
            atom = opened.pop() if opened else -1
            i += 1
            continue
        m = quantifier.match(pattern, i)
        if m is not None and atom >= 0 and not (c == "?" and i > 0 and pattern[i - 1] == "("):
            end = m.end()
            if end < n and pattern[end] in "?+":  # lazy or possessive
                end += 1
            spans.append((atom, end))
            i = end
            continue
        atom = i
        i += 1
    if len(spans) != count or k >= count:
        return pattern
    start, end = spans[k]
    return pattern[start:end]
