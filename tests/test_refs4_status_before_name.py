"""QA: in a table whose status column comes before the name's ("| 2609.11582 | 已核验 ✓ | OmniKVQuant |", "| ✓ |
OmniKVQuant | arXiv:2609.11582 |"), only the cell right after the id was read: a status there, or nothing, and the
paper had no name in the References tab; arXiv's title was never compared with it ("the survey gives it no name").
The row's other cells are now read, the one nearest the id first; statuses, dates, categories, numbers and cells
that make a sentence (a "contribution" column) are not names."""

from __future__ import annotations

import pytest

from editor_app.core.references import citations_in_line
from editor_app.services.verification import verify_references
from test_references import refs_of


@pytest.mark.parametrize(
    "line, name",
    [
        ("| 2609.11582 | 已核验 ✓ | OmniKVQuant |", "OmniKVQuant"),
        ("| ✓ | OmniKVQuant | arXiv:2609.11582 |", "OmniKVQuant"),
        ("| 1 | 2609.11582 | ✅ | OmniKVQuant | cs.CV |", "OmniKVQuant"),
        ("| 2609.11582 | Verified | 2026-09-10 | cs.CV | OmniKVQuant |", "OmniKVQuant"),  # date, category passed
        ("| 2609.11582 | 已核验 | OmniKVQuant | 模态感知的 KV 量化，2 bit 近无损 |", "OmniKVQuant"),
        ("| 已核验（摘要级） | 推理引擎可复现性 | 2605.19537 |", "推理引擎可复现性"),
        ("| 2609.11582 | 待复核 ⚠️ | Low-Rank KV Cache 质量恢复 | 3 |", "Low-Rank KV Cache 质量恢复"),
    ],
)
def test_the_name_beside_a_status_column_is_found(line, name):
    (c,) = citations_in_line(line)
    assert c.name == name


def test_each_paper_of_a_row_keeps_its_own_name():
    assert [c.name for c in citations_in_line("| 2609.11582 | ✓ | OmniKVQuant | 2607.26627 | ✓ | SpecDec |")] \
        == ["OmniKVQuant", "SpecDec"]
    assert [c.name for c in citations_in_line("| ✓ | OmniKVQuant | 2609.11582 | ✓ | SpecDec | 2607.26627 |")] \
        == ["OmniKVQuant", "SpecDec"]


@pytest.mark.parametrize(
    "line",
    [
        "| 2609.11582 | 已核验 ✓ | 2026-09-10 | cs.CV | 12 |",  # status, date, category, number: no name
        "| 2609.11582 | Verified | KV 量化到 2 bit，精度损失小于 1% |",  # a sentence about the paper
        "| 1 | 2609.11582 | 已核验 ✓ |",
        "| 方向 | arXiv:2609.11582 |",  # an id last, nothing said about checking: the row is not searched
    ],
)
def test_no_name_is_made_up(line):
    (c,) = citations_in_line(line)
    assert c.name is None


SURVEY = """\
| arXiv | 核验 | 名称 |
|---|---|---|
| 2609.11582 | 已核验 ✓ | OmniKVQuant |
| 2607.05708 | Verified | Akashic |
"""


def test_the_name_is_compared_with_the_title(arxiv_config, arxiv_db):
    refs = refs_of(SURVEY)
    assert [r.names for r in refs] == [["OmniKVQuant"], ["Akashic"]]
    verdicts = verify_references(refs, config=arxiv_config, db=arxiv_db)
    for ref in refs:
        v = verdicts[ref.id]
        assert v["status"] == "verified", v["message"]
        assert "no name to compare" not in v["message"]


def test_a_rating_is_no_status():
    (c,) = citations_in_line("| ★★ | 方向 | 2609.11582 |")
    assert c.name is None
