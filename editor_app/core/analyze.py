"""`analyze(text, pack)`: one function feeds every face of the program (CLI, panel, report).

Everything that can be judged on one line alone (counter values, heading shape, citations, figures, privacy
hits, claims, suppression comments) is computed per line and memoised by the line's text in an `Analyzer`.
An `Analyzer` also keeps its last pass: the next text is compared with the last one, only the replaced lines
are split and looked up, and when the line numbers stay (typing within lines) the document-level parts the
edit cannot reach (outline, references, figures, rule results, claim verdicts) are the last pass's.
"""

from __future__ import annotations

import gc
import re
from bisect import bisect_left, bisect_right, insort
from dataclasses import dataclass, replace
from datetime import date
from functools import partial
from itertools import accumulate, chain, compress, count, repeat
from operator import add, attrgetter, is_not, itemgetter, methodcaller, sub
from typing import Any, Callable, Iterable, Iterator, Mapping, Sequence

from . import claims as claims_mod
from .claim_tables import ClaimColumns, claim_columns, claims_in_row, claims_read_piped, metric_words
from .claims_audit import (AmbiguousPlace, ClaimsAudit, ListEndsEarly, MissingPlace, NotMeasured, audit,
                           moved as moved_audit)
from .document import (Heading, Outline, Stray, build_outline, find_footer, headings_in_lines, in_blocks, numbers_tops_in_chinese,
                       place_name, resolve_section_ref, section_refs_in_line)
from .dismantle import dismantle
from .figure_check import FigureCheck, check_figures, moved_check, paper_subjects, recheck_figures
from .figure_tables import TableFigureColumns, figure_columns, figures_in_row
from .figures import FigureGroup, carries_on, figures_in_line, may_wrap_on, with_wrapped_gpus
from .line_runs import LineRuns, line_runs
from .list_places import NumberedPlaces, numbered_places
from .split_claims import (SUM_LINES, claims_across, claims_across_lines, goes_on, merged_across, open_end,
                           sum_goes_on, with_claims_across)
from .masked_excerpts import masked_matches, masked_quotes, masked_titles
from .model import FINDING_PLACE, Analysis, Finding, Occurrence, PartlyInComments, PrivacyHit, Reference, RuleResult, Section, SectionMetrics, SectionRef
from .numbers import FULL_WIDTH_DIGITS, as_ascii_table, as_int_if_whole, counted
from .records import moved_by, mypyc_attr, record, with_changes
from .privacy import (PrivacyConfig, config_of_pack, key_bodies, listing_versions, privacy_in_lines, secret_cells, secret_columns,
                      widened_to_keys, widened_to_listings, widened_to_wraps, wrapped_keys)
from .regex_looks import first_look, holds_any, whole_blocks
from .reference_bibtex import named_by_entries, widened_to_entries
from .reference_links import LinkDefinitions, LinkUse, cited_by_links, definitions_in, link_definitions, links_to
from .reference_tables import TableColumns, header_columns, is_table_head, is_table_line, named_by_header, outer_pipes
from .references import assemble_references, citations_in_line
from .rulepack import RuleDef, RulePack, Scope
from . import rules as checks
from .rules import in_ranges
from .suppression import Directive, directives_in_line, in_indented_code, suppressed_lines
from .text_ends import common_prefix, common_suffix

# A comment to the checker, read or not ("disabel", no id, not closed), and wherever it stands (an example in code
# too, with the backticks of inline code that holds it): never counted, so mending a typo in one, or quoting one,
# changes no count.
_CHECKER_COMMENT = re.compile(r"[ \t]*(?:`<!--\s*survey-check\b[^`]*?-->`|<!--\s*survey-check\b.*?(?:-->|$))")
LIST_ITEM_RE = re.compile(r"^\s{0,3}(?:[-*+]|\d{1,3}[.)])\s+\S")
# A word: a run of letters and digits of any script (with the combining accents of a decomposed "naïve"), joined
# by an apostrophe or a hyphen ("don't", "state-of-the-art") or, between digits, a point or comma ("3.5", "3,838");
# each CJK ideograph is a word of its own.
_WORD_PART = r"(?:[^\W_一-鿿]|[\u0300-\u036f])+"
WORD_RE = re.compile(rf"{_WORD_PART}(?:(?:['’\-]|(?<=\d)[.,](?=\d)){_WORD_PART})*|[一-鿿]")
_LINE = attrgetter("line")
_END_LINE = attrgetter("end_line")
_SECTION = attrgetter("section")
_PRIVACY_OF = attrgetter("privacy")
# measured from what each line holds alone (its citations, its private data), as the counters are: a measurement over
# lines that were only moved is what it was
_PER_LINE_COUNTS = frozenset(("arxiv_ids", "privacy_hits"))
MEMO_LIMIT = 400_000  # distinct lines kept; beyond that the memo starts afresh
CLAIM_CACHE_FLOOR = 10_000  # claim verdicts kept beyond 3 per figure the survey states
_OWN_METRICS = frozenset(("arxiv_ids", "privacy_hits", "verifiability"))  # measured apart from the counters
METRIC_LABELS = {"privacy_hits": "private-data hits", "verifiability": "verifiability %",
                 "arxiv_ids": "arXiv ids", "list_items": "list items"}


@record(frozen=True)
class LineFacts:
    counts: tuple[int, ...]  # one per pack counter, then list_items
    heading: Heading | None
    citations: tuple
    figures: tuple
    privacy: tuple[PrivacyHit, ...]
    claims: tuple
    directives: tuple[Directive, ...]
    forbidden: tuple[tuple[tuple[int, str], ...], ...]  # per forbidden-pattern rule: (column, text) of the matches
    required: tuple[bool, ...]  # per (required-pattern rule, pattern): found on this line
    section_refs: tuple = ()  # (column, text, key) of each § reference
    claim_end: str = ""  # the line's end when it may be a claim's label whose figure starts the next line

    def __eq__(self, other: object) -> bool:  # (replaced by `record`: written for mypyc, see records.py)
        return NotImplemented

    def __init__(self, counts: tuple[int, ...], heading: Heading | None, citations: tuple, figures: tuple,
                 privacy: tuple[PrivacyHit, ...], claims: tuple, directives: tuple[Directive, ...],
                 forbidden: tuple[tuple[tuple[int, str], ...], ...], required: tuple[bool, ...], section_refs: tuple = (),
                 claim_end: str = "") -> None:
        d = self.__dict__  # frozen: set in the instance dict, not through __setattr__
        d["counts"] = counts
        d["heading"] = heading
        d["citations"] = citations
        d["figures"] = figures
        d["privacy"] = privacy
        d["claims"] = claims
        d["directives"] = directives
        d["forbidden"] = forbidden
        d["required"] = required
        d["section_refs"] = section_refs
        d["claim_end"] = claim_end


@dataclass
class Unit:
    """One measured unit of a scope: a section, a list item, the document, a set of parts."""

    label: str
    line: int
    ranges: list[tuple[int, int]]
    # the section numbers the scope names that more than one heading has ("3.1", (32, 40)): only the first of
    # them is in `ranges`, so what was measured must say so (a § key naming two sections names neither for sure)
    shared: tuple[tuple[str, tuple[int, ...]], ...] = ()
    # the places the scope names that the survey lacks ("§3.3" of sections = ["3.1", "3.2", "3.3"]): measured without
    missing: tuple[str, ...] = ()


def _with_read_forms(looks: tuple[str, ...] | None) -> tuple[str, ...] | None:
    """A required pattern's first look, with what marks a line `_required_in` reads otherwise as well."""
    return None if looks is None else (*looks, *_READ_LOOKS)


# What `_required_in` reads otherwise: a full-width bracket before a digit ("（1）"), a full-width digit, emphasis.
_READ_LOOKS = (*(f"（{d}" for d in "0123456789"), *"０１２３４５６７８９", "**", "__")
_CODE_INDENT = ("    ", "\t")  # what an indented code block's lines start with (suppression.in_indented_code)
_READ_OTHERWISE = re.compile(r"（[0-9０-９]|[０-９]|\*\*|__")
_FULL_WIDTH_DIGIT = re.compile("[０-９]")
_DIGITS_READ = as_ascii_table(FULL_WIDTH_DIGITS)
_EMPHASIS = re.compile(r"\*\*|__")

_COMPILED: dict[int, tuple[RulePack, dict[str, Any]]] = {}
_DOCUMENT = Scope("document")


def _compiled(pack: RulePack) -> dict[str, Any]:
    """What the analyzer needs from a pack, compiled once per pack object (an editor makes many analyzers)."""
    hit = _COMPILED.get(id(pack))
    if hit is None or hit[0] is not pack:
        if len(_COMPILED) > 16:
            _COMPILED.clear()
        forbidden = [(r, [re.compile(p) for p in r.patterns]) for r in pack.rules if r.kind == "forbidden-pattern"]
        required = [(r, [re.compile(p) for p in r.patterns]) for r in pack.rules if r.kind == "required-pattern"]
        hit = _COMPILED[id(pack)] = (pack, {
            "counter_names": list(pack.counters),
            "_counters": [_counter_fn(c.kind, c.pattern) for c in pack.counters.values()],
            "_privacy_cfg": config_of_pack(pack),
            "_claim_rx": claims_mod.compile_patterns(pack.claim_patterns, places=(*pack.scopes, "header", "footer")),
            "_claim_scopes": [cp.scope for cp in pack.claim_patterns],
            "_pattern_labels": [cp.label for cp in pack.claim_patterns],  # (see claim_label)
            "_counter_labels": {name: c.label for name, c in pack.counters.items()},
            # a table's header naming a counter's column (see claim_tables), and a "合计" row's scope per metric:
            # the first claim pattern of that metric about the whole survey
            "_claim_words": metric_words(pack.counters),
            "_whole_claims": {cp.metric: k for k, cp in reversed(list(enumerate(pack.claim_patterns)))
                              if cp.scope.kind == "document"},
            "_footer_re": re.compile(pack.footer) if pack.footer else None,
            "_forbidden": forbidden,
            # per forbidden-pattern rule: the literals one of which a line needs for any of its patterns to match
            # (None: unknown), and the patterns' finditer
            "_forbidden_looks": tuple((_looks(rxs), tuple(rx.finditer for rx in rxs)) for _, rxs in forbidden),
            "_required": required,
            # per required pattern: the literals one of which a line needs for it to match (None: unknown) and
            # its search; and the answer for a line holding none of them all
            "_required_looks": tuple((first_look(rx), rx.search) for _, rxs in required for rx in rxs),
            "_required_none": tuple(False for _, rxs in required for _ in rxs),
            # the literals one of which a line holds when any forbidden (required) pattern may match in it; None:
            # some pattern has none, every line is looked at (see _Joined.each_holding)
            "_forbidden_all_looks": _looks([rx for _, rxs in forbidden for rx in rxs]),
            "_required_all_looks": _with_read_forms(_looks([rx for _, rxs in required for rx in rxs])),
        })
    return hit[1]


def _match_quote(text: str, cap: int = 40) -> str:
    """A forbidden pattern's match as a finding quotes it: on one line, at most `cap` characters."""
    text = " ".join(text.split())
    return text if len(text) <= cap else text[:cap - 1] + "…"


def _looks(rxs: list[re.Pattern[str]]) -> tuple[str, ...] | None:
    """Literals one of which a line holds if any of the patterns can match in it; None when unknown."""
    out: list[str] = []
    for rx in rxs:
        look = first_look(rx)
        if not look:
            return None
        out.extend(look)
    return tuple(out)


_LOOK_SCANS: dict[tuple[str, ...], tuple[tuple[str, ...], tuple[Callable[..., re.Match[str] | None], ...]]] = {}


def _look_scans(looks: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[Callable[..., re.Match[str] | None], ...]]:
    """How `_Joined.holding` looks for the literals: one character with str.find; longer ones, per first character,
    with one regex (its literal first character is scanned for in C): str.find of a 2-character literal in CJK text
    scans ~15x slower than that, and the house pack's required patterns alone looked for 25 (~0.25 ms a pass)."""
    done = _LOOK_SCANS.get(looks)
    if done is None:
        by_first: dict[str, list[str]] = {}
        for look in looks:
            if len(look) > 1 and "\n" not in look:
                by_first.setdefault(look[0], []).append(look[1:])
        done = (tuple(look for look in looks if len(look) == 1 and look != "\n"),
                tuple(re.compile(re.escape(first) + "(?:" + "|".join(map(re.escape, rests)) + ")").search
                      for first, rests in by_first.items()))
        if len(_LOOK_SCANS) > 256:
            _LOOK_SCANS.clear()
        _LOOK_SCANS[looks] = done
    return done

class _Joined:
    """A run of lines joined by newlines: a literal is looked for in all of them at once (one scan in C), and only the
    lines holding it are looked at one by one; a call per line cost more than the scan for the many lines without it.
    Counters that take it read `lines` (and `text`, `starts()`)."""

    __slots__ = ("lines", "text", "_starts")

    def __init__(self, lines: list[str]):
        self.lines = lines
        self.text = "\n".join(lines)
        self._starts: list[int] | None = None

    def starts(self) -> list[int]:
        """The offset of each line in `text`, and one past the end (len(text) + 1)."""
        if self._starts is None:
            self._starts = list(accumulate(map((1).__add__, map(len, self.lines)), initial=0))
        return self._starts

    def holding(self, looks: tuple[str, ...]) -> list[int]:
        """Indices of the lines that hold one of the literals, in order (a literal with a newline is on no line)."""
        if "" in looks:
            return list(range(len(self.lines)))
        text, found = self.text, set()
        singles, scans = _look_scans(looks)
        for look in singles:
            if (pos := text.find(look)) < 0:
                continue
            starts = self.starts()
            while pos >= 0:
                i = bisect_right(starts, pos) - 1
                found.add(i)
                pos = text.find(look, starts[i + 1])  # (the next line: this one is found)
        for search in scans:
            if (m := search(text)) is None:
                continue
            starts = self.starts()
            while m is not None:
                i = bisect_right(starts, m.start()) - 1
                found.add(i)
                m = search(text, starts[i + 1])
        return sorted(found)

    def each_holding(self, looks: tuple[str, ...] | None, fn: Callable[[str], Any], none: Any) -> list:
        """fn(line) for each line, given that fn gives `none` for a line holding none of the literals (None: unknown,
        fn is called for every line)."""
        if looks is None:
            return list(map(fn, self.lines))
        out = [none] * len(self.lines)
        lines = self.lines
        for i in self.holding(looks):
            out[i] = fn(lines[i])
        return out


@mypyc_attr(native_class=False)
class Analyzer:
    """Analyses successive versions of a text with one pack, reusing per-line work between calls.

    (Not a native class when compiled: what `_compiled` made for the pack is set in the instance dict at once.)"""

    # set from _compiled(pack)
    counter_names: list[str]
    _counters: list[Callable[[_Joined], list[int]]]
    _privacy_cfg: PrivacyConfig
    _claim_rx: Any
    _claim_scopes: list[Scope]
    _pattern_labels: list[str]
    _counter_labels: dict[str, str]
    _claim_words: dict[str, str]
    _whole_claims: dict[str, int]
    _footer_re: re.Pattern[str] | None
    _forbidden: list[tuple[RuleDef, list[re.Pattern[str]]]]
    _forbidden_looks: tuple[tuple[tuple[str, ...] | None, tuple[Callable[[str], Iterator[re.Match[str]]], ...]], ...]
    _required: list[tuple[RuleDef, list[re.Pattern[str]]]]
    _required_looks: tuple[tuple[tuple[str, ...] | None, Callable[[str], re.Match[str] | None]], ...]
    _required_none: tuple[bool, ...]
    _forbidden_all_looks: tuple[str, ...] | None
    _required_all_looks: tuple[str, ...] | None

    def __init__(self, pack: RulePack, *, today: date | None = None, memo: bool = True):
        self.pack = pack
        self.today = today
        self.use_memo = memo
        self._memo: dict[str, LineFacts] = {}
        # (row, its table's columns) -> (the row's facts, those facts with the names its header gives)
        self._named: dict[tuple[str, TableColumns], tuple[LineFacts, LineFacts]] = {}
        self._headers: dict[tuple[str, str], TableColumns | None] = {}
        self._figure_headers: dict[tuple[str, str], TableFigureColumns | None] = {}
        self._figure_rows: dict[tuple[str, TableFigureColumns], tuple[LineFacts, LineFacts]] = {}
        self._secret_headers: dict[tuple[str, str], tuple[tuple[int, bool], ...] | None] = {}
        self._claim_headers: dict[tuple[str, str], ClaimColumns | None] = {}
        self._claim_rows: dict[tuple[str, ClaimColumns], tuple[LineFacts, LineFacts]] = {}
        self._piped_rows: dict[str, tuple[LineFacts, LineFacts]] = {}  # a row without outer pipes -> (facts, as piped)
        self._secret_rows: dict[tuple[str, tuple], tuple[LineFacts, LineFacts]] = {}
        self._key_lines: dict[str, tuple[LineFacts, LineFacts]] = {}  # a key's body line -> (its facts, as a body's)
        self._wrapped_lines: dict[str, tuple[LineFacts, LineFacts]] = {}  # a wrapped key's rest -> (its facts, with it)
        # (a line, the next one) -> (its facts, those with the GPUs its figures take from the next line)
        self._wrapped_figures: dict[tuple[str, str], tuple[LineFacts, LineFacts]] = {}
        # (a package listing's row, the columns cleared) -> (its facts, those without the IP hits its versions made)
        self._listing_rows: dict[tuple[str, tuple[int, ...]], tuple[LineFacts, LineFacts]] = {}
        # (a line, the reference-style links in it to arXiv ids) -> (its facts, those with the links cited)
        self._linked: dict[tuple[str, tuple[LinkUse, ...]], tuple[LineFacts, LineFacts]] = {}
        self._last: _Assembly | None = None  # the previous pass, whose unchanged parts the next one reuses
        self._claim_cache: dict[tuple, tuple] = {}
        self._mark_counts: dict[tuple[str, str], int] = {}  # (counter, a list marker or indentation) -> its count
        # (a line's end, or the lines a sum is kept open over; the next line) -> the claims across them
        self._across: dict[tuple, tuple] = {}
        self._across_merged: dict[tuple[int, int], tuple] = {}  # a line's claims with those across (by identity)
        self.retired: list[_Assembly] = []  # passes no longer needed, not yet let go of (see release)
        self.__dict__.update(_compiled(pack))

    def claim_label(self, rc) -> str:
        """A claim's figure in the users' words: the pattern's label, else the counter's ("CJK", "⚠️")."""
        if rc.kind != "value":
            return ""
        if rc.scope_index >= 0 and (label := self._pattern_labels[rc.scope_index]):
            return label
        label = self._counter_labels.get(rc.metric)
        return label if label is not None else METRIC_LABELS.get(rc.metric, rc.metric)

    def release(self) -> Iterator[None]:
        """Let go of the passes no longer needed, a chunk of objects at a time (yielding between chunks, so a
        thread doing it lets others run); call it when idle. Without it the next pass lets go of them at once."""
        while self.retired:
            old: _Assembly | None = self.retired.pop()
            yield from dismantle(old)
            old = None
            yield

    # ---- per line -------------------------------------------------------------------------------
    def _facts(self, line: str) -> LineFacts:
        return self._facts_of([line])[0]

    def _all_facts(self, lines: list[str]) -> list[LineFacts]:
        if not self.use_memo:
            return self._facts_of(lines)
        memo = self._memo
        if len(memo) > MEMO_LIMIT:
            memo.clear()
        todo = [l for l in dict.fromkeys(lines) if l not in memo]
        if todo:
            memo.update(zip(todo, self._facts_of(todo)))
        return list(map(memo.__getitem__, lines))

    def _facts_of(self, lines: list[str]) -> list[LineFacts]:
        """The facts of each line, one extractor at a time over all the lines (each extractor's code and regexes
        stay hot in the CPU caches: ~15% faster than all extractors line after line); the privacy scan's first look
        is made for runs of lines at once."""
        joined = _Joined(lines)
        # A suppression comment is a note to the checker, not text: silencing one rule on a line must not
        # lengthen it for another (an item of 138 characters passed "≥ 150" once a comment was added to it).
        directives: list = [()] * len(lines)
        counted = joined
        mentions = joined.holding(("survey-check",))
        if mentions:
            without = list(lines)
            for i in mentions:
                directives[i] = directives_in_line(lines[i])
                without[i] = _CHECKER_COMMENT.sub("", lines[i])
            counted = _Joined(without)
        counts = zip(*[fn(counted) for fn in self._counters], [1 if _list_item(l) else 0 for l in lines])
        forbidden = joined.each_holding(self._forbidden_all_looks, self._forbidden_in, ())
        required = joined.each_holding(self._required_all_looks, self._required_in, self._required_none)
        claims_in_line, rx = claims_mod.claims_in_line, self._claim_rx
        metric, context = self.pack.sum_metric, self.pack.sum_context
        claims = [claims_in_line(l, rx, metric, context) for l in lines]
        # (lists, not lazy maps: map(LineFacts, ...) would take one line from each in turn, the extractors interleaved)
        headings = headings_in_lines(lines)
        citations = list(map(citations_in_line, lines))
        figures = list(map(figures_in_line, lines))
        privacy = privacy_in_lines(lines, self._privacy_cfg)
        if any(privacy):  # what the analysis quotes from a line with private data shows it masked
            for i in [i for i, hits in enumerate(privacy) if hits]:
                headings[i], citations[i], figures[i], claims[i] = masked_quotes(
                    lines[i], privacy[i], headings[i], citations[i], figures[i], claims[i])
                if forbidden[i]:
                    forbidden[i] = masked_matches(lines[i], privacy[i], forbidden[i])
        section_refs = joined.each_holding(("§",), section_refs_in_line, ())
        claim_ends = [open_end(l, rx) for l in lines]
        return list(map(LineFacts, counts, headings, citations, figures, privacy, claims, directives, forbidden,
                        required, section_refs, claim_ends))

    def _claims_read(self, line: str) -> tuple:
        """The figures the pack's claim patterns read in one line (as `_facts_of` reads each)."""
        return claims_mod.claims_in_line(line, self._claim_rx, self.pack.sum_metric, self.pack.sum_context)

    def _forbidden_in(self, line: str) -> tuple[tuple[tuple[int, str], ...], ...]:
        """Per forbidden-pattern rule, (column, text) of its matches; () when none matches. The text is what the
        finding quotes ("独立段不计"), not the rule's pattern."""
        found: list | None = None  # per rule, once one matches
        for k, (looks, finditers) in enumerate(self._forbidden_looks):
            if looks is not None:  # a line without a rule's literals cannot match it (holds_any, inlined)
                for look in looks:
                    if look in line:
                        break
                else:
                    continue
            for finditer in finditers:
                for m in finditer(line):
                    if found is None:
                        found = [[] for _ in self._forbidden_looks]
                    found[k].append((m.start() + 1, _match_quote(m.group())))
        return tuple(map(tuple, found)) if found is not None else ()

    def _required_in(self, line: str) -> tuple[bool, ...]:
        """Per (required-pattern rule, pattern): found on this line, as written or as read without the input
        method's full-width brackets and digits and without Markdown's emphasis marks ("（1）机制", "(1) **机制**" are
        "(1) 机制": the part is there, and was reported missing)."""
        if _READ_OTHERWISE.search(line) is not None:  # (most lines: one search; the translation is slow)
            read = _EMPHASIS.sub("", line.replace("（", "(").replace("）", ")"))
            if _FULL_WIDTH_DIGIT.search(read) is not None:
                read = read.translate(_DIGITS_READ)
            return tuple(a or b for a, b in zip(self._required_written(line), self._required_written(read)))
        return self._required_written(line)

    def _required_written(self, line: str) -> tuple[bool, ...]:
        for looks, _ in self._required_looks:
            if looks is None or holds_any(line, looks):
                return tuple((looks is None or holds_any(line, looks)) and search(line) is not None
                             for looks, search in self._required_looks)
        return self._required_none

    def _cite_by_links(self, lines: list[str], facts: list[LineFacts], defs: LinkDefinitions) -> None:
        """Make each reference-style link to an arXiv id ("[Name][omni]" with "[omni]: https://arxiv.org/abs/…"
        defined anywhere in the survey) a citation of that id on its line, named by its text (`reference_links`), in
        place."""
        if not defs:
            return
        for i, line in enumerate(lines):
            if "]" not in line:
                continue
            uses = links_to(line, defs)
            if uses:
                facts[i] = _remade(self._linked, (line, uses), facts[i], partial(_linked_row, line, uses=uses))

    def _name_by_headers(self, lines: list[str], facts: list[LineFacts]) -> None:
        """Give the citations of table rows under a header that names its columns the name of the header's name
        column (`reference_tables`), in place. Only rows that cite are looked at; each walks up to its table's first
        line, which the row before it in the same table found already."""
        run_start = run_to = -1  # lines run_start..run_to are one table's, read so far
        for i, f in enumerate(facts):
            if not f.citations or not is_table_line(lines[i]):
                continue
            if run_to < 0 or not all(map(is_table_line, lines[run_to + 1:i])):
                run_start = i
                while run_start > 0 and is_table_line(lines[run_start - 1]):
                    run_start -= 1
            run_to = i
            if i < run_start + 2:
                continue
            columns = _header_read(self._headers, (lines[run_start], lines[run_start + 1]), header_columns)
            if columns is None:
                continue
            facts[i] = _remade(self._named, (lines[i], columns), f, partial(_named_row, lines[i], columns=columns))

    def _read_by_headers(self, lines: list[str], facts: list[LineFacts]) -> None:
        """Give the rows of a table whose header names an engine column and figure columns the figures read by
        those columns (`figure_tables`), those whose header names a counter's column ("| 小节 | CJK（实测） |") the
        figures they state about their places (`claim_tables`), and those whose header names a secret column ("密码",
        "Token") the hits of those cells (`privacy.secret_cells`), in place. A table is a run of lines holding "|" whose second is a
        delimiter row; a row the header gives no figure keeps what it states as prose. The rows of a GFM table written
        without outer pipes ("CJK | 99" under "维度 | 实测" / "--- | ---") state what they would with them."""
        i, n = 0, len(lines)
        secrets = self._privacy_cfg if "secret" in self._privacy_cfg.dimensions else None
        while i < n:
            if "|" not in lines[i]:
                i += 1
                continue
            start = i
            while i < n and "|" in lines[i]:
                i += 1
            if i - start < 3:
                continue
            head = (lines[start], lines[start + 1])
            if not all(map(all, map(outer_pipes, lines[start:i]))) and is_table_head(*head):
                for j in chain((start,), range(start + 2, i)):
                    facts[j] = _remade(self._piped_rows, lines[j], facts[j],
                                       partial(_piped_row, lines[j], read=self._claims_read))
            columns = _header_read(self._figure_headers, head, figure_columns)
            if columns is not None:
                for j in range(start + 2, i):
                    facts[j] = _remade(self._figure_rows, (lines[j], columns), facts[j],
                                       partial(_figures_row, lines[j], columns=columns))
            stated = _header_read(self._claim_headers, head, partial(claim_columns, words=self._claim_words))
            if stated is not None:
                for j in range(start + 2, i):
                    facts[j] = _remade(self._claim_rows, (lines[j], stated), facts[j],
                                       partial(_claims_row, lines[j], columns=stated, scopes=self.pack.scopes,
                                               whole=self._whole_claims))
            hidden = None if secrets is None else _header_read(
                self._secret_headers, head, partial(secret_columns, cfg=secrets))
            if hidden is not None and secrets is not None:
                for j in range(start + 2, i):
                    facts[j] = _remade(self._secret_rows, (lines[j], hidden), facts[j],
                                       partial(_secrets_row, lines[j], columns=hidden, cfg=secrets))

    def _in_keys(self, lines: list[str], facts: list[LineFacts], text: str | None = None) -> None:
        """Give the base64 lines of a private key's body their hit (`privacy.key_bodies`), in place: a line means
        nothing alone, so its memoised facts are the line's anywhere; a body line's are kept apart, by its text."""
        for i, hit in key_bodies(lines, self._privacy_cfg, text):
            facts[i] = _remade(self._key_lines, lines[i], facts[i], partial(_as_key_body, hit=hit))

    def _in_wrapped_keys(self, lines: list[str], facts: list[LineFacts]) -> None:
        """Give a line starting with the rest of a key wrapped onto it its hit (`privacy.wrapped_keys`), in place,
        from the lines' own hits (so before the other passes over the lines): a line's memoised facts are the line's
        anywhere, so a rest's are kept apart, by its text."""
        own = list(map(_PRIVACY_OF, facts))
        if not any(own):
            return
        for i, hit in wrapped_keys(lines, own):
            facts[i] = _remade(self._wrapped_lines, lines[i], facts[i], partial(_with_hit, lines[i], hit=hit))

    def _in_wrapped_figures(self, lines: list[str], facts: list[LineFacts], after: str | None = None) -> None:
        """Give the figures of a line whose paragraph goes on on the next line the GPU they name there
        (`figures.with_wrapped_gpus`: "… 2× faster than vLLM on" / "H100, …"), in place; `after` is the line after
        the last (an edit's lines: the one after them, unchanged). A line's memoised facts are the line's anywhere,
        so such a line's are kept apart, by its text and the next line's (`_widened_to_figure_wraps` says which
        lines an edit can change)."""
        n = len(lines)
        for i, f in enumerate(facts):
            if not f.figures or not may_wrap_on(lines[i]):
                continue
            nxt = lines[i + 1] if i + 1 < n else after
            if nxt is None:
                continue
            facts[i] = _remade(self._wrapped_figures, (lines[i], nxt), f,
                               partial(_with_wrapped_gpus, lines[i], nxt))

    def _in_listings(self, lines: list[str], facts: list[LineFacts]) -> None:
        """Take from a package listing's rows the IP hits of their version columns (`privacy.listing_versions`: "tensorrt
        10.3.0.26" under `pip list`), in place: a row's memoised facts are the line's anywhere, so a row's are kept
        apart, by its text and the columns its listing clears (`pip list --outdated` clears two). Only the lines with a
        hit are looked at."""
        rows = list(compress(count(), map(_PRIVACY_OF, facts)))
        if not rows:
            return
        for i, columns in listing_versions(lines, rows):
            facts[i] = _remade(self._listing_rows, (lines[i], columns), facts[i],
                               partial(_without_versions, columns=columns))

    # ---- whole document ---------------------------------------------------------------------------
    def analyze(self, text: str, *, file: str | None = None, verdicts: Mapping[str, Mapping[str, Any]] | None = None) -> Analysis:
        # The pass allocates many small objects that all stay alive: cyclic GC runs during it would only walk
        # the (large, long-lived) memo again and again.
        gc_was_on = gc.isenabled()
        gc.disable()
        try:
            return self._analyze(text, file, verdicts)
        finally:
            if gc_was_on:
                gc.enable()

    def _analyze(self, text: str, file: str | None, verdicts) -> Analysis:
        last = self._last if self.use_memo else None
        edit = _edit_of(last, text) if last is not None else None
        if edit is not None and last is not None and _redefines_links(last.lines, edit):
            edit = None  # (a link reference definition edited may cite other lines' links otherwise: all read again)
        changed = retitled = None
        if edit is None or last is None:  # (an edit is only found against a last pass)
            lines = split_lines(text)
            facts = self._all_facts(lines)
            self._in_wrapped_keys(lines, facts)
            self._in_keys(lines, facts, text)
            self._in_listings(lines, facts)
            link_defs = link_definitions(lines, [f.citations for f in facts]) if "]:" in text else {}
            self._cite_by_links(lines, facts, link_defs)
            self._name_by_headers(lines, facts)
            self._read_by_headers(lines, facts)
            if "@" in text:  # (a BibTeX entry starts with one)
                _name_by_entries(lines, facts)
            self._in_wrapped_figures(lines, facts)
        else:  # only the edited lines are split and looked up; the rest is spliced from the last pass
            edit = _widened(last.lines, edit)
            a, old_k, seg = edit
            seg_facts = self._all_facts(seg)
            self._in_wrapped_keys(seg, seg_facts)
            self._in_keys(seg, seg_facts)
            self._in_listings(seg, seg_facts)
            link_defs = last.link_defs
            self._cite_by_links(seg, seg_facts, link_defs)
            self._name_by_headers(seg, seg_facts)
            self._read_by_headers(seg, seg_facts)
            _name_by_entries(seg, seg_facts)
            self._in_wrapped_figures(seg, seg_facts, last.lines[a + old_k] if a + old_k < len(last.lines) else None)
            lines = list(last.lines)  # one copy, then the replaced run swapped in place
            lines[a:a + old_k] = seg
            facts = list(last.facts)
            facts[a:a + old_k] = seg_facts
            if len(seg) == old_k:
                changed = [a + j for j in range(old_k) if seg_facts[j] is not last.facts[a + j]]
                retitled = _retitled(last, lines, facts, changed)
                if retitled is None:
                    changed = None
        assembly = _Assembly(self, text, lines, facts, file, verdicts, last, changed=changed,
                             retitled=retitled if changed is not None else None,
                             spliced=_spliced(last, edit, seg_facts) if edit is not None and last is not None else None)
        assembly.link_defs = link_defs
        result = assembly.run()
        # Verdicts are cached by line: every Enter in a big survey adds one per figure after it. Kept to a few
        # times what the survey states (not the 400,000 lines of the memo: ~1 GB after 40 Enters in 8 MB).
        if len(self._claim_cache) > 3 * len(result.claims) + CLAIM_CACHE_FLOOR:
            self._claim_cache.clear()
        if self.use_memo:
            assembly.line_marks()
            assembly.prev = assembly.last = assembly.moved = None  # the pass before is not needed any more
            assembly.ref_origin = None
            # It is let go by `release()` (the editor's worker, once the result is shown), a chunk at a time: dropped
            # here it would free ~40,000 records in one 20-100 ms stroke after an Enter in 8 MB, the GIL held.
            if self.retired:  # nobody released the one before: let it go at once, as before
                self.retired.clear()
            if self._last is not None:
                self.retired.append(self._last)
            self._last = assembly
        return result


def _remade(memo: dict, key: Any, f: LineFacts, remake: Callable[[LineFacts], LineFacts]) -> LineFacts:
    """A line's facts as what is around it remakes them (a table's header, a key's block, a listing), kept in `memo`
    by `key` while the line's own facts are the same object: memoised by text alone, a line's facts are the line's
    anywhere, so the facts a place gives it are kept apart. (`remake` is called at once, never kept.)"""
    done = memo.get(key)
    if done is None or done[0] is not f:
        if len(memo) > MEMO_LIMIT:
            memo.clear()
        done = memo[key] = (f, remake(f))
    return done[1]


def _linked_row(line: str, f: LineFacts, uses: tuple[LinkUse, ...]) -> LineFacts:
    """A line's facts with its reference-style links to arXiv ids cited (masked where the line is private)."""
    cits = cited_by_links(line, f.citations, uses)
    if cits is f.citations:
        return f
    if f.privacy:
        cits = masked_quotes(line, f.privacy, None, cits, (), ())[1]
    return replace(f, citations=cits)  # type: ignore[type-var]


def _redefines_links(old_lines: list[str], edit: tuple[int, int, list[str]]) -> bool:
    """Whether the edit changes a link reference definition ("[omni]: https://…"): a link anywhere may then cite
    another paper, or none."""
    a, old_k, seg = edit
    old = old_lines[a:a + old_k]
    if not any("]:" in line for line in old) and not any("]:" in line for line in seg):
        return False
    return definitions_in(old) != definitions_in(seg)


def _with_wrapped_gpus(line: str, next_line: str, f: LineFacts) -> LineFacts:
    """A line's facts with the GPUs its figures take from the next line of their paragraph (itself when none)."""
    figures = with_wrapped_gpus(f.figures, line, next_line)
    return f if figures is f.figures else replace(f, figures=figures)  # type: ignore[type-var]


def _named_row(line: str, f: LineFacts, columns: TableColumns) -> LineFacts:
    """A table row's facts with its citations named by the header's name column (masked where the line is private)."""
    cits = named_by_header(line, f.citations, columns)
    if cits != f.citations and f.privacy:
        cits = masked_quotes(line, f.privacy, None, cits, (), ())[1]
    return f if cits == f.citations else replace(f, citations=cits)  # type: ignore[type-var]


def _figures_row(line: str, f: LineFacts, columns: TableFigureColumns) -> LineFacts:
    """A table row's facts with the figures its header's columns give it (none: what it states as prose)."""
    figures = figures_in_row(line, columns)
    if figures and f.privacy:
        figures = masked_quotes(line, f.privacy, None, (), figures, ())[2]
    return replace(f, figures=figures) if figures else f  # type: ignore[type-var]


def _claims_row(line: str, f: LineFacts, columns: ClaimColumns, scopes, whole: dict[str, int]) -> LineFacts:
    """A table row's facts with the figures its header's counter columns state about its place (claim_tables);
    a figure a claim pattern read already in the row is kept as the pattern read it."""
    return _with_claims(line, f, claims_in_row(line, columns, scopes, whole))


def _with_claims(line: str, f: LineFacts, found: tuple) -> LineFacts:
    """A line's facts with the claims `found` its place gives it, but those at a column a claim was read at already."""
    taken = {c.column for c in f.claims}
    found = tuple(c for c in found if c.column not in taken)
    if not found:
        return f
    claims = (*f.claims, *found)
    if f.privacy:
        claims = masked_quotes(line, f.privacy, None, (), (), claims)[3]
    return replace(f, claims=claims)  # type: ignore[type-var]


def _piped_row(line: str, f: LineFacts, read: Callable[[str], tuple]) -> LineFacts:
    """A table row's facts with the figures the claim patterns read in it as written with its outer pipes
    (claim_tables.claims_read_piped)."""
    return _with_claims(line, f, claims_read_piped(line, read))


def _secrets_row(line: str, f: LineFacts, columns: tuple[tuple[int, bool], ...], cfg: PrivacyConfig) -> LineFacts:
    """A table row's facts with the secrets in the cells its header names a secret's column (what the analysis
    quotes from the line masked)."""
    found = [h for h in secret_cells(line, columns, cfg)
             if not any(o.column < h.column + h.length and h.column < o.column + o.length for o in f.privacy)]
    if not found:
        return f
    hits = tuple(sorted((*f.privacy, *found), key=lambda h: h.column))
    heading, citations, figures, claims = masked_quotes(line, hits, f.heading, f.citations, f.figures, f.claims)
    return replace(f, privacy=hits, heading=heading, citations=citations, figures=figures, claims=claims,  # type: ignore[type-var]
                   forbidden=masked_matches(line, hits, f.forbidden))


def _with_hit(line: str, f: LineFacts, hit: PrivacyHit) -> LineFacts:
    """A line's facts with one more hit the lines around it give it (what the analysis quotes from the line masked)."""
    hits = tuple(sorted((*f.privacy, hit), key=lambda h: h.column))
    heading, citations, figures, claims = masked_quotes(line, hits, f.heading, f.citations, f.figures, f.claims)
    return replace(f, privacy=hits, heading=heading, citations=citations, figures=figures, claims=claims,  # type: ignore[type-var]
                   forbidden=masked_matches(line, hits, f.forbidden))


def _without_versions(f: LineFacts, columns: tuple[int, ...]) -> LineFacts:
    """A listing row's facts without the IP hits its version columns made."""
    kept = tuple(h for h in f.privacy if h.dimension != "ip" or h.column not in columns)
    return replace(f, privacy=kept) if len(kept) < len(f.privacy) else f  # type: ignore[type-var]


def _header_read(memo: dict, key: tuple[str, str], read: Callable[[str, str], Any]) -> Any:
    """A table header's reading (header row, delimiter row), kept in `memo` (None: the header reads as nothing)."""
    columns = memo.get(key, False)
    if columns is False:
        if len(memo) > MEMO_LIMIT:
            memo.clear()
        columns = memo[key] = read(*key)
    return columns


def _name_by_entries(lines: list[str], facts: list[LineFacts]) -> None:
    """Give the citations of a BibTeX entry spread over lines its title as their name, once per entry
    (`reference_bibtex`), in place."""
    for i, cits in named_by_entries(lines, [f.citations for f in facts]).items():
        f = facts[i]
        facts[i] = replace(f, citations=masked_quotes(lines[i], f.privacy, None, cits, (), ())[1] if f.privacy else cits)  # type: ignore[type-var]


def _as_key_body(f: LineFacts, hit: PrivacyHit) -> LineFacts:
    """A key's body line's facts: its hit, which holds the whole line but its white space (the line's own hits are
    in it), and every text the analysis quotes from the line masked whole (all of it is the key's)."""
    masked = hit.masked

    def m(text):
        return masked if text and text.strip() else text

    heading = f.heading
    if heading is not None and heading.title:
        heading = replace(heading, title=m(heading.title))  # type: ignore[type-var]
    return replace(  # type: ignore[type-var]
        f, privacy=(hit,), heading=heading,
        citations=tuple(replace(c, name=m(c.name)) if c.name else c for c in f.citations),
        figures=tuple(replace(g, sentence=m(g.sentence), label=m(g.label),
                              values=[replace(v, engine=m(v.engine)) for v in g.values]) for g in f.figures),
        claims=tuple(replace(c, text=m(c.text)) for c in f.claims),
        forbidden=tuple(tuple((c, m(t)) for c, t in per_rule) for per_rule in f.forbidden))


def _widened(old_lines: list[str], edit: tuple[int, int, list[str]]) -> tuple[int, int, list[str]]:
    """The edit widened to the line before it whose figures may read the first edited line
    (`_widened_to_figure_wraps`), to the tables and BibTeX entries around it (`_widened_to_tables`), to the keys wrapped over
    lines, the private keys' blocks and the package listings it reaches (`_widened_to_wraps`, `_widened_to_keys`,
    `_widened_to_listings`), each again while another widened it (a key's BEGIN line in a table row)."""
    edit = _widened_to_tables(old_lines, _widened_to_figure_wraps(old_lines, edit))
    while True:
        wider = _widened_to_listings(old_lines, _widened_to_keys(old_lines, _widened_to_wraps(old_lines, edit)))
        # (the same lines: the same edit. Compared by value: compiled by mypyc, a tuple of fixed length is unboxed
        # and boxed anew, never the same object)
        if wider[0] == edit[0] and wider[1] == edit[1]:
            return edit
        edit = _widened_to_tables(old_lines, wider)  # (then keys again: a listing widened to may reach one)


def _widened_to_figure_wraps(old_lines: list[str], edit: tuple[int, int, list[str]]) -> tuple[int, int, list[str]]:
    """The edit with the line before it taken in when that line's figures may take a GPU from the line after it and
    the edit changes that line (`figures.may_wrap_on`, `carries_on`): `_in_wrapped_figures` reads each edited line
    with the one after it. (Enter at the end of a line, or before a heading or a list item, changes none.)"""
    a, old_k, seg = edit
    if a == 0:
        return edit
    n = len(old_lines)
    was = old_lines[a] if a < n else ""
    now = seg[0] if seg else (old_lines[a + old_k] if a + old_k < n else "")
    if was != now and (carries_on(was) or carries_on(now)) and may_wrap_on(old_lines[a - 1]):
        return _edit_within(old_lines, edit, a - 1, a + old_k)
    return edit


def _widened_to_keys(old_lines: list[str], edit: tuple[int, int, list[str]]) -> tuple[int, int, list[str]]:
    """The edit with the private keys' blocks it reaches taken in whole (`privacy.widened_to_keys`): the body
    lines `_in_keys` marks are those of the blocks within the edited lines."""
    a, old_k, seg = edit
    return _edit_within(old_lines, edit, *widened_to_keys(old_lines, a, a + old_k, seg))


def _widened_to_wraps(old_lines: list[str], edit: tuple[int, int, list[str]]) -> tuple[int, int, list[str]]:
    """The edit with the keys wrapped over lines it reaches taken in whole (`privacy.widened_to_wraps`): the rests
    `_in_wrapped_keys` marks are those of the keys within the edited lines."""
    a, old_k, seg = edit
    return _edit_within(old_lines, edit, *widened_to_wraps(old_lines, a, a + old_k, seg))


def _widened_to_listings(old_lines: list[str], edit: tuple[int, int, list[str]]) -> tuple[int, int, list[str]]:
    """The edit with the package listings it reaches taken in whole (`privacy.widened_to_listings`): the rows
    `_in_listings` clears are those of the listings within the edited lines."""
    a, old_k, seg = edit
    return _edit_within(old_lines, edit, *widened_to_listings(old_lines, a, a + old_k, seg))


def _edit_within(old_lines: list[str], edit: tuple[int, int, list[str]], lo: int, hi: int) -> tuple[int, int, list[str]]:
    """The edit widened to the old lines lo .. hi - 1 (the same edit when they are its own)."""
    a, old_k, seg = edit
    if lo == a and hi == a + old_k:
        return edit
    return lo, hi - lo, [*old_lines[lo:a], *seg, *old_lines[a + old_k:hi]]


def _widened_to_tables(old_lines: list[str], edit: tuple[int, int, list[str]]) -> tuple[int, int, list[str]]:
    """The edit with the table lines around it taken in: a header edited names the rows under it again, and a row
    is read with its header (`_name_by_headers` reads the tables within the edited lines); so are the lines of a
    BibTeX entry (an edited title renames the entry's id)."""
    a, old_k, seg = edit
    lo, hi = a, a + old_k
    while lo > 0 and is_table_line(old_lines[lo - 1]):
        lo -= 1
    while hi < len(old_lines) and is_table_line(old_lines[hi]):
        hi += 1
    return _edit_within(old_lines, edit, *widened_to_entries(old_lines, lo, hi, seg))


def _edit_of(last: "_Assembly", text: str) -> tuple[int, int, list[str]] | None:
    """The lines an edit replaced, found by comparing with the last text: (first line index, number of old
    lines, the new lines). Comparing runs at memcmp speed, so an edit in an 8 MB text costs a few ms, not a split."""
    old = last.text
    if last.has_cr:
        return None
    n = min(len(old), len(text))
    p = common_prefix(old, text, n)
    s = common_suffix(old, text, n - p)
    if "\r" in text[p:len(text) - s]:
        return None
    ls = old.rfind("\n", 0, p) + 1  # the changed lines start here, in both texts
    le_old = old.find("\n", len(old) - s)
    le_new = text.find("\n", len(text) - s)
    if (le_old < 0) != (le_new < 0):
        return None
    if le_old < 0:  # the edit reaches the last line: the final-newline rule of split_lines applies
        old_k = len(split_lines(old[ls:]))
        seg = split_lines(text[ls:])
    else:
        old_k = old.count("\n", ls, le_old) + 1
        seg = text[ls:le_new].split("\n")
    offs, idxs = last.line_marks()
    m = bisect_right(offs, ls) - 1  # the last marked line start at or before ls: count newlines from there
    a = idxs[m] + old.count("\n", offs[m], ls)
    if le_old >= 0 and len(seg) != old_k and a > 0 and seg[-1] == last.lines[a + old_k - 1]:
        # Enter at the end of a line is found as a new line before the next one (the texts agree up to the
        # newline); said as "this line became two" instead, a heading after it is not among the edited lines.
        a -= 1
        seg = [last.lines[a], *seg[:-1]]
    return a, old_k, seg


def _retitled(last: "_Assembly", lines: list[str], facts: list["LineFacts"], changed: list[int]) -> dict[int, str] | None:
    """{line: new title} when the edited lines leave the outline as it was but for heading titles; None when
    they may change it otherwise (a heading added, removed or renumbered, a setext title, the last lines)."""
    n = len(lines)
    titles: dict[int, str] = {}
    for i in changed:
        h, old = facts[i].heading, last.facts[i].heading
        if i >= n - 6 and not _same_footer(last, lines):
            return None
        if i + 1 < n and (below := facts[i + 1].heading) is not None and below.style.startswith("setext"):
            return None
        if h == old:
            continue
        if h is None or old is None or h.style.startswith(("setext", "fence")) or replace(h, title="") != replace(old, title=""):  # type: ignore[type-var]
            return None
        titles[i + 1] = h.title
    return titles


def _spliced(last: "_Assembly", edit: tuple[int, int, list[str]], seg_facts: list["LineFacts"]) -> tuple[int, int, int]:
    """(first line, old count, new count) of the run the edit replaced. Enter at the end of the line before the
    signature is found as the signature replaced by a new line and itself: read as the line before replaced by
    itself and a new line instead (the same text), the signature stays out of the run and only moves."""
    a, old_k, seg = edit
    new_k = len(seg)
    footer = last.outline.footer_line
    if (footer is not None and a < footer <= a + old_k and a > 0 and old_k and new_k and old_k != new_k
            and seg[-1] == last.lines[a + old_k - 1]
            and (seg_facts[-1] is last.facts[a + old_k - 1] or seg_facts[-1] == last.facts[a + old_k - 1])):
        return a - 1, old_k, new_k
    return a, old_k, new_k


def _same_footer(last: "_Assembly", lines: list[str]) -> bool:
    """Whether the footer is found on the line it was (an edit in the last lines may make or unmake it: the
    outline's body then ends elsewhere), for lines as many as the last pass's: against the line the last pass's
    outline holds, as _moves_only does (every outline's is where find_footer finds it in its own lines)."""
    return find_footer(lines, last.az._footer_re) == last.outline.footer_line


def _moves_only(last: "_Assembly", lines: list[str], facts: list["LineFacts"], spliced: tuple[int, int, int]) -> bool:
    """True when replacing lines cannot change the outline but by moving it: no heading among the old or
    new lines, no setext underline right after them (its title is the line before), and, in the last lines, the
    footer found where the last one moves to (or none, as before). (Enter at the end of a paragraph, right before
    a heading, only moves the outline; so does a new paragraph at the end of the survey, above its signature.)"""
    a, old_k, new_k = spliced
    n = len(facts)
    if a + old_k >= last.n:
        return False
    if a + max(old_k, new_k) + 6 >= n:
        footer = last.outline.footer_line
        if footer is not None and footer > a:
            if footer <= a + max(old_k, 1):
                return False  # the signature replaced, or lines put right before it: the outline moves otherwise
            footer += new_k - old_k  # (below the replaced lines: moved with them)
        if find_footer(lines, last.az._footer_re) != footer:
            return False
    after = last.heads[a + old_k]
    if after is not None and after.style.startswith("setext"):
        return False
    first = last.heads[a] if old_k else None
    if first is not None:
        # Enter at the end of a heading (or a line joined back to it): the heading stays on its line, first
        # in both runs, and only what follows it moves.
        if new_k == 0 or facts[a].heading != first or first.style.startswith(("setext", "fence")):
            return False
        a, old_k, new_k = a + 1, old_k - 1, new_k - 1
    if any(h is not None for h in last.heads[a:a + old_k]):
        return False
    return all(facts[i].heading is None for i in range(a, a + new_k))


def _moved_outline(outline: Outline, before: int, after: int, d: int) -> Outline:
    """The outline with the lines after `after` (1-based, in the old text) moved by d lines: the replaced lines
    were `before` + 1 .. `after`, so a section or the header holding them ends d lines later."""
    def move(ln: int) -> int:
        return ln + d if ln > after else ln

    def move_end(ln: int) -> int:
        return ln + d if ln > before else ln

    def move_key(key: str | None) -> str | None:  # unnumbered headings are keyed by their line: "h12"
        if key and key[0] == "h" and key[1:].isdigit():
            return f"h{move(int(key[1:]))}"
        return key

    # The sections starting up to the replaced lines stay, but those holding them (the edit's enclosing sections,
    # found in C), which end d lines later; every later section moves whole. (Copied inline, a record's dict
    # handed over as records.moved_by does: after an Enter mid-way, half of the 9,000 sections of 8 MB.)
    secs = outline.sections
    k = bisect_right(secs, after, key=_LINE)  # (in line order)
    sections = secs[:k]
    new, set_dict = object.__new__, object.__setattr__
    for j in compress(range(k), map(before.__lt__, map(_END_LINE, sections))):
        s = sections[j]
        state = s.__dict__.copy()
        state["end_line"] = s.end_line + d
        if s.parent and s.parent[0] == "h":
            state["parent"] = move_key(s.parent)
        sections[j] = moved = new(Section)
        set_dict(moved, "__dict__", state)
    append = sections.append
    for s in secs[k:]:
        state = s.__dict__.copy()
        state["line"] = s.line + d
        if s.key[:1] == "h":
            state["key"] = move_key(s.key)
        state["end_line"] = s.end_line + d
        if s.parent and s.parent[0] == "h":
            state["parent"] = move_key(s.parent)
        moved = new(Section)
        set_dict(moved, "__dict__", state)
        append(moved)
    header = (outline.header[0], move_end(outline.header[1])) if outline.header else None
    blocks = tuple((move(a), move_end(b)) for a, b in outline.not_prose)
    strays = tuple(Stray(move(s.line), s.number, s.top, move(s.top_line), s.title, move_end(s.end_line))
                   for s in outline.strays)
    return Outline(sections, header, move(outline.footer_line) if outline.footer_line else None,
                   move_end(outline.body_end), blocks, strays, outline.title_block)


@mypyc_attr(native_class=False)  # (a dict subclass cannot be a native class)
class _Cums(dict):
    """Running totals of each counter by line (cum[name][i] = count in lines 1..i), built on first use: an
    edit changes a column, and a pass that never asks for its totals never pays for them."""

    cols: dict[str, Sequence[int]]

    def __init__(self, cols: dict[str, Sequence[int]], known: dict[str, list[int]] | None = None):
        super().__init__(known or {})
        self.cols = cols

    def __missing__(self, name: str) -> list[int]:
        cum = self[name] = list(accumulate(self.cols[name], initial=0))
        return cum

    def built(self, name: str) -> list[int] | None:
        """The running totals if some part of this pass already needed them, else None."""
        return self.get(name)


def _with_titles(outline: Outline, starts: list[int], titles: dict[int, str]) -> Outline:
    """The outline with the sections (and stray sub-sections) starting on the given lines renamed (same numbers,
    same line ranges)."""
    sections = list(outline.sections)
    for ln, title in titles.items():
        j = bisect_left(starts, ln)
        if j < len(sections) and sections[j].line == ln:
            sections[j] = replace(sections[j], title=title)  # type: ignore[type-var]
    strays = tuple(replace(s, title=titles[s.line]) if s.line in titles else s for s in outline.strays)  # type: ignore[type-var]
    return replace(outline, sections=sections, strays=strays)  # type: ignore[type-var]


def merged_ranges(ranges: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Inclusive line ranges sorted, those that overlap joined: a place made of sections that hold one another
    ("## 2" and its "### 2.1") counts each line once. The list itself when none overlaps and they are in order."""
    for k in range(1, len(ranges)):
        if ranges[k][0] <= ranges[k - 1][1]:
            break
    else:
        return ranges
    out: list[tuple[int, int]] = []
    for a, b in sorted(ranges):
        if out and a <= out[-1][1]:
            if b > out[-1][1]:
                out[-1] = (out[-1][0], b)
        else:
            out.append((a, b))
    return out


def _shared(units: list[Unit]) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """The repeated section numbers of several units, each once, in order."""
    out: dict[str, tuple[int, ...]] = {}
    for u in units:
        out.update(u.shared)
    return tuple(out.items())


def _id_lines(refs: list[Reference]) -> tuple[list[int], list[str]]:
    """(lines, ids) of every citing line, sorted by line: which papers a range of lines cites, by bisection."""
    pairs = sorted((line, r.id) for r in refs for line in r.lines)
    return [p[0] for p in pairs], [p[1] for p in pairs]


def split_lines(text: str) -> list[str]:
    """Lines as the editor numbers them; a final newline does not start another line."""
    if not text:
        return []
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    if "\r" in text:
        lines = [l[:-1] if l.endswith("\r") else l for l in lines]
    return lines


def analyze(
    text: str,
    pack: RulePack,
    *,
    file: str | None = None,
    verdicts: Mapping[str, Mapping[str, Any]] | None = None,
    today: date | None = None,
) -> Analysis:
    return Analyzer(pack, today=today).analyze(text, file=file, verdicts=verdicts)


def _counter_fn(kind: str, pattern: str) -> Callable[[_Joined], list[int]]:
    """A counter of the pack as a function from lines (a `_Joined`) to their counts (one column of the facts: no
    call per line)."""
    if kind == "regex":
        rx = re.compile(pattern)
        kept = whole_blocks(rx)
        if kept is not None:
            return _block_counter(kept)
        findall = rx.findall
        looks = first_look(rx)
        if looks and len(looks) == 1:  # a line without the literal holds no match: the scan is skipped
            look = looks[0]
            return lambda joined: [len(findall(line)) if look in line else 0 for line in joined.lines]
        if looks:
            return lambda joined: [len(findall(line)) if holds_any(line, looks) else 0 for line in joined.lines]
        return lambda joined: [len(findall(line)) for line in joined.lines]
    if kind == "literal":
        return lambda joined: list(map(methodcaller("count", pattern), joined.lines))
    if pattern == "lines":
        return lambda joined: [1] * len(joined.lines)
    if pattern == "chars":
        return lambda joined: list(map(len, joined.lines))
    if pattern == "words":
        return lambda joined: [len(WORD_RE.findall(line)) for line in joined.lines]
    if pattern == "list_items":
        return lambda joined: [1 if LIST_ITEM_RE.match(line) else 0 for line in joined.lines]
    raise ValueError(f"unknown counter {kind}:{pattern}")


_list_item = LIST_ITEM_RE.match


def plus_items(lines: list[str], col: Sequence[int], among: Iterable[int] | None = None) -> list[int]:
    """The (0-based) lines counted as list items whose mark is "+" (of `among`, in order, when given)."""
    return [i for i in (compress(range(len(col)), col) if among is None else among)
            if col[i] and lines[i].lstrip()[:1] == "+"]


def _items_kept_up(find: Callable[..., list[int]], lines: list[str], col: Sequence[int], before: list[int] | None,
                   changed: list[int] | None, splice: tuple[int, int, int] | None) -> list[int]:
    """The item lines `find` picks (`plus_items`, `indented_items`), from the last pass's (`before`) when it has
    them: after an edit within lines, those and the edited lines looked at again; after a splice that only moved
    lines (a, old_k, new_k), those around it moved and the new lines looked at; else every item line."""
    if before is not None and changed is not None:
        return find(lines, col, sorted({*before, *changed}))
    if before is not None and splice is not None:
        a, old_k, new_k = splice
        d = new_k - old_k
        return [*(i for i in before if i < a), *find(lines, col, range(a, a + new_k)),
                *(i + d for i in before if i >= a + old_k)]
    return find(lines, col)


def indented_items(lines: list[str], col: Sequence[int], among: Iterable[int] | None = None) -> list[int]:
    """The (0-based) lines counted as list items that are indented (of `among`, in order, when given)."""
    return [i for i in (compress(range(len(col)), col) if among is None else among)
            if col[i] and lines[i][:1] in " \t"]


def nested_items(lines: list[str], col: Sequence[int], indented: list[int]) -> list[int]:
    """The (0-based) indented item lines nested under an item indented less, above them in the same list (no blank
    line or paragraph line between): "- 主线 A …" / "  - 注：同上" is one item, as Markdown reads it."""
    out = []
    for i in indented:
        line = lines[i]
        depth = len(line) - len(line.lstrip(" \t"))
        j = i - 1
        while j >= 0:
            above = lines[j]
            if not above.strip():
                break
            if col[j]:
                if len(above) - len(above.lstrip(" \t")) < depth:
                    out.append(i)
                    break
            elif above[0] not in " \t":
                break  # a paragraph line: a list of its own starts under it
            j -= 1
    return out


def item_continuations(lines: list[str], col: Sequence[int], plus: list[int]) -> list[int]:
    """The (0-based) lines counted as list items that go on the item before them: a "+ " line right after a "- ",
    "* " or numbered item, or after such an item's wrapped lines. CommonMark starts a new list there, but an author
    who hard-wraps "… 1.1" / "+ 与 §三.2 …" means one item: counted as a new item, §七 had one cross-link too many and
    two short ones. (A "+ " list of its own, or one after a blank line or a paragraph line, stays a list.)"""
    out: list[int] = []
    going_on: dict[int, bool] = {}  # line -> whether a "+ " line after it goes on an item
    for i in plus:  # (`plus_items`)
        j, seen = i - 1, []
        while j >= 0:
            known = going_on.get(j)
            if known is not None:
                verdict = known
                break
            prev = lines[j]
            head = prev.lstrip()
            if not head:
                verdict = False  # a blank line ends the item
                break
            if col[j]:
                if head[0] not in "+":
                    verdict = True  # a "- " / "* " / numbered item
                    break
            elif prev[0] not in " \t":
                verdict = False  # a paragraph line: the "+ " starts a list of its own
                break
            seen.append(j)  # a "+ " item or a wrapped (indented) line: it depends on what is above it
            j -= 1
        else:
            verdict = False
        for k in seen:
            going_on[k] = verdict
        going_on[i] = verdict
        if verdict:
            out.append(i)
    return out


# What starts a block that ends a list item's paragraph, no lazy continuation of it: a heading, a fence, a quote, an
# HTML block, a rule (CommonMark's blocks that interrupt a paragraph; an item is counted in `col`)
_INTERRUPTS = re.compile(r" {0,3}(?:#{1,6}(?:[ \t]|$)|```|~~~|>|<|(?:([-*_])[ \t]*)(?:\1[ \t]*){2,}$)")
_ITEM_MARK = re.compile(r"[ \t]*(?:[-*+]|\d{1,9}[.)])([ \t]*)")


def _content_column(item: str) -> int:
    """The column (0-based, tabs to stops of 4) where a list item's text starts, which the lines of its later
    paragraphs are indented to: "- " 2, "10. " 4; after more than 4 spaces the text is indented code, at the
    marker's end + 1."""
    text = item.expandtabs(4)
    m = _ITEM_MARK.match(text)
    if m is None:
        return 0
    gap = len(m.group(1))
    return m.end() if 1 <= gap <= 4 and m.end() < len(text) else m.start(1) + 1


def _indent(line: str) -> int:
    text = line.expandtabs(4)
    return len(text) - len(text.lstrip(" "))


def item_end(lines: list[str], col: Sequence[int], ln: int, end: int, headings: Sequence[int] = ()) -> int:
    """The last line (1-based, at most `end`) of the list item starting on line `ln`, as CommonMark reads it: the
    lines after it that are wrapped (indented, not an item) or go on it with "+ " (counted 0 in `col`, see
    `item_continuations`); an unindented line going on its paragraph (a lazy continuation: right after it, starting
    no heading, fence, quote, HTML block or rule) when the list goes on after it (the survey's lines follow one
    another without blank lines: the line after a list's last item is the paragraph after the list, "主线合流密度：…"
    under §七's); after blank lines, a line indented to the item's text (a paragraph of it) and the lines going on
    that. A line counted as an item or a heading of the outline (`headings`, 1-based, in order) ends it."""
    width = _content_column(lines[ln - 1])
    last = ln
    k = ln  # (0-based: the line after the last one taken)
    while k < end:
        nxt = lines[k]
        if col[k] or _is_in(headings, k + 1):
            break
        if not nxt.strip():
            j = k + 1
            while j < end and not lines[j].strip():
                j += 1
            if j >= end or col[j] or _is_in(headings, j + 1) or _indent(lines[j]) < width:
                break
            k = j  # a later paragraph of the item
        elif not (nxt[0] in " \t" or nxt.lstrip()[:1] == "+" and _list_item(nxt)):
            if _INTERRUPTS.match(nxt) is not None or lines[k - 1].lstrip().startswith(("```", "~~~")):
                break  # (after a fence in the item no paragraph goes on)
            j = k + 1  # the list must go on after it: a line after the last item is the paragraph after the list
            while (j < end and lines[j].strip() and not col[j] and not _is_in(headings, j + 1)
                   and _INTERRUPTS.match(lines[j]) is None):
                j += 1
            if j >= end or not col[j]:
                break
            k = j - 1
        last = k = k + 1
    return last


def _item_shape(line: str) -> tuple:
    """What of a line decides where the list items around it end (`item_end`): an edit keeping it keeps them."""
    text = line.lstrip()
    if not text:
        return ()
    return (line[:len(line) - len(text)], _content_column(line), _INTERRUPTS.match(line) is not None,
            text.startswith(("```", "~~~")))


def _is_in(ordered: Sequence[int], x: int) -> bool:
    i = bisect_left(ordered, x)
    return i < len(ordered) and ordered[i] == x


def _block_counter(kept: bytes) -> Callable[[_Joined], list[int]]:
    """Counts the characters of each line in the given blocks (see `regex_looks.whole_blocks`): the high bytes of
    its UTF-16 code units that are kept ones.

    All lines are encoded at once, joined by a character of a block neither kept nor in the text (a private use one),
    and the high bytes translated so: a kept one -> 1, the joining one -> a newline, any other dropped; the pieces
    between newlines are then each line's kept characters (an encode per line cost twice as much). When the joining
    block is in the text after all (a line splits in two) or a character is beyond the BMP (two code units), line
    by line."""
    drop = bytes(b for b in range(256) if b not in kept)
    joint = next((b for b in range(0xE0, 0xF9) if b not in kept), None)  # a high byte of the private use area
    if joint is not None:
        table = bytes(1 if b in kept else 10 if b == joint else 0 for b in range(256))
        dropped = bytes(b for b in range(256) if b not in kept and b != joint)
        sep = chr(joint << 8)

    def per_line(lines: list[str]) -> list[int]:
        if 0 in kept:
            return [len(line.encode("utf-16-le", "surrogatepass")[1::2].translate(None, drop)) for line in lines]
        return [0 if line.isascii() else len(line.encode("utf-16-le", "surrogatepass")[1::2].translate(None, drop))
                for line in lines]

    def counts(joined: _Joined) -> list[int]:
        lines = joined.lines
        if 0 not in kept and joined.text.isascii():
            return [0] * len(lines)
        if joint is None or not lines:
            return per_line(lines)
        text = sep.join(lines)
        units = text.encode("utf-16-le", "surrogatepass")
        if len(units) != 2 * len(text):  # a character beyond the BMP
            return per_line(lines)
        pieces = units[1::2].translate(table, dropped).split(b"\n")
        return list(map(len, pieces)) if len(pieces) == len(lines) else per_line(lines)

    return counts


@mypyc_attr(native_class=False)
class _Assembly:
    """One document-level pass over the per-line facts.

    With `prev` (the pass over the previous text) every part whose inputs are unchanged is reused: the
    outline when no heading changed, references / figures / privacy hits when no line's extraction changed,
    section metrics of sections without a changed line, and claim verdicts whose measured value is the same.
    Analysis objects are therefore shared between passes: treat them as read-only.

    (Not a native class when compiled: `dismantle` lets go of a pass through its instance dict, tests hold weak
    references to passes, and `run` reads parts by name.)
    """

    az: Analyzer
    pack: RulePack
    text: str
    lines: list[str]
    facts: list[LineFacts]
    file: str | None
    verdicts: Any  # Mapping[str, Mapping[str, Any]] | None
    n: int
    names: list[str]  # the counters', then list_items
    changed: list[int] | None
    last: _Assembly | None
    spliced: tuple[int, int, int] | None
    moved: _Assembly | None
    prev: _Assembly | None
    moves_only: bool
    retitled: dict[int, str] | None
    has_cr: bool
    heads: list[Heading | None]
    outline: Outline
    cols: dict[str, Sequence[int]]  # counter -> its count on each line (a list, or the tuple the columns were zipped to)
    totals: dict[str, int]
    cum: _Cums
    raw_items: tuple[Sequence[int], int]
    plus: list[int]
    indented: list[int]
    same_outline: bool
    by_key: dict[str, Section]
    key_at: dict[str, int]
    section_starts: list[int]
    repeated: dict[str, tuple[int, ...]]
    # set by run()
    cit: list[tuple[int, Any]]
    today: date
    base_refs: list[Reference]
    _id_lines: tuple[list[int], list[str]]
    references: list[Reference]
    verifiability_pct: float | None
    verifiability_exact: float | None
    verifiability_why: str
    forbidden_lines: list[tuple[int, Any]]
    priv_lines: list[tuple[int, Any]]
    fig_lines: list[tuple[int, Any]]
    ref_lines: list[tuple[int, Any]]
    privacy: list[PrivacyHit]
    priv_runs: LineRuns
    figures: list[FigureGroup]
    figure_findings: list[Finding]
    placed: LineRuns
    figure_check: FigureCheck
    section_refs: list[SectionRef]
    judged: dict[str, tuple]
    directives_in_effect: tuple
    rules: list[RuleResult]
    findings: list[Finding]
    section_metrics: list[SectionMetrics]
    ref_origin: tuple[_Assembly | None, int, int, int] | None
    ref_found: dict[str, tuple[dict[str, str], LineRuns]]
    ref_runs: LineRuns
    link_defs: LinkDefinitions  # the labels of link reference definitions citing an arXiv id (reference_links)

    def __init__(self, az: Analyzer, text: str, lines: list[str], facts: list[LineFacts], file, verdicts,
                 prev: "_Assembly | None" = None, *, changed: list[int] | None = None,
                 retitled: dict[int, str] | None = None, spliced: tuple[int, int, int] | None = None):
        self.az, self.pack, self.text, self.lines, self.facts = az, az.pack, text, lines, facts
        self.file, self.verdicts = file, verdicts
        self.n = len(lines)
        self.names = az.counter_names + ["list_items"]
        # `changed`: the indices of the lines edited since `prev`, given only when the line count and the
        # outline are prev's; then every per-line list is prev's with those lines patched in (no O(n) pass).
        self.changed = changed = changed if prev is not None else None
        # `spliced`: (first line, old count, new count) of the lines the edit replaced in `last`'s text.
        self.last, self.spliced = prev, spliced if prev is not None else None
        self.moved = None
        self.moves_only = False  # the edit only moved lines: the outline and parts of the last pass were moved
        self.retitled = retitled if self.changed is not None else None  # {line: new title} of renamed headings
        self._marks: tuple[list[int], list[int]] | None = None
        self._comment_blocks: tuple[tuple[int, int], ...] | None = None
        if changed is not None and prev is not None:  # (changed only with prev)
            self.has_cr = prev.has_cr
            self.heads, self.outline, self.prev = prev.heads, prev.outline, prev
            if retitled:
                self.heads = list(prev.heads)
                for i in changed:
                    self.heads[i] = facts[i].heading
                self.outline = _with_titles(prev.outline, prev.section_starts, retitled)
            self.cols, self.totals = dict(prev.cols), dict(prev.totals)
            self.cols["list_items"], self.totals["list_items"] = prev.raw_items  # (patched as the lines count them)
            kept = {}
            for k, name in enumerate(self.names):
                if any(facts[i].counts[k] != prev.facts[i].counts[k] for i in changed):
                    col = self.cols[name] = list(self.cols[name])
                    for i in changed:
                        self.totals[name] += facts[i].counts[k] - col[i]
                        col[i] = facts[i].counts[k]
                elif (built := prev.cum.built(name)) is not None and (
                        name != "list_items" or prev.cols[name] is prev.raw_items[0]):
                    kept[name] = built
            self.cum = _Cums(self.cols, kept)
        elif self.spliced is not None and prev is not None and _moves_only(prev, lines, facts, self.spliced):
            # A line-count change with no heading in reach: the outline is the last one, moved.
            a, old_k, new_k = self._splice()
            self.has_cr = prev.has_cr
            # (each per-line list copied whole, then the replaced run swapped in place: ~5x faster than gluing three
            # pieces of 60,000 items together)
            self.heads = list(prev.heads)
            self.heads[a:a + old_k] = [facts[i].heading for i in range(a, a + new_k)]
            self.outline = _moved_outline(prev.outline, a, a + old_k, new_k - old_k)
            self.moved = prev  # the last pass, whose parts away from the edit are moved instead of rebuilt
            self.moves_only = True
            self.prev = None
            self.cols, self.totals = {}, {}
            for k, name in enumerate(self.names):
                old_col, old_total = prev.raw_items if name == "list_items" else (prev.cols[name], prev.totals[name])
                seg = [facts[i].counts[k] for i in range(a, a + new_k)]
                self.cols[name] = col = list(old_col)
                col[a:a + old_k] = seg
                # (the total less what the replaced lines held, plus what the new ones hold: not a sum over 60,000)
                self.totals[name] = old_total - sum(old_col[a:a + old_k]) + sum(seg)
            self.cum = _Cums(self.cols)
        else:
            self.has_cr = "\r" in text
            self.heads = list(map(attrgetter("heading"), facts))
            if (prev is not None and prev.n == self.n and prev.heads == self.heads and (prev.lines[-6:] == lines[-6:] or _same_footer(prev, lines))
                    # (a setext title is the line above: the same, and masked alike, the line's privacy hits
                    # changing without it when a key's BEGIN line above it is typed or deleted)
                    and all(lines[i - 1] == prev.lines[i - 1] and facts[i - 1].privacy == prev.facts[i - 1].privacy
                            for i, h in enumerate(self.heads) if h is not None and i > 0 and h.style.startswith("setext"))):
                self.outline = prev.outline
                self.prev = prev
            else:
                self.outline = masked_titles(
                    build_outline(lines, self.heads, footer_re=az._footer_re, styles=self.pack.heading_styles),
                    lines, facts)
                self.prev = prev if (prev is not None and prev.n == self.n) else None
            cols = zip(*map(attrgetter("counts"), facts)) if facts else [() for _ in self.names]
            self.cols = dict(zip(self.names, cols))
            self.cum = _Cums(self.cols)
            self.totals = {name: sum(col) for name, col in self.cols.items()}
        # the list items as each line alone counts them, and their total; then those that go on an item uncounted
        raw = self.cols["list_items"]
        self.raw_items = (raw, self.totals["list_items"])
        # (kept up to date: no walk over every item of a long survey at each keystroke; moves only with prev)
        splice = self._splice() if changed is None and self.moves_only and prev is not None else None
        self.plus = _items_kept_up(plus_items, lines, raw, prev.plus if prev is not None else None, changed, splice)
        self.indented = _items_kept_up(indented_items, lines, raw, prev.indented if prev is not None else None,
                                       changed, splice)
        continued = item_continuations(lines, raw, self.plus) if self.plus else ()
        # nor are a list item nested under another (part of it, as Markdown reads it) and one in a code or comment
        # block (an example): each made §七 count a cross-link too many
        hidden = nested_items(lines, raw, self.indented) if self.indented else []
        hidden += [i for a, b in self.outline.not_prose for i in range(a - 1, min(b, self.n)) if raw[i]]
        if hidden:
            continued = sorted({*continued, *hidden})
        if continued:
            col = self.cols["list_items"] = list(self.cols["list_items"])
            for i in continued:
                col[i] = 0
            self.totals["list_items"] -= len(continued)
            self.cum.pop("list_items", None)
        # (self.prev is prev or None, and a pass that moves only or renames has prev)
        self.same_outline = self.prev is not None and prev is not None and (
            self.outline is prev.outline or self.changed is not None)
        if self.same_outline and prev is not None and self.outline is prev.outline:
            self.by_key, self.section_starts, self.repeated = prev.by_key, prev.section_starts, prev.repeated
            self.key_at = prev.key_at
        elif (self.moves_only or self.retitled) and prev is not None:
            # The last pass's sections in the same order (moved, or some renamed): each key's first section is at
            # the same index, a repeated number's headings moved with the lines (not a walk over 9,000 sections).
            secs = self.outline.sections
            self.by_key, self.key_at = by_key, key_at = {}, {}
            for j in prev.key_at.values():  # (in order of first appearance, as the walk below finds them)
                s = secs[j]
                key = s.key.split("#")[0] if "#" in s.key else s.key  # (an unnumbered heading's "h12" moves too)
                by_key[key], key_at[key] = s, j
            if self.moves_only:
                a, old_k, new_k = self._splice()
                after, d = a + old_k, new_k - old_k
                self.repeated = {k: at[:(p := bisect_right(at, after))] + tuple(map(add, at[p:], repeat(d)))
                                 for k, at in prev.repeated.items()}
                p = bisect_right(prev.section_starts, after)
                self.section_starts = prev.section_starts[:p] + list(map(add, prev.section_starts[p:], repeat(d)))
            else:
                self.repeated, self.section_starts = prev.repeated, prev.section_starts
        else:
            self.by_key = by_key = {}
            self.key_at = key_at = {}  # the index of each key's first section
            later: dict[str, list[int]] | None = None  # a number's later headings ("3.1#2"): see repeated_numbers
            for j, s in enumerate(self.outline.sections):
                key = s.key
                if "#" in key:
                    key = key.split("#")[0]
                    if later is None:
                        later = {}
                    later.setdefault(key, []).append(s.line)
                if key not in by_key:
                    by_key[key], key_at[key] = s, j
            # number -> the lines of the headings that share it, in text order
            self.repeated = (
                {k: (by_key[k].line, *more) for k, more in later.items() if k in by_key} if later else {})
            self.section_starts = [s.line for s in self.outline.sections]
        same_items = self.same_outline and self.cols["list_items"] is prev.cols["list_items"] and (  # type: ignore[union-attr]
            changed is None or all(_item_shape(lines[i]) == _item_shape(prev.lines[i]) for i in changed))  # type: ignore[union-attr]
        self._units_cache: dict[Scope, list[Unit]] = (
            {k: v for k, v in prev._units_cache.items() if not (retitled and k.kind == "heading")} if same_items else {})  # type: ignore[union-attr]
        self._units_seen: dict[int, tuple[Scope, list[Unit]]] = {}  # id(scope) -> (scope, its _units_cache entry)
        self._per_line: dict[tuple[str, int], list] = {}
        # heading-scope pattern -> the indices of the sections it matches (see _heading_matches)
        self.heading_hits: dict[str, list[int]] = (prev.heading_hits if self.same_outline and not retitled else {})  # type: ignore[union-attr]
        self.finding_at: dict[int, int] | None = None  # id(finding) -> its index in self.findings (lazy)
        # set by the verifiability rule during run() (not set to None there: the type checker would take them for
        # None after the rules ran, and mypyc checks what it reads against that)
        self.verifiability_pct = None
        self.verifiability_exact = None
        self.verifiability_why = ""  # why the verifiability rule measured nothing (its note), when it did not
        self.audits: dict[str, ClaimsAudit] = {}
        self.claim_lines: list | None = None
        self.example_lines: frozenset[int] | None = None  # see _example_lines
        self.claims_across: dict[int, tuple] | None = None  # see _claims_across
        self.across_joins: dict[int, tuple[tuple, ...]] | None = None  # see _claims_across
        self._across_before: tuple[dict[int, tuple[tuple, ...]] | None, dict[int, tuple] | None] | None = None
        self._repeated_at: dict[int, tuple[str, int]] | None = None
        # (see place; the same levels and numbers when the outline is the last one's, moved or with headings renamed)
        self._chinese_tops: bool | None = prev._chinese_tops if prev is not None and (  # type: ignore[union-attr]
            self.moves_only or self.retitled is not None or self.outline is prev.outline) else None
        # indices of the sections keyed by their line ("h26"), which a move re-keys: see _heading_matches
        self._line_keyed: set[int] | None = prev._line_keyed if self.moves_only else None  # type: ignore[union-attr]
        self._number_order: dict[str, tuple[list[Unit], list[Unit], bool]] = {}
        self._numbered: dict[str, tuple[Sequence[Unit], NumberedPlaces[Unit] | None]] = {}

    def _splice(self) -> tuple[int, int, int]:
        """`spliced`, where the pass is known to be spliced into the last one."""
        assert self.spliced is not None
        return self.spliced

    _MARK_EVERY = 2048

    def line_marks(self) -> tuple[list[int], list[int]]:
        """(character offsets, line indices) of every 2048th line start, so finding an edit's line number does
        not count the newlines of megabytes before it; moved along from the last pass when it had them."""
        if self._marks is None:
            last = self.last
            if last is not None and last._marks is not None and self.spliced is not None:
                a, old_k, new_k = self._splice()
                offs, idxs = last._marks
                at = bisect_right(idxs, a)  # marks up to the first replaced line stay,
                bt = bisect_left(idxs, a + old_k)  # those after the replaced lines move, those within go
                shift, d = len(self.text) - len(last.text), new_k - old_k
                self._marks = (offs[:at] + [o + shift for o in offs[bt:]], idxs[:at] + [i + d for i in idxs[bt:]])
                if all(o == 0 or self.text[o - 1] == "\n" for o in self._marks[0]):
                    return self._marks
            step = self._MARK_EVERY
            offs, pos = [0], 0
            for i in range(0, self.n, step):
                if i:
                    offs.append(pos)
                pos += sum(map(len, self.lines[i:i + step])) + min(step, self.n - i)
            self._marks = (offs, list(range(0, max(self.n, 1), step))[:len(offs)])
        return self._marks

    def per_line(self, field: str, base: int = 0) -> list[tuple[int, Any]]:
        """[(line index + base, value)] for the lines where a LineFacts field is non-empty; prev's list itself
        when no edited line changed it (so callers can reuse what they built from it with an `is` test)."""
        key = (field, base)
        old_list = self.last._per_line.get(key) if self.spliced is not None else None  # type: ignore[union-attr]
        if old_list is None:  # [(i + base, v) for i, f in enumerate(facts) if (v := getattr(f, field))], in C:
            values = list(map(attrgetter(field), self.facts))  # (the indices of the values that hold something,
            out = list(zip(compress(count(base), values), filter(None, values)))  # paired with those values)
        elif self.changed is not None and all(
                getattr(self.facts[i], field) == getattr(self.last.facts[i], field) for i in self.changed):  # type: ignore[union-attr]
            out = old_list
        else:
            out = self._spliced_per_line(field, base, old_list)
        self._per_line[key] = out
        return out

    def _spliced_per_line(self, field: str, base: int, old: list[tuple[int, Any]]) -> list[tuple[int, Any]]:
        """The last pass's sparse list with the replaced lines' entries swapped in and later lines moved."""
        a, old_k, new_k = self._splice()
        lo = bisect_left(old, a + base, key=itemgetter(0))
        hi = bisect_left(old, a + old_k + base, key=itemgetter(0))
        d = new_k - old_k
        facts = self.facts
        mid = [(i + base, v) for i in range(a, a + new_k) if (v := getattr(facts[i], field))]
        return old[:lo] + mid + (old[hi:] if d == 0 else [(i + d, v) for i, v in old[hi:]])

    # ---- measuring ----
    def count(self, name: str, ranges: list[tuple[int, int]]) -> float | None:
        if name in _OWN_METRICS:
            if name == "arxiv_ids":
                return float(len(self.ids_in(ranges)))
            if name == "privacy_hits":
                return float(sum(1 for h in self.privacy if in_ranges(h.line, ranges)))
            return self.verifiability_exact
        col = self.cols.get(name)
        if col is None:
            return None
        if len(ranges) > 1:
            ranges = merged_ranges(ranges)  # (a line in two of them is counted once)
        if len(ranges) == 1:  # (most places: one section, the document)
            a, b = ranges[0]
            if a == 1 and b == self.n:
                return float(self.totals[name])
            if b - a < 4096 and name not in self.cum:  # a short span: summed, no running totals
                return float(sum(col[a - 1:b]))
        cum = self.cum.built(name)
        if cum is None and sum(b - a for a, b in ranges) < 4096:  # a short span: summed, no running totals
            col = self.cols[name]
            return float(sum(sum(col[a - 1:b]) for a, b in ranges))
        cum = self.cum[name]
        return float(sum(cum[b] - cum[a - 1] for a, b in ranges))

    def item_marks(self, name: str, unit: Unit) -> float:
        """The part of a list item's count that is no text of it: its marker ("- ", "10. ") and the indentation of
        the lines that go on it. "Each cross-link ≥ 150 characters" is its text's: a "1. " gave one more than "- "."""
        if name not in self.az.counter_names:
            return 0.0
        memo = self.az._mark_counts
        fn = self.az._counters[self.az.counter_names.index(name)]
        lines = self.lines
        total = 0
        for a, b in unit.ranges:
            for ln in range(a, b + 1):
                line = lines[ln - 1]
                if ln == unit.line:
                    m = _list_item(line)
                    mark = line[:m.end() - 1] if m is not None else ""
                else:
                    mark = line[:len(line) - len(line.lstrip())]
                if mark:
                    got = memo.get((name, mark))
                    if got is None:
                        got = memo[(name, mark)] = fn(_Joined([mark]))[0]
                    total += got
        return float(total)

    def comment_blocks(self) -> tuple[tuple[int, int], ...]:
        """The comment blocks (`<!--` … `-->` on lines of their own) among what is no prose: text the published
        survey never shows, so it meets no rule's minimum (see rules.seen_ranges)."""
        blocks = self._comment_blocks
        if blocks is None:
            lines = self.lines
            blocks = self._comment_blocks = tuple(
                (a, b) for a, b in self.outline.not_prose if lines[a - 1].lstrip(" ").startswith("<!--"))
        return blocks

    def ids_in(self, ranges) -> set[str]:
        lines, ids = self._id_lines
        out: set[str] = set()
        for a, b in ranges:
            out.update(ids[bisect_left(lines, a) : bisect_right(lines, b)])
        return out

    def ranges_of_label(self, label: str, line: int) -> list[tuple[int, int]] | None:
        if label == "header":
            return [self.outline.header] if self.outline.header else []
        if label == "footer":
            return [(self.outline.footer_line,) * 2] if self.outline.footer_line else []
        if label in self.pack.scopes:
            units = self.units(self.pack.scopes[label], line)
            # (a scope measured each: its sections may hold one another, "## 2" its "### 2.1"; the place is their union)
            return merged_ranges([r for u in units for r in u.ranges]) if units else None
        key = resolve_section_ref(label) if label.startswith("§") else label
        s = self.by_key.get(key) if key else None
        return [(s.line, s.end_line)] if s else None

    def names_a_place(self, label: str) -> bool:
        """Whether a sum's label names a place a figure can be measured on: header, footer, a section ("§八",
        found or not) or a scope of the pack. Any other word ("其余", "三层") names none in any survey."""
        return label in self.pack.scopes or label == "header" or label == "footer" or \
            resolve_section_ref(label) is not None

    def shared_of_label(self, label: str, line: int) -> tuple[tuple[str, tuple[int, ...]], ...]:
        """The section numbers a place names ("§3.1", a named scope) that more than one heading has, with their
        lines: `ranges_of_label` measured the first of them only."""
        if not self.repeated or label in ("header", "footer"):
            return ()
        if label in self.pack.scopes:
            return _shared(self.units(self.pack.scopes[label], line))
        key = resolve_section_ref(label) if label.startswith("§") else label
        lines = self.repeated.get(key) if key else None
        return ((self.by_key[key].number or key, lines),) if lines and key else ()

    def section_name(self, s: Section) -> str:
        """A section as the user is told about it: "§3.1", and "§3.1 #2" for the second of two headings numbered
        3.1 (no line number: a name must stay right when an edit above only moves the lines)."""
        if s.number and self.repeated:
            at = self._repeated_lines().get(s.line)
            if at is not None:
                return f"{self.place(at[0])} #{at[1]}"
        return checks.section_label(s)

    def place(self, key: str) -> str:
        """A section key named as the survey numbers its sections ("7" -> "§七"; see document.place_name)."""
        chinese = self._chinese_tops
        if chinese is None:
            chinese = self._chinese_tops = numbers_tops_in_chinese(self.outline.sections)
        return place_name(key, self.by_key.get(key), chinese)

    def units(self, scope: Scope, line: int = 1) -> list[Unit]:
        """The units a scope stands for; [] when nothing matched (cached unless it depends on the line)."""
        if scope.kind == "here":
            return self._units(scope, line)
        seen = self._units_seen.get(id(scope))  # (the pack's scopes are asked for again and again: hashing one
        if seen is not None and seen[0] is scope:  # costs more than this look-up by identity)
            return seen[1]
        cached = self._units_cache.get(scope)
        if cached is None:
            cached = self._units_cache[scope] = self._units(scope, line)
        self._units_seen[id(scope)] = (scope, cached)
        return cached

    def _units(self, scope: Scope, line: int) -> list[Unit]:
        o = self.outline
        if scope.kind == "document":
            units = [Unit("document", 1, [(1, self.n)])]  # an empty survey is still a document (of 0 lines)
        elif scope.kind == "header":
            units = [Unit("header", 1, [o.header])] if o.header else []
        elif scope.kind == "footer":
            units = [Unit("footer", o.footer_line, [(o.footer_line, o.footer_line)])] if o.footer_line else []
        elif scope.kind == "here":
            i = bisect_right(self.section_starts, line) - 1
            s = None
            while i >= 0:
                cand = o.sections[i]
                if cand.line <= line <= cand.end_line:
                    s = cand
                    break
                i -= 1
            if s is not None:
                units = [Unit(self.section_name(s), s.line, [(s.line, s.end_line)])]
            elif o.footer_line and line == o.footer_line:  # a claim zone outside every section: its own part
                units = [Unit("footer", o.footer_line, [(o.footer_line, o.footer_line)])]
            elif o.header and o.header[0] <= line <= o.header[1]:
                units = [Unit("header", o.header[0], [o.header])]
            else:
                units = []
        elif scope.kind == "heading":
            hits = self._heading_matches(scope.pattern)
            if len(hits) > 1 and (scope.items or not scope.each):
                # one place, as `sections` without `each`: the matching sections' lines, each once ("## 2" holds
                # "### 2.1", matched too), and so each list item once
                units = [Unit(scope.describe(self.place), o.sections[hits[0]].line,
                              merged_ranges([(s.line, s.end_line) for s in map(o.sections.__getitem__, hits)]))]
            else:
                moved_units = self._moved_heading_units(scope, hits)
                units = moved_units if moved_units is not None else [
                    Unit(self.section_name(s), s.line, [(s.line, s.end_line)]) for s in map(o.sections.__getitem__, hits)]
        else:  # section / sections / parts
            units, missing = [], []
            for key in scope.keys:
                label = key if key in ("header", "footer") else self.place(key) if key[0].isdigit() else key
                rng = self.ranges_of_label(label, line)
                if rng:
                    units.append(Unit(label, rng[0][0], rng, self.shared_of_label(label, line)))
                else:
                    missing.append(label)
            if scope.kind == "parts" or (scope.kind == "sections" and not scope.each):
                if units:
                    units = [Unit(scope.describe(self.place), units[0].line,
                                  merged_ranges([r for u in units for r in u.ranges]), _shared(units))]
            if missing and units:
                for u in units:
                    u.missing = tuple(missing)
        if scope.items:
            items = []
            col, lines = self.cols["list_items"], self.lines
            for u in units:
                for a, b in u.ranges:
                    for ln in range(a, b + 1):
                        if col[ln - 1]:  # an item with its wrapped lines
                            end = item_end(lines, col, ln, b, self.section_starts)
                            items.append(Unit(f"item on line {ln}", ln, [(ln, end)], u.shared, u.missing))
            return items
        return units

    def _moved_heading_units(self, scope: Scope, hits: list[int]) -> list[Unit] | None:
        """After an edit that only moved the outline: a heading scope's units are the last pass's, for the same
        sections, on their lines now (a unit before the edit the very same); a numbered section keeps its name,
        which names no line (see section_name). None when the last pass did not make them for these sections."""
        last = self.moved
        if last is None or scope.items:
            return None
        old = last._units_cache.get(scope)
        if old is None or len(old) != len(hits) or last.heading_hits.get(scope.pattern) != hits:
            return None
        secs, out = self.outline.sections, []
        for u, s in zip(old, map(secs.__getitem__, hits)):
            if u.line != s.line or u.ranges[0][1] != s.end_line or not s.number:
                u = Unit(u.label if s.number else self.section_name(s), s.line, [(s.line, s.end_line)])
            out.append(u)
        return out

    def _in_number_order(self, pattern: str, units: list[Unit], members: int = 0) -> list[Unit]:
        """A heading scope's sections in the order of their numbers: "各主线 CJK 159/194/207" states §3.1, §3.2,
        §3.3 in turn even after §3.2 was moved above §3.1 (text order, as the rules measure them, told §3.2 it was
        159). Unnumbered headings among them: text order. For a list of `members` figures, fewer than the sections,
        without the x.0 ("3.0 总述") that introduces them (see list_places)."""
        got = self._number_order.get(pattern)
        if got is None or got[0] is not units:
            keys: list[tuple[int, ...]] | None = []
            for j in self._heading_matches(pattern):
                base = self.outline.sections[j].key.split("#")[0]
                if not base.replace(".", "").isdigit():
                    keys = None
                    break
                keys.append(tuple(int(p) for p in base.split(".") if p))  # type: ignore[union-attr]
            ordered = units if keys is None or keys == sorted(keys) else \
                [u for _, u in sorted(zip(keys, units), key=itemgetter(0))]
            first = min(keys) if keys else ()
            introduced = len(first) > 1 and first[-1] == 0 and keys is not None and keys.count(first) == 1
            got = self._number_order[pattern] = (units, ordered, introduced)
        return got[1][1:] if got[2] and 0 < members < len(got[1]) else got[1]

    def repeated_at(self, line: int) -> str | None:
        """The number of the section heading on `line` when another heading has it too."""
        at = self._repeated_lines().get(line)
        return at[0] if at is not None else None

    def _repeated_lines(self) -> dict[int, tuple[str, int]]:
        """line -> (number, which of the headings with that number it is, from 1), for the repeated numbers."""
        at = self._repeated_at
        if at is None:
            at = self._repeated_at = {ln: (key, k) for key, lines in self.repeated.items()
                                      for k, ln in enumerate(lines, 1)}
        return at

    def _heading_matches(self, pattern: str) -> list[int]:
        """Indices of the sections whose heading matches a heading scope's pattern (`rules.heading_matches`). After an
        edit that only moved the outline they are the last pass's: the same sections, the same titles; only
        the keys of unnumbered headings ("h26") moved with their lines, so those are matched again. After a heading
        was renamed, only it is matched again."""
        hits = self.heading_hits.get(pattern)
        if hits is None:
            rx = re.compile(pattern)
            secs = self.outline.sections

            match = _heading_matcher(secs, rx)

            old = self.moved.heading_hits.get(pattern) if self.moved is not None else None
            renamed = self.prev.heading_hits.get(pattern) if self.retitled and self.prev is not None else None
            if renamed is not None:
                # A heading renamed (same numbers, same lines): only the renamed sections are matched again.
                again = {bisect_left(self.section_starts, ln) for ln in self.retitled}  # type: ignore[union-attr]
                hits = sorted({j for j in renamed if j not in again} | {j for j in again if j < len(secs) and match(j)})
            elif old is None:
                hits = [j for j in range(len(secs)) if match(j)]
            else:
                line_keyed = self._line_keyed
                if line_keyed is None:
                    line_keyed = self._line_keyed = {j for j, s in enumerate(secs) if s.key[:1] == "h" and s.key[1:].isdigit()}
                hits = sorted({j for j in old if j not in line_keyed} | {j for j in line_keyed if match(j)})
            self.heading_hits[pattern] = hits
        return hits

    # ---- the pass ----
    def _unchanged(self, name: str) -> bool:
        """Whether a per-line list is prev's (patched pass) or equal to it."""
        prev = self.prev
        mine, theirs = getattr(self, name), getattr(prev, name, None) if prev is not None else None
        return theirs is not None and (mine is theirs or (self.changed is None and mine == theirs))

    def run(self) -> Analysis:
        az, pack = self.az, self.pack
        today = az.today or date.today()
        prev = self.prev
        patched = self.changed is not None
        unchanged = self._unchanged

        self.cit = self.per_line("citations", 1)
        if unchanged("cit") and prev.today == today:  # type: ignore[union-attr]
            self.base_refs, self._id_lines = prev.base_refs, prev._id_lines  # type: ignore[union-attr]
        else:
            id_lines = None
            if patched and prev.today == today:  # type: ignore[union-attr]
                self.base_refs = self._patched_references(today)
            elif self.moved is not None and self.moved.today == today:
                self.base_refs, id_lines = self._moved_references(today)
            else:
                self.base_refs = assemble_references(self.cit, today)
            if id_lines is None:
                same_lines = (patched and len(self.base_refs) == len(prev.base_refs)  # type: ignore[union-attr]
                              and all(a.lines is b.lines for a, b in zip(self.base_refs, prev.base_refs)))  # type: ignore[union-attr]
                id_lines = prev._id_lines if same_lines else _id_lines(self.base_refs)  # type: ignore[union-attr]
            self._id_lines = id_lines
        self.today = today
        self.references = self._with_verdicts(self.base_refs)
        self.forbidden_lines = self.per_line("forbidden")
        self.priv_lines = self.per_line("privacy")
        if unchanged("priv_lines"):
            self.privacy, self.priv_runs = prev.privacy, prev.priv_runs  # type: ignore[union-attr]
        else:  # each line's hits placed on it, those of lines the edit left alone kept (moved after an Enter)
            old, a, b, d = None, 0, 0, 0
            if prev is not None:
                old = prev.priv_runs
                if self.spliced is not None:
                    a, b = self.spliced[0], self.spliced[0] + self.spliced[2]
            elif self.moved is not None:
                old = self.moved.priv_runs
                a, old_k, new_k = self._point_splice()
                b, d = a + new_k, new_k - old_k
            at, src = list(map(itemgetter(0), self.priv_lines)), list(map(itemgetter(1), self.priv_lines))
            self.priv_runs = line_runs(at, src, old, a, b, d, _moved_to_lines(at, src))
            self.privacy = self.priv_runs.objects
        self.fig_lines = self.per_line("figures")
        # a cited paper's names, which make one subject of its figures (unchanged while no citation line changed)
        subjects = prev.figure_check.subjects if prev is not None and prev.base_refs is self.base_refs \
            and prev.figure_check is not None else paper_subjects(self.base_refs)
        if unchanged("fig_lines"):
            self.figures, self.figure_findings, self.placed = prev.figures, prev.figure_findings, prev.placed  # type: ignore[union-attr]
            self.figure_check = prev.figure_check  # type: ignore[union-attr]
            if self.figure_check is not None and (self.figure_check.subjects or None) != (subjects or None):
                # a cited paper renamed (or named): its figures compared again
                self.figure_check = check_figures(self.figures, subjects)
                self.figure_findings = self.figure_check.findings
        else:
            # A line's groups placed at its line number are reused whenever that line holds the same groups (or
            # equal ones: the same statements read afresh, the line edited elsewhere, whose placed objects the figure
            # check holds); after an edit that moved lines (a, b, d: lines from b on were line i - d), moved along.
            old, moved, a, b, d = prev.placed if prev is not None else None, None, 0, 0, 0
            if prev is None and self.moved is not None and self.moved.figure_check is not None:
                moved, old = self.moved, self.moved.placed
                a, old_k, new_k = self._point_splice()
                b, d = a + new_k, new_k - old_k
            regroup: dict[int, Any] = {}  # id of a group of the last pass -> its moved copy
            at, src = list(map(itemgetter(0), self.fig_lines)), list(map(itemgetter(1), self.fig_lines))
            self.placed = placed = line_runs(at, src, old, a, b, d, _moved_to_lines(at, src),
                                             equal=True, moves=regroup)
            self.figures = figures = placed.objects
            check = None
            edited: dict[int, Sequence[FigureGroup]]
            if patched and prev.figure_check is not None:  # type: ignore[union-attr]
                edited = {i + 1: placed.on(i) for i in self.changed if self.facts[i].figures != prev.facts[i].figures}  # type: ignore[union-attr]
                check = recheck_figures(prev.figure_check, edited, subjects)  # type: ignore[union-attr]
            elif moved is not None:
                edited = {i + 1: groups for i, groups in placed.between(a, b).items()}
                check = moved_check(moved.figure_check, a, a + old_k, d, regroup, placed.on, edited, subjects)
            self.figure_check = check or check_figures(figures, subjects)
            self.figure_findings = self.figure_check.findings
        blocks = self.outline.not_prose  # a comment shown in a code block is an example, not a directive
        directives = [(ln, d) for ln, ds in self.per_line("directives", 1) if not (blocks and in_blocks(ln, blocks))
                      and not in_indented_code(self.lines, ln) for d in ds]
        # (what a rule's result depends on: a line made blank or not before an indented comment changes it)
        self.directives_in_effect: tuple = tuple(directives)
        silenced = suppressed_lines(directives, self.n)

        metrics: dict[str, float | None] = {
            name: as_int_if_whole(float(self.totals[name])) for name in self.names
        }
        metrics["arxiv_ids"] = len(self.references)
        metrics["privacy_hits"] = len(self.privacy)
        metrics["verifiability"] = None

        self.section_refs = self._section_refs()  # (the section-refs rule reads them)
        rules: list[RuleResult] = []
        claims_out = []
        self.judged: dict[str, tuple] = {}  # rule id -> (what its result depends on, result, extra)
        results: dict[str, RuleResult] = {}  # rule id (one a rule of the pack) -> its result
        # the claims rules last, wherever the pack writes them: a stated verifiability is judged against what the
        # verifiability rule measured (before it, it was never measured, even after arXiv verification)
        for rule in [r for r in pack.rules if r.kind != "claims"] + [r for r in pack.rules if r.kind == "claims"]:
            sig = self._inputs_of(rule)
            judged = prev.judged.get(rule.id) if (sig is not None and prev is not None) else None
            if judged is not None and judged[0] == sig:
                result, extra = judged[1], judged[2]
            else:
                result, extra = self.evaluate(rule)
                checks.suppress(self, rule, result, silenced, directives)
                if rule.kind == "claims":
                    extra = checks.silence_claims(self, rule, result, extra, silenced)
            self.judged[rule.id] = (sig, result, extra)
            if rule.kind == "claims":
                claims_out = extra
            results[rule.id] = result
        rules.extend(results[rule.id] for rule in pack.rules)  # in the pack's order
        metrics["verifiability"] = self.verifiability_pct
        metrics["failing_rules"] = sum(
            1 for r in rules if r.status in ("fail", "no-match") and r.level in ("error", "warning")
        )
        swapped = self._findings_swapped(rules) if prev is not None and patched else None
        if swapped is not None:
            findings = swapped
        else:
            findings = list(chain.from_iterable(map(attrgetter("findings"), rules)))
            findings.sort(key=FINDING_PLACE)
            for wrong in checks.unknown_directives(self, directives):  # a few, each put in its line's place
                insort(findings, wrong, key=FINDING_PLACE)
        self.rules, self.findings = rules, findings
        self.section_metrics = sections = self._section_metrics()
        return Analysis(
            file=self.file,
            pack=pack.name,
            metrics=metrics,
            sections=sections,
            rules=rules,
            findings=findings,
            claims=claims_out,
            references=self.references,
            figures=self.figures,
            privacy=self.privacy,
            section_refs=self.section_refs,
            header_lines=self.outline.header,
            footer_line=self.outline.footer_line,
            text_length=len(self.text),
            strays=self.outline.strays,
        )

    def _sections_holding(self, lines) -> set[int]:
        """Indices of the sections whose line range holds any of the lines (a section and its ancestors)."""
        secs, out = self.outline.sections, set()
        for ln in lines:
            j = bisect_right(self.section_starts, ln) - 1
            while j >= 0:
                s = secs[j]
                if s.end_line >= ln:
                    out.add(j)
                if s.level <= 1 and s.line <= ln:
                    break  # top sections do not overlap: none before this one holds the line
                j -= 1
        return out

    def _section_refs(self) -> list[SectionRef]:
        """Every § reference, resolved against this outline (a key the outline lacks becomes None)."""
        self.ref_lines = self.per_line("section_refs")
        if self.same_outline and (self.prev.ref_lines is self.ref_lines or self.prev.ref_lines == self.ref_lines):  # type: ignore[union-attr]
            self.ref_runs, self.ref_found = self.prev.ref_runs, self.prev.ref_found  # type: ignore[union-attr]
            self.ref_origin = (None, 0, 0, 0)
            return self.prev.section_refs  # type: ignore[union-attr]
        known = self.by_key
        old = self.prev.ref_runs if self.same_outline else None  # type: ignore[union-attr]
        self.ref_origin = (self.prev if self.same_outline else None, 0, 0, 0)
        a = b = d = 0  # lines from the edit on were line i - d in the last pass (a moved outline, same sections)
        if old is not None and self.spliced is not None:  # (same lines: the replaced ones made again, if any changed)
            a, b = self.spliced[0], self.spliced[0] + self.spliced[2]
            self.ref_origin = (self.prev, a, b, 0)
        if self.moved is not None and known.keys() == self.moved.by_key.keys():
            old = self.moved.ref_runs
            a, old_k, new_k = self._point_splice()
            b, d = a + new_k, new_k - old_k
            self.ref_origin = (self.moved, a, b, d)
        # per section-refs rule: (its words for each ambiguous number, the runs of its findings), see rules
        self.ref_found = {}
        blocks = self.outline.not_prose  # a § in a code block or a comment block is no reference
        ref_lines = [(i, refs) for i, refs in self.ref_lines if not in_blocks(i + 1, blocks)] if blocks else self.ref_lines
        at, src = list(map(itemgetter(0), ref_lines)), list(map(itemgetter(1), ref_lines))
        self.ref_runs = line_runs(at, src, old, a, b, d, _ref_maker(at, src, known))
        return self.ref_runs.objects

    def _section_metrics(self) -> list[SectionMetrics]:
        secs = self.outline.sections
        dirty: Iterable[int]
        if self.same_outline:  # measured again: only the sections holding an edited line
            if self.changed is not None:
                dirty = self._sections_holding(i + 1 for i in self.changed)
            else:
                old, new = self.prev.facts, self.facts  # type: ignore[union-attr]
                edited = [i + 1 for i in range(self.n) if old[i] is not new[i]]
                dirty = [j for j, s in enumerate(secs)
                         if (k := bisect_left(edited, s.line)) < len(edited) and edited[k] <= s.end_line]
            out = list(self.prev.section_metrics)  # type: ignore[union-attr]
            for j in dirty:
                s = secs[j]
                out[j] = SectionMetrics(s, {n: int(self.count(n, [(s.line, s.end_line)]) or 0) for n in self.names})
            return out
        if self.moved is not None:  # the same sections, moved: only those holding the edit are measured again
            a, _, new_k = self._splice()
            dirty = self._sections_holding(range(max(a, 1), a + new_k + 2))
            olds = self.moved.section_metrics
            out = list(olds)
            new_obj, set_dict = object.__new__, object.__setattr__
            # (the sections that moved, found in C: each the last pass's measures, for its moved copy)
            for j in compress(range(len(secs)), map(is_not, secs, map(_SECTION, olds))):
                out[j] = m = new_obj(SectionMetrics)  # (SectionMetrics(secs[j], olds[j].metrics), without the call)
                set_dict(m, "__dict__", {"section": secs[j], "metrics": olds[j].metrics})
            for j in dirty:
                s = secs[j]
                out[j] = SectionMetrics(s, {n: int(self.count(n, [(s.line, s.end_line)]) or 0) for n in self.names})
            return out
        ends = list(map(attrgetter("end_line"), secs))
        befores = [s.line - 1 for s in secs]
        columns = [list(map(int, map(sub, map(c.__getitem__, ends), map(c.__getitem__, befores))))
                   for c in map(self.cum.__getitem__, self.names)]  # (per counter: each section's count, in C)
        return [SectionMetrics(s, dict(zip(self.names, vals))) for s, vals in zip(secs, zip(*columns))]

    def _patched_references(self, today: date) -> list[Reference]:
        """The last pass's references with those of the ids cited on the edited lines assembled afresh
        (a Reference depends on its own citations only); in order of first appearance, as assembled."""
        new, old = self.facts, self.prev.facts  # type: ignore[union-attr]
        affected = {c.id for i in self.changed for f in (new[i], old[i]) for c in f.citations}  # type: ignore[union-attr]
        if not affected:
            return self.prev.base_refs  # type: ignore[union-attr]
        moved = self._moved_citations()
        if moved is not None:
            return moved
        lines = {i + 1 for i in self.changed}  # type: ignore[union-attr]
        for r in self.prev.base_refs:  # type: ignore[union-attr]
            if r.id in affected:
                lines.update(r.lines)
        per_line = []
        for ln in sorted(lines):
            cits = tuple(c for c in new[ln - 1].citations if c.id in affected)
            if cits:
                per_line.append((ln, cits))
        refs = [r for r in self.prev.base_refs if r.id not in affected]  # type: ignore[union-attr]
        refs.extend(assemble_references(per_line, today))
        refs.sort(key=lambda r: (r.occurrences[0].line, r.occurrences[0].column))
        return refs

    def _point_splice(self) -> tuple[int, int, int]:
        """The spliced run less the lines it starts with unchanged (Enter at the end of a line keeps that line),
        for what sits on single lines and only moves (citations); ranges need the whole run (a section ending
        on the kept line now ends after the new one). A line kept as written whose facts the lines after it changed
        (a figure's GPU on the next line of its paragraph) is no kept line."""
        a, old_k, new_k = self._splice()
        old, new = self.moved.lines, self.lines  # type: ignore[union-attr]
        old_facts, new_facts = self.moved.facts, self.facts  # type: ignore[union-attr]
        while old_k and new_k and old[a] == new[a] and (old_facts[a] is new_facts[a] or old_facts[a] == new_facts[a]):
            a, old_k, new_k = a + 1, old_k - 1, new_k - 1
        return a, old_k, new_k

    def _moved_references(self, today: date) -> tuple[list[Reference], tuple[list[int], list[str]]]:
        """The last pass's references (and citing lines) with the citations after the edit moved by its lines;
        the papers cited on the replaced or new lines assembled afresh (a Reference depends on its own
        citations only), as `_patched_references` does when no line moves."""
        a, old_k, new_k = self._point_splice()
        d, after = new_k - old_k, a + old_k
        affected = {c.id for f in chain(self.moved.facts[a:after], self.facts[a:a + new_k]) for c in f.citations}  # type: ignore[union-attr]
        refs, cited = [], set(range(a + 1, a + new_k + 1))
        for r in self.moved.base_refs:  # type: ignore[union-attr]
            if r.id in affected:
                cited.update(ln + d if ln > after else ln for ln in r.lines if not a < ln <= after)
                continue
            if r.lines[-1] > a:  # none of its lines was replaced (it would be affected)
                k = bisect_right(r.occurrences, a, key=_LINE)  # occurrences are in line order
                j = bisect_right(r.lines, a)
                r = with_changes(r, lines=r.lines[:j] + [ln + d for ln in r.lines[j:]],
                                 occurrences=r.occurrences[:k] + moved_by(r.occurrences[k:], d))
            refs.append(r)
        lines, ids = self.moved._id_lines  # type: ignore[union-attr]
        k, j = bisect_right(lines, a), bisect_right(lines, after)
        if affected:
            per_line = []
            for ln in sorted(cited):
                cits = tuple(c for c in self.facts[ln - 1].citations if c.id in affected)
                if cits:
                    per_line.append((ln, cits))
            fresh = assemble_references(per_line, today)
            refs.extend(fresh)
            refs.sort(key=lambda r: (r.occurrences[0].line, r.occurrences[0].column))
            # (line, id) of the citing lines (as _id_lines makes them): the last pass's before and after the replaced
            # lines, where nothing changed but the line numbers, and the new lines' (only papers assembled afresh
            # are cited there); not all ~90,000 of an 8 MB survey sorted again
            mid = sorted((ln, r.id) for r in fresh for ln in r.lines if a < ln <= a + new_k)
            return refs, (lines[:k] + [p[0] for p in mid] + [ln + d for ln in lines[j:]],
                          ids[:k] + [p[1] for p in mid] + ids[j:])
        return refs, (lines[:k] + [ln + d for ln in lines[k:]], ids)

    def _moved_citations(self) -> list[Reference] | None:
        """When the edited lines cite the same papers the same way and only columns moved (typing earlier in
        the line), the last pass's references with those occurrences moved; else None."""
        new, old = self.facts, self.prev.facts  # type: ignore[union-attr]
        for i in self.changed:  # type: ignore[union-attr]
            a, b = old[i].citations, new[i].citations
            if len(a) != len(b) or any(replace(x, column=0) != replace(y, column=0) for x, y in zip(a, b)):
                return None
        by_id = {r.id: r for r in self.prev.base_refs}  # type: ignore[union-attr]
        patched: dict[str, Reference] = {}
        for i in self.changed:  # type: ignore[union-attr]
            ln = i + 1
            for k, c in enumerate(new[i].citations):
                r = patched.get(c.id)
                if r is None:
                    r = patched[c.id] = replace(by_id[c.id], occurrences=list(by_id[c.id].occurrences))  # type: ignore[type-var]
                occ = r.occurrences
                at = bisect_left(occ, ln, key=attrgetter("line"))
                nth = sum(1 for x in new[i].citations[:k] if x.id == c.id)
                occ[at + nth] = Occurrence(ln, c.column, c.raw, c.version, c.name, c.stated_date, c.stated_category)
        return [patched.get(r.id, r) for r in self.prev.base_refs]  # type: ignore[union-attr]

    def _with_verdicts(self, refs: list[Reference]) -> list[Reference]:
        """Copies of the references that have a verification verdict; the others as they are."""
        if not self.verdicts:
            return refs
        out = []
        for r in refs:
            v = self.verdicts.get(r.id)
            if v and r.status not in ("malformed", "impossible id"):
                r = replace(r, status=str(v.get("status", r.status)),  # type: ignore[type-var]
                            details={k: val for k, val in v.items() if k != "status"})
            out.append(r)
        return out

    def _findings_swapped(self, rules: list[RuleResult]) -> list | None:
        """The last pass's sorted findings when the rules judged again only swapped findings one for one (same
        lines and columns, so the order stands); None when they must be gathered and sorted again."""
        prev = self.prev
        if (self.per_line("directives", 1) is not prev._per_line.get(("directives", 1))  # type: ignore[union-attr]
                or self.directives_in_effect != prev.directives_in_effect):  # type: ignore[union-attr]
            return None  # a suppression comment changed: its own findings (an unknown rule id) may too
        pairs: list[tuple[Any, Any]] = []
        for rule, result, old in zip(self.pack.rules, rules, prev.rules):  # type: ignore[union-attr]
            if result is old:
                continue
            if rule.kind == "claims":
                done = self.audits.get(rule.id)
                if done is None or done.replaced is None:
                    return None
                pairs.extend(done.replaced)
            elif len(result.findings) == len(old.findings) and all(
                    a is b or (a.line == b.line and a.column == b.column) for a, b in zip(old.findings, result.findings)):
                # (a rule judged again may keep most of its findings: § references keep those of unedited lines)
                pairs.extend((a, b) for a, b in zip(old.findings, result.findings) if a is not b)
            else:
                return None
        if not pairs:
            self.finding_at = prev.finding_at  # type: ignore[union-attr]
            return prev.findings  # type: ignore[union-attr]
        # Where each finding stands in prev's list: built once, then carried from pass to pass with the swaps
        # (typing in a big survey swaps 1,500 of its 7,500 findings; a pass over all of them costs more).
        at = prev.finding_at  # type: ignore[union-attr]
        if at is None:
            at = {id(f): i for i, f in enumerate(prev.findings)}  # type: ignore[union-attr]
            if len(at) != len(prev.findings):  # type: ignore[union-attr]  # one object listed twice: swap by a pass over the list
                swaps = {id(a): b for a, b in pairs}
                return [swaps.get(id(f), f) for f in prev.findings]  # type: ignore[union-attr]
        prev.finding_at = None  # type: ignore[union-attr]  # handed on to this pass, and changed below
        out = list(prev.findings)  # type: ignore[union-attr]
        for a, b in pairs:
            i = at.pop(id(a), None)
            if i is not None:
                out[i] = b
                at[id(b)] = i
        self.finding_at = at
        return out

    def _inputs_of(self, rule: RuleDef) -> tuple | None:
        """What a rule's result depends on, as identities of this pass's parts, when the last pass's result
        can stand for it (a patched pass whose parts are shared with the last one); None: judge it again. Every pass
        keeps them, so that the first keystroke after a full pass (opening an 8 MB survey: ~70 ms, not ~25) reuses
        the rules the edit leaves alone too."""
        ids = (id(self.per_line("directives", 1)), self.directives_in_effect)
        kind = rule.kind
        if kind == "count":
            if rule.counter not in self.cols:
                return None
            return ids + (id(self.units(rule.scope)), id(self.cols[rule.counter]))
        if kind == "required-section":
            return ids + (id(self.outline),)
        if kind == "forbidden-pattern":
            return ids + (id(self.units(rule.scope)), id(self.forbidden_lines))
        if kind == "required-pattern":
            if self.changed is not None and any(self.facts[i].required != self.prev.facts[i].required  # type: ignore[union-attr]
                                                for i in self.changed):
                return None
            return ids + (id(self.units(rule.scope)),)
        if kind == "privacy":
            return ids + (id(self.privacy),)
        if kind == "figures":
            return ids + (id(self.figure_findings),)
        if kind == "section-refs":
            return ids + (id(self.section_refs),)
        return None

    def evaluate(self, rule: RuleDef) -> tuple[RuleResult, Any]:
        res = RuleResult(rule.id, rule.title, rule.kind, rule.level, "pass", scope=rule.scope.describe(self.place))
        kind = rule.kind
        check = checks.CHECKS.get(kind)
        if check is not None:
            check(self, rule, res)
        elif kind == "figures":
            res.findings = [replace(f, rule=rule.id, level=rule.level) for f in self.figure_findings]  # type: ignore[type-var]
            res.measured = len(res.findings)  # what fails it: the statements that disagree
            res.limit = "0 disagreeing"
            res.scope = "engine figures"
            res.note = f"{counted(len(self.figures), 'figure group')}, {len(res.findings)} disagreeing"
        elif kind == "claims":
            prev, changed, stale = None, self.changed, self._stale
            if changed is not None:
                prev = self.prev.audits.get(rule.id)  # type: ignore[union-attr]
            elif self.moved is not None and rule.id in self.moved.audits and self._figures_keep_their_places():
                a, old_k, new_k = self._splice()
                prev = moved_audit(self.moved.audits[rule.id], a, old_k, new_k)
                changed, stale = list(range(a, a + new_k)), self._stale_moved
            claim_lines = self._claim_lines()
            if prev is not None and changed is not None:  # (a last audit comes with the lines changed since)
                changed = self._examples_changed(self._across_changed(changed))
            done = self.audits[rule.id] = audit(
                claim_lines, self.az._claim_scopes, self._measure_claim, rule_id=rule.id, level=rule.level,
                cache=self.az._claim_cache, labels=self.az.claim_label, prev=prev, changed=changed, stale=stale,
                places=self.names_a_place)
            claims, findings = done.claims, done.findings
            res.findings = findings
            wrong = done.wrong
            res.measured = len(findings)  # what fails it: every statement wrong, disagreeing or estimated
            res.limit = "0 findings"
            res.scope = "self-reported figures"
            res.note = f"{counted(len(claims), 'claim')}, {wrong} wrong, {counted(len(findings), 'finding')}"
            if not claims:  # said where findings are read too (the text report, SARIF), as any rule matching nothing
                res.status = "no-match"
                res.note = "no self-reported figures found"
                res.findings = [Finding(rule.id, rule.level, 1, 1, f"{rule.title}: {res.note}")]
            res.line = res.findings[0].line if res.findings else None
            if res.status != "no-match":
                res.status = "fail" if findings else "pass"
            return res, claims
        if res.status == "pass" and any(f.level == rule.level for f in res.findings):
            res.status = "fail"  # (a finding below the rule's level, a required section present twice, fails nothing)
        if res.line is None and res.findings:
            res.line = res.findings[0].line
        return res, None

    def _claim_lines(self) -> list[tuple[int, tuple]]:
        """(line, raw claims) of the lines in the zones the pack audits, but for the examples (`_example_lines`)
        (the last pass's list if unchanged)."""
        by_line = self.per_line("claims", 1)
        across = self.claims_across = self._claims_across()
        examples = self.example_lines = self._example_lines(by_line, across)
        if (self.changed is not None and by_line is self.prev._per_line.get(("claims", 1))  # type: ignore[union-attr]
                and self.prev.claim_lines is not None and _same_values(across, self.prev.claims_across)  # type: ignore[union-attr]
                and examples == self.prev.example_lines):  # type: ignore[union-attr]
            self.claim_lines = self.prev.claim_lines  # type: ignore[union-attr]
            return self.claim_lines
        if across:
            by_line = self._with_across(by_line, across)
        o = self.outline
        zones = self.pack.zones_audited(o.title_block)
        first_section = o.sections[0].line if o.sections else None
        out = []
        for ln, claims in by_line:
            if examples and ln in examples:
                continue
            if ln == o.footer_line:
                zone = "footer"
            elif first_section is None or ln < first_section:
                zone = "header"
            else:
                zone = "sections"
            if zone in zones:
                out.append((ln, claims))
        self.claim_lines = out
        return out

    def _example_lines(self, by_line: list[tuple[int, tuple]], across: dict[int, tuple]) -> frozenset[int]:
        """The lines with figures (`by_line`'s and `across`'s, 1-based) in a code block (fenced or indented) or a
        comment block: figures shown there are examples ("```text" / "示例输出：CJK 实测 3,838"), or text the
        published survey never shows, not statements of the survey about itself: not audited, so never said wrong,
        stated otherwise or rewritten (counted still, as everything is). After an edit, the last pass's (moved with
        the lines), looked at again only from the first edited line to the first line after the edit that is neither
        blank nor indented: what an indented code block is depends on the lines before it up to there, and the
        blocks are the last pass's (an edit of a fence or a comment's mark builds the outline again)."""
        lines = self.lines
        blocks = self._example_blocks()
        last = self.prev if self.changed is not None else self.moved
        was = last.example_lines if last is not None else None
        if was is not None and self.changed is not None:
            if not self.changed:
                return was
            lo, hi = min(self.changed) + 1, max(self.changed) + 2
        elif was is not None:  # (lines moved: the last pass's on this pass's line numbers, the replaced ones left out)
            a, old_k, new_k = self._splice()
            was = frozenset(ln if ln <= a else ln + new_k - old_k for ln in was if not a < ln <= a + old_k)
            lo, hi = a + 1, a + new_k + 1
        else:
            lo, hi = 1, self.n
        while 0 < hi <= self.n and (not lines[hi - 1].strip() or lines[hi - 1].startswith(_CODE_INDENT)):
            hi += 1
        kept = {ln for ln in was if not lo <= ln <= hi} if was else set()
        first, after = bisect_left(by_line, lo, key=itemgetter(0)), bisect_right(by_line, hi, key=itemgetter(0))
        for ln in chain((ln for ln, _ in by_line[first:after]), (ln for ln in across if lo <= ln <= hi)):
            if (blocks and in_blocks(ln, blocks)) or (lines[ln - 1][:1] in (" ", "\t")
                                                     and in_indented_code(lines, ln)):
                kept.add(ln)
        return frozenset(kept)

    def _examples_changed(self, changed: list[int]) -> list[int]:
        """The lines changed for the claims audit (0-based) and those that went into a code block or came out of one
        with them (an edit above an indented line makes it code, or prose): their figures are no longer audited, or
        are now, as those of an edited line."""
        last = self.prev if self.changed is not None else self.moved
        was = last.example_lines if last is not None else None
        now = self.example_lines
        if was is None or now is None or (not was and not now):  # (most surveys: no figure in code)
            return changed
        if self.changed is None:  # (lines moved: the last pass's on this pass's line numbers, the replaced ones left out)
            a, old_k, new_k = self._splice()
            was = frozenset(ln if ln <= a else ln + new_k - old_k for ln in was if not a < ln <= a + old_k)
        extra = {ln - 1 for ln in was ^ now}
        return sorted(extra.union(changed)) if extra - set(changed) else changed

    def _example_blocks(self) -> tuple[tuple[int, int], ...]:
        """The fenced code blocks and comment blocks among what is no prose (not the front matter)."""
        lines = self.lines
        return tuple((a, b) for a, b in self.outline.not_prose if lines[a - 1].lstrip(" ")[:1] in ("`", "~", "<"))

    def _claims_across(self) -> dict[int, tuple]:
        """line -> the claims found only by reading a line with the one before it (see split_claims): a figure whose
        label ends the line before, a stated sum wrapped over the two (its total and parts before the break on the
        first line, the rest on the second) or kept open over several (`_across_at`), for the lines that have some.
        After an edit, the last pass's with the joins that read an edited line read again: those of the lines next
        to the edit and of the SUM_LINES after it (a big survey has ~14,000 lines that may end in a label: going
        over them all cost ~10 ms a keystroke)."""
        memo = self.az._across
        if len(memo) > 4096:
            memo.clear()
        last = self._last_across()[0]
        if last is not None and self.changed is not None:
            joins = dict(last)
            figure_lines = {j for i in self.changed for j in range(i, i + SUM_LINES + 1)}
        elif last is not None:
            a, _, new_k = self._splice()
            joins = dict(last)
            # the new lines, the one after them and those a sum kept open over them may go on to (0-based)
            figure_lines = set(range(a, a + new_k + SUM_LINES + 1))
        else:
            joins = {}
            figure_lines = {i + 1 for i, _ in self.per_line("claim_end")}
        for j in figure_lines:
            joins.pop(j + 1, None)
            if 0 < j < self.n and (got := self._across_at(j, memo)):
                joins[j + 1] = got
        self.across_joins = joins
        return self._by_line(joins)

    def _by_line(self, joins: dict[int, tuple[tuple, ...]]) -> dict[int, tuple]:
        """The joins' claims by the line they are on (keyed by their last line: a join's claims are those of its
        lines in order, the last one's last). A line completed by several joins (the line before it, the line
        after it, the lines of a sum kept open over it) has all their claims, each once, the same tuple from pass to
        pass while none of the joins changes (the audit tells an unchanged line by identity)."""
        out: dict[int, tuple] = {}
        for ln in sorted(joins):
            lines = joins[ln]
            first = ln - len(lines) + 1
            for k, got in enumerate(lines):
                if not got:
                    continue
                at = first + k
                had = out.get(at)
                if had is None:
                    out[at] = got
                else:
                    memo = self.az._across_merged
                    hit = memo.get((id(had), id(got)))
                    if hit is None or hit[0] is not had or hit[1] is not got:
                        hit = memo[(id(had), id(got))] = (had, got, merged_across(had, got))
                    out[at] = hit[2]
        return out

    def _across_at(self, j: int, memo: dict) -> tuple[tuple, ...] | None:
        """The claims across lines j-1 and j (0-based): (those on line j-1, those on line j); None for none. When
        line j-1 goes on with a sum the lines before it left open and leaves it open still, the lines it is kept
        open over (at most SUM_LINES in all, with line j) are read as one, and the claims are those of each of
        them: a sum over three lines was read two by two, in halves that state no sum."""
        tail = self._joined_tail(j)
        if tail is None:
            return None
        f, g, line = self.facts[j - 1], self.facts[j], self.lines[j]
        if j > 1 and sum_goes_on(tail, line) and self._sum_link(j - 1):
            start = j - 2
            while start > j - SUM_LINES + 1 and start > 0 and self._sum_link(start):
                start -= 1
            before = tuple(self.lines[start:j])
            key: tuple = (before, line)
            got = memo.get(key)
            if got is None:
                got = memo[key] = claims_across_lines(
                    before, line, [self.facts[k].claims for k in range(start, j)], g.claims, self.az._claim_rx,
                    self.pack.sum_metric, self.pack.sum_context)
            return got if any(got) else None
        key = (tail, line)
        got = memo.get(key)
        if got is None:
            got = memo[key] = claims_across(tail, line, g.claims, self.az._claim_rx, self.pack.sum_metric,
                                            self.pack.sum_context, f.claims)
        return got if got[0] or got[1] else None

    def _joined_tail(self, j: int) -> str | None:
        """The end of line j-1 (0-based) when line j goes on with it as one paragraph's text (`split_claims`), else
        None: a heading is a block of its own, private data is never quoted in a claim, a list item is a block of
        its own (but not "+ 元信息 950）" going on with an open sum)."""
        f, g, line = self.facts[j - 1], self.facts[j], self.lines[j]
        tail = f.claim_end
        if not tail or not goes_on(tail, line):
            return None
        if f.heading is not None or g.heading is not None or f.privacy or g.privacy:
            return None
        if g.counts[-1] and not (tail[-1] in "+＋（(" or line.lstrip()[:1] in "+＋"):
            return None
        return tail

    def _sum_link(self, j: int) -> bool:
        """Whether line j (0-based) goes on with a sum line j-1 leaves open, as `_across_at` joins them."""
        tail = self._joined_tail(j)
        return tail is not None and sum_goes_on(tail, self.lines[j])

    def _last_across(self) -> tuple[dict[int, tuple[tuple, ...]] | None, dict[int, tuple] | None]:
        """The last pass's joins (see _claims_across) and claims across lines, on this pass's line numbers: its own
        after an edit within lines, else with the replaced lines' dropped and those after them moved; (None, None)
        without a last pass."""
        if self._across_before is None:
            known = self.last is not None and (self.changed is not None or self.spliced is not None)
            last = self.last.across_joins if known else None  # type: ignore[union-attr]
            by_line = None
            if last is not None:
                by_line = self.last.claims_across  # type: ignore[union-attr]
                if by_line is None:
                    by_line = self._by_line(last)
            if last is not None and by_line is not None and self.changed is None:
                a, old_k, new_k = self._splice()  # lines a+1 .. a+old_k became new_k lines: those after moved by d
                d = new_k - old_k
                # (a join that read a replaced line is read again; one over a sum kept open across the edit, its
                # first lines before it, is no join to move: its claims on those lines stay on them, below)
                last = {ln + d if ln > a + old_k else ln: v for ln, v in last.items()
                        if ln <= a or ln - len(v) >= a + old_k}
                by_line = {ln + d if ln > a + old_k else ln: v for ln, v in by_line.items() if not a < ln <= a + old_k}
            self._across_before = (last, by_line)
        return self._across_before

    def _across_changed(self, changed: list[int]) -> list[int]:
        """The edited lines (0-based) and the lines whose claims across lines changed with them: an edit of the line
        before a figure changes the figure's line's claims, and an edit of a line going on with a sum the claims of
        the line before."""
        now = self.claims_across or {}
        before = self._last_across()[1] or {}
        if not now and not before:
            return changed
        extra = {ln - 1 for ln in now.keys() | before.keys() if now.get(ln) is not before.get(ln)}
        return sorted(extra.union(changed)) if extra - set(changed) else changed

    def _with_across(self, by_line: list[tuple[int, tuple]], across: dict[int, tuple]) -> list[tuple[int, tuple]]:
        """The per-line claims with the claims across lines added to their lines (a merged line's tuple is the
        same object from pass to pass while neither part changes: the audit tells an unchanged line by identity)."""
        out = list(by_line)
        memo = self.az._across_merged
        if len(memo) > 4096:
            memo.clear()
        for ln, extra in sorted(across.items()):
            at = bisect_left(out, ln, key=itemgetter(0))
            own = out[at][1] if at < len(out) and out[at][0] == ln else ()
            hit = memo.get((id(own), id(extra)))
            if hit is None or hit[0] is not own or hit[1] is not extra:
                hit = memo[(id(own), id(extra))] = (own, extra, with_claims_across(own, extra))
            if own:
                out[at] = (ln, hit[2])
            else:
                out.insert(at, (ln, hit[2]))
        return out

    def _stale(self, metric: str, ranges) -> bool:
        """Whether a measurement over `ranges` may differ from the last pass's (a patched pass only)."""
        if self.retitled and ranges and any(a in self.retitled for a, _ in ranges):
            return True  # the place may be named by its heading's title: "measured of Notes (line 12)"
        prev = self.prev
        col = self.cols.get(metric)
        if col is not None:
            if col is prev.cols.get(metric) or not ranges:  # type: ignore[union-attr]
                return False
            return any(in_ranges(i + 1, ranges) for i in self.changed)  # type: ignore[union-attr]
        if metric == "arxiv_ids":
            return self.base_refs is not prev.base_refs  # type: ignore[union-attr]
        if metric == "privacy_hits":
            return self.privacy is not prev.privacy  # type: ignore[union-attr]
        return True

    def _figures_keep_their_places(self) -> bool:
        """After an edit that moved lines: whether every figure still measures the same place (the sections
        keep their keys and the edited lines hold as many list items as before, so "the nth item" is the same item)."""
        a, old_k, new_k = self._splice()
        last = self.moved
        # (a "+ " line after the edited ones may go on an item, or no longer: the items outside them are as many)
        old_col, new_col = last.cols["list_items"], self.cols["list_items"]  # type: ignore[union-attr]
        return self.by_key.keys() == last.by_key.keys() and (  # type: ignore[union-attr]
            sum(old_col[a:a + old_k]) == sum(new_col[a:a + new_k])
            and last.totals["list_items"] - sum(old_col[a:a + old_k]) == self.totals["list_items"] - sum(new_col[a:a + new_k]))  # type: ignore[union-attr]

    def _stale_moved(self, metric: str, ranges) -> bool:
        """Whether a measurement moved from the last pass may differ now: its ranges hold an edited line."""
        if not ranges:
            return False
        if metric not in self.cols and metric not in _PER_LINE_COUNTS:
            return True
        a, _, new_k = self._splice()
        return any(s <= a + max(new_k, 1) and e >= a for s, e in ranges)

    def _measure_claim(self, metric: str, scope: Scope | None, label: str, line: int, position: int,
                       last_of: int = 0, members: int = 0, places: tuple[str, ...] = ()):
        """(measured value or None, the place measured in the users' words, the line ranges measured). `last_of`:
        the figure ends a list of that many, whose scope's further units no figure states; `members`: the figure is
        one of a list of that many, `places` those the line names for it (see RawClaim). A figure nothing
        measures is about a NotMeasured place, which says why."""
        value, where, ranges = self._measure_place(metric, scope, label, line, position, last_of, members, places)
        if value is None and type(where) is str:
            where = NotMeasured(where, self._why_not_measured(metric, ranges))
        return value, where, ranges

    def _why_not_measured(self, metric: str, ranges) -> str:
        if metric != "verifiability":  # (every other metric that is no counter: listed as stated, never measured)
            return f"no counter of the pack measures {metric!r}"
        if not ranges:  # (not "… not found", which is an ambiguous figure's: a place that lost a part)
            return "there is no such place in the survey"
        if self.verifiability_why:
            return self.verifiability_why
        return "the pack has no verifiability rule"

    def _measure_place(self, metric: str, scope: Scope | None, label: str, line: int, position: int,
                       last_of: int = 0, members: int = 0, places: tuple[str, ...] = ()):
        scope = scope or _DOCUMENT
        # a counted figure about a place the survey does not have is wrong, not "not measurable"
        counted = metric in self.cols or metric in _PER_LINE_COUNTS
        missing: tuple[str, ...] = ()
        if label:
            ranges, where = self.ranges_of_label(label, line), label
            shared = self.shared_of_label(label, line) if ranges else ()
            if ranges and label in self.pack.scopes and _joins_parts(self.pack.scopes[label]):
                missing = self.units(self.pack.scopes[label], line)[0].missing
        else:
            units = self.units(scope, line)
            where = scope.describe(self.place)
            if units and scope.kind == "heading" and not scope.items:
                placed = self._numbered_places(scope.pattern, units)
                if placed is not None:
                    # (a figure of no list: the scope's numbers in turn, as they are)
                    told = placed.told(members, [resolve_section_ref(p) or "" for p in places]) if members else \
                        tuple(map(placed.number_at, range(position + 1)))
                    return self._measure_by_number(metric, where, placed, told, position, last_of, counted)
            if scope.kind == "sections" and scope.each and not scope.items and len(scope.keys) > 1:
                return self._measure_by_name(metric, scope, units, where, position, last_of, counted)
            if not units or position >= len(units):
                if counted and position:  # a list's later members: each its own place, never told against the first
                    where = f"{where} #{position + 1}"
                return None, MissingPlace(where) if counted else where, None
            if len(units) > 1 and scope.kind == "heading":
                units = self._in_number_order(scope.pattern, units, members)
            unit = units[position] if len(units) > 1 else units[0]
            ranges = unit.ranges
            shared = unit.shared
            if _joins_parts(scope):
                missing = unit.missing
            if len(units) > 1:
                where = unit.label
                if self.repeated and scope.kind == "heading":
                    # "159/194/207" told against the scope's sections in order: which figure is about which
                    # section is a guess for a §3.1 that has a twin, and after a second §3.1 (it moved the others)
                    shared = tuple({self.by_key[k].number or k: self.repeated[k] for j, u in enumerate(units[:position + 1])
                                    if (k := self.repeated_at(u.line)) is not None
                                    and (j == position or u.line != self.repeated[k][0])}.items())
                    if shared:
                        where = f"{scope.describe(self.place)} #{position + 1}"
                if last_of and len(units) > last_of and not shared:
                    where = ListEndsEarly(where, scope.describe(self.place), last_of, [u.label for u in units[last_of:]])
            elif scope.kind == "here":
                where = unit.label
        if not ranges:
            return None, MissingPlace(where) if counted else where, None
        if shared or missing:  # refused rather than measured on the first of the sections a number names, or
            return None, AmbiguousPlace(where, shared, missing), None  # on the parts of a place the survey still has
        value = self.count(metric, ranges)
        if value and type(where) is str and metric in self.cols:
            hidden = self._in_comment_blocks(metric, ranges, value)
            if hidden:
                where = PartlyInComments(where, hidden)
        return value, where, ranges

    def _in_comment_blocks(self, metric: str, ranges: list[tuple[int, int]], value: float) -> float:
        """How much of a count over `ranges` is in comment blocks (what a count rule's minimum leaves out)."""
        blocks = self.comment_blocks()
        seen = checks.seen_ranges(ranges, blocks) if blocks else None
        return 0.0 if seen is None else value - (self.count(metric, seen) or 0.0)

    def _measure_by_name(self, metric: str, scope: Scope, units: list[Unit], describe: str, position: int,
                         last_of: int, counted: bool):
        """A figure of a list stated for a scope of named sections ("各主线 CJK 159/194/207" for sections = ["3.1",
        "3.2", "3.3"]), measured on the section its place in the list names: with §3.1's heading no longer read as
        one, 159 is §3.1's (not measured, and says so), not §3.2's, and 207 still §3.3's."""
        labels = [self.place(k) if k[0].isdigit() else k for k in scope.keys]
        if position >= len(labels):
            where = f"{describe} #{position + 1}"
            return None, MissingPlace(where) if counted else where, None
        unit = next((u for u in units if u.label == labels[position]), None)
        ends = None
        if last_of and len(labels) > last_of:
            ends = ListEndsEarly("", describe, last_of, labels[last_of:], len(labels))
        if unit is None:
            where = f"{describe} #{position + 1}"
            if not counted:
                return None, where, None
            return None, AmbiguousPlace(where, (), (labels[position],), ends), None
        if unit.shared:
            return None, AmbiguousPlace(unit.label, unit.shared), None
        where = unit.label if ends is None else ListEndsEarly(unit.label, describe, last_of, ends.unchecked, len(labels))
        return self.count(metric, unit.ranges), where, unit.ranges

    def numbers_missing(self, scope: Scope, units: Sequence[Unit]) -> list[str]:
        """The sections a numbered heading scope holds by its numbers that the survey lacks ("§3.1" of '^3\\.\\d+$'
        when only 3.2 and 3.3 are headings): see list_places."""
        placed = self._numbered_places(scope.pattern, units)
        return [] if placed is None else [placed.label(p) for p, n in enumerate(placed.numbers) if n not in placed.units]

    def _numbered_places(self, pattern: str, units: Sequence[Unit]) -> NumberedPlaces[Unit] | None:
        """A heading scope's sections by their numbers (see list_places), once per pass and scope."""
        got = self._numbered.get(pattern)
        if got is None or got[0] is not units:
            secs = self.outline.sections
            keys = [secs[j].key for j in self._heading_matches(pattern)]
            placed = None if any(k in self.repeated or "#" in k for k in keys) else numbered_places(pattern, keys, units)
            got = self._numbered[pattern] = (units, placed)
        return got[1]

    def _measure_by_number(self, metric: str, describe: str, placed: NumberedPlaces[Unit], told: Sequence[int],
                           position: int, last_of: int, counted: bool):
        """A figure of a list stated for a heading scope's sections, measured on the section its place in the list
        names (`told`: the number each figure is about, see list_places): with §3.2 cut, 194 of "159/194/207" is
        about §3.2 (not measured, and says so), 207 about §3.3; with a "3.0 总述" added, 159 is still §3.1's."""
        number = told[position]
        unit = placed.units.get(number)
        sections = placed.stated_for(told)  # (not an x.0 the list passed over)
        ends = None
        if last_of:
            unstated = placed.unstated(told)
            if unstated:
                ends = ListEndsEarly("", describe, last_of, [u.label for u in unstated], sections)
        if unit is None:
            where = f"{describe} #{position + 1}"
            if not counted:
                return None, where, None
            return None, AmbiguousPlace(where, (), (placed.label_of(number),), ends), None
        where = unit.label if len(placed.units) > 1 else describe
        if ends is not None:
            where = ListEndsEarly(where, describe, last_of, ends.unchecked, sections)
        return self.count(metric, unit.ranges), where, unit.ranges


def _moved_to_lines(at: list[int], src: list) -> Callable[[int], tuple[list, int]]:
    """line_runs' maker of the k-th line's objects: the records src[k] moved to line at[k] + 1.
    (Closures live in module functions: mypyc compiles none in a method of a non-native class.)"""
    return lambda k: (moved_by(src[k], at[k] + 1), 0)


def _ref_maker(at: list[int], src: list, known: dict[str, Section]) -> Callable[[int], tuple[list[SectionRef], int]]:
    """line_runs' maker of the k-th line's § references, resolved against the outline's keys."""
    def make(k: int) -> tuple[list[SectionRef], int]:
        ln = at[k] + 1
        return [SectionRef(ln, col, text, key if key in known else None) for col, text, key in src[k]], 0
    return make


def _heading_matcher(secs: list[Section], rx: re.Pattern[str]) -> Callable[[int], bool]:
    """Whether section j's heading matches a heading scope's pattern (`rules.heading_matches`), each heading
    matched once (a survey pasted twice has each heading twice)."""
    seen: dict[tuple[str, str, str], bool] = {}

    def match(j: int) -> bool:
        # (the key without the "#2" of a number's second heading: '^3\.\d+$' matches both "3.1")
        sec = secs[j]
        said = (sec.title, sec.number, sec.key.partition("#")[0])
        got = seen.get(said)
        if got is None:
            got = seen[said] = checks.heading_matches(rx, sec)
        return got
    return match


def _same_values(a: dict, b: dict | None) -> bool:
    """Two dicts with the same keys holding the very same objects."""
    return b is not None and a.keys() == b.keys() and all(v is b[k] for k, v in a.items())


def _joins_parts(scope: Scope) -> bool:
    """Whether a scope is one place made of several (`parts`, `sections` not each): measured without a part the
    survey lacks, it is another place."""
    return scope.kind == "parts" or (scope.kind == "sections" and not scope.each)
