"""Judging one rule of the pack against an assembled document (see analyze._Assembly for `asm`)."""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right, insort
from difflib import get_close_matches
from functools import partial
from itertools import chain, compress, repeat
from operator import attrgetter, is_, itemgetter
from typing import TYPE_CHECKING, Callable, Iterable, Iterator, Sequence

from .document import resolve_section_ref
from .line_runs import LineRuns, line_runs
from .model import FINDING_PLACE, SUPPRESSION_REFUSED, Finding, RuleResult, Section
from .numbers import as_int_if_whole, counted, format_count
from .records import with_changes
from .regex_looks import as_words
from .rulepack import RuleDef, Scope, _section_key_name
from .suppression import NOT_UNDERSTOOD, unclosed_blocks

if TYPE_CHECKING:
    from .analyze import Unit, _Assembly


def count_rule(asm: "_Assembly", rule: RuleDef, res: RuleResult) -> None:
    units = asm.units(rule.scope)
    res.limit = limit_text(rule.min, rule.max)
    if not units:
        res.status = "no-match"
        res.note = no_match_note(rule.scope, asm.place, asm.units)
        res.findings.append(Finding(rule.id, rule.level, 1, 1, f"{rule.title}: {res.note}"))
        return
    values: list[float | int | None] = []
    # A minimum is met only by what a reader sees: a counter-argument commented out while it is rewritten is not
    # one of 150 CJK. (A maximum counts everything, as the house counts its total: the safe side.)
    blocks = asm.comment_blocks() if rule.min is not None else ()
    unseen_total = 0.0
    items = rule.scope.items
    for u in units:
        v = asm.count(rule.counter, u.ranges)
        if v is None:
            values.append(None)
            continue
        if items:
            v -= asm.item_marks(rule.counter, u)  # (a list item's text: not its marker, nor its indentation)
        hidden = 0.0
        if blocks:
            seen = seen_ranges(u.ranges, blocks)
            if seen is not None:
                hidden = v - (asm.count(rule.counter, seen) or 0.0)
                unseen_total += hidden
        shown = v - hidden  # what the published survey shows: what a minimum is met by
        values.append(as_int_if_whole(v if rule.max is not None else shown))
        if rule.max is not None and v > rule.max:
            line = crossing_line(asm, rule.counter, u, rule.max)
            res.findings.append(Finding(rule.id, rule.level, line, 1,
                                        f"{u.label}: {format_count(v)} > {format_count(rule.max)} "
                                        f"({format_count(v - rule.max)} over; the limit is passed on line {line})",
                                        as_int_if_whole(v), as_int_if_whole(rule.max)))
        if rule.min is not None and shown < rule.min:
            unseen = f"; {format_count(hidden)} more in comment blocks, not counted" if hidden else ""
            res.findings.append(Finding(rule.id, rule.level, u.line, 1,
                                        f"{u.label}: {format_count(shown)} < {format_count(rule.min)} "
                                        f"({format_count(rule.min - shown)} short{unseen})",
                                        as_int_if_whole(shown), as_int_if_whole(rule.min)))
    res.measured = values[0] if len(units) == 1 and not (rule.scope.each or rule.scope.items) else values
    res.line = units[0].line
    res.note = f"{len(units)} {'items' if rule.scope.items else 'units'} measured" if len(units) > 1 else ""
    if unseen_total and rule.max is None:
        res.note += f"{'; ' if res.note else ''}{format_count(unseen_total)} in comment blocks not counted"
    ambiguous_scope(rule, res, units, asm)


def ambiguous_scope(rule: RuleDef, res: RuleResult, units: Sequence["Unit"], asm: "_Assembly") -> None:
    """A scope naming a number two headings share ({section = "3.1"} with two "3.1") was measured on the first of
    them only: a finding says so, where the other heading is, so the rule never passes on a guess. A scope naming
    places the survey lacks (§3.3 of sections = ["3.1", "3.2", "3.3"], cut) was measured without them: said too,
    as a scope matching nothing at all is."""
    if units and units[0].missing:
        res.findings.extend(Finding(rule.id, rule.level, units[0].line, 1, f"{rule.title}: {where} not found; measured without it")
                            for where in units[0].missing)
    elif units and rule.scope.kind == "heading" and rule.scope.each and not rule.scope.items:
        # a numbered scope's section the survey lacks (§3.1 of '^3\.\d+$' with 3.2, 3.3 left: its heading cut, or
        # written so that it is no heading, "3.1、…") was passed over: the sections left passed the rule for it
        res.findings.extend(Finding(rule.id, rule.level, units[0].line, 1, f"{rule.title}: {where} not found; measured without it")
                            for where in asm.numbers_missing(rule.scope, units))
    said: set[str] = set()
    for u in units:
        for number, lines in u.shared:
            if number not in said:
                said.add(number)
                res.findings.append(Finding(rule.id, rule.level, lines[1], 1,
                                            f"§{number.lstrip('§')}{_ambiguous_because(lines)}; measured the first only"))

def seen_ranges(ranges: Sequence[tuple[int, int]], blocks: Sequence[tuple[int, int]]) -> list[tuple[int, int]] | None:
    """`ranges` (inclusive line ranges) without the lines of `blocks` (sorted, not overlapping); None when no block
    meets them (the usual case: nothing to recount)."""
    out: list[tuple[int, int]] | None = None
    starts = [s for s, _ in blocks]
    for k, (a, b) in enumerate(ranges):
        j = max(0, bisect_right(starts, a) - 1)  # the last block starting at or before a, then those after
        pieces, lo = [], a
        while j < len(blocks) and blocks[j][0] <= b:
            s, e = blocks[j]
            if e >= lo:
                if s > lo:
                    pieces.append((lo, s - 1))
                lo = max(lo, e + 1)
            j += 1
        if lo == a and not pieces:
            if out is not None:
                out.append((a, b))
            continue
        if lo <= b:
            pieces.append((lo, b))
        if out is None:
            out = list(ranges[:k])
        out.extend(pieces)
    return out


def crossing_line(asm: "_Assembly", counter: str, unit: Unit, limit: float) -> int:
    """First line at which the running count passes the limit: where the user must cut."""
    col = asm.cols.get(counter)
    if col is None:
        return unit.line
    base = 0.0
    cum = asm.cum.built(counter)
    for a, b in unit.ranges:
        if cum is not None:  # running totals at hand: a binary search
            start = cum[a - 1]
            target = limit - base + start
            if cum[b] > target:
                return max(a, bisect_right(cum, target, a - 1, b + 1))
            base += cum[b] - start
            continue
        for ln in range(a, b + 1):  # else a walk that stops where the limit is passed
            base += col[ln - 1]
            if base > limit:
                return ln
    return unit.line


def heading_matches(rx: re.Pattern[str], s: Section) -> bool:
    """A pack's heading pattern (a required section's, a heading scope's) is searched in the heading as written
    after its # marks ("4 Limitations"), in its title alone ("Limitations") and in its number ("4.4"): the same
    pattern finds the same sections wherever a pack uses it ('^Limitations$' once found "## 4 Limitations" as a
    required section but matched nothing as a scope). An unnumbered heading has no number to search: its key ("h26",
    its line) is the program's, and '\\d' or '^(?!Title)' found every unnumbered heading in it."""
    return bool(rx.search(s.title) or rx.search(f"{s.number} {s.title}".strip())
                or (s.number and rx.search(s.key.split("#")[0])))


def _numbered(number: str, section: Section) -> bool:
    """Whether the section has that number (or is a later one of that number: "4.4#2")."""
    return section.key == number or section.key.startswith(number + "#")



def required_section(asm: "_Assembly", rule: RuleDef, res: RuleResult) -> None:
    rx = re.compile(rule.heading) if rule.heading else None
    res.limit = "present"
    res.scope = (f"{asm.place(rule.number)} " if rule.number else "") + (f"heading ~ `{rule.heading}`" if rule.heading else "")
    sections = asm.outline.sections
    # The sections numbered so (a survey pasted twice has "4.4" and "4.4#2"), looked at lazily: the first
    # that matches is all a passing rule needs, not a pass over the 9,000 sections of a big survey. (A filter:
    # mypyc would build a generator expression here as a whole list.)
    numbered: Iterator[Section] = (filter(partial(_numbered, rule.number), sections)
                                   if rule.number and rule.number in asm.by_key else iter(()))
    first_numbered: Section | None = next(numbered, None)
    candidates = chain((first_numbered,), numbered) if first_numbered is not None else ()
    found = next((s for s in (candidates if rule.number else sections) if rx is None or heading_matches(rx, s)), None)
    if found is not None:
        res.measured = f"{section_label(found)} {found.title}" if found.number else found.title  # not "§4.4#2"
        res.line = found.line
        _present_twice(asm, rule, res, found, rx)
        return
    titled = _titled_like(sections, rx, rule.number)
    stray = _stray_numbered(asm.outline.strays, rule.number) if rule.number and first_numbered is None else None
    if stray is not None:  # moved under another top section, where it is no section: there, not at a look-alike
        msg = (f"{asm.place(rule.number)} is missing: {stray.number} on line {stray.line} sits under §{stray.top.lstrip('§')} "
               f"(line {stray.top_line})")
        line = stray.line
    elif first_numbered is not None:
        msg = f"{asm.place(rule.number)} exists but its heading does not match `{rule.heading}`"
        line = first_numbered.line
    elif titled is not None and rule.number and _holds(titled, rule.number):
        # only the chapter that should hold it matches ("四、… / 法律"): no look-alike, the place it is missing from
        msg = (f"{asm.place(rule.number)} is missing: {section_label(titled)} holds no section whose heading matches "
               f"`{rule.heading}`")
        line = titled.line
    elif titled is not None:
        msg = f"a section matches `{rule.heading}` ({section_label(titled)}) but {asm.place(rule.number)} is missing"
        line = titled.line
    else:
        msg = f"no section {(asm.place(rule.number) + ' ') if rule.number else ''}with a heading matching `{rule.heading}`"
        line = 1
    res.measured = "missing"
    res.findings.append(Finding(rule.id, rule.level, line, 1, rule.message or msg))


def _titled_like(sections, rx, number: str | None):
    """The section whose heading matches, where the required number is missing: one at that number's depth (a §4.4
    renumbered §4.5), else one at another depth that does not hold that number (§4.4 promoted to "五、法律…"),
    before the one that does, whose title happens to match too (§四 "… / 法律")."""
    if rx is None:
        return None
    depth = number.count(".") + 1 if number else None
    other = holder = None
    for s in sections:
        if heading_matches(rx, s):
            if depth is None or s.level == depth:
                return s
            if number and _holds(s, number):
                holder = holder or s
            else:
                other = other or s
    return other or holder


def _holds(s: Section, number: str) -> bool:
    """Whether section `s` is one that holds the section numbered `number` (§四 of "4.4"), a later twin's too."""
    return number.startswith(s.key.split("#")[0] + ".")


def _stray_numbered(strays, number: str):
    """The sub-section numbered `number` left under another top section (see document.strays_of), if any."""
    return next((s for s in strays if _canonical(s.number) == number), None)


_TITLE = attrgetter("title")
_REQUIRED = attrgetter("required")


def _present_twice(asm: "_Assembly", rule: RuleDef, res: RuleResult, found: Section, rx) -> None:
    """A required section found more than once (the legal section pasted twice, kept or renumbered): it is there,
    so the rule passes, but a warning names every copy's line; the survey should have one. A copy is a heading of
    the same number, or of the same title at the same level, that the rule's pattern matches too."""
    base = found.key.split("#")[0]
    sections, starts = asm.outline.sections, asm.section_starts
    # the headings of the same number (found by their lines), and those of the same title at the same level (the
    # titles compared in C: not a Python step for each of the 9,000 sections of a big survey, at every Enter)
    copies = [sections[bisect_left(starts, ln)] for ln in asm.repeated.get(base, ())] if found.number else []
    if found.title:
        copies += [s for s in compress(sections, map(found.title.__eq__, map(_TITLE, sections)))
                   if s.level == found.level]
    lines = sorted({s.line for s in copies if rx is None or heading_matches(rx, s)} | {found.line})
    if len(lines) < 2:
        return
    label = res.measured
    if len(lines) == 2:
        msg = f"{label} is in the survey twice: lines {lines[0]} and {lines[1]}; keep one"
    else:
        shown = ", ".join(map(str, lines[:4])) + (", …" if len(lines) > 4 else "")
        msg = f"{label} is in the survey {len(lines)} times (lines {shown}); keep one"
    level = "warning" if rule.level == "error" else rule.level  # not a missing section: no error
    res.findings.append(Finding(rule.id, level, lines[1], 1, msg))
    res.measured = f"{len(lines)}× {label}"  # (first: a narrow Measured column elides the end of a long title)
    res.note = f"present {len(lines)} times"


def forbidden_rule(asm: "_Assembly", rule: RuleDef, res: RuleResult) -> None:
    idx = next(i for i, (r, _) in enumerate(asm.az._forbidden) if r.id == rule.id)
    units = asm.units(rule.scope)
    ranges = [r for u in units for r in u.ranges]
    res.limit = "0"
    if not units:  # a scope matching nothing ("Results" renamed) passed as "0 found": said, as for the other kinds
        res.status = "no-match"
        res.note = no_match_note(rule.scope, asm.place, asm.units)
        res.findings.append(Finding(rule.id, rule.level, 1, 1, f"{rule.title}: {res.note}"))
        return
    for i, hits in asm.forbidden_lines:
        matches = hits[idx]
        if matches and in_ranges(i + 1, ranges):
            for c, said in matches:  # the text found, not the pattern (which of several matched, and its look-behinds)
                res.findings.append(Finding(rule.id, rule.level, i + 1, c, rule.message or f'forbidden: "{said}"'))
    res.measured = len(res.findings)
    res.line = units[0].line  # where its scope starts, as for a count rule (it was null when passing)
    ambiguous_scope(rule, res, units, asm)

def _pattern_shown(pattern: str) -> str:
    """A required pattern as the user reads it: the words it matches in quotes, or the regex as written."""
    words = as_words(pattern)
    return f'"{words}"' if words else f"`{pattern}`"


def required_rule(asm: "_Assembly", rule: RuleDef, res: RuleResult) -> None:
    offset = 0
    for r, rxs in asm.az._required:
        if r.id == rule.id:
            break
        offset += len(rxs)
    units = asm.units(rule.scope)
    res.limit = "all of " + ", ".join(map(_pattern_shown, rule.patterns))
    if not units:
        res.status = "no-match"
        res.note = no_match_note(rule.scope, asm.place, asm.units)
        res.findings.append(Finding(rule.id, rule.level, 1, 1, f"{rule.title}: {res.note}"))
        return
    present = 0
    facts = asm.facts
    found_by = [itemgetter(offset + j) for j in range(len(rule.patterns))]  # (a line's flag for each pattern)
    blocks = asm.comment_blocks()  # (a part written only in a comment block is not in the published survey)
    for u in units:
        ranges = u.ranges
        if blocks:
            seen = seen_ranges(ranges, blocks)
            if seen is not None:
                ranges = seen
        # the flags of the unit's lines, each pattern looked for among them in C (a survey pasted many times over
        # has ~3,600 counter-argument items, three patterns each, judged again after every Enter)
        if len(ranges) == 1 and ranges[0][0] >= 1:
            flags = list(map(_REQUIRED, facts[ranges[0][0] - 1:ranges[0][1]]))
        else:
            flags = [facts[ln - 1].required for a, b in ranges for ln in range(a, b + 1)]
        missing = [pat for pat, found in zip(rule.patterns, found_by) if not any(map(found, flags))]
        if missing:
            res.findings.append(Finding(rule.id, rule.level, u.line, 1,
                                        rule.message or f"{u.label} lacks " + ", ".join(map(_pattern_shown, missing))))
        else:
            present += 1
    res.measured = f"{present}/{len(units)}"
    res.line = units[0].line
    ambiguous_scope(rule, res, units, asm)

# The privacy dimensions as the privacy rule's scope names them, in privacy.DIMENSIONS' order.
_DIMENSION_WORDS = {"ip": "ip", "secret": "secrets", "name": "names", "path": "paths", "org": "org codes"}
NOTHING_SCANNED = "the pack's [privacy] dimensions is empty: nothing is scanned"


def privacy_scope(dimensions) -> str:
    """What the scan covers, as the pack configures it (`[privacy] dimensions`): all five, "only org codes (not ip ·
    secrets · names · paths)", or "no dimension". It was "ip · secrets · names · paths · org codes" whatever the pack said,
    so a pack scanning nothing passed as having scanned everything."""
    scanned = [w for d, w in _DIMENSION_WORDS.items() if d in dimensions]
    if len(scanned) == len(_DIMENSION_WORDS):
        return " · ".join(scanned)
    if not scanned:
        return "no dimension"
    unscanned = [w for d, w in _DIMENSION_WORDS.items() if d not in dimensions]
    return f"only {' · '.join(scanned)} (not {' · '.join(unscanned)})"


def privacy_rule(asm: "_Assembly", rule: RuleDef, res: RuleResult) -> None:
    res.measured = len(asm.privacy)
    res.limit = f"≤ {format_count(rule.max or 0)}"
    dimensions = asm.az._privacy_cfg.dimensions
    res.scope = privacy_scope(dimensions)
    if not dimensions:  # never a silent pass: a scan of nothing is a scope that matches nothing
        res.status = "no-match"
        res.note = NOTHING_SCANNED
        res.findings.append(Finding(rule.id, rule.level, 1, 1, f"{rule.title}: {res.note}"))
        return
    if len(asm.privacy) > (rule.max or 0):
        for h in asm.privacy:
            res.findings.append(Finding(rule.id, rule.level, h.line, h.column,
                                        f"private data ({h.dimension}): {h.masked}"))

def verifiability_rule(asm: "_Assembly", rule: RuleDef, res: RuleResult) -> None:
    units = asm.units(rule.scope)
    ids = asm.ids_in([r for u in units for r in u.ranges]) if units else set()
    least = rule.min  # (a verifiability rule has one: rulepack; an int or a float: `rule.min` is what is shown)
    assert least is not None
    res.limit = f"≥ {least * 100:.0f}%"
    if not ids:
        res.status = "no-match"
        res.note = no_match_note(rule.scope, asm.place, asm.units) if not units else f"no arXiv ids in {rule.scope.describe(asm.place)}"
        res.findings.append(Finding(rule.id, rule.level, 1, 1, f"{rule.title}: {res.note}"))
        asm.verifiability_why = res.note  # (a stated verifiability says why it is not measured)
        return
    refs = [r for r in asm.references if r.id in ids]
    unanswered = [r for r in refs if r.status in NO_ANSWER]
    res.line = units[0].line
    ambiguous_scope(rule, res, units, asm)
    if not asm.verdicts or len(unanswered) == len(refs):
        res.status = "not-measured"
        res.note = f"{len(refs)} main citations; run arXiv verification to measure"
        if asm.verdicts:
            res.note = f"arXiv gave no answer for the {len(refs)} main citations ({_statuses(unanswered)}): not measured"
        asm.verifiability_why = res.note
        return
    if unanswered:  # a failed request is not a failed citation: say so instead of scoring it 0
        verified = sum(1 for r in refs if r.status == "verified")
        res.status = "not-measured"
        res.measured = f"≥ {verified}/{len(refs)}"
        res.note = (f"{len(unanswered)} of {len(refs)} main citations could not be checked "
                    f"({_statuses(unanswered)}); verify again")
        asm.verifiability_why = res.note
        return
    verified = sum(1 for r in refs if r.status == "verified")
    share = verified / len(refs)
    asm.verifiability_pct = round(share * 100, 2)
    asm.verifiability_exact = share * 100  # what a stated share is judged against, at the decimals it is written with
    res.measured = f"{verified}/{len(refs)} = {share * 100:.0f}%"
    if share < least:
        res.findings.append(Finding(rule.id, rule.level, units[0].line, 1,
                                    f"only {verified} of {len(refs)} main citations verified "
                                    f"({share * 100:.0f}% < {least * 100:.0f}%)", share, rule.min))

NO_ANSWER = ("unverified", "unavailable", "rate limited")


def _statuses(refs) -> str:
    return ", ".join(sorted({r.status for r in refs}))


def references_rule(asm: "_Assembly", rule: RuleDef, res: RuleResult) -> None:
    res.limit = "0 malformed"
    res.scope = "arXiv ids"
    for r in asm.references:
        if r.status in ("malformed", "impossible id"):
            for occ in r.occurrences:
                res.findings.append(Finding(rule.id, rule.level, occ.line, occ.column,
                                            f"{r.status.removesuffix(' id')} arXiv id {occ.raw}: {r.problem}"))
    res.measured = sum(1 for r in asm.references if r.status in ("malformed", "impossible id"))
    res.note = counted(len(asm.references), "distinct id")

def section_refs_rule(asm: "_Assembly", rule: RuleDef, res: RuleResult) -> None:
    """Every § reference in the prose ("见 §3.2", "§八.3 = 67%") names a section of the survey: a section renamed,
    renumbered or cut leaves references to it behind, and two headings numbered 3.1 leave "§3.1" naming either."""
    res.limit = "0 naming no section or more than one"
    res.scope = "§ references"
    said = {key: _ambiguous_because(lines) for key, lines in asm.repeated.items()}
    for st in asm.outline.strays:  # "§8.2" once 8.2 sits under §九: names no section, but says where 8.2 went
        said.setdefault(_STRAY_KEY + _canonical(st.number), f" ({st.number} is on line {st.line}, under §{st.top})")
    # A line's findings are the last pass's when its references and the words for each number are (moved along
    # after an Enter, as the references are): in a survey pasted many times over, every one of its ~20,000
    # references is ambiguous, and remaking them all after each edit cost ~30 ms.
    origin: _Assembly | None  # (the pass whose findings are reused, if any)
    origin, a, b, d = asm.ref_origin  # type: ignore[misc]  # (set before the rules run)
    last: tuple[dict[str, str], LineRuns] | None = origin.ref_found.get(rule.id) if origin is not None else None
    refs = asm.ref_runs

    def make(k: int) -> tuple[list[Finding], int]:  # a line's findings, and how many of its references name no section
        return _ref_findings(rule, refs.of(k), said)

    remake: set[int] | tuple = ()
    if last is not None and last[0] != said:
        # Some words changed (a repeated number's lines, a stray sub-section's line, moved by an Enter above them):
        # only the lines whose references read those are made again.
        remake = _reading(refs, {k for k in said.keys() | last[0].keys() if said.get(k) != last[0].get(k)})
    found = line_runs(refs.at, refs.src, last[1] if last is not None else None, a, b, d, make, remake=remake)
    res.findings.extend(found.objects)
    naming_none = sum(found.extra)
    asm.ref_found[rule.id] = (said, found)
    # A sub-section left under another top section ("8.1" under "九、" once 八 became 九) is named by its number
    # nowhere it can be found: said where it stands.
    if asm.outline.strays:  # (rare: kept in line order among the references' findings)
        res.findings.extend(Finding(rule.id, rule.level, s.line, 1, stray_message(s, asm.place)) for s in asm.outline.strays)
    # A heading copied further down (two "3.1"): said at the copy, with both lines, whether or not a § reference
    # names it (a scope or a claim about that number is not measured then, and said so where it is).
    headed = [Finding(rule.id, rule.level, lines[1], 1, headed_twice_message(_written(asm, key), lines))
              for key, lines in asm.repeated.items()]
    if asm.outline.strays:
        res.findings.extend(headed)
        res.findings.sort(key=FINDING_PLACE)
    else:  # (a few, each put in its line's place: not a sort of a pasted survey's ~20,000 reference findings)
        for f in headed:
            insort(res.findings, f, key=FINDING_PLACE)
    res.measured = len(res.findings)
    res.note = _section_refs_note(asm, len(res.findings) - len(headed), naming_none, headed=len(headed))


def _reading(refs, keys: set[str]) -> set[int]:
    """The k of the lines (in `refs`, the runs of § references) with a reference whose finding reads one of the words
    for these keys (see _ref_findings): a number's, or, for a reference naming no section, its stray sub-section's."""
    objects = refs.objects
    at: Iterable[int] = compress(range(len(objects)), map(keys.__contains__, map(_KEY, objects)))
    if any(k.startswith(_STRAY_KEY) for k in keys):
        unnamed = compress(range(len(objects)), map(is_, map(_KEY, objects), repeat(None)))
        at = chain(at, (j for j in unnamed if _STRAY_KEY + (resolve_section_ref(objects[j].text) or "") in keys))
    return {bisect_right(refs.offs, j) - 1 for j in at}


_KEY = attrgetter("key")


def _ref_findings(rule: RuleDef, refs, said: dict[str, str]) -> tuple[list[Finding], int]:
    """The findings of one line's § references (those naming no section, or a number two headings share), and how
    many name no section."""
    out = []
    none = 0
    for ref in refs:
        if ref.key is None:
            where = said.get(_STRAY_KEY + (resolve_section_ref(ref.text) or "")) if len(said) else None
            out.append(Finding(rule.id, rule.level, ref.line, ref.column, ref.text + _NAMES_NONE + (where or "")))
            none += 1
        elif ref.key in said:
            out.append(Finding(rule.id, rule.level, ref.line, ref.column, ref.text + said[ref.key]))
    return out, none


_STRAY_KEY = "stray:"  # (in `said`: a stray's number, beside the repeated numbers)


def _canonical(number: str) -> str:
    return ".".join(str(int(p)) for p in number.split("."))


def stray_message(s, place: Callable[[str], str] = _section_key_name) -> str:
    """ "8.1 is numbered for §八 but sits under §九 (line 85)": both numbers (the first as the survey numbers its
    sections, see `_Assembly.place`), and where the holding section starts."""
    top = place(str(int(s.number.split(".")[0]))) if s.number.split(".")[0].isdecimal() else "§" + s.number.split(".")[0]
    return f"{s.number} is numbered for {top} but sits under §{s.top.lstrip('§')} (line {s.top_line})"


_STRAY = " but sits under §"
_HEADED = "section "  # (how headed_twice_message starts: no reference's or stray's finding does)
_AMBIGUOUS = " is ambiguous: "
_NAMES_NONE = " names no section of the survey"


def _ambiguous_because(lines: tuple[int, ...]) -> str:
    if len(lines) == 2:
        return f"{_AMBIGUOUS}the sections at lines {lines[0]} and {lines[1]} have that number"
    shown = ", ".join(map(str, lines[:4])) + (", …" if len(lines) > 4 else "")
    return f"{_AMBIGUOUS}{len(lines)} sections have that number (lines {shown})"


def _section_refs_note(asm: "_Assembly", findings: int, naming_none: int, strays: int | None = None,
                       headed: int = 0) -> str:
    """`findings`: those of the references and the strays (not the numbers headed more than once, `headed`)."""
    strays = len(asm.outline.strays) if strays is None else strays
    ambiguous = findings - naming_none - strays
    note = f"{len(asm.section_refs)} § references, {naming_none} naming no section"
    note = note + f", {ambiguous} ambiguous" if ambiguous else note
    note = note + f"; {strays} sub-sections under another section's number" if strays else note
    if headed:  # (first: the Chinese window's template reads the rest of the note as it reads it without)
        note = f"{headed} section number{'' if headed == 1 else 's'} headed more than once; {note}"
    return note


def headed_twice_message(number: str, lines: tuple[int, ...]) -> str:
    """ "section 3.1 is headed twice, on lines 32 and 43": a number the survey gives to more than one heading."""
    if len(lines) == 2:
        return f"section {number} is headed twice, on lines {lines[0]} and {lines[1]}"
    shown = ", ".join(map(str, lines[:4])) + (", …" if len(lines) > 4 else "")
    return f"section {number} is headed {len(lines)} times (lines {shown})"


def _written(asm: "_Assembly", key: str) -> str:
    """A section number as the survey writes it ("三", "3.1"), from its first heading."""
    s = asm.by_key.get(key)
    return s.number.lstrip("§") if s is not None and s.number else key




def suppress(asm: "_Assembly", rule: RuleDef, res: RuleResult, silenced: dict[str, set[int]], directives) -> None:
    lines = silenced.get(rule.id)
    if not lines:
        return
    if rule.unsuppressible:
        for ln, d in directives:
            if rule.id in d.rules and d.action != "enable":  # said in line order with the rule's other findings
                insort(res.findings, Finding(rule.id, "warning", ln, d.column,
                                             f"{SUPPRESSION_REFUSED}rule {rule.id} is unsuppressible"),
                       key=FINDING_PLACE)
        return
    kept = [f for f in res.findings if f.line not in lines]
    if len(kept) != len(res.findings):
        _recount(asm, rule, res, kept, lines)
        res.note = (res.note + "; " if res.note else "") + f"{len(res.findings) - len(kept)} suppressed inline"
        res.findings = kept
        if not kept and res.status == "fail":
            res.status = "suppressed"


def _recount(asm: "_Assembly", rule: RuleDef, res: RuleResult, kept: list[Finding], lines: set[int]) -> None:
    """A rule whose measured value counts its hits counts those left after silencing (a count rule measures the
    text, which silencing does not change; claims are recounted by silence_claims)."""
    if rule.kind == "forbidden-pattern":
        res.measured = len(kept)
    elif rule.kind == "figures":
        res.measured = len(kept)
        res.note = f"{counted(len(asm.figures), 'figure group')}, {len(kept)} disagreeing"
    elif rule.kind == "section-refs":
        res.measured = len(kept)
        headed = sum(1 for f in kept if f.column == 1 and f.message.startswith(_HEADED))
        res.note = _section_refs_note(asm, len(kept) - headed, sum(1 for f in kept if f.message.endswith(_NAMES_NONE)),
                                      sum(1 for f in kept if _STRAY in f.message and f.column == 1), headed)
    elif rule.kind == "references":
        res.measured = sum(1 for r in asm.references if r.status in ("malformed", "impossible id")
                           and any(o.line not in lines for o in r.occurrences))


def silence_claims(asm: "_Assembly", rule: RuleDef, res: RuleResult, claims: list, silenced: dict[str, set[int]]) -> list:
    """The claims with those on silenced lines marked `suppressed`, and the rule's measured value and its note
    brought in line with the findings `suppress` kept (the silenced figure is still judged and shown, it is no
    longer counted as wrong)."""
    lines = silenced.get(rule.id)
    done = asm.audits.get(rule.id)
    if not lines or rule.unsuppressible or not claims or done is None:
        return claims
    out, hushed = None, 0
    for ln in sorted(lines & done.spans.keys()):  # the claims list is the audit's slots, in order
        for p in range(*done.spans[ln]):
            c = claims[p]
            if out is None:
                out = list(claims)
            out[p] = with_changes(c, suppressed=True)
            hushed += c.ok is False
    if out is None:
        return claims
    res.measured = len(res.findings)
    quiet = len(done.findings) - len(res.findings)
    res.note = (f"{counted(len(claims), 'claim')}, {done.wrong - hushed} wrong, {counted(len(res.findings), 'finding')}"
                + (f"; {quiet} suppressed inline" if quiet else ""))
    return out


def unknown_directives(asm: "_Assembly", directives) -> list[Finding]:
    known = [r.id for r in asm.pack.rules]
    out = [
        Finding("suppression", "warning", ln, d.column, f"unknown rule id {rid!r} in suppression comment"
                + "".join(f'; did you mean "{c}"?' for c in get_close_matches(rid, known, n=1, cutoff=0.6)))
        for ln, d in directives
        for rid in d.rules
        if rid not in known
    ]
    out.extend(Finding("suppression", "warning", ln, d.column, SUPPRESSION_NOT_UNDERSTOOD)
               for ln, d in directives if d.action == NOT_UNDERSTOOD)
    suppressible = {r.id for r in asm.pack.rules if not r.unsuppressible}  # (an unknown id is said above)
    out.extend(Finding("suppression", "warning", ln, d.column,
                       f"<!-- survey-check disable {rule} --> is never closed: {rule} is silenced to the end of the "
                       f"file (close it with <!-- survey-check enable {rule} -->)")
               for ln, d, rule in unclosed_blocks(directives) if rule in suppressible)
    if len(out) > 1:
        out.sort(key=FINDING_PLACE)
    return out


SUPPRESSION_NOT_UNDERSTOOD = ("suppression comment not understood: write <!-- survey-check disable RULE -->, "
                              "disable-next-line or enable, with rule ids, on one line")


# The rule kinds judged here (claims and figures are judged with their own modules in analyze).
CHECKS = {
    "count": count_rule,
    "required-section": required_section,
    "forbidden-pattern": forbidden_rule,
    "required-pattern": required_rule,
    "privacy": privacy_rule,
    "verifiability": verifiability_rule,
    "references": references_rule,
    "section-refs": section_refs_rule,
}


def section_label(s) -> str:
    """How a section is named to the user: "§3.1" or "§七" as its heading numbers it, or its title and line when
    it has no number (its key, "h26", is internal; the line tells two "Notes" apart)."""
    if s.number:
        return "§" + s.number.lstrip("§")
    return f"{s.title} (line {s.line})" if s.title else f"the heading on line {s.line}"


def in_ranges(line: int, ranges: Sequence[tuple[int, int]]) -> bool:
    return any(a <= line <= b for a, b in ranges)


def limit_text(mn: float | None, mx: float | None) -> str:
    if mn is not None and mx is not None:
        return f"{format_count(mn)}–{format_count(mx)}"
    if mx is not None:
        return f"≤ {format_count(mx)}"
    if mn is not None:
        return f"≥ {format_count(mn)}"
    return ""


def no_match_note(scope: Scope, place: Callable[[str], str] = _section_key_name,
                  units: Callable[[Scope], list] | None = None) -> str:
    """Why a scope matched nothing. `units` (the assembly's) tells an items scope whose sections are there, holding
    no list item, from one whose sections are missing ("0 sections matched" was said of a section that exists)."""
    if scope.items and units is not None:
        sections = with_changes(scope, items=False)
        if units(sections):
            return f"0 list items in {sections.describe(place)}"
    if scope.kind == "heading":
        return f"0 sections matched `{scope.pattern}`"
    if scope.kind in ("section", "sections", "parts"):
        return "0 sections matched " + ", ".join(place(k) if k[0].isdigit() else k for k in scope.keys)
    if scope.items:
        return f"0 list items in {scope.describe(place)}"
    return f"{scope.describe(place)} not found"
