"""Find the arXiv papers a survey cites, line by line, with the name, date and category it states for each.

`citations_in_line` looks at one line only (callers memoise it per line text); `assemble_references` merges
the lines into one `Reference` per paper and judges each id locally (malformed / impossible, never sent).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from datetime import date

from .arxiv_ids import OLD_ARCHIVES, ArxivId, explain_malformed, parse_arxiv_id, problem_with
from .model import Occurrence, Reference
from .records import record
from .row_cells import border_at, borders_before, cell_text, escaped_at, next_border, split_cells


@record(frozen=True)
class RawCitation:
    """One place a line cites an arXiv paper, and what the line says about it."""

    column: int  # 1-based, where `raw` starts
    raw: str  # as written: "arXiv:2609.11582v1", "2607.26627", "hep-th/9901001"
    id: str  # canonical id without version, or the text after "arXiv:" when it is not an id
    version: str | None = None  # "v1" when the line states one
    name: str | None = None  # the survey's name for the paper: "OmniKVQuant", "Φ-Bench"
    stated_date: str | None = None  # "2026-09-10" or "2026-05"
    stated_category: str | None = None  # "cs.CV"
    malformed: str | None = None  # why this is not a possible id (date-independent), else None

    def __eq__(self, other: object) -> bool:  # (replaced by `record`: written for mypyc, see records.py)
        return NotImplemented

    def __init__(self, column: int, raw: str, id: str, version: str | None = None, name: str | None = None,
                 stated_date: str | None = None, stated_category: str | None = None,
                 malformed: str | None = None) -> None:
        d = self.__dict__  # frozen: set in the instance dict, not through __setattr__
        d["column"] = column
        d["raw"] = raw
        d["id"] = id
        d["version"] = version
        d["name"] = name
        d["stated_date"] = stated_date
        d["stated_category"] = stated_category
        d["malformed"] = malformed



# Paper names are written in Latin (with accents) and Greek letters: A-Z a-z U+00C0-U+024F U+0370-U+03FF. A name
# word starts with a letter and goes on with letters, ASCII digits and - + & ' . ; later words may start with a
# digit ("Llama 3"); words are joined by single spaces. (Sets, not regex classes: a regex class over these ranges
# costs ~0.5 ms to compile, over the CJK ranges ~4 ms.)
_LETTERS = frozenset(map(chr, [*range(0x41, 0x5B), *range(0x61, 0x7B), *range(0xC0, 0x250), *range(0x370, 0x400)]))
_WORD_START = _LETTERS | frozenset("0123456789")  # a later word's first character
_NAME_CHARS = _WORD_START | frozenset("-+&'.")
_NAME_RUN = re.compile(r"[A-Za-z\u00c0-\u024f\u0370-\u03ff0-9\-+&'.]*")  # (the one regex class of them)
_BEFORE_CJK_NAME = frozenset("：:/、，,|=+#（(")  # (or white space) before a CJK name in "NAME（"

# After "arXiv:" an attempt at an id holds a digit, or is a placeholder for one ("arXiv:XXXX.XXXXX",
# "arXiv: YYMM.NNNNN", "arXiv:TBD": flagged malformed, a reminder); a word is prose naming a paper, no id ("3 篇
# arXiv：EdgeQuant https://…", "另见 arXiv: TinyServe 一文", "arXiv:cs.CL"). Not matched at all, so that
# "arXiv: arXiv:2609.11582" cites the id. (Read inside the prefix's (?i:…).)
_ID_ATTEMPT = r"(?=[A-Za-z.\-/]*\d|(?:[a-z]{4}\.[a-z]{4,5}|x+|tbd|tba|todo)[.\-/]*(?![A-Za-z0-9.\-/]))"
# The prefixed form "(?<![A-Za-z])(?i:arxiv\s*[:：]\s*ID_ATTEMPT|arxiv\.org/(?:abs|pdf)/)" + _PREFIX_TAIL, found from its
# x: one regex for "x" and one for "X" (re searches for one plain character in C, several times faster than for
# any of several), "ar" and the character before it checked behind the x. Such a match starts two characters
# before its x.
_PREFIX_TAIL = r"(?P<ptoken>[A-Za-z0-9][A-Za-z0-9.\-/]*)(?:[ ](?P<spaced_version>v[1-9]\d*)(?![A-Za-z0-9.]))?"
_PREFIXED_AT_X = tuple(
    # ("(?:：\s*|:\s*)" is "[:：]\s*" written so that re does not fold it into a class, costly to compile)
    # (arXiv's pages: abs/, pdf/, html/; its DOI "10.48550/arXiv.2609.11582")
    re.compile(rf"{x}(?<=(?<![A-Za-z])[Aa][Rr]{x})(?i:iv\s*(?:：\s*|:\s*){_ID_ATTEMPT}|iv\.org/(?:abs|pdf|html)/"
               r"|iv\.(?=\d{4}\.\d))" + _PREFIX_TAIL)
    for x in "xX"
)
_PREFIXED_AT_LOWER_X, _PREFIXED_AT_UPPER_X = _PREFIXED_AT_X
# Old-style ids (rare since 2007) and "arXiv id: NNNN.NNNNN" are compiled on first use (re keeps them).
_OLD = r"(?<![A-Za-z0-9./\-])(?P<otoken>[a-z]+(?:-[a-z]+)?(?:\.[A-Za-z]{2})?/\d{7}(?:v[1-9]\d*)?)(?![A-Za-z0-9/])"
_NEW_TAIL = r"\d{4,5}(?:v[1-9]\d*)?(?![A-Za-z0-9_]|\.\d|[\-/]\d)"
# A bare id "(?<![A-Za-z0-9./:\-_$#@])\d{4}\." + _NEW_TAIL found from its dot (re searches for a plain "." in C),
# the four digits checked behind it: the id starts four characters before the match.
_NEW_AT_DOT = re.compile(rf"\.(?<=(?<![A-Za-z0-9./:\-_$#@])\d{{4}}\.){_NEW_TAIL}")
_OLD_SLASH = re.compile(r"/\d{7}")  # every old-style id holds this
# DBLP's form of an arXiv id: "CoRR abs/2609.11582", BibTeX "volume = {abs/2609.11582}" (CoRR is DBLP's name for
# arXiv). Form 3, looked for only on lines holding "abs/"; the citation's text starts at "abs/".
_DBLP_ABS = re.compile(r"(?:(?<![A-Za-z])CoRR[\s,]*|(?<![A-Za-z])(?i:volume)\s*=\s*[{\"]\s*)(?P<dtoken>abs/\d{4}\.\d{4,5}"
                       r"(?:v[1-9]\d*)?)(?![A-Za-z0-9_]|\.\d|[\-/]\d)")

_NAME_WINDOW = 200  # a name before a citation is never longer than this
_OPEN = "（("
_OPEN_SET = frozenset(_OPEN)  # (for a character that may be "": "" is in every string, in no set)
_CLOSE = "）)"
_CLOSE_SET = frozenset(_CLOSE)
_PAREN = re.compile(r"[（()）]")
_FLAT_GROUP_REST = re.compile(r"[^（()）]*[）)]")  # the rest of a group up to its closing parenthesis, none between
_LIST_BEFORE = set("：:/、，,;；-*•·|=+#")
_ID_LIST_SEPARATORS = "/、，,;；"  # "2607.26627 / 2608.07009、2605.19537": a list of bare ids
_BARE_ID_NEXT = re.compile(r"\s*\d{4}\.\d{4,5}(?![\d.])")
_BARE_ID_BEFORE = re.compile(r"(?<![\d.])\d{4}\.\d{4,5}(?:v[1-9]\d*)?\s*$")
# A paper's name never starts with a particle: "arXiv:2607.26627 的线上数据来自单一业务，…" goes on with the sentence
_NOT_NAME_STARTS = set("的了是把被将对于与和及或在从")
_IN_PLACE_ENDS = frozenset("中里上内")  # "在 arXiv:… 中讨论": the end of "在 … 中", not a name
# nor with a verb: "见 arXiv:2607.26627 给出了数据。" says what the paper does (not its name "给出了数据")
_NOT_NAME_VERBS = ("提出", "给出", "表明", "显示", "指出", "发现", "证明", "采用", "使用", "报告", "认为", "介绍",
                   "描述", "讨论", "展示", "实现", "测得", "提供", "得到", "研究了", "分析了", "分析", "针对", "通过",
                   "首次")
# a CJK word before "（arXiv:…）" that points at the paper, not its name: "另见（arXiv:…）", "例如（…）"
_CJK_POINTERS = ("见", "例如", "比如", "包括", "参考", "参阅", "引自", "来自")
# What a survey calls a paper or a place in itself instead of naming it ("相关工作（arXiv:…）", "见附录（arXiv:…）",
# "同期研究", "本文方法", "我们的工作"): a run of CJK made of these words only (and the pointers) is no name either.
_GENERIC_WORDS = _CJK_POINTERS + (
    "详见", "参见", "另见", "可见", "如", "即", "同",  # more pointers
    "相关", "同期", "前期", "先前", "此前", "已有", "现有", "近期", "近来", "最新", "早期", "后续", "其他", "其它",
    "上述", "前述", "所述", "该", "此", "本", "我们", "代表性", "代表", "经典", "典型", "一些", "部分", "若干", "多项",
    "等", "的",  # which ones
    "工作", "研究", "文献", "论文", "文章", "附录", "原文", "正文", "全文", "摘要", "方法", "方案", "综述", "前文",
    "上文", "下文", "后文", "表", "图", "节", "章", "脚注", "引用", "出处", "来源", "链接", "预印本", "报告", "实验",
    "结果", "数据",  # what
)
_LIST_MARKERS = ("★", "☆", "/", "|", "；", ";", "，", ",", "。", "·")
_NOT_NAMES = {
    "html", "pdf", "abs", "abstract", "table", "figure", "fig", "section", "appendix", "page", "pages",
    "github", "code", "paper", "preprint", "vs", "and", "or", "see", "cf", "also", "via", "in", "on", "of",
    "the", "a", "an", "et", "al", "with", "from", "by", "to", "at", "is", "are", "was", "for", "which",
    "that", "this", "we", "it", "shows", "show", "has", "have", "reports", "proposes", "e.g.", "i.e.",
    "ok", "verified", "unverified", "checked", "unchecked", "todo", "tbd",  # a status after an id, not a name
}
# What the author says about checking a paper ("arXiv:2609.11582 v1 摘要级已抽查（…）", "| 2609.11582 | 已核验 |"):
# a run of CJK made of these words only is a status, not the paper's name. The checks, what they were made on and
# how far they got; a status phrase holds at least one check or one level.
_STATUS_CHECKS = ("抽查", "抽检", "核验", "核对", "核实", "复核", "复查", "验证", "确认", "比对")
_STATUS_LEVELS = ("摘要级", "全文级", "正文级")
_STATUS_WORDS = _STATUS_CHECKS + _STATUS_LEVELS + (
    "尚未", "二次", "再次", "已", "待", "未", "仅", "均", "摘要", "全文", "正文", "通过", "完成", "中", "过")


def _by_start(words: Iterable[str], marked: Iterable[str] = ()) -> dict[str, tuple[tuple[str, bool], ...]]:
    """first character -> (word, whether it is one of `marked`), longest first ("摘要级" before "摘要"): the table
    `_made_of` reads a run of CJK with."""
    marked = frozenset(marked)
    table: dict[str, tuple[tuple[str, bool], ...]] = {}
    for word in sorted(words, key=len, reverse=True):
        table[word[0]] = (*table.get(word[0], ()), (word, word in marked))
    return table


# (a status phrase holds a check or a level: the marked words)
_STATUS_BY_START = _by_start(_STATUS_WORDS, _STATUS_CHECKS + _STATUS_LEVELS)
_GENERIC_BY_START = _by_start(_GENERIC_WORDS)
_STOP_BEFORE = {
    "see", "cf", "cf.", "the", "by", "in", "of", "from", "and", "with", "as", "also", "et", "al", "al.",
    "e.g.", "i.e.", "vs", "vs.", "on", "to", "for", "a", "an", "is", "are", "at",
}
# A stated date "(?<!\d)(?:19|20)\d\d-MM(?:-DD)?(?!\d)" found from its first "-" (re searches for a plain character in
# C; a pattern led by a lookbehind is tried at every position), the year checked behind it: the date starts four
# characters before the match (`_date_in`).
_DATE_AT_DASH = re.compile(r"-(?<=(?<!\d)(?:19|20)\d\d-)(?:0[1-9]|1[0-2])(?:-(?:0[1-9]|[12]\d|3[01]))?(?!\d)")
# A stated category: "(?<![A-Za-z.\-])((?:cs|math|…|nlin)\.[A-Za-z][A-Za-z\-]*|hep-th|…|nucl-ex)(?![A-Za-z])", written
# as one alternative per archive, each led by its first letter with the lookbehind after it: then re scans for those
# letters in C (a pattern led by a lookbehind is tried at every position; ~0.3 µs less a search).
_DOT_ARCHIVES = ("cs", "math", "stat", "eess", "econ", "q-bio", "q-fin", "astro-ph", "cond-mat", "physics", "nlin")
_WHOLE_ARCHIVES = ("hep-th", "hep-ph", "hep-ex", "hep-lat", "gr-qc", "quant-ph", "math-ph", "nucl-th", "nucl-ex")
_CATEGORY = re.compile("(" + "|".join(
    [rf"{a[0]}(?<![A-Za-z.\-]{a[0]}){re.escape(a[1:])}\.[A-Za-z][A-Za-z\-]*" for a in _DOT_ARCHIVES]
    + [rf"{a[0]}(?<![A-Za-z.\-]{a[0]}){re.escape(a[1:])}" for a in _WHOLE_ARCHIVES]) + r")(?![A-Za-z])")
_META_VERSION = re.compile(r"(v(?<![A-Za-z0-9.]v)[1-9]\d*)(?![A-Za-z0-9.])")  # (led by its "v", lookbehind after it)
_ARXIV_BEFORE = r"(?i)arxiv(?:\s*id)?\s*[:：]?\s*$"
_BIBTEX_BEFORE = re.compile(r"(?i)(?<![A-Za-z])(?:eprint|arxivid|arxiv)\s*=\s*[{\"]\s*$")
# "(?<!\d)(?:19|20)\d{2}(?!\d)" with the look behind after "19"/"20" (then re scans for their first digits instead of
# trying the lookbehind at every position): no digit before them, as no three digits end after them.
_YEAR = re.compile(r"(?:19|20)(?<!\d\d\d)\d{2}(?!\d)")
_ID_FACTS: dict[str, tuple[ArxivId | None, str | None]] = {}  # token -> (parsed id, why it cannot be one)
_ID_FACTS_LIMIT = 50_000


def _id_facts(token: str) -> tuple[ArxivId | None, str | None]:
    """`parse_arxiv_id` and its date-independent problem for a token, memoised (ids repeat across lines)."""
    facts = _ID_FACTS.get(token)
    if facts is None:
        if len(_ID_FACTS) >= _ID_FACTS_LIMIT:
            _ID_FACTS.clear()
        aid = parse_arxiv_id(token)
        facts = _ID_FACTS[token] = (aid, explain_malformed(token) if aid is None else problem_with(aid, date.max))
    return facts


def _date_in(text: str) -> str | None:
    """The first date stated in the text ("2026-09-10", "2026-05"), or None."""
    m = _DATE_AT_DASH.search(text)
    return None if m is None else text[m.start() - 4 : m.end()]


# A month as Chinese writers give it beside an id: "2026 年 7 月", "2026年7月", "2026.07", "2026/07" (two-digit month
# after "." or "/": "2026.7" may be a figure). Read only in the facts stated with an id. Compiled on first use.
_CN_DATE = (r"(?<!\d)((?:19|20)\d\d)(?:\s*年\s*(0?[1-9]|1[0-2])\s*月|[./](0[1-9]|1[0-2])(?![\d./]))")


def _may_hold_cn_date(text: str) -> bool:
    """Whether _cn_date_in can find a month in the text (it needs a 年, "." or "/")."""
    return "年" in text or "." in text or "/" in text


def _cn_date_in(text: str) -> str | None:
    """The first month written the Chinese way in the text, as "2026-07", or None."""
    m = re.search(_CN_DATE, text)
    return None if m is None else f"{m[1]}-{int(m[2] or m[3]):02d}"


def _is_cjk(ch: str) -> bool:
    return "\u4e00" <= ch <= "\u9fff" or "\u3400" <= ch <= "\u4dbf" or "\uf900" <= ch <= "\ufaff"


def _has_cjk(text: str) -> bool:
    """any(map(_is_cjk, text)) without a call for each character of a text that is mostly Latin (a reference's
    title): no CJK character is ASCII or comes before U+3400 (isascii and max run in C)."""
    return not text.isascii() and max(text) >= "\u3400" and any(map(_is_cjk, text))


def _may_be_prefixed(text: str) -> bool:
    """Whether "arXiv:" can be on the line (a malformed id after it, "arXiv:2606-03458", may hold no "." or "/")."""
    return ("X" in text and ("rX" in text or "RX" in text)) or ("x" in text and ("rx" in text or "Rx" in text))


def citations_in_line(text: str) -> tuple[RawCitation, ...]:
    """Every arXiv citation on one line, left to right. Pure: depends on `text` only."""
    dot, slash = "." in text, "/" in text
    if not dot and not slash and not _may_be_prefixed(text):
        return ()
    found = _id_matches(text, dot, slash)  # (left to right, none overlapping)
    if not found:
        return ()
    out: list[RawCitation] = []
    # what every citation on the line asks of the whole line, found once for all of them: a Markdown link, Chinese
    # title marks, the marker of a reference-list entry the line starts with ("[12] ", "[^3]: ", "12. ", "- ")
    link = "]" in text and "](" in text
    book = "》" in text
    entry = _ENTRY_MARKER.match(text) if text[:1] in " [0123456789-*+" else None
    # (with none of them, names are read by _name_around alone, which is what _name_and_metadata comes to then)
    plain_line = not (link or book or entry is not None)
    for s, e, form, m in found:
        # the id as written at text[s:e], and its token
        spaced = None
        if form == 2:  # a bare YYMM.NNNNN
            if not _bare_in_citation_context(text, s, e) or (
                    not 1 <= int(text[s + 2 : s + 4]) <= 12 and not _alone_in_cell_or_parens(text, s, e)
                    and not _one_of_an_id_list(text, s, e)) \
                    or _figure_or_version(text, s, e):
                continue  # (a month 13 or 00 is an impossible id only where nothing but an id can stand)
            token = text[s:e]
        elif form == 0:  # "arXiv:…", an arxiv.org address
            token = m[1].rstrip(".-/")
            if token[-4:-3] == "." and token[-3:].lower() == "pdf":  # "arxiv.org/pdf/2609.11582v2.pdf": the file
                token = token[:-4]
            spaced = m[2]  # "arXiv:2609.11582 v1"
            if not spaced:
                e = m.start(1) + len(token)
        elif form == 1:  # old style: hep-th/9901001
            token = m[1]
            if token.split("/")[0].split(".")[0] not in OLD_ARCHIVES:
                continue
        else:  # DBLP's "CoRR abs/…"
            token = text[s + 4 : e]
        facts = _ID_FACTS.get(token)
        aid, problem = facts if facts is not None else _id_facts(token)
        if aid is None:
            out.append(RawCitation(s + 1, text[s:e], token, None, None, None, None, problem))
            continue
        version = aid.version or spaced
        # (read from the parenthesis when only an address's or a DOI's start stands between: "Atlas（DOI 10.48550/…")
        ns = _after_lead_in(text, s) if s and text[s - 1] in _LEAD_IN_ENDS else s
        name, meta, plain = _name_around(text, ns, e) if plain_line else \
            _name_and_metadata(text, ns, e, link, book, entry)
        if meta:
            out.append(_with_stated_facts(text, s, e, aid.base, version, name, meta, plain, problem))
        else:
            out.append(RawCitation(s + 1, text[s:e], aid.base, version, name, None, None, problem))
    if len(out) > 1 and link:
        out = _one_per_link(text, out)
    return tuple(out)


# What may stand between "（" and an id inside it: an address's or arXiv's DOI's start, the word arXiv ("Atlas（DOI
# 10.48550/arXiv.…）", "（https://arxiv.org/abs/…）", "（arXiv 2611.04567）", "（arXiv id: …）"). Compiled on first use.
_LEAD_IN = (r"(?i)\s*(?:(?:doi\s*[:：]?\s*)?(?:https?://)?(?:dx\.)?(?:doi\.org/)?10\.48550/|https?://(?:www\.|export\.)?"
            r"|arxiv(?:\s*id)?\s*[:：]?\s*)")
_LEAD_IN_ENDS = frozenset("/ :：")
_LEAD_IN_STARTS = frozenset("aAdDhH1")  # (after white space)


def _after_lead_in(text: str, s: int) -> int:
    """Where the name is read from for the id at text[s]: right after the parenthesis that opens before it when
    only a lead-in (_LEAD_IN) stands between, so that the name before the parenthesis is read as for
    "Atlas（arXiv:…）" (not lost, nor read with the lead-in as "KVShare（DOI 10.48550/"); else s."""
    lo = s - 40 if s > 40 else 0
    p = max(text.rfind("（", lo, s), text.rfind("(", lo, s))
    if p < 0:
        return s
    between = text[p + 1 : s]
    # (a lead-in starts with doi, dx., http, 10.48550 or arXiv, and ends in "/" or "." or holds the word arXiv)
    if between.lstrip()[:1] not in _LEAD_IN_STARTS or (
            text[s - 1] not in "/." and "x" not in between and "X" not in between):
        return s
    return s if re.fullmatch(_LEAD_IN, between) is None else p + 1


def _one_per_link(text: str, found: list[RawCitation]) -> list[RawCitation]:
    """The citations without the link target's repeat of the id its text cites ("[arXiv:2609.11582](https://arxiv
    .org/abs/2609.11582)" cites the paper once)."""
    out = [found[0]]
    for c in found[1:]:
        p = out[-1]
        between = text[p.column - 1 + len(p.raw) : c.column - 1]
        if not (c.id == p.id and c.version == p.version and "](" in between
                and not any(map(str.isspace, between))):
            out.append(c)
    return out


def _found_from(rx: re.Pattern[str], text: str, back: int, kind: int, out: list) -> int:
    """Append (start, end, kind, match) for each match of `rx` in `text`, each found by a search from the last one's
    end, its start `back` characters before where the match begins (the pattern is anchored on a later character,
    the x of "arXiv:" or the dot of "2609.11582", which a search finds faster); 1 if any was found, else 0."""
    m = rx.search(text)
    if m is None:
        return 0
    while m is not None:
        at, end = m.span()
        out.append((at - back, end, kind, m))
        m = rx.search(text, end)
    return 1


def _id_matches(text: str, dot: bool, slash: bool) -> list[tuple[int, int, int, re.Match[str]]]:
    """What one scan with the three id forms as alternatives (prefixed | old | new) finds, left to right, as
    (start, end, form 0/1/2, match), and DBLP's "CoRR abs/ID" (form 3, which none of the three can overlap).

    Each form is looked for only where it can be, by regexes led by a plain character (re finds those in C), and
    with `search` from the last match's end (what finditer does, without its scanner: most lines hold no id).
    Matches that neither overlap nor start together are exactly what the one scan finds; when some do (rare),
    the scan is replayed form by form (`_one_scan`), where two starting together go to the earlier form. (One
    form's own matches never overlap: each starts after the last one's end.) `dot`, `slash`: whether the line holds
    a "." and a "/".
    """
    out: list[tuple[int, int, int, re.Match[str]]] = []
    streams = 0
    # ("arXiv": the X first, the common case; each pattern checks "ar"/"AR" behind its x: a line without them has none)
    if "X" in text and ("rX" in text or "RX" in text):
        streams += _found_from(_PREFIXED_AT_UPPER_X, text, 2, 0, out)
    if "x" in text and ("rx" in text or "Rx" in text):
        streams += _found_from(_PREFIXED_AT_LOWER_X, text, 2, 0, out)
    may_old = slash and _OLD_SLASH.search(text) is not None
    if may_old:
        n = len(out)
        out += [(m.start(), m.end(), 1, m) for m in re.finditer(_OLD, text)]
        streams += len(out) > n
    if dot:
        streams += _found_from(_NEW_AT_DOT, text, 4, 2, out)
    dblp: list[tuple[int, int, int, re.Match[str]]] | tuple[()] = ()
    if slash and "abs/" in text and ("CoRR" in text or "=" in text):  # (one of them stands before a DBLP id)
        dblp = [(m.start("dtoken"), m.end(), 3, m) for m in _DBLP_ABS.finditer(text)]
        if dblp:
            out += dblp
            streams += 1
    if streams > 1:
        out.sort(key=_start_and_form)
        end = -1
        for found in out:
            if found[0] < end:  # overlapping or starting together: replay the one scan
                replayed = _one_scan(text, "x" in text or "X" in text, may_old, dot)
                return sorted([*replayed, *dblp], key=_start_and_form) if dblp else replayed
            end = found[1]
    return out


def _start_and_form(found: tuple[int, int, int, re.Match[str]]) -> tuple[int, int]:
    return found[0], found[2]


def _next_prefixed(text: str, pos: int) -> tuple[int, int, int, re.Match[str]] | None:
    """The first prefixed id starting at or after pos, as (start, end, 0, match)."""
    best = None
    for x, finder in zip("xX", _PREFIXED_AT_X):
        if x in text:
            m = finder.search(text, pos + 2)
            if m is not None and (best is None or m.start() < best.start()):
                best = m
    return None if best is None else (best.start() - 2, best.end(), 0, best)


def _next_old(text: str, pos: int) -> tuple[int, int, int, re.Match[str]] | None:
    m = re.compile(_OLD).search(text, pos)
    return None if m is None else (m.start(), m.end(), 1, m)


def _next_new(text: str, pos: int) -> tuple[int, int, int, re.Match[str]] | None:
    """The first bare YYMM.NNNNN at or after pos, as (start, end, 2, match)."""
    m = _NEW_AT_DOT.search(text, pos + 4)
    return None if m is None else (m.start() - 4, m.end(), 2, m)


def _one_scan(text: str, may_prefix: bool, may_old: bool, may_new: bool) -> list[tuple[int, int, int, re.Match[str]]]:
    """The three forms' matches as one alternation scan takes them: from each match's end, the leftmost next
    (the earlier form when two start together)."""
    finders = [finder for may, finder in ((may_prefix, _next_prefixed), (may_old, _next_old), (may_new, _next_new))
               if may]
    found: list[tuple[int, int, int, re.Match[str]]] = []
    pending = [finder(text, 0) for finder in finders]
    pos = 0
    while True:
        best = None
        for k, finder in enumerate(finders):
            f = pending[k]
            if f is not None and f[0] < pos:
                f = pending[k] = finder(text, pos)
            if f is not None and (best is None or f[0] < best[0]):
                best = f
        if best is None:
            return found
        found.append(best)
        pos = best[1]


def _alone_in_cell_or_parens(text: str, s: int, e: int) -> bool:
    """Whether the bare id at text[s:e] stands alone in a table cell or in parentheses ("| 2613.01234 |",
    "（2613.01234）"), or after the word arXiv: there a typo'd month (13, 00) is an impossible id to flag, where in
    prose "（1200.0000 元）" is a figure."""
    before, after = text[:s].rstrip(" `"), text[e:].lstrip(" `")
    if before[-1:] in _OPEN_SET and after[:1] in _CLOSE_SET:
        return True
    # (a "\|" before it is a pipe in the cell's text, no border: "Φ\|2613.01234")
    if (before[-1:] == "|" and not escaped_at(before, len(before) - 1) or "|" in before and not before) \
            and (after[:1] == "|" or not after and "|" in before):
        return True
    window = text[max(0, s - 16) : s]
    return ("x" in window or "X" in window) and re.search(_ARXIV_BEFORE, window) is not None


# Lists of bare ids: an item beside the id's starts with a possible one (its month 01-12)
_POSSIBLE_ID_NEXT = re.compile(r"[ \t`]*\d\d(?:0[1-9]|1[0-2])\.\d{4,5}(?![\d.])")


def _one_of_an_id_list(text: str, s: int, e: int) -> bool:
    """Whether the bare id at text[s:e] starts an item of a list whose item before or after it starts with a
    possible id ("2609.13021 TreeSpec / 2613.27154 MedusaQ / 2608.22417 LongDraft", "2607.26627、2613.07009"): there,
    as in a table cell, a typo'd month (13, 00) is an impossible id to flag. (Asked of such an id in a list's
    context only, `_bare_in_citation_context`: rare.)"""
    p = len(text[:s].rstrip(" \t`")) - 1  # where the separator before its item is, if any
    sep = text[p] if p >= 0 else ""
    if sep and sep in _ID_LIST_SEPARATORS:
        q = text.rfind(sep, 0, p)  # the item before starts after the separator before it, or the list's colon
        start = q + 1 if q >= 0 else max(text.rfind("：", 0, p), text.rfind(":", 0, p)) + 1
        if _POSSIBLE_ID_NEXT.match(text, start, p) is not None:
            return True
        r = text.find(sep, e)
    else:  # the list's first item: the next one starts after the first separator after it
        r = min([i for i in (text.find(c, e) for c in _ID_LIST_SEPARATORS) if i >= 0], default=-1)
    return r >= 0 and _POSSIBLE_ID_NEXT.match(text, r + 1) is not None


# A unit after a bare number ("（1203.4567 ms）", "- 1203.4567 ms：vLLM 的 p50", "2048.1024 tok/s"), or a version
# word before it ("驱动版本（2501.12345）", "version 2501.12345"): a figure or a version that looks like an id. Compiled
# on first use (re keeps them).
_UNIT_AFTER = (r"[ \t\u00a0\u2009`]*(?:(?:ms|s|secs?|seconds?|mins?|minutes?|h|hours?|tok(?:en)?s?|[Rr]eq|QPS|qps|RPS"
               r"|rps|GiB|GB|MiB|MB|TB|kW|W|[TG]?FLOPS|fps|it/s)(?![A-Za-z0-9\-_.'+&])|[%×倍秒元万亿]|毫秒|分钟|小时|美元)")
_VERSION_BEFORE = r"(?i)(?:版本|version|ver\.?)[ \t`]*[（(：:=]?[ \t`]*\Z"
# What may stand before a unit, and the first characters of the units: a figure that no unit follows (most ids)
# is told without a match.
_UNIT_GAP = " \t\u00a0\u2009`"
_UNIT_STARTS = frozenset("mshtRrQqGMTkWFfi%×倍秒元万亿毫分小美")
_VERSION_WORD_ENDS = frozenset("本nNrR.")  # the last characters of 版本, version, ver, ver. (in any case)


def _may_end_version_word(before: str) -> bool:
    """Whether _VERSION_BEFORE can match the text: whether it ends in a version word's last character, but for white
    space, ` and one parenthesis, colon or = after the word."""
    tail = before.rstrip(" \t`")
    if tail and tail[-1] in "（(：:=":
        tail = tail[:-1].rstrip(" \t`")
    return tail[-1:] in _VERSION_WORD_ENDS


def _figure_or_version(text: str, s: int, e: int) -> bool:
    """Whether the bare id at text[s:e] is a figure followed by its unit or a version after the word for one, not
    a citation: the Figures tab reads "峰值延迟（1203.4567 ms）" as a latency. (A version of a paper, "arXiv 版本
    （2609.11582）", is cited.)"""
    after = text[e : e + 12]
    if after.lstrip(_UNIT_GAP)[:1] in _UNIT_STARTS and re.match(_UNIT_AFTER, after) is not None:
        return True
    before = text[max(0, s - 24) : s]
    return _may_end_version_word(before) and re.search(_VERSION_BEFORE, before) is not None \
        and "arxiv" not in before.lower() and "预印本" not in before


def _bare_in_citation_context(text: str, s: int, e: int) -> bool:
    """A bare YYMM.NNNNN counts only in a table cell, in parentheses, in a list, or after the word arXiv. (Any
    of the looks below says so: they are tried cheapest and commonest first.)"""
    i = s - 1  # the last character before it that is not white space: prev, text[i] ("" for none)
    prev = text[i] if i >= 0 else ""
    while prev.isspace() or prev == "`":  # (an id in inline code is cited as any other)
        i -= 1
        prev = text[i] if i >= 0 else ""
    k, n = e, len(text)  # the first one after it: nxt, text[k]
    nxt = text[k] if k < n else ""
    while nxt.isspace() or nxt == "`":
        k += 1
        nxt = text[k] if k < n else ""
    if prev in _OPEN or (nxt and nxt in _CLOSE):  # ("" is in every string: nothing before counts too)
        return True
    if prev in '{"' and _BIBTEX_BEFORE.search(text, max(0, s - 30), s):  # eprint = {2609.11582}
        return True
    if prev == "|" and (nxt == "|" or not nxt) and border_at(text, i):
        # (a table row without its outer pipes: "OmniKVQuant | 2609.11582"; "\|" is a pipe in a cell's text)
        return True
    if prev in _LIST_BEFORE and text[e : e + 1] == " " and e + 1 < n and not text[e + 1].isdigit() \
            and text[e + 1] not in "+-×x*/=<>~%" and not text[e + 1].isspace():
        return True
    window = text[max(0, s - 16) : s]
    if ("x" in window or "X" in window) and re.search(_ARXIV_BEFORE, window):
        return True
    # one of a list of bare ids ("9.1 7 件 arXiv" over "2607.26627 / 2608.07009 / 2605.19537"): joined to another
    if nxt and nxt in _ID_LIST_SEPARATORS and _BARE_ID_NEXT.match(text, k + 1):
        return True
    return bool(prev) and prev in _ID_LIST_SEPARATORS and _BARE_ID_BEFORE.search(text, max(0, i - 20), i) is not None


def _with_stated_facts(text: str, s: int, e: int, base: str, version: str | None, name: str | None, meta: str,
                       plain: str | None, problem: str | None) -> RawCitation:
    """The citation of the id at text[s:e] with what the facts stated with it (`meta`, "KAIST，cs.CV，2026-09-10"; `plain`:
    them with their ids blanked out, when already made) say: its date, its category and, unless written, its version."""
    if plain is None:
        plain = _strip_ids(meta)
    if version is None and "v" in plain:
        mv = _META_VERSION.search(plain)
        version = mv.group(1) if mv else None
    stated_date = stated_category = None
    if "-" in plain:
        stated_date = _date_in(plain)
    if stated_date is None and _may_hold_cn_date(plain):
        stated_date = _cn_date_in(plain)
    if "." in plain or "-" in plain:
        c = _CATEGORY.search(plain)
        stated_category = c.group(1) if c else None
    return RawCitation(s + 1, text[s:e], base, version, name, stated_date, stated_category, problem)


def _strip_ids(meta: str) -> str:
    """The text with every id blanked out, as re.sub(" ", …) with the prefixed form, then the bare one, would."""
    if "x" in meta or "X" in meta:  # (the prefixed form needs an x, the bare one a ".")
        meta = _blank(meta, _next_prefixed)
    if "." in meta:
        meta = _blank(meta, _next_new)
    return meta


def _blank(text: str, finder) -> str:
    pieces: list[str] = []
    pos = 0
    while (found := finder(text, pos)) is not None:
        pieces += text[pos : found[0]], " "
        pos = found[1]
    return "".join(pieces) + text[pos:] if pieces else text


def _paren_content(text: str, start: int) -> str:
    """Text from `start` up to the closing parenthesis of the group that is open at `start`."""
    if text[start : start + 1] in _CLOSE_SET:  # (nothing inside: "OmniKVQuant（2609.11582）", read at the id's end)
        return ""
    m = _FLAT_GROUP_REST.match(text, start)  # (most groups hold no parentheses: one match finds their end)
    if m is not None:
        return text[start : m.end() - 1]
    depth = 0
    pos = start
    while (m := _PAREN.search(text, pos)) is not None:
        i = m.start()
        if text[i] in _OPEN:
            depth += 1
        else:
            if depth == 0:
                return text[start:i]
            depth -= 1
        pos = i + 1
    return text[start:]


def _metadata_plain(content: str) -> str | None:
    """The content with its ids blanked out when it states a year or a category (facts about a paper), else None.
    (A date starts with a year: the year look finds every date too.)"""
    plain = _strip_ids(content)
    return plain if _YEAR.search(plain) or (("." in plain or "-" in plain) and _CATEGORY.search(plain)) else None


def _name_and_metadata(text: str, s: int, e: int, link: bool, book: bool,
                       entry: re.Match[str] | None) -> tuple[str | None, str | None, str | None]:
    """The name the line gives the paper cited at text[s:e], the parenthesised facts stated with it, and those
    facts with the ids blanked out when that was needed to find them (else None).

    An id in a Markdown link ("[OmniKVQuant](https://arxiv.org/abs/2609.11582)") is named by the link's text, or,
    that text being no name ("[arXiv:2609.11582](…)", "[PDF](…)"), read as the whole link; an id in an entry of a
    reference list ("[12] A. Kim. OmniKVQuant: …. arXiv:2609.11582, 2026.", "[^3]: OmniKVQuant, arXiv:…") is
    named by the title before it. (`link`, `book`: whether the line holds a link, title marks; `entry`: the
    marker of the entry the line starts, if it does.)
    """
    around = _link_around(text, s, e) if link else None
    if around is not None:
        s, e, label = around
        name = _link_name(label)
        if name is not None:
            k = e + 1 if text[e : e + 1] == " " else e
            meta = _paren_content(text, k + 1) if k < len(text) and text[k] in _OPEN else None
            return name, meta, None
    name, meta, plain = _name_around(text, s, e)
    if book and text.rfind("》", s - 8 if s > 8 else 0, s) >= 0:  # (as `"》" in text`, but only where it can stand)
        title = _book_title_before(text, s)
        if title is not None:
            return title, meta, plain
    if entry is not None and entry.end() <= s:
        last = s - 1
        while last >= 0 and (text[last].isspace() or text[last] == "`"):
            last -= 1
        # (not "Kim. OmniKVQuant（arXiv:…）": that name is found already; a bullet is an entry only when it ends
        # as one, the id last but for a year, and names its authors first: "- J. Kim. Title. arXiv:…, 2026.")
        bullet = entry.group("bullet") is not None
        if text[last] not in _OPEN and (not bullet or _ENTRY_END.fullmatch(text, e)):
            # ("[3] J. Kim. OmniKVQuant [arXiv:…]": the title ends before the bracket)
            title = _entry_title(text[entry.end() : last if text[last] == "[" else s], after_authors=bullet)
            if title is not None:
                name = title
    return name, meta, plain


def _book_title_before(text: str, s: int) -> str | None:
    """The title in Chinese title marks right before the id at text[s], "《OmniKVQuant: …》 arXiv:…",
    "《推理引擎可复现性》（arXiv:…）": the marks say where the title starts and ends (else the CJK words after the id,
    "…》 arXiv:2609.11582 提出了方法", were taken for its name)."""
    k = s - 1
    while k >= 0 and (text[k].isspace() or text[k] in "`（([，,：:"):
        k -= 1
    if k < 0 or text[k] != "》":
        return None
    start = text.rfind("《", max(0, k - _NAME_WINDOW), k)
    title = text[start + 1 : k].strip() if start >= 0 else ""
    return title if title and "》" not in title else None


_ENTRY_END = re.compile(r"[\s,.;，。；]*(?:\(?(?:19|20)\d{2}\)?[\s,.;，。；]*)?")


# [12] / [^3]: / 12. / a bullet ("- ", "* ", "+ "); a bullet before a number is a numbered entry ("- [6] AsymCache.
# arXiv:…": the number, not the authors, starts it)
_ENTRY_MARKER = re.compile(r"\s{0,3}(?:(?:[-*+]\s+)?\[\d{1,3}\]|\[\^[^\]\s]+\]:|\d{1,3}[.)]|(?P<bullet>[-*+]))\s+")
# what stands between a reference's title and its id: "., arXiv preprint ", ". In: ", ", "
_ENTRY_TAIL = re.compile(r"(?i)(?:[\s,.;:，。；：]|\barxiv\s+preprint\b|\bpreprint\b|\bin\b|\bcorr\b)*$")
# A character no such tail holds: not white space, a separator, nor a letter of its words (ignoring case, as the
# tail does: "İ" and "ı" are i). No tail starts before the last one in `before`: the search for the tail starts
# there (from the start, it tries every position of the entry). Compiled on first use (re keeps it).
_NOT_IN_ENTRY_TAIL = r"(?i)[^\s,.;:，。；：arxivpentco]"
# a sentence's end: "。", or "." and white space not after an initial ("A. Kim"; the lookbehind after the "." so that re
# scans for "." and "。" instead of trying the lookbehind at every position: ~3 times faster on an entry)
_SENTENCE_END = re.compile(r"\.(?<![ .][A-Z]\.)\s+|。")
_QUOTED = re.compile(r"[“\"]([^”\"]{2,})[”\"]")
_NOT_LINK_NAMES = {"pdf", "abs", "html", "link", "paper", "here", "code", "url", "arxiv", "this", "preprint",
                   "论文", "链接", "原文", "全文", "摘要", "地址"}


def _entry_title(before: str, *, after_authors: bool = False) -> str | None:
    """The title a reference-list entry states before its id (`before`: the entry up to the id): its quoted title,
    else its last sentence ("A. Kim, B. Lee. OmniKVQuant: …" -> "OmniKVQuant: …"), without the authors ("Kim et al.,
    OmniKVQuant"), `after_authors` only after them (a sentence before it, or a quoted Latin title); a CJK title only
    when a separator stands before the id ("推理引擎可复现性，arXiv:…", not "数据来自 arXiv:…")."""
    last = re.search(_NOT_IN_ENTRY_TAIL, before[::-1])  # (read back from the id)
    tail = _ENTRY_TAIL.search(before, len(before) - last.start() if last is not None else 0)
    body = before[: tail.start()]  # type: ignore[union-attr]
    separated = bool(before[tail.start() :].strip())  # type: ignore[union-attr]
    quoted = _QUOTED.findall(body)
    if quoted:
        candidate = quoted[-1].strip().rstrip(",.，。 ")
        if after_authors and _has_cjk(candidate):
            return None
    else:
        sentences = _SENTENCE_END.split(body)
        if after_authors and len(sentences) < 2:
            return None
        candidate = sentences[-1].strip().strip("“”\"'*_ ")
        if "et al" in candidate or (candidate.count(",") >= 2 and ":" not in candidate):
            candidate = candidate.rsplit(",", 1)[-1].strip()
    if not candidate or "et al" in candidate or candidate.lower() in _NOT_NAMES \
            or candidate.split(" ", 1)[0].lower() in _NOT_NAMES:
        return None
    if _has_cjk(candidate):
        return _cjk_name(candidate) if separated and 2 <= len(candidate) <= 12 and all(map(_is_cjk, candidate)) else None
    return _namelike(candidate) if len(candidate.split()) <= 25 else None


def _link_around(text: str, s: int, e: int) -> tuple[int, int, str] | None:
    """(start, end, text) of the Markdown link whose target or text holds text[s:e], or None."""
    if "](" not in text:
        return None
    k = text.rfind("](", max(0, s - 300), s)
    if k >= 0 and text.find(")", k + 2, s) < 0 and not _holds_space(text[k + 2 : s]):  # the id is in the target
        j = text.rfind("[", 0, k)
        close = text.find(")", e)
        if j >= 0 and "]" not in text[j + 1 : k] and close >= 0 and not _holds_space(text[e:close]):
            return j, close + 1, text[j + 1 : k]
        return None
    j = text.rfind("[", max(0, s - 300), s)
    k = text.find("](", e)
    if j >= 0 and k >= 0 and "]" not in text[j + 1 : s] and "[" not in text[e:k] and "]" not in text[e:k]:
        close = text.find(")", k)  # the id is in the link's text
        if close >= 0:
            return j, close + 1, text[j + 1 : k]
    return None


def _holds_space(text: str) -> bool:
    """any(map(str.isspace, text)), in C: str.split() splits at exactly the characters isspace() is true for."""
    if not text:
        return False
    words = text.split(None, 1)
    return not words or words[0] != text


def _link_name(label: str) -> str | None:
    """A link's text as the paper's name, unless it is an id, "arXiv", "PDF" and the like."""
    label = label.strip().strip("`*_ ")
    if not label or len(label) > 200 or label.lower() in _NOT_LINK_NAMES or _cites(label):
        return None
    if _has_cjk(label):
        return None if _status_phrase(label) or _generic_phrase(label) else label
    return _namelike(label)


def _name_around(text: str, s: int, e: int) -> tuple[str | None, str | None, str | None]:
    """`_name_and_metadata` for an id that is no link and no entry of a reference list.

    (The name before the id is looked for within _NAME_WINDOW characters, from `lo` on; index arithmetic
    instead of slices of the line, and the characters on either side of the id read once.)
    """
    lo = s - _NAME_WINDOW if s > _NAME_WINDOW else 0
    meta: str | None = None
    name: str | None = None
    plain: str | None = None
    # the last character before the id that is not white space (nor inline code's `), text[last] ("" for none)
    last = s - 1
    before = text[last] if last >= lo else ""
    while before.isspace() or before == "`":
        last -= 1
        before = text[last] if last >= lo else ""
    n = len(text)
    after = text[e] if e < n else ""  # the character right after the id ("" at the end of the line)
    if after == "`":
        e += 1
        after = text[e] if e < n else ""
    after_space = text[e + 1 : e + 2] if after == " " else ""  # the one after a space right after it
    # 1. NAME（arXiv:ID，facts）  or  NAME（ID）  or  NAME [arXiv:ID] (brackets: the id alone in them, no facts)
    #    or NAME（facts，arXiv:ID）: the facts before the id in the parentheses
    if before:
        paren = -1
        if before in _OPEN:  # (the common case, looked at first)
            paren = last
        elif before in _BEFORE_ID_IN_PARENS:
            paren = _paren_before_id(text, lo, last, s, e)
        if paren >= 0:
            meta = None if text[paren] == "[" else _paren_content(text, e if paren == last else paren + 1)
            latin = _latin_name_before_paren(text, lo, paren)
            if latin is not None:
                name = _namelike(_trim_leading_stopwords(latin))
                if " " in latin and (name == latin or _title_cased(latin)):  # (perhaps a title's subtitle, read
                    name = _with_title_before(text, lo, paren, latin, name)  # whole: "Title: A Subtitle on X")
            else:
                name = _cjk_name_before_paren(text, lo, paren)
                name = name and not name.endswith(_CJK_POINTERS) and _cjk_name(name) or None
                if name is None and text[paren] in _OPEN_SET and _nothing_before(text, paren):
                    name = _subject_after_parens(text, paren, s, e)
            return name, meta, None
    # 2. arXiv:ID（facts） / arXiv:ID（NAME）  (" (" or " （" too)
    # (also at the end of the line, with nothing to read, but for the last cell of a row without outer pipes)
    if after in _OPEN and (after or before != "|"):
        content = _paren_content(text, e + 1)
        return _paren_name(content), content, None
    if after_space in _OPEN_SET:
        content = _paren_content(text, e + 2)
        return _paren_name(content), content, None
    # 3. table cell: | ID | NAME |  (also without the outer pipes, "ID | NAME" and "NAME | ID": the line's start and
    # end are cell borders then). Cells end at a pipe not escaped: "| ID | Φ-Bench \| X |" names "Φ-Bench | X", as
    # GitHub-flavoured Markdown renders the cell.
    if (before == "|" and border_at(text, last)) or (last < 0 and "|" in text):
        k = e
        while k < n and text[k].isspace():
            k += 1
        if text[k : k + 1] == "|" or (k == n and last >= 0):
            bar = next_border(text, k + 1)
            cell = cell_text(text[k + 1 : bar if bar >= 0 else n].strip())
            name = _name_cell(cell)
            if name is None and (_says_checked(cell) if cell else bar < 0):
                # "| 2609.11582 | 已核验 ✓ | OmniKVQuant |", "| ✓ | OmniKVQuant | arXiv:2609.11582 |": the status
                # column before the name's, or the id last: the name is in another cell of the row
                name = _name_elsewhere_in_row(text, s, last_cell=not cell)
            elif name is None and cell and (cell[0].isdigit() or _CATEGORY.fullmatch(cell)):
                # a date, a number, a category after the id ("Atlas | 2611.04567 | 2026-11"): the name is before it
                name = _name_elsewhere_in_row(text, s, last_cell=False)
            facts = _row_facts(text, s)
            return name, facts, facts
    # 4. arXiv:ID NAME（facts） / ID NAME ★★ / arXiv:ID NAME + ...
    # (`.*$` after the name: the rest of the line holds no line break but a final one; `rest` is
    # text[rest:line_end], what `.*` takes)
    if "\n" in text:  # (only where a caller passes several lines)
        newline = text.find("\n", e)
        one_line = newline < 0 or newline == n - 1
        line_end = newline if newline >= 0 else n
    else:
        one_line, line_end = True, n
    if one_line:
        # the Latin name right after: a word starting with a letter and up to 19 more, each after a single space,
        # as long as they go (the rest of the line is looked at below); its first word text[e + 1 : word_end] no
        # non-name ("arXiv:… and …"). Else a CJK name may stand there.
        word_end = rest = _NAME_RUN.match(text, e + 2).end() if after_space in _LETTERS else -1  # type: ignore[union-attr]
        if rest >= 0 and text[e + 1 : word_end].lower().rstrip(".") not in _NOT_NAMES:
            for _ in range(19):
                if rest + 1 < n and text[rest] == " " and text[rest + 1] in _WORD_START:
                    rest = _NAME_RUN.match(text, rest + 2).end()  # type: ignore[union-attr]
                else:
                    break
            first = text[rest] if rest < line_end else ""
            if not first or first in _OPEN or first in "：:，,。;；|" or (
                first == " " and (rest + 1 >= line_end or text[rest + 1] not in _WORD_START)
            ):
                name = _namelike(_trim_trailing_non_names(text[e + 1 : rest]))
                if not first or first in _OPEN:
                    content = _paren_content(text, n - (line_end - rest) + 1)
                    plain = _metadata_plain(content)
                    if plain is not None:
                        meta = content
        else:
            start = e + 1 if after == " " else e
            end = start
            for ch in text[start : start + 12]:
                if not ("\u4e00" <= ch <= "\u9fff" or "\u3400" <= ch <= "\u4dbf" or "\uf900" <= ch <= "\ufaff"):
                    break  # (CJK: _is_cjk written out)
                end += 1
            if end - start >= 2 and text[start] not in _NOT_NAME_STARTS and not text.startswith(_NOT_NAME_VERBS, start) \
                    and not (text[start] in _IN_PLACE_ENDS and text[lo:s].rstrip().endswith("在")):  # 在 arXiv:… 中
                if end >= line_end or text[end] in _OPEN:
                    content = _paren_content(text, n - (line_end - end) + 1)
                    plain = _metadata_plain(content)
                    if plain is not None:
                        name, meta = _cjk_name(text[start:end]), content
                else:
                    k = end
                    while k < line_end and text[k].isspace():
                        k += 1
                    if k == line_end or text[k] in _LIST_MARKERS:
                        name = _cjk_name(text[start:end]) if after == " " and not _a_clause(
                            text, start, end, k, line_end) else None
    # 5. NAME arXiv:ID (a single word right before, for the prefixed form); NAME 在 arXiv:ID 中…
    if name is None and text[s] in "aA" and s - 3 >= lo and text[s - 3 : s] in (" 在 ", " 在") \
            and text[s:e].lower().startswith("arxiv"):
        k = s - 2 if text[s - 1] == " " else s - 1
        word = _word_before(text, lo, k)
        if word is not None and word.lower() not in _STOP_BEFORE and word.lower() not in _NOT_NAMES:
            name = _namelike(word.rstrip("."))
    if name is None and text[s] in "aA" and s - 1 >= lo and (
            text[s - 1] == " " or (text[s - 1] == "\n" and s - 2 >= lo and text[s - 2] == " ")) \
            and text[s:e].lower().startswith("arxiv"):
        word = _word_before(text, lo, s)
        if word is not None and word.lower() not in _STOP_BEFORE and word.lower() not in _NOT_NAMES:
            name = _namelike(word.rstrip("."))  # ("Kim. OmniKVQuant. arXiv:…": the sentence's full stop)
    return name, meta, plain


_LABEL = re.compile(r"[A-Za-z]{1,2}\d{1,2}")  # "T2：", "O1：": a survey's label for a point, not a title


def _with_title_before(text: str, lo: int, paren: int, subtitle: str, alone: str | None) -> str | None:
    """"Title: Subtitle" when the words before the parenthesis at text[paren] are a subtitle, a colon and the title
    before them ("OmniKVQuant: Unified KV Quantization（arXiv:…）"): the paper's whole title, as a reference list's
    entry or a link names it; else the subtitle. The title is one or a few name words right before the colon (no
    prose word, no non-name such as "Appendix", no label such as "T2"); a single word after the colon stays alone
    ("Baselines: vLLM（arXiv:…）" names vLLM, a subtitle has several). `subtitle` is the whole run of words, `alone`
    the name read from it without a title (returned when there is no title)."""
    end = paren - 1 if text[paren - 1] == " " else paren
    start = end - len(subtitle)  # (the subtitle ends the run of name words before the parenthesis)
    colon = start - 2 if text[start - 1 : start] == " " else start - 1
    if colon <= lo or text[colon] not in ":：" or (text[colon] == ":" and colon == start - 1):
        return alone  # ("Title:Subtitle" with no space: a ratio, a time, "a:b" — not a title)
    run = _latin_name_before_paren(text, lo, colon) if text[colon - 1] in _NAME_CHARS else None
    title = _namelike(_trim_leading_stopwords(run)) if run is not None else None  # ("We propose OmniKVQuant: …")
    if title is None or title.count(" ") > 7 or title.split(" ", 1)[0].lower().rstrip(".") in _NOT_NAMES \
            or _LABEL.fullmatch(title) or any(w[0] not in _CAPITALS and w.lower() not in _STOP_OR_SMALL
                                              for w in title.split(" ")[1:]):  # ("the KV cache: …": prose)
        return alone
    return f"{title}: {subtitle}"


def _nothing_before(text: str, paren: int) -> bool:
    """Whether the parenthesis at text[paren] starts the line's text, a list item ("1. ", "- ") or a sentence ("。",
    "："), with only white space and marks ("⚠️") before it."""
    k = paren - 1
    while k >= 0 and (text[k].isspace() or unicodedata.category(text[k]) in ("So", "Mn", "Cf")):
        k -= 1
    return k < 0 or text[k] in "。；;：:！？!" or _ENTRY_MARKER.fullmatch(text[: k + 1] + " ") is not None


def _subject_after_parens(text: str, paren: int, s: int, e: int) -> str | None:
    """The name written after the facts when nothing stands before them: "（arXiv:2609.11582，2026-09）OmniKVQuant
    提出…". Only Latin name words that a verb (_NOT_NAME_VERBS) follows, as the subject of the sentence the
    parentheses open (not "（arXiv:…）KV Cache 量化…", ordinary words going on), and only when they cite the one
    paper (text[s:e]; "（arXiv:…，arXiv:…）vLLM 提出" may be about either)."""
    content = _paren_content(text, paren + 1)
    close = paren + 1 + len(content)
    k = close + 1
    if text[close : close + 1] not in _CLOSE_SET or _cites(text[paren + 1 : s] + text[e:close]):
        return None
    if text[k : k + 1] == " ":
        k += 1
    if text[k : k + 1] not in _LETTERS:
        return None
    rest = _NAME_RUN.match(text, k).end()  # type: ignore[union-attr]
    for _ in range(19):  # (up to 20 words, each after a single space, as after an id)
        if text[rest : rest + 1] == " " and text[rest + 1 : rest + 2] in _WORD_START:
            rest = _NAME_RUN.match(text, rest + 2).end()  # type: ignore[union-attr]
        else:
            break
    verb = rest + 1 if text[rest : rest + 1] == " " else rest
    if not text.startswith(_NOT_NAME_VERBS, verb):
        return None
    name = text[k:rest]
    if name.split(" ", 1)[0].lower() in _NOT_NAMES or name.lower() in _STOP_BEFORE:
        return None
    return _namelike(_trim_trailing_non_names(name))


_BEFORE_ID_IN_PARENS = frozenset(_OPEN + "[，,;；")  # what stands before an id in parentheses or brackets


def _paren_before_id(text: str, lo: int, last: int, s: int, e: int) -> int:
    """Where the parenthesis or bracket the id at text[s:e] stands in opens, when a name may stand before it: right
    before the id ("NAME（arXiv:…", "NAME [arXiv:…]" with the bracket closing after it) or after facts
    ("NAME（KAIST，arXiv:…"); else -1. (text[last]: the last character before the id, in _BEFORE_ID_IN_PARENS.)"""
    ch = text[last]
    if ch in _OPEN:
        return last
    if ch == "[":
        return last if text[e : e + 1] == "]" else -1
    return _facts_before_id(text, lo, last, s)


def _facts_before_id(text: str, lo: int, last: int, s: int) -> int:
    """Where the parenthesis opens that holds facts before the id at text[s] ("OmniKVQuant（KAIST，arXiv:…）":
    text[last] is the separator before the id), or -1: it opens within 60 characters, nothing closes or opens
    between, and the facts are no sentence (no "。") and cite no other paper ("A（arXiv:…，arXiv:…）": a list)."""
    p = max(text.rfind("（", max(lo, last - 60), last), text.rfind("(", max(lo, last - 60), last))
    if p < 0 or _PAREN.search(text, p + 1, s) is not None or "。" in text[p:s] or _cites(text[p + 1 : last]):
        return -1
    return p


def _paren_name(content: str) -> str | None:
    """The name in the parentheses after an id when they hold it alone: "arXiv:2609.11582（OmniKVQuant）". (Not
    "（KAIST + POSTECH，cs.CV）": with facts beside it, the first part may be the authors' institution.)"""
    content = content.strip()
    if not content or len(content) > 60 or any(ch in content for ch in "，,;；、") or _cites(content) \
            or _metadata_plain(content) is not None or content.lower() in _NOT_NAMES:
        return None
    if _has_cjk(content):
        return _cjk_name(content) if all(map(_is_cjk, content)) and 2 <= len(content) <= 12 else None
    return _namelike(content)


def _latin_name_before_paren(text: str, lo: int, paren: int) -> str | None:
    """The Latin name right before the parenthesis at text[paren] ("OmniKVQuant（", "Low-Rank KV ("): the
    leftmost run of up to 20 name words, joined by single spaces, that reaches it (one space allowed between),
    starting after a character no name holds or at `lo`."""
    if paren <= lo or (text[paren - 1] not in _NAME_CHARS and text[paren - 1] != " "):
        return None  # (no name character nor space right before it: "推理引擎可复现性（")
    end = paren - 1 if text[paren - 1] == " " else paren
    start = _run_start(text, lo, paren)
    if end <= start:
        return None
    run = text[start:end]
    if " " not in run:  # one word (most names)
        return run if run and run[0] in _LETTERS else None
    words = run.split(" ")
    first = max(0, len(words) - 20)
    for k in range(len(words) - 1, first - 1, -1):  # every word after the first must start a later word
        if not words[k] or words[k][0] not in _WORD_START:
            first = k + 1
            break
        if k < len(words) - 1 and words[k][-1] == "." and _ends_sentence(words[k]):
            first = k + 1  # ("Caches grow fast. HydraKV (": the sentence before is no part of it, as before "。")
            break
    while first < len(words) and words[first][0] not in _LETTERS:  # and the first starts with a letter
        first += 1
    return " ".join(words[first:]) if first < len(words) else None


# Words a full stop ends without ending the sentence ("vs. ", "Fig. 3", "et al. "); lower case, without the stop.
_ABBREVIATIONS = frozenset("vs etc al cf fig figs eq eqs sec sect ch chap tab tbl app appx no nos nr vol pp ref refs "
                           "approx resp incl ca dr mr mrs ms prof st jr sr inc ltd co corp dept univ est".split())


def _ends_sentence(word: str) -> bool:
    """Whether a word ending in "." ends a sentence ("fast.", "v0.5.19.") rather than being an abbreviation ("vs.",
    "Fig.", "al."), an initial ("A.") or letters and stops ("e.g.", "i.e.", "U.S.")."""
    stem = word[:-1]
    if not stem or stem.lower() in _ABBREVIATIONS:
        return False
    return not all(len(piece) == 1 and piece in _LETTERS for piece in stem.split("."))


def _run_start(text: str, lo: int, end: int) -> int:
    """Where the run of name characters and spaces that ends at text[end] starts (not before `lo`); read backwards
    (one match of `_NAME_OR_SPACE_RUN` over the reversed text) over the last 40 characters first (names are short),
    over the whole window only when the run goes on."""
    rx = _NAME_OR_SPACE_RUN or _name_or_space_run()
    if end - 40 > lo:
        k = rx.match(text[end - 1 : end - 41 : -1]).end()  # type: ignore[union-attr]
        if k < 40:
            return end - k
    return end - rx.match(text[end - 1 : lo - 1 : -1] if lo > 0 else text[end - 1 :: -1]).end()  # type: ignore[union-attr]


_NAME_OR_SPACE_RUN: re.Pattern[str] | None = None


def _name_or_space_run() -> re.Pattern[str]:
    """_NAME_RUN's class with a space in it, compiled on first use (~0.3 ms: a class over these ranges)."""
    global _NAME_OR_SPACE_RUN
    _NAME_OR_SPACE_RUN = re.compile(_NAME_RUN.pattern.replace("]*", " ]*"))
    return _NAME_OR_SPACE_RUN


def _cjk_name_before_paren(text: str, lo: int, paren: int) -> str | None:
    """2-12 CJK characters right before the parenthesis, after white space, a separator or at `lo`."""
    low = max(lo, paren - 13)  # (the up to 13 characters before it, read back from it)
    back = text[paren - 1 : low - 1 : -1] if low > 0 else text[paren - 1 :: -1] if paren > 0 else ""
    start = paren
    for ch in back:
        if not ("\u4e00" <= ch <= "\u9fff" or "\u3400" <= ch <= "\u4dbf" or "\uf900" <= ch <= "\ufaff"):
            break  # (CJK: _is_cjk written out)
        start -= 1
    if not 2 <= paren - start <= 12:
        return None
    if start > lo and not (text[start - 1] in _BEFORE_CJK_NAME or text[start - 1].isspace()):
        return None  # (a CJK character there: the run is longer than 12)
    if start - 4 >= lo and text[start - 1] == " ":  # "大 N 规范理论笔记": a short Latin word inside the name
        m = _CJK_LATIN_CJK.search(text, max(lo, start - 12), start)
        if m is not None and (m.start() == lo or text[m.start() - 1] in _BEFORE_CJK_NAME
                              or text[m.start() - 1].isspace()):
            return text[m.start():paren]
    return text[start:paren]


# 1-4 CJK characters, a short Latin word or number between spaces: the start of a CJK name ("大 N 规范理论笔记").
_CJK_LATIN_CJK = re.compile("[\u4e00-\u9fff]{1,4} [A-Za-z0-9]{1,4} $")


def _word_before(text: str, lo: int, s: int) -> str | None:
    """The name word before the space (and line break) right before text[s], after a character no name word
    holds or at `lo`."""
    end = s - 2 if text[s - 1] == "\n" else s - 1
    if end <= lo or text[end - 1] not in _NAME_CHARS:  # (most often a CJK character or a mark: no word)
        return None
    start = end - 1  # (read back character by character: a word is short, the window up to 200 characters)
    while start > lo and text[start - 1] in _NAME_CHARS:
        start -= 1
    return text[start:end] if text[start] in _LETTERS else None


def _namelike(name: str | None) -> str | None:
    """Paper names are capitalised somewhere ("OmniKVQuant", "vLLM", "Φ-Bench"); prose words ("introduces") aren't."""
    if not name:
        return None
    space = name.find(" ")
    first = name if space < 0 else name[:space]
    if first.isascii():  # (then: an upper-case letter or a digit)
        return name if first != first.lower() or any(map(str.isdigit, first)) else None
    for ch in first:  # (a loop, not any() over a generator: most such names show it at their first letter, "Φ-Bench")
        if ch.isalnum() and (ch.isupper() or ch.isdigit() or not ch.isascii()):
            return name
    return None


def _made_of(run: str, table: dict[str, tuple[tuple[str, bool], ...]]) -> bool | None:
    """None unless the CJK run is made of the words of `table` (`_by_start`) only, read longest first; else whether
    one of them is a marked one."""
    k, marked = 0, False
    while k < len(run):
        for word, mark in table.get(run[k], ()):  # (most runs, names, stop at their first character)
            if run.startswith(word, k):
                marked = marked or mark
                k += len(word)
                break
        else:
            return None
    return marked


def _status_phrase(run: str) -> bool:
    """Whether a CJK run is what the author says about checking the paper ("摘要级已抽查", "二次核验", "待复核"):
    made of _STATUS_WORDS only, one of them a check or a level. (Real names hold other words: "推理引擎可复现性".)"""
    return _made_of(run, _STATUS_BY_START) is True


def _generic_phrase(run: str) -> bool:
    """Whether a CJK run calls the paper, or a place in the survey, by a common word instead of a name ("相关工作",
    "见附录", "同期研究"): made of _GENERIC_WORDS only, or ending so after a "的" or from a "见" ("本节讨论的相关工作",
    "上界证明见附录": the run before the parenthesis is the end of a sentence then; not "模型偏见", a name ending in 见)."""
    k = max(run.rfind("的") + 1, run.rfind("见"))
    return _made_of(run[k:] if 0 < k < len(run) - 1 else run, _GENERIC_BY_START) is not None


# What a table's status column says in Latin letters ("Verified ✓", "OK", "to be checked"): True for a status word,
# False for a word that only goes with one ("to be", "not", "yet").
_LATIN_STATUS = {
    **dict.fromkeys("ok verified unverified checked unchecked confirmed unconfirmed pending done todo tbd wip "
                    "passed pass failed fail reviewed fetched yes no".split(), True),
    **dict.fromkeys("to be not yet still".split(), False),
}
_CELL_PIECES = re.compile(r"[\s（）()\[\]【】,，、;；:：·/+]+")
# what a piece's word drops: all but letters, digits (str.isalnum; re's \w is exactly that and "_") and - '
_NOT_IN_WORD = re.compile(r"[^\w\-']|_")


def _status_cell(cell: str) -> bool:
    """Whether a table cell says how far the paper was checked, not what it is called ("已核验 ✓", "✅ 已核验",
    "Verified", "已核验（摘要级）", "待核验 ⚠️"): each piece a status phrase, a status word, a mark (✓ ✅ ⚠️ ★) or a
    number, at least one a status."""
    if cell.isalnum():  # (most cells: one word, a name; _CELL_PIECES holds no letter nor digit, so no split)
        if cell.isdigit():
            return False
        low = cell.lower()
        if low in _LATIN_STATUS:
            return _LATIN_STATUS[low]
        return all(map(_is_cjk, cell)) and _status_phrase(cell)
    status = False
    for piece in _CELL_PIECES.split(cell):
        # (marks and emoji dropped; a piece of letters and digits only, most, is its own word)
        word = piece if piece.isalnum() else _NOT_IN_WORD.sub("", piece).strip("-'")
        if not word or word.replace("-", "").isdigit():
            continue
        low = word.lower()
        if low in _LATIN_STATUS:
            status = status or _LATIN_STATUS[low]
        elif all(map(_is_cjk, word)) and _status_phrase(word):
            status = True
        else:
            return False
    return status


def _name_cell(cell: str) -> str | None:
    """The paper's name a table cell gives (without its marks), or None for a status, a date, a number, a category,
    an id, a rating."""
    if not (0 < len(cell) <= 30) or cell[0].isdigit() or "arxiv" in cell.lower() or cell[0] in "★☆-—":
        return None
    name = without_marks(cell)
    if ((("." in name or "-" in name) and _CATEGORY.fullmatch(name)) or _status_cell(name)  # (a category holds either)
            or not (_namelike(name) or _has_cjk(name))):
        return None
    return name


_SENTENCE_MARKS = frozenset("，。；：、！？,;:")  # a cell that holds these says something about the paper: no name


def _says_checked(cell: str) -> bool:
    """Whether a table cell says how far the paper was checked: status words ("已核验 ✓", "Verified") or marks only
    ("✓", "✅", "⚠️")."""
    bare = without_marks(cell)
    return _status_cell(bare) if bare else bool(cell.strip()) and all(ch in _CHECK_MARKS for ch in cell.strip())


_CHECK_MARKS = frozenset("✓✔✅☑⚠❌✗✘❎️ ")  # (not ★: a rating)


def _cites(cell: str) -> bool:
    """Whether the text names arXiv or holds an id (a bare one holds a ".", an old-style one a "/")."""
    return ("arxiv" in cell.lower() or ("." in cell and _NEW_AT_DOT.search(cell) is not None)
            or ("/" in cell and _OLD_SLASH.search(cell) is not None))


def _name_elsewhere_in_row(text: str, s: int, *, last_cell: bool) -> str | None:
    """The name in the cell nearest the id's (at text[s]) in a table row whose cell after the id is a status
    ("| 2609.11582 | 已核验 ✓ | OmniKVQuant |") or, `last_cell`, whose id ends the row beside a status ("| ✓ |
    OmniKVQuant | arXiv:2609.11582 |"); in a row listing several papers, only the cells between its id and the
    next one (the previous one when an id ends the row). Nearest, the one after first: a description column ("KV 量化到 2 bit，…") is further from the id than
    the name's; cells that make sentences, state a date, a category, a number or a status are no names. (A line is
    all it sees: the table's header row, naming the columns, is read by `reference_tables.named_by_header`.)"""
    cells = split_cells(text)
    at = borders_before(text, s)  # the id's cell
    lead = 1 if text.lstrip()[:1] == "|" else 0  # the first cell (0 in a row without its outer pipes)
    first, end = lead, len(cells)
    citing = [j for j in range(lead, len(cells)) if j == at or _cites(cells[j])]
    if len(citing) > 1:  # each paper's cells follow its id, or lead to it when an id ends the row
        k = citing.index(at)
        filled = [j for j in range(lead, len(cells)) if cells[j].strip()]
        if filled and filled[-1] == citing[-1]:
            first, end = (citing[k - 1] + 1 if k else lead), at
        else:
            first, end = at, (citing[k + 1] if k + 1 < len(citing) else len(cells))
    if last_cell and not any(_says_checked(c) for c in cells[first:at] if c.strip()):
        return None  # an id last in a row that says nothing about checking: no reason to look elsewhere
    found: list[tuple[int, bool, str]] = []
    for j in range(first, end):
        cell = cell_text(cells[j].strip())
        if j == at or not cell or _SENTENCE_MARKS.intersection(cell) or _DATE_AT_DASH.search(cell):
            continue
        name = _name_cell(cell)
        if name is not None:
            found.append((abs(j - at), j < at, name))
    return min(found)[2] if found else None


def _row_facts(text: str, s: int) -> str | None:
    """The date and category cells of a table row citing one paper (at text[s]), joined as facts in parentheses
    are ("2026-10，cs.LG"): a table's 日期 and 分类 columns state them as prose does; None when there are none.
    (A cell that is exactly a date or a category; a header naming the column a check's date is read in
    reference_tables.)"""
    found = []
    at = borders_before(text, s)
    for j, cell in enumerate(split_cells(text)):
        cell = cell.strip()
        if j == at or not cell or not cell[0].isdigit() and cell[0] not in "cmsqeapnhg":
            continue  # (a date starts with a digit, a category with an archive's first letter)
        if _cites(cell):
            if j != at:
                return None  # a row citing several papers: whose facts these are is not clear
            continue
        if cell[0].isdigit():
            if "-" in cell and _date_in(cell) == cell or len(cell) <= 12 and _may_hold_cn_date(cell) \
                    and _cn_date_in(cell) is not None:
                found.append(cell)
        elif _CATEGORY.fullmatch(cell):
            found.append(cell)
    return "，".join(found) or None


def without_marks(cell: str) -> str:
    """A name cell without the marks beside the name ("OmniKVQuant ✓" -> "OmniKVQuant"; "C++" keeps its pluses)."""
    if cell[:1].isalnum() and cell[-1:].isalnum():  # (letters and digits are neither space nor marks)
        return cell
    k, n = 0, len(cell)
    while k < n and (cell[k].isspace() or unicodedata.category(cell[k]) in ("So", "Mn")):
        k += 1
    while n > k and (cell[n - 1].isspace() or unicodedata.category(cell[n - 1]) in ("So", "Mn")):
        n -= 1
    return cell[k:n]


# What makes a run of CJK after an id a statement about the paper, not its name: a negation or an aspect particle
# in it ("arXiv:… 异构值几何未给切换开销。", "… 写错了。"; not "未来", "了解"), or, after its comma, a word that goes on
# with the statement ("arXiv:2605.19537 单引擎移动可推翻模型排名，但这是…": the sentence's predicate and a "but").
_CLAUSE_MARKS = re.compile("未(?!来)|没|了(?!解)")
_STATEMENT_GOES_ON = ("但", "然而", "不过", "却", "而", "因此", "所以", "因而", "从而", "进而", "并且", "且", "故")


def _a_clause(text: str, start: int, end: int, k: int, line_end: int) -> bool:
    """Whether the run of CJK text[start:end] after an id, followed at text[k] by the line's end or a list mark, is a
    clause saying something of the paper ("单引擎移动可推翻模型排名，但这是…") rather than the paper's name."""
    if _CLAUSE_MARKS.search(text, start, end):
        return True
    if k < line_end and text[k] in "，,":
        k += 1
        while k < line_end and text[k].isspace():
            k += 1
        return text.startswith(_STATEMENT_GOES_ON, k)
    return False


def _cjk_name(run: str) -> str | None:
    """A CJK name the line gives a paper, unless it is a status phrase or a common word ("相关工作")."""
    return None if _status_phrase(run) or _generic_phrase(run) else run


# The small words a cited title holds between capitalised words ("Herd of Models"); not "to", "by", "from", "as":
# "Compared to FooNet", "Inspired by FooNet" are prose before a name (and "Compared with": a word in -ed before).
_TITLE_SMALL_WORDS = frozenset("of for via with in is are all the a an".split())
_CAPITALS = frozenset(ch for ch in _LETTERS if ch.isupper()) | frozenset("0123456789")
_STOP_OR_SMALL = frozenset(_STOP_BEFORE) | _TITLE_SMALL_WORDS


def _trim_leading_stopwords(name: str) -> str | None:
    """The name at the end of the words before "（": after the last stop word or lower-case prose word ("This paper
    introduces a method called KVQuant" -> "KVQuant", "LLM serving systems like vLLM" -> "vLLM"). A small word
    between two capitalised ones is the title's own ("Attention Is All You Need", "The Llama 3 Herd of Models"),
    and so is "on", "at", "to", "by" or "from" after a word written as a title's ("Caching on Clusters", "Serving at
    Scale", "Learning to Rank": cut to "Clusters", a wrong name was found in a title and verified) unless prose
    leads to it ("Inspired by FooNet", "According to FooNet")."""
    if " " not in name:  # one word (most names): a stop word or small word is all there is
        return None if name.lower() in _STOP_OR_SMALL else name or None
    words = name.split(" ")
    long_title = _long_title_run(words)
    cut = 0  # after the last stop word
    for i in range(len(words) - 1, -1, -1):
        w = words[i]
        low = w.lower()
        if low in _STOP_BEFORE or low in _TITLE_SMALL_WORDS:
            in_title = ((low in _TITLE_SMALL_WORDS or i >= long_title
                         or low in _TITLE_LINKS and i and _title_word(words[i - 1])) and 0 < i < len(words) - 1
                        and words[i - 1][0] in _CAPITALS and not words[i - 1].endswith("ed")
                        and words[i - 1].lower() not in _PROSE_LEADS and words[i + 1][:1] in _CAPITALS)
            if not in_title:
                cut = i + 1
                break
        elif w.isascii() and w.isalpha() and w.islower() and i < len(words) - 1:
            cut = i + 1
            break
    rest = " ".join(words[cut:])
    return rest or None


# Capitalised words that lead prose to a name ("According to FooNet", "Thanks to FooNet"), never a title's words.
_PROSE_LEADS = frozenset("according thanks due similar relative close prior next owing contrary unlike see written "
                         "built led given shown known made back".split())
# Stop words that join two capitalised words of a title as its small words do ("Caching on Clusters"); not "and",
# "or", "vs", "as": "FooNet and BarNet（…）" names the one beside the parenthesis.
_TITLE_LINKS = frozenset("on at to by from".split())


def _title_word(word: str) -> bool:
    """A word written as a title writes it, a capital then small letters ("Caching", "Learning"), not a product's
    name ("SGLang to KVarN", "Apache-2.0up to KVarN": prose between two names)."""
    rest = word[1:].replace("-", "")
    return word[:1].isupper() and rest.isalpha() and rest.islower()


def _long_title_run(words: list[str]) -> int:
    """Where the run of title-cased words that ends the words starts when it holds three capitalised words or more
    ("Parallel Prefix Sums on Distributed-Memory Machines", "Neural Machine Translation by Jointly Learning to Align
    and Translate"): there a stop word between two capitalised ones ("on", "by", "and", "to") is the title's own,
    not where the name starts. len(words) when there is no such run ("FooNet and BarNet", "Inspired by FooNet")."""
    start, capitals = len(words), 0
    for i in range(len(words) - 1, -1, -1):
        w = words[i]
        if w[:1] in _CAPITALS:
            capitals += 1
            start = i
        elif w.lower() not in _STOP_OR_SMALL:
            break
    return start if capitals >= 3 else len(words)


def _title_cased(run: str) -> bool:
    """Whether every word of the run is capitalised or a title's small word, the first capitalised ("A Cluster
    Scheduler for Disaggregated Prefill and Decode"): a subtitle after "Title: " is then read whole."""
    words = run.split(" ")
    return words[0][:1] in _CAPITALS and all(w[:1] in _CAPITALS or w.lower() in _STOP_OR_SMALL for w in words)


def _trim_trailing_non_names(name: str) -> str | None:
    if name[name.rfind(" ") + 1 :].lower() not in _NOT_NAMES:  # (most names: nothing to trim)
        return name or None
    words = name.split(" ")
    while words and words[-1].lower() in _NOT_NAMES:
        words.pop()
    return " ".join(words) or None


def assemble_references(
    per_line: Iterable[tuple[int, tuple[RawCitation, ...]]], today: date
) -> list[Reference]:
    """One Reference per distinct paper, in order of first appearance, judged locally against `today`."""
    refs: dict[str, Reference] = {}
    # per paper: each name the survey gives it -> how many times, in order of first use (its name is the most used,
    # the first used of those used as often: a stable sort by count, most first)
    names: dict[str, dict[str, int]] = {}
    for line, citations in per_line:
        for c in citations:
            cid = c.id
            ref = refs.get(cid)
            if ref is None:
                ref = refs[cid] = Reference(id=cid, version=None, lines=[line])
                named = names[cid] = {}
                _judge_locally(ref, c, today)
            else:
                named = names[cid]
                if ref.lines[-1] != line:  # lines arrive in increasing order
                    ref.lines.append(line)
            version = c.version
            ref.occurrences.append(Occurrence(line, c.column, c.raw, version, c.name, c.stated_date, c.stated_category))
            if version and version not in ref.versions:
                ref.versions.append(version)
            if c.name:
                named[c.name] = named.get(c.name, 0) + 1
            if ref.stated_date is None and c.stated_date:
                ref.stated_date = c.stated_date
            if ref.stated_category is None and c.stated_category:
                ref.stated_category = c.stated_category
    for key, ref in refs.items():
        ref.lines.sort()
        if ref.versions:
            if len(ref.versions) > 1:
                ref.versions.sort(key=lambda v: int(v[1:]))
            ref.version = ref.versions[-1]
        named = names[key]
        if named:
            ref.names = order = sorted(named, key=named.__getitem__, reverse=True)  # (reverse keeps ties in order)
            ref.name = order[0]
    return list(refs.values())


def _judge_locally(ref: Reference, c: RawCitation, today: date) -> None:
    aid = parse_arxiv_id(c.id)
    if aid is None:
        ref.status, ref.problem = "malformed", c.malformed or explain_malformed(c.id)
        return
    problem = problem_with(aid, today)
    if problem:
        ref.status, ref.problem = "impossible id", problem
