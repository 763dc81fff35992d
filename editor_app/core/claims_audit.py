"""The claims audit of one analysis pass, kept for the next one.

A pass judges every self-reported figure against what is measured (claims.py finds and judges one figure).
After an edit that keeps the line numbers, the next pass measures again only what the edit can have changed,
judges again the figures on the edited lines and the figures whose measured value changed, and reuses every
other verdict: typing a character in an 8 MB survey does not re-judge its 17,000 figures.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import accumulate, chain, repeat
from operator import add, attrgetter, countOf, itemgetter
from typing import AbstractSet, Any, Callable, Sequence

from .claims import RawClaim, has_magnitude, in_magnitude_as_written, magnitude_value
from .model import FINDING_PLACE as _PLACE, Claim, Finding, NotMeasured, PartlyInComments
from .numbers import as_int_if_whole, format_count, format_like, round_like_either
from .records import moved_by, mypyc_attr, on_line, with_changes
from .rulepack import Scope

# measure(metric, scope, label, line, position, last_of, members, places) -> (value or None, where, the line ranges
# measured or None)
Measure = Callable[[str, "Scope | None", str, int, int, int, int, "tuple[str, ...]"],
                   "tuple[float | None, str, list | None]"]
# stale(metric, ranges) -> whether that measurement may differ from the last pass's
Stale = Callable[[str, "list | None"], bool]
# A slot is one figure as judged: (raw claim, measurement key or None, Claim, findings)
_CLAIM, _FOUND = itemgetter(2), itemgetter(3)
_OK = attrgetter("ok")


@mypyc_attr(native_class=False)  # (a str subclass: never a compiled class)
class MissingPlace(str):
    """The place a counted figure is about ("§十", "counter-arguments #3") when the survey does not have it: the
    figure is wrong (there is nothing it can equal), not "not measurable"."""

    __slots__ = ()


@mypyc_attr(native_class=False)  # (a str subclass: never a compiled class)
class AmbiguousPlace(str):
    """The place a figure is about ("§3.1", "反方") when it names a section number more than one heading has: the
    figure is neither right nor wrong (which section it is about is a guess), and says so. `numbers`: each such
    number with how many headings have it, as the message says it. Or (`missing`) a place of several parts some of
    which the survey lacks ("元信息" once §八 was renumbered): what is left of it is not what the figure is about."""

    numbers: tuple[tuple[str, int], ...]
    missing: tuple[str, ...]
    ends: "ListEndsEarly | None"  # the last figure of a list that also leaves sections unstated ("§3.4" of 3.1, 3.3, 3.4)

    def __new__(cls, where: str, shared: Sequence[tuple[str, Sequence[int]]],
                missing: Sequence[str] = (), ends: "ListEndsEarly | None" = None) -> "AmbiguousPlace":
        place = str.__new__(cls, where)  # (super(): not compiled by mypyc in a Python class)
        place.numbers = tuple((number, len(lines)) for number, lines in shared)
        place.missing = tuple(missing)
        place.ends = ends
        return place

    def why(self) -> str:
        """ "2 sections are numbered 3.1" (the first such number; the outline marks every heading whose number is
        repeated, with the lines); "§8 not found" (the parts missing)."""
        if not self.numbers:
            return f"{', '.join(self.missing)} not found"
        number, k = self.numbers[0]
        return f"{k} sections are numbered {number}" + (", …" if len(self.numbers) > 1 else "")

    def detail(self) -> tuple:
        """What tells two such places of one name apart (a verdict's cache key)."""
        return self.numbers, self.missing, self.ends.detail() if self.ends is not None else None


@mypyc_attr(native_class=False)  # (a str subclass: never a compiled class)
class ListEndsEarly(str):
    """The place the last figure of a per-section list is about ("§3.2" of "各主线 CJK 159/194"), when the list's scope
    has sections no figure of the list is about: the figure is judged as any other, and those sections, which no
    figure states, are named (`unchecked`) so that they are not passed over in silence. `sections`: how many the
    scope has (fewer than stated + unchecked when a figure is about a section the survey lacks)."""

    scope: str
    stated: int
    unchecked: tuple[str, ...]
    sections: int

    def __new__(cls, where: str, scope: str, stated: int, unchecked: Sequence[str],
                sections: int | None = None) -> "ListEndsEarly":
        place = str.__new__(cls, where)  # (super(): not compiled by mypyc in a Python class)
        place.scope, place.stated, place.unchecked = scope, stated, tuple(unchecked)
        place.sections = stated + len(place.unchecked) if sections is None else sections
        return place

    def detail(self) -> tuple:
        return self.scope, self.stated, self.unchecked, self.sections

    def note(self, shown: str) -> str:
        """ "CJK of counter-arguments: 2 figures stated for its 3 sections; §3.3 not checked"; "… no figure stated for
        §3.4; not checked" when §3.2 is gone and §3.4 took its place."""
        rest = ", ".join(self.unchecked[:4]) + (", …" if len(self.unchecked) > 4 else "")
        if self.sections != self.stated + len(self.unchecked):
            return f"{shown} of {self.scope}: no figure stated for {rest}; not checked"
        return (f"{shown} of {self.scope}: {self.stated} figures stated for its {self.sections} "
                f"sections; {rest} not checked")


_DETAILED = (AmbiguousPlace, ListEndsEarly, NotMeasured, PartlyInComments)


def _place_detail(where) -> tuple:
    """What tells two measured places of one name apart: "§3.1" missing from "§3.1" named twice, and why one is
    not measured from why another is."""
    kind = type(where)
    return kind, where.detail() if kind in _DETAILED else None


def _list_note(c: Claim, where, rule_id: str, level: str) -> tuple[Finding, ...]:
    """A list that ends before its scope does: said at its last figure (see ListEndsEarly), also when that figure
    is about a section the survey lacks."""
    kind = type(where)
    ends = where if kind is ListEndsEarly else where.ends if kind is AmbiguousPlace else None
    if ends is None:
        return ()
    return (Finding(rule_id, level, c.line, c.column, ends.note(c.label or c.metric)),)


def _ok(measured, where, claimed: float, written: str = "") -> bool | None:
    if measured is None:
        return False if type(where) is MissingPlace else None
    if has_magnitude(written):
        return matches_as_written(measured, written, claimed)
    return abs(measured - claimed) < 1e-9


def matches_as_written(measured: float, written: str, claimed: float) -> bool:
    """Whether a count stated in thousands is right to the precision written: 3,838 is "3.8k" (rounded half up, as
    an author rounds), "3.84k" and "4k", not "3.9k" nor "3.83k". (An author who writes "3.8k" states 3,838 to a
    hundred; telling them "stated 3,800, measured 3,838" would be a wrong verdict.)"""
    return abs(in_magnitude_as_written(measured, written) * magnitude_value("1" + written[-1]) - claimed) < 1e-6


def refused(c: Claim) -> bool:
    """A figure about a place the survey names twice: not judged, and a finding says why."""
    return c.ok is None and type(c.scope) is AmbiguousPlace


@mypyc_attr(native_class=False)  # (an instance __dict__: dismantle empties a finished pass's audits through it)
@dataclass
class ClaimsAudit:
    claims: list[Claim]
    findings: list[Finding]
    lines: list[tuple[int, tuple[RawClaim, ...]]]  # the (line, raw claims) judged, in order
    measured: dict[tuple, tuple]  # measurement key -> (value, where, ranges, a line it was measured for, raw)
    users: dict[tuple, set[int]]  # measurement key -> the lines whose claims use it
    slots: list[tuple]  # every figure's slot, in document order
    spans: dict[int, tuple[int, int]]  # line -> its slots' positions [start, end) in `slots`
    agree: dict[tuple[str, str], list[Finding]] | None = field(default_factory=dict)  # per (metric, scope), in
    # order; None: to be judged afresh
    positions: dict[tuple, list[int]] = field(default_factory=dict)  # key -> positions of its slots (lazy)
    first_lines: dict[tuple[str, str], int] = field(default_factory=dict)  # (metric, scope) -> first line
    body: list[Finding] = field(default_factory=list)  # the slots' findings (`findings` less agreement)
    offsets: list[int] | None = None  # where each slot's findings start in `body` (lazy)
    replaced: list[tuple[Finding, Finding]] | None = None  # findings swapped one for one since prev, if only that
    wrong: int = 0  # how many claims are wrong (ok is False)
    # where each disagreement was put among `body` (the body index it went before), when `findings` is body and
    # agreement merged so (`_in_place_order`); None otherwise
    merged_at: list[int] | None = None


def _verdict(lineno: int, rc: RawClaim, measured, where, rule_id: str, level: str,
             label: str = "") -> tuple[Claim, tuple[Finding, ...]]:
    if rc.kind == "sum":
        total = sum(rc.parts)
        ok = abs(total - rc.claimed) < 1e-9
        msg = "" if ok else f"stated sum {rc.value_text} but the parts add up to {format_count(total)}"
        c = Claim("sum", rc.text, lineno, rc.claimed, as_int_if_whole(total), ok, rc.column, "sum",
                  rc.scope_label or "stated parts", msg, rc.column, rc.value_text, label or "stated sum")
    elif rc.kind == "ratio":
        num, den = rc.parts
        computed = None if den == 0 else round_like_either(Fraction(int(num) * 100, int(den)), rc.value_text,
                                                            rc.claimed)
        ok = computed is not None and abs(computed - rc.claimed) < 1e-9
        msg = "" if ok else (
            f"{int(num)}/{int(den)} is {format_like(computed, rc.value_text)}%, not {rc.value_text}%" if computed is not None
            else "division by zero")
        c = Claim("ratio", rc.text, lineno, rc.claimed, as_int_if_whole(computed), ok, rc.column,
                  "ratio", "stated ratio", msg, rc.column, rc.value_text, label or "stated ratio")
    else:
        m: float | int | None  # (a whole count as an int)
        if measured is None:
            m = None
        elif float(measured).is_integer():  # (as_int_if_whole and _as_written, for a whole count)
            m = int(measured)
        else:
            m = _as_written(measured, rc.value_text, rc.claimed)
        c = _value_claim(lineno, rc, m, where, label)
        if c.ok is not False and type(where) not in _DETAILED:
            return c, ()  # (most figures: right, no finding)
    return c, _findings_of(c, rc, rule_id, level, where)


def computes(rc: RawClaim) -> bool:
    """Whether a stated sum or ratio as read from its text computes: its parts add up to its total, its fraction
    gives its share (the audit's own judgement of one)."""
    return _verdict(0, rc, None, None, "", "")[0].ok is True


def _as_written(measured, written: str, stated: float):
    """A measured share (66.666…%) with the decimals its statement is written with ("67", "66.7"), as a stated
    ratio's result is computed: a whole count stays as it is."""
    if measured is None or float(measured).is_integer():
        return measured
    return as_int_if_whole(round_like_either(measured, written, stated))


def _written_out(measured, written: str) -> str:
    """A measured figure for a message: a count as counts are shown ("3,843"), a share as its statement is ("66.7")."""
    if measured is None:
        return ""
    return format_count(measured) if isinstance(measured, int) else format_like(measured, written)


def _value_claim(lineno: int, rc: RawClaim, measured, where, label: str) -> Claim:
    """A value claim's verdict; `measured` as_int_if_whole'd (and written out only for a message)."""
    shown = label or rc.metric
    ok, message, estimate = _judged(rc, measured, where, shown)
    return Claim(rc.metric, rc.text, lineno, None if rc.unfinished else rc.claimed, measured, ok, rc.column, "value",
                 where, message, rc.column, rc.value_text, shown, False, estimate)


def _judged(rc: RawClaim, measured, where, shown: str) -> tuple[bool | None, str, str]:
    """(ok, message, estimate message) of a value figure measured so (`measured` as the claim shows it).

    A figure stated as an estimate is never right, whatever its value (house rule 9): `ok` False, and its message
    the estimate's unless it is wrong or ambiguous too (then that one, the estimate a finding beside it). A
    placeholder ("3,1xx") states no number: wrong, and said so."""
    if rc.unfinished:
        return False, f"{shown} of {where}: {rc.value_text} is a placeholder, not a figure: write the measured one", ""
    ok = _ok(measured, where, rc.claimed, rc.value_text)
    message = _wrong_message(shown, where, rc.value_text, _written_out(measured, rc.value_text)) \
        if ok is False or type(where) in _SAID_WHY else ""
    if not rc.approx:
        return ok, message, ""
    estimate = f"{shown} of {where}: {rc.value_text} is an estimate ({_estimate_mark(rc)}): measure it"
    return False, message if ok is False or type(where) is AmbiguousPlace else estimate, estimate


# The marks an estimate is written with, as the message names them ("约 79": 约; "估计 85 处": 估计).
_MARKS_SAID = ("≈", "≒", "大约", "约", "~", "～", "估计", "预计", "大概", "左右")


def _estimate_mark(rc: RawClaim) -> str:
    """The mark that makes a figure an estimate, as its text has it ("≈/约" when it is not in the text: "79 处左右",
    read up to the figure, or a sum's part)."""
    found = [(at, mark) for mark in _MARKS_SAID if (at := rc.text.find(mark)) >= 0]
    return min(found)[1] if found else "≈/约"


def _own_finding(c: Claim) -> bool:
    """Whether a figure has a finding of its own besides the estimate's: wrong, a placeholder, or refused."""
    return (c.ok is False and c.message != c.estimate) or refused(c)


_SAID_WHY = (AmbiguousPlace, NotMeasured)  # a figure not judged whose message says why


def _wrong_message(shown: str, where: str, value_text: str, measured_text: str) -> str:
    if type(where) is AmbiguousPlace:
        return f"{shown} of {where}: stated {value_text}, not measured: {where.why()}"
    if type(where) is NotMeasured:
        return f"{shown} of {where}: stated {value_text}, not measured: {where.why}"
    if type(where) is MissingPlace:
        return f"{shown} of {where}: stated {value_text}, but there is no such place in the survey"
    if type(where) is PartlyInComments:  # (a count rule's minimum shows the count without them)
        return (f"{shown} of {where}: stated {value_text}, measured {measured_text}, "
                f"{format_count(where.hidden)} of them in comment blocks")
    return f"{shown} of {where}: stated {value_text}, measured {measured_text}"


def _findings_of(c: Claim, rc: RawClaim, rule_id: str, level: str, where=None) -> tuple[Finding, ...]:
    found = []
    if _own_finding(c):  # wrong, a placeholder, or refused
        found.append(Finding(rule_id, level, c.line, c.column, c.message, c.measured, c.claimed))
    found.extend(_list_note(c, where, rule_id, level))
    if c.estimate:
        found.append(_estimate_finding(c, rc, rule_id, level))
    return tuple(found)


def _estimate_finding(c: Claim, rc: RawClaim, rule_id: str, level: str) -> Finding:
    return Finding(rule_id, level, c.line, rc.column, c.estimate, None, rc.claimed)


def _rejudge(slots: list[tuple], at: list[int], k: tuple, value, where: str, rule_id: str, level: str) -> int:
    """The slots at `at` (figures measured by `k`, whose value or place changed) judged again in place; returns
    how many more claims are wrong than before.

    Each new verdict is a copy of the last one with the measured parts changed, and so is a finding that stays;
    the changes are worked out once per distinct stated figure, so re-judging the 1,500 copies of one total in a
    big survey formats one message, not 1,500."""
    value = as_int_if_whole(value)
    new, claim_cls = object.__new__, Claim
    # (stated, as written, label, metric, an estimate's text, a placeholder) -> the changes
    outcome: dict[tuple, tuple[dict, dict]] = {}
    more_wrong = 0
    for p in at:
        rc, _, was, found = slots[p]
        key = (rc.claimed, rc.value_text, was.label, rc.metric, rc.approx and rc.text, rc.unfinished)
        got = outcome.get(key)
        if got is None:
            shown = _as_written(value, rc.value_text, rc.claimed)
            ok, msg, estimate = _judged(rc, shown, where, was.label or rc.metric)
            got = outcome[key] = ({"measured": shown, "ok": ok, "scope": where, "message": msg, "estimate": estimate},
                                  {"message": msg, "measured": shown})
        c = new(claim_cls)
        state = c.__dict__
        state.update(was.__dict__)
        state.update(got[0])
        more_wrong += (c.ok is False) - (was.ok is False)
        # (an estimate's finding names the place, which may have changed: made again)
        approx = (_estimate_finding(c, rc, rule_id, level),) if c.estimate else ()
        if _own_finding(c):
            if _own_finding(was):  # wrong before, wrong now: the same finding, new numbers
                f = new(type(found[0]))
                state = f.__dict__
                state.update(found[0].__dict__)
                state.update(got[1])
            else:
                f = Finding(rule_id, level, c.line, c.column, c.message, c.measured, c.claimed)
            found = (f, *_list_note(c, where, rule_id, level), *approx)
        elif _own_finding(was) or c.estimate or type(where) is ListEndsEarly or type(was.scope) is ListEndsEarly:
            found = (*_list_note(c, where, rule_id, level), *approx)
        slots[p] = (rc, k, c, found)
    return more_wrong


def _key(rc: RawClaim, scopes: Sequence[Scope], lineno: int) -> tuple | None:
    if rc.kind != "value":
        return None
    here = rc.scope_index >= 0 and scopes[rc.scope_index].kind == "here"
    key = (rc.metric, rc.scope_index, rc.scope_label, rc.position, lineno if here else 0)
    # (a list's figure is measured with how many it has and the places named for it, its last with what follows it)
    return (*key, rc.last_of, rc.members, rc.places) if rc.members else key


def audit(
    claim_lines: list[tuple[int, tuple[RawClaim, ...]]],
    scopes: Sequence[Scope],
    measure: Measure,
    *,
    rule_id: str,
    level: str,
    cache: dict,
    labels: Callable[[RawClaim], str] | None = None,
    prev: ClaimsAudit | None = None,
    changed: Sequence[int] | None = None,
    stale: Stale | None = None,
    places: Callable[[str], bool] | None = None,
) -> ClaimsAudit:
    """Judge the claims; with `prev` and `changed` (0-based indices of edited lines, same line numbers as
    prev's) only what the edit can have changed is judged again. `cache` is kept by the caller between passes.
    `places`: whether a sum part's label names a place at all (a part labelled "其余 174" or a total "三层（…）= 4,417"
    is a figure of the sum, not a statement about a place called 其余: it was "no such place in the survey")."""
    if changed is None:
        prev = None  # (a pass before is built on only with the lines changed since: `prev` set means incremental)
    measured: dict[tuple, tuple] = dict(prev.measured) if prev is not None else {}
    users: dict[tuple, set[int]] = dict(prev.users) if prev is not None else {}
    copied: set[tuple] = set()  # users' sets are shared with prev until changed here

    def use(k: tuple) -> set[int]:
        if k not in copied:
            users[k] = set(users.get(k, ()))
            copied.add(k)
        return users[k]

    def measure_key(rc: RawClaim, lineno: int) -> tuple:
        scope = scopes[rc.scope_index] if rc.scope_index >= 0 else None
        return (*measure(rc.metric, scope, rc.scope_label, lineno, rc.position, rc.last_of, rc.members, rc.places),
                lineno, rc)

    def verdict(lineno: int, rc: RawClaim, k: tuple | None) -> tuple:
        value: Any
        where: Any
        if k is None:
            value = where = None
        else:
            got = measured[k]
            value, where = got[0], got[1]
        # (id: hashing the claim costs more; the place's type: "§3.1" missing and "§3.1" named twice are equal strings)
        kind = type(where)
        ckey = ("claim", lineno, id(rc), value, where, kind, where.detail() if kind in _DETAILED else None,
                rule_id, level)
        hit = cache.get(ckey)
        if hit is None or hit[0] is not rc:
            hit = cache[ckey] = (rc, k, *_verdict(lineno, rc, value, where, rule_id, level, labels(rc) if labels else ""))
        return hit

    def judge(lineno: int, raws: tuple[RawClaim, ...]) -> list[tuple]:
        """The slots of one line: one per figure (two patterns finding the same figure count once)."""
        seen: set[tuple] = set()
        out = []
        for rc in raws:
            if places is not None and rc.scope_index < 0 and rc.kind == "value" and not places(rc.scope_label):
                continue  # a sum's part labelled with a word that names no place: the sum judges it
            k = _key(rc, scopes, lineno)
            if k is not None:
                if k not in measured:
                    measured[k] = measure_key(rc, lineno)
                use(k).add(lineno)
            dedup = (rc.column, rc.kind, rc.metric, rc.position)
            if dedup not in seen:
                seen.add(dedup)
                out.append(verdict(lineno, rc, k))
        return out

    patched: list[int] | None = None  # positions of the slots given new verdicts below, when patched in place
    if prev is None:
        slots, spans = _lay_out(claim_lines, judge, None, None)
        positions: dict[tuple, list[int]] = {}
        redo_agreement = True
    else:
        assert changed is not None  # (prev is kept only with it)
        edited = {i + 1 for i in changed}
        now = {}
        for ln in edited:
            t = bisect_left(claim_lines, ln, key=itemgetter(0))
            if t < len(claim_lines) and claim_lines[t][0] == ln:
                now[ln] = claim_lines[t][1]
        old_raws = dict(prev.lines) if edited & prev.spans.keys() else {}
        # Edited lines whose figures changed (typing elsewhere on a line leaves them as they were).
        redo = {ln for ln in edited if now.get(ln) is not old_raws.get(ln)}
        redo_agreement = bool(redo)
        where_moved = False
        prev_edited_claims = [sl[2] for ln in edited if ln in prev.spans for sl in prev.slots[slice(*prev.spans[ln])]]
        for ln in redo:  # forget what the edited lines measured; judge() records what they measure now
            for rc in old_raws.get(ln, ()):
                k = _key(rc, scopes, ln)
                if k is not None and k in users:
                    left = use(k)
                    left.discard(ln)
                    if not left:  # no line uses it now: forgotten (a redone line may measure it again)
                        del users[k], measured[k]
                        copied.discard(k)
        remeasured = set()
        regroup: set[tuple[str, str]] = set()  # agreement groups whose right statement may have changed
        more_wrong = 0
        for k, got in list(measured.items()):
            if stale is not None and stale(k[0], got[2]):
                fresh = measured[k] = measure_key(got[4], got[3])
                if fresh[:2] != got[:2] or _place_detail(fresh[1]) != _place_detail(got[1]):
                    remeasured.add(k)
                    where_moved = where_moved or fresh[1] != got[1]  # the place a claim is about
        redo_agreement = redo_agreement or where_moved or prev.agree is None
        if redo_agreement or claim_lines is not prev.lines:  # lines gained, lost or changed figures
            slots, spans = _lay_out(claim_lines, judge, prev, redo)
            positions = {}
        else:
            slots, spans, positions = list(prev.slots), prev.spans, prev.positions
            patched = []
        for k in remeasured:
            at = positions.get(k)
            if at is None:
                at = positions[k] = [p for ln in sorted(users.get(k, ())) for p in range(*spans[ln])
                                     if slots[p][1] == k]
            was_right = bool(prev.agree) and any(_states_measured(slots[p][2]) for p in at)
            got = measured[k]
            more_wrong += _rejudge(slots, at, k, got[0], got[1], rule_id, level)
            if patched is not None:
                patched.extend(at)
            # A group stated with several numbers is told against the statement of the measured number (right, or
            # an estimate of the right value): judged again when one of these stated it or does now (typing on,
            # once all are wrong, changes nothing there).
            if prev.agree and at and (was_right or any(_states_measured(slots[p][2]) for p in at)):
                key = (slots[at[0]][2].metric, slots[at[0]][2].scope)
                if prev.agree.get(key):
                    regroup.add(key)
    replaced: list[tuple[Finding, Finding]] | None = None
    offsets: list[int] | None = None
    swapped_at: list[int] | None = None
    if prev is not None and patched is not None:
        assert len(prev.claims) == len(prev.slots)  # (never a moved audit, whose lists are not made: see moved)
        claims, body, replaced, swapped_at = _patched_lists(prev, slots, patched)
        wrong = prev.wrong + more_wrong
        offsets = prev.offsets if replaced is not None else None
    else:
        claims = list(map(_CLAIM, slots))
        body = list(chain.from_iterable(map(_FOUND, slots)))
        wrong = countOf(map(_OK, claims), False)
    # (without prev the agreement is redone)
    if not redo_agreement and prev is not None and not regroup:
        agree = prev.agree
    elif prev is not None and not where_moved and prev.agree is not None:
        agree = _agreement_again(prev, claims, slots, spans, edited, prev_edited_claims, rule_id, level, regroup)
    else:
        agree = None
    if agree is None:
        groups = _groups(claims)
        agree = {key: _disagreements(key, group, rule_id, level) for key, group in groups.items()}
        first_lines = {key: group[0].line for key, group in groups.items()}
    else:
        assert prev is not None  # (agree is prev's or made from it)
        first_lines = prev.first_lines  # the groups and where they start are prev's
    if swapped_at is not None and prev is not None and agree is prev.agree and prev.merged_at is not None:
        # The same disagreements among findings in the same places, some swapped for new ones (new numbers):
        # prev's merged list with those swapped (a big survey's ~600 disagreements are not put in place again).
        findings, merged_at = list(prev.findings), prev.merged_at
        for t in swapped_at:
            findings[t + bisect_right(merged_at, t)] = body[t]
    else:
        findings, merged_at = _in_place_order(body, chain.from_iterable(agree.values()))
    if agree is not prev.agree if prev is not None else True:
        replaced = None  # agreement findings changed too
    return ClaimsAudit(claims, findings, claim_lines, measured, users, slots, spans, agree, positions, first_lines,
                       body, offsets, replaced, wrong, merged_at)


def _in_place_order(body: list[Finding], agreement) -> tuple[list[Finding], list[int]]:
    """The slots' findings (in line and column order) with the disagreements (in group order) put among them where
    they stand: the rule's findings as the Self-check panel and the rule's line read them; and the body index
    each disagreement went before. (Disagreements are few; each is put in place by bisection, not by sorting
    the whole list.)"""
    extra = sorted(agreement, key=_PLACE)
    if not extra:
        return list(body), []
    if not body or _PLACE(body[-1]) <= _PLACE(extra[0]):
        return [*body, *extra], [len(body)] * len(extra)
    out: list[Finding] = []
    merged_at: list[int] = []
    start = 0
    for f in extra:  # (after the slots' findings of the same place, as a stable sort of body + extra puts it)
        at = bisect_right(body, _PLACE(f), start, key=_PLACE)
        out += body[start:at]
        out.append(f)
        merged_at.append(at)
        start = at
    out += body[start:]
    return out, merged_at


def moved(prev: ClaimsAudit, a: int, old_k: int, new_k: int) -> ClaimsAudit:
    """prev as it reads after its lines a+1 .. a+old_k were replaced by new_k lines: the figures on the replaced
    lines dropped, those after them moved by the difference (verdicts, findings, measurements and the ranges
    measured). `audit` then judges the new lines and measures again what holds them. Agreement is moved too
    when the replaced lines stated no figure; else it is judged afresh."""
    after, d = a + old_k, new_k - old_k

    def move(ln: int) -> int:
        return ln + d if ln > after else ln

    def move_key(k: tuple) -> tuple:  # a figure about "this section" is keyed by its line
        return k if k[4] <= after else (*k[:4], k[4] + d, *k[5:])

    # The lines before the edit keep their slots (one slice); those after it get moved copies, half a survey's
    # 18,000 figures after an Enter in the middle of 8 MB: copied here in one loop without a call per claim (a
    # claim is on its slot's line), their lines' spans moved in C.
    starts, places = list(prev.spans), list(prev.spans.values())  # (in line order)
    i, j = bisect_right(starts, a), bisect_right(starts, after)
    src = prev.slots
    kept_to = places[i - 1][1] if i else 0
    moved_from = places[j][0] if j < len(places) else len(src)
    slots: list[tuple] = src[:kept_to]
    spans: dict[int, tuple[int, int]] = dict(zip(starts[:i], places[:i]))
    shift = kept_to - moved_from
    tail = places[j:]
    spans.update(zip(map(add, starts[j:], repeat(d)),
                     zip(map(add, map(_START, tail), repeat(shift)), map(add, map(_END, tail), repeat(shift)))))
    append, new, set_dict = slots.append, object.__new__, object.__setattr__
    for rc, k, c, found in src[moved_from:]:
        state = c.__dict__.copy()
        state["line"] += d
        claim = new(Claim)  # (on_line, inlined)
        set_dict(claim, "__dict__", state)
        if k is not None and k[4] > after:  # (move_key, inlined)
            k = (*k[:4], k[4] + d, *k[5:])
        if found:
            if len(found) == 1:  # most often: one finding, the figure wrong (moved_by, inlined)
                f = found[0]
                fstate = f.__dict__.copy()
                fstate["line"] += d
                moved_f = new(f.__class__)
                set_dict(moved_f, "__dict__", fstate)  # (a Finding is frozen: its own __setattr__ refuses)
                found = (moved_f,)
            else:
                found = tuple(moved_by(found, d))
        append((rc, k, claim, found))
    measured: dict[tuple, tuple] = {}
    users: dict[tuple, set[int]] = {}
    for k, (value, where, ranges, line, raw) in prev.measured.items():
        kept = prev.users.get(k, ())
        if not kept or max(kept) > a:  # else: no user moved or dropped, the set is shared (audit copies on change)
            # (the lines up to the edit, and those after the replaced ones moved: filtered in C)
            kept = {*filter(a.__ge__, kept), *map(add, filter(after.__lt__, kept), repeat(d))}
            if not kept:
                continue
        if ranges is not None:  # a range holding the replaced lines ends d lines later
            ranges = [(s + d if s > after else s, e + d if e > a else e) for s, e in ranges]
        k = move_key(k)
        measured[k] = (value, where, ranges, move(line) if not a < line <= after else min(kept), raw)
        users[k] = kept
    i, j = bisect_right(prev.lines, a, key=_LINE_OF), bisect_right(prev.lines, after, key=_LINE_OF)
    lines = prev.lines[:i] + [(ln + d, raws) for ln, raws in prev.lines[j:]] if d else prev.lines[:i] + prev.lines[j:]
    agree, first_lines = _moved_agreement(prev, a, after, d)
    # Only `audit` reads a moved audit, as its `prev`, and lays the slots out again (the lines gained and lost
    # figures: it never reuses prev's lists of claims and findings, nor prev.wrong): those are not made here.
    return ClaimsAudit([], [], lines, measured, users, slots, spans, agree, first_lines=first_lines)


def _moved_agreement(prev: ClaimsAudit, a: int, after: int, d: int) -> tuple[dict | None, dict]:
    """prev's agreement with its lines moved, when the replaced lines a+1 .. after stated no value figure (no
    group lost a member or its first place); else (None, {}): judged afresh."""
    if prev.agree is None or any(
            sl[2].kind == "value" for ln in range(a + 1, after + 1) if ln in prev.spans
            for sl in prev.slots[slice(*prev.spans[ln])]):
        return None, {}
    agree = {}
    for key, found in prev.agree.items():
        if found and (found[-1].line > after or stated_first_on(found[0]) > after):  # in line order
            found = [_moved_disagreement(f, after, d) for f in found]
        agree[key] = found
    return agree, {key: ln + d if ln > after else ln for key, ln in prev.first_lines.items()}


def stated_first_on(f: Finding) -> int:
    """The line a disagreement names, the statement the others are told against (`_disagreements`): its message
    ends with it ("… on line 95"); 0 for a finding that names none."""
    told = f.message.rpartition(" on line ")[2]
    return int(told) if told.isdigit() else 0


def _moved_disagreement(f: Finding, after: int, d: int) -> Finding:
    ref = stated_first_on(f)
    line = f.line + d if f.line > after else f.line
    if ref <= after:
        return on_line(f, line)
    return with_changes(f, line=line, message=f"{f.message[:-len(str(ref))]}{ref + d}")


def _lay_out(claim_lines, judge, prev: ClaimsAudit | None, redo) -> tuple[list, dict]:
    """All slots in line order: the redone lines judged, the others copied from prev.

    The lines copied are taken in runs: a run of lines that follow one another in prev too is one slice of prev's
    slots, and their spans prev's shifted by one offset, in C (after an Enter in the middle of an 8 MB survey, the
    ~3,600 lines with figures were laid out one by one, ~4 ms)."""
    slots: list[tuple] = []
    spans: dict[int, tuple[int, int]] = {}
    if prev is None:
        for ln, raws in claim_lines:
            start = len(slots)
            slots.extend(judge(ln, raws))
            spans[ln] = (start, len(slots))
        return slots, spans
    old_spans, old_slots = prev.spans, prev.slots
    lns = list(map(_LINE_OF, claim_lines))
    judged = [t for t, ln in enumerate(lns) if ln in redo or ln not in old_spans]
    old_lines = list(old_spans)  # (in line order, as laid out: each line's slots right after the line before's)
    u = 0
    for v in (*judged, len(lns)):
        if u < v:  # lines u .. v - 1 copied from prev
            run = lns[u:v]
            p = bisect_left(old_lines, run[0])
            if old_lines[p:p + len(run)] == run:  # one slice of prev's slots
                s0, e0 = old_spans[run[0]][0], old_spans[run[-1]][1]
                shift = len(slots) - s0
                slots.extend(old_slots[s0:e0])
                was = list(map(old_spans.__getitem__, run))
                if shift:
                    was = list(zip(map(add, map(_START, was), repeat(shift)), map(add, map(_END, was), repeat(shift))))
                spans.update(zip(run, was))
            else:
                for ln in run:
                    start = len(slots)
                    slots.extend(old_slots[slice(*old_spans[ln])])
                    spans[ln] = (start, len(slots))
        if v < len(lns):
            ln, raws = claim_lines[v]
            start = len(slots)
            slots.extend(judge(ln, raws))
            spans[ln] = (start, len(slots))
        u = v + 1
    return slots, spans


_LINE_OF = _START = itemgetter(0)
_END = itemgetter(1)


def _patched_lists(prev: ClaimsAudit, slots: list[tuple], patched: list[int]
                   ) -> tuple[list, list, list | None, list[int] | None]:
    """prev's claims and findings with the re-judged slots' put in place (no pass over all 17,000), the
    (old, new) findings swapped one for one and where they are in the body (both None when a figure gained or
    lost a finding)."""
    claims = list(prev.claims)
    body = list(prev.body)
    if prev.offsets is None:
        prev.offsets = list(accumulate(map(len, map(_FOUND, prev.slots)), initial=0))
    offsets = prev.offsets
    replaced: list[tuple[Finding, Finding]] = []
    swapped_at: list[int] = []
    for p in patched:
        _, _, claims[p], found = slots[p]
        a, b = offsets[p], offsets[p + 1]
        if len(found) != b - a:  # a figure became right or wrong: its findings change in number
            return list(map(_CLAIM, slots)), list(chain.from_iterable(map(_FOUND, slots))), None, None
        if found:
            replaced.extend(zip(body[a:b], found))
            body[a:b] = found
            swapped_at.extend(range(a, b))
    return claims, body, replaced, swapped_at


def _groups(claims: list[Claim]) -> dict[tuple[str, str], list[Claim]]:
    """The value claims by (metric, scope), in order of first appearance."""
    groups: dict[tuple[str, str], list[Claim]] = {}
    for c in claims:
        if c.kind == "value" and c.claimed is not None:  # (a placeholder, "3,1xx", states no number to agree)
            groups.setdefault((c.metric, c.scope), []).append(c)
    return groups


def _disagreements(key: tuple[str, str], group: list[Claim], rule_id: str, level: str) -> list[Finding]:
    """The same metric of the same scope stated with different numbers in different places."""
    values = {c.claimed for c in group}
    if len(values) < 2:
        return []
    metric, scope = key
    shown = group[0].label or metric  # the figure as the wrong-figure findings name it ("⚠️", not "cautions")
    # "The" statement is the one that is right (equal to what is measured), else the majority; the others
    # disagree with it. (A lone right footer against three stale 3,838s is not the one to blame.) An estimate
    # whose value is the measured one states the right number: a wrong §0 13 is told against a footer's "~14".
    ref = next((c for c in group if c.ok), None) or next((c for c in group if _estimated_right(c)), None)
    if ref is None:
        counts: dict[float | None, int] = {}
        for c in group:
            counts[c.claimed] = counts.get(c.claimed, 0) + 1
        majority = max(counts, key=lambda v: (counts[v], -min(c.line for c in group if c.claimed == v)))
        ref = next(c for c in group if c.claimed == majority)
    return [Finding(rule_id, level, c.line, c.column,
                    f"{shown} of {scope} stated as {c.value_text} here but as {ref.value_text}{_beside(c, ref)} on line "
                    f"{ref.line}", c.claimed, ref.claimed)
            for c in group if c.claimed != ref.claimed and not _same_to_precision(c, ref)]


def _estimated_right(c: Claim) -> bool:
    """A figure stated as an estimate whose value is the measured one ("~14" with 14 measured): not right (house
    rule 9), but the number the other statements of it should agree with."""
    return bool(c.estimate) and c.measured is not None and c.claimed is not None \
        and _ok(c.measured, c.scope, c.claimed, c.value_text) is True


def _states_measured(c: Claim) -> bool:
    """Whether a figure states the measured number, as `_disagreements` picks the statement to tell others against."""
    return bool(c.ok) or _estimated_right(c)


def _same_to_precision(c: Claim, ref: Claim) -> bool:
    """Whether two statements of a figure agree once the one written in thousands is read with its precision:
    "3.8k" in the footer and "3,838" in §0 are the same figure (`matches_as_written`)."""
    assert c.claimed is not None and ref.claimed is not None  # (value claims: what they state)
    if has_magnitude(c.value_text):
        return matches_as_written(ref.claimed, c.value_text, c.claimed)
    if has_magnitude(ref.value_text):
        return matches_as_written(c.claimed, ref.value_text, ref.claimed)
    return False


def _beside(c: Claim, ref: Claim) -> str:
    """Two statements on one line ("⚠️ 实测 13 处 … + ⚠️ 79 处" in §0): "on line 9" said nothing to the author
    reading line 9; the message still ends with the line, which `stated_first_on` reads."""
    if c.line != ref.line:
        return ""
    return " later" if ref.column > c.column else " earlier"


def _agreement_again(prev: ClaimsAudit, claims: list[Claim], slots, spans, edited_lines: set[int],
                     old_edited: list[Claim], rule_id: str, level: str,
                     also: AbstractSet[tuple[str, str]] = frozenset()) -> dict | None:
    """prev's agreement with only the groups that the edited lines' claims belong to (and the groups `also`)
    judged again; None when the groups themselves may have changed (one gained, lost, or starting on an edited
    line before or now)."""
    new_edited = [sl[2] for ln, (a, b) in spans.items() if ln in edited_lines for sl in slots[a:b]]
    keys = {(c.metric, c.scope) for c in old_edited + new_edited if c.kind == "value"} | also
    if not keys:
        return prev.agree
    assert prev.agree is not None  # (asked only of a pass that judged agreement)
    if not keys <= prev.agree.keys():
        return None
    groups: dict[tuple[str, str], list[Claim]] = {k: [] for k in keys}
    for c in claims:
        if c.kind == "value" and c.claimed is not None:
            g = groups.get((c.metric, c.scope))
            if g is not None:
                g.append(c)
    agree = dict(prev.agree)
    for key, group in groups.items():
        if not group or group[0].line in edited_lines or prev.first_lines.get(key) in edited_lines:
            return None
        agree[key] = _disagreements(key, group, rule_id, level)
    return agree
