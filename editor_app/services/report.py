"""The publish-ready report: one self-contained HTML file (survey + self-check appendix), Qt-free.

The survey part comes from the user's Markdown and is sanitised with nh3; everything the report adds is built
here from `Analysis` with every value escaped. The same HTML feeds the PDF writer (QTextDocument), so the
markup sticks to what both a browser and Qt's rich-text engine understand (tables for boxes, simple CSS).
"""

from __future__ import annotations

import base64
import html
import re
from datetime import datetime
from urllib.parse import quote

import markdown
import nh3

from editor_app.core.document import SECTION_REF_RE, resolve_section_ref
from editor_app.core.model import Analysis, Claim, PrivacyHit, Reference, RuleResult
from editor_app.formats import publish_blockers

CJK_FONT_STACK = (
    '"Noto Sans CJK SC", "Source Han Sans SC", "WenQuanYi Micro Hei", "PingFang SC", '
    '"Hiragino Sans GB", "Microsoft YaHei", "Noto Sans", sans-serif'
)
MONO_FONT_STACK = '"Noto Sans Mono CJK SC", "DejaVu Sans Mono", "WenQuanYi Micro Hei Mono", monospace'

# What survey Markdown may produce after rendering; anything else (script, style, img, iframe, forms) is dropped.
_SURVEY_TAGS = {
    "p", "br", "hr", "a", "em", "strong", "b", "i", "u", "s", "del", "sup", "sub", "code", "pre", "kbd",
    "blockquote", "ul", "ol", "li", "dl", "dt", "dd", "table", "thead", "tbody", "tr", "th", "td",
    "h1", "h2", "h3", "h4", "h5", "h6", "span",
}
_SURVEY_ATTRIBUTES = {"a": {"href", "title"}, "th": {"align"}, "td": {"align"}, "ol": {"start"}}
_URL_SCHEMES = {"http", "https", "mailto"}

_CAUTION_RE = re.compile("\u26a0\ufe0f?")
_ARXIV_RE = re.compile(r"(?<![\w/.:])(arXiv:)?(\d{4}\.\d{4,5})(v\d+)?(?![\w.]*\d)", re.IGNORECASE)
_TAG_RE = re.compile(r"(<[^>]+>)")
_TABLE_ROW_RE = re.compile(r"^\s{0,3}\|")
_LIST_ITEM_RE = re.compile(r"^\s{0,3}(?:[-*+]|\d{1,3}[.)])\s+\S")
_FENCE_RE = re.compile(r"^\s{0,3}(```|~~~)")
_HASH_NUMBER_RE = re.compile(r"^(\s{0,3}(?:[-*+]\s+|\d{1,3}[.)]\s+)?)#(?=[^#\s])")  # "- #1 …" is not a heading
_HEADING_MARK_RE = re.compile(r"^\s{0,3}#{1,6}\s*|\s+#+\s*$")

_CSS = """
body { font-family: %(cjk)s; font-size: 10.5pt; line-height: 160%%; color: #1d1d1f; margin: 0 auto;
       max-width: 60em; padding: 1.5em; }
h1 { font-size: 19pt; margin: 0.2em 0 0.4em 0; }
h2 { font-size: 14pt; margin: 1.2em 0 0.4em 0; border-bottom: 1px solid #c8ccd2; }
h3 { font-size: 12pt; margin: 1em 0 0.3em 0; }
h4, h5, h6 { font-size: 11pt; margin: 0.8em 0 0.3em 0; }
p { margin: 0.35em 0; }
a { color: #0b57a4; text-decoration: none; }
table { border-collapse: collapse; margin: 0.5em 0; }
th, td { border: 1px solid #b8bec7; padding: 3px 5px; vertical-align: top; font-size: 9pt; line-height: 135%%; }
th { background-color: #eef1f5; font-weight: bold; }
pre, code { font-family: %(mono)s; font-size: 9pt; }
pre { background-color: #f6f8fa; margin: 0; white-space: pre-wrap; line-height: 125%%; }
pre.source { font-size: 7.5pt; }
.caution { color: #8a4b00; background-color: #fff1c2; font-weight: bold; }
.doc-header { color: #3a3f47; }
.survey-footer { color: #3a3f47; font-size: 9.5pt; border-top: 1px solid #c8ccd2; margin-top: 1em; }
.summary { border: 2px solid #b3261e; background-color: #fdecea; margin: 0.8em 0; width: 100%%; }
.summary.clean { border-color: #1e7b34; background-color: #e7f5ea; }
.summary.unmeasured { border-color: #a35200; background-color: #fff4e0; }
.summary td { border: none; padding: 8px 12px; }
.toc ul { list-style: none; padding-left: 1.2em; margin: 0.1em 0; }
.toc { font-size: 10pt; }
.pass { color: #1e7b34; font-weight: bold; }
.fail { color: #b3261e; font-weight: bold; }
.warn { color: #a35200; font-weight: bold; }
.muted { color: #6b7280; }
.num { text-align: right; }
td.verdict { white-space: nowrap; }
.appendix { page-break-before: always; }
.chart { margin: 0.8em 0 0.1em 0; line-height: 100%%; }
.caption { font-size: 9.5pt; color: #3a3f47; margin: 0 0 0.8em 0; }
.meta { font-size: 9pt; color: #6b7280; }
@page { size: A4; margin: 16mm; }
@media print { body { max-width: none; padding: 0; } }
""" % {"cjk": CJK_FONT_STACK, "mono": MONO_FONT_STACK}


def _masked_private_data(lines: list[str], analysis: Analysis) -> list[str]:
    """The survey as published: every private-data hit replaced by its mask, as page 1 shows it."""
    out = list(lines)
    for hit in sorted(analysis.privacy, key=lambda h: (h.line, -h.column)):  # right to left within a line
        i = hit.line - 1
        if 0 <= i < len(out):
            line = out[i]
            start = hit.column - 1
            out[i] = line[:start] + hit.masked + line[start + hit.length :]
    return out


def build_report_html(
    analysis: Analysis,
    text: str,
    *,
    pack_name: str,
    pack_source: str,
    charts: list[tuple[str, bytes]] | tuple = (),
    generated_at: datetime | None = None,
) -> str:
    """The whole report as one HTML string: summary box, contents, the survey, then the self-check appendix."""
    when = generated_at or datetime.now().astimezone()
    lines = _masked_private_data(text.split("\n"), analysis)
    title = _document_title(lines)
    headings = _section_headings(analysis, lines)
    first = next((i + 1 for i, line in enumerate(lines) if line.strip()), None)
    # A survey that opens with a heading ("# Title") shows it once, as the report's title, keeping its anchor.
    title_anchor = next((h.anchor for h in headings if h.line == first), "survey-title")
    body = _render_survey(analysis, lines, headings, skip_line=first)
    appendix_toc = [
        ("appendix-self-check", "A. Self-check (every rule)"),
        ("appendix-claims", "B. Claims audit"),
        ("appendix-references", "C. References and verification"),
        ("appendix-figures", "D. Engine figures"),
        ("appendix-privacy", "E. Private-data scan"),
        ("appendix-pack", "F. Rule pack and generation"),
    ]
    parts = [
        "<!DOCTYPE html>",
        '<html lang="zh-CN">',
        "<head>",
        '<meta charset="utf-8">',
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; img-src data:; "
        "style-src 'unsafe-inline'\">",
        '<meta name="generator" content="Survey Editor">',
        f"<title>{_e(title)}</title>",
        f"<style>{_CSS}</style>",
        "</head>",
        "<body>",
        f'<h1 id="{title_anchor}">{_decorate(_e(title))}</h1>',
        f'<p class="meta">Survey report · rule pack {_e(pack_name)} · generated {_e(_format_time(when))}</p>',
        _summary_box(analysis),
        _toc(headings, appendix_toc),
        "<hr>",
        '<div class="survey">',
        body,
        "</div>",
        '<div class="appendix">',
        '<h2 id="appendix">Appendix</h2>',
        _rules_table(analysis.rules),
        _claims_table(analysis.claims),
        _references_table(analysis.references),
        _figures_part(analysis, list(charts)),
        _privacy_table(analysis.privacy),
        _pack_part(pack_name, pack_source, when, analysis),
        "</div>",
        "</body>",
        "</html>",
    ]
    return "\n".join(parts)


# ---- the survey ---------------------------------------------------------------------------------------------


class _Heading:
    __slots__ = ("line", "level", "anchor", "text", "key")

    def __init__(self, line: int, level: int, anchor: str, text: str, key: str) -> None:
        self.line, self.level, self.anchor, self.text, self.key = line, level, anchor, text, key


def _document_title(lines: list[str]) -> str:
    """The survey's own title: its first non-empty line (the house header's title line, or "# Title")."""
    for line in lines:
        if line.strip():
            return _strip_heading_marks(line)
    return "Survey report"


def _strip_heading_marks(line: str) -> str:
    return _HEADING_MARK_RE.sub("", line.strip()).strip()


def _section_headings(analysis: Analysis, lines: list[str]) -> list[_Heading]:
    """Every section heading the engine found, as it is written, with a unique anchor from its key."""
    seen_lines: set[int] = set()
    used: set[str] = set()
    out: list[_Heading] = []
    for sm in sorted(analysis.sections, key=lambda s: s.section.line):
        sec = sm.section
        if not 1 <= sec.line <= len(lines) or sec.line in seen_lines:
            continue
        seen_lines.add(sec.line)
        base = "sec-" + (re.sub(r"[^0-9A-Za-z]+", "-", sec.key).strip("-") or str(sec.line))
        anchor, n = base, 2
        while anchor in used:
            anchor, n = f"{base}-{n}", n + 1
        used.add(anchor)
        shown = _strip_heading_marks(lines[sec.line - 1]) or f"{sec.number} {sec.title}".strip()
        out.append(_Heading(sec.line, max(1, sec.level), anchor, shown, sec.key))
    return out


def _render_survey(analysis: Analysis, lines: list[str], headings: list[_Heading], *, skip_line: int | None) -> str:
    """The survey text as HTML: header, numbered headings with anchors, Markdown blocks, the footer line.

    skip_line is the title line, already shown at the top of the report."""
    heading_at = {h.line: h for h in headings}
    anchors = {h.key: h.anchor for h in headings}
    footer = analysis.footer_line if analysis.footer_line and 1 <= analysis.footer_line <= len(lines) else None
    line_mode = _uses_line_blocks(lines)
    md = markdown.Markdown(
        extensions=["tables", "sane_lists", "fenced_code"],
        extension_configs={"tables": {"use_align_attribute": True}},
    )
    out: list[str] = []
    chunk: list[str] = []
    in_header = bool(analysis.header_lines)

    def flush() -> None:
        if chunk:
            rendered = _markdown_block(md, chunk, line_mode, anchors)
            if rendered:
                css = ' class="doc-header"' if in_header else ""
                out.append(f"<div{css}>{rendered}</div>")
            chunk.clear()

    for number, line in enumerate(lines, start=1):
        if number == skip_line:
            continue
        heading = heading_at.get(number)
        if heading is not None:
            flush()
            in_header = False
            level = min(6, heading.level + 1)
            out.append(f'<h{level} id="{heading.anchor}">{_decorate(_e(heading.text))}</h{level}>')
            continue
        if number == footer:
            flush()
            in_header = False
            out.append(f'<p class="survey-footer">{_decorate(_inline(line), anchors)}</p>')
            continue
        chunk.append(line)
    flush()
    return "\n".join(out)


def _uses_line_blocks(lines: list[str]) -> bool:
    """House surveys write one block per line with no blank lines; hard-wrapped Markdown has blank separators."""
    non_empty = sum(1 for line in lines if line.strip())
    blank = len(lines) - non_empty
    return non_empty > 0 and blank * 10 < non_empty


def _markdown_source(chunk: list[str], line_mode: bool) -> str:
    """Blank lines where Markdown needs them: around tables and lists, and between lines in line mode."""
    out: list[str] = []
    prev = "blank"
    fenced = False
    for line in chunk:
        if _FENCE_RE.match(line):
            if not fenced and prev != "blank":
                out.append("")
            out.append(line)
            fenced = not fenced
            prev = "fence" if fenced else "text"
            continue
        if fenced:
            out.append(line)
            continue
        if not line.strip():
            out.append("")
            prev = "blank"
            continue
        kind = "table" if _TABLE_ROW_RE.match(line) else "list" if _LIST_ITEM_RE.match(line) else "text"
        line = _HASH_NUMBER_RE.sub(r"\1\\#", line)
        if prev != "blank" and (kind != prev or (kind == "text" and line_mode)):
            if not (kind == "text" and prev == "list" and not line_mode):
                out.append("")
        out.append(line)
        prev = kind
    return "\n".join(out)


def _markdown_block(md: markdown.Markdown, chunk: list[str], line_mode: bool, anchors: dict[str, str]) -> str:
    source = _markdown_source(chunk, line_mode)
    if not source.strip():
        return ""
    md.reset()
    rendered = _sanitise(md.convert(source))
    return _decorate(rendered, anchors)


def _inline(line: str) -> str:
    """One line rendered as inline Markdown (no surrounding paragraph), sanitised."""
    rendered = _sanitise(markdown.markdown(line.strip()))
    return re.sub(r"^<p>|</p>$", "", rendered.strip())


def _sanitise(fragment: str) -> str:
    return nh3.clean(
        fragment,
        tags=_SURVEY_TAGS,
        attributes=_SURVEY_ATTRIBUTES,
        url_schemes=_URL_SCHEMES,
        link_rel="noopener noreferrer",
        clean_content_tags={"script", "style"},
    )


def _decorate(fragment: str, anchors: dict[str, str] | None = None) -> str:
    """Make ⚠️ markers stand out, link arXiv ids and section references ("§三.1") to their targets; text only
    (never tags, never inside links or code)."""
    out: list[str] = []
    skip = 0
    for piece in _TAG_RE.split(fragment):
        if piece.startswith("<"):
            tag = piece[1:].split(None, 1)[0].rstrip(">").lower() if len(piece) > 2 else ""
            if tag in ("a", "code", "pre"):
                skip += 1
            elif tag in ("/a", "/code", "/pre"):
                skip = max(0, skip - 1)
            out.append(piece)
            continue
        if not skip:
            piece = _ARXIV_RE.sub(_arxiv_link, piece)
            if anchors:
                piece = _link_section_refs(piece, anchors)
        out.append(_CAUTION_RE.sub('<span class="caution">\u26a0\ufe0f</span>', piece))
    return "".join(out)


def _link_section_refs(text: str, anchors: dict[str, str]) -> str:
    def link(m: re.Match[str]) -> str:
        # "§4" alone usually cites another work ("W37 §4", "arXiv:… §3"); the survey's own are §0, §三, §3.1.
        if m.group(1).isdigit() and m.group(1) != "0" and not m.group(2):
            return m.group(0)
        key = resolve_section_ref(m.group(0))
        anchor = anchors.get(key) if key else None
        return f'<a href="#{anchor}">{m.group(0)}</a>' if anchor else m.group(0)

    # Only outside arXiv links just made: split again on tags so "<a …>arXiv:…</a>" stays whole.
    parts = _TAG_RE.split(text)
    inside = 0
    for i, part in enumerate(parts):
        if part.startswith("<a "):
            inside += 1
        elif part == "</a>":
            inside -= 1
        elif not part.startswith("<") and not inside:
            parts[i] = SECTION_REF_RE.sub(link, part)
    return "".join(parts)


def _arxiv_link(m: re.Match[str]) -> str:
    return f'<a href="{_abs_url(m.group(2))}">{m.group(0)}</a>'


def _abs_url(arxiv_id: str) -> str:
    return "https://arxiv.org/abs/" + quote(arxiv_id, safe="/.-")


# ---- summary and contents -------------------------------------------------------------------------------------


def _summary_box(analysis: Analysis) -> str:
    """The first-page verdict: failing error-level rules and private-data hits, or a plain 'clean'."""
    failing = publish_blockers(analysis)  # a scope that matches nothing blocks too, as the CLI's exit code says
    privacy = list(analysis.privacy)
    rules = analysis.rules
    unmeasured = [r for r in rules if r.status == "not-measured" and r.level == "error"]
    counts = {s: sum(1 for r in rules if r.status == s) for s in ("pass", "fail", "not-measured", "no-match")}
    notes = sum(1 for r in rules if r.status == "fail" and r.level == "info")  # a note, as the window says
    counts["fail"] -= notes
    warnings = sum(1 for r in rules if r.status == "fail" and r.level == "warning")
    checked = [c for c in analysis.claims if c.ok is not None]
    wrong = sum(1 for c in checked if c.wrong)
    silenced = sum(1 for c in checked if c.silenced)
    verified = sum(1 for r in analysis.references if r.status == "verified")
    tally = (
        f"Rules: {counts['pass']} pass · {counts['fail']} fail ({counts['fail'] - warnings} error, {warnings} warning)"
        + (f" · {notes} note" if notes else "") +
        f" · {counts['not-measured']} not measured · {counts['no-match']} no match. "
        f"Self-stated figures: {len(checked) - wrong - silenced} agree, {wrong} disagree"
        + (f", {silenced} disagree but are silenced inline" if silenced else "") + ". "
        f"References: {len(analysis.references)} ({verified} verified)."
    )
    if not failing and not privacy and unmeasured:  # not "Clean": these rules were never checked
        listed = "".join(f"<li><b>{_e(r.id)}</b> {_e(r.title)}" + (f": {_e(r.note)}" if r.note else "") + "</li>"
                         for r in unmeasured)
        inner = (
            '<p><span class="warn">Not fully checked.</span> No error-level rule fails and the private-data scan '
            f"found nothing, but {len(unmeasured)} error-level rule(s) could not be measured:</p><ul>{listed}</ul>"
            f'<p class="muted">{_e(tally)}</p>'
        )
        return f'<table class="summary unmeasured" id="summary"><tr><td>{inner}</td></tr></table>'
    if not failing and not privacy:
        inner = (
            '<p><span class="pass">Clean.</span> Every error-level rule passes and the private-data scan found '
            "nothing.</p>"
            f'<p class="muted">{_e(tally)}</p>'
        )
        return f'<table class="summary clean" id="summary"><tr><td>{inner}</td></tr></table>'
    items: list[str] = []
    if failing:
        items.append(f'<p class="fail">{len(failing)} error-level rule(s) fail:</p><ul>')
        for r in failing:
            if r.status == "no-match":
                items.append(f"<li><b>{_e(r.id)}</b> {_e(r.title)}: nothing to check — {_e(r.note or r.scope)}</li>")
                continue
            line = r.where()[0]
            where = f" (line {line})" if line else ""
            items.append(
                f"<li><b>{_e(r.id)}</b> {_e(r.title)}: measured {_e(_fmt(r.measured))}, "
                f"limit {_e(r.limit or '—')}{_e(where)}</li>"
            )
        items.append("</ul>")
    if privacy:
        items.append(f'<p class="fail">{len(privacy)} private-data hit(s):</p><ul>')
        for h in privacy:
            items.append(f"<li>{_e(h.dimension)} at line {h.line}:{h.column} — <code>{_e(h.masked)}</code></li>")
        items.append("</ul>")
    inner = (
        '<p><span class="fail">Not ready to publish.</span> The survey breaks its own rules:</p>'
        + "".join(items)
        + f'<p class="muted">{_e(tally)}</p>'
    )
    return f'<table class="summary" id="summary"><tr><td>{inner}</td></tr></table>'


def _toc(headings: list[_Heading], appendix: list[tuple[str, str]]) -> str:
    """Nested contents list from the section levels, followed by the appendix parts."""
    out = ['<div class="toc" id="contents"><h2>Contents</h2>', "<ul>"]
    depth = 1
    for h in headings:
        level = max(1, h.level)
        while depth < level:
            out.append("<ul>")
            depth += 1
        while depth > level:
            out.append("</ul>")
            depth -= 1
        out.append(f'<li><a href="#{h.anchor}">{_e(h.text)}</a></li>')
    while depth > 1:
        out.append("</ul>")
        depth -= 1
    out.append('<li><a href="#appendix">Appendix</a></li><ul>')
    out.extend(f'<li><a href="#{anchor}">{_e(label)}</a></li>' for anchor, label in appendix)
    out.append("</ul></ul></div>")
    return "\n".join(out)


# ---- the appendix ---------------------------------------------------------------------------------------------


def _rules_table(rules: list[RuleResult]) -> str:
    rows = []
    for r in rules:
        where = f"{r.level} · {r.scope or 'document'}"
        note = f'<br><span class="muted">{_e(r.note)}</span>' if r.note else ""
        rows.append(
            "<tr>"
            f'<td><b>{_e(r.id)}</b> {_e(r.title)}<br><span class="muted">{_e(where)}</span>{note}</td>'
            f'<td class="num">{_e(_fmt(r.measured))}</td>'
            f"<td>{_e(r.limit or '—')}</td>"
            f"<td>{_status(r.status, r.level)}</td>"
            f"<td>{_e(str(r.where()[0] or ''))}</td>"
            "</tr>"
        )
    if not rows:
        rows.append('<tr><td colspan="5" class="muted">The rule pack has no rules.</td></tr>')
    return (
        '<h3 id="appendix-self-check">A. Self-check (every rule)</h3>'
        '<table class="rules" width="100%"><thead><tr><th width="46%">Rule</th><th width="20%">Measured</th>'
        '<th width="15%">Limit</th><th width="12%">Status</th><th width="7%">Line</th></tr></thead><tbody>'
        + "".join(rows)
        + "</tbody></table>"
    )


def _claims_table(claims: list[Claim]) -> str:
    rows = []
    for c in claims:
        verdict = {True: '<span class="pass">agrees</span>', False: '<span class="fail">disagrees</span>'}.get(
            c.ok, '<span class="muted">not measured</span>'
        ) if not c.silenced else '<span class="muted">disagrees<br>(silenced inline)</span>'
        stated = c.value_text or _fmt(c.claimed)
        rows.append(
            "<tr>"
            f"<td>{_e(c.metric)}<br><span class=\"muted\">{_e(c.kind)} · {_e(c.scope)}</span></td>"
            f"<td>{_decorate(_e(c.text))}</td>"
            f'<td class="num">{_e(stated)}</td>'
            f'<td class="num">{_e(_fmt(c.measured))}</td>'
            f'<td class="verdict">{verdict}</td>'
            f"<td>{c.line}</td>"
            f"<td>{_e(c.message)}</td>"
            "</tr>"
        )
    if not rows:
        rows.append('<tr><td colspan="7" class="muted">The survey states no figures about itself.</td></tr>')
    return (
        '<h3 id="appendix-claims">B. Claims audit</h3>'
        '<table class="claims" width="100%"><thead><tr><th width="14%">Metric</th><th width="28%">As written</th>'
        '<th width="11%">Claimed</th><th width="12%">Measured</th><th width="11%">Verdict</th><th width="6%">Line</th>'
        '<th width="18%">Note</th></tr></thead><tbody>' + "".join(rows) + "</tbody></table>"
    )


_DETAIL_KEYS = ("title", "authors", "published", "updated", "primary_category", "latest_version", "checked_at")


def _references_table(references: list[Reference]) -> str:
    rows = []
    for r in references:
        ident = r.id + (r.version or "")
        link = _e(ident) if r.status == "malformed" else f'<a href="{_e(_abs_url(r.id))}">{_e(ident)}</a>'
        stated = " · ".join(x for x in (r.stated_date, r.stated_category) if x)
        rows.append(
            "<tr>"
            f"<td>{link}</td>"
            f"<td>{_e(', '.join(getattr(r, 'names', None) or ([r.name] if r.name else [])))}</td>"
            f"<td>{_e(stated)}</td>"
            f"<td>{_reference_status(r.status)}</td>"
            f"<td>{_details(r)}</td>"
            f"<td>{_e(', '.join(str(n) for n in r.lines))}</td>"
            "</tr>"
        )
    if not rows:
        rows.append('<tr><td colspan="6" class="muted">No arXiv references found.</td></tr>')
    return (
        '<h3 id="appendix-references">C. References and verification</h3>'
        '<table class="references" width="100%"><thead><tr><th width="17%">arXiv</th>'
        '<th width="16%">Name in survey</th>'
        '<th width="14%">Stated</th><th width="12%">Verdict</th><th width="25%">Details</th><th width="16%">Lines</th>'
        "</tr></thead><tbody>" + "".join(rows) + "</tbody></table>"
    )


def _details(r: Reference) -> str:
    bits = []
    if r.problem:
        bits.append(_e(r.problem))
    keys = [k for k in _DETAIL_KEYS if k in r.details] + [
        k for k in r.details if k not in _DETAIL_KEYS and k != "status"
    ]
    for key in keys:
        value = r.details[key]
        if value in (None, "", [], {}) or value is False:  # "cached: False" told a reader only Python's word
            continue
        if value is True:
            value = "yes"
        if isinstance(value, (list, tuple)):
            value = ", ".join(str(v) for v in value)
        bits.append(f'<span class="muted">{_e(key)}:</span> {_e(value)}')
    return "<br>".join(bits)


def _reference_status(status: str) -> str:
    css = "pass" if status == "verified" else "muted" if status == "unverified" else "fail"
    return f'<span class="{css}">{_e(status)}</span>'


def _figures_part(analysis: Analysis, charts: list[tuple[str, bytes]]) -> str:
    out = ['<h3 id="appendix-figures">D. Engine figures</h3>']
    for caption, png in charts:
        data = base64.b64encode(png).decode("ascii")
        out.append(
            f'<p class="chart"><img src="data:image/png;base64,{data}" alt="{_e(caption)}" width="600"></p>'
            f'<p class="caption">{_e(caption)}</p>'
        )
    rows = []
    for g in analysis.figures:
        label = f"{g.metric} · {g.label}" if g.label and g.label != g.metric else g.metric
        values = " vs ".join(
            f"{v.engine} {'~' if v.approx else ''}{v.text or _fmt(v.value)}" for v in g.values
        )
        rows.append(
            f"<tr><td>{_e(label)}</td><td>{_e(g.unit)}</td><td>{_e(g.hardware or '')}</td>"
            f"<td>{_e(values)}</td><td>{g.line}</td></tr>"
        )
    if rows:
        out.append(
            '<table class="figures" width="100%"><thead><tr><th width="20%">Metric</th><th width="9%">Unit</th>'
            '<th width="11%">Hardware</th><th width="52%">Values</th><th width="8%">Line</th></tr></thead><tbody>'
            + "".join(rows)
            + "</tbody></table>"
        )
    else:
        out.append('<p class="muted">The survey states no engine figures.</p>')
    return "\n".join(out)


def _privacy_table(hits: list[PrivacyHit]) -> str:
    head = '<h3 id="appendix-privacy">E. Private-data scan</h3>'
    if not hits:
        return head + '<p class="pass">No hits in any dimension (IP, secret, name, path, organisation).</p>'
    rows = "".join(
        f"<tr><td>{_e(h.dimension)}</td><td>{h.line}:{h.column}</td><td><code>{_e(h.masked)}</code></td></tr>"
        for h in hits
    )
    return (
        head
        + '<table class="privacy" width="100%"><thead><tr><th>Dimension</th><th>Where</th><th>Masked</th></tr></thead>'
        f"<tbody>{rows}</tbody></table>"
    )


def _pack_part(pack_name: str, pack_source: str, when: datetime, analysis: Analysis) -> str:
    source = pack_source.strip() or "(the pack's source is not available)"
    file_line = f"<p>Survey file: <code>{_e(analysis.file)}</code></p>" if analysis.file else ""
    return (
        '<h3 id="appendix-pack">F. Rule pack and generation</h3>'
        f"<p>Rule pack: <b>{_e(pack_name)}</b> · generated {_e(_format_time(when))}</p>"
        f'{file_line}<pre class="source">{_e(source)}</pre>'
    )


# ---- small formatting helpers ---------------------------------------------------------------------------------


def _status(status: str, level: str) -> str:
    if status == "pass":
        return '<span class="pass">✓ pass</span>'
    if status == "fail" and level == "info":
        return '<span class="muted">ℹ note</span>'
    if status == "fail":
        css = "fail" if level == "error" else "warn"
        return f'<span class="{css}">✗ fail</span>'
    return f'<span class="muted">{_e(status)}</span>'


def _fmt(value: object) -> str:
    """Numbers the way the surveys write them: 3,838; 0.67; text as is; '—' when nothing was measured."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)):
        return " / ".join(_fmt(v) for v in value)
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, float):
        if value.is_integer():
            return f"{int(value):,}"
        if abs(value) >= 1:
            return f"{value:,.2f}".rstrip("0").rstrip(".")
        return f"{value:.4g}"
    return str(value)


def _format_time(when: datetime) -> str:
    return when.isoformat(sep=" ", timespec="seconds")


def _e(value: object) -> str:
    return html.escape(str(value), quote=True)
