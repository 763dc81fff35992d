"""Private data kept out of what the analysis quotes from a line: a figure's sentence and engine names, a paper's
name, a heading's title, a self-reported figure's text, the text a forbidden pattern matched.

Those quotes reach the Figures tooltips, the References and Self-check tables, the outline, `survey-check --format
json`, the report's appendix and the history database, none of which shows the line itself: each private-data hit
on the line is replaced there by its mask, as the privacy findings show it. Only lines with a hit are touched.
The lines themselves as published (the report's survey, its pack, a file name it prints) are masked by
`masked_lines` / `masked_line`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Iterable, Sequence

from .model import PrivacyHit

_SHORTEST_TAIL = 3  # a quote opening with the last characters of a hit (cut before it): this many or more


def masked_line(line: str, hits: Iterable[PrivacyHit], hide: str = "*") -> str:
    """The line with each of its hits replaced by its mask, right to left (a mask is not as long as its text);
    `hide` stands for the mask's "*" (the report's Markdown takes "＊", which it leaves as it is)."""
    for h in sorted(hits, key=lambda h: -h.column):
        start = h.column - 1
        line = line[:start] + (h.masked if hide == "*" else h.masked.replace("*", hide)) + line[start + h.length:]
    return line


def masked_lines(lines: Sequence[str], hits: Iterable[PrivacyHit], hide: str = "*") -> list[str]:
    """The lines with their hits masked (`masked_line`), each hit on the line it names (from 1); one naming no line
    of them is left out."""
    by_line: dict[int, list[PrivacyHit]] = {}
    for h in hits:
        by_line.setdefault(h.line - 1, []).append(h)
    out = list(lines)
    for i, on_line in by_line.items():
        if 0 <= i < len(out):
            out[i] = masked_line(out[i], on_line, hide)
    return out


def hidden_texts(line: str, hits: Sequence[PrivacyHit]) -> list[tuple[str, str, int]]:
    """(the private text as written, its mask, how many leading characters the mask shows) for each hit; a text
    with runs of white space also as a quote collapses it ("Chen  Siyuan" -> "Chen Siyuan")."""
    out = []
    for h in hits:
        written = line[h.column - 1:h.column - 1 + h.length]
        shown = len(h.masked.rstrip("*"))
        out.append((written, h.masked, shown))
        collapsed = " ".join(written.split())
        if collapsed != written:
            out.append((collapsed, h.masked, shown))
    return out


def mask_excerpt(excerpt: str, hidden: list[tuple[str, str, int]]) -> str:
    """The excerpt with every private text in it masked, also where the excerpt was cut inside one (a sentence
    shortened to its first 240 characters ends with the start of a key)."""
    for written, masked, shown in hidden:
        if written in excerpt:
            excerpt = excerpt.replace(written, masked)
        # (a mask already there is no cut hit: "-----BEGIN PRIVATE KEY-----" ends as its mask "----****" opens, and
        # masking a masked title again lengthened it at each pass)
        for k in range(len(written) - 1, shown, -1):  # ends with more of its start than the mask shows
            if excerpt.endswith(written[:k]) and not excerpt.endswith(masked):
                excerpt = excerpt[:-k] + masked
                break
        for k in range(len(written) - 1, _SHORTEST_TAIL - 1, -1):  # opens with its end
            if excerpt.startswith(written[-k:]) and not excerpt.startswith(masked):
                excerpt = masked + excerpt[k:]
                break
    return excerpt


def masked_quotes(line: str, hits: Sequence[PrivacyHit], heading: Any, citations: tuple, figures: tuple,
                  claims: tuple) -> tuple[Any, tuple, tuple, tuple]:
    """The line's heading, citations, figures and claims with the private data in their quoted texts masked."""
    hidden = hidden_texts(line, hits)

    def m(text: str | None) -> str | None:
        return mask_excerpt(text, hidden) if text else text

    if heading is not None and heading.title:
        heading = replace(heading, title=m(heading.title))
    citations = tuple(replace(c, name=m(c.name)) if c.name else c for c in citations)
    figures = tuple(
        replace(g, sentence=m(g.sentence), label=m(g.label),
                values=[replace(v, engine=m(v.engine)) for v in g.values])
        for g in figures
    )
    claims = tuple(replace(c, text=m(c.text)) for c in claims)
    return heading, citations, figures, claims


def masked_matches(line: str, hits: Sequence[PrivacyHit], matches: tuple) -> tuple:
    """A line's forbidden-pattern matches, (column, text) per rule, with the private data in their texts masked."""
    hidden = hidden_texts(line, hits)
    return tuple(tuple((c, mask_excerpt(t, hidden)) for c, t in per_rule) for per_rule in matches)


def masked_titles(outline: Any, lines: list[str], facts: list) -> Any:
    """The outline with private data masked in the titles it took from the lines themselves (a setext heading's
    title is the line above its underline, which the line's own facts do not quote)."""
    sections = outline.sections  # (built just now for this pass: changed in place)
    for k, s in enumerate(sections):
        hits = facts[s.line - 1].privacy if 0 < s.line <= len(facts) else ()
        if hits and s.title:
            sections[k] = replace(s, title=mask_excerpt(s.title, hidden_texts(lines[s.line - 1], hits)))
    return outline
