"""How an Analysis is written for people (a terminal table) and for tools (JSON, SARIF 2.1.0). Qt-free."""

from __future__ import annotations

import json
import os
import unicodedata
from dataclasses import dataclass
from pathlib import Path, PurePath
from typing import Any, Callable, Iterable, Mapping
from urllib.parse import quote

from . import __version__
from .core.file_names import printable
from .core.model import Analysis
from .core.numbers import counted, format_count, format_like
from .core.reference_verdicts import cited_as, name_in_row, shown_statuses, status_parts
from .wording import claim_figure, claim_place

STATUS_MARK = {"pass": "✔ pass", "fail": "✘ FAIL", "warning": "⚠ warning", "note": "ℹ note",
               "not-measured": "… not measured", "no-match": "? no match", "suppressed": "~ suppressed"}


def display_width(s: str) -> int:
    """Terminal columns: CJK and fullwidth characters take two, and so does a character made an emoji by the
    presentation selector U+FE0F ("⚠️")."""
    w = 0
    last = 0  # the columns of the last character counted
    for ch in s:
        if ch == "\ufe0f":
            if last == 1:
                w += 1
                last = 2
            continue
        if unicodedata.combining(ch) or ch == "\u200b":
            continue
        last = 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
        w += last
    return w


def pad(s: str, width: int) -> str:
    return s + " " * max(0, width - display_width(s))


def clip(s: str, width: int) -> str:
    if display_width(s) <= width:
        return s
    if isinstance(s, ValuesCell) and display_width(fitted := s.fitted(width)) <= width:
        return fitted  # "159 / 194 / … (222 more)"
    out, w = "", 0
    for ch in s:
        cw = display_width(out[-1:] + ch) - display_width(out[-1:])  # U+FE0F widens the character before it
        if w + cw > width - 1:
            break
        out += ch
        w += cw
    return out + "…"


def table(rows: list[list[str]], header: list[str], limits: list[int], width: int | None = None,
          whole: tuple[int, ...] = (0,)) -> list[str]:
    """Columns padded by display width. Without `width` (a file, a CI log) every cell is whole. With `width` (a
    terminal's columns) each column but those `whole` (a rule's id, a line number: what one silences or looks up)
    is cut at its limit, and the widest of them further until a row fits on one line (a 170-column table wrapped
    in an 80-column terminal)."""
    if width is not None:
        rows = [[c if i in whole else clip(c, lim) for i, (c, lim) in enumerate(zip(r, limits))] for r in rows]
    widths = [max([display_width(h)] + [display_width(r[i]) for r in rows]) for i, h in enumerate(header)]
    if width is not None and sum(widths) + 2 * (len(widths) - 1) > width:
        least = [w if i in whole else max(display_width(h), 5) for i, (w, h) in enumerate(zip(widths, header))]
        fitted = fit_widths(widths, least, width - 2 * (len(widths) - 1))
        rows = [[clip(c, w) for c, w in zip(r, fitted)] for r in rows]
        widths = [max([display_width(h)] + [display_width(r[i]) for r in rows]) for i, h in enumerate(header)]
    lines = ["  ".join(pad(h, w) for h, w in zip(header, widths)).rstrip()]
    lines.append("  ".join("─" * w for w in widths))
    lines += ["  ".join(pad(c, w) for c, w in zip(r, widths)).rstrip() for r in rows]
    return lines


def fit_widths(widths: list[int], least: list[int], room: int) -> list[int]:
    """The widths cut a column at a time, the one with the most to spare first, until they add up to `room` (or
    every column is at its least)."""
    out = list(widths)
    for _ in range(sum(out) - room):
        i = max(range(len(out)), key=lambda k: out[k] - least[k])
        if out[i] <= least[i]:
            break
        out[i] -= 1
    return out


MEASURED_ROOM = 60  # the text table's MEASURED cell, in columns, when no terminal's width cuts it (a file, a CI log)


class ValuesCell(str):
    """A table cell listing values ("159 / 194 / 207"), as many as fit in its columns, then how many more
    ("159 / 194 / … (222 more)"): clip() cuts it so, whatever width the table gives it."""

    values: tuple[str, ...]

    def __new__(cls, values: list[str], room: int | None = None) -> "ValuesCell":
        cell = super().__new__(cls, _values_in(values, room))
        cell.values = tuple(values)
        return cell

    def fitted(self, width: int) -> str:
        return _values_in(list(self.values), width)


def _values_in(values: list[str], room: int | None) -> str:
    whole = " / ".join(values)
    if room is None or display_width(whole) <= room:
        return whole
    for k in range(len(values) - 1, 0, -1):  # (a few hundred values at most) the most that fit with the count
        shown = " / ".join(values[:k]) + f" / … ({len(values) - k} more)"
        if display_width(shown) <= room:
            return shown
    return f"… ({len(values)} values)"


def _measured(value: Any, room: int | None = None) -> str:
    """A rule's measured value as the text table shows it; a value per section or item as many as fit in `room`
    columns, then how many more: a big survey's 900 values made the table 4,000 columns wide. The JSON and the
    findings listed below the table keep every value and place."""
    if isinstance(value, list):
        return ValuesCell([format_count(v) for v in value], room)
    if isinstance(value, (int, float)):
        return format_count(value)
    return "—" if value is None else str(value)


def _claim_measured(c) -> str:
    """A computed ratio with the decimals its statement uses ("66.7" beside "66.6", not "66.70")."""
    if c.ambiguous:  # (a place that lost a part is not ambiguous: nothing is there to measure it on)
        return "not measured" if c.part_missing else "ambiguous"
    if c.kind == "ratio" and c.measured is not None and c.value_text:
        return format_like(c.measured, c.value_text)
    return format_count(c.measured)


def headline_counters(a: Analysis, pack: Any, say: Callable[[str], str] = str) -> list[str]:
    """The document-wide counters the pack limits, against their limits, as the status bar shows them:
    "CJK 3,838/3,900", "⚠️ 79", "113/200 lines" (house pack); "1,204/2,500 words" (English pack)."""
    from .core.rulepack import document_counters

    parts: list[str] = []
    for name in document_counters(pack):
        counter = pack.counters.get(name)
        label = say((counter.label if counter is not None and counter.label else "") or name)
        value = format_count(a.metrics.get(name))
        top = pack.limit_of(name)[1]  # (its first document-wide count rule's)
        if top is not None:
            value += "/" + format_count(top)
        parts.append(f"{value} {label}" if label[:1].isalpha() and label[:1].islower() else f"{label} {value}")
    return parts


def _not_measured_because(claims) -> str:
    """Why the ambiguous figures among `claims` were not measured: a shared number, a place that lost a part, both."""
    missing = sum(1 for c in claims if c.part_missing)
    if not missing:
        return "about a section number two headings share"
    if missing == sum(1 for c in claims if c.ambiguous):
        return "a part of the place they are about is missing"
    return "about a section number two headings share, or a place that lost a part"


LEVEL_RANK = {"info": 0, "warning": 1, "error": 2}


def rule_outcome(r: Any, fail_level: str = "error") -> str:
    """What a rule's result counts as at `fail_level`: "failing" (it fails, or its scope matches nothing, at or above
    the level: it sets survey-check's exit code and blocks), "warning" (the same at warning level below it: said, never
    blocking), "" for the rest (passes, not measured, suppressed, an info-level note). survey-check's first line, the
    window's status bar and Self-check panel and the report all count with this, so they say the same."""
    if r.status not in ("fail", "no-match"):
        return ""
    if LEVEL_RANK.get(r.level, 0) >= LEVEL_RANK.get(fail_level, 2):
        return "failing"
    return "warning" if r.level == "warning" else ""


def failing_and_warning(a: Analysis, fail_level: str = "error") -> tuple[int, int]:
    """(rules failing at the fail level, rules failing below it at warning level): (1, 1) for the sample."""
    v = verdict(a, fail_level)
    return v.failing, v.warning


def stored_failing(failing: Any, errors: Any) -> tuple[int, int] | None:
    """A history snapshot's stored counts (rules failing, errors and warnings alike; error-level ones among them) as
    (failing, warnings), the way the status bar counts them; None when only the total is known or none is a warning
    (then the total says it all)."""
    total = int(failing or 0)
    if errors is None or total <= int(errors):
        return None
    return int(errors), total - int(errors)


def stored_failing_text(failing: Any, errors: Any) -> str:
    """ "1 + 1 warning" (the sample), "0 + 3 warnings", "2": survey-check history's FAILING column."""
    split = stored_failing(failing, errors)
    if split is None:
        return format_count(int(failing or 0)) if failing is not None else ""
    return f"{split[0]} + {split[1]} warning{'s' if split[1] != 1 else ''}"


def shown_status(r: Any, fail_level: str = "error") -> str:
    """A rule's status as the Self-check panel and the report's table show it: a rule that fails is "fail" at the fail
    level, "warning" below it at warning level and "note" at info level (for the author, not a failure); any other
    status as it is ("pass", "no-match", "not-measured", "suppressed")."""
    if r.status != "fail":
        return r.status
    return {"failing": "fail", "warning": "warning"}.get(rule_outcome(r, fail_level), "note")


@dataclass(frozen=True)
class Verdict:
    """Whether survey-check fails an analysis at a fail level, and why: the rules failing there, those failing below
    it at warning level (said, never blocking), and the findings at or above the level that no failing rule counts
    (an ambiguous scope of a rule not measured, a suppression comment naming an unknown rule at --fail-level
    warning), which set the exit status as a failing rule does. survey-check's first line and exit status, the
    window's status bar and Self-check panel and the report's first page all read this one (`verdict`): the window
    was green ("no rule fails") over a survey-check exit 1."""

    failing_rules: tuple = ()
    warning_rules: tuple = ()
    apart: tuple = ()  # the findings failing outside any failing rule, in the analysis' order

    @property
    def failing(self) -> int:
        return len(self.failing_rules)

    @property
    def warning(self) -> int:
        return len(self.warning_rules)

    @property
    def fails(self) -> bool:
        """survey-check exits 1 for it (EXIT_FINDINGS)."""
        return bool(self.failing_rules or self.apart)

    def apart_by_rule(self) -> list[tuple[str, int]]:
        """[(rule id, how many findings failing apart)] in the order first met: [("verifiability", 1)]."""
        counts: dict[str, int] = {}
        for f in self.apart:
            counts[f.rule] = counts.get(f.rule, 0) + 1
        return list(counts.items())

    def rules_words(self) -> str:
        """ "1 rule failing, 1 rule warning"."""
        failing, warning = self.failing, self.warning
        text = f"{format_count(failing)} rule{'' if failing == 1 else 's'} failing"
        return text + (f", {format_count(warning)} rule{'' if warning == 1 else 's'} warning" if warning else "")

    def apart_words(self) -> str:
        """ "1 verifiability finding failing" ("" when none)."""
        return ", ".join(f"{format_count(n)} {rule} finding{'' if n == 1 else 's'} failing"
                         for rule, n in self.apart_by_rule())

    def words(self) -> str:
        """ "1 rule failing, 1 rule warning, 1 verifiability finding failing": survey-check's first line's end."""
        return ", ".join(x for x in (self.rules_words(), self.apart_words()) if x)


def verdict(a: Analysis, fail_level: str = "error") -> Verdict:
    """What survey-check at `fail_level` makes of `a` (its default level is the window's and the report's)."""
    outcomes = [(r, rule_outcome(r, fail_level)) for r in a.rules]
    failing = tuple(r for r, o in outcomes if o == "failing")
    counted = {r.id for r in failing}
    threshold = LEVEL_RANK.get(fail_level, 2)
    levels = {level for level, rank in LEVEL_RANK.items() if rank >= threshold}
    apart = tuple(f for f in a.findings if f.level in levels and f.rule not in counted)
    return Verdict(failing, tuple(r for r, o in outcomes if o == "warning"), apart)


def rules_failing(a: Analysis, fail_level: str = "error") -> str:
    """ "1 rule failing, 1 rule warning": the rules that fail at or above the fail level (they set the exit code),
    then those that fail below it but at warning level (they do not). "2 rules failing" once both count."""
    return verdict(a, fail_level).rules_words()


def _by_reason(references: list, reason_of) -> dict[str, int]:
    """{reason: how many references have it}, in the order first met (`reason_of` gives "" or None for none)."""
    why: dict[str, int] = {}
    for r in references:
        reason = reason_of(r)
        if reason:
            why[reason] = why.get(reason, 0) + 1
    return why


def _asked_again(references: list) -> list[str]:
    """What --force-refresh could not do: the verdicts shown are the cache's, and why arXiv was not asked again."""
    why = _by_reason(references, lambda r: r.details.get("asked_again"))
    return [f"Asking arXiv again failed for {n} reference{'s' if n > 1 else ''} (shown as the cache has them): {reason}"
            for reason, n in why.items()]


def _not_answered(references: list) -> list[str]:
    """Why arXiv gave no verdict (rate limited, unavailable), once per reason: the table says only "unavailable",
    and "connection refused, stopped after 4 attempts" was in the JSON alone."""
    why = _by_reason(references, lambda r: r.details.get("message") if r.status in ("unavailable", "rate limited")
                     and not r.details.get("asked_again") else None)
    return [f"arXiv gave no answer for {n} reference{'s' if n > 1 else ''}: {reason}" for reason, n in why.items()]


def text_report(a: Analysis, *, verbose: bool = False, pack: Any = None, fail_level: str = "error",
                width: int | None = None) -> str:
    """The terminal report; `pack` (the one the analysis used) names the counters of its first line; its count of
    failing rules is at `fail_level` (survey-check's --fail-level); its tables fit in `width` columns if given."""
    m = a.metrics
    shown_pack = f"pack {a.pack}"
    if pack is not None:
        counters = headline_counters(a, pack)
        from .core.pack_origin import pack_origin

        origin = pack_origin(pack, a.file).words()  # a pack beside the survey named like the house pack is not it
        if origin:
            shown_pack += f" ({origin})"
    else:
        counters = [f"{format_count(m.get('lines'))} lines", f"CJK {format_count(m.get('cjk'))}",
                    f"⚠️ {format_count(m.get('cautions'))}"]
    out = [
        " · ".join([f"{a.file or '<text>'}", shown_pack, *counters, counted(len(a.references), "arXiv id"),
                    verdict(a, fail_level).words()]),
        "",
    ]
    limits = [28, 16, 36, 24, 60]
    room = MEASURED_ROOM if width is None else limits[2]  # (a terminal's: the column's limit, so "(N more)" stays)
    rows = [[r.id, STATUS_MARK.get(status := shown_status(r, fail_level), status), _measured(r.measured, room),
             r.limit, (r.scope + (f" ({r.note})" if r.note else ""))] for r in a.rules]
    out += table(rows, ["RULE", "STATUS", "MEASURED", "LIMIT", "SCOPE"], limits, width, (0, 1))
    wrong = [c for c in a.claims if c.wrong or (c.ambiguous and not c.suppressed)]
    ambiguous = sum(1 for c in wrong if c.ambiguous)
    silenced = sum(1 for c in a.claims if c.silenced)
    out.append("")
    estimates = sum(1 for c in wrong if c.estimate and c.ok is False)  # never right, whatever their value (rule 9)
    out.append(f"Claims: {counted(len(a.claims), 'self-reported figure')}, {len(wrong) - ambiguous} wrong"
               + (f" ({estimates} stated as {'an estimate' if estimates == 1 else 'estimates'})" if estimates else "")
               + (f", {ambiguous} not measured: {_not_measured_because(wrong)}" if ambiguous else "")
               + (f" ({silenced} more silenced inline)" if silenced else ""))
    if wrong:
        rows = [[str(c.line), c.kind, " · ".join(x for x in (claim_figure(c), claim_place(c)) if x), c.value_text,
                 _claim_measured(c), c.text] for c in wrong]
        out += table(rows, ["LINE", "KIND", "WHAT", "CLAIMED", "MEASURED", "TEXT"], [6, 6, 32, 10, 12, 50], width, (0, 1, 3, 4))
    if a.references and any(r.status != "unverified" for r in a.references):
        out.append("")
        out.append("References:")
        rows = [[cited_as(r), " + ".join(shown_statuses(r, r.details)), name_in_row(r, r.details),
                 str(r.details.get("title") or ""), str(r.details.get("published") or "")[:10],
                 "" if r.details.get("similarity") is None else f"{r.details['similarity']:.2f}",
                 "cache" if r.details.get("cached") else ""] for r in a.references]
        # (STATUS: every status that applies, worst first, "name mismatch + withdrawn?"; 36 holds two of the longest)
        lines = table(rows, ["ID", "STATUS", "NAME", "TITLE", "PUBLISHED", "SIM", ""], [24, 36, 20, 60, 10, 5, 5], width, (0, 1, 4, 5, 6))
        out += lines[:2]
        for r, line in zip(a.references, lines[2:]):
            out.append(line)
            versions = [text for status, text in status_parts(r, r.details) if text != status]
            if versions:  # which version arXiv lacks and which lines cite it: "  ↳ v3 not found (L13) · v1 ✓ (L34, L57)"
                out.append("  ↳ " + " · ".join(versions))
        out += _asked_again(a.references) + _not_answered(a.references)
    findings = [f for f in a.findings if verbose or f.level != "info"]
    if findings:
        out.append("")
        out.append(f"Findings ({len(findings)}):")
        for f in findings:
            out.append(f"  {a.file or '<text>'}:{f.line}:{f.column}: {f.level}: [{f.rule}] {f.message}")
    return printable("\n".join(out) + "\n")


@dataclass(frozen=True)
class NotChecked:
    """A FILE that could not be checked (unreadable, not text, its rule pack broken) and why: in the JSON report it
    keeps its place among the others, so a script reading stdout learns about it without parsing stderr."""
    file: str
    why: str

    def to_dict(self) -> dict:
        return {"file": self.file, "error": self.why}


def json_report(analyses: list[Analysis | NotChecked], *, as_list: bool | None = None,
                packs: dict[int, Any] | None = None) -> str:
    """One object for one survey, a list for several; `as_list` fixes the shape by what was asked for (several
    files of which one could not be read are still a list), so a script never meets both for one command.
    `packs`: the pack that checked each analysis, by id(analysis): its "pack_source" follows "pack"."""
    data: Any = [_with_pack_source(a.to_dict(), packs.get(id(a))) if packs and isinstance(a, Analysis) else a.to_dict()
                 for a in analyses]
    if not (len(data) != 1 if as_list is None else as_list):
        data = data[0]
    return printable(json.dumps(data, ensure_ascii=False, indent=2))


def _with_pack_source(d: dict, pack: Any) -> dict:
    """"pack_source" ({"origin": "bundled" | "beside-survey" | "file", "path", "shadows_bundled"}) after "pack":
    which file checked the survey (a pack beside it may keep a bundled pack's name)."""
    if pack is None:
        return d
    from .core.pack_origin import pack_origin

    out = {}
    for k, v in d.items():
        out[k] = v
        if k == "pack":
            out["pack_source"] = pack_origin(pack, d.get("file")).to_dict()
    return out


def _not_checked(file: str, why: str, cause: tuple[str, int | None] | None) -> dict:
    """The SARIF notification of a file not checked; `cause`: the (file, line) of a broken pack."""
    where: dict = {"artifactLocation": {"uri": _artifact_uri(cause[0] if cause else file)}}
    if cause and cause[1]:
        where["region"] = {"startLine": cause[1]}
    text = why if cause is None else f"{file} not checked: {why}"
    return {"level": "error", "message": {"text": text}, "locations": [{"physicalLocation": where}]}


def _artifact_uri(file: str | None) -> str:
    """A relative path stays relative (code-review tools resolve it against the repository), and so is an absolute
    one inside the working directory (`survey-check "$GITHUB_WORKSPACE"/docs/a.md` gave file:///home/runner/…, a
    path of one CI machine that a reviewer's tool has to map back, and the same survey got two names in two runs);
    else a file:// URI."""
    if not file:
        return "stdin"
    p = PurePath(file)
    if p.is_absolute():
        p = _inside_working_directory(file) or p
    # A URI reference: "综述 v2#3.md" percent-encoded, as as_uri() does for an absolute path (a raw space or "#"
    # made code-review tools look for another file, "#3.md" being read as a fragment).
    # (bytes: a name that is not UTF-8 keeps its own bytes, "caf%E9.md", which is the file's URI)
    return Path(file).resolve().as_uri() if p.is_absolute() else quote(os.fsencode(p.as_posix()), safe="/")


def _inside_working_directory(file: str) -> PurePath | None:
    """`file` relative to the working directory, as written or with links resolved; None when it lies outside."""
    try:
        cwd = Path.cwd()
    except OSError:  # the working directory was removed
        return None
    for path, base in ((Path(os.path.normpath(file)), cwd), (Path(file).resolve(), cwd.resolve())):
        try:
            return path.relative_to(base)
        except ValueError:
            continue
    return None


def rule_titles(packs: Iterable[Any]) -> dict[str, str]:
    """Each rule id of the packs a run used -> its title for SARIF's one list of rules. Two packs giving one id two
    titles (the house pack's and english-markdown's `claims`) get both, each naming its pack: before, the last pack
    read described every survey's results."""
    titles: dict[str, dict[str, str]] = {}
    for pack in packs:
        for rule in pack.rules:
            titles.setdefault(rule.id, {}).setdefault(rule.title, pack.name)
    return {rid: next(iter(by_title)) if len(by_title) == 1
            else " | ".join(f"{title} ({name})" for title, name in by_title.items())
            for rid, by_title in titles.items()}


SARIF_LEVEL = {"error": "error", "warning": "warning", "info": "note"}
# Findings the engine makes under an id of its own, not a pack rule's: described too, as every result's rule is.
ENGINE_RULES = {"suppression": "Suppression comments name rules of the pack"}


def _region(lines: Any, line: int, column: int) -> dict:
    """A SARIF region: the place at the file's own line and column (`lines`: a FileLines, None when they are the
    text's)."""
    line, column = max(1, line), max(1, column)
    if lines is not None:
        line, column = lines.place(line, column)
    return {"startLine": line, "startColumn": column}


def sarif_report(analyses: Iterable[Analysis], rules_meta: dict[str, str],
                 not_checked: Iterable[tuple[str, str, tuple[str, int | None] | None]] = (),
                 file_lines: Mapping[int, Any] | None = None) -> str:
    """SARIF 2.1.0: one run, every finding a result with a physical location; a file that could not be checked
    (unreadable, its rule pack broken) is an error notification of the run's invocation, which then did not succeed,
    so a code-review tool says so instead of showing the file as clean. A notification is placed where its cause is:
    a broken pack's file and line (a review tool annotated the survey, which holds no mistake), else the file.
    `file_lines`: id(analysis) -> its services.file_lines.FileLines, for a survey read with a U+2029 as a line
    break: a location is the file's own line and column, as a review tool counts them."""
    notifications = [_not_checked(file, why, cause) for file, why, cause in not_checked]
    results = []
    for a in analyses:
        lines = (file_lines or {}).get(id(a))
        for r in a.rules:
            if r.status == "not-measured" and r.level in ("error", "warning"):
                # A rule that could not be measured never passes silently: SARIF's result kind "open" is "the tool
                # could not determine whether the problem is present" (its level must then be "none").
                results.append({
                    "ruleId": r.id,
                    "kind": "open",
                    "level": "none",
                    "message": {"text": f"{r.level}-level rule {r.id} not measured"
                                        + (f": {r.note}" if r.note else "")},
                    "locations": [{"physicalLocation": {
                        "artifactLocation": {"uri": _artifact_uri(a.file)},
                        "region": _region(lines, r.line or 1, 1),
                    }}],
                })
        for f in a.findings:
            results.append({
                "ruleId": f.rule,
                "level": SARIF_LEVEL.get(f.level, "warning"),
                "message": {"text": f.message},
                "locations": [{"physicalLocation": {
                    "artifactLocation": {"uri": _artifact_uri(a.file)},
                    "region": _region(lines, f.line, f.column),
                }}],
            })
    doc = {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": "survey-check",
                "version": __version__,
                "informationUri": "https://github.com/surveyeditor/survey-editor",
                "rules": [{"id": rid, "shortDescription": {"text": title}} for rid, title in rules_meta.items()]
                + [{"id": rid, "shortDescription": {"text": ENGINE_RULES.get(rid, rid)}}
                   for rid in dict.fromkeys(r["ruleId"] for r in results) if rid not in rules_meta],
            }},
            "invocations": [{"executionSuccessful": not notifications,
                             **({"toolExecutionNotifications": notifications} if notifications else {})}],
            "columnKind": "unicodeCodePoints",  # columns count characters, as every face of the program does
            "results": results,
        }],
    }
    return printable(json.dumps(doc, ensure_ascii=False, indent=2))
