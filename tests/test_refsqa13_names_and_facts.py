"""QA13: every name and every stated date a survey gives a paper is judged, and read where the survey writes it.

The survey lines are the report's repros (/tmp/qa13/repro); verdicts come from the fake arXiv on loopback.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from editor_app.config import Config
from editor_app.core.analyze import Analyzer
from editor_app.core.references import citations_in_line
from editor_app.core.rulepack import house_pack
from editor_app.devtools.fake_arxiv import FakeArxiv, paper_from_dict
from editor_app.services.database import open_database
from editor_app.services.verification import verify_references

PAPERS = [
    {"id": "2604.08810", "title": "Atlas: A Cluster Scheduler for Disaggregated Prefill and Decode",
     "published": "2026-04-08T10:00:00Z", "primary_category": "cs.DC"},
    {"id": "2610.02119", "title": "Profiling LLM Inference on Blackwell GPUs", "published": "2026-10-02T17:00:00Z",
     "primary_category": "cs.PF"},
    {"id": "2606.22222", "title": "KVShare: Cross-Request KV Cache Sharing for Multi-Tenant Serving",
     "published": "2026-06-22T10:00:00Z", "primary_category": "cs.DC"},
    {"id": "2611.04567", "title": "SGLang-Router: Cache-Aware Load Balancing for Data-Parallel LLM Serving",
     "published": "2026-11-04T10:00:00Z", "primary_category": "cs.DC"},
    {"id": "2608.14403", "title": "Beyond PagedAttention: Virtual Memory Paging without Kernel Rewrites",
     "published": "2026-08-14T13:00:00Z", "primary_category": "cs.OS"},
    {"id": "2606.03458", "title": "KVarN: Normalized Variance Keeps Quantized KV Caches Stable in Long Reasoning",
     "published": "2026-06-03T15:40:10Z", "primary_category": "cs.LG"},
]


@pytest.fixture(scope="module")
def verify(tmp_path_factory):
    """verify(survey text) -> {id: (reference, verdict)}, through the whole analysis and the fake arXiv."""
    papers = [paper_from_dict({"authors": ["A Reader"], **p}) for p in PAPERS]
    opened = open_database(Path(tmp_path_factory.mktemp("qa13")) / "qa13.db")
    with FakeArxiv(papers, "127.0.0.1", 0) as fake:
        config = Config(arxiv_url=fake.url, arxiv_interval=0.0, contact="tests@example.org")

        def run(text: str) -> dict:
            refs = Analyzer(house_pack()).analyze(text).references
            out = verify_references(refs, config=config, db=opened.db)
            return {r.id: (r, out.get(r.id)) for r in refs}

        yield run
    opened.db.conn.close()


def names(line: str) -> list:
    return [c.name for c in citations_in_line(line)]


# D1 ----------------------------------------------------------------------------------------------------------------
def test_a_wrong_name_on_one_line_is_not_hidden_by_a_right_one_on_another(verify):
    ref, v = verify("一、引用\n1. ExpertStream（arXiv:2604.08810）从 CPU 内存流式加载专家权重。\n"
                    "2. Atlas（arXiv:2604.08810）讨论调度。\n")["2604.08810"]
    assert v["status"] == "name mismatch", v["message"]
    assert "'ExpertStream' (L2) does not match" in v["message"] and "'Atlas' (L3) matches it" in v["message"]


def test_forms_of_one_right_name_are_that_name(verify):
    _, v = verify("一、引用\nAtlas（arXiv:2604.08810）讨论调度。\n另见 Atlas Scheduler（arXiv:2604.08810）。\n")[
        "2604.08810"]
    assert v["status"] == "verified", v["message"]


# D2 ----------------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("line, name", [
    ("FlashDecode-3: Asynchronous Split-K Decoding on Blackwell GPUs（arXiv:2610.02119）在 Blackwell 上提速明显。",
     "FlashDecode-3: Asynchronous Split-K Decoding on Blackwell GPUs"),
    ("Atlas: A Cluster Scheduler for Disaggregated Prefill and Decode（arXiv:2604.08810）讨论调度。",
     "Atlas: A Cluster Scheduler for Disaggregated Prefill and Decode"),
    ("Neural Machine Translation by Jointly Learning to Align and Translate（arXiv:1409.0473）",
     "Neural Machine Translation by Jointly Learning to Align and Translate"),
    ("Parallel Prefix Sums on Distributed-Memory Machines（cs/0701045）",
     "Parallel Prefix Sums on Distributed-Memory Machines"),
    ("Atlas: A Cluster Scheduler（arXiv:2604.08810）", "Atlas: A Cluster Scheduler"),
    ("Ring Attention at Scale: Sequence Parallelism for 10M-Token Contexts（arXiv:2604.08810）",
     "Ring Attention at Scale: Sequence Parallelism for 10M-Token Contexts"),
    # prose before a name still goes
    ("Compared to FooNet（arXiv:2604.08810）", "FooNet"),
    ("According to Foo Bar Net（arXiv:2604.08810）", "Foo Bar Net"),
    ("FooNet and BarNet（arXiv:2604.08810）", "BarNet"),
])
def test_a_title_is_read_whole_not_cut_at_its_small_words(line, name):
    assert names(line) == [name]


def test_a_whole_title_tells_a_wrong_id_from_a_right_one(verify):
    out = verify("一、引用\nFlashDecode-3: Asynchronous Split-K Decoding on Blackwell GPUs（arXiv:2610.02119）在 Blackwell "
                 "上提速明显。\nAtlas: A Cluster Scheduler for Disaggregated Prefill and Decode（arXiv:2604.08810）讨论调度。\n")
    assert out["2610.02119"][1]["status"] == "name mismatch"
    assert out["2604.08810"][1]["status"] == "verified"


# D3 ----------------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("line, name", [
    ("Atlas（DOI 10.48550/arXiv.2606.22222）讨论集群调度。", "Atlas"),
    ("Atlas（https://arxiv.org/abs/2611.04567）讨论调度。", "Atlas"),
    ("Atlas（arXiv 2611.04567）讨论调度。", "Atlas"),
    ("Atlas（arXiv id: 2611.04567）讨论调度。", "Atlas"),
    ("5. KVShare（DOI 10.48550/arXiv.2606.22222）实现跨请求 KV 共享。", "KVShare"),
    ("6. SGLang-Router（https://arxiv.org/abs/2611.04567）按前缀缓存做负载均衡。", "SGLang-Router"),
])
def test_the_name_before_a_doi_or_an_address_in_parentheses_is_read(line, name):
    assert names(line) == [name]


def test_a_wrong_name_before_a_doi_is_a_mismatch(verify):
    out = verify("一、引用\nAtlas（DOI 10.48550/arXiv.2606.22222）讨论集群调度。\n"
                 "6. SGLang-Router（https://arxiv.org/abs/2611.04567）按前缀缓存做负载均衡。\n")
    assert out["2606.22222"][1]["status"] == "name mismatch"
    assert out["2611.04567"][1]["status"] == "verified", out["2611.04567"][1]["message"]


# D4 ----------------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("line", ["Atlas | 2611.04567 | 2026-11", "| Atlas | 2611.04567 | 2026-11 |"])
def test_a_row_without_a_header_names_its_paper(line):
    assert names(line) == ["Atlas"]


def test_a_row_without_a_header_with_a_wrong_name_is_a_mismatch(verify):
    _, v = verify("一、引用\nAtlas | 2611.04567 | 2026-11\n")["2611.04567"]
    assert v["status"] == "name mismatch"


# D5 ----------------------------------------------------------------------------------------------------------------
def test_a_name_the_title_goes_beyond_is_for_a_person_to_check(verify):
    _, v = verify("一、引用\nPagedAttention（arXiv:2608.14403）被后续工作广泛采用。\n")["2608.14403"]
    assert v["status"] == "check by hand" and "'Beyond PagedAttention'" in v["message"]


# D6 ----------------------------------------------------------------------------------------------------------------
def test_a_tables_date_and_category_columns_are_stated_facts(verify):
    ref, v = verify("一、引用\n| 论文 | arXiv | 日期 | 分类 |\n|---|---|---|---|\n| SGLang-Router | 2611.04567 | 2026-10 | cs.LG |\n"
                    )["2611.04567"]
    assert (ref.stated_date, ref.stated_category) == ("2026-10", "cs.LG")
    assert v["status"] == "check by hand"
    assert "the survey says 2026-10" in v["message"] and "the survey says cs.LG" in v["message"]


def test_a_check_date_column_is_no_stated_date():
    text = "一、引用\n| 论文 | arXiv | 核验日期 |\n|---|---|---|\n| SGLang-Router | 2611.04567 | 2026-12-01 |\n"
    ref = Analyzer(house_pack()).analyze(text).references[0]
    assert ref.stated_date is None


# D7 ----------------------------------------------------------------------------------------------------------------
def test_a_wrong_date_on_a_later_line_is_checked_and_named(verify):
    _, v = verify("一、引用\nKVarN（arXiv:2606.03458，2026-06）归一化方差。\n另见 KVarN（arXiv:2606.03458，2026-08）。\n"
                  )["2606.03458"]
    assert v["status"] == "check by hand"
    assert "the survey says 2026-08" in v["message"] and "(L3)" in v["message"]
    assert "2026-06;" not in v["message"]


# D8 ----------------------------------------------------------------------------------------------------------------
def test_a_bare_id_with_an_impossible_month_is_flagged_not_dropped():
    text = ("一、引用\n| 论文 | arXiv |\n|---|---|\n| MoE-Fast | 2613.01234 |\n| OldFlash | 2600.01234 |\n"
            "MoE-Fast（2613.01234）。\n")
    refs = {r.id: r for r in Analyzer(house_pack()).analyze(text).references}
    assert refs["2613.01234"].status == "impossible id" and refs["2613.01234"].lines == [4, 6]
    assert refs["2600.01234"].status == "impossible id"
    assert citations_in_line("成本（1200.0000 元）") == ()  # a figure in prose is no id


# D10, D11 ----------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("facts", ["2026 年 7 月", "2026年7月", "2026.07", "2026/07"])
def test_a_month_written_the_chinese_way_beside_the_id_is_a_stated_date(facts):
    assert [c.stated_date for c in citations_in_line(f"KVarN（arXiv:2606.03458，{facts}）归一化方差。")] == ["2026-07"]


@pytest.mark.parametrize("line, name", [
    ("大 N 规范理论笔记（hep-th/9901001）是旧式编号的例子。", "大 N 规范理论笔记"),
    ("Atlas 在 arXiv:2611.04567 中讨论调度。", "Atlas"),
])
def test_other_names_are_read_whole(line, name):
    assert names(line) == [name]
