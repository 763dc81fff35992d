"""The dataclasses every face of the program shares: what `analyze()` returns.

Line numbers are 1-based, columns are 1-based and count Python str characters (code points).
"""

# No `from __future__ import annotations`: dataclass field processing reads real annotations several times
# faster than strings (a millisecond of start-up here); every name an annotation uses is defined above it.

from dataclasses import asdict, field
from operator import attrgetter
from typing import Any

from .records import FACTORY, record


@record(frozen=True)
class Section:
    """A heading and the lines it governs (heading line .. end_line, inclusive, sub-sections included)."""

    key: str  # canonical number: "0", "3", "3.1"; for unnumbered Markdown headings "h12" (line based)
    number: str  # as written: "§0", "三", "3.1", "" when the heading has none
    title: str  # heading text without the number
    level: int  # 1 = top section, 2 = sub-section, ...
    line: int
    end_line: int
    parent: str | None = None  # key of the enclosing section

    def __init__(
        self,
        key: str,
        number: str,
        title: str,
        level: int,
        line: int,
        end_line: int,
        parent: str | None = None,
    ) -> None:
        d = self.__dict__  # frozen: set in the instance dict, not through __setattr__
        d["key"] = key
        d["number"] = number
        d["title"] = title
        d["level"] = level
        d["line"] = line
        d["end_line"] = end_line
        d["parent"] = parent


@record(frozen=True)
class Finding:
    """One problem a rule found, where it is and what was measured against which limit."""

    rule: str
    level: str  # "error" | "warning" | "info"
    line: int
    column: int
    message: str
    measured: float | int | str | None = None
    limit: float | int | str | None = None
    end_line: int | None = None

    def __init__(
        self,
        rule: str,
        level: str,
        line: int,
        column: int,
        message: str,
        measured: float | int | str | None = None,
        limit: float | int | str | None = None,
        end_line: int | None = None,
    ) -> None:
        d = self.__dict__  # frozen: set in the instance dict, not through __setattr__
        d["rule"] = rule
        d["level"] = level
        d["line"] = line
        d["column"] = column
        d["message"] = message
        d["measured"] = measured
        d["limit"] = limit
        d["end_line"] = end_line



# where a finding is, the order findings are listed in (line, then column)
FINDING_PLACE = attrgetter("line", "column")

@record
class RuleResult:
    """One rule of the pack as the panel shows it: measured against limit, pass/fail, where."""

    id: str
    title: str
    kind: str
    level: str
    status: str  # "pass" | "fail" | "not-measured" | "no-match" | "suppressed"
    measured: Any = None
    limit: str = ""
    scope: str = ""
    note: str = ""
    line: int | None = None  # where to jump to (first failing place, or the scope's first line)
    findings: list[Finding] = field(default_factory=list)

    def __init__(
        self,
        id: str,
        title: str,
        kind: str,
        level: str,
        status: str,
        measured: Any = None,
        limit: str = "",
        scope: str = "",
        note: str = "",
        line: int | None = None,
        findings: list[Finding] = FACTORY,
    ) -> None:
        self.id = id
        self.title = title
        self.kind = kind
        self.level = level
        self.status = status
        self.measured = measured
        self.limit = limit
        self.scope = scope
        self.note = note
        self.line = line
        self.findings = [] if findings is FACTORY else findings

    def where(self) -> tuple[int | None, int]:
        """(line, column) to show the reader: a failing rule's first failure (the line where the CJK limit is
        passed, the first short cross-link), else `line` (for a count rule, where its scope starts)."""
        # (a refused suppression comment is no failure: the row goes to where the rule fails, not to the comment)
        # (the first is looked for, not all: the window asks every rule at every result, and a rule of an 8 MB
        # survey has 20,000 findings: ~145 ms of the GUI thread per result)
        if self.status == "fail" or not self.line:
            for f in self.findings:
                if not f.message.startswith(SUPPRESSION_REFUSED):
                    return f.line, f.column
        return self.line, 1


SUPPRESSION_REFUSED = "suppression refused: "  # a warning on the comment's line, listed with the rule's findings


@record
class Claim:
    """A figure the survey states about itself, with what was measured."""

    metric: str
    text: str
    line: int
    claimed: float | None
    measured: float | None
    ok: bool | None  # None when the metric can't be measured (only agreement applies)
    column: int = 1
    kind: str = "value"  # "value" | "sum" | "ratio" | "agreement"
    scope: str = "document"
    message: str = ""
    value_column: int = 0  # 1-based column of the claimed number as written (0: none), for rewriting it
    value_text: str = ""  # the claimed number exactly as written ("3,838")
    label: str = ""  # the figure in the users' words: "CJK", "§七 cross-links" (the pack's label)
    suppressed: bool = False  # on a line where the claims rule is silenced inline (still judged, not counted)
    # stated as an estimate ("约 79", "≈3,838", "SUM≈0"; house rule 9: measured, not estimated): the finding that
    # says so ("⚠️ of document: 79 is an estimate (约): measure it"), "" for a figure stated as measured. Such a
    # figure is never right (`ok` False, whatever its value); its `message` is this one unless it is wrong too.
    estimate: str = ""

    def __init__(
        self,
        metric: str,
        text: str,
        line: int,
        claimed: float | None,
        measured: float | None,
        ok: bool | None,
        column: int = 1,
        kind: str = "value",
        scope: str = "document",
        message: str = "",
        value_column: int = 0,
        value_text: str = "",
        label: str = "",
        suppressed: bool = False,
        estimate: str = "",
    ) -> None:
        self.metric = metric
        self.text = text
        self.line = line
        self.claimed = claimed
        self.measured = measured
        self.ok = ok
        self.column = column
        self.kind = kind
        self.scope = scope
        self.message = message
        self.value_column = value_column
        self.value_text = value_text
        self.label = label
        self.suppressed = suppressed
        self.estimate = estimate

    @property
    def wrong(self) -> bool:
        """What the claims rule counts and every face shows as wrong: a wrong figure the user has not silenced."""
        return self.ok is False and not self.suppressed

    @property
    def only_estimated(self) -> bool:
        """A figure whose one fault is being stated as an estimate (its value right, or not measured): its verdict is
        "estimate" rather than "wrong" where a verdict is shown; counted with the wrong ones all the same."""
        return bool(self.estimate) and self.message == self.estimate

    @property
    def silenced(self) -> bool:
        """A wrong figure the user silenced inline: still shown, not counted."""
        return self.ok is False and self.suppressed

    @property
    def ambiguous(self) -> bool:
        """A figure about a place the survey names twice ("§3.1 159" with two headings numbered 3.1): neither right
        nor wrong, not measured, and its message says why (a finding of the claims rule). In the JSON: `ok` null
        with a message. (A figure nothing measures, whose message says so, is not: its place is NotMeasured.)"""
        return self.ok is None and bool(self.message) and type(self.scope) is not NotMeasured

    @property
    def part_missing(self) -> bool:
        """An ambiguous figure about a place of several parts one of which the survey lacks ("元信息" without §8),
        not about a number two headings share: its message ends "not measured: §8 not found"."""
        return self.ambiguous and self.message.endswith(" not found")


class NotMeasured(str):
    """The place a figure is about ("document") when nothing measures what it states: a metric no counter of the
    pack measures (the house pack's github_verified), or verifiability before arXiv verification. The figure is
    neither right nor wrong nor ambiguous; its message says why (`why`), beside JSON's null ok and measured."""

    why: str

    def __new__(cls, where: str, why: str = "") -> "NotMeasured":
        place = str.__new__(cls, where)
        place.why = why
        return place

    def detail(self) -> tuple:
        return (self.why,)


class PartlyInComments(str):
    """The place a counted figure is about ("limitations") when comment blocks (`<!--` … `-->` on lines of their own)
    hold `hidden` of its count: the figure is judged on everything, as the house counts its totals, and a wrong one's
    message says how much of it they hold (a count rule's minimum leaves them out: its row shows less)."""

    hidden: float

    def __new__(cls, where: str, hidden: float = 0.0) -> "PartlyInComments":
        place = str.__new__(cls, where)
        place.hidden = hidden
        return place

    def detail(self) -> tuple:
        return (self.hidden,)


@record(frozen=True)
class Occurrence:
    """One place a reference is cited."""

    line: int
    column: int
    raw: str  # exactly as written, e.g. "arXiv:2609.11582v1"
    version: str | None = None  # the version this place cites ("v1", also from "（v2，cs.CV）"), or None
    # what this place says of the paper (each place is judged: a wrong name or date on a later line is not hidden
    # by a right one on the first)
    name: str | None = None
    stated_date: str | None = None
    stated_category: str | None = None

    def __init__(self, line: int, column: int, raw: str, version: str | None = None, name: str | None = None,
                 stated_date: str | None = None, stated_category: str | None = None) -> None:
        d = self.__dict__  # frozen: set in the instance dict, not through __setattr__
        d["line"] = line
        d["column"] = column
        d["raw"] = raw
        d["version"] = version
        d["name"] = name
        d["stated_date"] = stated_date
        d["stated_category"] = stated_category


@record
class Reference:
    """One cited arXiv paper (all its occurrences), and what the survey claims about it."""

    id: str  # canonical id without version: "2609.11582", "hep-th/9901001"
    version: str | None  # highest version the survey cites explicitly ("v2"), or None
    lines: list[int]
    name: str | None = None  # the survey's short name for it ("OmniKVQuant")
    status: str = "unverified"  # later: verified / name mismatch / ... ; locally: "malformed" / "impossible id"
    problem: str = ""  # why it is malformed / impossible
    stated_date: str | None = None  # "2026-09-10" or "2026-09" as the survey states it
    stated_category: str | None = None  # "cs.CV"
    occurrences: list[Occurrence] = field(default_factory=list)
    versions: list[str] = field(default_factory=list)
    details: dict[str, Any] = field(default_factory=dict)  # verification facts (title, authors, ...)
    names: list[str] = field(default_factory=list)  # every name the survey gives it, most used first

    def __init__(
        self,
        id: str,
        version: str | None,
        lines: list[int],
        name: str | None = None,
        status: str = "unverified",
        problem: str = "",
        stated_date: str | None = None,
        stated_category: str | None = None,
        occurrences: list[Occurrence] = FACTORY,
        versions: list[str] = FACTORY,
        details: dict[str, Any] = FACTORY,
        names: list[str] = FACTORY,
    ) -> None:
        self.id = id
        self.version = version
        self.lines = lines
        self.name = name
        self.status = status
        self.problem = problem
        self.stated_date = stated_date
        self.stated_category = stated_category
        self.occurrences = [] if occurrences is FACTORY else occurrences
        self.versions = [] if versions is FACTORY else versions
        self.details = {} if details is FACTORY else details
        self.names = [] if names is FACTORY else names


@record(frozen=True)
class FigureValue:
    """One engine's value in a figure group."""

    engine: str
    value: float
    approx: bool
    column: int = 1
    text: str = ""  # the value as written: "~16,200"

    def __init__(self, engine: str, value: float, approx: bool, column: int = 1, text: str = "") -> None:
        d = self.__dict__  # frozen: set in the instance dict, not through __setattr__
        d["engine"] = engine
        d["value"] = value
        d["approx"] = approx
        d["column"] = column
        d["text"] = text


@record
class FigureGroup:
    """Engine figures stated together: "SGLang ~16,200 vs vLLM ~12,500 tok/s on H100"."""

    metric: str  # "throughput" | "latency" | "cost" | "speedup" | ...
    unit: str
    hardware: str | None
    line: int
    values: list[FigureValue]
    sentence: str = ""  # the clause it came from, for tooltips
    kind: str = "comparison"  # "comparison" | "speedup"
    label: str = ""  # what is measured as the text names it: "p99 TTFT"; for speed-ups "TTFT", "throughput", ""
    # a speed-up's baseline, the known engine it is measured against ("SGLang 比 vLLM 快 2×": "vLLM"); "" when the
    # text names none (and for every other figure). Last, with a default: a group made without it, or read from
    # an analysis stored before it existed (whose JSON entry has no "baseline"), names no baseline.
    baseline: str = ""

    def __init__(
        self,
        metric: str,
        unit: str,
        hardware: str | None,
        line: int,
        values: list[FigureValue],
        sentence: str = "",
        kind: str = "comparison",
        label: str = "",
        baseline: str = "",
    ) -> None:
        self.metric = metric
        self.unit = unit
        self.hardware = hardware
        self.line = line
        self.values = values
        self.sentence = sentence
        self.kind = kind
        self.label = label
        self.baseline = baseline


@record(frozen=True)
class PrivacyHit:
    """Private data found in the text: where, which kind, and the matched text masked."""

    dimension: str  # "ip" | "secret" | "name" | "path" | "org"
    line: int
    column: int
    masked: str  # the matched text with most characters replaced by '*'
    length: int

    def __init__(self, dimension: str, line: int, column: int, masked: str, length: int) -> None:
        d = self.__dict__  # frozen: set in the instance dict, not through __setattr__
        d["dimension"] = dimension
        d["line"] = line
        d["column"] = column
        d["masked"] = masked
        d["length"] = length


@record(frozen=True)
class SectionRef:
    """A `§3.1` / `§三.1` / `§八` in the prose and the section it resolves to (key None: no such section)."""

    line: int
    column: int
    text: str
    key: str | None

    def __init__(self, line: int, column: int, text: str, key: str | None) -> None:
        d = self.__dict__  # frozen: set in the instance dict, not through __setattr__
        d["line"] = line
        d["column"] = column
        d["text"] = text
        d["key"] = key


@record
class SectionMetrics:
    """A section and every counter measured over it."""

    section: Section
    metrics: dict[str, float]

    def __init__(self, section: Section, metrics: dict[str, float]) -> None:
        self.section = section
        self.metrics = metrics


@record
class Analysis:
    """Everything `analyze()` found in one survey: what every face of the program shows."""

    file: str | None
    pack: str
    metrics: dict[str, float | None]
    sections: list[SectionMetrics]
    rules: list[RuleResult]
    findings: list[Finding]
    claims: list[Claim]
    references: list[Reference]
    figures: list[FigureGroup]
    privacy: list[PrivacyHit]
    section_refs: list[SectionRef] = field(default_factory=list)
    header_lines: tuple[int, int] | None = None  # (first, last) or None
    footer_line: int | None = None
    text_length: int = 0
    # sub-sections left under another top section's number (document.Stray): no sections, shown in the outline
    strays: tuple[Any, ...] = ()

    def __init__(
        self,
        file: str | None,
        pack: str,
        metrics: dict[str, float | None],
        sections: list[SectionMetrics],
        rules: list[RuleResult],
        findings: list[Finding],
        claims: list[Claim],
        references: list[Reference],
        figures: list[FigureGroup],
        privacy: list[PrivacyHit],
        section_refs: list[SectionRef] = FACTORY,
        header_lines: tuple[int, int] | None = None,
        footer_line: int | None = None,
        text_length: int = 0,
        strays: tuple[Any, ...] = (),
    ) -> None:
        self.file = file
        self.pack = pack
        self.metrics = metrics
        self.sections = sections
        self.rules = rules
        self.findings = findings
        self.claims = claims
        self.references = references
        self.figures = figures
        self.privacy = privacy
        self.section_refs = [] if section_refs is FACTORY else section_refs
        self.header_lines = header_lines
        self.footer_line = footer_line
        self.text_length = text_length
        self.strays = strays

    def failing_rules(self, level: str | None = None) -> list[RuleResult]:
        return [r for r in self.rules if r.status == "fail" and (level is None or r.level == level)]

    def failing_count(self) -> int:
        """How many rules fail, as the status bar, the panel and survey-check's exit code count them: errors and
        warnings that fail or whose scope matches nothing (the engine's own `failing_rules` metric)."""
        counted = self.metrics.get("failing_rules")
        if isinstance(counted, (int, float)):
            return int(counted)
        return sum(1 for r in self.rules if r.status in ("fail", "no-match") and r.level in ("error", "warning"))

    def wrong_count(self) -> int:
        """How many self-reported figures are wrong and not silenced (what the status bar and the panel say)."""
        return sum(1 for c in self.claims if c.wrong)

    def ambiguous_count(self) -> int:
        """How many self-reported figures are about a section number two headings share, and so not measured."""
        return sum(1 for c in self.claims if c.ambiguous and not c.suppressed)

    def part_missing_count(self) -> int:
        """How many of those (`ambiguous_count`) are about a place that lost a part rather than a shared number."""
        return sum(1 for c in self.claims if c.part_missing and not c.suppressed)

    def to_dict(self) -> dict[str, Any]:
        """The JSON contract shared by the CLI, the GUI and the exporter (names are fixed)."""
        from .figure_check import value_span  # (figure_check reads this module's records: imported when needed)

        def _value_dict(v: FigureValue) -> dict[str, Any]:
            low = value_span(v)[0]
            out: dict[str, Any] = {"engine": v.engine, "value": v.value, "approx": v.approx}
            if low != v.value:
                out["low"] = low
            return out

        return {
            "file": self.file,
            "pack": self.pack,
            "metrics": dict(self.metrics),
            "sections": [
                {
                    "title": s.section.title,
                    "number": s.section.number,
                    "key": s.section.key,
                    "level": s.section.level,
                    "line": s.section.line,
                    "end_line": s.section.end_line,
                    "metrics": dict(s.metrics),
                }
                for s in self.sections
            ],
            "rules": [
                {
                    "id": r.id,
                    "title": r.title,
                    "kind": r.kind,
                    "level": r.level,
                    "status": r.status,
                    "measured": r.measured,
                    "limit": r.limit,
                    "scope": r.scope,
                    "note": r.note,
                    # where the Self-check row and the report send the reader: a failing rule's first failure
                    # (the line where the CJK limit is passed), not where its scope starts
                    "line": r.where()[0],
                }
                for r in self.rules
            ],
            "findings": [
                {
                    "rule": f.rule,
                    "level": f.level,
                    "line": f.line,
                    "column": f.column,
                    "message": f.message,
                    "measured": f.measured,
                    "limit": f.limit,
                }
                for f in self.findings
            ],
            "claims": [
                {
                    "metric": c.metric,
                    "text": c.text,
                    "line": c.line,
                    "claimed": c.claimed,
                    "measured": c.measured,
                    "ok": c.ok,
                    "kind": c.kind,
                    "scope": c.scope,
                    "message": c.message,
                    "label": c.label,
                    "suppressed": c.suppressed,
                }
                for c in self.claims
            ],
            "references": [_reference_dict(r) for r in self.references],
            "figures": [
                {
                    "metric": g.metric,
                    "label": g.label,
                    "unit": g.unit,
                    "hardware": g.hardware,
                    "line": g.line,
                    "kind": g.kind,
                    "sentence": g.sentence,
                    # a range ("12,000~16,200 tok/s", "3.8~5.2×") is its upper end, and its lower one as "low"
                    "values": [_value_dict(v) for v in g.values],
                    # only when a speed-up names its baseline: an entry without it (as every entry of an analysis
                    # stored before it existed) names none, so readers take `.get("baseline", "")`
                    **({"baseline": g.baseline} if g.baseline else {}),
                }
                for g in self.figures
            ],
            "privacy": [asdict(h) for h in self.privacy],  # type: ignore[call-overload]
            "section_refs": [asdict(r) for r in self.section_refs],  # type: ignore[call-overload]
        }


def _reference_dict(r: Reference) -> dict[str, Any]:
    d: dict[str, Any] = {
        "id": r.id,
        "version": r.version,
        "lines": list(r.lines),
        "name": r.name,
        "status": r.status,
        "problem": r.problem,
        "stated_date": r.stated_date,
        "stated_category": r.stated_category,
    }
    d.update(r.details)
    d.setdefault("statuses", [r.status])  # (every status that applies, its own first: before verification, one)
    from .reference_verdicts import cited_versions  # (it reads a Reference: imported here, not at the top)

    # which lines cite which version, and which of them arXiv has (null: not asked); [] when no line cites one
    # (README's contract lists it on every reference: a CI script reading it got a KeyError)
    d["cited_versions"] = [v.as_dict() for v in cited_versions(r, r.details.get("latest_version"))]
    return d
