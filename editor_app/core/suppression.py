"""Inline suppression: `<!-- survey-check disable RULE -->` on a line with text silences RULE on that line;
alone on its line it silences RULE until `<!-- survey-check enable RULE -->` (or the end);
`<!-- survey-check disable-next-line RULE -->` silences the next line. Several ids may be given, comma-separated.
A `<!-- survey-check … -->` comment that is none of these is reported, never ignored.
"""

from __future__ import annotations

import re

from .records import record

DIRECTIVE_RE = re.compile(r"<!--\s*survey-check\s+(disable-next-line|disable|enable)\s+([\w.,\s-]+?)\s*-->")
_MENTION_RE = re.compile(r"<!--\s*survey-check\b")
NOT_UNDERSTOOD = "not understood"  # the action of a comment meant for the checker that says nothing it can do


@record(frozen=True)
class Directive:
    """One `<!-- survey-check … -->` comment: what it does, to which rules, where."""

    action: str
    rules: tuple[str, ...]
    column: int
    alone: bool  # the comment is the whole line

    def __eq__(self, other: object) -> bool:  # (replaced by `record`: written for mypyc, see records.py)
        return NotImplemented

    def __init__(self, action: str, rules: tuple[str, ...], column: int, alone: bool) -> None:
        d = self.__dict__  # frozen: set in the instance dict, not through __setattr__
        d["action"] = action
        d["rules"] = rules
        d["column"] = column
        d["alone"] = alone


def directives_in_line(line: str) -> tuple[Directive, ...]:
    if "survey-check" not in line:
        return ()
    found = list(DIRECTIVE_RE.finditer(line))
    alone = bool(found) and not DIRECTIVE_RE.sub("", line).strip()  # (two comments may share their own line)
    out = []
    for m in found:
        rules = tuple(r.strip() for r in m.group(2).split(",") if r.strip())
        out.append(Directive(m.group(1) if rules else NOT_UNDERSTOOD, rules, m.start() + 1, alone))
    # `<!-- survey-check disabel x -->`, `<!-- survey-check disable -->`, a comment not closed on its line: said, not
    # silently ignored (the author believes the rule silenced).
    starts = {m.start() for m in found}
    out.extend(Directive(NOT_UNDERSTOOD, (), m.start() + 1, False)
               for m in _MENTION_RE.finditer(line) if m.start() not in starts)
    out.sort(key=lambda d: d.column)
    return tuple(out)


def suppressed_lines(directives: list[tuple[int, Directive]], last_line: int) -> dict[str, set[int]]:
    """rule id -> the set of lines on which it is silenced."""
    out: dict[str, set[int]] = {}
    open_blocks: dict[str, int] = {}
    for lineno, d in directives:
        for rule in d.rules:
            if d.action == "disable-next-line":
                out.setdefault(rule, set()).add(lineno + 1)
            elif d.action == "disable" and not d.alone:
                out.setdefault(rule, set()).add(lineno)
            elif d.action == "disable":
                open_blocks.setdefault(rule, lineno)
            elif d.action == "enable" and rule in open_blocks:
                out.setdefault(rule, set()).update(range(open_blocks.pop(rule), lineno + 1))
    for rule, start in open_blocks.items():
        out.setdefault(rule, set()).update(range(start, last_line + 1))
    return out
