"""How a reference's verdict reads wherever it is shown (References tab, `survey-check`, JSON, report): every status
that applies, not only the first (a possibly withdrawn paper whose name does not match either), and, when a cited
version does not exist, which version it is and which lines cite it, beside the versions arXiv has.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from .arxiv_ids import version_number
from .model import Reference
from .records import record

# How serious each status is, for the colour of its row and its word: "ok", "warn" (a person must look: by hand, a
# heuristic, arXiv could not be asked), "fail" (arXiv contradicts the survey, or the id is impossible), "none".
STATUS_LEVELS = {
    "verified": "ok",
    "check by hand": "warn", "name not compared": "warn", "withdrawn?": "warn", "rate limited": "warn",
    "unavailable": "warn",
    "name mismatch": "fail", "version not found": "fail", "not found": "fail", "malformed": "fail",
    "impossible id": "fail",
    "unverified": "none",
}
_RANK = {"none": 0, "ok": 1, "warn": 2, "fail": 3}
# What arXiv's answer says is wrong in the survey (not what the id's own form says: malformed, impossible).
ARXIV_CONTRADICTS = frozenset({"name mismatch", "version not found", "not found"})
# The statuses that ask a reader to hold the survey's name against arXiv's title.
COMPARE_BY_HAND = frozenset({"name mismatch", "check by hand", "name not compared"})


def status_level(status: str) -> str:
    return STATUS_LEVELS.get(status, "none")


def worst_level(statuses: list[str]) -> str:
    return max((status_level(s) for s in statuses), key=_RANK.__getitem__, default="none")


@record(frozen=True)
class CitedVersion:
    """One version the survey cites explicitly, the lines that cite it, and whether arXiv has it (None: not asked)."""

    version: str  # "v3"
    lines: tuple[int, ...]
    on_arxiv: bool | None = None

    def __init__(self, version: str, lines: tuple[int, ...], on_arxiv: bool | None = None) -> None:
        d = self.__dict__  # frozen: set in the instance dict, not through __setattr__
        d["version"] = version
        d["lines"] = lines
        d["on_arxiv"] = on_arxiv

    def as_dict(self) -> dict[str, Any]:
        return {"version": self.version, "lines": list(self.lines), "on_arxiv": self.on_arxiv}


def cited_versions(ref: Reference, latest_version: str | None = None) -> list[CitedVersion]:
    """Each version the survey's lines cite, in version order; `latest_version` ("v1", arXiv's answer) says which
    of them exist (the lines come from the reference as the survey is now, never from an older verdict)."""
    lines: dict[str, list[int]] = {}
    for o in ref.occurrences:
        if o.version:
            seen = lines.setdefault(o.version, [])
            if not seen or seen[-1] != o.line:
                seen.append(o.line)
    latest = version_number(latest_version)
    return [CitedVersion(v, tuple(ls), None if latest is None else (version_number(v) or 0) <= latest)
            for v, ls in sorted(lines.items(), key=lambda kv: version_number(kv[0]) or 0)]


def cited_as(ref: Reference) -> str:
    """The id as the survey cites it: "2609.11582v3" for one version, "2609.11582 v1, v3" for several."""
    versions = list(dict.fromkeys(o.version for o in ref.occurrences if o.version)) or list(ref.versions)
    if len(versions) <= 1:
        return ref.id + (ref.version or "")
    return f"{ref.id} {', '.join(sorted(versions, key=lambda v: version_number(v) or 0))}"


def statuses_of(ref: Reference, verdict: Mapping[str, Any] | None) -> list[str]:
    """Every status that applies, the row's own status first (verdicts stored before "statuses" existed: that one)."""
    verdict = verdict or {}
    status = str(verdict.get("status") or ref.status)
    more = [str(s) for s in verdict.get("statuses") or () if s != status]
    return [status, *dict.fromkeys(more)]


def status_counts(statuses: Iterable[list[str]]) -> dict[str, int]:
    """How many references have each status, most first: a reference counts under every status it has (a withdrawn
    paper with a wrong name under "withdrawn?" and "name mismatch"), so the counts may add up to more references."""
    counts: dict[str, int] = {}
    for each in statuses:
        for status in dict.fromkeys(each):
            counts[status] = counts.get(status, 0) + 1
    return dict(sorted(counts.items(), key=lambda kv: -kv[1]))


def shown_statuses(ref: Reference, verdict: Mapping[str, Any] | None) -> list[str]:
    """The statuses that apply, worst first: a cell too narrow for all of them still shows the worst."""
    return sorted(statuses_of(ref, verdict), key=lambda s: -_RANK[status_level(s)])


def _lines(lines: tuple[int, ...]) -> str:
    return ", ".join(f"L{n}" for n in lines)


def status_parts(ref: Reference, verdict: Mapping[str, Any] | None) -> list[tuple[str, str]]:
    """What the status says, piece by piece and worst first, as (status whose colour it takes, English text):
    "name mismatch", "withdrawn?"; a version not found as each cited version with its lines, the missing ones first:
    "v3 not found (L13)", "v1 ✓ (L34, L57)". (Each text is translated on its own; shown joined by " · ".)"""
    parts: list[tuple[str, str]] = []
    for status in shown_statuses(ref, verdict):
        if status == "version not found":
            versions = cited_versions(ref, (verdict or {}).get("latest_version"))
            if any(v.on_arxiv is False for v in versions):
                parts += [(status, f"{v.version} not found ({_lines(v.lines)})") for v in versions if not v.on_arxiv]
                parts += [("verified", f"{v.version} ✓ ({_lines(v.lines)})") for v in versions if v.on_arxiv]
                continue
        parts.append((status, status))
    return parts


def mismatched_name(ref: Reference, verdict: Mapping[str, Any] | None) -> tuple[str, tuple[int, ...]] | None:
    """The name a "name mismatch" is about and the lines of the survey as it is now that give it ("HydraKV", (25,)):
    the one the verdict names (services/verification.judge: the worst name), else the survey's name for the paper;
    None for any other verdict."""
    if "name mismatch" not in statuses_of(ref, verdict):
        return None
    name = str((verdict or {}).get("mismatched_name") or ref.name or "")
    if not name:
        return None
    lines = tuple(dict.fromkeys(o.line for o in ref.occurrences if o.name == name))
    return name, lines or tuple(ref.lines)


def name_in_row(ref: Reference, verdict: Mapping[str, Any] | None) -> str:
    """The survey's name a row of references shows: the one a name mismatch is about ("LightningServe" when the
    survey also names the paper "ThunderServe", which matches: the row's status and similarity are the wrong
    name's), else the name the survey uses most."""
    mismatch = mismatched_name(ref, verdict)
    return mismatch[0] if mismatch is not None else ref.name or ""


def wrong_names(ref: Reference, verdict: Mapping[str, Any] | None) -> frozenset[str] | None:
    """The survey's names for the paper that arXiv's titles contradict (a "name mismatch"): each as the survey writes
    it ("LightningServe", not "HydraServe" on another line, which matches); None when the verdict does not say
    (one stored before it named them: then every place counts)."""
    if "name mismatch" not in statuses_of(ref, verdict):
        return frozenset()
    verdict = verdict or {}
    names = verdict.get("mismatched_names") or ([verdict["mismatched_name"]] if verdict.get("mismatched_name") else [])
    return frozenset(map(str, names)) or None


def place_statuses(ref: Reference, verdict: Mapping[str, Any] | None, statuses: list[str]) -> list[tuple[Any, list[str]]]:
    """Each place citing the paper with those of `statuses` (worst first) that are about that place: a name mismatch
    only where the place's own name is a wrong one, a version not found only where it cites a version arXiv does not
    have (when the verdict says which); any other status everywhere. Places with none are left out."""
    wrong = wrong_names(ref, verdict) if "name mismatch" in statuses else frozenset()
    missing: set[str] = set()
    if "version not found" in statuses:
        missing = {v.version for v in cited_versions(ref, (verdict or {}).get("latest_version")) if v.on_arxiv is False}
    out = []
    for o in ref.occurrences:
        here = [s for s in statuses
                if not (s == "name mismatch" and wrong is not None and o.name not in wrong)
                and not (s == "version not found" and missing and o.version not in missing)]
        if here:
            out.append((o, here))
    return out
