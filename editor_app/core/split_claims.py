"""Self-reported figures written over two lines, as a hard-wrapped paragraph has them ("…各主线 CJK" / "159/194/207 ≥150").

Claims are found line by line (claims.py, cached by line text), so a figure whose label ends one line and whose
value starts the next was no claim at all: never measured, never said. Markdown reads the two lines as one
paragraph; so does the audit now: a line that may end in a label (`open_end`, a per-line fact) is joined with the
next line when that one starts with a figure, and the claims the joining finds that neither line has alone are the
next line's (their value is there: its line and column are where they are underlined and rewritten).

A stated sum wrapped so is joined too: a line that leaves a sum open (a "（" or "(" it does not close, with a "+"
in it or nothing after it, or a "+" at its end) and the next line that goes on with it ("+ 元信息 950）", or any
line after a "+" or an opening parenthesis): "3,838（主体 2,892 + 反方 579" / "+ 元信息 950）" is one sum, told on the
line of its total, each labelled part on the line it is written on. (Markdown would start a list at "+ 元信息 …";
the author, whose parenthesis is still open, means the sum going on.)

A sum written without parentheses is joined too when the line ends inside its parts and the next line goes on with
a "+" or its "=": "合计 4,417 = 主体 2,892 + 反方 579" / "+ 元信息 946", "主体 2,892 + 反方 579" / "+ 元信息 946 = 4,417",
"… + 元信息 946" / "= 4,417", and a line ending "合计 4,417 =" with its parts on the next. The first of these reads as
a sum on its first line alone ("4,417 = 2,892 + 579", which is wrong): the joined reading replaces it
(`with_claims_across`), so the author is not told the parts add up to 3,471.

A sum kept open over more lines is read across all of them (`claims_across_lines`, at most SUM_LINES): a join of a
line that goes on with the sum the line before it left open, and leaves it open still, is with all the lines the sum
is open over ("① CJK 实测 29（header 6 + §0 5" / "+ §一 99" / "+ footer 2）", "- 主体 2,892" / "+ 反方 579" / "+ 元信息
950 = 4,000"): read two by two, their halves stated no sum, and the wrong sum and parts passed silently.

A line that ends with a figure is joined with the next when that one goes on with it (`figure_goes_on`): a total
and its parts ("CJK 实测 3,838" / "（主体 2,892 + 反方 579 + 元信息 950）", "合计 4,417" / "= 主体 2,892 + …"), a sum
written as a list ("- 主体 2,892" / "+ 反方 579 = 3,471": a line going on with "+"), a fraction and its share
("verifiability 4/6" / "= 67%", "（67%）"; a ratio is told on the line of its share); so does one ending with a
figure and its unit ("- 主体 2,892 字" / "+ 反方 579 字 = 3,471 字"). A line starting with a figure does not go on
with one (two figures in a row are no claim together).
"""

from __future__ import annotations

from bisect import bisect_right
from typing import Sequence

from .claims import _UNITS, RawClaim, _plan, claims_in_line

_TAIL = 60  # how much of the line before a figure a label can take ("合流密度：… = 6 处" is the longest)
# A line ending so is a sentence, a cell, a list or a sum going on: not a label waiting for its figure.
_CLOSED = frozenset("。！？；;!?.✅）)」】』|/、，,+")
_FIGURE_START = "≈约~～"
# A line ending with one of these may leave a total's parts or a list open ("合计 4,417 =", "159/194/"); with one
# of the others in _CLOSED it cannot.
_RUNS_ON = frozenset("=＝/、")
_SHUT = _CLOSED - _RUNS_ON
_PLUS = "+＋"
_OPENING = "（("


_EQUALS = "=＝"
# The last character of a unit a figure may be written with ("2,892 字", "579 CJK", `claims._UNITS`).
_UNIT_LAST = frozenset(u[-1] for u in _UNITS)
# What ends the clause a sum's parts are in ("," only when it does not group digits: "2,892").
_PART_BREAKS = frozenset("；;|，：:（）()=＝")


def parts_run_on(end: str) -> bool:
    """Whether a line (without its trailing white space, ending with a digit) ends among a sum's parts written
    without parentheses: the clause it ends with (after its last "=", "；", "，", parenthesis…) holds a "+"
    ("合计 4,417 = 主体 2,892 + 反方 579", "主体 2,892 + 反方 579"). The next line must still go on with "+" or "="."""
    i = len(end) - 1
    while i >= 0:
        ch = end[i]
        if ch in _PART_BREAKS or (ch == "," and not (end[i - 1:i].isdigit() and end[i + 1:i + 2].isdigit())):
            break
        i -= 1
    return end.find("+", i + 1) >= 0 or end.find("＋", i + 1) >= 0


def figure_unit_end(end: str) -> bool:
    """Whether a line (without its trailing white space) ends with a figure and its unit ("- 主体 2,892 字",
    "CJK 实测 3,838 CJK"): it may go on as a line ending with a figure does."""
    if end[-1:] not in _UNIT_LAST:
        return False
    for unit in _UNITS:
        if end.endswith(unit):
            figure = end[:-len(unit)].rstrip()
            if figure[-1:].isdigit():
                return True
    return False


def total_then_equals(end: str) -> bool:
    """Whether a line ends with "=" right after a figure ("合计 4,417 ="): its parts are on the next line."""
    return end[-1:] in _EQUALS and any(ch.isdigit() for ch in end[-6:-1])


def sum_open(end: str) -> bool:
    """Whether a line (without its trailing white space) leaves a stated sum open: it ends with "+", its last
    opening parenthesis is not closed and holds a "+" or nothing, it ends among the parts of a sum written without
    parentheses (`parts_run_on`) or with a total and its "=" (`total_then_equals`)."""
    if not end:
        return False
    if end[-1] in _PLUS:
        return True
    if end[-1].isdigit():
        return parts_run_on(end)
    if end[-1] in _EQUALS:
        return total_then_equals(end)
    at = max(end.rfind("（"), end.rfind("("))
    if at < 0 or end.find("）", at) >= 0 or end.find(")", at) >= 0:  # (searched in place: no slice of the rest)
        return False
    return end.find("+", at) >= 0 or end.find("＋", at) >= 0 or not end[at + 1:].strip()


def open_end(line: str, compiled) -> str:
    """The last characters of a line that may end in a claim's label (it holds a literal some claim pattern needs,
    and does not end with a figure or a closing mark), or the whole line when it leaves a stated sum open (its
    total and label are before the parenthesis); "" for every other line.

    (Run on every line of every analysis: `sum_open` is written out here, its cheapest tests first: a line ending
    with a closing parenthesis closes its last one, and a parenthesis left open holds a "+" or ends the line.)"""
    end = line.rstrip()
    if not end:
        return ""
    last = end[-1]
    if last == "+" or last == "＋":
        return end  # a sum going on
    if last != "）" and last != ")" and ("+" in end or "＋" in end or last == "（" or last == "("):
        # the last opening parenthesis (a search from the end goes character by character in a Chinese line: a
        # test that there is one at all, done a machine word at a time, comes first)
        at = end.rfind("（") if "（" in end else -1
        if "(" in end:
            narrow = end.rfind("(", at + 1)
            if narrow > at:
                at = narrow
        if at >= 0 and end.find("）", at) < 0 and end.find(")", at) < 0 and (
                end.find("+", at) >= 0 or end.find("＋", at) >= 0 or at == len(end) - 1):
            return end  # an open parenthesis with a "+" or nothing in it ("end" has no trailing white space)
    if last in _SHUT:  # (one look-up for most lines)
        return ""
    if last == "*" or last == "_":
        bare = end.rstrip("*_")  # "CJK 实测 **3,838**": a figure in bold, which the next line may go on with
        if bare[-1:].isdigit():
            return end
    if last.isdigit():
        # "= 主体 2,892 + 反方 579": parts going on; any other figure may be a total, a fraction or a sum's first
        # part the next line goes on with ("（主体 2,892 + …）", "= 67%", "+ 反方 579 = 3,471": `goes_on` tells)
        return end
    if last in _RUNS_ON:  # ("=", "/", "、": rare at a line's end)
        if last in _EQUALS:
            return end if total_then_equals(end) else ""  # "合计 4,417 =": the parts on the next line
        if end[-2:-1].isdigit() and _may_hold_label(end[-_TAIL:], compiled):
            return end  # "各主线 CJK 159/194/": a list going on (the whole line: its members there are read again)
        return ""
    if last in _UNIT_LAST and figure_unit_end(end):
        return end  # "- 主体 2,892 字": a figure and its unit, which the next line may go on with as with a figure
    tail = end[-_TAIL:]
    plan = getattr(compiled, "plan", None) or _plan(compiled)
    if plan[0]:
        return tail  # a pattern that needs no known literal may end here
    for probe, word, _ in plan[1]:
        if probe in tail and word in tail:
            return tail
    return ""


def _may_hold_label(tail: str, compiled) -> bool:
    """Whether `tail` holds a literal some claim pattern needs (what `open_end` tests, written out there)."""
    plan = getattr(compiled, "plan", None) or _plan(compiled)
    return bool(plan[0]) or any(probe in tail and word in tail for probe, word, _ in plan[1])


def starts_with_figure(line: str) -> bool:
    head = line.lstrip()[:2]
    return bool(head) and (head[0].isdigit() or (head[0] in _FIGURE_START and head[1:2].isdigit()))


def goes_on(tail: str, line: str) -> bool:
    """Whether `line` may complete a claim the line ending in `tail` (its `open_end`) began: it starts with a
    figure, or it goes on with a sum `tail` leaves open ("+ 元信息 950）", "= 4,417" after parts; any line after a
    "+", a "（" or a total's "="), or with the figure `tail` ends with (`figure_goes_on`; in bold too: "**3,838**")."""
    tail = _figure_unmarked(tail)
    if tail[-1].isdigit():
        head = line.lstrip()[:1]
        if head in _PLUS:
            return True  # parts going on, or a sum's first part and the next
        if head.isdigit() or head in _FIGURE_START or head in _EQUALS or head in _OPENING:
            return ((starts_with_figure(line) or head in _EQUALS) and parts_run_on(tail)
                    or figure_goes_on(tail, line))
        return False
    if starts_with_figure(line):
        return True
    if not sum_open(tail):
        # "- 主体 2,892 字" / "+ 反方 579 字 = 3,471 字": as after a figure without its unit
        return figure_unit_end(tail) and (line.lstrip()[:1] in _PLUS or figure_goes_on(tail, line))
    head = line.lstrip()[:1]
    if not head:
        return False
    if tail[-1].isdigit():  # parts without parentheses: only a "+" or the "=" of their total goes on with them
        return head in _PLUS or head in _EQUALS
    return head in _PLUS or tail[-1] in _PLUS or tail[-1] in _OPENING or tail[-1] in _EQUALS


def _figure_unmarked(tail: str) -> str:
    """`tail` without the emphasis marks after the figure it ends with ("CJK 实测 **3,838**" ends with 3,838, as
    Markdown shows it: claims_in_line reads the join so)."""
    if tail[-1] != "*" and tail[-1] != "_":
        return tail
    bare = tail.rstrip("*_")
    return bare if bare[-1:].isdigit() else tail


def figure_goes_on(tail: str, line: str) -> bool:
    """Whether `line` goes on with the figure `tail` ends with (no sum's parts before it): a total's parts in
    parentheses or after its "=" ("CJK 实测 3,838" / "（主体 2,892 + 反方 579 + 元信息 950）", "合计 4,417" / "= 主体
    2,892 + …"), or a fraction's share ("verifiability 4/6" / "= 67%", "（67%）")."""
    head = line.lstrip()[:1]
    if head in _OPENING or head in _EQUALS:
        if "+" in line or "＋" in line:
            return True
    elif head != "≈":
        return False
    return ("%" in line or "％" in line) and ("/" in tail[-12:] or "／" in tail[-12:])


def sum_goes_on(tail: str, line: str) -> bool:
    """Whether `tail` + `line` may state a sum across the two: `tail` leaves one open (`sum_open`), or ends with a
    figure the next line goes on with by a "+", its parts in parentheses or after an "="."""
    tail = _figure_unmarked(tail)
    if sum_open(tail):
        return True
    return line.lstrip()[:1] in "+＋（(=＝" and (tail[-1].isdigit() or figure_unit_end(tail))


def claims_across(tail: str, line: str, own: Sequence[RawClaim], compiled, sum_metric: str,
                  sum_context: str, before: Sequence[RawClaim] = ()
                  ) -> tuple[tuple[RawClaim, ...], tuple[RawClaim, ...]]:
    """The claims of `tail` + `line` read as one paragraph that neither line has alone: (those of the line before,
    `tail` being that whole line: a sum it leaves open and its labelled parts there; those of `line`, with
    `line`'s columns: a value whose label ends the line before, a sum's labelled parts and a total written after
    its closing parenthesis). `own` and `before`: the claims each line has alone."""
    head = line.lstrip()
    lead = len(line) - len(head)
    joined = f"{tail} {head}"
    at = len(tail) + 1  # where `head` starts in `joined`
    found = claims_in_line(joined, compiled, sum_metric, sum_context)
    if not found:
        return (), ()
    summed = sum_goes_on(tail, line)
    have = {(rc.kind, rc.metric, rc.position, rc.column, rc.claimed) for rc in own}
    had = {(rc.kind, rc.metric, rc.position, rc.column, rc.claimed): rc for rc in before}
    out, earlier = [], []
    for rc in found:  # (a ratio is on the line of its share: one whose fraction ends the line before is new)
        # a stated sum or one of its labelled parts (a ratio's scope_index is -1 too)
        of_sum = rc.kind == "sum" or rc.scope_index < 0 and rc.kind == "value"
        if of_sum and not summed:
            continue
        if rc.column - 1 < at:
            alone = had.get((rc.kind, rc.metric, rc.position, rc.column, rc.claimed))
            if of_sum and (alone is None or len(alone.parts) < len(rc.parts)):
                earlier.append(rc)  # a sum the line before leaves open (or reads short alone), or its parts there
            elif alone is not None and alone.members and alone.members != rc.members:
                earlier.append(rc)  # "各主线 CJK 159/194/" / "207": a list of 3, and 194 does not end it
            continue
        column = rc.column - at + lead
        if (rc.kind, rc.metric, rc.position, column, rc.claimed) in have:
            continue
        out.append(RawClaim(rc.kind, rc.metric, rc.scope_index, rc.scope_label, rc.text, column, rc.value_text,
                            rc.claimed, rc.parts, rc.approx, rc.position, rc.last_of, rc.unfinished, rc.members,
                            rc.places))
    return tuple(earlier), tuple(out)


# How many lines a sum kept open may take ("3,838（主体 2,892" / "+ 反方 579" / "+ 元信息 950）" takes 3): a line's
# claims across lines depend on at most the SUM_LINES - 1 lines before it (the Analyzer reads that many again after
# an edit).
SUM_LINES = 8


def joined_lines(lines: Sequence[str]) -> tuple[str, list[int], list[int]]:
    """Lines read as one paragraph, as a sum kept open over them is: (joined by a space, the white space at each join
    dropped; where each line starts in it; the white space each line lost at its start)."""
    if len(lines) == 1:
        return lines[0], [0], [0]
    texts = [lines[0].rstrip()]
    leads = [0]
    for k in range(1, len(lines)):
        text = lines[k]
        head = text.lstrip()
        texts.append(head if k == len(lines) - 1 else head.rstrip())
        leads.append(len(text) - len(head))
    starts = []
    at = 0
    for t in texts:
        starts.append(at)
        at += len(t) + 1
    return " ".join(texts), starts, leads


def claims_across_lines(before: Sequence[str], line: str, owns: Sequence[Sequence[RawClaim]],
                        own: Sequence[RawClaim], compiled, sum_metric: str, sum_context: str
                        ) -> tuple[tuple[RawClaim, ...], ...]:
    """The claims of a sum kept open over the lines `before` (each going on with the sum the one before it leaves
    open, `sum_goes_on`) and `line`, read as one paragraph, that no line has alone: one tuple per line, in order
    (`claims_across` over more than two lines). `owns`: the claims each line of `before` has alone; `own`: `line`'s.
    Each claim is on the line it is written on, with that line's column: a sum on the line of its total, each
    labelled part on its own line ("CJK 实测 29（header 6 + §0 5" / "+ §一 99" / "+ footer 2）")."""
    joined, starts, leads = joined_lines([*before, line])
    found = claims_in_line(joined, compiled, sum_metric, sum_context)
    last = len(starts) - 1
    out: list[list[RawClaim]] = [[] for _ in starts]
    if not found:
        return tuple(map(tuple, out))
    alone = [{(rc.kind, rc.metric, rc.position, rc.column, rc.claimed): rc for rc in claims} for claims in (*owns, own)]
    for rc in found:
        k = bisect_right(starts, rc.column - 1) - 1
        column = rc.column - starts[k] + leads[k]
        had = alone[k].get((rc.kind, rc.metric, rc.position, column, rc.claimed))
        if k < last:
            of_sum = rc.kind == "sum" or rc.scope_index < 0 and rc.kind == "value"
            if not (of_sum and (had is None or len(had.parts) < len(rc.parts))
                    or had is not None and had.members and had.members != rc.members):
                continue  # (as in `claims_across`: what the line reads alone, not a sum or its parts)
        elif had is not None:
            continue
        out[k].append(rc if column == rc.column else
                      RawClaim(rc.kind, rc.metric, rc.scope_index, rc.scope_label, rc.text, column, rc.value_text,
                               rc.claimed, rc.parts, rc.approx, rc.position, rc.last_of, rc.unfinished, rc.members,
                               rc.places))
    return tuple(map(tuple, out))


def merged_across(one: tuple[RawClaim, ...], other: tuple[RawClaim, ...]) -> tuple[RawClaim, ...]:
    """The claims two joins found on the same line, each once: the lines of a sum kept open over several are read
    by each join of them ("合计 4,417 = 主体 2,892 + 反方 579" / "+ 元信息 946" / "+ 其他 12": the second join reads
    元信息 946 again), and a sum read by both keeps its longest reading."""
    seen = {_key(rc) for rc in one}
    both = with_claims_across(one, tuple(rc for rc in other if _key(rc) not in seen))
    longest: dict[tuple, int] = {}
    for rc in both:
        if rc.kind == "sum" and len(rc.parts) > longest.get((rc.column, rc.claimed), -1):
            longest[(rc.column, rc.claimed)] = len(rc.parts)
    if not longest:
        return both
    return tuple(rc for rc in both if rc.kind != "sum" or len(rc.parts) == longest[(rc.column, rc.claimed)])


def _key(rc: RawClaim) -> tuple:
    return (rc.kind, rc.metric, rc.scope_index, rc.scope_label, rc.column, rc.claimed, rc.parts, rc.position,
            rc.last_of, rc.approx, rc.members, rc.places)


def with_claims_across(own: tuple[RawClaim, ...], across: tuple[RawClaim, ...]) -> tuple[RawClaim, ...]:
    """A line's claims with those it completes, in column order; a sum read with the next line replaces the same
    total read short on its line alone ("合计 4,417 = 2,892 + 579" / "+ 946")."""
    longer = {(rc.column, rc.claimed): len(rc.parts) for rc in across if rc.kind == "sum"}
    if longer:
        own = tuple(rc for rc in own if not (rc.kind == "sum" and longer.get((rc.column, rc.claimed), 0) > len(rc.parts)))
    # (a list read with the next line: its members read alone are of a shorter list, the last one alone not the last)
    going_on = {(rc.metric, rc.column, rc.position) for rc in across if rc.kind == "value" and rc.members}
    if going_on:
        own = tuple(rc for rc in own if not (rc.members and (rc.metric, rc.column, rc.position) in going_on))
    return tuple(sorted((*own, *across), key=_column))


def _column(rc: RawClaim) -> int:
    return rc.column
