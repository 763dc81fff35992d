"""The survey's shape: header, sections (numbered `一、`/`§0`/`2.1` style and Markdown headings), footer.

Headings are recognised line by line (`heading_in_line`, memoisable) and assembled into a tree with line
ranges (`build_outline`). Section keys are canonical: `§三.1`, `3.1` and `## 3.1 …` all resolve to "3.1".
"""

from __future__ import annotations

import re
from bisect import bisect_right
from itertools import compress
from typing import Any, Sequence

from .model import Section
from .records import record


CN_DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
CN_NUMERAL = "[零〇一二三四五六七八九十]+"


def cn_to_int(s: str) -> int | None:
    """Chinese numeral up to 99 ("十二" -> 12); None if not one."""
    if not s or any(c not in CN_DIGITS and c != "十" for c in s):
        return None
    if "十" not in s:
        return int("".join(str(CN_DIGITS[c]) for c in s))
    tens, _, ones = s.partition("十")
    t = CN_DIGITS.get(tens, 0) if tens else 1
    o = CN_DIGITS.get(ones, 0) if ones else 0
    if len(tens) > 1 or len(ones) > 1:
        return None
    return t * 10 + o


def int_to_cn(n: int) -> str:
    """12 -> "十二", 20 -> "二十", 7 -> "七" (1..99, as `cn_to_int` reads them)."""
    tens, ones = divmod(n, 10)
    head = "" if tens == 0 else "十" if tens == 1 else _CN_ONES[tens] + "十"
    return head + (_CN_ONES[ones] if ones or not head else "")


_CN_ONES = "零一二三四五六七八九"


def numbers_tops_in_chinese(sections: Sequence["Section"]) -> bool:
    """Whether the survey numbers its top sections "一、" .. "十、" rather than "1", "2" (most of them do)."""
    chinese = arabic = 0
    for s in sections:
        if s.level == 1 and s.number:
            first = s.number.lstrip("§")[:1]
            if first in _CN_FIRST and first not in "零〇":
                chinese += 1
            elif first.isdecimal() and first != "0":
                arabic += 1
    return chinese > arabic


def place_name(key: str, section: "Section | None", chinese_tops: bool) -> str:
    """A section as the user is told about it, in the survey's own numbering: "§七" for the section a pack names
    "7" when the survey's top sections are "七、…" (a message saying "§7" beside the survey's "§七" made the
    author translate), "§3.1" for a sub-section; a place the survey lacks is named so too ("§八 not found")."""
    if section is not None and section.number:
        return "§" + section.number.lstrip("§")
    if chinese_tops and key.isdecimal() and 0 < int(key) < 100:
        return "§" + int_to_cn(int(key))
    return "§" + key


def number_key(token: str) -> str | None:
    """ "三" -> "3", "07" -> "7", "3" -> "3"."""
    try:
        return _NUMBER_KEYS[token]  # section numbers are few and recur on every line that cites them
    except KeyError:
        pass
    if token.isdigit():
        key: str | None = str(int(token))
    else:
        n = cn_to_int(token)
        key = None if n is None else str(n)
    if len(_NUMBER_KEYS) < 4096:
        _NUMBER_KEYS[token] = key
    return key


_NUMBER_KEYS: dict[str, str | None] = {}


SECTION_REF_RE = re.compile(rf"§\s*(\d+|{CN_NUMERAL})((?:\.\d+)*)")


def resolve_section_ref(ref: str) -> str | None:
    """ "§三.1" -> "3.1", "§八" -> "8", "§0" -> "0"; None when it isn't a section reference."""
    key: Any = _RESOLVED.get(ref, _UNSEEN)  # the places a pack and its claims name recur on every pass
    if key is _UNSEEN:
        m = SECTION_REF_RE.fullmatch(ref.strip())
        top = number_key(m.group(1)) if m else None
        key = None if top is None or m is None else top + _sub_numbers(m.group(2))
        if len(_RESOLVED) < 4096:
            _RESOLVED[ref] = key
    return key


_RESOLVED: dict[str, str | None] = {}


def _sub_numbers(rest: str) -> str:
    """ ".01" -> ".1", ".１" -> ".1": the sub-numbers as a heading's key has them."""
    return "".join("." + str(int(p)) for p in rest.split(".")[1:]) if rest else ""


def repeated_numbers(sections: Sequence[Section]) -> dict[str, tuple[int, ...]]:
    """The section numbers the survey gives to more than one heading ("3.1" -> the lines of those headings, in text
    order): a § reference to one of them names no section for sure. (The outline keys the second "3.1" as "3.1#2".)"""
    later: dict[str, list[int]] = {}
    for s in sections:
        if "#" in s.key:
            later.setdefault(s.key.split("#", 1)[0], []).append(s.line)
    if not later:
        return {}
    first = {s.key: s.line for s in sections if s.key in later}
    return {key: (first[key], *lines) for key, lines in later.items() if key in first}


def section_refs_in_line(line: str) -> tuple[tuple[int, str, str | None], ...]:
    """(column, text as written, canonical key) of every `§…` reference on the line."""
    if "§" not in line:
        return ()
    out = []
    for m in SECTION_REF_RE.finditer(line):
        start = m.start()
        if start == 0 and (top := _SEC_TOP.match(line)) is not None and _is_sec_heading(top):
            continue  # the heading "§0 自检栏" itself (not "§一 CJK 11，…": prose that names §一)
        text = m.group()
        key: Any = _REF_KEYS.get(text, _UNSEEN)
        if key is _UNSEEN:  # what resolve_section_ref(text) gives, read from this match
            top_number, rest = m.group(1, 2)
            n = number_key(top_number)
            key = None if n is None else n + _sub_numbers(rest)
            if len(_REF_KEYS) < 4096:
                _REF_KEYS[text] = key
        out.append((start + 1, text, key))
    return tuple(out)


_REF_KEYS: dict[str, str | None] = {}  # "§三.1" -> "3.1": the references a survey makes recur
_UNSEEN = object()


@record(frozen=True)
class Heading:
    """What one line says about being a heading, judged on that line alone."""

    # "numbered-top" | "numbered-sub" | "atx" | "setext-underline-1" | "setext-underline-2" | "fence"
    # | "comment-open" (`<!--` not closed on its line) | "comment-close" (a line starting `-->`)
    style: str
    level: int = 0
    key: str = ""  # canonical number key, "" when the heading has no number
    number: str = ""  # as written (a fence: its run of ``` or ~~~)
    title: str = ""  # (a fence: its info string)

    def __eq__(self, other: object) -> bool:  # (replaced by `record`: written for mypyc, see records.py)
        return NotImplemented

    def __init__(self, style: str, level: int = 0, key: str = "", number: str = "", title: str = "") -> None:
        d = self.__dict__  # frozen: set in the instance dict, not through __setattr__
        d["style"] = style
        d["level"] = level
        d["key"] = key
        d["number"] = number
        d["title"] = title


_SEC_TOP = re.compile(rf"^§\s*(\d+|{CN_NUMERAL})(?=\s)\s*(\S.*)?$")
_CN_TOP = re.compile(rf"^({CN_NUMERAL})、\s*(.*)$")
_SUB = re.compile(r"^(\d{1,2})((?:\.\d{1,2}){1,3})(?=\s)\s+(\S.*)$")
_ATX = re.compile(r"^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$")
_SETEXT = re.compile(r"^ {0,3}(=+|-+)[ \t]*$")
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})(.*)$")
# ("## 3.1主线": not "3" titled "1主线"; a "." before a digit is part of the number)
_NUM_IN_TITLE = (rf"^(§\s*)?(\d+(?:\.\d+)*|{CN_NUMERAL})(?:[、．]\s*|\.(?!\d)\s*|\s+)(\S.*)$")


def _is_sec_heading(m: re.Match[str]) -> bool:
    """Whether a line "§N …" is a heading: "§0 自检栏（…）" is; "§一 CJK 11，与正文一致。", "§八 仅统计实测值。" and
    "§0 各项均为实测。" are prose that starts with a reference. A house survey numbers its top sections "一、" and
    writes "§" before a Chinese numeral only to refer to one; and a heading's title is no sentence (no "，" or
    "；" in it, no sentence end after it). (Read as headings, such lines cut the section they stand in short and
    made the section they name "2 sections are numbered 一".)"""
    if m.group(1)[0] in _CN_FIRST:
        return False
    title = m.group(2)
    return not title or (title.rstrip()[-1] not in _PROSE_ENDS and "，" not in title and "；" not in title)


_PROSE_ENDS = frozenset("。！？；，.!?;,")
_CN_FIRST = frozenset("零〇一二三四五六七八九十")
_MARKDOWN_FIRST = frozenset("`~#=-<")
_HEADING_FIRST = _MARKDOWN_FIRST | _CN_FIRST | {"§"}


def heading_in_line(line: str) -> Heading | None:
    """Classify one line; pure so that results can be cached by line text."""
    if not line or len(line) > 300:
        return None
    first = line[0]  # each shape starts with its own character (\d: a decimal digit)
    if first not in _HEADING_FIRST and not first.isdecimal():
        if first != " ":
            return None
        first = line.lstrip(" ")[:1]  # fences, comments and Markdown headings may be indented by up to three spaces
        if first not in _MARKDOWN_FIRST:
            return None
    if first == "#":
        m = _ATX.match(line)
        if m:
            level = len(m.group(1))
            title = (m.group(2) or "").strip()
            if title[:2] in ("**", "__") and title[-2:] == title[:2] and len(title) > 4 \
                    and title[:2] not in title[2:-2]:
                title = title[2:-2].strip()  # "## **4.4 法律**": bold, as the preview shows it, and numbered 4.4
            n = _num_in_title().match(title)
            if n:
                key = _numbered_key(n.group(2))
                if key is not None:  # "## §0 自检栏" is numbered "§0", as the line "§0 自检栏" is
                    number = "§" + n.group(2) if n.group(1) else n.group(2)
                    return Heading("atx", level, key, number, n.group(3).strip())
            return Heading("atx", level, "", "", title)
        return None
    if first == "<":
        return _COMMENT_OPEN if line.lstrip(" ").startswith("<!--") and "-->" not in line else None
    if first == "-" or first == "=":
        if first == "-" and (line.startswith("-->") or line[0] == " " and line.lstrip(" ").startswith("-->")):
            return _COMMENT_CLOSE
        if line.rstrip(" \t")[-1] != first:  # an underline ends with its mark: not "- a list item"
            return None
        m = _SETEXT.match(line)
        if m:
            return Heading("setext-underline-1" if m.group(1)[0] == "=" else "setext-underline-2")
        return None
    if first == "§":
        m = _SEC_TOP.match(line)
        if m and _is_sec_heading(m):
            key = number_key(m.group(1))
            if key is not None:
                return Heading("numbered-top", 1, key, "§" + m.group(1), (m.group(2) or "").strip())
        return None
    if first in _CN_FIRST:
        m = _CN_TOP.match(line)
        if m:
            key = number_key(m.group(1))
            if key is not None:
                return Heading("numbered-top", 1, key, m.group(1), m.group(2).strip())
        return None
    if first == "`" or first == "~":
        m = _FENCE.match(line)
        if m is None:
            return None
        run, info = m.group(1), m.group(2).strip()
        if run[0] == "`" and "`" in info:
            return None  # "```x```" is inline code, not a fence
        return Heading("fence", number=run, title=info)  # a closing fence repeats the run and has no info
    m = _SUB.match(line)
    if m:
        top, rest, title = m.groups()
        number = top + rest
        key = _SUB_KEYS.get(number)
        if key is None:
            key = str(int(top)) + "".join("." + str(int(p)) for p in rest.split(".")[1:])
            if len(_SUB_KEYS) < 4096:
                _SUB_KEYS[number] = key
        return Heading("numbered-sub", key.count(".") + 1, key, number, title.strip())
    return None


def headings_in_lines(lines: Sequence[str]) -> list[Heading | None]:
    """`heading_in_line` of each line, without the call for a line whose first character starts no heading (as
    heading_in_line tells first): most lines of prose."""
    maybe = _MAY_START
    return [heading_in_line(line) if line[:1] in maybe or line[:1].isdecimal() else None for line in lines]


_MAY_START = _HEADING_FIRST | {" "}  # (" ": an indented fence, comment or Markdown heading)
_SUB_KEYS: dict[str, str] = {}  # "02.1" -> "2.1"
_COMMENT_OPEN = Heading("comment-open")
_COMMENT_CLOSE = Heading("comment-close")


def _num_in_title() -> re.Pattern[str]:
    """Compiled for the first Markdown heading: numbered surveys have none, and it costs a millisecond."""
    global _NUM_IN_TITLE_RE
    if _NUM_IN_TITLE_RE is None:
        _NUM_IN_TITLE_RE = re.compile(_NUM_IN_TITLE)
    return _NUM_IN_TITLE_RE


_NUM_IN_TITLE_RE: re.Pattern[str] | None = None


def _numbered_key(token: str) -> str | None:
    if "." in token:
        parts = token.split(".")
        if all(p.isdigit() for p in parts):
            return ".".join(str(int(p)) for p in parts)
        return None
    return number_key(token)


@record
class Outline:
    """The section tree of a document, with its header lines and footer line."""

    sections: list[Section]
    header: tuple[int, int] | None  # lines before the first section
    footer_line: int | None
    body_end: int  # last line that belongs to a section (before the footer)
    # what is no prose (see in_blocks): front matter, fenced code blocks and comment blocks, their marks included
    not_prose: tuple[tuple[int, int], ...] = ()
    # sub-sections numbered for another top section than the one holding them (see `strays_of`)
    strays: tuple[Stray, ...] = ()
    # the header is a Markdown survey's title block: its one "#" (or "===") heading over "##" sections, and the lines
    # under it (not a house survey's lines before its first numbered section, "# 主题综述" title line or none)
    title_block: bool = False

    def __eq__(self, other: object) -> bool:  # (replaced by `record`: written for mypyc, see records.py)
        return NotImplemented

    def __init__(
        self,
        sections: list[Section],
        header: tuple[int, int] | None,
        footer_line: int | None,
        body_end: int,
        not_prose: tuple[tuple[int, int], ...] = (),
        strays: tuple[Stray, ...] = (),
        title_block: bool = False,
    ) -> None:
        self.sections = sections
        self.header = header
        self.footer_line = footer_line
        self.body_end = body_end
        self.not_prose = not_prose
        self.strays = strays
        self.title_block = title_block


@record(frozen=True)
class Stray:
    """A sub-section under a top section of another number ("8.1" under "九、" after 八 was renumbered 九 and its
    sub-sections were not): `number` as written, `top` the holding section's number as written, `top_line` its line;
    `title` its heading's title and `end_line` the last line before the next heading (the outline shows it there)."""

    line: int
    number: str
    top: str
    top_line: int
    title: str = ""
    end_line: int = 0

    def __eq__(self, other: object) -> bool:  # (replaced by `record`: written for mypyc, see records.py)
        return NotImplemented

    def __init__(self, line: int, number: str, top: str, top_line: int, title: str = "", end_line: int = 0) -> None:
        d = self.__dict__
        d["line"] = line
        d["number"] = number
        d["top"] = top
        d["top_line"] = top_line
        d["title"] = title
        d["end_line"] = end_line


def closes_fence(h: Heading | None, run: str) -> bool:
    """Whether a line read as `h` closes a code block opened by the fence `run` (``` or ~~~): only the opening
    fence's character, at least as many times and with no info string, does ("```" inside a "~~~" block is code)."""
    return h is not None and h.style == "fence" and h.number[0] == run[0] and len(h.number) >= len(run) and not h.title


def build_outline(
    lines: Sequence[str],
    headings: Sequence[Heading | None],
    *,
    footer_re: re.Pattern[str] | None = None,
    styles: frozenset[str] = frozenset({"numbered", "markdown"}),
) -> Outline:
    """Assemble line classifications into a section tree with inclusive line ranges."""
    n = len(lines)
    footer_line = find_footer(lines, footer_re)
    last_body = (footer_line - 1) if footer_line else n
    raw: list[tuple[int, int, str, str, str]] = []  # (line, level, key, number, title)
    fence: Heading | None = None  # the fence the lines are in
    fence_line = 0  # (1-based) where it opened
    comment_end = 0  # lines before this index are in a comment block
    closes: list[int] | None = None  # the comment closing lines, found at the first comment opening
    title_first = False
    title_block = False  # the md_title case below
    blocks: list[tuple[int, int]] = []
    current_top: str | None = None
    top_at = (0, "")  # (line, number as written) of the numbered top section the lines are in
    # numbered sub-section lines under a top section of another number: (line, key, number as written, top, title)
    others: list[tuple[int, str, str, tuple[int, str], str]] = []
    use_numbered = "numbered" in styles
    use_md = "markdown" in styles
    # A numbered Markdown heading ranks by its number ("## 3 Limitations" is a top section); an unnumbered one
    # ranks with the numbered headings of as many #s ("## References" after it is its sibling, not its child).
    md_shift = 0
    # A Markdown survey's title is its first heading when that is its one "#" (or "===") heading, unnumbered, over
    # "##" ones; the unnumbered headings ranked before any numbered one set md_shift then rise a level with it gone.
    md_tops = 0  # headings written "#" or underlined "==="
    md_title = False  # the first heading is one of them, unnumbered
    unranked: list[int] = []  # (their indices in raw)
    ranked = False  # a numbered Markdown heading has set md_shift
    start = _front_matter_end(headings, last_body)
    if start:
        blocks.append((1, start))
    for i in compress(range(start, last_body), headings[start:last_body]):  # (the lines that are headings)
        h = headings[i]
        assert h is not None  # (compress keeps the lines that are headings)
        if fence is not None:
            if closes_fence(h, fence.number):
                blocks.append((fence_line, i + 1))
                fence = None
            continue
        if i < comment_end:
            continue
        if h.style == "fence":
            fence, fence_line = h, i + 1
            continue
        if h.style == "comment-open":
            # "<!--" … "-->" on lines of their own: a section cut out by commenting it is no section. (Closed
            # at the end of some line instead: not seen here, so the comment hides nothing rather than all.)
            if closes is None:
                closes = [k for k in range(i + 1, last_body) if (hk := headings[k]) is not None
                          and hk.style == "comment-close"]
            j = bisect_right(closes, i)
            if j < len(closes):
                comment_end = closes[j] + 1
                blocks.append((i + 1, comment_end))
            continue
        lineno = i + 1
        if h.style == "atx" and use_md:
            key = h.key if h.key else f"h{lineno}"
            if h.key:
                level = h.key.count(".") + 1
                md_shift = level - h.level
                ranked = True
            else:
                level = max(1, h.level + md_shift)
                if not ranked:
                    unranked.append(len(raw))
            if h.level == 1:
                md_tops += 1
                md_title = md_title or not raw and not h.key
            if h.key and "." not in h.key:
                # ("# 主题综述" / "- 作者：…" / "## §0 自检栏", "## 一、…": the title line, as before "§0 自检栏"
                # without "##"; a Markdown survey's "# Title" over "## 1 Background": md_title, below)
                title_first = title_first or len(raw) == 1 and (h.number[:1] == "§" or h.number[:1] in _CN_FIRST)
                current_top, top_at = h.key, (lineno, h.number.removeprefix("§"))
            elif h.key and current_top is not None and h.key.split(".")[0] != current_top:
                others.append((lineno, h.key, h.number, top_at, h.title))
            raw.append((lineno, level, key, h.number, h.title))
        elif h.style.startswith("setext") and use_md and i > 0:
            prev = lines[i - 1].strip()
            if prev and headings[i - 1] is None and _can_be_setext_title(lines, headings, i - 1) and (
                not raw or raw[-1][0] != lineno - 1
            ):
                level = max(1, (1 if h.style.endswith("1") else 2) + md_shift)
                if not ranked:
                    unranked.append(len(raw))
                if h.style.endswith("1"):
                    md_tops += 1
                    md_title = md_title or not raw
                raw.append((lineno - 1, level, f"h{lineno - 1}", "", prev))
        elif h.style == "numbered-top" and use_numbered:
            title_first = title_first or len(raw) == 1  # the first section after one heading
            current_top, top_at = h.key, (lineno, h.number.removeprefix("§"))
            raw.append((lineno, 1, h.key, h.number, h.title))
        elif h.style == "numbered-sub" and use_numbered:
            # "2.1 …" is a heading only inside top section 2: keeps "3.5 GB of …" prose out.
            if current_top is not None and h.key.split(".")[0] == current_top:
                raw.append((lineno, h.level, h.key, h.number, h.title))
            elif current_top is not None:
                others.append((lineno, h.key, h.number, top_at, h.title))
    if title_first and len(raw) > 1 and raw[0][1] == 1 and not raw[0][3]:
        # "# 主题综述 · llm-infra" right before "§0 …" / "一、…": the survey's title line, which the header holds
        # (with the author and the notes under it), as it does the same line without "#".
        del raw[0]
    elif md_title and md_tops == 1 and len(raw) > 1:
        # "# Serving LLMs at Scale" / "Author: …" / "## 1 Introduction" or "## Limitations": a Markdown survey's
        # one "#" heading, first, over "##" sections is its title, which the header holds with the lines under it
        # (several "#" headings are the survey's sections; it was a section holding the whole text, and a header
        # scope or claim zone found nothing). The "##" sections are top sections, as "## 1 Introduction" is.
        # (Judged on the headings alone: an edit of other lines, which the incremental pass only moves, can't
        # change it.)
        del raw[0]
        title_block = True
        for j in unranked[1:]:
            line, level, key, number, title = raw[j - 1]
            raw[j - 1] = (line, max(1, level - 1), key, number, title)
    strays = strays_of(others, raw, last_body) if others else ()
    # End lines in one pass: a section ends before the next heading of its level or higher, and before a stray
    # of its level (4.4 moved under §三 ends §3.3, not counted in it; it stays in §三, which holds it).
    ends = [last_body] * len(raw)
    pending: list[tuple[int, int]] = []  # (level, index) of sections still looking for their end
    bounds = enumerate(raw) if not strays else _with_strays(raw, strays)
    for idx, (line, level, *_rest) in bounds:
        while pending and pending[-1][0] >= level:
            ends[pending.pop()[1]] = line - 1
        if idx >= 0:
            pending.append((level, idx))
    sections: list[Section] = []
    stack: list[tuple[int, str]] = []  # (level, key)
    repeats: dict[str, int] = {}
    for idx, (line, level, key, number, title) in enumerate(raw):
        while stack and stack[-1][0] >= level:
            stack.pop()
        parent = stack[-1][1] if stack else None
        n_seen = repeats.get(key, 0) + 1
        repeats[key] = n_seen
        unique = key if n_seen == 1 else f"{key}#{n_seen}"  # repeated numbers (e.g. the sample x 300)
        sections.append(Section(unique, number, title, level, line, max(ends[idx], line), parent))
        stack.append((level, unique))
    first = raw[0][0] if raw else None
    if first is None:
        header = (1, last_body) if last_body >= 1 else None
    else:
        header = (1, first - 1) if first > 1 else None
    if fence is not None:  # a fence never closed runs to the end, as Markdown has it
        blocks.append((fence_line, last_body))
    return Outline(sections, header, footer_line, last_body, tuple(blocks), strays, title_block)


def _with_strays(raw, strays):
    """(index, heading) of the outline's headings and, index -1, the strays that are no heading of it, in line order."""
    at = {r[0] for r in raw}
    extra = [(-1, (s.line, s.number.count(".") + 1)) for s in strays if s.line not in at]
    return sorted([*enumerate(raw), *extra], key=lambda item: item[1][0])


def strays_of(others: Sequence[tuple[int, str, str, tuple[int, str], str]],
              raw: Sequence[tuple[int, int, str, str, str]] = (), last_body: int = 0) -> tuple[Stray, ...]:
    """The sub-sections left under another top section: of the numbered lines a top section holds whose number
    is another's ("8.1 …" under "九、"), those of a run that starts at that number's first sub-section ("8.1", then
    "8.2" …), and a sub-section moved out of its section on its own ("4.4 法律…" moved under §三 while §四 keeps
    4.1-4.3): one numbered as the gap or the next of a top section the survey has, written as a heading (no
    sentence end). A line of prose that starts with a figure ("3.5 GB …", "1.5 倍 …") is neither.
    `raw` (the outline's headings: line, level, key, number, title) places each one's end."""
    subs: dict[str, set[int]] = {}  # top number -> the numbers of its sub-sections ("4" -> {1, 2, 3})
    for _line, _level, key, _number, _title in raw:
        top, dot, rest = key.partition(".")
        if not dot:
            subs.setdefault(top, set())
        elif rest.isdigit() and top in subs:
            subs[top].add(int(rest))
    found: list[tuple[int, str, str, int, str]] = []
    started: set[tuple[int, str]] = set()  # (top section line, number of the run) of the runs that start right
    for line, key, number, (top_line, top), title in others:
        run = (top_line, key.split(".")[0])
        if run not in started:
            if key == run[1] + ".1":
                started.add(run)
            elif not _moved_out(key, title, subs):
                continue
        found.append((line, number, top, top_line, title))
    if not found:
        return ()
    starts = sorted({r[0] for r in raw} | {f[0] for f in found})
    out = []
    for line, number, top, top_line, title in found:
        j = bisect_right(starts, line)
        end = starts[j] - 1 if j < len(starts) else last_body
        out.append(Stray(line, number, top, top_line, title, max(end, line)))
    return tuple(out)


def _moved_out(key: str, title: str, subs: dict[str, set[int]]) -> bool:
    """Whether "N.k title" reads as sub-section k of top section N moved elsewhere: N is a top section with
    sub-sections, k is the gap in them or the next after them, and the title ends no sentence."""
    top, _, rest = key.partition(".")
    have = subs.get(top)
    if not have or not rest.isdigit() or title[-1:] in _SENTENCE_ENDS or _UNIT_FIRST.match(title):
        return False
    k = int(rest)
    return k not in have and k <= max(have) + 1


_SENTENCE_ENDS = frozenset("。．.！!？?；;，,：:")
# a figure's unit after the number ("2.4 倍吞吐", "3.4 GB 显存", "1.5 pp"): prose, not a heading's title
_UNIT_FIRST = re.compile(r"(?:[倍万亿千百元秒分天个件篇行次％%×x]|[KMGTkmgt]i?B|ms|s|pp|tok|B|美元|小时)(?![A-Za-z])")


_NOT_SETEXT_TITLE = re.compile(r"[|>]|[-*+](?:[ \t]|$)|\d{1,9}[.)](?:[ \t]|$)|<[A-Za-z/!?]")


def _can_be_setext_title(lines: Sequence[str], headings: Sequence[Heading | None], i: int) -> bool:
    """Whether line i (0-based), followed by a `---`/`===` underline, is a heading's title: not a table row, a
    quote, a list item ("- a", "1. a": the `---` after it is a rule), an HTML line (`<!-- … -->`), nor code
    indented by four spaces (after a blank line or a heading; after prose it continues the paragraph)."""
    line = lines[i]
    stripped = line.lstrip(" ")
    if _NOT_SETEXT_TITLE.match(stripped):
        return False
    if line[:1] == "\t" or len(line) - len(stripped) >= 4:
        return i > 0 and bool(lines[i - 1].strip()) and headings[i - 1] is None
    return True


def _front_matter_end(headings: Sequence[Heading | None], last: int) -> int:
    """The closing line of a front matter block (`---` on the first line, `title: …`, …, `---`), else 0: its
    closing `---` is no setext underline. Judged on the headings alone (the first one after line 1 closes it),
    so that an edit between them, which the incremental pass does not look at, cannot change it. A `# …` line in it
    is a YAML comment (Obsidian's and Hugo's templates write them), no heading; a block of nothing but such lines
    (`---` / `# Title` / `---`) is a rule, a heading and a rule, as before."""
    first = headings[0] if last >= 3 else None
    if first is None or first.style != "setext-underline-2":
        return 0
    comments = 0
    for j in range(1, last):
        h = headings[j]
        if h is None:
            continue
        if h.style == "atx":
            comments += 1
            continue
        return j + 1 if j - 1 > comments and h.style == "setext-underline-2" else 0
    return 0


def front_matter_end(lines: Sequence[str]) -> int:
    """The last line (1-based) of the front matter block the text opens with, else 0, as build_outline reads it
    (the Preview and the report leave it out of the survey they show). Only the lines up to its end are read."""
    heads: list[Heading | None] = []
    for line in lines:
        h = heading_in_line(line)
        heads.append(h)
        if len(heads) == 1 and (h is None or h.style != "setext-underline-2"):
            return 0  # (no "---" first: no front matter)
        if len(heads) > 1 and h is not None and h.style != "atx":
            break  # (the first heading after it, but a YAML comment, decides)
    return _front_matter_end(heads, len(heads))


def in_blocks(line: int, blocks: Sequence[tuple[int, int]]) -> bool:
    """Whether the (1-based) line lies in one of the blocks (sorted, not overlapping: Outline.not_prose)."""
    j = bisect_right(blocks, (line, _AFTER_ALL)) - 1
    return j >= 0 and blocks[j][1] >= line


_AFTER_ALL = float("inf")


def find_footer(lines: Sequence[str], footer_re: re.Pattern[str] | None) -> int | None:
    """The footer's line (1-based): the last line of text among the last five, when the pack's pattern finds it."""
    if footer_re is None:
        return None
    for i in range(len(lines) - 1, max(-1, len(lines) - 6), -1):
        line = lines[i].strip()
        if line and not _NOT_TEXT.match(line):
            return i + 1 if footer_re.search(lines[i]) else None
    return None


# After the signature line: a comment (`<!-- survey-check enable … -->` closing a block) or a rule is no text.
_NOT_TEXT = re.compile(r"(?:<!--.*?-->\s*)+$|([-*_])(?:\s*\1){2,}$")
