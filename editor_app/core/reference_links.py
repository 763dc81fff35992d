"""The paper a reference-style Markdown link cites: "[OmniKVQuant][omni]" with "[omni]: https://arxiv.org/abs/…".

Per line, `citations_in_line` sees the definition's address (it cites the id there, naming nothing) but not the
link in the prose, which names the paper. `link_definitions` reads the labels a survey defines to an arXiv id;
`cited_by_links` makes each reference-style link to one (full "[Name][omni]", collapsed "[Name][]", shortcut
"[Name]") a citation of that id where the link stands, named by the link's text as an inline link
"[Name](https://arxiv.org/abs/…)" is. The definition line still cites the id: it is where the id is written (a
malformed one is flagged there, and only there: no link makes a citation of an id that cannot be one).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .references import RawCitation, _link_name
from .row_cells import escaped_at

# "[label]: <destination>" or "[label]: destination" (up to three spaces before it); a label holds no unescaped
# bracket, and one starting with "^" is a footnote's ("[^1]: …"), no link's
_DEFINITION = re.compile(r" {0,3}\[((?:[^\\\[\]]|\\.){1,999})\]:[ \t]*(<[^<>]*>|\S+)")
# "[text]" and the "[label]" right after it, if any; what follows says whether it is an inline link ("(")
_LINK = re.compile(r"\[((?:[^\\\[\]]|\\.){0,999})\](?:\[((?:[^\\\[\]]|\\.){0,999})\])?")

LinkDefinitions = dict[str, tuple[str, "str | None"]]  # label as matched -> (id, version)


def label_key(label: str) -> str:
    """A link label as labels are matched: case and runs of white space do not matter ("[Omni  KV]" is "[omni kv]")."""
    return " ".join(label.split()).casefold()


def link_definition(line: str) -> tuple[str, int, int] | None:
    """(label as matched, start, end of its destination) of a link reference definition, else None."""
    if "]:" not in line:
        return None
    m = _DEFINITION.match(line)
    if m is None or m.group(1).startswith("^") or not m.group(1).strip():
        return None
    return label_key(m.group(1)), m.start(2), m.end(2)


def link_definitions(lines: Sequence[str], citations: Sequence[tuple[RawCitation, ...]]) -> LinkDefinitions:
    """The labels defined to an arXiv id: label -> (id, version) of the id its destination cites ("[omni]:
    https://arxiv.org/abs/2609.11582v2"); the first definition of a label counts, as in Markdown. A destination
    citing no possible id defines nothing here."""
    defs: LinkDefinitions = {}
    for line, cits in zip(lines, citations):
        if not cits or "]:" not in line:
            continue
        found = link_definition(line)
        if found is None or found[0] in defs:
            continue
        key, start, end = found
        cited = next((c for c in cits if start < c.column <= end), None)
        if cited is not None and cited.malformed is None:
            defs[key] = (cited.id, cited.version)
    return defs


def definitions_in(lines: Sequence[str]) -> list[tuple[str, str]]:
    """(label, destination) of each link reference definition in the lines: an edit that changes these may name
    other lines' links otherwise."""
    out = []
    for line in lines:
        found = link_definition(line)
        if found is not None:
            out.append((found[0], line[found[1]:found[2]]))
    return out


# (start, end, text) of a link; the id and version its label is defined to
LinkUse = tuple[int, int, str, str, "str | None"]


def links_to(line: str, defs: LinkDefinitions) -> tuple[LinkUse, ...]:
    """The reference-style links in the line whose label `defs` defines, left to right: full "[text][label]",
    collapsed "[text][]", shortcut "[text]" (not an inline link "[text](…)", an image "![text][label]", a footnote
    "[^1]", nor one in inline code); none on a definition's own line."""
    if not defs or "[" not in line or "]" not in line or link_definition(line) is not None:
        return ()
    out = []
    for m in _LINK.finditer(line):
        start, end = m.span()
        text, label = m.group(1), m.group(2)
        if (start and (line[start - 1] == "!" or escaped_at(line, start))) or line.count("`", 0, start) % 2:
            continue
        if label is None and line[end : end + 1] in ("(", "["):  # an inline link, or "[text] [label]"-like
            continue
        if text.startswith("^"):
            continue
        got = defs.get(label_key(label or text))
        if got is not None:
            out.append((start, end, text, got[0], got[1]))
    return tuple(out)


def cited_by_links(line: str, citations: tuple[RawCitation, ...], uses: tuple[LinkUse, ...]) -> tuple[RawCitation, ...]:
    """The line's citations with one for each of its links `uses` (`links_to`), in column order: the link as written,
    its label's id and version, and the link's text as the name ("[WrongName][omni]": "WrongName"; a number, "[12]",
    is no name). A link whose text cites an id itself ("[arXiv:2609.11582][omni]") is cited there already."""
    added = []
    for start, end, text, cid, version in uses:
        if any(start < c.column <= end for c in citations):
            continue
        name = None if text.strip().isdigit() else _link_name(text)
        added.append(RawCitation(start + 1, line[start:end], cid, version, name))
    if not added:
        return citations
    return tuple(sorted((*citations, *added), key=_column))


def _column(c: RawCitation) -> int:
    return c.column
