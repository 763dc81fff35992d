"""The paper's name in a BibTeX entry spread over lines: its `title` field, for the id its other fields cite.

Per line, `citations_in_line` sees `journal = {arXiv preprint arXiv:2609.11582},` and `eprint = {2609.11582},`
but not the `title = {OmniKVQuant: …},` line above them: `named_by_entries` gives the entry's id its title as the
name, and keeps one citation of it per entry (journal, eprint, url and volume all cite the same paper once).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from .references import RawCitation

_ENTRY_START = re.compile(r"\s*@(?!(?i:comment|string|preamble)\b)[A-Za-z]+\s*\{")
_FIELD = re.compile(r"\s*([A-Za-z][\w\-]*)\s*=\s*")
_LOOK_UP = 60  # an entry longer than this many lines is not looked for
_ID_FIELDS = ("eprint", "arxivid", "arxiv")  # the field naming the entry's own id, when it has one


def _breaks(line: str) -> bool:
    """A blank line or a code fence: no entry goes over it (an entry is read within the lines between two)."""
    s = line.lstrip()
    return not s or s.startswith("```") or s.startswith("~~~")


def _starts_entry(line: str) -> bool:
    return "@" in line and _ENTRY_START.match(line) is not None


def widened_to_entries(old_lines: Sequence[str], lo: int, hi: int, new_lines: Sequence[str]) -> tuple[int, int]:
    """The edited lines old_lines[lo:hi] (now `new_lines`) widened to the run around them that no blank line or code
    fence breaks, when that run or the edit holds an entry's start, so that an edited title names the entry's id
    again (`named_by_entries` reads each entry within its run); else (lo, hi)."""
    # (at most _LOOK_UP lines each way, as no longer entry is read: a survey written without blank lines is one run,
    # and walking all of it took ~35 ms of every keystroke in 8 MB)
    a, b = lo, hi
    while a > 0 and lo - a < _LOOK_UP and not _breaks(old_lines[a - 1]):
        a -= 1
    while b < len(old_lines) and b - hi < _LOOK_UP and not _breaks(old_lines[b]):
        b += 1
    if any(map(_starts_entry, old_lines[a:b])) or any(map(_starts_entry, new_lines)):
        return a, b
    return lo, hi


def named_by_entries(lines: Sequence[str], citations: Sequence[tuple[RawCitation, ...]]) -> dict[int, tuple[RawCitation, ...]]:
    """For the lines of BibTeX entries that cite (by index), their citations once the entry is read whole: the
    entry's id (its `eprint` field's, else the first cited) named by the `title`, cited only where it first is.
    Lines left as they are are not in the answer."""
    out: dict[int, tuple[RawCitation, ...]] = {}
    done_to = -1  # the last line of the entry read last
    for i, cits in enumerate(citations):
        # (an entry's id is in a field, "eprint = {…}": other lines are not looked up, most lines that cite)
        # (or on an entry's first line: "@misc{x, eprint={…}, title={…}}", an entry written on one line)
        if not cits or i <= done_to or "=" not in lines[i] or (_FIELD.match(lines[i]) is None
                                                               and not _starts_entry(lines[i])):
            continue
        entry = _entry_around(lines, i)
        if entry is None:
            continue
        start, end = entry
        done_to = end
        _read_entry(lines, citations, start, end, out)
    return out


def _entry_around(lines: Sequence[str], i: int) -> tuple[int, int] | None:
    """(first, last) line of the BibTeX entry holding line i, or None. (Not over a blank line or a code fence, nor
    longer than _LOOK_UP lines.)"""
    start = i
    while True:
        if start < 0 or i - start >= _LOOK_UP:
            return None
        line = lines[start]
        if _starts_entry(line):
            break
        if _breaks(line) or (start < i and line.lstrip().startswith("}")):  # (the entry before's end)
            return None
        start -= 1
    depth = 0
    for k in range(start, min(len(lines), start + _LOOK_UP)):  # to where its braces close
        if k > start and _breaks(lines[k]):
            return None
        depth += lines[k].count("{") - lines[k].count("}")
        if depth <= 0:
            return (start, k) if k >= i else None
    return None


def _read_entry(lines: Sequence[str], citations: Sequence[tuple[RawCitation, ...]], start: int, end: int,
                out: dict[int, tuple[RawCitation, ...]]) -> None:
    title, own = None, None
    for k in range(start, end + 1):
        for field, at in _fields(lines[k], k == start):
            if field == "title" and title is None:
                title = _field_value(lines, k, at, end)
            elif field in _ID_FIELDS and own is None:
                own = next((c.id for c in citations[k] if c.column > at), None)
    if own is None:
        own = next((c.id for k in range(start, end + 1) for c in citations[k]), None)
    if own is None:
        return
    seen = False
    for k in range(start, end + 1):
        cits = citations[k]
        if not cits:
            continue
        kept = []
        for c in cits:
            if c.id == own:
                if seen:
                    continue
                seen = True
                if title and c.name != title:
                    c = replace(c, name=title)  # type: ignore[type-var]
            kept.append(c)
        if tuple(kept) != cits:
            out[k] = tuple(kept)


def _fields(line: str, first: bool) -> list[tuple[str, int]]:
    """The fields a line of an entry starts, as (name in lower case, where its value starts): the one at the line's
    start ("  title = {…},"), and those after it on the same line ("title={…}, eprint={…},"), as on an entry's first
    line (`first`: "@misc{x, eprint={…}, title={…}}", after the key). A field's value is skipped whole (its braces
    or quotes), so that "title = {A = B, C}" holds no field C."""
    if first:
        at = line.find(",", line.find("{")) + 1  # (after "@misc{key,")
        if at == 0:
            return []
    else:
        m = _FIELD.match(line)
        if m is None:
            return []
        at = 0
    out = []
    while (m := _FIELD.match(line, at)) is not None:
        out.append((m.group(1).lower(), m.end()))
        at = _value_end(line, m.end())
        if at < 0:  # (the value goes on below: the line's last field)
            break
        while at < len(line) and line[at] in " \t,":
            at += 1
    return out


def _value_end(line: str, at: int) -> int:
    """Where the value starting at line[at] ends ({…} with its nested braces, "…", or a bare word or number), or -1
    when it does not end on this line."""
    if line[at : at + 1] == "{":
        depth = 0
        for j in range(at, len(line)):
            if line[j] == "{":
                depth += 1
            elif line[j] == "}":
                depth -= 1
                if depth == 0:
                    return j + 1
        return -1
    if line[at : at + 1] == '"':
        depth = 0
        for j in range(at + 1, len(line)):
            if line[j] == "{":
                depth += 1
            elif line[j] == "}":
                depth -= 1
            elif line[j] == '"' and depth <= 0:
                return j + 1
        return -1
    j = at
    while j < len(line) and line[j] not in ",}":
        j += 1
    return j


def _field_value(lines: Sequence[str], k: int, at: int, end: int) -> str | None:
    """A field's value from lines[k][at:] on ("{OmniKVQuant: {U}nified …}", "\"…\"", over lines until its braces
    close), without BibTeX's braces, line breaks and the comma after it; a value ending on its line ends there
    ("title={…}, eprint={…}}": the fields after it are not the title's)."""
    line = lines[k]
    stop = _value_end(line, at)
    if stop >= 0:
        text = line[at:stop]
    else:
        text = line[at:]
        k0 = k
        while text.count("{") > text.count("}") and k < end and k - k0 < 5:
            k += 1
            text += " " + lines[k].strip()
    value = text.strip().rstrip(",").strip()
    if value[:1] == '"' and value[-1:] == '"':
        value = value[1:-1]
    value = " ".join(value.replace("{", "").replace("}", "").split())
    return value or None
