from __future__ import annotations

from datetime import date

import pytest
from hypothesis import given
from hypothesis import strategies as st

from editor_app.core.references import assemble_references, citations_in_line

TODAY = date(2026, 12, 2)
SAMPLE_IDS = [
    "2609.11582", "2609.04263", "2606.03458", "2605.19537", "2609.10226", "2607.05708", "2606.02964", "2606.19746",
    "2608.01526", "2607.08028", "2605.15040", "2609.11561", "2607.26627", "2608.07009", "2608.16157",
]


def refs_of(text: str, today: date = TODAY):
    return assemble_references(((i, citations_in_line(line)) for i, line in enumerate(text.split("\n"), 1)), today)


@pytest.fixture(scope="module")
def sample_refs():
    from editor_app.resources_path import sample_survey_path

    return {r.id: r for r in refs_of(sample_survey_path().read_text(encoding="utf-8"))}


def test_sample_cites_exactly_fifteen_ids_in_first_appearance_order(sample_refs):
    assert list(sample_refs) == SAMPLE_IDS
    assert sorted(sample_refs) == sorted(
        "2605.15040 2605.19537 2606.02964 2606.03458 2606.19746 2607.05708 2607.08028 2607.26627 2608.01526 "
        "2608.07009 2608.16157 2609.04263 2609.10226 2609.11561 2609.11582".split()
    )
    assert all(r.status == "unverified" and not r.problem for r in sample_refs.values())


@pytest.mark.parametrize(
    "rid, name",
    [
        ("2609.11582", "OmniKVQuant"),
        ("2607.05708", "Akashic"),  # "Akashic" 5 times, "Akashic MemAttention" 3 times
        ("2609.10226", "Φ-Bench"),
        ("2606.03458", "KVarN"),
        ("2605.19537", "推理引擎可复现性"),
        ("2609.04263", "Low-Rank Recovery"),
        ("2609.11561", "MaP-WAM"),
        ("2608.01526", "Internet for KV Cache"),
        ("2606.19746", "SAC"),
        ("2607.26627", "Speculative Decoding"),
        ("2608.16157", "FreeToken"),
        ("2607.08028", None),
        ("2605.15040", None),
    ],
)
def test_sample_names(sample_refs, rid, name):
    assert sample_refs[rid].name == name


def test_sample_keeps_every_name_most_used_first(sample_refs):
    assert sample_refs["2607.05708"].names == ["Akashic", "Akashic MemAttention"]
    assert "Quality Recovery for Quantized KV Caches via Low-Rank Attention" in sample_refs["2609.04263"].names


def test_sample_stated_facts_and_versions(sample_refs):
    omni = sample_refs["2609.11582"]
    assert (omni.stated_date, omni.stated_category) == ("2026-09-10", "cs.CV")
    assert omni.versions == ["v1"] and omni.version == "v1"
    repro = sample_refs["2605.19537"]
    assert (repro.stated_date, repro.stated_category, repro.version) == ("2026-05", "cs.LG", "v2")
    assert sample_refs["2609.10226"].stated_date == "2026-09-09"
    assert sample_refs["2607.08028"].lines == [30]
    assert sample_refs["2607.26627"].lines == [104]
    assert sample_refs["2609.11582"].lines[:3] == [13, 25, 33]
    raws = {o.raw for o in omni.occurrences}
    assert {"arXiv:2609.11582", "arXiv:2609.11582v1", "arXiv:2609.11582 v1", "2609.11582"} <= raws


def test_sample_occurrence_columns_point_at_the_text(sample_text):
    lines = sample_text.split("\n")
    for i, line in enumerate(lines, 1):
        for c in citations_in_line(line):
            assert line[c.column - 1 : c.column - 1 + len(c.raw)] == c.raw


@pytest.mark.parametrize(
    "line, expected",
    [
        ("OmniKVQuant（arXiv:2609.11582，KAIST + POSTECH，cs.CV，2026-09-10）分析", ("2609.11582", "OmniKVQuant")),
        ("arXiv:2609.10226 Φ-Bench（StepFun AI · 2026-09-09）：", ("2609.10226", "Φ-Bench")),
        ("| 1 | 2609.11582 | OmniKVQuant | ★★ 候选 |", ("2609.11582", "OmniKVQuant")),
        ("主轴：2609.11582 OmniKVQuant ★★ / 2607.05708 Akashic ★★", ("2609.11582", "OmniKVQuant")),
        ("⚠️ Akashic（arXiv:2607.05708）vLLM 控制路径", ("2607.05708", "Akashic")),
        ("见 Dualities（hep-th/9901001）", ("hep-th/9901001", "Dualities")),
        ("see https://arxiv.org/abs/2609.11582v2 for details", ("2609.11582", None)),
        ("OmniKVQuant arXiv:2609.11582 + Akashic arXiv:2607.05708", ("2609.11582", "OmniKVQuant")),
    ],
)
def test_forms_and_names(line, expected):
    first = citations_in_line(line)[0]
    assert (first.id, first.name) == expected


@pytest.mark.parametrize(
    "line",
    [
        "arXiv:2609.11582 introduces a new quantiser for caches",
        "as shown in the paper (arXiv:2609.11582)",
        "| 2609.11582 | cs.CV |",
        "| 2609.11582 | 2026-09-10 |",
    ],
)
def test_prose_and_facts_are_not_names(line):
    (c,) = citations_in_line(line)
    assert c.name is None


def test_versions_and_old_style_canonical():
    cs = citations_in_line("arXiv:2609.11582v1 与 math.CA/0611800v2 与 arXiv:2605.19537（cs.LG · 2026-05 v2）")
    assert [(c.id, c.version) for c in cs] == [("2609.11582", "v1"), ("math/0611800", "v2"), ("2605.19537", "v2")]
    assert cs[1].raw == "math.CA/0611800v2"
    assert (cs[2].stated_category, cs[2].stated_date) == ("cs.LG", "2026-05")


@pytest.mark.parametrize(
    "line",
    [
        "ONNX Runtime Web 1.30.0-dev 几何平均快 2.57×",
        "SGLang v0.5.19（2026-09-08）Beam Search 里程碑 + 786 PRs",
        "CJK 实测 3,838（主体 2,892 + 反方 579 + 元信息 950）",
        "NIM $110,940 vs vLLM $59,940/年",
        "吞吐 1203.4567 tok/s 实测",
        "达到 2609.11582 的水平",
        "版本 2026.0914 构建",
        "ai-boost/awesome-harness-engineering 与 surveys/2026-09-14-llm-infra.md",
        "the path /home/user/2609.11582/file",
        "LiteKV arXiv ID abstract 未给",
    ],
)
def test_no_false_citations(line):
    assert citations_in_line(line) == ()


def test_bare_id_in_parentheses_list_and_after_the_word_arxiv():
    assert [c.id for c in citations_in_line("KVarN（2606.03458）")] == ["2606.03458"]
    assert [c.id for c in citations_in_line("- 2607.26627 Speculative Decoding ★★")] == ["2607.26627"]
    assert [c.id for c in citations_in_line("arXiv ID 2607.26627")] == ["2607.26627"]


def test_malformed_and_impossible_ids_flagged_with_reasons():
    refs = refs_of("坏 arXiv:2609.115 与 arXiv:2613.00001\n以及 arXiv:1501.1234 与 arXiv:2701.00001")
    by_id = {r.id: r for r in refs}
    assert by_id["2609.115"].status == "malformed" and "4 or 5 digits" in by_id["2609.115"].problem
    assert by_id["2613.00001"].status == "impossible id" and "month 13" in by_id["2613.00001"].problem
    assert by_id["1501.1234"].status == "impossible id" and "after 1412" in by_id["1501.1234"].problem
    assert by_id["2701.00001"].status == "impossible id" and "later than" in by_id["2701.00001"].problem
    later = {r.id: r for r in refs_of("arXiv:2701.00001", date(2027, 3, 1))}
    assert later["2701.00001"].status == "unverified"


def test_raw_citation_carries_date_independent_problem():
    (c,) = citations_in_line("arXiv:2613.00001")
    assert c.id == "2613.00001" and "month 13" in c.malformed
    (ok,) = citations_in_line("arXiv:2701.00001")
    assert ok.malformed is None  # only `assemble_references` knows today


def test_assemble_merges_occurrences_lines_versions_and_names():
    text = "\n".join([
        "FooNet（arXiv:2601.00001v1，cs.LG，2026-01-03）",
        "arXiv:2601.00001v2 FooNet（2026）与 arXiv:2601.00001",
        "| 3 | 2601.00001 | Foo Network |",
        "FooNet（2601.00001）",
    ])
    (ref,) = refs_of(text)
    assert ref.lines == [1, 2, 3, 4]
    assert len(ref.occurrences) == 5
    assert ref.versions == ["v1", "v2"] and ref.version == "v2"
    assert ref.names == ["FooNet", "Foo Network"] and ref.name == "FooNet"
    assert (ref.stated_date, ref.stated_category) == ("2026-01-03", "cs.LG")


@given(st.text(alphabet=st.sampled_from(list("arXiv:0123456789.v/（）()| -hepth★一二OmniKV，")), max_size=80))
def test_any_line_scans_and_columns_point_at_raw(line):
    for c in citations_in_line(line):
        assert line[c.column - 1 : c.column - 1 + len(c.raw)] == c.raw


@given(st.text(max_size=200))
def test_any_unicode_line_is_safe(line):
    citations_in_line(line)


@pytest.mark.parametrize(
    "line, raws",
    [
        ("见 arXiv:2609.11582、hep-th/9901001 与（2607.26627）", ["arXiv:2609.11582", "hep-th/9901001", "2607.26627"]),
        ("（2609.11582 / arXiv.org/abs/2607.26627 / math.CA/0611800v2）",
         ["2609.11582", "arXiv.org/abs/2607.26627", "math.CA/0611800v2"]),
        ("arXiv:2609.11582v2（2609.11582）", ["arXiv:2609.11582v2", "2609.11582"]),
        # one form inside another's match: the scan takes the one that starts first and goes on after it
        ("arxiv:f00/arXiv:2609.12345 x", ["arxiv:f00/arXiv"]),
        # (a word after "arXiv:" is no id attempt, QA29a D2: the id after it is found)
        ("arxiv:foo/arXiv:2609.12345 x", ["arXiv:2609.12345"]),
    ],
)
def test_mixed_forms_come_left_to_right_and_never_overlap(line: str, raws: list[str]) -> None:
    found = citations_in_line(line)
    assert [c.raw for c in found] == raws
    assert all(line[c.column - 1 :].startswith(c.raw) for c in found)
