"""Finding every figure the survey states about itself (claims_audit.py judges them against what is measured).

Three sources of claims, all found line by line (so results can be cached by line text):
- pack patterns: "CJK 实测 3,838" -> metric cjk, claimed 3838 (value claims);
- sums: "3,838（主体 2,892 + 反方 579 + 元信息 950）", "（§一 474 + …）| 2,892", "3 + 本棒 4 = 7";
  the parts must add up to the total, and a part labelled with a scope ("§一", "header", "主体") is
  itself a value claim of the pack's sum metric;
- ratios: "4/6 = 67%" must compute, with the rounding the text uses.
Then agreement: the same metric stated in several places must be stated the same everywhere.
"""

from __future__ import annotations

import math
import re
import sys
from operator import attrgetter, itemgetter
from typing import Iterable, Iterator, Sequence

from .document import resolve_section_ref
from .records import record
from .numbers import decimals_of, parse_number, thousands_read
from .regex_looks import all_required, first_look, holds_any, leading_literals, plain_reading
from .rulepack import ClaimPattern, CompiledPatterns
from .shown_text import Shown, as_shown

try:  # Python 3.11+
    import re._constants as _sre_c  # type: ignore[import-not-found]
    import re._parser as _sre_parse  # type: ignore[import-not-found]
except ImportError:  # pragma: no cover - older Pythons name them sre_*
    import sre_constants as _sre_c  # type: ignore[no-redef]
    import sre_parse as _sre_parse  # type: ignore[no-redef]

_NUM = r"\d{1,3}(?:,\d{3})+|\d+"
# A standalone number: not part of a version ("v2"), a date ("9-8"), a section ref ("§0"), a limit ("≥10") or the
# thousands of a longer number (",892" of "2,892"); right after a CJK label it is one ("反方579").
# (The first digit comes before the look-behind, which then looks at the character before it: same matches, but
# re can skip to the digits in C. Characters past U+00FF are looked for one by one: a class holding one costs
# several times as much to compile.)
_STANDALONE = re.compile(r"(\d(?<![A-Za-z0-9_.,§\-/<>~+]\d)(?<!≥\d)(?<!≤\d)(?<!～\d)(?<!≈\d)(?:\d{0,2}(?:,\d{3})+|\d*))"
                         r"(?![\w\-/%×]|\.\w)")  # (a sentence's full stop may follow it: "… + §4 37. We")
# "(… + …)": one regex per kind of opening parenthesis, so that re finds the start by a plain character search.
# (A part holds no parenthesis, so the two never overlap and their matches together are the matches of
# "[（(](?P<parts>[^（）()]*\+[^（）()]*)[）)]".)
# (Written possessive, up to the first "+" and then to the next parenthesis: the same matches without trying
# every "+" backwards. Possessive quantifiers came with Python 3.11; on 3.10 the plain ones match the same, as
# neither run can hold what follows it.)
_POSSESSIVE = "+" if sys.version_info >= (3, 11) else ""
_PAREN_PARTS_WIDE = re.compile(rf"（(?P<parts>[^（）()+]*{_POSSESSIVE}\+[^（）()]*{_POSSESSIVE})[）)]")
_PAREN_PARTS_NARROW = re.compile(rf"\((?P<parts>[^（）()+]*{_POSSESSIVE}\+[^（）()]*{_POSSESSIVE})[）)]")
# (A total right after a CJK word is one, "实测3,838（…）", "合计10 = …": only a Latin letter or digit before it
# makes it part of a name or version, "v2", "W5".)
_TOTAL_BEFORE = re.compile(r"(?P<total>\d(?<![A-Za-z0-9_.,§\-/]\d)(?:\d{0,2}(?:,\d{3})+|\d*))(?P<gap>(?:(?!（)[^\d(|=+]){0,12}?)$")
_TOTAL_OVER_LIMIT = re.compile(r"(?P<total>\d(?<![A-Za-z0-9_.,§\-/]\d)(?:\d{0,2}(?:,\d{3})+|\d*))\s*/\s*"
                               r"\d(?:\d{0,2}(?:,\d{3})+|\d*)(?P<gap>\s{0,2})$")
_TOTAL_AFTER = re.compile(rf"\s*\|\s*(?:[A-Za-z]{{1,8}}[ \t]*)?(?P<total>{_NUM})(?![\d/])")  # ("| 2,892", "| CJK 2,892")
_EQ_TOTAL_AFTER = re.compile(rf"\s*=\s*(?P<total>{_NUM})(?![\d,]*\s*/|[\d.%])")  # "（a + b）= total"
_EQ_TOTAL = re.compile(rf"=\s*(?P<total>{_NUM})(?![\d,]*\s*/|[\d.%])")
# "合计 10 = 甲 3 + 乙 4 + 丙 2", "共 10 件 = 3 + 4 + 2": a total, a short unit at most, "=", then its parts (up to a
# clause break or another "="; a comma between digits is a thousands separator, not a break).
_PARTS_END = re.compile(r"[=；;|，,：:（）()]")
_TOTAL_JUST_BEFORE = re.compile(r"(?P<total>\d(?<![A-Za-z0-9_.,§\-/]\d)(?:\d{0,2}(?:,\d{3})+|\d*))(?![\d.%/×])"
                                r"[^\d=+；;|，,：:（）()]{0,4}$")
# "4/6 = 67%", and "4/6（67%）": the share in parentheses right after its fraction, as Chinese prose often gives it.
# (One regex per opening character, so that re finds the start by a plain character search: a class or an
# alternation at the start makes re test every character of the line. A match holds one "%", and its opening
# character is the last "=", "（" or "(" before it, so the three never overlap and their matches together, in
# order, are those of "=\s*(?P<pct>…)\s*%|[（(]\s*(?P<paren>…)\s*%\s*[）)]".)
_PERCENT_EQ = re.compile(r"=\s*(?P<pct>\d+(?:\.\d+)?)\s*%")
_PERCENT_WIDE = re.compile(r"（\s*(?P<paren>\d+(?:\.\d+)?)\s*%\s*[）)]")
_PERCENT_NARROW = re.compile(r"\(\s*(?P<paren>\d+(?:\.\d+)?)\s*%\s*[）)]")
_PERCENT_SAID = re.compile(r"(?:→|->|，[ \t]*即|,[ \t]*即|即)[ \t]*(?P<pct>\d+(?:\.\d+)?)[ \t]*%")  # "4/6 → 67%", "4/6，即 67%"
_SHARE_THEN_FRACTION = re.compile(r"(?<![\d.])(?P<pct>\d+(?:\.\d+)?)[ \t]*%[ \t]*[（(][ \t]*(?P<num>\d+)[ \t]*/[ \t]*"
                                  r"(?P<den>\d+)[ \t]*[）)]")
# What every match of it holds from its "%" on: looked for first (led by "%", found by a plain character search; the
# whole regex, led by a digit, tests every character of the line).
_SHARE_THEN_FRACTION_TAIL = re.compile(r"%[ \t]*[（(][ \t]*\d+[ \t]*/[ \t]*\d+[ \t]*[）)]")
_FRACTION_BEFORE = re.compile(r"(?<![\d./])(?P<num>\d+)\s*/\s*(?P<den>\d+)\s*$")
_CLAUSE_BREAKS = "；;|，,：:（）()="  # a sum stated as "a + b = total" starts after the last of these
# A clause break (_CLAUSE_BREAKS) other than a comma that groups digits ("3,838").
_BREAK = re.compile(r"[；;|，：:（）()=]|,(?!(?<=\d,)\d{3}(?!\d))")
_DIGIT = re.compile(r"\d")
# " 838" after a digit: what numbers.thousands_read looks for before it reads "3 838" as "3,838" (the same matches
# as its " (?<=\d )\d{3}(?!\d)", with the test after the space that fails most often made first).
_SPACE_GROUP = re.compile(r" \d\d\d(?!\d)(?<=\d ...)")
_FULL_WIDTH_GROUP = re.compile(r"，\d{3}(?!\d)")  # "，838": what it looks for before it reads "3，838" as "3,838"
# A Chinese input method in full-width mode writes "4／6 ＝ 67％", "§一 474 ＋ §二 498": read as "/", "=", "%", "+".
# (Full-width digits are digits already; "，" and the full-width parentheses and colon are read as written.)
_HALF_WIDTH = str.maketrans("＋＝％／", "+=%/")


@record(frozen=True)
class RawClaim:
    """A claim as found on one line, before anything is measured."""

    kind: str  # value | sum | ratio
    metric: str
    scope_index: int  # index into the pack's claim patterns (-1: a sum part/total labelled with a scope)
    scope_label: str  # for labelled sum parts: "§一", "header", "主体"
    text: str
    column: int
    value_text: str
    claimed: float
    parts: tuple[float, ...] = ()  # sums: the parts; ratios: (numerator, denominator)
    approx: bool = False
    position: int = 0  # for list claims ("159/194/207"): which member
    last_of: int = 0  # for the last member of a list: how many members the list has (a shorter scope is told so)
    # a placeholder left where the figure goes ("CJK 实测 3,1xx"): no number (`claimed` 0), a finding of its own
    unfinished: bool = False
    members: int = 0  # for every member of a list: how many members it has (an "x.0" is one of its places or not)
    # for a list's members: the places the line names for the list right before it, one a figure ("§3.1/§3.2/§3.3
    # 三主线…，各主线 CJK 159/194/207": ("§3.1", "§3.2", "§3.3")), which decide which section each figure is about
    places: tuple[str, ...] = ()

    def __eq__(self, other: object) -> bool:  # (replaced by `record`: written for mypyc, see records.py)
        return NotImplemented

    def __init__(self, kind: str, metric: str, scope_index: int, scope_label: str, text: str, column: int,
                 value_text: str, claimed: float, parts: tuple[float, ...] = (), approx: bool = False,
                 position: int = 0, last_of: int = 0, unfinished: bool = False, members: int = 0,
                 places: tuple[str, ...] = ()) -> None:
        d = self.__dict__  # frozen: set in the instance dict, not through __setattr__ (made by the thousand)
        d["kind"] = kind
        d["metric"] = metric
        d["scope_index"] = scope_index
        d["scope_label"] = scope_label
        d["text"] = text
        d["column"] = column
        d["value_text"] = value_text
        d["claimed"] = claimed
        d["parts"] = parts
        d["approx"] = approx
        d["position"] = position
        d["last_of"] = last_of
        d["unfinished"] = unfinished
        d["members"] = members
        d["places"] = places


def compile_patterns(patterns: Sequence[ClaimPattern], places: Iterable[str] = ()
                     ) -> list[tuple[ClaimPattern, re.Pattern[str], str]]:
    """Each pattern with the literal it must start with (a cheap `in` test before the regex runs); `places`: the
    names a figure's text may give its place by before it ("反方 CJK 实测 21": the pack's scopes, header, footer)."""
    out = CompiledPatterns((p, re.compile(p.pattern), leading_literal(p.pattern)) for p in patterns)
    out.places = places_by_case(places)
    return out


def leading_literal(pattern: str) -> str:
    lit: list[str] = []
    for i, ch in enumerate(pattern):
        if ch in "\\.^$*+?{}[]|()":
            if ch in "*+?{" and lit:
                lit.pop()  # the last literal character is optional or repeated
            break
        lit.append(ch)
    return "".join(lit)


def _as_written(shown: Shown, found: tuple[RawClaim, ...]) -> tuple[RawClaim, ...]:
    """Claims found in a line's shown text put back on the line as written: each column that of its figure as written,
    its figure as written ("3\\,838"), its text the line as written around it (with the emphasis marks at its ends),
    so that Update Self-check Figures finds and rewrites the digits where they are and a statement's text is in
    the line."""
    out = []
    text = shown.text
    for rc in found:
        at = rc.column - 1
        value_text = shown.written(at, at + len(rc.value_text)) if rc.value_text else rc.value_text
        quoted = rc.text
        start = text.find(quoted, max(0, at - len(quoted) + 1)) if quoted else -1
        if 0 <= start <= at < start + len(quoted):
            quoted = shown.written(start, start + len(quoted), with_marks=True)
        out.append(RawClaim(rc.kind, rc.metric, rc.scope_index, rc.scope_label, quoted, shown.column(rc.column),
                            value_text, rc.claimed, rc.parts, rc.approx, rc.position, rc.last_of, rc.unfinished,
                            rc.members, rc.places))
    return tuple(out)


def claims_in_line(
    line: str, compiled: Sequence[tuple[ClaimPattern, re.Pattern[str], str]], sum_metric: str, sum_context: str,
    as_read: bool = False
) -> tuple[RawClaim, ...]:
    """The figures a line states about the survey, read as Markdown shows the line (`shown_text`: "CJK 实测 **3,838**"
    states 3,838, "~~3,900~~ 3,838" only 3,838, "3\\,838" is 3,838, inline code and an HTML comment state nothing),
    each at its column as written (of its digits, between the marks). `as_read`: the line is shown text already."""
    # (most lines hold none of the marks that may be shown otherwise: one look each)
    if not as_read and ("_" in line or "*" in line or "`" in line or "\\" in line or "~" in line and "~~" in line
                      or "<" in line and "<!--" in line):
        read = as_shown(line)
        if read is not None:
            return _as_written(read, claims_in_line(read.text, compiled, sum_metric, sum_context, True))
    written = line  # a claim's text is shown as written; it is read in `line` and `plain`
    if "＋" in line or "＝" in line or "％" in line or "／" in line:
        line = line.translate(_HALF_WIDTH)  # (one character for one: the columns stay those of the line)
    # "CJK 实测 ≈3,800" is still a self-report (an estimated one): match it as if the mark were a space.
    marked = _holds_estimate_mark(line)  # (else no figure is an estimate by a mark)
    if compiled.__class__ is CompiledPatterns:  # (attributes: no getattr call)
        plan, places = compiled.plan, compiled.places
    else:
        plan, places = None, _NO_PLACES
    always, groups, comma_free = plan or _plan(compiled)
    # (most marks are none: "约束", "8.4~10.2"; a line whose marks read as nothing is read as an unmarked one)
    marks = _mark_readings(line) if marked else None
    if marks or not comma_free:
        line, grouped_wide = _thousands_read(line)
        plain = _with_marks_read(line, marks) if marks else line
    else:
        # Without a mark read as one, `plain` is the line with its thousands groups read ("3 838" -> "3,838"), which
        # only makes commas: a literal without one is in it only if it is in the line. So the patterns are first
        # looked for in the line, and a line none may match that states no sum or ratio either (most) is left before
        # the search for thousands groups (a regex tried at every space).
        plain = line
        grouped_wide = None  # not looked for yet
    candidates = list(always) if always else None
    for group in groups:  # patterns grouped by one literal they all need: one test per group
        # (one character of it first: a far cheaper search; the group indexed, not unpacked: most fail here)
        if group[0] in plain and group[1] in plain:
            for entry in group[2]:
                for need in entry[3]:  # the pattern's other literals: a plain loop, cheaper than all()
                    if need not in plain:
                        break
                else:
                    if entry[4] and not holds_any(plain, entry[4]):
                        continue  # none of the literals a match starts with
                    if candidates is None:
                        candidates = [entry]
                    else:
                        candidates.append(entry)
    if grouped_wide is None:
        if candidates is None and ("%" not in line or "/" not in line) and ("+" not in line or not _may_sum(line)):
            return ()
        line, grouped_wide = _thousands_read(line)
        plain = line  # (a pattern whose literal held a space or "，" read as "," is tried in vain: no match)
    out: list[RawClaim] = []
    if candidates:
        if len(candidates) > 1:
            candidates.sort(key=_first)  # pattern order, as written in the pack
        # ("3,838 左右": an estimate; looked for after each figure only in a line with one)
        about = "左" in line and "左右" in line
        for idx, cp, rx, _required, _starts, tail, has_values, has_value, leads in candidates:
            if tail is not None and tail.search(plain) is None:
                continue  # the part from its first literal on is nowhere in the line
            matches: Iterator[re.Match[str]]
            if leads is None:
                first = rx.search(plain)
                if first is None:
                    continue  # (most candidates match nowhere: one search, no iterator made)
                matches = rx.finditer(plain, first.start())  # (the same matches: re starts at the first)
            else:  # (several literals one of which starts every match: tried only where one of them starts)
                matches = _led_matches(rx, plain, leads)
            for m in matches:
                if has_values and m.group("values"):
                    start = m.start("values")
                    approx = marked and _approx_before(line, start)  # "各主线 CJK ≈159/194/207": the list's mark
                    members = list(_DIGITS.finditer(m.group("values")))
                    named = _named_places(m) if "places" in rx.groupindex else None
                    listed = () if named is not None else _places_before(plain, m.start(), len(members))
                    for pos, nm in enumerate(members):
                        shown = written[start + nm.start():start + nm.end()] if grouped_wide else nm.group(0)
                        # "159/≈194/207": a mark right before one member (past the one before it) marks it alone
                        own = approx or pos > 0 and marked and _approx_between(line, start + members[pos - 1].end(),
                                                                            start + nm.start())
                        if named is not None:  # "§3.1/§3.2 CJK 159/194": each figure its own place's
                            if pos < len(named):
                                out.append(RawClaim("value", cp.metric, -1, named[pos], written[m.start():m.end()],
                                                    start + nm.start() + 1, shown, _number(nm.group(0)), (), own))
                            continue
                        out.append(
                            RawClaim("value", cp.metric, idx, "", written[m.start():m.end()], start + nm.start() + 1,
                                     shown, _number(nm.group(0)), (), own, pos,
                                     len(members) if pos == len(members) - 1 else 0, False, len(members), listed)
                        )
                elif has_value:
                    at, end = m.span("value")  # ((-1, -1) when the group took no part in the match)
                    if end > at:
                        vt = plain[at:end]
                        start, stop = m.span()
                        if vt[-1] in ",，" and vt[0].isdigit():  # "words: 200, lines: 31": the comma is the prose's
                            cut = len(vt) - len(vt.rstrip(",，"))
                            vt = vt[:-cut]
                            if stop == end:
                                stop -= cut
                            end -= cut
                        nxt = plain[end:end + 1]
                        held = _PLACEHOLDER.match(plain, at) if nxt and nxt in _PLACEHOLDER_MARKS else None
                        if held is not None and held.end() < end:
                            held = None  # (a loose group's value goes on past it: no placeholder of ours)
                        if held is not None:  # "3,1xx", "31??", "3,xxx": the figure not written yet
                            vt = written[at:held.end()]
                            end = held.end()
                            stop = max(stop, end)
                        elif nxt and (nxt in _MAGNITUDES or nxt == "." and plain[end + 1:end + 2] in _AFTER_POINT
                                    or nxt == " " and plain[end + 1:end + 2] in _MAGNITUDES):
                            k = _MAGNITUDE.match(plain, at)  # "3.8k": 3,800 as written (or not read at all)
                            if k is not None:
                                vt = plain[at:k.end()]
                                end = k.end()
                                stop = max(stop, end)
                            elif nxt != " ":  # ("3,838 kept": a word after the figure)
                                continue  # "3,8k", "3.8", "3.8.1": no figure read rather than a wrong one
                        try:  # (digits alone, the most frequent figure, read first)
                            value = float(vt) if vt.isdecimal() else 0.0 if held is not None else \
                                magnitude_value(vt) if vt[-1] in _MAGNITUDES else _number(vt)
                        except ValueError:  # a pack's loose group took a word ('(?P<value>\S+) words': "many")
                            continue  # no figure: the analysis went down with it
                        # an estimate: a mark before the value or in the match ("CJK ≈ 3,838"), or "左右" after it
                        approx = marked and (_approx_before(line, at) or plain.find("≈", start, stop) >= 0
                                             or plain.find("约", start, stop) >= 0 or line.find("≒", start, stop) >= 0)
                        if _earlier_version_before(plain, start):
                            continue  # "上一版 CJK 实测 4,189": a figure of an earlier version, history, not a claim
                        scope_index, scope_label = idx, ""
                        if start and cp.scope.kind == "document":
                            place = _place_before(plain, start, places)
                            if place is None:
                                continue  # "§3.1-§3.3 CJK 560": a range of sections, no one place's
                            if place:
                                scope_index, scope_label = -1, place
                        after = _ABOUT_AFTER.match(line, end) if about else None  # "3,838 左右", "79 处左右"
                        if after is not None:
                            stop = max(stop, after.end())  # (the text shows the mark the audit names)
                        out.append(
                            RawClaim("value", cp.metric, scope_index, scope_label, written[start:stop], at + 1,
                                     written[at:end] if grouped_wide else vt, value, (),
                                     approx or after is not None, unfinished=held is not None)
                        )
    if "+" in line:  # (in `plain`: "主体 ≈2,892 + …" has the part 2,892, an estimate)
        _sums_in_line(plain, sum_metric, sum_context, out, written, marked, places)
    if "%" in line and "/" in line:
        for pct, m in _percents(plain):  # "4/6 ≈ 67%" is a ratio too (the mark reads as "=" there)
            window_start = max(0, m.start() - 24)
            if line.find("/", window_start, m.start()) < 0:
                continue  # no fraction before the share ("footer = 67%")
            f = _FRACTION_BEFORE.search(line, window_start, m.start())
            if not f:
                continue
            num, den = float(f.group("num")), float(f.group("den"))
            out.append(
                RawClaim("ratio", "ratio", -1, "", written[f.start() : m.end()], m.start(pct) + 1, m.group(pct),
                         float(m.group(pct)), (num, den))
            )
        if ("（" in plain or "(" in plain) and _SHARE_THEN_FRACTION_TAIL.search(plain) is not None:
            for m in _SHARE_THEN_FRACTION.finditer(plain):  # "60%（4/6）": the share first, its fraction after it
                out.append(RawClaim("ratio", "ratio", -1, "", written[m.start():m.end()], m.start("pct") + 1,
                                    m.group("pct"), float(m.group("pct")), (float(m.group("num")), float(m.group("den")))))
    if len(out) > 1:  # in the order they are written (found pattern by pattern, then sums, then ratios): every
        column = -1  # list of figures and findings shows a line's figures left to right
        for rc in out:
            if rc.column < column:
                out.sort(key=_column)  # (stable: the figures of one column keep the order they were found in)
                break
            column = rc.column
    return tuple(out)


def _led_matches(rx: re.Pattern[str], text: str, leads: tuple[str, ...]) -> Iterator[re.Match[str]]:
    """rx.finditer(text) for a regex every match of which starts with one of the literals `leads` ("(?:§八\\.3|footer)
    …"): tried only where one of them starts, found by plain searches (for such a regex re tries every character
    from the start)."""
    at = 0
    ahead = [text.find(lead) for lead in leads]  # each lead's next place (-1: none left), looked for again only
    while True:  # once passed (looked for afresh each time, a rare lead was searched to the line's end per match)
        nearest = -1
        for k, found in enumerate(ahead):
            if 0 <= found < at:
                found = ahead[k] = text.find(leads[k], at)
            if found >= 0 and (nearest < 0 or found < nearest):
                nearest = found
        if nearest < 0:
            return
        m = rx.match(text, nearest)
        if m is None:
            at = nearest + 1
        else:
            yield m
            at = m.end()  # (a match is never empty: it starts with a literal)


def _number(written: str) -> float:
    """parse_number, with the most frequent figures read without its table: digits alone ("579"), and digits grouped
    by "," ("2,892": the thousands of a line read by `_thousands_read`)."""
    if written.isdecimal():
        return float(written)
    digits = written.replace(",", "")
    return float(digits) if digits.isdecimal() else parse_number(written)


def _thousands_read(line: str) -> tuple[str, bool]:
    """`line` with "3，838" and "3 838" read as "3,838" (one character for one), and whether it had such a figure.
    (thousands_read's own first looks are made here, one of them by a cheaper regex: most lines have none.)"""
    if ("，" in line and _FULL_WIDTH_GROUP.search(line) is not None) or "\u2009" in line or "\u202f" in line or \
            "\u00a0" in line or _SPACE_GROUP.search(line) is not None:
        read = thousands_read(line)
        return read, read is not line
    return line, False


# A placeholder where a figure goes, glued to its first digits ("CJK 实测 3,1xx", "3,xxx", "31??", "⚠️ 实测 3x 处"): read as
# no number (it was read as 31, "stated 3,1"), but as a figure not written yet (claims_audit says so). A letter after
# the marks makes a word of them, no placeholder ("3xyz").
_PLACEHOLDER_MARKS = frozenset(",xX?？")
_PLACEHOLDER = re.compile(r"\d[\d,]*[xX?？][\d,xX?？]*(?![A-Za-z])")


# "3.8k", "3.838k", "4k", "3.8千", "3.8万": a figure written in thousands (or ten thousands). Read with the precision
# it is written with (claims_audit.matches_as_written: 3,838 is "3.8k", not "3.9k"); a figure that only looks so
# ("3,8k", a decimal comma; "3.8" alone; "3.8.1") is not read at all: no verdict is better than one on a misread.
_MAGNITUDES = "kK千万"
_MAGNITUDE = re.compile(r"\d+(?:\.\d+)? ?[kK千万](?![A-Za-z0-9.])")
_SCALE = {"k": 1000, "K": 1000, "千": 1000, "万": 10000}
# After a value, "." then one of these, or " " then a magnitude: a figure written in thousands, or unreadable. (A
# full stop ending a sentence, "300. Lines", is neither.)
_AFTER_POINT = frozenset("0123456789kK千万")


def magnitude_value(written: str) -> float:
    """ "3.8k" -> 3800.0, "3.8万" -> 38000.0 (a figure `_MAGNITUDE` matches)."""
    return round(float(written[:-1].rstrip()) * _SCALE[written[-1]], 6)


def has_magnitude(written: str) -> bool:
    """Whether a figure is written in thousands or ten-thousands ("3.8k", "0.38万")."""
    return bool(written) and written[-1] in _MAGNITUDES  # ("" is in any string)


def in_magnitude_as_written(value: float, written: str) -> float:
    """`value` in the unit of a figure written with a magnitude, rounded half up (as an author rounds) to the decimals
    written: 3,838 is 3.8 for "3.8k", 3.84 for "3.84k", 4 for "4k" (what the audit compares and the update writes)."""
    d = decimals_of(written[:-1].rstrip())
    return math.floor(value / _SCALE[written[-1]] * 10 ** d + 0.5) / 10 ** d


def _percents(plain: str) -> list[tuple[str, re.Match[str]]]:
    """The shares stated in a line, in order: ("pct", match) for "= 67%" (or "→ 67%", "，即 67%"), ("paren", match) for
    "（67%）"."""
    found: list[tuple[str, re.Match[str]]] = [("pct", m) for m in _PERCENT_EQ.finditer(plain)] if "=" in plain else []
    if "→" in plain or ">" in plain and "->" in plain or "即" in plain:
        found.extend(("pct", m) for m in _PERCENT_SAID.finditer(plain))
        found.sort(key=_match_start)
    wide, narrow = "（" in plain, "(" in plain
    if wide or narrow:
        had = len(found)
        if wide:
            found.extend(("paren", m) for m in _PERCENT_WIDE.finditer(plain))
        if narrow:
            found.extend(("paren", m) for m in _PERCENT_NARROW.finditer(plain))
        if had and len(found) > had or wide and narrow:
            found.sort(key=_match_start)
    return found


def _match_start(found: tuple[str, re.Match[str]]) -> int:
    return found[1].start()


_column = attrgetter("column")  # (sort keys made in C: no Python call for each item)


# (pattern index, pattern, regex, other literals a match holds, literals one of which starts a match,
#  a literal-led regex every match holds a match of or None, has a `values` group, has a `value` group,
#  `_leads`: several literals one of which starts every match, or None)
_PlanEntry = tuple[int, ClaimPattern, "re.Pattern[str]", tuple[str, ...], tuple[str, ...], "re.Pattern[str] | None",
                   bool, bool, "tuple[str, ...] | None"]
# (patterns tried on every line, (one character of a literal, the literal, the patterns that need it)...,
#  whether no literal of the groups holds a comma)
_Plan = tuple[tuple[_PlanEntry, ...], tuple[tuple[str, str, tuple[_PlanEntry, ...]], ...], bool]
_PLANS: dict[int, tuple[object, int, object, object, _Plan]] = {}  # by id(compiled), for lists made elsewhere
_DIGITS = re.compile(r"\d[\d,]*")
_PLACE_NAMED = re.compile(r"§?[ \t]*([0-9一二三四五六七八九十]+(?:\.\d+)*)")


# A list of places named one by one ("§3.1/§3.2/§3.3", "§3.1、§3.2、3.3"; not a range "§3.1-§3.3"), and what ends the
# sentence a list of figures is written in ("，" goes on with it: "§3.1/§3.2/§3.3 三主线（…），各主线 CJK 159/194/207").
_PLACE_LIST = re.compile(r"§[ \t]*[0-9一二三四五六七八九十]+(?:\.\d+)*(?:[ \t]*[/、][ \t]*(?:§[ \t]*)?[0-9一二三四五六七八九十]+(?:\.\d+)*)+")
_SENTENCE_END = re.compile(r"(?s:.*)[。；;|！？!?]")


def _places_before(line: str, start: int, members: int) -> tuple[str, ...]:
    """The places a list of `members` figures starting at `start` is stated for when the sentence names them before
    it, as many as its figures ("§3.1/§3.2/§3.3 三主线（机制/数据/截止日），各主线 CJK 159/194/207"): the last such list of
    places in the sentence, as claims' labels; () when there is none or it names another number of places."""
    if "§" not in line[:start]:
        return ()
    end = _SENTENCE_END.match(line, 0, start)
    found: re.Match[str] | None = None
    for found in _PLACE_LIST.finditer(line, end.end() if end is not None else 0, start):
        pass
    if found is None:
        return ()
    named = tuple(f"§{p}" for p in _PLACE_NAMED.findall(found.group(0)))
    return named if len(named) == members else ()


def _named_places(m: re.Match[str]) -> list[str]:
    """The places a pattern's `places` group names one by one ("§3.1/§3.2", "§3.1、3.2、§三.3"), as claims' labels
    ("§3.1"): the figures of its `values` list are theirs in order (more figures than places: the rest unread)."""
    text = m.group("places")
    return [f"§{p}" for p in _PLACE_NAMED.findall(text)] if text else []


def _start(m: re.Match[str]) -> int:
    return m.start()


_first = itemgetter(0)  # a plan entry's pattern index


def _plan(compiled: Sequence[tuple[ClaimPattern, re.Pattern[str], str]]) -> _Plan:
    """claims_in_line's first looks for a compiled pattern list, made once per list.

    Patterns that need no known literal are always tried; the others are grouped under a literal they all need,
    fewest groups first (a literal many patterns need is one test for all of them). A `CompiledPatterns` keeps
    its plan; another list is recognised by identity, length and its first and last regex (nothing edits one in
    place), and kept alive here.
    """
    if isinstance(compiled, CompiledPatterns):
        if compiled.plan is None:
            compiled.plan = _make_plan(compiled)
        return compiled.plan
    known = _PLANS.get(id(compiled))
    if (known is not None and known[0] is compiled and known[1] == len(compiled)
            and (not compiled or (compiled[0][1] is known[2] and compiled[-1][1] is known[3]))):
        return known[4]
    if len(_PLANS) >= 32:
        _PLANS.clear()
    plan = _make_plan(compiled)
    ends = (compiled[0][1], compiled[-1][1]) if compiled else (None, None)
    _PLANS[id(compiled)] = (compiled, len(compiled), *ends, plan)
    return plan


def _make_plan(compiled: Sequence[tuple[ClaimPattern, re.Pattern[str], str]]) -> _Plan:
    always: list[_PlanEntry] = []
    needs: list[tuple[int, ClaimPattern, re.Pattern[str], list[str], tuple[str, ...], re.Pattern[str] | None]] = []
    for idx, (cp, rx, literal) in enumerate(compiled):
        required, starts, tail = _first_looks(rx, literal)
        if required:
            needs.append((idx, cp, rx, list(required), starts, tail))
        else:
            always.append((idx, cp, rx, (), starts, tail, "values" in rx.groupindex, "value" in rx.groupindex,
                           _leads(rx)))
    groups: dict[str, list[_PlanEntry]] = {}
    while needs:  # greedy cover: the literal the most patterns need (the rarest-looking first on a tie)
        counts: dict[str, int] = {}
        for entry in needs:
            for word in entry[3]:
                counts[word] = counts.get(word, 0) + 1
        word = max(counts, key=lambda w: (counts[w], _rarity(w)))
        rest: list[tuple[int, ClaimPattern, re.Pattern[str], list[str], tuple[str, ...], re.Pattern[str] | None]] = []
        for idx, cp, rx, needed, starts, tail in needs:
            if word in needed:
                others = _probed(w for w in needed if w != word)
                groups.setdefault(word, []).append(
                    (idx, cp, rx, others, starts, tail, "values" in rx.groupindex, "value" in rx.groupindex,
                     _leads(rx)))
            else:
                rest.append((idx, cp, rx, needed, starts, tail))
        needs = rest
    # A one-character search costs a fraction of a longer one (`_probe`: the character most lines lack).
    grouped = tuple((_probe(word), word, tuple(entries)) for word, entries in groups.items())
    literals = [word for _, word, entries in grouped] + [w for _, _, entries in grouped for e in entries
                                                         for w in (*e[3], *e[4])]
    return tuple(always), grouped, not any("," in w for w in literals)


def _probed(words: Iterable[str]) -> tuple[str, ...]:
    """The literals a pattern also needs, the longer ones after all one-character tests (one of each longer word's
    characters, `_probe`, and the literals of one character): a one-character search is a fraction of a longer one
    (which, for a Latin word in a Chinese line, first makes a copy of the word), and most lines fail one."""
    listed = list(words)
    out: list[str] = []
    for word in listed:
        probe = _probe(word) if len(word) > 1 else word
        if probe not in out:
            out.append(probe)
    return (*out, *[word for word in listed if len(word) > 1])


# Latin letters, the most used first (English text): a word's rarest letter is looked for before the word.
_LETTERS_BY_USE = "etaoinsrhldcumfpgwybvkxjqz"


def _probe(word: str) -> str:
    """The character of `word` that a line most likely lacks, looked for before the word: one outside ASCII (the
    highest code point, a CJK one before punctuation), else a capital before a small letter (the least used
    first: "J" of "CJK", "X" of "arXiv")."""
    return min(word, key=_commonness)


def _commonness(ch: str) -> tuple[int, int]:
    if not ch.isascii():
        return 0, -ord(ch)
    if "a" <= ch <= "z":
        return 2, -_LETTERS_BY_USE.index(ch)
    if "A" <= ch <= "Z":
        return 1, -_LETTERS_BY_USE.index(ch.lower())
    return 2, 1  # a digit or a sign: as common as the commonest letter


def _rarity(word: str) -> tuple[bool, int]:
    """How unlikely a literal looks in a line: a single ASCII character least, then the longer the rarer."""
    return (not (len(word) == 1 and word.isascii()), len(word))


def _leads(rx: re.Pattern[str]) -> tuple[str, ...] | None:
    """The literals one of which starts every match, when there are several ("(?:§八\\.3|footer)…"): re then tests
    every character of a line (for one literal it finds the start by a plain search itself), and no match starts
    before the first of them. None otherwise."""
    if not rx.pattern.startswith(("(", "[")):
        return None  # (most start with a literal: not parsed again, once for each pack)
    leads = leading_literals(rx)
    return leads if leads is not None and len(leads) > 1 and not _found_by_re(rx) else None


def _found_by_re(rx: re.Pattern[str]) -> bool:
    """Whether re itself finds where a match may start by a plain character search: a pattern led by a literal, a
    class, or an alternation each of whose branches starts with a literal ("(?:§八\\.3|footer|页脚)…"), or tries
    the line's start alone ("^…"); with a class in a branch ("(?:[各两]主线|反方各小节)…") or a look-behind first,
    re tries every position of the line, and `_led_matches` or a tail is cheaper. (What re's compiler looks for
    before a search: a literal prefix, or a set of first characters.)"""
    if rx.flags & re.IGNORECASE:
        return False  # (a cased first character gives re no set to look for)
    try:
        items = _sre_parse.parse(rx.pattern, rx.flags).data
        while items and items[0][0] is _sre_c.SUBPATTERN:
            if items[0][1][1] & re.IGNORECASE:
                return False
            items = items[0][1][3].data
        if not items:
            return False
        op, av = items[0]
        if op is _sre_c.LITERAL or op is _sre_c.IN:
            return True
        if op is _sre_c.AT:  # ("^" without MULTILINE, "\\A": tried at the start alone)
            return av is _sre_c.AT_BEGINNING_STRING or av is _sre_c.AT_BEGINNING and not rx.flags & re.MULTILINE
        return op is _sre_c.BRANCH and all(len(branch) > 0 and branch[0][0] is _sre_c.LITERAL for branch in av[1])
    except Exception:  # an unusual pattern: the literals tried one by one, as before
        return False


def _first_looks(rx: re.Pattern[str], literal: str) -> tuple[tuple[str, ...], tuple[str, ...], re.Pattern[str] | None]:
    """(literals every match holds, rarest-looking first; literals one of which starts every match; a regex
    every match holds a match of, led by a literal, when the pattern itself is not)."""
    read = plain_reading(rx)
    required = list(read[0] if read is not None else all_required(rx))
    if literal and literal not in required:
        required.append(literal)
    required.sort(key=lambda w: (len(w) == 1 and w.isascii(), -len(w)))
    starts = () if required else (first_look(rx) or ())
    tail = read[1] if read is not None else ""
    # (a pattern re finds the starts of itself is searched as cheaply as its tail: a tail found would be two searches)
    return tuple(required), starts, (re.compile(tail, rx.flags) if tail and tail != rx.pattern and not _found_by_re(rx)
                                     else None)


def _marks_blanked(line: str) -> str:
    """The line with each estimate mark ("≈", "约", "大约", "~", "～") that comes before a number (white space between
    allowed) made spaces, or "=" where "≈" or "约" also follows a number ("4/6 ≈ 67%" reads as "4/6 = 67%", so
    patterns written with "=" find it). A tilde right after a number, "×", "%" or "." is a range ("8.4~10.2",
    "1.21×~1.35×"), not a mark. The same object when no mark is read so."""
    marks = _mark_readings(line)
    return _with_marks_read(line, marks) if marks else line


# An estimate mark with a figure after it, white space between allowed: the marks `_mark_readings` reads (re finds
# each by a plain character search and looks ahead in C; most marks in a line are none: "约束", "8.4~10.2"'s is
# told apart after). (\s and \d are str.isspace and str.isdecimal, what the marks were read with before.)
_MARKS_BEFORE_FIGURES = tuple((mark, re.compile(mark + r"(?=\s*\d)")) for mark in "≈约~～≒")


def _mark_readings(line: str) -> dict[int, str] | None:
    """Where `_marks_blanked` reads a mark, and what as (position -> " " or "="); None when nowhere.

    (The positions are the same in the line before and after `_thousands_read`: it only makes "," of a separator
    between two digits, and a mark's reading looks at white space next to the mark and at the digit past it.)"""
    marks: dict[int, str] | None = None
    for mark, before_figure in _MARKS_BEFORE_FIGURES:
        if mark not in line:
            continue
        m = before_figure.search(line)  # (a search, cheaper than an iterator for the none most lines have)
        while m is not None:
            at = m.start()
            m = before_figure.search(line, at + 1)  # (the next: a match is the mark alone)
            if at and mark in "~～" and (line[at - 1].isdecimal() or line[at - 1] in "×%."):
                continue  # a range: "8.4~10.2"
            if marks is None:
                marks = {}
            k = at - 1
            while k >= 0 and line[k].isspace():
                k -= 1
            if k >= 0 and line[k].isdecimal() and mark in "≈约≒":
                marks[at] = "="
            elif k == at - 1 and k >= 0 and line[k].isascii() and line[k].isalpha() and mark in "≈≒":
                marks[at] = "="  # "SUM≈0": the label's "=" written as an estimate
            elif mark == "约" and k == at - 1 and k >= 0 and line[k] == "大":  # "大约 3,838": both characters
                marks[k] = " "
                marks[at] = " "
            else:
                marks[at] = " "
    return marks


def _with_marks_read(line: str, marks: dict[int, str]) -> str:
    """`line` with the marks `_mark_readings` found read as it says (built from slices of the line between the
    marks, not from a list of its characters: a line with a mark is often a long one, and the marks in it are few)."""
    pieces = []
    done = 0  # the line up to here is in `pieces`
    for at in sorted(marks):
        pieces.append(line[done:at])
        pieces.append(marks[at])
        done = at + 1
    pieces.append(line[done:])
    return "".join(pieces)


# "左右" after a figure, after a space or its unit ("3,838 左右", "79 处左右"): an estimate.
_ABOUT_AFTER = re.compile(r"\s?(?:字符|字|个|处|件|条|行|项|篇)?\s?左右")


# What marks a figure an estimate, right before it: "≈ 3,838", "约 79", "~79", "≒79", "估计 85", "预计 85", "大概 80".
_ESTIMATE_MARKS = ("≈", "约", "~", "～", "≒", "估", "预计", "大概")


def _holds_estimate_mark(text: str) -> bool:
    """holds_any(text, _ESTIMATE_MARKS), a word of two characters looked for after one of them: a search for one
    character costs a fraction of one for a longer word (most lines hold no mark, and a line is long)."""
    return ("≈" in text or "约" in text or "~" in text or "～" in text or "≒" in text or "估" in text
            or "预" in text and "预计" in text or "概" in text and "大概" in text)


def _approx_before(line: str, start: int) -> bool:
    """Whether the figure at `start` is marked an estimate (`_ESTIMATE_MARKS` in the four characters before it)."""
    return holds_any(line[start - 4 if start > 4 else 0 : start], _ESTIMATE_MARKS)


def _approx_between(line: str, after: int, start: int) -> bool:
    """Whether a list's member at `start` is marked an estimate by a mark of its own: `_ESTIMATE_MARKS` between the
    member before it (ending at `after`) and it ("159/≈194/207", "8/约 30/3")."""
    return holds_any(line[after:start], _ESTIMATE_MARKS)


# What a part's figure is counted in, written after it: "主体 2,892 字 + 反方 579 字" labels its parts 主体 and 反方.
_UNITS = frozenset(("字", "个", "处", "件", "条", "行", "项", "CJK", "CJK 字", "字符"))


def _parts(parts_text: str) -> list[tuple[str, str, int]] | None:
    """Split "§一 474 + §二 498" into (label, number as written, offset); None unless each part has one number."""
    out = []
    offset = 0
    search = _STANDALONE.search
    for chunk in parts_text.split("+"):
        n = search(chunk)
        if n is None:
            return None
        start, end = n.span()  # (the number is the whole match: its looks around are zero-width)
        if search(chunk, end) is not None:  # (where finditer would look next)
            return None
        after = chunk[end:].strip()
        label = chunk[:start].strip() if not after or after in _UNITS else (chunk[:start] + " " + after).strip()
        out.append((label, chunk[start:end], offset + start))
        offset += len(chunk) + 1
    return out if len(out) >= 2 else None


# An "=" a sum may be stated with: a digit in the five characters before it (`_sums_in_line`'s first look for
# "total = a + b"), or a number after it (`_EQ_TOTAL`, `_EQ_TOTAL_AFTER`). (Led by the "=", which re finds by a plain
# character search, each look-behind of one width.)
_DIGIT_BEFORE_EQ = r"(?<=\d=)|(?<=\d.=)|(?<=\d..=)|(?<=\d...=)|(?<=\d....=)"
_EQ_SUM_LOOK = re.compile(rf"=(?:\s*\d|{_DIGIT_BEFORE_EQ})", re.S)
_EQ_AFTER_DIGIT = re.compile(f"=(?:{_DIGIT_BEFORE_EQ})", re.S)  # the first look for "total = a + b" alone


# The matches of `_PAREN_PARTS_WIDE` and `_NARROW` whose first part holds a digit (a part's number starts with one),
# found by the regex (a regex call costs several plain searches: one per parenthesis of words, "（KAIST + POSTECH）",
# is saved).
_DIGIT_PARTS = rf"(?P<parts>[^（）()+\d]*{_POSSESSIVE}\d[^（）()+]*{_POSSESSIVE}\+[^（）()]*{_POSSESSIVE})[）)]"
_PAREN_DIGIT_PARTS_WIDE = re.compile("（" + _DIGIT_PARTS)
_PAREN_DIGIT_PARTS_NARROW = re.compile(r"\(" + _DIGIT_PARTS)


# An earlier version named right before a figure ("上一版 CJK 实测 4,189", "旧版行数 233", "The previous draft had
# Word count: 2,310", "Earlier draft, Words: 2,310", "v1 had Words: 2,310"). (Not "v1 的 …", "v1 word count: …":
# which version is the survey's own the text does not say, and a current figure read as history would pass
# unchecked; "v1 had" says it is past.) Looked for in the _EARLIER_WINDOW characters before the figure's match.
_EARLIER_VERSION = re.compile(
    r"(?:(?:上一?版本?|旧版本?|前一?版本?|初版)[ \t]*(?:v\d+(?:\.\d+)*[ \t]*)?(?:的|中|里)?"
    r"|(?i:\b(?:previous|earlier|last|old|older|prior|original|first)[ \t]+(?:version|draft|revision|edition)(?:'s|’s)?"
    r"(?:[ \t]+v\d+(?:\.\d+)*)?[ \t]*,?(?:[ \t]*\b(?:had|was|stated|said|counted|reported)\b)?"
    r"|\bv\d+(?:\.\d+)*[ \t]+(?:had|was|stated|said|counted|reported)\b))[ \t]*$")
_EARLIER_WINDOW = 40
# What a match of _EARLIER_VERSION may end with before its white space: 版, 本, 的, 中, 里, a digit ("v1"), "," and the
# last letter of "version", "draft", "'s", "had", "was", "stated"…: n, t, s, d in any case (ſ is an s to re's
# IGNORECASE).
_EARLIER_ENDS = frozenset("版本的中里,nNtTsSdDſ")


def _last_before(line: str, lo: int, start: int) -> str:
    """The last character of line[lo:start] but spaces and tabs ("" when there is none): what a pattern matching up
    to `start` past white space must end with, looked at before the pattern is tried."""
    k = start
    while k > lo and (line[k - 1] == " " or line[k - 1] == "\t"):
        k -= 1
    return line[k - 1] if k > lo else ""


def _earlier_version_before(line: str, start: int) -> bool:
    """Whether an earlier version is named right before the figure whose match starts at `start` (_EARLIER_VERSION
    in the _EARLIER_WINDOW characters before it), looked for only where the text before it ends as a match can."""
    lo = max(0, start - _EARLIER_WINDOW)
    last = _last_before(line, lo, start)
    if not last:
        return False  # (nothing but white space before it: no match)
    if last not in _EARLIER_ENDS and not last.isdecimal() and last != "\n":  # ("$" also stands before a final "\n")
        return False
    return _EARLIER_VERSION.search(line, lo, start) is not None
# A section named before a figure's label in the same clause ("§3.1 CJK 160", "§3.1 的 CJK 8", "§3.1（主线 A）CJK 8",
# "主线 B（§3.2）CJK 10", "§3.2 主线 CJK 实测 10"), or a range of them ("§3.1-§3.3 CJK", "§3.1 – 3.3 CJK", "§三至§五
# CJK": `to`, a dash and a section number right after the section). A dash before the "§" alone is no range: a list
# item's bullet ("- §4 words: 120") or a dash between words ("Body - §4 words: 120").
_SECTION_NUMBER = r"[0-9一二三四五六七八九十]+(?:\.\d+)*(?![\d.])"
_RANGE_DASH = r"[ \t]*[-–—~～至到][ \t]*"
_REF_BEFORE = re.compile(rf"(?P<ref>§{_SECTION_NUMBER})(?P<to>{_RANGE_DASH}§?{_SECTION_NUMBER})?"
                         r"[^，,；;。|=+§\d·:：!！?？/、\n]{0,10}$")
# The start of a range ending at a section named before a figure: "§3.1-" of "§3.1-§3.3 CJK" when the search for
# `_REF_BEFORE` began past "§3.1" (it looks at the 24 characters before the figure).
_RANGE_FROM = re.compile(rf"§{_SECTION_NUMBER}{_RANGE_DASH}$")
_NO_PLACES: dict[str, str] = {}


def places_by_case(names: Iterable[str]) -> dict[str, str]:
    """The places a figure's text may name before it, looked up by their name in lower case ("Limitations words: 100"
    names the scope `limitations`), longest first (the first is how far back one is looked for). CJK has no case."""
    return {name.lower(): name for name in sorted(names, key=len, reverse=True)}


def _place_before(line: str, start: int, places: dict[str, str]) -> str | None:
    """The place a figure found by a pattern about the whole document is about when the text names one right before
    it: a section ("§3.1 CJK 160", see _REF_BEFORE) or a place the pack names in any case (`places`, see
    `places_by_case`: "反方 CJK 实测 21", "元信息 CJK 实测 31", "header CJK 6", "Limitations words: 100"); "" for
    none, None for a range of sections (no one place's). Read as the document's figure, "反方 CJK 实测 21" was told
    wrong against the total, "元信息 CJK 实测 84" (a copy of it) passed, and Update Self-check Figures rewrote the
    right one to the total."""
    if line.find("§", max(0, start - 24), start) >= 0:
        ref = _REF_BEFORE.search(line, max(0, start - 24), start)
        if ref is not None:
            at = ref.start()
            if ref.group("to") is not None or (at and _RANGE_FROM.search(line, max(0, at - 24), at) is not None):
                return None  # "§3.1-§3.3 CJK 560": a range of sections, no one place's
            return ref.group("ref")
    if places:
        ends, reach, lasts = _place_ends(places)
        lo = max(0, start - reach)
        if lasts is not None:  # (most figures: no place name can end where the text before them ends)
            last = _last_before(line, lo, start)
            if not last:
                return ""
            if last.isascii():
                if last.lower() not in lasts and last not in lasts:
                    return ""
            elif "一" <= last <= "鿿" and last not in lasts:
                return ""
        before = line[lo:start].rstrip(" \t")
        folded = before.lower()
        if len(folded) != len(before):
            folded = before  # ("İ" is two characters in lower case: the positions below would move)
        if not folded.endswith(ends):  # (most figures: one look in C)
            return ""
        for name in ends:
            if folded.endswith(name):
                k = lo + len(before) - len(name) - 1  # the character before the name: none of its word ("非主体")
                if k < 0 or not (line[k].isalnum() and (line[k].isascii() or "一" <= line[k] <= "鿿")):
                    return places[name]
    return ""


_PLACE_ENDS: dict[int, tuple[dict[str, str], tuple[str, ...], int, frozenset[str] | None]] = {}


def _place_ends(places: dict[str, str]) -> tuple[tuple[str, ...], int, frozenset[str] | None]:
    """For `_place_before`, made once per places dict: the names, how far back one is looked for, and the last
    characters of the names (None when a name is empty: any text ends with it)."""
    known = _PLACE_ENDS.get(id(places))
    if known is None or known[0] is not places or len(known[1]) != len(places):
        if len(_PLACE_ENDS) >= 32:
            _PLACE_ENDS.clear()
        ends = tuple(places)
        lasts = frozenset(name[-1] for name in ends) if all(ends) else None
        known = _PLACE_ENDS[id(places)] = (places, ends, max(12, len(ends[0]) + 1), lasts)
    return known[1], known[2], known[3]


_FOOTNOTE_MARK = re.compile(r"\[\^[^\]\s]{1,20}\]")


def _blanked(m: re.Match[str]) -> str:
    return " " * (m.end() - m.start())


# A parenthesis opened inside another before that one closes: "（主体 2,892（含反方 579）+ 元信息 946）".
_NESTED = re.compile(r"[（(][^（）()]*[（(]")
# (One regex per kind of opening parenthesis, so that re finds the start by a plain character search: led by a
# class, a search tests every character of the line. A match is found by one of them exactly when one is found by
# _NESTED.)
# (Possessive: the run ends at a parenthesis or at the line's end, so no shorter run can be followed by one.)
_NESTED_WIDE = re.compile(rf"（[^（）()]*{_POSSESSIVE}[（(]")
_NESTED_NARROW = re.compile(rf"\([^（）()]*{_POSSESSIVE}[（(]")
_INNERMOST = re.compile(rf"[（(][^（）()]*{_POSSESSIVE}[）)]")


def _has_nested(line: str) -> bool:
    """Whether a parenthesis opens inside another (two of them counted first: most lines have fewer)."""
    wide = line.count("（")
    narrow = line.count("(")
    return wide + narrow > 1 and (wide > 0 and _NESTED_WIDE.search(line) is not None
                                  or narrow > 0 and _NESTED_NARROW.search(line) is not None)


def _asides_blanked(line: str, asides: list[tuple[int, int]] | None = None) -> str:
    """`line` with each parenthesis nested in another blanked (as spaces: the columns stay those of the line): the
    aside "（含反方 579）" of a part is no part, and a breakdown holding one is read as the parts around it (before,
    the parts' regexes, which take no parenthesis, found no breakdown there, and its wrong figures passed unread).
    The spans blanked are added to `asides`, when given."""
    while True:
        out: list[str] = []
        last = 0
        for m in _INNERMOST.finditer(line):
            s = m.start()
            if line.count("（", 0, s) + line.count("(", 0, s) > line.count("）", 0, s) + line.count(")", 0, s):
                out += (line[last:s], " " * (m.end() - s))
                last = m.end()
                if asides is not None:
                    asides.append(m.span())
        if not out:
            return line
        line = "".join(out) + line[last:]
        if not _has_nested(line):
            return line


_ASIDE_LEAD = re.compile(r"(?:含|其中|包括|包含)[\s：:]*")


_UNITS_OR_NONE = _UNITS | {""}  # after an aside's figure: nothing, or a unit ("含反方 579 字")


def _add_aside_figures(found: list[RawClaim], written: str, line: str, asides: list[tuple[int, int]], lo: int,
                       hi: int, sum_metric: str, marked: bool) -> None:
    """The figure an aside within a breakdown's parts (line[lo:hi]) states of a place: "主体 2,892（含反方 579）"
    says 反方 is 579 (a place the survey has none of, "含表格 12", is dropped by the audit as a part's is)."""
    for a, b in asides:
        if not (lo <= a and b <= hi):
            continue
        inner = line[a + 1:b - 1]
        n = _STANDALONE.search(inner)
        if n is None or _STANDALONE.search(inner, n.end()) is not None or inner[n.end():].strip() not in _UNITS_OR_NONE:
            continue
        label = _ASIDE_LEAD.sub("", inner[:n.start()].strip(), count=1)
        place = _scope_label(label) if label else ""
        if place:
            at = a + 1 + n.start()
            shown = written[at:at + n.end() - n.start()]
            found.append(RawClaim("value", sum_metric, -1, place, f"{label} {shown}", at + 1, shown,
                                  _number(n.group(0)), (), marked and _approx_before(written, at)))


def _may_sum(line: str) -> bool:
    """Whether `_sums_in_line` may find a sum in a line with a "+": in a parenthesis whose first part holds a digit
    (most "+" in prose join words: "KAIST + POSTECH"), or by an "=" with a digit at most five characters before it
    ("total = a + b") or a number after it ("a + b = total", "（a + b）= total").

    (Told on the line before its thousands groups are read, `_thousands_read`, and so before that search: reading
    them makes "," of separators between digits, and changes no digit, "=", "+", parenthesis or white space next to
    an "=".)"""
    return ("=" in line and _EQ_SUM_LOOK.search(line) is not None
            or "（" in line and _PAREN_DIGIT_PARTS_WIDE.search(line) is not None
            or "(" in line and _PAREN_DIGIT_PARTS_NARROW.search(line) is not None
            or _has_nested(line) and _may_sum_blanked(line))


def _may_sum_blanked(line: str) -> bool:
    """_may_sum of the line with its nested asides blanked (a line whose nesting is only parentheses left open has
    none to blank: "((")."""
    blanked = _asides_blanked(line)
    return blanked != line and _may_sum(blanked)


def _sums_in_line(line: str, sum_metric: str, sum_context: str, found: list[RawClaim], written: str = "",
                  marked: bool | None = None, places: dict[str, str] = _NO_PLACES) -> None:
    """Append the line's stated sums (and, in the sum context, the scope figures they state) to `found`; `line`
    may have its estimate marks blanked (`_marks_blanked`) and full-width signs made half-width, `written` is the
    line as written (where the marks are, and what a claim's text shows); `marked`: whether it holds an estimate
    mark (looked for when None); `places`: the pack's places by name in lower case (`places_by_case`), so that a
    part "Limitations 90" is the scope `limitations`'s figure."""
    written = written or line
    if marked is None:
        marked = "≈" in written or "约" in written or "~" in written or "～" in written
    # (whether the sum's scopes are stated is told when there is a sum: most lines with a "+" state none)
    labelled = (line, sum_context, places) if sum_metric else None
    spans: list[tuple[int, int]] = []
    # (a sum stated with an "=" needs a digit right before it or a number after it: without one, the "=" forms
    # find nothing, and a parenthesis's parts need no total unless they state a sum)
    has_eq = "=" in line and _EQ_SUM_LOOK.search(line) is not None
    if "[" in line and "[^" in line:  # a footnote's mark is no figure: "CJK 实测 3,838[^1]（主体 …）" (its total was read as 1)
        line = _FOOTNOTE_MARK.sub(_blanked, line)
    wide, narrow = "（" in line, "(" in line
    asides: list[tuple[int, int]] = []
    if _has_nested(line):
        with_asides, line = line, _asides_blanked(line, asides)
    if wide or narrow:
        # (without the "=" forms, only parts whose first one holds a digit may state a sum: see below)
        in_wide, in_narrow = (_PAREN_PARTS_WIDE, _PAREN_PARTS_NARROW) if has_eq else \
            (_PAREN_DIGIT_PARTS_WIDE, _PAREN_DIGIT_PARTS_NARROW)
        paren_parts: Iterable[re.Match[str]]
        if not narrow:
            paren_parts = in_wide.finditer(line)
        elif not wide:
            paren_parts = in_narrow.finditer(line)
        else:
            paren_parts = sorted([*in_wide.finditer(line), *in_narrow.finditer(line)], key=_start)
        for m in paren_parts:
            parts = None
            start = m.start()
            # Parts that state no sum need no total. All their total would add is a span, which keeps the "=" forms
            # below off an "=" in it: without an "=" in the parts, the span holds none but that of "（…）= 7", and
            # right after a closing parenthesis neither form finds a sum anyway.
            if not has_eq or line.find("=", start, m.end()) < 0:
                # (most parentheses with a "+" hold words: their first part's number, what `_parts` looks for first,
                # is looked for in place, up to the first "+", with the same result: the parenthesis before it passes
                # the number's look-behind as the start of a part does)
                if _STANDALONE.search(line, start + 1, line.find("+", start)) is None:
                    continue
                parts = _parts(m.group("parts"))
                if parts is None:
                    continue
            # the total before ends at most 12 characters before the parenthesis: no digit there, no total
            before = (_TOTAL_BEFORE.search(line, max(0, start - 40), start)
                      if _DIGIT.search(line, max(0, start - 13), start) else None)
            if line.find("/", max(0, start - 16), start) >= 0:
                # "CJK 实测 3,835/3,900（主体 …）", as the status bar writes a figure and its limit: the total is the
                # figure before the "/" (else the limit was read as the total, or, glued to the "/", no total at all)
                before = _TOTAL_OVER_LIMIT.search(line, max(0, start - 40), start) or before
            if before:
                label = line[max(0, before.start() - 12) : before.start()].strip()
                if parts is None:
                    parts = _parts(m.group("parts"))
                if parts is not None:
                    _add_sum(found, written, labelled, sum_metric, before.group("total"), before.start("total") + 1,
                             parts, m.start("parts"), written[before.start() : m.end()], label, marked,
                             (with_asides, asides, m.end("parts")) if asides else None)
                spans.append((before.start(), m.end()))
                continue
            close = m.end()
            nxt = line[close:close + 1]  # (both totals after start with white space, "|" or "=": most have none)
            after = (_TOTAL_AFTER.match(line, close) or _EQ_TOTAL_AFTER.match(line, close)) \
                if nxt == "|" or nxt == "=" or nxt.isspace() else None
            if after:
                lab = _label_start(line, start)
                if parts is None:
                    parts = _parts(m.group("parts"))
                if parts is not None:
                    _add_sum(found, written, labelled, sum_metric, after.group("total"), after.start("total") + 1,
                             parts, m.start("parts"), written[lab:after.end()], line[lab:start].strip(), marked,
                             (with_asides, asides, m.end("parts")) if asides else None)
                spans.append((start, after.end()))
    if not has_eq:
        return
    eq = line.find("=")
    while eq >= 0:  # "total = a + b": each "=" with a "+" before the clause ends
        # (the next "=" with a digit in the five characters before it, by one search: before the others no total)
        total_eq = _EQ_AFTER_DIGIT.search(line, eq)
        if total_eq is None:
            break
        eq = total_eq.start()
        if line.find("+", eq) < 0:
            break
        brk = _PARTS_END.search(line, eq + 1)
        while brk and brk.group() == "," and line[brk.start() - 1 : brk.start()].isdigit() and \
                line[brk.start() + 1 : brk.start() + 2].isdigit():
            brk = _PARTS_END.search(line, brk.end())  # "2,892": a thousands separator, not a break
        end = brk.start() if brk else len(line)
        parts_at = eq + 1
        eq = brk.start() if brk and brk.group() == "=" else line.find("=", end)
        if line.find("+", parts_at, end) < 0:
            continue
        stated = line[parts_at:end]
        before = _TOTAL_JUST_BEFORE.search(line, max(0, parts_at - 25), parts_at - 1)
        if before is None or (spans and any(a <= parts_at - 1 < b for a, b in spans)):
            continue
        last = _STANDALONE.search(stated, stated.rfind("+") + 1)  # the parts end with the last part's number
        if last is None:
            continue
        stated = stated[: last.end()]
        start = before.start()
        label = line[max(0, start - 12) : start].strip()
        split = _parts(stated)
        if split is not None:
            _add_sum(found, written, labelled, sum_metric, before.group("total"), start + 1, split, parts_at,
                     written[start : parts_at + len(stated)], label, marked)
        spans.append((start, parts_at + len(stated)))
    # "a + b = total": an "=" before the first "+" has no sum on its left (a match holds no "+", so none that starts
    # before it is lost by starting there)
    for m in _EQ_TOTAL.finditer(line, line.find("+")):
        left_end = m.start()
        plus = line.rfind("+", 0, left_end)
        if plus < 0:
            continue  # no "+" before the "=": no sum on its left
        if spans and any(a <= left_end < b for a, b in spans):
            continue
        # (the comma of "1,200 + 300 = 1,500" groups digits: no break; told in place, not in a copy of the line
        # with such commas blanked)
        if _BREAK.search(line, plus + 1, left_end) is not None:
            continue  # the last "+" is before the clause's start
        left_start = _after_last_break(line, plus)
        left = _parts(line[left_start:left_end])
        if left is not None:
            _add_sum(found, written, labelled, sum_metric, m.group("total"), m.start("total") + 1, left, left_start,
                     written[left_start : m.end()].strip(), "", marked)


def _after_last_break(line: str, end: int) -> int:
    """Where the clause holding line[end] starts: after the last clause break before `end` (a comma grouping digits
    is none: `_BREAK`, its look-ahead stopping at `end` as in line[:end]), 0 without one. Looked for in windows
    growing back from `end` (a copy of the line up to each "=" of a sum, its thousands blanked, made the analysis of a
    survey whose line breaks were lost quadratic in its length)."""
    lo, step = end, 64
    while lo > 0:
        lo = max(0, lo - step)
        last = None
        for last in _BREAK.finditer(line, lo, end):
            pass
        if last is not None:
            return last.end()
        step *= 4
    return 0

def _add_sum(found: list[RawClaim], written: str, labelled: tuple[str, str, dict[str, str]] | None, sum_metric: str,
             total_text: str, total_col: int, parts: list[tuple[str, str, int]], parts_col: int, text: str,
             label: str, marked: bool, asides: tuple[str, list[tuple[int, int]], int] | None = None) -> None:
    """Append a stated sum (its parts as `_parts` splits them, `parts_col` where they start) and, in the sum
    context (`labelled`: the line, the context it must hold in any case, "" for any line, and the pack's places by
    name in lower case; None without a sum metric), the figures of the scopes it names: its total's label, its
    parts' labels and, with `asides` (the line with its asides, their spans, where the parts end), those the asides
    in its parts name. `marked`: whether `written` holds an estimate mark."""
    values = tuple([_number(part[1]) for part in parts])
    scope_label = _scope_label(label)
    total_shown = written[total_col - 1:total_col - 1 + len(total_text)]  # "3，838" as written
    total = _number(total_text)
    found.append(RawClaim("sum", "sum", -1, scope_label, text, total_col, total_shown, total, values))
    if labelled is not None and (not labelled[1] or labelled[1] in labelled[0]
                                 or labelled[1].lower() in labelled[0].lower()):  # ("Word count: …" for "word")
        places = labelled[2]
        if scope_label or _NAME_WORD.fullmatch(label := label.strip()):
            found.append(RawClaim("value", sum_metric, -1, scope_label or places.get(label.lower(), label), text,
                                  total_col, total_shown, total))
        for (plabel, ptext, poff), value in zip(parts, values):
            known = _SCOPE_LABELS.get(plabel)  # (`_scope_label`'s memo first: labels repeat)
            part_scope = _scope_label(plabel) if known is None else known
            if not part_scope and _NAME_WORD.fullmatch(plabel):
                # a pack's scope named in English ("limitations 300", "Limitations 300"): the audit keeps it
                part_scope = places.get(plabel.lower(), plabel)
            if part_scope:
                at = parts_col + poff
                shown = written[at:at + len(ptext)]
                found.append(RawClaim("value", sum_metric, -1, part_scope, f"{plabel} {shown}", at + 1, shown,
                                      value, (), marked and _approx_before(written, at)))
        if asides is not None:
            with_asides, spans, parts_end = asides
            _add_aside_figures(found, written, with_asides, spans, parts_col, parts_end, sum_metric, marked)


# A part labelled with one Latin word ("limitations 300 + body 2,100"): a place only when the pack has a scope of that
# name (the audit drops the others, "Setup 43", as it drops "其余 174"); a sum's own row keeps naming no place.
_NAME_WORD = re.compile(r"[A-Za-z][\w-]*")


def _label_start(line: str, start: int) -> int:
    """Where the label before a "(…)" at `start` begins: up to 12 characters that are not white space, "|" or an
    opening parenthesis, from the leftmost (what searching "[^\\s|（(]{0,12}$" in line[start - 12 : start] finds,
    where "$" also stands before a final line break)."""
    end = start - 1 if line[start - 1 : start] == "\n" else start
    lab = end
    while lab > start - 12 and lab > 0 and not (line[lab - 1].isspace() or line[lab - 1] in "|（("):
        lab -= 1
    return lab




_SCOPE_LABELS: dict[str, str] = {}  # label as written -> scope label ("" when none); labels repeat


def _scope_label(label: str) -> str:
    """The scope a sum part is labelled with: a section ref, header/footer, or a word (a named scope)."""
    known = _SCOPE_LABELS.get(label)
    if known is None:
        if len(_SCOPE_LABELS) >= 10_000:
            _SCOPE_LABELS.clear()
        known = _SCOPE_LABELS[label] = _read_scope_label(label)
    return known


def _read_scope_label(label: str) -> str:
    label = label.strip().strip("|").strip()
    if not label:
        return ""
    if label[0] in _BULLETS or label.startswith(_LEAD_INS):
        label = _LEAD_IN.sub("", label, count=1)  # "- 主体", "其中 §一": the place is 主体, §一
        if not label:
            return ""
    if resolve_section_ref(label):
        return label
    if label.lower() in ("header", "footer"):
        return label.lower()
    if len(label) <= 8 and not label.isascii() and not any(ch.isdecimal() or ch.isspace() for ch in label) and \
            not label.endswith(_TOTAL_WORDS):
        return label
    return ""


# What names a total, not a place: "CJK合计3,838（…）", "实测（主体 … + 反方 …）= 3,471".
_TOTAL_WORDS = ("实测", "合计", "总计", "共计", "总数", "总共", "共", "计")
# What comes before a part's place without being part of it: a list item's bullet ("- 主体 2,892" / "+ 反方 579 =
# 3,471") and a word leading into the parts ("其中 §一 474 + §二 498 + …"). A lead-in of one character ("含", "即",
# "由") is one only before a space, a colon or a "§": "含量" stays one word.
_BULLETS = "-*•·"
_LEAD_INS = ("其中", "包括", "包含", "分别为", "分别是", "分别", "依次为", "依次是", "依次", "含", "即", "由")
_LEAD_IN = re.compile(r"(?:[-*•·]\s+)?(?:(?:其中|包括|包含|分别为|分别是|分别|依次为|依次是|依次)[\s：:，,]*"
                      r"|[含即由](?:[\s：:]+|(?=§)))?")
