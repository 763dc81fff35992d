"""arXiv identifiers: parse, canonicalise and judge them by arXiv's own rules, without asking arXiv.

New style `YYMM.NNNN` (0704-1412) or `YYMM.NNNNN` (from 1501), old style `archive(.SC)?/YYMMNNN` (9107-0703),
each with an optional version `vN`. Old-style subject classes are dropped: `math.CA/0611800v2` is
`math/0611800v2`, which is how arXiv answers.
"""

from __future__ import annotations

import re
from datetime import date

from .records import record

_set = object.__setattr__  # how a frozen record's __init__ sets its fields

# Archives that used old-style identifiers (arXiv's list, including the merged historical ones).
OLD_ARCHIVES = frozenset(
    """acc-phys adap-org alg-geom ao-sci astro-ph atom-ph bayes-an chao-dyn chem-ph cmp-lg comp-gas cond-mat cs
    dg-ga funct-an gr-qc hep-ex hep-lat hep-ph hep-th math math-ph mtrl-th nlin nucl-ex nucl-th patt-sol physics
    plasm-ph q-alg q-bio q-fin quant-ph solv-int stat supr-con""".split()
)

NEW_STYLE = re.compile(r"(?P<yymm>\d{4})\.(?P<num>\d{4,5})(?P<version>v[1-9]\d*)?")
OLD_STYLE = (  # (rare since 2007: compiled on first use, re keeps it)
    r"(?P<archive>[a-z]+(?:-[a-z]+)?)(?:\.(?P<subject>[A-Za-z]{2}))?/(?P<yymm>\d{4})(?P<num>\d{3})"
    r"(?P<version>v[1-9]\d*)?"
)
PREFIX = re.compile(r"^\s*arxiv\s*:\s*", re.IGNORECASE)


def version_number(version: object) -> int | None:
    """ "v3" -> 3; None for no version (None, "") or anything that is none."""
    v = str(version or "")
    return int(v[1:]) if v[:1] == "v" and v[1:].isdigit() else None


@record(frozen=True)
class ArxivId:
    """A well-shaped arXiv id; `problem_with` tells whether it can exist."""

    base: str  # canonical, without version: "2609.11582", "math/0611800"
    version: str | None  # "v2" or None
    yymm: str  # "2609"; old style: "0611"
    number: str  # "11582"; old style: "800"
    archive: str | None = None  # old style only: "math"

    def __eq__(self, other: object) -> bool:  # (replaced by `record`: written for mypyc, see records.py)
        return NotImplemented

    def __init__(self, base: str, version: str | None, yymm: str, number: str, archive: str | None = None) -> None:
        _set(self, "base", base)
        _set(self, "version", version)
        _set(self, "yymm", yymm)
        _set(self, "number", number)
        _set(self, "archive", archive)

    @property
    def canonical(self) -> str:
        return self.base + (self.version or "")

    @property
    def old_style(self) -> bool:
        return self.archive is not None

    @property
    def version_number(self) -> int | None:
        return version_number(self.version)

    @property
    def year_month(self) -> tuple[int, int]:
        """(year, month) of first announcement encoded in the id."""
        yy, mm = int(self.yymm[:2]), int(self.yymm[2:])
        return (1900 + yy if yy >= 91 else 2000 + yy), mm


def parse_arxiv_id(s: str) -> ArxivId | None:
    """Parse `arXiv:2609.11582v1`, `2609.11582`, `hep-th/9901001`, `math.CA/0611800v2`; None if not id-shaped."""
    text = PREFIX.sub("", s.strip())
    m = NEW_STYLE.fullmatch(text)
    if m:
        return ArxivId(f"{m['yymm']}.{m['num']}", m["version"], m["yymm"], m["num"])
    m = re.fullmatch(OLD_STYLE, text)
    if m and m["archive"] in OLD_ARCHIVES:
        return ArxivId(f"{m['archive']}/{m['yymm']}{m['num']}", m["version"], m["yymm"], m["num"], m["archive"])
    return None


def problem_with(aid: ArxivId, today: date) -> str | None:
    """Why this id cannot exist (month 13, wrong digit count for its month, later than today), or None."""
    year, month = aid.year_month
    if not 1 <= month <= 12:
        return f"month {month} does not exist"
    if aid.old_style:
        if (year, month) < (1991, 7) or (year, month) > (2007, 3):
            return f"old-style ids run from 9107 to 0703; {aid.yymm} is outside that range"
    else:
        if (year, month) < (2007, 4):
            return f"new-style ids start in April 2007 (0704); {aid.yymm} is earlier"
        if len(aid.number) == 4 and int(aid.yymm) > 1412:
            return f"a 4-digit paper number is impossible after 1412 (from 1501 numbers have 5 digits): {aid.base}"
        if len(aid.number) == 5 and int(aid.yymm) < 1501:
            return f"a 5-digit paper number is impossible before 1501 (until 1412 numbers have 4 digits): {aid.base}"
    if int(aid.number) == 0:
        return f"paper number {aid.number} does not exist"
    if (year, month) > (today.year, today.month):
        return f"{aid.yymm} is later than this month ({today:%y%m}): an id cannot be announced in the future"
    return None


def explain_malformed(s: str) -> str:
    """A human reason why `s` (written as an arXiv id) is not one."""
    text = PREFIX.sub("", s.strip())
    if not text:
        return "nothing follows 'arXiv:'"
    m = re.fullmatch(r"(\d+)\.(\d+)(v\d*)?", text)
    if m:
        head, num, ver = m.groups()
        if len(head) != 4:
            return f"'{text}': the part before the dot must be 4 digits (YYMM), not {len(head)}"
        if len(num) not in (4, 5):
            return f"'{text}': the paper number must have 4 or 5 digits, not {len(num)}"
        if ver is not None:
            return f"'{text}': a version is 'v' followed by a number from 1"
    m = re.fullmatch(r"([A-Za-z.\-]+)/(\d+)(v\d+)?", text)
    if m:
        archive = m.group(1).split(".")[0]
        if archive not in OLD_ARCHIVES:
            return f"'{text}': '{archive}' is not an arXiv archive"
        return f"'{text}': old-style ids are archive/YYMMNNN (7 digits), not {len(m.group(2))} digits"
    return f"'{text}' is not an arXiv id (expected YYMM.NNNNN or archive/YYMMNNN)"
