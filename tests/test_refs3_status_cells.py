"""QA: a table that lists the papers with how far each was checked ("| 1 | 2609.11582 | 已核验 ✓ |", "| Verified |")
gave the status for the paper's name: the References tab showed "已核验 ✓" as the survey's name for OmniKVQuant, and
"Verified" was compared with arXiv's title and called a name mismatch. Status words and marks in a table cell (已核验,
待核验, ✓, ✅, verified, OK …) name no paper; a name beside a mark ("OmniKVQuant ✓") is the name without the mark."""

from __future__ import annotations

import pytest

from editor_app.core.references import citations_in_line
from editor_app.services.verification import verify_references
from test_references import refs_of


@pytest.mark.parametrize(
    "line",
    [
        "| 1 | 2609.11582 | 已核验 ✓ |",
        "| 1 | 2609.11582 | ✅ 已核验 | ★★ |",
        "| 1 | 2609.11582 | 待核验 ⚠️ |",
        "| 1 | 2609.11582 | 已核验（摘要级） |",
        "| 1 | 2609.11582 | 已确认✔ |",
        "| 1 | 2609.11582 | Verified |",
        "| 1 | 2609.11582 | verified ✓ 2026-09-10 |",
        "| 1 | 2609.11582 | OK |",
        "| 1 | 2609.11582 | To be verified |",
        "| 1 | 2609.11582 | ✓ |",
    ],
)
def test_a_status_cell_is_no_name(line):
    (c,) = citations_in_line(line)
    assert c.name is None


@pytest.mark.parametrize(
    "line, name",
    [
        ("| 1 | 2609.11582 | OmniKVQuant ✓ |", "OmniKVQuant"),
        ("| 1 | 2609.11582 | ✅ OmniKVQuant |", "OmniKVQuant"),
        ("| 4 | 2605.19537 | 推理引擎可复现性 | ★★ 候选 |", "推理引擎可复现性"),
        ("| 1 | 2609.11582 | 形式化验证框架 |", "形式化验证框架"),  # holds 验证, is a name
        ("| 1 | 2609.11582 | No Free Lunch |", "No Free Lunch"),  # holds a status word, is a name
        ("| 1 | 2609.11582 | Pass-KV |", "Pass-KV"),
        ("| 1 | 2609.11582 | C++ Serving |", "C++ Serving"),
    ],
)
def test_names_in_cells_stay(line, name):
    (c,) = citations_in_line(line)
    assert c.name == name


SURVEY = """\
| # | arXiv | 核验 |
|---|---|---|
| 1 | 2609.11582 | Verified ✓ |
| 2 | 2607.05708 | 已核验 ✓ |
"""


def test_a_status_cell_is_not_compared_with_the_title(arxiv_config, arxiv_db):
    refs = refs_of(SURVEY)
    assert [r.names for r in refs] == [[], []]
    verdicts = verify_references(refs, config=arxiv_config, db=arxiv_db)
    for ref in refs:
        v = verdicts[ref.id]
        assert v["status"] == "verified", v["message"]  # not "name mismatch" / "name not compared"
        assert v["message"].endswith("the survey gives it no name to compare.")
