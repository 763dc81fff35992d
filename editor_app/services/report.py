"""The publish-ready report: one self-contained HTML file (survey + self-check appendix), Qt-free.

The survey part comes from the user's Markdown and is sanitised with nh3; everything the report adds is built
here from `Analysis` with every value escaped. The same HTML feeds the PDF writer (QTextDocument), so the
markup sticks to what both a browser and Qt's rich-text engine understand (tables for boxes, simple CSS).
"""

from __future__ import annotations

import base64
import html
import re
from dataclasses import replace
from datetime import date, datetime
from pathlib import PurePath
from urllib.parse import quote

import markdown
import nh3

from editor_app.core.arxiv_ids import parse_arxiv_id, problem_with
from editor_app.core.document import SECTION_REF_RE, resolve_section_ref
from editor_app.core.figure_check import RULE_ID as CONSISTENCY_RULE
from editor_app.core.figure_places import chart_key, inconsistent_places
from editor_app.core.masked_excerpts import masked_lines
from editor_app.core.model import SUPPRESSION_REFUSED, Analysis, Claim, Finding, PrivacyHit, Reference, RuleResult
from editor_app.core.privacy import config_of_pack, privacy_in_line
from editor_app.core.reference_verdicts import (
    ARXIV_CONTRADICTS,
    cited_as,
    cited_versions,
    mismatched_name,
    shown_statuses,
    status_level,
    status_parts,
)
from editor_app.core.rulepack import RulePack
from editor_app.core.stated_otherwise import disagreement_of, other_line, stated_otherwise_places
from editor_app.core.file_names import printable
from editor_app.core.file_name_privacy import PACK_FILE, SURVEY_FILE, NamedFile, scanned_name
from editor_app.core.pack_origin import PackOrigin, pack_origin
from editor_app.formats import shown_status, verdict
from editor_app.services.report_places import Places, anchors_in, line_anchor, mark_lines
from editor_app.core.document import front_matter_end
from editor_app.services.survey_markdown import (
    Block,
    front_matter_title,
    heading_levels,
    heading_text,
    new_converter,
    survey_blocks,
    title_line,
    uses_line_blocks,
)
from editor_app.wording import ReportWords, claim_figure, claim_place

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
_LINE_ANCHOR_RE = re.compile(r' id="L(\d+)"')
_INLINE_MARKUP_RE = re.compile(r"[*_`\[\]<>&\\!]")  # what inline Markdown reads in a heading

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
td.verdict, td.where { white-space: nowrap; }
table.wrong-figures td, table.wrong-figures th { font-size: 8.5pt; padding: 1px 4px; line-height: 120%%; }
.appendix { page-break-before: always; }
.chart { margin: 0.8em 0 0.1em 0; line-height: 100%%; }
.caption { font-size: 9.5pt; color: #3a3f47; margin: 0 0 0.8em 0; }
.meta { font-size: 9pt; color: #6b7280; }
table.references .why { color: #3a3f47; }
table.references .small { font-size: 7.5pt; color: #6b7280; }
@page { size: A4; margin: 16mm; }
@media print { body { max-width: none; margin: 0; padding: 0; } }
""" % {"cjk": CJK_FONT_STACK, "mono": MONO_FONT_STACK}


def _masked_private_data(lines: list[str], analysis: Analysis) -> list[str]:
    """The survey as published: every private-data hit replaced by its mask, as page 1 shows it. The survey is
    rendered as Markdown, where the mask's "*" would be emphasis ("10******，… /ho********" read as bold, the stars
    gone and the text garbled): here the mask hides with "＊", which Markdown leaves as it is, in code spans too."""
    return masked_lines(lines, analysis.privacy, hide="＊")


def _masked_pack_source(source: str, pack: RulePack | None) -> str:
    """The pack as the report prints it: its own private data masked by its own privacy scan. A team's pack lists
    the very names the survey must not carry (``names = [...]``) and may point to a names file in a home folder."""
    cfg = config_of_pack(pack)
    lines = source.split("\n")
    hits = [replace(h, line=n) for n, line in enumerate(lines, 1) for h in privacy_in_line(line, cfg)]
    return "\n".join(masked_lines(lines, hits))


def build_report_html(
    analysis: Analysis,
    text: str,
    *,
    pack_name: str,
    pack_source: str,
    charts: list[tuple[str, bytes]] | tuple = (),
    generated_at: datetime | None = None,
    language: str = "en",
    pack: RulePack | None = None,
    survey_file: str | None = None,
) -> str:
    """The whole report as one HTML string: summary box, contents, the survey, then the self-check appendix.

    `language` "zh_CN" writes what the report adds in Chinese (with `pack`, its rule titles in the pack's
    `[i18n.zh_CN]` words too); the survey itself is as written. `survey_file`: where the survey lies, when the
    analysis does not say (the window analyses its text without a file): its name is printed, scanned and masked,
    as the analysis' file would be, and tells a pack beside it."""
    say = ReportWords(language, pack)
    when = generated_at or datetime.now().astimezone()
    path = analysis.file or survey_file
    origin = pack_origin(pack, path) if pack is not None else None
    survey_file, pack_file = _named_files(path, pack, origin)
    named = [n for n in (survey_file, pack_file) if n is not None and n.hits]  # counted as private data on page 1
    lines = _masked_private_data(text.split("\n"), analysis)
    first = title_line(lines)  # the line shown as the report's title, once (None: the survey has no title line)
    title = heading_text(_plain(lines[first - 1])) if first else ""
    titled = front_matter_title(lines)  # a front matter's "title: …" titles the report; a title line saying
    if titled:  # something else stays in the survey, where the reader of the file sees it
        first = first if title == titled else None
        title = titled
    if not title:
        title = PurePath(survey_file.masked()).stem if survey_file is not None else say("Survey report")
    pack_shown = pack_name + _origin_words(origin, pack_file, say)
    headings = _section_headings(analysis, lines)
    # A survey that opens with a heading ("# Title") shows it once, as the report's title, keeping its anchor.
    title_anchor = next((h.anchor for h in headings if h.line == first), "survey-title")
    for h in headings:
        if h.line == first:
            h.shown = title
    body, anchors = _render_survey(analysis, lines, headings, skip_line=first)
    if first:
        anchors[first] = title_anchor
    places = Places(analysis, anchors, header=say("header"), footer=say("footer"))
    disagreeing = stated_otherwise_places(analysis)  # (page 1 and appendix B both say them)
    appendix_toc = [(anchor, say(label)) for anchor, label in _APPENDIX]
    parts = [
        "<!DOCTYPE html>",
        f'<html lang="{_language_of(text)}">',
        "<head>",
        '<meta charset="utf-8">',
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; img-src data:; "
        "style-src 'unsafe-inline'\">",
        '<meta name="generator" content="Survey Editor">',
        f'<meta name="page-label" content="{_e(say("p. {n}"))}">',  # the PDF's page numbers (ui/pdf_page_refs.py)
        f"<title>{_e(title)}</title>",
        f"<style>{_CSS}</style>",
        "</head>",
        "<body>",
        f'<h1 id="{title_anchor}">{_decorate(_e(title))}</h1>',
        f'<p class="meta">{_e(say("Survey report · rule pack {pack} · generated {when}", pack=pack_shown, when=_format_time(when)))}</p>',
        _summary_box(analysis, say, places, disagreeing, named),
        _toc(headings, appendix_toc, say),
        "<hr>",
        '<div class="survey">',
        '<a id="survey-start"></a>' + body,
        "</div>",
        '<div class="appendix">',
        f'<h2 id="appendix">{say("Appendix")}</h2>',
        _rules_table(analysis.rules, say, places),
        _claims_table(analysis.claims, say, places, disagreeing, analysis),
        _references_table(analysis.references, say, places),
        _figures_part(analysis, list(charts), say, places),
        _privacy_table(analysis.privacy, say, places, named),
        _pack_part(pack_shown, _masked_pack_source(pack_source, pack), when, survey_file, say),
        "</div>",
        "</body>",
        "</html>",
    ]
    # (The analysis quotes the survey with its private data masked, core/masked_excerpts.py, so the tables, captions
    # and charts built from it are; the survey's own lines are masked above, the pack's source by its own scan.)
    return printable("\n".join(parts))  # (a file name that is not UTF-8 shown with U+FFFD: the report is UTF-8)


def _named_files(path: str | None, pack: RulePack | None,
                 origin: PackOrigin | None) -> tuple[NamedFile | None, NamedFile | None]:
    """The file names the report prints, scanned as the text is: the survey's (at `path`), and the pack's when it is
    not the bundled one (its name only: where it lies, "/home/chen/…", is no reader's business)."""
    survey = scanned_name(SURVEY_FILE, path, pack) if path else None
    own = scanned_name(PACK_FILE, origin.path, pack) if origin is not None and not origin.bundled else None
    return survey, own


def _origin_words(origin: PackOrigin | None, pack_file: NamedFile | None, say: ReportWords) -> str:
    """" (survey-rules.toml beside the survey; not the bundled pack of that name)", "" for the bundled pack: a pack
    beside the survey keeping the house pack's name read as the house pack."""
    if origin is None or origin.bundled or pack_file is None:
        return ""
    name = pack_file.masked()
    if origin.origin == "beside-survey":
        said = say("{file} beside the survey, a hidden file" if name.startswith(".") else "{file} beside the survey",
                   file=name)
    else:
        said = say("from {file}", file=name)
    if origin.shadows:
        said += say("; not the bundled pack of that name")
    return say(" (") + said + say(")")


_APPENDIX = (
    ("appendix-self-check", "A. Self-check (every rule)"),
    ("appendix-claims", "B. Claims audit"),
    ("appendix-references", "C. References and verification"),
    ("appendix-figures", "D. Engine figures"),
    ("appendix-privacy", "E. Private-data scan"),
    ("appendix-pack", "F. Rule pack and generation"),
)


# ---- the survey ---------------------------------------------------------------------------------------------


class _Heading:
    """A section heading: `text` as written (its inline Markdown too), `shown` as the reader sees it once rendered
    (plain text, what the contents list prints)."""

    __slots__ = ("line", "level", "anchor", "text", "key", "shown")

    def __init__(self, line: int, level: int, anchor: str, text: str, key: str) -> None:
        self.line, self.level, self.anchor, self.text, self.key = line, level, anchor, text, key
        self.shown = text


_CJK_RE = re.compile("[\u4e00-\u9fff]")


def _language_of(text: str) -> str:
    """The survey's language, for browsers (which font draws its Latin letters) and screen readers (which voice
    reads it): Chinese when it holds any CJK character."""
    return "zh-CN" if _CJK_RE.search(text) else "en"


def _plain(line: str) -> str:
    """A title line's text as a reader sees it: its inline Markdown (**bold**, [a link](…), `code`) read, not shown."""
    return html.unescape(re.sub(r"<[^>]+>", "", _inline(line)))


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
        shown = heading_text(lines[sec.line - 1]) or f"{sec.number} {sec.title}".strip()
        out.append(_Heading(sec.line, max(1, sec.level), anchor, shown, sec.key))
    return out


def _render_survey(analysis: Analysis, lines: list[str], headings: list[_Heading], *,
                   skip_line: int | None) -> tuple[str, dict[int, str]]:
    """(The survey text as HTML: header, numbered headings with anchors, Markdown blocks, the footer line, read
    as the Preview reads them (services/survey_markdown.py); {survey line: its anchor} for the lines that have one.)

    skip_line is the title line, already shown at the top of the report."""
    heading_at = {h.line: h for h in headings}
    anchors = {h.key: h.anchor for h in headings}
    footer = analysis.footer_line if analysis.footer_line and 1 <= analysis.footer_line <= len(lines) else None
    md = new_converter()
    out: list[str] = []
    in_header = bool(analysis.header_lines)
    levels = heading_levels(analysis, lines)
    hidden = range(1, front_matter_end(lines) + 1)  # the front matter: not shown
    marked, marked_lines = mark_lines(lines, skip=[*levels, footer or 0, skip_line or 0, *hidden])
    places = {n: line_anchor(n) for n in marked_lines}
    title_at = title_line(lines)
    for block in survey_blocks(marked, levels, footer_line=footer,
                               line_mode=uses_line_blocks(lines)):
        if block.kind == "heading":
            if block.line == skip_line:
                continue
            # (a title line the report is not titled by is shown, in the header it opens)
            in_header = in_header and block.line == title_at and block.line not in heading_at
            heading = heading_at.get(block.line)
            rendered = _heading_html(md, block, heading)
            if heading is not None:
                heading.shown = _visible_text(rendered)
                places[block.line] = heading.anchor
            out.append(rendered)
        elif block.kind == "footer":
            in_header = False
            places[block.line] = line_anchor(block.line)
            out.append(f'<p class="survey-footer" id="{line_anchor(block.line)}">'
                       f'{_decorate(_inline(block.text), anchors)}</p>')
        else:
            md.reset()
            rendered = _decorate(anchors_in(_sanitise(md.convert(block.text))), anchors)
            if rendered.strip():
                css = ' class="doc-header"' if in_header else ""
                out.append(f"<div{css}>{rendered}</div>")
    body = "\n".join(out)
    drawn = {int(n) for n in _LINE_ANCHOR_RE.findall(body)}  # (not a line hidden or left out: a note named twice)
    return body, {n: anchor for n, anchor in places.items() if n in drawn or anchor != line_anchor(n)}


def _heading_html(md: markdown.Markdown, block: Block, heading: _Heading | None) -> str:
    """A section heading as the Preview shows it (its inline Markdown read), with its anchor for the contents."""
    text = block.text or (heading.text if heading else "")
    anchor = f' id="{heading.anchor}"' if heading is not None else ""
    if not _INLINE_MARKUP_RE.search(text):  # plain text (most numbered headings): Markdown would only escape it
        return f"<h{block.level}{anchor}>{_decorate(_e(text))}</h{block.level}>"
    md.reset()
    rendered = _sanitise(md.convert("#" * block.level + " " + text)).strip()
    return re.sub(r"^<h(\d)>", lambda m: f"<h{m.group(1)}{anchor}>", _decorate(rendered))


def _visible_text(fragment: str) -> str:
    """What a reader sees of rendered HTML: its text, tags dropped and entities read (escape it again to print it)."""
    return re.sub(r"\s+", " ", html.unescape(_TAG_RE.sub("", fragment))).strip()


def _inline(line: str) -> str:
    """One line rendered as inline Markdown (no surrounding paragraph), sanitised."""
    rendered = _sanitise(new_converter().convert(line.strip()))
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
    if not _can_exist(m.group(2)):  # "arXiv:2613.12345" (month 13): no page on arXiv to lead to
        return m.group(0)
    return f'<a href="{_abs_url(m.group(2))}">{m.group(0)}</a>'


def _can_exist(arxiv_id: str) -> bool:
    """Whether an id is one arXiv can have, as the references' local judgement has it: a malformed or impossible
    one ("impossible id — month 13 does not exist") is never sent to arXiv, and the report links it nowhere."""
    aid = parse_arxiv_id(arxiv_id)
    return aid is not None and problem_with(aid, date.today()) is None


_NO_PAGE = frozenset({"malformed", "impossible id"})  # a reference's local verdicts: no arXiv page to link to


def _abs_url(arxiv_id: str) -> str:
    return "https://arxiv.org/abs/" + quote(arxiv_id, safe="/.-")


# ---- summary and contents -------------------------------------------------------------------------------------


# Why figures were not measured (how many of them are about a place that lost a part: none, some, all).
_AMBIGUOUS_BECAUSE = (", {n} ambiguous (about a section number two headings share)",
                      ", {n} ambiguous (about a section number two headings share, or a place that lost a part)",
                      ", {n} not measured (a part of the place they are about is missing)")


def _summary_box(analysis: Analysis, say: ReportWords | None = None, places: Places | None = None,
                 disagreeing: dict[tuple[int, int], Finding] | None = None, named: list[NamedFile] | tuple = ()) -> str:
    """The first-page verdict: failing error-level rules (and, under them, the failing warnings), the error-level
    findings outside them (each fails the survey for survey-check as a failing rule does) and private-data hits,
    or a plain 'clean'; then what an editor needs before deciding: every wrong self-reported figure (line, claimed, measured), the error-level rules
    that could not be measured, and whether the private-data scan found anything (`named`: the printed file names
    holding private data, which block publishing as a hit in the text does). Each line leads to its place."""
    say = say or ReportWords()
    said = verdict(analysis)  # as survey-check's first line and exit status have it
    failing = list(said.failing_rules)  # a scope that matches nothing blocks too, as the CLI's exit code says
    apart = list(said.apart)  # (a verifiability scope naming a number two headings share, the rule not measured)
    privacy = list(analysis.privacy)
    rules = analysis.rules
    unmeasured = [r for r in rules if r.status == "not-measured" and r.level == "error"]
    # Each rule under its status as the appendix's table and the window's Self-check panel show it: a failing
    # warning-level rule is a warning, not a failure (as the status bar and survey-check's first line count it), and
    # an info-level one a note.
    shown = [shown_status(r) for r in rules]
    counts = {s: shown.count(s) for s in ("pass", "fail", "warning", "note", "not-measured", "no-match")}
    failing_warnings = [r for r, s in zip(rules, shown) if s == "warning"]
    notes = counts["note"]
    checked = [c for c in analysis.claims if c.ok is not None]
    wrong = sum(1 for c in checked if c.wrong)
    silenced = sum(1 for c in checked if c.silenced)
    ambiguous = sum(1 for c in analysis.claims if c.ambiguous and not c.suppressed)
    missing = sum(1 for c in analysis.claims if c.part_missing and not c.suppressed)
    verified = sum(1 for r in analysis.references if r.status == "verified")
    if disagreeing is None:
        disagreeing = stated_otherwise_places(analysis)
    tally = (
        say("Rules: {passed} pass · {failed} fail · {warnings} warning", passed=counts["pass"], failed=counts["fail"],
            warnings=counts["warning"])
        + (say(" · {n} note", n=notes) if notes else "")
        + say(" · {unmeasured} not measured · {nomatch} no match. ", unmeasured=counts["not-measured"],
              nomatch=counts["no-match"])
        + say("Self-stated figures: {agree} agree, {wrong} disagree", agree=len(checked) - wrong - silenced, wrong=wrong)
        # (an estimate is never right, whatever its value: house rule 9)
        + (say(" ({n} stated as estimates)", n=estimates) if (estimates := sum(
            1 for c in checked if c.wrong and c.estimate)) else "")
        + (say(", {n} disagree but are silenced inline", n=silenced) if silenced else "")
        # (what else the claims rule counts: its "13 findings" are 12 wrong figures and 1 stated otherwise)
        + (say(", {n} stated otherwise elsewhere", n=len(disagreeing)) if disagreeing else "")
        + (say(_AMBIGUOUS_BECAUSE[(missing > 0) + (missing == ambiguous)], n=ambiguous) if ambiguous else "")
        + _not_measured_clause(analysis, say)
        + say(". ")
        + say("References: {n} ({verified} verified).", n=len(analysis.references), verified=verified)
    )
    wrong_figures = (_wrong_figures(analysis.claims, say, places, disagreeing)
                     + _stated_otherwise(analysis.claims, say, places, disagreeing)
                     + _contradicted(analysis.references, say, places))
    warned = _warning_rules(failing_warnings, say, places)
    if not failing and not apart and not privacy and not named and unmeasured:  # not "Clean": these rules were never checked
        listed = _unmeasured_items(unmeasured, say, places)
        inner = (
            f'<p><span class="warn">{say("Not fully checked.")}</span> '
            + _e(say("No error-level rule fails and the private-data scan found nothing, but {n} error-level rules "
                     "could not be measured:" if len(unmeasured) > 1 else "No error-level rule fails and the "
                     "private-data scan found nothing, but {n} error-level rule could not be measured:",
                     n=len(unmeasured)))
            + f'</p><ul>{listed}</ul>{warned}{wrong_figures}<p class="muted">{_e(tally)}</p>'
        )
        return f'<table class="summary unmeasured" id="summary"><tr><td>{inner}</td></tr></table>'
    if not failing and not apart and not privacy and not named:
        inner = (
            f'<p><span class="pass">{say("Clean.")}</span> '
            f'{_e(say("Every error-level rule passes and the private-data scan found nothing."))}</p>'
            f'{warned}{wrong_figures}<p class="muted">{_e(tally)}</p>'
        )
        return f'<table class="summary clean" id="summary"><tr><td>{inner}</td></tr></table>'
    items: list[str] = []
    if failing:
        told = say("{n} error-level rules fail:" if len(failing) > 1 else "{n} error-level rule fails:", n=len(failing))
        items.append(f'<p class="fail">{_e(told)}</p><ul>{_failing_items(failing, say, places)}</ul>')
    if apart:
        told = say("{n} error-level findings fail, though their rules do not:" if len(apart) > 1 else
                   "{n} error-level finding fails, though its rule does not:", n=len(apart))
        items.append(f'<p class="fail">{_e(told)}</p><ul>{_finding_items(apart, say, places)}</ul>')
    items.append(warned)
    if privacy:
        told = say("{n} private-data hits:" if len(privacy) > 1 else "{n} private-data hit:", n=len(privacy))
        items.append(f'<p class="fail">{_e(told)}</p><ul>')
        for h in privacy:
            at = say("{dimension} at line {line}:{column}", dimension=say.engine(h.dimension), line=h.line,
                     column=h.column)
            if places is not None and places.href(h.line):
                at_html = f'<a href="{places.href(h.line)}">{_e(at + _section_suffix(h.line, say, places))}</a>'
            else:
                at_html = _e(at)
            items.append(f"<li>{at_html} — <code>{_e(h.masked)}</code></li>")
        items.append("</ul>")
    for n in named:
        told = say("The file name holds private data ({dimensions}):" if n.what == SURVEY_FILE else
                   "The rule pack's file name holds private data ({dimensions}):",
                   dimensions=", ".join(say.engine(d) for d in n.dimensions().split(", ")))
        items.append(f'<p class="fail">{_e(told)} <code>{_e(n.masked())}</code></p>')
    if not privacy and not named:
        items.append(f'<p><span class="pass">{_e(say("No private data found"))}</span>'
                     f'{_e(say(" (IP, secret, name, path, organisation)."))}</p>')
    items.append(_unmeasured_rules(unmeasured, say, places))
    inner = (
        f'<p><span class="fail">{say("Not ready to publish.")}</span> {_e(say("The survey breaks its own rules:"))}</p>'
        + "".join(items)
        + wrong_figures
        + f'<p class="muted">{_e(tally)}</p>'
    )
    return f'<table class="summary" id="summary"><tr><td>{inner}</td></tr></table>'


def _not_measured(claims: list[Claim]) -> list[Claim]:
    """The figures nothing measured, neither right nor wrong nor ambiguous: a stated verifiability before arXiv
    verification, a GitHub count no counter of the pack measures (on a line the claims rule is silenced on too:
    silencing it judges nothing)."""
    return [c for c in claims if c.ok is None and not c.ambiguous]


def _not_measured_clause(analysis: Analysis, say: ReportWords) -> str:
    """", 9 not measured (verifiability % ×6: 5 main citations; run arXiv verification to measure · GitHub
    verified (stated only) ×3: no counter of the rule pack measures it)": how many, of which figure, and why."""
    unmeasured = _not_measured(analysis.claims)
    if not unmeasured:
        return ""
    groups: dict[tuple[str, str], int] = {}
    for c in unmeasured:
        key = (say.engine(claim_figure(c)), _why_not_measured(c, analysis, say))
        groups[key] = groups.get(key, 0) + 1
    why = " · ".join(say("{figure} ×{n}: {why}" if n > 1 else "{figure}: {why}", figure=figure, n=n, why=reason)
                     for (figure, reason), n in groups.items())
    return say(", {n} not measured ({why})", n=len(unmeasured), why=why)


_NOT_MEASURED_SAID = (", not measured: ", "，未测量：")  # where a claim's message says why, in either language


def _why_not_measured(c: Claim, analysis: Analysis, say: ReportWords) -> str:
    """Why a figure was not measured: its own message's reason when it gives one (the engine's words), else what
    the report knows: the verifiability rule's note (before arXiv verification: "5 main citations; run arXiv
    verification to measure"), or that nothing in the pack counts the figure."""
    if c.message:
        told = say.engine(c.message)
        for said in _NOT_MEASURED_SAID:
            if said in told:
                return told.rsplit(said, 1)[1]
        return told
    if c.metric == "verifiability":
        rule = next((r for r in analysis.rules if r.kind == "verifiability"), None)
        if rule is None:
            return say("the rule pack has no verifiability rule")
        return say.engine(rule.note) if rule.note else say("the verifiability rule measured nothing")
    return say("no counter of the rule pack measures it")


def _at_line(line: int | None, say: ReportWords, places: Places | None, *, section: bool = True) -> str:
    """"line 94 · §8.2" as HTML, a link to the line in the survey (when the report has places)."""
    if not line:
        return ""
    told = _e(say("line {line}", line=line))
    if places is None:
        return told
    if section:
        told += _e(_section_suffix(line, say, places))
    href = places.href(line)
    return f'<a href="{href}">{told}</a>' if href else told


def _section_suffix(line: int, say: ReportWords, places: Places | None) -> str:
    where = places.section(line) if places is not None else ""
    return say(" · {section}", section=where) if where else ""


def _line_link(line: int | None, places: Places | None) -> str:
    """A table's line number, a link to the line in the survey."""
    if not line:
        return ""
    href = places.href(line) if places is not None else ""
    return f'<a href="{href}">{line}</a>' if href else str(line)


def _wrong_figures(claims: list[Claim], say: ReportWords, places: Places | None,
                   disagreeing: dict[tuple[int, int], Finding] | None = None) -> str:
    """Every wrong self-reported figure on page 1: where, what, as written (and, under it, where the survey states
    it otherwise: a second finding of the claims rule), claimed, measured."""
    wrong = [c for c in claims if c.wrong]
    if not wrong:
        return ""
    told = say("{n} self-reported figures are wrong:" if len(wrong) > 1 else "{n} self-reported figure is wrong:",
               n=len(wrong))
    rows = "".join(
        "<tr>"
        f'<td class="where">{_at_line(c.line, say, places, section=False)}</td>'
        f"<td>{_e(say.engine(claim_figure(c)))}{_e(_scope_suffix(c, say))}</td>"
        f"<td>{_decorate(_e(c.text))}{_otherwise_note(disagreement_of(c, disagreeing or {}), say, places)}</td>"
        f'<td class="num">{_e(c.value_text or _fmt(c.claimed, say))}</td>'
        f'<td class="num"><b>{_e(_fmt(c.measured, say))}</b></td>'
        "</tr>"
        for c in wrong
    )
    return (f'<p class="fail">{_e(told)}</p>'
            + _table_head("wrong-figures", say, ("Where", 19), ("Figure", 19), ("As written", 38), ("Claimed", 12),
                          ("Measured", 12))
            + rows + "</tbody></table>")


def _otherwise_note(found: Finding | None, say: ReportWords, places: Places | None) -> str:
    """Under a wrong figure: "≠ … stated as 3,883 here but as 3,838 on line 95", a link to line 95."""
    if found is None:
        return ""
    told = _e("≠ " + say.engine(found.message))
    href = places.href(other_line(found)) if places is not None else ""
    if href:
        told = f'<a href="{href}">{told}</a>'
    return f'<br><span class="warn">{told}</span>'


def _stated_otherwise(claims: list[Claim], say: ReportWords, places: Places | None,
                      disagreeing: dict[tuple[int, int], Finding]) -> str:
    """Page 1's figures that are not wrong, or can't be measured, but are stated otherwise elsewhere ("GitHub 已验
    8 件" in the footer, 7 in §0): each with the claims rule's sentence (a wrong one says so under its row)."""
    told_of = [(c, f) for c in claims if not c.wrong for f in [disagreement_of(c, disagreeing)] if f is not None]
    if not told_of:
        return ""
    told = say("{n} self-reported figures are stated otherwise elsewhere:" if len(told_of) > 1
               else "{n} self-reported figure is stated otherwise elsewhere:", n=len(told_of))
    items = "".join(f"<li>{_at_line(c.line, say, places, section=False)}: {_e(say.engine(f.message))}</li>"
                    for c, f in told_of)
    return _told_list(told, items)


def _contradicted(references: list[Reference], say: ReportWords, places: Places | None) -> str:
    """Page 1's citations arXiv contradicts (once verified): each status, the id (leading to its row in appendix
    C), the name a mismatch is about and the lines: "name mismatch: 2606.19746 'HydraKV' (line 25)". They fail no
    rule, but the page that says whether the survey can go out was silent on them. (A malformed id fails a rule.)"""
    items = []
    for r in references:
        verdict = r.details or {"status": r.status}
        failing = [st for st in shown_statuses(r, verdict) if st in ARXIV_CONTRADICTS]
        if not failing:
            continue
        mismatch = mismatched_name(r, verdict)
        # the lines each status is about: the wrong name's, the missing version's, every citing line of an id not found
        lines = set(mismatch[1]) if mismatch is not None else set()
        if "version not found" in failing:
            lines.update(n for v in cited_versions(r, verdict.get("latest_version")) if v.on_arxiv is False
                         for n in v.lines)
        if not lines or "not found" in failing:
            lines.update(r.lines)
        ident = _e(cited_as(r))
        link = f'<a href="#{_reference_anchor(r)}">{ident}</a>'
        name = f" '{_e(mismatch[0])}'" if mismatch is not None else ""
        # (the template is the report's own text, its values HTML made here, as _pack_part fills its own)
        told = say("{status}: {id}{name} ({lines})", status=_e(" · ".join(say.engine(st) for st in failing)),
                   id=link, name=name, lines=_lines_at(sorted(lines), say, places))
        items.append(f"<li>{told}</li>")
    if not items:
        return ""
    told = say("arXiv contradicts {n} citations:" if len(items) > 1 else "arXiv contradicts {n} citation:",
               n=len(items))
    return f'<p class="fail">{_e(told)}</p><ul>{"".join(items)}</ul>'


LINES_SHOWN = 4  # a paper cited on 16 lines: the first ones, then "…" (appendix C lists them all)


def _lines_at(lines: list[int], say: ReportWords, places: Places | None, shown: int = LINES_SHOWN) -> str:
    """"line 104", "lines 25, 104": each number a link to its line."""
    if len(lines) == 1:
        return _at_line(lines[0], say, places, section=False)
    listed = ", ".join(_line_link(n, places) for n in lines[:shown]) + (", …" if len(lines) > shown else "")
    return say("lines {lines}", lines=listed)


def _reference_anchor(r: Reference) -> str:
    """The id of a paper's row in appendix C."""
    return "ref-" + (re.sub(r"[^0-9A-Za-z.]+", "-", r.id).strip("-") or "x")


def _scope_suffix(c: Claim, say: ReportWords) -> str:
    """" · 元信息": the part of the survey the figure is about, unless that is the whole survey."""
    place = claim_place(c)
    return "" if place in ("", "document") else say(" · {section}", section=say.engine(place))


# Rules whose every failing place page 1 lists on its own (the wrong figures' table, the private-data hits): under
# the rule, only where it first fails.
_LISTED_APART = frozenset({"claims", "privacy"})
PLACES_SHOWN = 8  # a rule failing in more places: the first ones with their messages, then the other lines


def _failing_places(r: RuleResult) -> list[Finding]:
    """Every place a rule fails, as survey-check lists its findings (a refused suppression comment is none)."""
    return [f for f in r.findings if not f.message.startswith(SUPPRESSION_REFUSED)]


def _failing_items(rules: list[RuleResult], say: ReportWords, places: Places | None) -> str:
    """Each failing rule with what was measured against its limit and where it fails: its one place, or, failing
    in several ("35 / 194 / 29 ≥ 150" of §3.1 and §3.3), each place with its finding ("§3.3: 29 < 150 (121 short)
    (line 40 · §3.3)"): the first failure alone hid the others."""
    items = []
    for r in rules:
        title = say.engine(r.title)
        if r.status == "no-match":
            why = say("{title}: nothing to check — {why}", title=title, why=say.engine(r.note or r.scope))
            items.append(f"<li><b>{_e(r.id)}</b> {_e(why)}</li>")
            continue
        told = say("{title}: measured {measured}, limit {limit}{where}", title=title,
                   measured=say.engine(_fmt(r.measured, say)), limit=say.engine(r.limit or "—"), where="")
        found = _failing_places(r) if r.kind not in _LISTED_APART else []
        if len(found) < 2:
            items.append(f"<li><b>{_e(r.id)}</b> {_e(told)}{_rule_line(r, say, places)}</li>")
            continue
        listed = [f"<li>{_e(say.engine(f.message))}{_e(say(' ('))}{_at_line(f.line, say, places)}{_e(say(')'))}</li>"
                  for f in found[:PLACES_SHOWN]]
        rest = sorted({f.line for f in found[PLACES_SHOWN:]})
        if rest:
            listed.append(f"<li>{_e(say('{n} more: ', n=len(found) - PLACES_SHOWN))}{_lines_at(rest, say, places)}"
                          "</li>")
        said = say("{n} places:", n=len(found))
        items.append(f"<li><b>{_e(r.id)}</b> {_e(told)}{_e(say(' — '))}{_e(said)}<ul>{''.join(listed)}</ul></li>")
    return "".join(items)


def _finding_items(findings: list[Finding], say: ReportWords, places: Places | None) -> str:
    """Each finding with its rule and where it is ("verifiability §5.1 is ambiguous: … (line 7 · §5.1)")."""
    return "".join(f"<li><b>{_e(f.rule)}</b> {_e(say.engine(f.message))}{_e(say(' ('))}{_at_line(f.line, say, places)}"
                   f"{_e(say(')'))}</li>" for f in findings)


def _warning_rules(rules: list[RuleResult], say: ReportWords, places: Places | None) -> str:
    """Warning-level rules that fail: named under the errors (an editor fixes them too), said not to block."""
    if not rules:
        return ""
    told = say("{n} warning-level rules fail (warnings: they do not block publishing):" if len(rules) > 1
               else "{n} warning-level rule fails (a warning: it does not block publishing):", n=len(rules))
    return _told_list(told, _failing_items(rules, say, places))


def _told_list(told: str, items: str) -> str:
    """A warning sentence over the rules it names."""
    return f'<p class="warn">{_e(told)}</p><ul>{items}</ul>'


def _rule_line(r: RuleResult, say: ReportWords, places: Places | None) -> str:
    """ " (line N)" linking to where a rule fails, or "" for a rule with no line."""
    line = r.where()[0]
    return f"{_e(say(' ('))}{_at_line(line, say, places)}{_e(say(')'))}" if line else ""


def _unmeasured_items(rules: list[RuleResult], say: ReportWords, places: Places | None) -> str:
    return "".join(
        f"<li><b>{_e(r.id)}</b> {_e(say.engine(r.title))}"
        + (f"{_e(say(': '))}{_e(say.engine(r.note))}" if r.note else "")
        + _rule_line(r, say, places)
        + "</li>"
        for r in rules
    )


def _unmeasured_rules(rules: list[RuleResult], say: ReportWords, places: Places | None) -> str:
    """Error-level rules that could not be measured (verifiability before an arXiv run): named, never just counted."""
    if not rules:
        return ""
    told = say("{n} error-level rules could not be measured:" if len(rules) > 1
               else "{n} error-level rule could not be measured:", n=len(rules))
    return _told_list(told, _unmeasured_items(rules, say, places))


def _toc(headings: list[_Heading], appendix: list[tuple[str, str]], say: ReportWords) -> str:
    """Nested contents list from the section levels, followed by the appendix parts."""
    out = [f'<div class="toc" id="contents"><h2>{say("Contents")}</h2>', "<ul>"]
    depth = 1
    for h in headings:
        level = max(1, h.level)
        while depth < level:
            out.append("<ul>")
            depth += 1
        while depth > level:
            out.append("</ul>")
            depth -= 1
        out.append(f'<li><a href="#{h.anchor}">{_e(h.shown)}</a></li>')
    while depth > 1:
        out.append("</ul>")
        depth -= 1
    out.append(f'<li><a href="#appendix">{say("Appendix")}</a></li><ul>')
    out.extend(f'<li><a href="#{anchor}">{_e(label)}</a></li>' for anchor, label in appendix)
    out.append("</ul></ul></div>")
    return "\n".join(out)


# ---- the appendix ---------------------------------------------------------------------------------------------


def _rules_table(rules: list[RuleResult], say: ReportWords, places: Places | None = None) -> str:
    rows = []
    for r in rules:
        where = f"{say(r.level)} · {say.engine(r.scope or 'document')}"
        note = f'<br><span class="muted">{_e(say.engine(r.note))}</span>' if r.note else ""
        rows.append(
            "<tr>"
            f'<td><b>{_e(r.id)}</b> {_e(say.engine(r.title))}<br><span class="muted">{_e(where)}</span>{note}</td>'
            f'<td class="num">{_e(say.engine(_fmt(r.measured, say)))}</td>'
            f"<td>{_e(say.engine(r.limit or '—'))}</td>"
            f"<td>{_status(shown_status(r), say)}</td>"
            f"<td>{_rule_lines(r, places)}</td>"
            "</tr>"
        )
    if not rows:
        rows.append(f'<tr><td colspan="5" class="muted">{say("The rule pack has no rules.")}</td></tr>')
    return (
        f'<h3 id="appendix-self-check">{say(_APPENDIX[0][1])}</h3>'
        + _table_head("rules", say, ("Rule", 46), ("Measured", 20), ("Limit", 15), ("Status", 12), ("Line", 7))
        + "".join(rows)
        + "</tbody></table>"
    )


APPENDIX_LINES = 30  # a rule failing on more lines: the first ones, then "…" (survey-check lists every finding)


def _rule_lines(r: RuleResult, places: Places | None) -> str:
    """A rule's Line cell: every line a failing rule fails on ("32, 40"), else where it is."""
    lines = sorted({f.line for f in _failing_places(r)}) if r.status == "fail" else []
    if len(lines) < 2:
        return _line_link(r.where()[0], places)
    return ", ".join(_line_link(n, places) for n in lines[:APPENDIX_LINES]) + (
        ", …" if len(lines) > APPENDIX_LINES else "")


def _table_head(css: str, say: ReportWords, *columns: tuple[str, int]) -> str:
    """An appendix table's opening and header row: (column name, width in percent) each."""
    heads = "".join(f'<th width="{width}%">{_e(say(name))}</th>' for name, width in columns)
    return f'<table class="{css}" width="100%"><thead><tr>{heads}</tr></thead><tbody>'


def _claims_table(claims: list[Claim], say: ReportWords, places: Places | None = None,
                  disagreeing: dict[tuple[int, int], Finding] | None = None,
                  analysis: Analysis | None = None) -> str:
    rows = []
    unmeasured = {id(c) for c in _not_measured(claims)} if analysis is not None else set()
    verdicts = {True: f'<span class="pass">{say("agrees")}</span>', False: f'<span class="fail">{say("disagrees")}</span>'}
    for c in claims:
        verdict = verdicts.get(c.ok, f'<span class="muted">{say("not measured")}</span>') if not c.silenced else (
            f'<span class="muted">{say("disagrees")}<br>{say("(silenced inline)")}</span>')
        if c.ambiguous and not c.suppressed:  # about a section number two headings share: the message says which
            verdict = f'<span class="fail">{say("ambiguous")}</span>'
        elif c.only_estimated and not c.suppressed:  # right or not measured, but an estimate (house rule 9)
            verdict = f'<span class="fail">{say("estimate")}</span>'
        # stated otherwise elsewhere: said in the note (of a wrong figure too: both are findings of the claims rule),
        # and the verdict of one not wrong
        otherwise = disagreement_of(c, disagreeing or {})
        note = _e(say.engine(c.message))
        if c.estimate and c.estimate != c.message:  # wrong, and stated as an estimate too
            note += "<br>" + _e(say.engine(c.estimate))
        if id(c) in unmeasured:  # why, in the engine's words when its message says (the row shows the figure)
            note = _e(_why_not_measured(c, analysis, say))
        if otherwise is not None:
            note += ("<br>" if note else "") + f'<span class="warn">{_e("≠ " + say.engine(otherwise.message))}</span>'
            if c.ok is not False:
                verdict = f'<span class="warn">{say("stated otherwise")}</span>'
        stated = c.value_text or _fmt(c.claimed, say)
        rows.append(
            "<tr>"
            f"<td>{_e(say.engine(claim_figure(c)))}<br><span class=\"muted\">{_e(say(c.kind))}"
            f"{_e(say(' · {section}', section=say.engine(claim_place(c))) if claim_place(c) else '')}</span></td>"
            f"<td>{_decorate(_e(c.text))}</td>"
            f'<td class="num">{_e(stated)}</td>'
            f'<td class="num">{_e(_fmt(c.measured, say))}</td>'
            f'<td class="verdict">{verdict}</td>'
            f"<td>{_line_link(c.line, places)}</td>"
            f"<td>{note}</td>"
            "</tr>"
        )
    if not rows:
        rows.append(f'<tr><td colspan="7" class="muted">{say("The survey states no figures about itself.")}</td></tr>')
    return (
        f'<h3 id="appendix-claims">{say(_APPENDIX[1][1])}</h3>'
        + _table_head("claims", say, ("Metric", 14), ("As written", 28), ("Claimed", 11), ("Measured", 12),
                      ("Verdict", 11), ("Line", 6), ("Note", 18))
        + "".join(rows) + "</tbody></table>"
    )


# A paper's row in the References appendix reads as a reference list: what arXiv has (title, the first authors,
# the date) and why the verdict, then one small line of what only a careful checker needs (the version arXiv has,
# its categories, a later update). Everything else the verdict holds (fetch time, name similarity, cache flag,
# comment, abstract URL: the id already links there) stays in the References tab and the JSON: listed
# field by field it made each row half a PDF page tall.
AUTHORS_SHOWN = 3


def _references_table(references: list[Reference], say: ReportWords, places: Places | None = None) -> str:
    """The references appendix; before any paper was verified (nothing from arXiv to show) without the "On arXiv"
    column, whose 15 empty cells took a third of the table's width."""
    on_arxiv = [_on_arxiv(r, say) for r in references]
    shown = any(on_arxiv)
    rows = []
    for r, told in zip(references, on_arxiv):
        ident = cited_as(r)
        link = _e(ident) if r.status in _NO_PAGE else f'<a href="{_e(_abs_url(r.id))}">{_e(ident)}</a>'
        stated = " · ".join(x for x in (r.stated_date, r.stated_category) if x)
        rows.append(
            "<tr>"
            f'<td><a id="{_reference_anchor(r)}"></a>{link}</td>'
            f"<td>{_names_in_survey(r)}</td>"
            f"<td>{_e(stated)}</td>"
            f"<td>{_reference_status(r, say)}</td>"
            + (f"<td>{told}</td>" if shown else "")
            + f"<td>{', '.join(_line_link(n, places) for n in r.lines)}</td>"
            "</tr>"
        )
    columns = ((("arXiv", 16), ("Name in survey", 14), ("Stated", 10), ("Verdict", 13), ("On arXiv", 35), ("Lines", 12))
               if shown else (("arXiv", 20), ("Name in survey", 30), ("Stated", 18), ("Verdict", 14), ("Lines", 18)))
    if not rows:
        rows.append(f'<tr><td colspan="{len(columns)}" class="muted">{say("No arXiv references found.")}</td></tr>')
    return (
        f'<h3 id="appendix-references">{say(_APPENDIX[2][1])}</h3>'
        + _table_head("references", say, *columns)
        + "".join(rows) + "</tbody></table>"
    )


def _names_in_survey(r: Reference) -> str:
    """The name the survey uses most, then, smaller, the other names it gives the paper."""
    names = list(getattr(r, "names", None) or ([r.name] if r.name else []))
    if len(names) <= 1:
        return _e(", ".join(names))
    return f'{_e(names[0])}<br><span class="small">{_e(", ".join(names[1:]))}</span>'


def _on_arxiv(r: Reference, say: ReportWords) -> str:
    """The paper as arXiv has it and why the verdict: title; first authors · date; the verdict's sentence; then,
    smaller, the version, category and later update a checker compares with what the survey cites."""
    d = r.details
    lines = []
    if r.problem:
        lines.append(_e(say.engine(r.problem)))
    if d.get("title"):
        lines.append(f"<b>{_e(d['title'])}</b>")
    who_when = [x for x in (_authors(d.get("authors"), say), _day(d.get("published"))) if x]
    if who_when:
        lines.append(_e(" · ".join(who_when)))
    if d.get("message"):
        lines.append(f'<span class="why">{_e(say.engine(str(d["message"])))}</span>')
    small = [x for x in (d.get("latest_version"), _categories(d, say)) if x]
    updated, published = _day(d.get("updated")), _day(d.get("published"))
    if updated and updated != published:
        small.append(say("updated {day}", day=updated))
    if small:
        lines.append(f'<span class="small">{_e(" · ".join(str(x) for x in small))}</span>')
    return "<br>".join(lines)


def _categories(d: dict, say: ReportWords) -> str:
    """arXiv's primary category, then the others it lists the paper in: a survey that states a cross-listed one
    ("cs.CV" for a cs.LG paper) sees it there, not a bare "cs.LG" beside its "cs.CV"."""
    listed = [str(c) for c in d.get("categories") or () if c]
    primary = str(d.get("primary_category") or (listed[0] if listed else ""))
    others = [c for c in dict.fromkeys(listed) if c != primary]
    if not primary or not others:
        return primary
    joiner = "、" if say.language == "zh_CN" else ", "
    return say("{primary}, cross-listed in {others}", primary=primary, others=joiner.join(others))


def _authors(authors: object, say: ReportWords) -> str:
    """"A, B, C et al." past three authors, as a reference list writes them."""
    if not authors:
        return ""
    if isinstance(authors, str):
        return authors
    names = [str(a) for a in authors]
    if len(names) <= AUTHORS_SHOWN:
        return ", ".join(names)
    return say("{names} et al.", names=", ".join(names[:AUTHORS_SHOWN]))


def _day(stamp: object) -> str:
    """"2026-09-10" of arXiv's "2026-09-10T17:59:01Z"."""
    return str(stamp or "")[:10]


_LEVEL_CSS = {"ok": "pass", "warn": "warn", "fail": "fail", "none": "muted"}


def _reference_status(r: Reference, say: ReportWords) -> str:
    """Every status that applies, each in its level's style as the References tab colours it: a status a person must
    check (by hand, not compared, withdrawn?, arXiv unreachable) is a warning, not a failure."""
    return "<br>".join(f'<span class="{_LEVEL_CSS[status_level(status)]}">{_e(say.engine(text))}</span>'
                       for status, text in status_parts(r, r.details or {"status": r.status}))  # (a narrow column)


def _figures_part(analysis: Analysis, charts: list[tuple[str, bytes]], say: ReportWords,
                  places: Places | None = None) -> str:
    out = [f'<h3 id="appendix-figures">{say(_APPENDIX[3][1])}</h3>']
    # what disagrees first, each place with its message as the window and survey-check give it (the charts and the
    # table below list every figure, and page 1 only the rule's count)
    disagreeing = [f for f in analysis.findings if f.rule == CONSISTENCY_RULE]
    if disagreeing:
        items = "".join(f'<li class="warn">{_at_line(f.line, say, places)}: {_e(say.engine(f.message))}</li>'
                        for f in disagreeing)
        out.append(f'<p>{_e(say("Figures that disagree ({n}):", n=len(disagreeing)))}</p><ul class="disagreeing">'
                   f'{items}</ul>')
    # the values a disagreement names, on both sides of it ("… at line 46 disagrees with … at line 23"), as the
    # charts above mark them
    flagged = inconsistent_places(analysis) if disagreeing else set()
    for caption, png in charts:
        if not png:  # no chart: the note naming those not drawn (more than the report draws)
            out.append(f'<p class="caption">{_e(caption)}</p>')
            continue
        data = base64.b64encode(png).decode("ascii")
        out.append(
            f'<p class="chart"><img src="data:image/png;base64,{data}" alt="{_e(caption)}" width="600"></p>'
            f'<p class="caption">{_e(caption)}</p>'
        )
    rows = []
    for g in analysis.figures:
        metric = say.engine(g.metric)
        label = f"{metric} · {say.engine(g.label)}" if g.label and g.label != g.metric else metric
        values = " vs ".join(
            f"{v.engine} {('−' if v.value < 0 else '+') if g.kind == 'change' else ''}"  # a change's sign: "−40"
            f"{v.text or ('~' if v.approx else '') + _fmt(v.value, say)}" for v in g.values
        ) + (say(" vs {baseline}", baseline=g.baseline) if g.baseline else "")  # a speed-up's: "SGLang 2× vs vLLM"
        # a value a disagreement names is marked
        key = chart_key(g) if flagged else None
        cell = ('<td class="warn">⚠ ' if any((g.line, v.engine, key) in flagged for v in g.values) else "<td>") + _e(values)
        rows.append(
            f"<tr><td>{_e(label)}</td><td>{_e(g.unit)}</td><td>{_e(g.hardware or '')}</td>"
            f"{cell}</td><td>{_line_link(g.line, places)}</td></tr>"
        )
    if rows:
        out.append(
            _table_head("figures", say, ("Metric", 20), ("Unit", 9), ("Hardware", 11), ("Values", 52), ("Line", 8))
            + "".join(rows)
            + "</tbody></table>"
        )
    else:
        out.append(f'<p class="muted">{say("The survey states no engine figures.")}</p>')
    return "\n".join(out)


def _privacy_table(hits: list[PrivacyHit], say: ReportWords, places: Places | None = None,
                   named: list[NamedFile] | tuple = ()) -> str:
    head = f'<h3 id="appendix-privacy">{say(_APPENDIX[4][1])}</h3>'
    if not hits and not named:
        return head + f'<p class="pass">{say("No hits in any dimension (IP, secret, name, path, organisation).")}</p>'
    rows = "".join(
        f"<tr><td>{_e(say.engine(h.dimension))}</td><td>{_line_link(h.line, places)}:{h.column}</td><td><code>{_e(h.masked)}</code></td></tr>"
        for h in hits
    ) + "".join(  # (a file name's hits: where is the name, not a line)
        f"<tr><td>{_e(say.engine(h.dimension))}</td><td>{_e(say(n.what))}</td><td><code>{_e(h.masked)}</code></td></tr>"
        for n in named for h in n.hits
    )
    return head + _table_head("privacy", say, ("Dimension", 30), ("Where", 20), ("Masked", 50)) + f"{rows}</tbody></table>"


def _pack_part(pack_name: str, pack_source: str, when: datetime, survey_file: NamedFile | None,
               say: ReportWords) -> str:
    source = pack_source.strip() or say("(the pack's source is not available)")
    # the file's name, not where it lies: a path names the author's home folder ("/home/chen/…", "C:\\Users\\…");
    # its private data masked, as the text's ("陈****-草稿-10******.md")
    file_name = survey_file.masked() if survey_file is not None else ""
    file_line = f"<p>{_e(say('Survey file: '))}<code>{_e(file_name)}</code></p>" if file_name else ""
    told = say("Rule pack: {pack} · generated {when}", pack=f"<b>{_e(pack_name)}</b>", when=_e(_format_time(when)))
    return (
        f'<h3 id="appendix-pack">{say(_APPENDIX[5][1])}</h3>'
        f"<p>{told}</p>"
        f'{file_line}<pre class="source">{_e(source)}</pre>'
    )


# ---- small formatting helpers ---------------------------------------------------------------------------------


def _status(shown: str, say: ReportWords) -> str:
    """A rule's status (formats.shown_status: a failing warning-level rule is a warning, an info-level one a note)."""
    if shown == "pass":
        return f'<span class="pass">{say("✓ pass")}</span>'
    if shown == "note":
        return f'<span class="muted">{say("ℹ note")}</span>'
    if shown == "fail":
        return f'<span class="fail">{say("✗ fail")}</span>'
    if shown == "warning":
        return f'<span class="warn">{say("⚠ warning")}</span>'
    return f'<span class="muted">{_e(say(shown))}</span>'


def _fmt(value: object, say: ReportWords | None = None) -> str:
    """Numbers the way the surveys write them: 3,838; 0.67; text as is; '—' when nothing was measured."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        word = "yes" if value else "no"
        return say(word) if say is not None else word
    if isinstance(value, (list, tuple)):
        return " / ".join(_fmt(v, say) for v in value)
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
