"""`analyze(text, pack)`: one function feeds every face of the program (CLI, panel, report).

Everything that can be judged on one line alone (counter values, heading shape, citations, figures, privacy
hits, claims, suppression comments) is computed per line and memoised by the line's text in an `Analyzer`,
so re-analysing after a one-character edit only recomputes the edited line; the document-level assembly
(outline, prefix sums, rules, claims verdicts) is linear with a small constant.
"""

from __future__ import annotations

import gc
import re
from bisect import bisect_left, bisect_right
from dataclasses import dataclass, replace
from datetime import date
from itertools import accumulate
from typing import Any, Callable, Mapping

from . import claims as claims_mod
from .document import Heading, Outline, build_outline, heading_in_line, resolve_section_ref, section_refs_in_line
from .figures import figure_findings, figures_in_line
from .model import Analysis, PrivacyHit, Reference, RuleResult, SectionMetrics, SectionRef
from .numbers import as_int_if_whole
from .privacy import PrivacyConfig, privacy_in_line
from .references import assemble_references, citations_in_line
from .rulepack import RuleDef, RulePack, Scope
from . import rules as checks
from .rules import in_ranges
from .suppression import Directive, directives_in_line, suppressed_lines

LIST_ITEM_RE = re.compile(r"^\s{0,3}(?:[-*+]|\d{1,3}[.)])\s+\S")
WORD_RE = re.compile(r"[A-Za-z0-9]+(?:['’\-][A-Za-z0-9]+)*|[一-鿿]")
MEMO_LIMIT = 400_000
METRIC_LABELS = {"privacy_hits": "private-data hits", "verifiability": "verifiability %",
                 "arxiv_ids": "arXiv ids", "list_items": "list items"}  # distinct lines kept; beyond that the memo starts afresh


@dataclass(frozen=True)
class LineFacts:
    counts: tuple[int, ...]  # one per pack counter, then list_items
    heading: Heading | None
    citations: tuple
    figures: tuple
    privacy: tuple[PrivacyHit, ...]
    claims: tuple
    directives: tuple[Directive, ...]
    forbidden: tuple[tuple[int, ...], ...]  # per forbidden-pattern rule: columns of the matches
    required: tuple[bool, ...]  # per (required-pattern rule, pattern): found on this line
    section_refs: tuple = ()  # (column, text, key) of each § reference


@dataclass
class Unit:
    """One measured unit of a scope: a section, a list item, the document, a set of parts."""

    label: str
    line: int
    ranges: list[tuple[int, int]]


class Analyzer:
    """Analyses successive versions of a text with one pack, reusing per-line work between calls."""

    def __init__(self, pack: RulePack, *, today: date | None = None, memo: bool = True):
        self.pack = pack
        self.today = today
        self.use_memo = memo
        self._memo: dict[str, LineFacts] = {}
        self._last: _Assembly | None = None  # the previous pass, whose unchanged parts the next one reuses
        self._claim_cache: dict[tuple, tuple] = {}
        self.counter_names = list(pack.counters)
        self._counters = [_counter_fn(c.kind, c.pattern) for c in pack.counters.values()]
        self._privacy_cfg = PrivacyConfig.from_dict(pack.privacy, pack.base_dir)
        self._claim_rx = claims_mod.compile_patterns(pack.claim_patterns)
        self._claim_scopes = [cp.scope for cp in pack.claim_patterns]
        self._footer_re = re.compile(pack.footer) if pack.footer else None
        self._forbidden = [(r, [re.compile(p) for p in r.patterns]) for r in pack.rules if r.kind == "forbidden-pattern"]
        self._required = [(r, [re.compile(p) for p in r.patterns]) for r in pack.rules if r.kind == "required-pattern"]
        self._required_flat = [rx for _, rxs in self._required for rx in rxs]

    def claim_label(self, rc) -> str:
        """A claim's figure in the users' words: the pattern's label, else the counter's ("CJK", "⚠️")."""
        if rc.kind != "value":
            return ""
        if rc.scope_index >= 0 and self.pack.claim_patterns[rc.scope_index].label:
            return self.pack.claim_patterns[rc.scope_index].label
        counter = self.pack.counters.get(rc.metric)
        return counter.label if counter else METRIC_LABELS.get(rc.metric, rc.metric)

    # ---- per line -------------------------------------------------------------------------------
    def _facts(self, line: str) -> LineFacts:
        counts = tuple(fn(line) for fn in self._counters) + (1 if LIST_ITEM_RE.match(line) else 0,)
        forbidden = tuple(
            tuple(m.start() + 1 for rx in rxs for m in rx.finditer(line)) for _, rxs in self._forbidden
        )
        if not any(forbidden):
            forbidden = ()
        return LineFacts(
            counts=counts,
            heading=heading_in_line(line),
            citations=citations_in_line(line),
            figures=figures_in_line(line),
            privacy=privacy_in_line(line, self._privacy_cfg),
            claims=claims_mod.claims_in_line(line, self._claim_rx, self.pack.sum_metric, self.pack.sum_context),
            directives=directives_in_line(line),
            section_refs=section_refs_in_line(line),
            forbidden=forbidden,
            required=tuple(bool(rx.search(line)) for rx in self._required_flat),
        )

    def _all_facts(self, lines: list[str]) -> list[LineFacts]:
        if not self.use_memo:
            return [self._facts(l) for l in lines]
        memo = self._memo
        if len(memo) > MEMO_LIMIT:
            memo.clear()
        out = []
        get = memo.get
        for l in lines:
            f = get(l)
            if f is None:
                f = memo[l] = self._facts(l)
            out.append(f)
        return out

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
        lines = split_lines(text)
        facts = self._all_facts(lines)
        if len(self._claim_cache) > MEMO_LIMIT:
            self._claim_cache.clear()
        assembly = _Assembly(self, text, lines, facts, file, verdicts, self._last if self.use_memo else None)
        result = assembly.run()
        if self.use_memo:
            self._last = assembly
        return result


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


def _counter_fn(kind: str, pattern: str) -> Callable[[str], int]:
    if kind == "regex":
        rx = re.compile(pattern)
        return lambda line: len(rx.findall(line))
    if kind == "literal":
        return lambda line: line.count(pattern)
    if pattern == "lines":
        return lambda line: 1
    if pattern == "chars":
        return len
    if pattern == "words":
        return lambda line: len(WORD_RE.findall(line))
    if pattern == "list_items":
        return lambda line: 1 if LIST_ITEM_RE.match(line) else 0
    raise ValueError(f"unknown counter {kind}:{pattern}")


class _Assembly:
    """One document-level pass over the per-line facts.

    With `prev` (the pass over the previous text) every part whose inputs are unchanged is reused: the
    outline when no heading changed, references / figures / privacy hits when no line's extraction changed,
    section metrics of sections without a changed line, and claim verdicts whose measured value is the same.
    Analysis objects are therefore shared between passes: treat them as read-only.
    """

    def __init__(self, az: Analyzer, text: str, lines: list[str], facts: list[LineFacts], file, verdicts,
                 prev: "_Assembly | None" = None):
        self.az, self.pack, self.text, self.lines, self.facts = az, az.pack, text, lines, facts
        self.file, self.verdicts = file, verdicts
        self.n = len(lines)
        self.names = az.counter_names + ["list_items"]
        self.heads = [f.heading for f in facts]
        if prev is not None and prev.n == self.n and prev.heads == self.heads and prev.lines[-6:] == lines[-6:]:
            self.outline: Outline = prev.outline
            self.prev = prev
        else:
            self.outline = build_outline(lines, self.heads, footer_re=az._footer_re, styles=self.pack.heading_styles)
            self.prev = prev if (prev is not None and prev.n == self.n) else None
        self.same_outline = self.prev is not None and self.outline is prev.outline
        cols = zip(*[f.counts for f in facts]) if facts else [() for _ in self.names]
        self.cum = {name: list(accumulate(col, initial=0)) for name, col in zip(self.names, cols)}
        if self.same_outline:
            self.by_key, self.section_starts = prev.by_key, prev.section_starts
        else:
            self.by_key = {}
            for s in self.outline.sections:
                self.by_key.setdefault(s.key.split("#")[0], s)
            self.section_starts = [s.line for s in self.outline.sections]
        self._units_cache: dict[Scope, list[Unit]] = {}

    # ---- measuring ----
    def count(self, name: str, ranges: list[tuple[int, int]]) -> float | None:
        if name == "arxiv_ids":
            return float(len(self.ids_in(ranges)))
        if name == "privacy_hits":
            return float(sum(1 for h in self.privacy if in_ranges(h.line, ranges)))
        if name == "verifiability":
            return self.verifiability_pct
        cum = self.cum.get(name)
        if cum is None:
            return None
        return float(sum(cum[b] - cum[a - 1] for a, b in ranges))

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
            return [r for u in units for r in u.ranges] if units else None
        key = resolve_section_ref(label) if label.startswith("§") else label
        s = self.by_key.get(key) if key else None
        return [(s.line, s.end_line)] if s else None

    def units(self, scope: Scope, line: int = 1) -> list[Unit]:
        """The units a scope stands for; [] when nothing matched (cached unless it depends on the line)."""
        if scope.kind == "here":
            return self._units(scope, line)
        cached = self._units_cache.get(scope)
        if cached is None:
            cached = self._units_cache[scope] = self._units(scope, line)
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
            units = [Unit("§" + s.key, s.line, [(s.line, s.end_line)])] if s else []
        elif scope.kind == "heading":
            rx = re.compile(scope.pattern)
            units = [
                Unit("§" + s.key, s.line, [(s.line, s.end_line)])
                for s in o.sections
                if rx.search(f"{s.number} {s.title}".strip()) or rx.search(s.key)
            ]
        else:  # section / sections / parts
            units = []
            for key in scope.keys:
                rng = self.ranges_of_label(key if key in ("header", "footer") else "§" + key if key[0].isdigit() else key, line)
                if rng:
                    units.append(Unit(key if key in ("header", "footer") else "§" + key, rng[0][0], rng))
            if scope.kind == "parts" or (scope.kind == "sections" and not scope.each):
                if units:
                    units = [Unit(scope.describe(), units[0].line, [r for u in units for r in u.ranges])]
        if scope.items:
            items = []
            for u in units:
                for a, b in u.ranges:
                    for ln in range(a, b + 1):
                        if self.facts[ln - 1].counts[-1]:
                            items.append(Unit(f"item on line {ln}", ln, [(ln, ln)]))
            return items
        return units

    # ---- the pass ----
    def run(self) -> Analysis:
        az, pack = self.az, self.pack
        today = az.today or date.today()
        prev = self.prev
        self.cit = [(i + 1, f.citations) for i, f in enumerate(self.facts) if f.citations]
        if prev is not None and prev.cit == self.cit and prev.today == today:
            self.base_refs, self._id_lines = prev.base_refs, prev._id_lines
        else:
            self.base_refs = assemble_references(self.cit, today)
            pairs = sorted((line, r.id) for r in self.base_refs for line in r.lines)
            self._id_lines = ([p[0] for p in pairs], [p[1] for p in pairs])
        self.today = today
        self.references: list[Reference] = self._with_verdicts(self.base_refs)
        self.verifiability_pct: float | None = None
        self.forbidden_lines = [(i, f.forbidden) for i, f in enumerate(self.facts) if f.forbidden]
        self.priv_lines = [(i, f.privacy) for i, f in enumerate(self.facts) if f.privacy]
        if prev is not None and prev.priv_lines == self.priv_lines:
            self.privacy = prev.privacy
        else:
            self.privacy = [replace(h, line=i + 1) for i, hits in self.priv_lines for h in hits]
        self.fig_lines = [(i, f.figures) for i, f in enumerate(self.facts) if f.figures]
        if prev is not None and prev.fig_lines == self.fig_lines:
            self.figures, self.figure_findings = prev.figures, prev.figure_findings
        else:
            self.figures = [replace(g, line=i + 1) for i, groups in self.fig_lines for g in groups]
            self.figure_findings = figure_findings(self.figures)
        directives = [(i + 1, d) for i, f in enumerate(self.facts) for d in f.directives]
        silenced = suppressed_lines(directives, self.n)

        metrics: dict[str, float | None] = {
            name: as_int_if_whole(float(self.cum[name][-1])) for name in self.names
        }
        metrics["arxiv_ids"] = len(self.references)
        metrics["privacy_hits"] = len(self.privacy)
        metrics["verifiability"] = None

        rules: list[RuleResult] = []
        claims_out = []
        for rule in pack.rules:
            result, extra = self.evaluate(rule)
            if rule.kind == "claims":
                claims_out = extra
            checks.suppress(self, rule, result, silenced, directives)
            rules.append(result)
        metrics["verifiability"] = self.verifiability_pct
        metrics["failing_rules"] = sum(
            1 for r in rules if r.status in ("fail", "no-match") and r.level in ("error", "warning")
        )
        findings = sorted((f for r in rules for f in r.findings), key=lambda f: (f.line, f.column))
        findings.extend(checks.unknown_directives(self, directives))
        self.section_metrics = sections = self._section_metrics()
        self.section_refs = self._section_refs()
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
        )

    def _section_refs(self) -> list[SectionRef]:
        """Every § reference, resolved against this outline (a key the outline lacks becomes None)."""
        self.ref_lines = [(i, f.section_refs) for i, f in enumerate(self.facts) if f.section_refs]
        if self.same_outline and self.prev.ref_lines == self.ref_lines:
            self.ref_objects = self.prev.ref_objects
            return self.prev.section_refs
        known = self.by_key
        old = self.prev.ref_objects if self.same_outline else {}
        self.ref_objects = objects = {}
        out: list[SectionRef] = []
        for i, refs in self.ref_lines:
            hit = old.get(i)
            if hit is None or hit[0] is not refs:
                hit = (refs, [SectionRef(i + 1, col, text, key if key in known else None) for col, text, key in refs])
            objects[i] = hit
            out.extend(hit[1])
        return out

    def _section_metrics(self) -> list[SectionMetrics]:
        secs = self.outline.sections
        cums = [self.cum[n] for n in self.names]
        if self.same_outline:
            old, new = self.prev.facts, self.facts
            dirty = [i + 1 for i in range(self.n) if old[i] is not new[i]]
            out = list(self.prev.section_metrics)
            for j, s in enumerate(secs):
                k = bisect_left(dirty, s.line)
                if k < len(dirty) and dirty[k] <= s.end_line:
                    out[j] = SectionMetrics(s, {n: int(c[s.end_line] - c[s.line - 1]) for n, c in zip(self.names, cums)})
            return out
        columns = [[int(c[s.end_line] - c[s.line - 1]) for s in secs] for c in cums]
        return [SectionMetrics(s, dict(zip(self.names, vals))) for s, vals in zip(secs, zip(*columns))]

    def _with_verdicts(self, refs: list[Reference]) -> list[Reference]:
        """Copies of the references that have a verification verdict; the others as they are."""
        if not self.verdicts:
            return refs
        out = []
        for r in refs:
            v = self.verdicts.get(r.id)
            if v and r.status not in ("malformed", "impossible id"):
                r = replace(r, status=str(v.get("status", r.status)),
                            details={k: val for k, val in v.items() if k != "status"})
            out.append(r)
        return out

    def evaluate(self, rule: RuleDef) -> tuple[RuleResult, Any]:
        res = RuleResult(rule.id, rule.title, rule.kind, rule.level, "pass", scope=rule.scope.describe())
        kind = rule.kind
        check = checks.CHECKS.get(kind)
        if check is not None:
            check(self, rule, res)
        elif kind == "figures":
            res.findings = [replace(f, rule=rule.id, level=rule.level) for f in self.figure_findings]
            res.measured = len(self.figures)
            res.limit = "repeats agree"
            res.scope = "engine figures"
            res.note = f"{len(self.figures)} figure groups"
        elif kind == "claims":
            claims, findings = claims_mod.audit_claims(self._claim_lines(), self.az._claim_scopes, self._measure_claim,
                                                       rule_id=rule.id, level=rule.level,
                                                       cache=self.az._claim_cache, labels=self.az.claim_label)
            res.findings = findings
            wrong = sum(1 for c in claims if c.ok is False)
            res.measured = wrong
            res.limit = "0 wrong"
            res.scope = "self-reported figures"
            res.note = f"{len(claims)} claims, {wrong} wrong, {len(findings)} findings"
            if not claims:
                res.status = "no-match"
                res.note = "no self-reported figures found"
            res.line = findings[0].line if findings else None
            if res.status != "no-match":
                res.status = "fail" if findings else "pass"
            return res, claims
        if res.status == "pass" and res.findings:
            res.status = "fail"
        if res.line is None and res.findings:
            res.line = res.findings[0].line
        return res, None

    def _claim_lines(self):
        zones = self.pack.claim_zones
        o = self.outline
        first_section = o.sections[0].line if o.sections else None
        for i, f in enumerate(self.facts):
            if not f.claims:
                continue
            ln = i + 1
            if ln == o.footer_line:
                zone = "footer"
            elif first_section is None or ln < first_section:
                zone = "header"
            else:
                zone = "sections"
            if zone in zones:
                yield ln, f.claims

    def _measure_claim(self, metric: str, scope: Scope | None, label: str, line: int, position: int):
        """(measured value or None, the place measured in the users' words); audit_claims asks once per key."""
        scope = scope or Scope("document")
        if label:
            ranges, where = self.ranges_of_label(label, line), label
        else:
            units = self.units(scope, line)
            where = scope.describe()
            if not units or position >= len(units):
                return None, where
            unit = units[position] if len(units) > 1 else units[0]
            ranges = unit.ranges
            where = unit.label if (len(units) > 1 or scope.kind == "here") else where
        if not ranges:
            return None, where
        return self.count(metric, ranges), where
