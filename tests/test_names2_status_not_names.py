"""QA: the sample's "arXiv:2609.11582 v1 摘要级已抽查（KAIST + POSTECH + cs.CV 2026-09-10）" gave the paper a second
name, "摘要级已抽查", shown in the report's "Name in survey" column and the References tab. What the author says
about checking a paper (已抽查, 已核验, 待复核, 摘要级…, 二次核验) is no name of it; real names after an id stay."""

from __future__ import annotations

import pytest

from editor_app.core.references import citations_in_line
from test_references import refs_of


def test_the_sample_gives_omnikvquant_no_status_as_a_name(sample_text):
    refs = {r.id: r for r in refs_of(sample_text)}
    omni = refs["2609.11582"]
    assert omni.names == ["OmniKVQuant"]
    assert (omni.stated_date, omni.stated_category) == ("2026-09-10", "cs.CV")  # the facts after it still count


@pytest.mark.parametrize(
    "line",
    [
        "(2) 数据：arXiv:2609.11582 v1 摘要级已抽查（KAIST + POSTECH + cs.CV 2026-09-10）+ web_fetch 200 OK 二次核验；",
        "arXiv:2609.11582 已核验（2026-09-10 · cs.CV）",
        "arXiv:2609.11582 待复核（2026-09-10，cs.CV）",
        "arXiv:2609.11582 二次核验（2026-09-10 cs.CV）",
        "arXiv:2609.11582 摘要级（2026-09-10 cs.CV）",
        "arXiv:2609.11582 全文级已验证通过（2026-09-10 cs.CV）",
    ],
)
def test_a_status_in_front_of_the_facts_is_no_name(line):
    (c,) = citations_in_line(line)
    assert c.name is None
    assert (c.stated_date, c.stated_category) == ("2026-09-10", "cs.CV")


@pytest.mark.parametrize(
    "line",
    [
        "arXiv:2609.11582 已抽查 ★★",
        "arXiv:2609.11582 二次核验；其余待补",
        "| 1 | 2609.11582 | 已核验 | ★★ |",
        "- 已抽查（arXiv:2609.11582）",
        "arXiv:2609.11582 OK（2026-09-10）",
        "arXiv:2609.11582 Verified（2026-09-10）",
    ],
)
def test_a_status_anywhere_a_name_could_be_is_no_name(line):
    (c,) = citations_in_line(line)
    assert c.name is None


@pytest.mark.parametrize(
    "line, name",
    [
        ("arXiv:2605.19537 推理引擎可复现性（2026-05 v2 · cs.LG）：⚠️ 系统性研究", "推理引擎可复现性"),
        ("| 4 | 2605.19537 | 推理引擎可复现性 | ★★ 候选 |", "推理引擎可复现性"),
        ("arXiv:2609.11582 形式化验证框架（2026-09-10 cs.CV）", "形式化验证框架"),  # a name that holds 验证
        ("arXiv:2609.11582 待定系数法 ★", "待定系数法"),  # a name that starts like a status
        ("arXiv:2609.11582 OmniKVQuant（KAIST + POSTECH · 2026-09-10 · cs.CV）", "OmniKVQuant"),
        ("| 5 | 2609.04263 | Low-Rank KV Cache 质量恢复 | ★ 候选 |", "Low-Rank KV Cache 质量恢复"),
    ],
)
def test_real_names_after_an_id_stay(line, name):
    (c,) = citations_in_line(line)
    assert c.name == name
