"""QA29c D2: a name made only of the title's words ("Low-Rank KV", "TileLang FP4", "String Dualities") was a red
name mismatch alone and verified when another line wrote the whole title. Each name is now judged on its own: a
name of two words or more made of the title's words (in any order: the sample's "Low-Rank KV" and "Low-Rank
Recovery"), not all of them words every title uses, is a short title of the paper, verified wherever it stands; a
word the title lacks, or only common words, is no such name."""

from __future__ import annotations

from pathlib import Path

import pytest

from editor_app.config import Config
from editor_app.core.analyze import Analyzer
from editor_app.core.rulepack import house_pack
from editor_app.devtools.fake_arxiv import FakeArxiv, paper_from_dict
from editor_app.services.database import open_database
from editor_app.services.verification import name_check, verify_references
from editor_app.wording import EngineText

LOW_RANK = "Quality Recovery for Quantized KV Caches via Low-Rank Attention"
TILELANG = "TileLang Kernels for FP4 Attention"
PAPERS = [
    {"id": "2609.04263", "title": LOW_RANK, "published": "2026-09-04T10:00:00Z", "primary_category": "cs.LG"},
    {"id": "2602.01234", "title": TILELANG, "published": "2026-02-01T10:00:00Z", "primary_category": "cs.LG"},
    {"id": "2604.08810", "title": "Atlas: A Cluster Scheduler for Disaggregated Prefill and Decode",
     "published": "2026-04-08T10:00:00Z", "primary_category": "cs.DC"},
]


@pytest.fixture(scope="module")
def verify(tmp_path_factory):
    papers = [paper_from_dict({"authors": ["A Reader"], **p}) for p in PAPERS]
    opened = open_database(Path(tmp_path_factory.mktemp("qa29c")) / "d2.db")
    with FakeArxiv(papers, "127.0.0.1", 0) as fake:
        config = Config(arxiv_url=fake.url, arxiv_interval=0.0, contact="tests@example.org")

        def run(text: str) -> dict:
            refs = Analyzer(house_pack()).analyze(text).references
            return verify_references(refs, config=config, db=opened.db)

        yield run
    opened.db.conn.close()


@pytest.mark.parametrize("name, title, contained", [
    ("TileLang FP4", TILELANG, True),
    ("Quality Recovery Low-Rank Attention", LOW_RANK, True),
    ("Low-Rank KV", LOW_RANK, True),
    ("Low-Rank Recovery", LOW_RANK, True),
    ("String Dualities", "Dualities in String Compactifications", True),
    ("RadixAttention Study", "Prefix Sharing at Scale: A Study of RadixAttention in Production", True),
    ("KV Offload", "KV Cache Offloading to NVMe", False),  # "offload" is no word of the title
    ("KV Attention", LOW_RANK, False),  # words every title uses: no name of a paper
    ("Speculative Decoding", "Speculative Decoding Meets Quantization at Scale", True),  # (its start: contained)
    ("Decoding Speculative", "Speculative Decoding Meets Quantization at Scale", False),
])
def test_a_name_of_the_titles_words(name, title, contained):
    check = name_check([name], [title])
    assert check.contained == contained and check.doubt is None, check


def test_a_name_of_another_versions_title_words_is_still_doubted():
    check = name_check(["FlashAttention Parallelism"], ["FlashAttention-2: Faster Attention with Better Parallelism"])
    assert not check.contained and check.doubt and "another version" in check.doubt, check


@pytest.mark.parametrize("line, status", [
    ("Low-Rank KV（arXiv:2609.04263）补偿量化损失。", "verified"),
    ("TileLang FP4（arXiv:2602.01234）FP4 注意力 kernel。", "verified"),
])
def test_the_verdict_does_not_hang_on_another_line(verify, line, status):
    rid = line.split("arXiv:")[1][:10]
    alone = verify("一、引用\n" + line + "\n")[rid]
    title = PAPERS[0]["title"] if rid == "2609.04263" else TILELANG
    beside = verify(f"一、引用\n{title}（arXiv:{rid}）。\n{line}\n")[rid]
    assert alone["status"] == beside["status"] == status, (alone["message"], beside["message"])
    assert "mismatched_name" not in alone


def test_the_messages(verify):
    v = verify("一、引用\nLow-Rank KV（arXiv:2609.04263）补偿量化损失。\n")["2609.04263"]
    assert v["message"].startswith("Found on arXiv (v1, ")  # (from the cache or just fetched)
    assert v["message"].endswith("): the survey's name 'Low-Rank KV' is made of words of the title.")
    assert EngineText("zh_CN")(v["message"]).endswith("：综述中的名称 'Low-Rank KV' 由标题中的词组成。")


def test_another_papers_name_is_still_a_mismatch_beside_a_right_one(verify):
    v = verify("一、引用\nExpertStream（arXiv:2604.08810）。\nAtlas（arXiv:2604.08810）讨论调度。\n")["2604.08810"]
    assert v["status"] == "name mismatch" and v["mismatched_names"] == ["ExpertStream"], v["message"]
