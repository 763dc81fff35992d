"""Fix 29 (wording): a reference verdict's "doubt" sentences had no Chinese templates, so the References tab and
the report showed a Chinese user "'KV' is a common term in titles: it appears in the title but does not identify the
paper (title similarity 0.09)", "'PagedAttention' is what the title's 'Beyond PagedAttention' is about, not its name
(…)", "'GPT' is not the title's 'GPT-4' (another version of the work)" and "arXiv's v1 appeared 2026-05-19 and the
latest version 2026-06-02" in English. Every sentence services/verification.py puts in a verdict's message, through
each of its branches, now comes out in Chinese (names, titles, ids, dates and lines kept as written)."""

from __future__ import annotations

import re
import time
from datetime import date

import pytest

from editor_app.core.references import assemble_references, citations_in_line
from editor_app.services import arxiv_cache
from editor_app.services.arxiv_cache import CachedPaper
from editor_app.services.verification import judge
from editor_app.wording import EngineText

NOW = time.time()
TODAY = date.today()


def _refs(text: str):
    return assemble_references(((k, citations_in_line(line)) for k, line in enumerate(text.split("\n"), 1)), TODAY)


def _paper(key: str, title: str, **more) -> CachedPaper:
    facts = {"latest_version": 1, "published": "2026-01-10T10:00:00Z", "primary_category": "cs.DC",
             "categories": ["cs.DC"], "authors": ["A Reader"], **more}
    if "version_titles" not in more:
        facts["version_titles"] = {facts["latest_version"]: title}
    return CachedPaper(key, True, arxiv_cache.iso(NOW), NOW, title=title, **facts)


# (the survey's lines, the paper arXiv has, judge's other arguments): one case per branch of judge's message
CASES = {
    "common term": ("KV（arXiv:2601.00106）缓存。", _paper("2601.00106", "Efficient KV Cache Eviction for Long Context"),
                    {}),
    "common term, two names": ("KV（arXiv:2601.00106）缓存。\nCache（arXiv:2601.00106）缓存。",
                               _paper("2601.00106", "Efficient KV Cache Eviction for Long Context"), {}),
    "about the title's subject": ("PagedAttention（arXiv:2608.14403）分页。",
                                  _paper("2608.14403", "Beyond PagedAttention: Virtual Memory Paging without Kernel "
                                                       "Rewrites"), {}),
    "another version": ("FlashAttention（arXiv:2601.00124）注意力。",
                        _paper("2601.00124", "FlashAttention-2: Faster Attention with Better Parallelism"), {}),
    "day stated, updated": ("推理引擎可复现性（arXiv:2605.01234，2024-01-02）。",
                            _paper("2605.01234", "Reproducible Inference Engines", latest_version=2,
                                   published="2026-05-19T10:00:00Z", updated="2026-06-02T10:00:00Z",
                                   version_titles={1: "Reproducible Inference Engines",
                                                   2: "Reproducible Inference Engines"}), {}),
    "day stated": ("DateKV（arXiv:2601.00140，2026-03-01）。", _paper("2601.00140", "DateKV: Dated KV Caches"), {}),
    "month stated, category": ("SGLang-Router（arXiv:2611.00141，2026-10，cs.LG）。",
                               _paper("2611.00141", "SGLang-Router: Routing Requests", published="2026-11-04T10:00:00Z"),
                               {}),
    "cross-listed": ("RouteKV（arXiv:2601.00142，cs.LG）。",
                     _paper("2601.00142", "RouteKV: Routing KV Caches", categories=["cs.DC", "cs.LG"]), {}),
    "withdrawn, version not found": ("HydraKV（arXiv:2601.00143v3）。",
                                     _paper("2601.00143", "HydraKV: Many-Headed Caches",
                                            comment="This paper has been withdrawn by the author"), {}),
    "mismatch": ("FlashAttention（arXiv:2601.00105）注意力。",
                 _paper("2601.00105", "Ring Attention with Blockwise Transformers"), {}),
    "mismatch, two names": ("FlashAttention（arXiv:2601.00105）。\nRing Attention（arXiv:2601.00105）。\n"
                            "FooNet（arXiv:2601.00105）。", _paper("2601.00105", "Ring Attention with Blockwise "
                                                                               "Transformers"), {}),
    "slightly different": ("Ring Attn with Blockwise Transformer（arXiv:2601.00144）。",
                           _paper("2601.00144", "Ring Attention with Blockwise Transformers"), {}),
    "in the abstract": ("FooNet（arXiv:2601.00145）。",
                        _paper("2601.00145", "A Study of Caches", summary="We present FooNet, a cache."), {}),
    "title matches": ("Ring Attention with Blockwise Transformers（arXiv:2601.00146）。",
                      _paper("2601.00146", "Ring Attention with Blockwise Transformer"), {}),
    "name in an earlier title": ("StreamPrefill（arXiv:2606.55555）。",
                                 _paper("2606.55555", "Chunked Prefill at Scale", latest_version=2,
                                        version_titles={1: "StreamPrefill: Streaming Prefill",
                                                        2: "Chunked Prefill at Scale"}), {}),
    "the title's name with title words": ("SAC CXL（arXiv:2601.00147）。",
                                          _paper("2601.00147", "SAC: Spilling Attention Caches to CXL Memory"), {}),
    "title words": ("TileLang FP4（arXiv:2601.00148）。", _paper("2601.00148", "TileLang Kernels for FP4 Attention"),
                    {}),
    "only in Chinese": ("推理引擎（arXiv:2601.00149）。", _paper("2601.00149", "Inference Engines"), {}),
    "no name": ("见 arXiv:2601.00150。", _paper("2601.00150", "Inference Engines"), {}),
    "earlier titles not fetched": ("StreamPrefill（arXiv:2606.55555）。",
                                   _paper("2606.55555", "Chunked Prefill at Scale", latest_version=2,
                                          version_titles={2: "Chunked Prefill at Scale"}),
                                   {"unchecked": ("unavailable", "arXiv answered HTTP 503 (after 4 attempts)")}),
    "asked again": ("DateKV（arXiv:2601.00140）。", _paper("2601.00140", "DateKV: Dated KV Caches"),
                    {"asked_again": "the connection to arXiv failed (Connection refused)"}),
    "not found": ("FooNet（arXiv:2401.00151）。", CachedPaper("2401.00151", False, arxiv_cache.iso(NOW), NOW), {}),
}

# What is left in English once translated: three Latin words in a row, outside quotes (the survey's names, arXiv's
# titles and comments), which stay as written.
_QUOTED = re.compile(r"(?<![A-Za-z])'[^']*'(?![A-Za-z])|\"[^\"]*\"")
_ENGLISH = re.compile(r"[A-Za-z][A-Za-z'’-]*(?:[ ,:;]+[A-Za-z][A-Za-z'’-]*){2,}")


def _english_left(text: str) -> list[str]:
    return _ENGLISH.findall(_QUOTED.sub("", text))


def _message(case: str) -> str:
    text, paper, more = CASES[case]
    refs = _refs(text)
    assert len(refs) == 1, refs
    return str(judge(refs[0], paper, cached=False, **more)["message"])


@pytest.mark.parametrize("case", list(CASES))
def test_each_verdict_message_reads_in_chinese(case):
    message = _message(case)
    zh = EngineText("zh_CN")(message)
    assert zh != message and not _english_left(zh), (message, zh)


def test_the_cases_reach_every_doubt_and_date_sentence():
    """(the cases above say what they are meant to: a test of the translation of sentences judge never wrote
    would prove nothing)"""
    said = {case: _message(case) for case in CASES}
    assert "is a common term in titles" in said["common term"]
    assert "' (L1) is a common term in titles" in said["common term, two names"]
    assert "is what the title's 'Beyond PagedAttention' is about" in said["about the title's subject"]
    assert "is not the title's 'FlashAttention-2' (another version of the work)" in said["another version"]
    assert "arXiv's v1 appeared 2026-05-19 and the latest version 2026-06-02" in said["day stated, updated"]
    assert "arXiv's v1 appeared 2026-01-10." in said["day stated"]
    assert "is a category arXiv cross-lists it in" in said["cross-listed"]
    assert "arXiv's latest version is v1" in said["withdrawn, version not found"]
    assert "heuristic" in said["withdrawn, version not found"]
    assert "appears in the abstract" in said["in the abstract"]
    assert "differs slightly" in said["slightly different"]
    assert "but may match an earlier version's" in said["earlier titles not fetched"]


@pytest.mark.parametrize("english, chinese", [
    ("Found on arXiv, check by hand (v1, just fetched): 'KV' is a common term in titles: it appears in the title "
     "but does not identify the paper (title similarity 0.09).",
     "arXiv 上找到，需人工核对（v1，刚刚获取）：'KV' 是标题中常见的术语：它出现在标题中，但不足以确认就是这篇论文"
     "（标题相似度 0.09）。"),
    ("Found on arXiv, check by hand (v1, just fetched): 'PagedAttention' is what the title's 'Beyond "
     "PagedAttention' is about, not its name (perhaps a neighbouring id's paper) (title similarity 0.35).",
     "arXiv 上找到，需人工核对（v1，刚刚获取）：'PagedAttention' 是标题中 'Beyond PagedAttention' 所讨论的对象，"
     "而不是这篇论文的名称（可能是相邻 id 的论文；标题相似度 0.35）。"),
    ("Found on arXiv, check by hand (v1, from the cache): 'GPT' (L3) is not the title's 'GPT-4' (another version "
     "of the work) (title similarity 0.24); 'GPT-4' (L5) matches it.",
     "arXiv 上找到，需人工核对（v1，来自缓存）：'GPT' (L3) 不是标题中的 'GPT-4'（那是该工作的另一个版本；标题相似度 "
     "0.24）；'GPT-4' (L5) 与之相符。"),
    ("Found on arXiv, check by hand (v2, just fetched): the survey says 2024-01-02; arXiv's v1 appeared 2026-05-19 "
     "and the latest version 2026-06-02 (L4).",
     "arXiv 上找到，需人工核对（v2，刚刚获取）：综述写的是 2024-01-02；arXiv 上 v1 发布于 2026-05-19，最新版本发布于 "
     "2026-06-02 (L4)。"),
], ids=["common term", "the title's subject", "another version", "v1 appeared"])
def test_the_new_sentences_read_so(english, chinese):
    assert EngineText("zh_CN")(english) == chinese
