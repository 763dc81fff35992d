"""Inline suppression: `<!-- survey-check disable RULE -->` on a line with text silences RULE on that line;
alone on its line it silences RULE until `<!-- survey-check enable RULE -->` (or the end);
`<!-- survey-check disable-next-line RULE -->` silences the next line. Several ids may be given, comma-separated.
A `<!-- survey-check … -->` comment that is none of these is reported, never ignored.
"""

from __future__ import annotations

import re
from typing import Sequence

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


_TICKS_RE = re.compile(r"`+")


def code_spans(line: str) -> list[tuple[int, int]]:
    """The (start, end) of each inline-code span of the line: a run of backticks up to the next run as long."""
    spans: list[tuple[int, int]] = []
    runs = list(_TICKS_RE.finditer(line))
    i = 0
    while i < len(runs):
        opening = runs[i]
        closing = next((j for j in range(i + 1, len(runs)) if len(runs[j].group()) == len(opening.group())), None)
        if closing is None:
            i += 1
            continue
        spans.append((opening.start(), runs[closing].end()))
        i = closing + 1
    return spans


def directives_in_line(line: str) -> tuple[Directive, ...]:
    if "survey-check" not in line:
        return ()
    # A comment in inline code (`<!-- survey-check disable x -->`) is shown as it is written: an example, not a
    # comment, and it silences nothing, as one in a fenced code block does not.
    spans = code_spans(line) if "`" in line else []
    found = [m for m in DIRECTIVE_RE.finditer(line) if not any(a <= m.start() < b for a, b in spans)]
    alone = bool(found) and not DIRECTIVE_RE.sub("", line).strip()  # (two comments may share their own line)
    out = []
    for m in found:
        rules = tuple(r.strip() for r in m.group(2).split(",") if r.strip())
        out.append(Directive(m.group(1) if rules else NOT_UNDERSTOOD, rules, m.start() + 1, alone))
    # `<!-- survey-check disabel x -->`, `<!-- survey-check disable -->`, a comment not closed on its line: said, not
    # silently ignored (the author believes the rule silenced).
    starts = {m.start() for m in found}
    out.extend(Directive(NOT_UNDERSTOOD, (), m.start() + 1, False)
               for m in _MENTION_RE.finditer(line)
               if m.start() not in starts and not any(a <= m.start() < b for a, b in spans))
    out.sort(key=lambda d: d.column)
    return tuple(out)


_INDENTED = ("    ", "\t")
_LIST_ITEM_START = re.compile(r" {0,3}(?:[-*+]|\d{1,9}[.)])(?:\s|$)")
_BLOCK_END = re.compile(r" {0,3}(?:`{3,}|~{3,}|#{1,6}(?:\s|$)|<!--)")


def in_indented_code(lines: Sequence[str], lineno: int) -> bool:
    """Whether the (1-based) line is in an indented code block (four spaces or a tab in): an example, where a
    suppression comment silences nothing. Not when it carries on a paragraph (no blank line before it) or a list
    item (its content is indented, blank lines or not)."""
    if not lines[lineno - 1].startswith(_INDENTED):
        return False
    blank = False
    for k in range(lineno - 2, -1, -1):  # (no copy of the lines before: the claims audit asks in a long survey)
        prev = lines[k]
        if not prev.strip():
            blank = True
        elif not prev.startswith(_INDENTED):
            if _LIST_ITEM_START.match(prev):
                return False
            return blank or bool(_BLOCK_END.match(prev))  # after a heading, a fence or a comment: a new block
    return True  # indented from the top of the file


def unclosed_blocks(directives: Sequence[tuple[int, Directive]]) -> list[tuple[int, Directive, str]]:
    """(line, comment, rule) of each `disable` block with no `enable` after it: it silences the rest of the file,
    which is easily done by mistake, so it is said."""
    open_blocks: dict[str, tuple[int, Directive]] = {}
    for lineno, d in directives:
        for rule in d.rules:
            if d.action == "disable" and d.alone:
                open_blocks.setdefault(rule, (lineno, d))
            elif d.action == "enable":
                open_blocks.pop(rule, None)
    return sorted(((ln, d, rule) for rule, (ln, d) in open_blocks.items()), key=lambda t: (t[0], t[1].column))


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
