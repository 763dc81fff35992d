"""Does the name the survey uses identify the paper? Verdicts a careful reader would give, through the fake arXiv.

A common term ("KV", "LLM", "Cache") appears in half the titles of the field: finding it in a title proves
nothing. A name that the title carries with a version ("FlashAttention" in "FlashAttention-2: …") names the
other version of the work. Neither is a match; both are for a person to look at.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from editor_app.config import Config
from editor_app.core.references import assemble_references, citations_in_line
from editor_app.devtools.fake_arxiv import FakeArxiv, paper_from_dict
from editor_app.services.database import open_database
from editor_app.services.verification import name_check, verify_references

# (survey line, id, the title arXiv serves, the verdict a careful reader gives)
CASES = [
    ("KV（arXiv:2601.00106）缓存。", "2601.00106", "Efficient KV Cache Eviction for Long Context", "check by hand"),
    ("LLM（arXiv:2601.00107）模型。", "2601.00107", "Scaling LLM Inference on Commodity GPUs", "check by hand"),
    ("Cache（arXiv:2601.00116）缓存。", "2601.00116", "Efficient KV Cache Eviction", "check by hand"),
    ("Speculative（arXiv:2601.00122）推测。", "2601.00122", "Speculative Decoding with Tree Attention",
     "check by hand"),
    ("FlashAttention（arXiv:2601.00124）注意力。", "2601.00124",
     "FlashAttention-2: Faster Attention with Better Parallelism", "check by hand"),
    ("GPT（arXiv:2601.00126）模型。", "2601.00126", "GPT-4 Technical Report", "check by hand"),
    # still matches: a coined name anywhere in the title, a name with its version, a topic name leading the title
    ("KVQ（arXiv:2601.00101）量化。", "2601.00101", "KVQ: Key-Value Quantization for Long Context", "verified"),
    ("Llama 3（arXiv:2601.00108）模型。", "2601.00108", "The Llama 3 Herd of Models", "verified"),
    ("Qwen2.5（arXiv:2601.00109）模型。", "2601.00109", "Qwen2.5 Technical Report", "verified"),
    ("GPT-4（arXiv:2601.00110）模型。", "2601.00110", "GPT-4 Technical Report", "verified"),
    ("PagedAttention（arXiv:2601.00111）分页。", "2601.00111",
     "Efficient Memory Management for Large Language Model Serving with PagedAttention", "verified"),
    ("Speculative Decoding（arXiv:2601.00104）推测。", "2601.00104",
     "Speculative Decoding with Tree Attention for Fast Inference", "verified"),
    ("MoE（arXiv:2601.00117）专家。", "2601.00117", "MoE: Routing Experts on One GPU", "verified"),
    # the name at the end of an English sentence, not the sentence
    ("Compared with LLM serving systems like vLLM (arXiv:2601.00131).", "2601.00131",
     "vLLM: Efficient Memory Management for Large Language Model Serving", "verified"),
    ("This paper introduces a new KV cache method called KVQuant (arXiv:2601.00132).", "2601.00132",
     "KVQuant: Towards 10 Million Context Length LLM Inference", "verified"),
    # a title cited whole before the parenthesis ("of" was cut: 'Models', a common term, was compared)
    ("The Llama 3 Herd of Models (arXiv:2601.00143).", "2601.00143", "The Llama 3 Herd of Models", "verified"),
    # the name with the year the survey cites it by
    ("vLLM 2024（arXiv:2601.00141）服务。", "2601.00141", "vLLM: Efficient Memory Management for LLM Serving",
     "verified"),
    ("Mistral 2024（arXiv:2601.00142）模型。", "2601.00142", "Gemma: Open Models Based on Gemini Research",
     "name mismatch"),
    # a different paper's name stays a mismatch
    ("FlashAttention（arXiv:2601.00105）注意力。", "2601.00105", "Ring Attention with Blockwise Transformers",
     "name mismatch"),
    ("Llama 2（arXiv:2601.00125）模型。", "2601.00125", "The Llama 3 Herd of Models", "name mismatch"),
    ("DeepSeek-V3（arXiv:2601.00113）模型。", "2601.00113", "DeepSeek-V2: A Strong, Economical MoE Language Model",
     "name mismatch"),
]


@pytest.fixture(scope="module")
def verdicts(tmp_path_factory):
    papers = [paper_from_dict({"id": i, "title": t, "authors": ["A Reader"], "published": "2026-01-05T10:00:00Z",
                               "primary_category": "cs.LG"}) for _, i, t, _ in CASES]
    text = "\n".join(c[0] for c in CASES)
    refs = assemble_references(((k, citations_in_line(l)) for k, l in enumerate(text.split("\n"), 1)), date.today())
    opened = open_database(Path(tmp_path_factory.mktemp("names")) / "names.db")
    with FakeArxiv(papers, "127.0.0.1", 0) as fake:
        config = Config(arxiv_url=fake.url, arxiv_interval=0.0, contact="tests@example.org")
        out = verify_references(refs, config=config, db=opened.db)
    opened.db.conn.close()
    return out


@pytest.mark.parametrize("line, key, title, expected", CASES, ids=[c[1] for c in CASES])
def test_verdict_is_what_a_careful_reader_says(verdicts, line, key, title, expected):
    assert verdicts[key]["status"] == expected, verdicts[key]["message"]


def test_common_term_says_why_and_keeps_the_title_similarity(verdicts):
    kv = verdicts["2601.00106"]
    assert "'KV' is a common term" in kv["message"] and kv["similarity"] < 0.5


def test_versioned_title_names_the_version_it_carries(verdicts):
    assert "'FlashAttention-2'" in verdicts["2601.00124"]["message"]


@pytest.mark.parametrize("line, name", [
    ("Compared with LLM serving systems like vLLM (arXiv:2601.00131).", "vLLM"),
    ("This paper introduces a new KV cache method called KVQuant (arXiv:2601.00132).", "KVQuant"),
    ("In this work Google proposes FooNet (arXiv:2601.00133) for caching.", "FooNet"),
    ("Recent work such as FlashAttention-2 (arXiv:2601.00134) shows gains.", "FlashAttention-2"),
    ("The results of Llama 3 (arXiv:2601.00135) are strong.", "Llama 3"),
    ("the method we propose (arXiv:2601.00136).", None),
    ("Compared with FooNet (arXiv:2601.00137)", "FooNet"),
    ("Inspired by FooNet (arXiv:2601.00138)", "FooNet"),
    # a title cited before the parenthesis keeps its small words
    ("Attention Is All You Need (arXiv:2601.00139).", "Attention Is All You Need"),
    ("相关工作 Quality Recovery for Quantized KV Caches via Low-Rank Attention（arXiv:2601.00140）提出",
     "Quality Recovery for Quantized KV Caches via Low-Rank Attention"),
])
def test_the_name_before_the_parenthesis_is_the_name_not_the_sentence(line, name):
    assert [c.name for c in citations_in_line(line)] == [name]


def test_a_matching_name_among_several_wins_over_a_doubted_one():
    check = name_check(["KV", "Akashic"], ["Akashic: KV Memory for Agents"])
    assert check.contained and check.name == "Akashic" and check.doubt is None
