"""One-click verification: each cited arXiv id gets a verdict a reviewer can trust, and the facts behind it.

Facts come from the cache when it has them (re-verifying a cached survey sends no request) and from arXiv
otherwise; the verdict is recomputed from the facts and the survey's own claims every time, because the survey
may have changed the name, date or category it states.
"""

from __future__ import annotations

import difflib
import html
import re
import sqlite3
import threading
import time
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime, timezone
from typing import Any

import requests
import sqlite_utils

from editor_app.config import Config
from editor_app.core.arxiv_ids import parse_arxiv_id, problem_with, version_number
from editor_app.core.model import Reference
from editor_app.core.numbers import counted

from . import arxiv_cache
from .arxiv_cache import CachedPaper
from .arxiv_client import ArxivClient, ArxivEntry, FetchOutcome

MATCH = 0.95  # arxiv-api.md: title similarity at or above this is a match
CHECK_BY_HAND = 0.80  # between this and MATCH: a minor difference a person should look at
DATE_TOLERANCE_DAYS = 3
STATUSES = (
    "verified", "name not compared", "name mismatch", "check by hand", "version not found", "not found", "malformed",
    "impossible id", "withdrawn?", "rate limited", "unavailable",
)
# Words a survey writes where a name could stand ("论文（arXiv:…）", "2609.11582 经典"): they name no paper, so there
# is nothing to compare by hand either.
_CJK_NOT_NAMES = frozenset("""
    论文 文章 工作 研究 方法 原文 全文 预印本 摘要 文献 参考 参考文献 引用 出处 来源 经典 同上 该文 此文 本文 原论文 详见 参见
""".split())
_WITHDRAWN = re.compile(r"\bwithdraw(?:n|al)?\b|\bretract(?:ed|ion)?\b", re.IGNORECASE)
_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")


def verify_references(
    references: list[Reference],
    *,
    config: Config,
    db: sqlite_utils.Database,
    force: bool = False,
    progress: Callable[[int, int], None] | None = None,
    cancel: threading.Event | None = None,
    session: requests.Session | None = None,
    timeout: float = 30.0,
    answered: Callable[[dict[str, dict]], None] | None = None,
    notice: Callable[[str], None] | None = None,
    cache_only: bool = False,
    damaged: Callable[[str], None] | None = None,
) -> dict[str, dict]:
    """{canonical id: verdict dict} for every reference (ids a cancel left unanswered are absent).

    `answered(verdicts)` hears the verdicts of each batch as arXiv answers it (a long run shows its results as
    they come); a paper whose name matches none of its titles is held back until its earlier titles are known.
    What arXiv said is cached batch by batch, so a run cut short keeps what it learned. `notice(text)` hears why
    a request is being asked again (429, 503, a timeout…) while the run waits to do so. `cache_only` judges again
    from what the cache holds (the survey changed a name, a date…) and asks arXiv nothing. A cached answer that
    can't be read is no answer: it is dropped and asked again, and `damaged(text)` hears once which file and ids
    (a cache-only run leaves it for the next run that asks)."""
    arxiv_cache.ensure_tables(db)
    now = time.time()
    today = datetime.fromtimestamp(now).date()
    total = len(references)
    results: dict[str, dict] = {}
    askable: dict[str, Reference] = {}
    for ref in references:
        local = _local_verdict(ref, today)
        if local:
            results[ref.id] = local
        else:
            askable.setdefault(ref.id, ref)
    source = config.arxiv_url.rstrip("/")  # what the cache keeps each answer under
    unreadable: list[str] = []
    stored = arxiv_cache.load(db, list(askable), now, source, damaged=unreadable)
    if unreadable and not cache_only:
        _drop_damaged(db, unreadable, source, damaged)
    cached = {} if force else stored
    papers: dict[str, CachedPaper] = {}
    from_cache: set[str] = set()
    to_ask: list[str] = []
    for key, ref in askable.items():
        hit = cached.get(key)
        wanted = version_number(ref.version)
        # A cited version arXiv did not have is asked for again once the answer is a day old, like "not found".
        if hit and (cache_only or not hit.found or wanted is None or (hit.latest_version or 0) >= wanted
                    or now - hit.fetched_ts <= arxiv_cache.NOT_FOUND_TTL):
            papers[key] = hit
            from_cache.add(key)
        elif not cache_only:
            to_ask.append(key)
    done = len(results) + len(from_cache)
    if progress:
        progress(done, total)
    if answered:
        early = {k: judge(askable[k], papers[k], cached=True) for k in from_cache
                 if not _needs_earlier_titles(askable[k], papers[k])}
        if results or early:
            answered({**results, **early})

    client = ArxivClient(
        config.arxiv_url, contact=config.contact, interval=config.effective_arxiv_interval(), db=db,
        session=session, timeout=timeout, cancel=cancel, on_retry=notice,
    )
    failed: dict[str, tuple[str, str]] = {}

    def settled(keys: list[str], outcome: FetchOutcome) -> None:
        fetched_ts = time.time()
        fresh: list[CachedPaper] = []
        for key in keys:
            entry = outcome.found.get(key)
            if entry is not None:
                old = stored.get(key)  # (under force too: an earlier version's title never changes)
                fresh.append(_paper_from_entry(entry, fetched_ts, old.version_titles if old else {}))
            elif key in outcome.not_found:
                fresh.append(CachedPaper(key, False, arxiv_cache.iso(fetched_ts), fetched_ts))
            elif key in outcome.failed:
                failed[key] = outcome.failed[key]
        arxiv_cache.store(db, fresh, source)
        papers.update({p.id: p for p in fresh})
        if answered:
            batch = {p.id: judge(askable[p.id], p, cached=False) for p in fresh
                     if not _needs_earlier_titles(askable[p.id], p)}
            batch.update({k: _failed_verdict(askable[k], failed[k], stored.get(k), arxiv_cache.iso(fetched_ts))
                          for k in keys if k in failed and failed[k][0] != "cancelled"})
            if batch:
                answered(batch)

    if to_ask:
        client.fetch(to_ask, progress=(lambda n, _t: progress(done + n, total)) if progress else None,
                     settled=settled)

    untold = _learn_earlier_titles(askable, papers, client, db, source) if not cache_only else {}

    attempted_at = arxiv_cache.iso(time.time())
    for key, ref in askable.items():
        if key in papers:
            paper = papers[key]
            unchecked = None
            if _earlier_titles_missing(ref, paper):
                unchecked = untold.get(key) or (_NOT_IN_CACHE if cache_only else None)
            results[key] = judge(ref, paper, cached=key in from_cache, unchecked=unchecked)
        elif key in failed and failed[key][0] != "cancelled":
            results[key] = _failed_verdict(ref, failed[key], stored.get(key), attempted_at)
    if progress:
        progress(len(results), total)
    return results


def _drop_damaged(db: sqlite_utils.Database, ids: list[str], source: str,
                  damaged: Callable[[str], None] | None) -> None:
    """Cached answers that can't be read are dropped (each is asked again, and stored afresh once answered) and said
    once, naming the database file, so a damaged file is not a mystery nor each run's failure."""
    try:
        arxiv_cache.forget(db, ids, source)
    except sqlite3.Error:  # (read-only, locked: they are asked again all the same, and written over if they can be)
        pass
    if damaged:
        shown = ", ".join(ids[:5]) + (", …" if len(ids) > 5 else "")
        damaged(f"The arXiv cache in {arxiv_cache.database_file(db) or 'memory'} held "
                f"{counted(len(ids), 'damaged answer')} ({shown}): dropped and asked again.")


def _local_verdict(ref: Reference, today: date) -> dict | None:
    """Malformed or impossible ids are judged here and never sent."""
    if ref.status in ("malformed", "impossible id"):
        return _empty_verdict(ref.status, ref.problem or "not a valid arXiv id")
    aid = parse_arxiv_id(ref.id)
    if aid is None:
        return _empty_verdict("malformed", f"'{ref.id}' is not an arXiv id")
    problem = problem_with(aid, today)
    if problem:
        return _empty_verdict("impossible id", problem)
    return None


def _failed_verdict(ref: Reference, failure: tuple[str, str], earlier: CachedPaper | None, attempted_at: str) -> dict:
    """arXiv could not be asked again (offline, 429, 503): what it said before, if the cache has it, with the failure
    said, rather than a row emptied of a title and verdict it had a moment ago."""
    status, message = failure
    if earlier is None or status not in ("unavailable", "rate limited"):
        return _empty_verdict(status, message, fetched_at=attempted_at)
    unchecked = (status, message) if _earlier_titles_missing(ref, earlier) else None
    return judge(ref, earlier, cached=True, asked_again=None if unchecked else message, unchecked=unchecked)


def _empty_verdict(status: str, message: str, fetched_at: str | None = None) -> dict:
    return {
        "status": status, "statuses": [status], "title": None, "authors": [], "published": None, "updated": None,
        "primary_category": None, "similarity": None, "cached": False, "fetched_at": fetched_at,
        "message": message,
    }


def _paper_from_entry(entry: ArxivEntry, ts: float, known_titles: dict[int, str]) -> CachedPaper:
    titles = dict(known_titles)
    titles[entry.version] = entry.title
    return CachedPaper(
        id=entry.id, found=True, fetched_at=arxiv_cache.iso(ts), fetched_ts=ts, latest_version=entry.version,
        title=entry.title, authors=entry.authors, published=entry.published, updated=entry.updated,
        primary_category=entry.primary_category, categories=entry.categories, comment=entry.comment,
        journal_ref=entry.journal_ref, doi=entry.doi, summary=entry.summary, version_titles=titles,
    )


def _needs_earlier_titles(ref: Reference, paper: CachedPaper) -> bool:
    """A paper with several versions whose latest title does not match one of the survey's names: an earlier title
    may."""
    if not paper.found or (paper.latest_version or 1) <= 1:
        return False
    return any(not name_check(compared, [paper.title]).similar for _, compared, _ in _name_groups(ref))


def _earlier_titles_missing(ref: Reference, paper: CachedPaper) -> bool:
    """A paper whose earlier titles may hold a name of the survey's that its latest title does not, and some of
    whose earlier versions' titles are not known."""
    return _needs_earlier_titles(ref, paper) and any(
        n not in paper.version_titles for n in range(1, paper.latest_version or 1))


def _learn_earlier_titles(
    refs: dict[str, Reference], papers: dict[str, CachedPaper], client: ArxivClient, db: sqlite_utils.Database,
    source: str,
) -> dict[str, tuple[str, str]]:
    """Before calling a name a mismatch, ask for the earlier versions' titles (once; they are cached). Returns
    {paper id: (status, why)} for each paper whose earlier titles arXiv did not give (503, 429, a timeout, a
    cancel): its name can't be called a mismatch, nor verified (`judge(…, unchecked=…)`)."""
    wanted: list[str] = []
    for key, ref in refs.items():
        p = papers.get(key)
        if p is not None and _needs_earlier_titles(ref, p):
            wanted += [f"{key}v{n}" for n in range(1, p.latest_version or 1) if n not in p.version_titles]
    if not wanted:
        return {}
    outcome = client.fetch(wanted)
    changed: dict[str, CachedPaper] = {}
    for asked, entry in outcome.found.items():
        p = papers.get(entry.id)
        if p is not None:
            p.version_titles[entry.version] = entry.title
            changed[p.id] = p
    arxiv_cache.store(db, list(changed.values()), source)
    untold: dict[str, tuple[str, str]] = {}
    for asked, (status, message) in outcome.failed.items():
        key = re.sub(r"v\d+$", "", asked)
        if status == "cancelled":
            untold.setdefault(key, ("unverified", "the run was cancelled before arXiv gave them"))
        else:  # (unavailable, rate limited; anything else arXiv failed to say is no answer either)
            untold.setdefault(key, (status if status == "rate limited" else "unavailable", message))
    return untold


# Why a paper's earlier titles are unknown when a run judges again from the cache only (an edited name)
_NOT_IN_CACHE = ("unverified", "they are not in the cache, and judging again from the cache asks arXiv nothing: "
                              "verify again")


# -- the verdict -----------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class NameCheck:
    similarity: float | None  # None: nothing comparable
    name: str | None  # the survey's name that came closest
    title: str | None  # the arXiv title it was compared with
    contained: bool  # the name appears in the title (and names this paper there)
    doubt: str | None = None  # why a name found in the title still doesn't identify the paper
    form_of: str | None = None  # the title's own name ("SAC" of "SAC: …"), which the name holds with title words
    short_form: bool = False  # the name is made of words of the title ("TileLang FP4", "Low-Rank KV")

    @property
    def similar(self) -> bool:
        return self.similarity is None or self.similarity >= MATCH


_LATEX_WRAPPER = re.compile(
    r"\\(?:textbf|textit|textsc|textrm|textsf|texttt|textup|text|emph|mathrm|mathbf|mathit|mathsf|mathtt|mathcal|"
    r"mathbb|mathfrak|mathscr|boldsymbol|bm|operatorname)\s*\{([^{}]*)\}"
)
_LATEX_DECLARATION = re.compile(r"\\(?:em|bf|it|sc|rm|sf|tt|sl|small|large|Large)(?![A-Za-z])")
_LATEX_ACCENT = re.compile(r"\\(?:['`^\"~=.]|[cvuHkrdbt](?![A-Za-z]))\s*(?:\{\s*([A-Za-z])\s*\}|([A-Za-z]))")


def _greek_as_name(ch: str) -> str:
    """'α' → ' alpha ', as `$\\alpha$` reads once unwrapped: a title and a name write the same letter either way."""
    if not "\u0370" <= ch <= "\u03ff":
        return ch
    parts = unicodedata.name(ch, "").split()
    if len(parts) >= 4 and parts[:2] == ["GREEK", "SMALL"] and parts[2] == "LETTER":
        return f" {parts[-1].lower()} "
    return ch


def normalise_title(text: str) -> str:
    """Unescape HTML, unwrap LaTeX, fold case and accents, spell Greek letters as `\\alpha` does, turn everything
    but letters and digits into spaces."""
    text = html.unescape(text)
    text = _LATEX_WRAPPER.sub(r"\1", text)
    text = _LATEX_ACCENT.sub(lambda m: m[1] or m[2], text)  # Caf\'e, \c{c}: the letter (its accent is folded below)
    text = _LATEX_DECLARATION.sub(" ", text)
    text = re.sub(r"\\([A-Za-z]+)", r" \1 ", text).replace("$", " ")
    text = unicodedata.normalize("NFKD", text)
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).casefold()
    text = "".join(_greek_as_name(ch) for ch in text)
    text = re.sub(r"[\W_]+", " ", text)
    return " ".join(text.split())


def title_similarity(a: str, b: str) -> float:
    return difflib.SequenceMatcher(None, normalise_title(a), normalise_title(b), autojunk=False).ratio()


# "vLLM 2024": the name and the year the survey cites it by; the title says "vLLM: …" (the name alone is compared too)
_NAME_AND_YEAR = re.compile(r"(.*?\S)[ ,]+(?:19|20)\d{2}")


def _comparable_names(ref: Reference) -> list[str]:
    """The survey's names written in Latin/Greek script (a Chinese description can't be compared with a title)."""
    names = list(ref.names) or ([ref.name] if ref.name else [])
    names += [m[1] for n in names if (m := _NAME_AND_YEAR.fullmatch(n)) and m[1] not in names]
    return [n for n in names if not _CJK.search(n) and len(normalise_title(n).replace(" ", "")) >= 2]


def _name_groups(ref: Reference) -> list[tuple[str, list[str], list[int]]]:
    """Each comparable name the survey gives the paper as (name, the forms compared, the lines using it), in order
    of first use: each is judged on its own (one right name must not hide a wrong one elsewhere: the same id
    pasted under two papers). The lines come from the occurrences; a reference made without them, from its names."""
    used: dict[str, list[int]] = {}
    for o in ref.occurrences:
        if o.name:
            lines = used.setdefault(o.name, [])
            if not lines or lines[-1] != o.line:
                lines.append(o.line)
    if not used:
        used = {n: [] for n in (list(ref.names) or ([ref.name] if ref.name else []))}
    groups = []
    for name, lines in used.items():
        compared = [name] + [m[1] for m in [_NAME_AND_YEAR.fullmatch(name)] if m]
        compared = [n for n in compared if not _CJK.search(n) and len(normalise_title(n).replace(" ", "")) >= 2]
        if compared:
            groups.append((name, compared, lines))
    return groups


def _contains(title: str, name: str) -> bool:
    t, n = normalise_title(title), normalise_title(name)
    if f" {n} " in f" {t} ":
        return True
    compact = n.replace(" ", "")
    return len(compact) >= 6 and compact in t.replace(" ", "")


# Words every LLM-infra title uses: a name made only of them ("KV", "LLM", "Cache", "Speculative Decoding") names a
# topic, not a paper, so finding it somewhere in a title proves nothing (at the title's start it still names it).
_TOPIC_WORDS = frozenset("""
    a an the of for and with via in on to by at from as is are all you need
    ai ml llm llms lm lms vlm vlms mllm mllms slm nlp cv rl sft dpo gpu gpus cpu cpus tpu npu hbm cxl
    kv cache caches caching key value keys values attention transformer transformers moe mixture expert experts
    model models language large small inference serving decoding decode prefill speculative draft quantization
    quantized quant compression pruning sparse sparsity distillation training fine tuning finetuning scheduling
    batching eviction offloading parallelism pipeline tensor memory kernel kernels token tokens context long
    efficient fast faster scalable scaling agent agents benchmark bench system systems engine engines multimodal
    vision reasoning retrieval rag embedding embeddings survey diffusion
""".split())
_VERSION_AFTER = re.compile(r"[-‐‑ ]?[vV]?\d")  # "FlashAttention-2", "GPT-4", "Llama 3", "DeepSeek-V3"


_AS_SUBJECT_BEFORE = re.compile(
    r"(?i)(?<![^\W_])(?:beyond|rethinking|revisiting|improving|accelerating|extending|optimi[sz]ing|fixing|breaking|"
    r"replacing|understanding|benchmarking|evaluating|debugging|attacking|scaling up|speeding up|against|versus|vs\.?|"
    r"unlike|than)\W+$")


def _doubt(title: str, name: str) -> str | None:
    """Why a name that appears in the title still doesn't identify the paper, or None when it does."""
    t, n = normalise_title(title), normalise_title(name)
    bare_t = re.sub(r"^(?:a|an|the) ", "", t)
    # (one such word leads a title as a paper's name only as "NAME: subtitle"; two or more as the first words)
    leads = t == n or (re.match(rf"(?i)\W*{re.escape(name.strip())}\s*:", title) is not None if " " not in n
                       else t.startswith(n + " ") or bare_t.startswith(n + " "))
    if all(w in _TOPIC_WORDS for w in n.split()) and not leads:
        return "is a common term in titles: it appears in the title but does not identify the paper"
    # The title names a later or earlier version: "FlashAttention" in "FlashAttention-2: …" is another paper.
    words = [re.escape(w) for w in re.split(r"[\W_]+", name) if w]
    if words:
        at = re.search(r"(?<![^\W_])" + r"[\W_]*".join(words) + r"(?![^\W_])", title, re.IGNORECASE)
        # The title is about the named work, not that work: "PagedAttention" in "Beyond PagedAttention: …" or
        # "PagedAttention Revisited" is most often the neighbouring id's paper.
        lead = _AS_SUBJECT_BEFORE.search(title, 0, at.start()) if at is not None else None
        if lead is not None:
            said = title[lead.start() : at.end()]  # type: ignore[union-attr]
            return f"is what the title's '{said}' is about, not its name (perhaps a neighbouring id's paper)"
        if at is not None and _VERSION_AFTER.match(title, at.end()):
            end = re.match(r"[-‐‑ ]?[vV]?[\d.]*\d", title[at.end():])
            return f"is not the title's '{title[at.start():at.end() + end.end()]}' (another version of the work)"
    return None


# "SAC: Spilling Attention Caches to CXL …": the paper's own name, before the colon that leads its title
_TITLE_NAME = re.compile(r"\s*([^:]{2,40}?)\s*:\s")


def _title_name_held(title: str, name: str) -> str | None:
    """The title's own name when `name` is that name with words of the title ("SAC CXL" for "SAC: Spilling
    Attention Caches to CXL Memory …"), as written in the title; else None. Words of the title alone ("Attention
    Caches") are no such form: the name must hold the title's name, whole, and its other words be the title's."""
    m = _TITLE_NAME.match(title)
    if m is None:
        return None
    own = normalise_title(m[1])
    words = normalise_title(name).split()
    if not own or len(own.split()) > 3 or f" {own} " not in f" {' '.join(words)} " or len(words) <= len(own.split()):
        return None
    if _doubt(title, m[1]) is not None:
        return None
    return m[1] if set(words) <= set(normalise_title(title).split()) else None


def _title_words_in(title: str, name: str) -> bool:
    """Whether a name of two words or more is made only of the title's words, in any order, not all of them words
    every title uses: a short title the survey calls the paper by ("TileLang FP4" for "TileLang Kernels for FP4
    Attention", "Low-Rank KV" and "Low-Rank Recovery" for "Quality Recovery for Quantized KV Caches via Low-Rank
    Attention", "String Dualities" for "Dualities in String Compactifications"). Judged so wherever the name
    stands: it was a mismatch alone and verified when another line wrote the whole title. "KV Attention" (words
    every title uses) and "KV Offload" (a word the title lacks) are not."""
    words = normalise_title(name).split()
    if len(words) < 2 or all(w in _TOPIC_WORDS for w in words):
        return False
    return set(words) <= set(normalise_title(title).split())


def name_check(names: list[str], titles: list[str]) -> NameCheck:
    """Best agreement between any of the survey's names and any title the paper has had."""
    best = NameCheck(None, None, None, False)
    doubted: NameCheck | None = None
    for name in names:
        for title in titles:
            score = round(title_similarity(name, title), 3)
            if _contains(title, name):
                doubt = _doubt(title, name)
                if doubt is None:
                    return NameCheck(1.0, name, title, True)
                if doubted is None:
                    doubted = NameCheck(score, name, title, False, doubt)
            elif (own := _title_name_held(title, name)) is not None:
                return NameCheck(1.0, name, title, True, form_of=own)
            elif _title_words_in(title, name):
                doubt = next(filter(None, (_doubt(title, w) for w in normalise_title(name).split()
                                           if w not in _TOPIC_WORDS)), None)
                if doubt is None:
                    return NameCheck(1.0, name, title, True, short_form=True)
                if doubted is None:  # ("FlashAttention Parallelism" for "FlashAttention-2: … Parallelism")
                    doubted = NameCheck(score, name, title, False, doubt)
            if best.similarity is None or score > best.similarity:
                best = NameCheck(score, name, title, False)
    if doubted is not None and (best.similarity is None or best.similarity < MATCH):
        return doubted
    return best


def judge(ref: Reference, paper: CachedPaper, *, cached: bool, asked_again: str | None = None,
          unchecked: tuple[str, str] | None = None) -> dict:
    """The verdict for one reference given what arXiv knows about it (`asked_again`: why asking arXiv again, for a
    fresher answer, failed; the verdict is then the cached one and says so). `unchecked`: (status, why) when the
    earlier versions' titles, which may hold a name the latest title does not, could not be had: a name that
    matches none of the titles known is then no verdict ("unavailable", "rate limited", "unverified"), never a
    mismatch, and no name is called verified on less."""
    verdict = _empty_verdict("verified", "", paper.fetched_at)
    verdict["cached"] = cached
    again = f" Asking arXiv again failed: {asked_again}" if asked_again else ""
    if asked_again:
        verdict["asked_again"] = asked_again
    if not paper.found:
        verdict["status"] = "not found"
        verdict["statuses"] = ["not found"]
        verdict["message"] = f"arXiv has no paper {ref.id} (asked twice, the second time alone).{again}"
        aid = parse_arxiv_id(ref.id)
        asked_on = datetime.fromtimestamp(paper.fetched_ts, tz=timezone.utc).date()
        if aid and not aid.old_style and _months_between(aid.year_month, (asked_on.year, asked_on.month)) <= 1:
            verdict["message"] = verdict["message"].removesuffix(again) + (
                " It is a recent id: newly announced papers can lag in the index; try again later." + again)
        return verdict
    latest = paper.latest_version or 1
    verdict.update(
        title=paper.title, authors=list(paper.authors), published=paper.published, updated=paper.updated,
        primary_category=paper.primary_category, latest_version=f"v{latest}", categories=list(paper.categories),
        comment=paper.comment, abs_url=f"https://arxiv.org/abs/{ref.id}",
    )
    notes: list[str] = []
    status = "verified"

    titles = [paper.title] + [t for v, t in sorted(paper.version_titles.items(), reverse=True) if t != paper.title]
    groups = _name_groups(ref)
    judged = []
    for name, compared, lines in groups:  # each name on its own: its verdict never hangs on another line's name
        one = name_check(compared, titles)
        judged.append((_name_status(one, compared, paper), name, lines, one, compared))
    # the worst name decides (a wrong name on one line is not hidden by a right one on another), the earliest of
    # those as bad; with several names, the lines of the one the verdict is about are said
    worst = max(judged, key=lambda j: _NAME_RANK[j[0]], default=None)
    if worst is not None and worst[0] == "verified":
        unchecked = None  # (every name matches a title known: the earlier ones would change nothing)
    check = worst[3] if worst is not None else NameCheck(None, None, None, False)
    several = worst is not None and len(judged) > 1 and worst[0] != "verified"
    shown = f"'{check.name}'" + (f" ({_lines(worst[2])})" if several and worst[2] else "")  # type: ignore[index]
    verdict["similarity"] = check.similarity
    if check.similarity is None:
        given = [n for n in (list(ref.names) or [ref.name]) if n and n not in _CJK_NOT_NAMES]
        if given:  # the survey says what the paper is, in words no title comparison can check: a person must
            status = "name not compared"
            chinese = [n for n in given if _CJK.search(n)]
            if chinese:
                notes.append(f"the survey names it only in Chinese ('{chinese[0]}'): compare that with the title "
                             "by hand")
            else:
                notes.append(f"the survey's name '{given[0]}' is too short to compare with the title: check by hand")
        else:
            notes.append("the survey gives it no name to compare")
    elif check.contained:
        where = "" if check.title == paper.title else " of an earlier version"
        if check.form_of:
            notes.append(f"the survey's name {shown} is the title{where}'s name '{check.form_of}' with words of the "
                         "title")
        elif check.short_form:
            notes.append(f"the survey's name {shown} is made of words of the title{where}")
        else:
            notes.append(f"the survey's name {shown} appears in the title{where}")
    elif check.similarity >= MATCH:
        notes.append(f"the survey's title matches arXiv's (similarity {check.similarity:.2f})")
    elif unchecked is not None:  # the earlier titles, which may hold the name, did not come: no verdict on it
        status = unchecked[0]
        notes.append(f"the survey's name {shown} does not match the latest title (similarity "
                     f"{check.similarity:.2f}) but may match an earlier version's")
    else:
        in_abstract = [n for n in worst[4] if _in_abstract(n, paper)] if worst else []
        if check.doubt:
            status = "check by hand"
            notes.append(f"{shown} {check.doubt} (title similarity {check.similarity:.2f})")
        elif check.similarity >= CHECK_BY_HAND:
            status = "check by hand"
            notes.append(f"{shown} differs slightly from the title (similarity {check.similarity:.2f})")
        elif in_abstract:
            status = "check by hand"
            notes.append(f"'{in_abstract[0]}' is not in the title but appears in the abstract "
                         f"(title similarity {check.similarity:.2f})")
        else:
            status = "name mismatch"
            verdict["mismatched_name"] = check.name  # (read by reference_verdicts.mismatched_name, not the sentence)
            # every wrong name as the survey writes it, for the places to underline (reference_verdicts.wrong_names)
            verdict["mismatched_names"] = [n for st, n, _, _, _ in judged if st == "name mismatch"] or [check.name]
            compared = "any version's title" if len(titles) > 1 else "the title"
            notes.append(f"the survey's name {shown} does not match {compared} "
                         f"(similarity {check.similarity:.2f})")
    if several and unchecked is not None:
        agree = [f"'{n}'" + (f" ({_lines(ls)})" if ls else "") for st, n, ls, _, _ in judged if st == "verified"]
        if agree:
            notes.append(f"{', '.join(agree)} {'match' if len(agree) > 1 else 'matches'} it")
    elif several:  # the survey's other names, said too: those as bad as the one said, then those that match it
        def said(status: str) -> list[str]:
            return [f"'{n}'" + (f" ({_lines(ls)})" if ls else "") for st, n, ls, _, _ in judged
                    if st == status and n != worst[1]]  # type: ignore[index]

        also = said(worst[0])  # type: ignore[index]
        if also and worst[0] == "name mismatch":  # type: ignore[index]
            notes.append(f"{', '.join(also)} {'do' if len(also) > 1 else 'does'} not match it either")
        elif also:
            notes.append(f"{', '.join(also)} {'differ' if len(also) > 1 else 'differs'} from it too: check by hand")
        agree = said("verified")
        if agree:
            notes.append(f"{', '.join(agree)} {'match' if len(agree) > 1 else 'matches'} it")

    date_problems, category_problems, cross_listed = [], [], None
    for stated_date, stated_category, lines in _stated_facts(ref):  # every place's, not only the first's
        problem = _date_problem(ref, paper, stated_date)
        if problem:
            date_problems.append(problem + (f" ({_lines(lines)})" if lines else ""))
        problem, note = _category_said(ref, paper, stated_category)
        if problem:
            category_problems.append(problem + (f" ({_lines(lines)})" if lines else ""))
        cross_listed = cross_listed or note
    for problem in (*date_problems, *category_problems):
        if problem:
            notes.append(problem)
            if status in ("verified", "name not compared"):
                status = "check by hand"
    if cross_listed:
        notes.append(cross_listed)

    statuses = [] if status == "verified" else [status]  # every status that applies, the row's own first
    wanted = version_number(ref.version)
    if wanted is not None and wanted > latest:
        status = "version not found"
        statuses.insert(0, status)
        notes.insert(0, f"the survey cites {ref.version} but arXiv's latest version is v{latest}")

    if paper.comment and _WITHDRAWN.search(paper.comment):
        status = "withdrawn?"
        statuses.insert(0, status)
        notes.insert(0, f"heuristic: the latest version's comment reads \"{paper.comment}\"; read the abstract page")

    verdict["status"] = status
    verdict["statuses"] = statuses or [status]
    head = {
        "verified": "Found on arXiv", "check by hand": "Found on arXiv, check by hand",
        "name not compared": "Found on arXiv, name not compared",
        "name mismatch": "Found on arXiv, but the name does not match", "version not found": "Version not found",
        "withdrawn?": "Possibly withdrawn",
    }.get(status, "Found on arXiv, but the name could not be checked")
    source = "from the cache" if cached else "just fetched"
    if unchecked is not None:
        again += f" The earlier versions' titles could not be fetched: {unchecked[1]}"
    verdict["message"] = f"{head} (v{latest}, {source}): " + "; ".join(notes) + "." + again
    return verdict


_NAME_RANK = {"verified": 0, "check by hand": 1, "name mismatch": 2}


def _in_abstract(name: str, paper: CachedPaper) -> bool:
    return f" {normalise_title(name)} " in f" {normalise_title(paper.summary)} "


def _name_status(check: NameCheck, compared: list[str], paper: CachedPaper) -> str:
    """What one of the survey's names alone would make the row: "verified", "check by hand" or "name mismatch"."""
    if check.similarity is None or check.contained or check.similarity >= MATCH:
        return "verified"
    if check.doubt or check.similarity >= CHECK_BY_HAND or any(_in_abstract(n, paper) for n in compared):
        return "check by hand"
    return "name mismatch"


def _lines(lines: list[int]) -> str:
    return ", ".join(f"L{n}" for n in lines)


def _stated_facts(ref: Reference) -> list[tuple[str | None, str | None, list[int]]]:
    """Each date and category the survey states for the paper, (date, None, lines) and (None, category, lines), in
    order of first statement. The lines are said only when the places state different facts (a wrong date on a
    later line is named by its line); a reference made without occurrences states its own."""
    dates: dict[str, list[int]] = {}
    categories: dict[str, list[int]] = {}
    for o in ref.occurrences:
        for seen, fact in ((dates, o.stated_date), (categories, o.stated_category)):
            if fact:
                lines = seen.setdefault(fact, [])
                if not lines or lines[-1] != o.line:
                    lines.append(o.line)
    if not dates and ref.stated_date:
        dates[ref.stated_date] = []
    if not categories and ref.stated_category:
        categories[ref.stated_category] = []
    out: list[tuple[str | None, str | None, list[int]]] = []
    out += [(d, None, lines if len(dates) > 1 else []) for d, lines in dates.items()]
    out += [(None, c, lines if len(categories) > 1 else []) for c, lines in categories.items()]
    return out


def _date_problem(ref: Reference, paper: CachedPaper, stated: str | None) -> str | None:
    if not stated or not paper.published:
        return None
    aid = parse_arxiv_id(ref.id)
    published = _day(paper.published)
    updated = _day(paper.updated)
    if published is None:
        return None
    if len(stated) == 7:  # a month: the id's month or the first version's month
        y, m = int(stated[:4]), int(stated[5:7])
        if (y, m) == (published.year, published.month) or (aid and (y, m) == aid.year_month):
            return None
        return f"the survey says {stated}; the id is from {_ym(aid)} and v1 appeared {published.isoformat()}"
    try:
        day = date.fromisoformat(stated)
    except ValueError:
        return None
    for known in (published, updated):
        if known and abs((day - known).days) <= DATE_TOLERANCE_DAYS:
            return None
    return f"the survey says {stated}; arXiv's v1 appeared {published.isoformat()}" + (
        f" and the latest version {updated.isoformat()}" if updated and updated != published else ""
    )


def _category_said(ref: Reference, paper: CachedPaper, stated: str | None) -> tuple[str | None, str | None]:
    """(a problem, a note) about the category the survey states beside the paper: none when it is arXiv's primary
    one; a note saying why it is still right when arXiv cross-lists the paper there; else a problem."""
    if not stated or not paper.primary_category or stated.lower() == paper.primary_category.lower():
        return None, None
    if stated.lower() in (c.lower() for c in paper.categories):
        return None, (f"the survey's {stated} is a category arXiv cross-lists it in "
                      f"(its primary category is {paper.primary_category})")
    return f"the survey says {stated}; arXiv files it under {paper.primary_category}", None


def _day(stamp: str | None) -> date | None:
    if not stamp:
        return None
    try:
        return datetime.fromisoformat(stamp.replace("Z", "+00:00")).astimezone(timezone.utc).date()
    except ValueError:
        return None


def _ym(aid: Any) -> str:
    if aid is None:
        return "?"
    y, m = aid.year_month
    return f"{y}-{m:02d}"


def _months_between(a: tuple[int, int], b: tuple[int, int]) -> int:
    return (b[0] - a[0]) * 12 + (b[1] - a[1])
