"""QA: a table of references was read row by row, its header (`| 论文 | arXiv | 状态 |`, `| Paper | ID |`) never:
the name was guessed per row, so a status the status column holds ("已读") became the paper's name, and a name
after its id in a two-column table ("| Paper | ID |") was not found at all. The header now says which column holds
the name (and which the status, never a name), also as it is edited."""

from __future__ import annotations

from datetime import date

import pytest

from editor_app.core.analyze import Analyzer
from editor_app.core.reference_tables import header_columns
from editor_app.core.rulepack import house_pack

TODAY = date(2026, 12, 2)

SURVEY = """\
# 参考

| 论文 | arXiv | 状态 |
|---|---|---|
| OmniKVQuant | 2609.11582 | 已读 |
| Akashic MemAttention | 2607.05708 | pending review |

| Paper | ID |
|:---|---:|
| Φ-Bench | arXiv:2609.10226 |
"""


def names(analysis):
    return {r.id: r.name for r in analysis.references}


def test_the_header_names_the_name_column():
    assert names(Analyzer(house_pack(), today=TODAY).analyze(SURVEY)) == {
        "2609.11582": "OmniKVQuant", "2607.05708": "Akashic MemAttention", "2609.10226": "Φ-Bench"}


def test_a_status_column_is_never_the_name():
    text = SURVEY.replace("| 论文 | arXiv | 状态 |", "| 方向 | arXiv | 状态 |")  # no name column: guessed
    got = names(Analyzer(house_pack(), today=TODAY).analyze(text))
    assert got["2609.11582"] != "已读" and got["2607.05708"] != "pending review"


def test_editing_the_header_names_the_rows_again():
    az = Analyzer(house_pack(), today=TODAY)
    az.analyze(SURVEY)
    swapped = SURVEY.replace("| 论文 | arXiv | 状态 |", "| 状态 | arXiv | 论文 |")
    assert names(az.analyze(swapped)) == names(Analyzer(house_pack(), today=TODAY).analyze(swapped))
    assert names(az.analyze(swapped))["2609.11582"] == "已读"  # the header says so: the author's words stand
    assert names(az.analyze(SURVEY))["2609.11582"] == "OmniKVQuant"


def test_typing_in_a_row_keeps_reading_its_header():
    az = Analyzer(house_pack(), today=TODAY)
    az.analyze(SURVEY)
    edited = SURVEY.replace("| OmniKVQuant |", "| OmniKVQuant2 |")
    assert names(az.analyze(edited))["2609.11582"] == "OmniKVQuant2"


def test_only_the_id_column_takes_the_row_name():
    text = "| 论文 | arXiv | 备注 |\n|---|---|---|\n| OmniKVQuant | 2609.11582 | 对比 SpecDec（arXiv:2607.26627） |\n"
    got = names(Analyzer(house_pack(), today=TODAY).analyze(text))
    assert got == {"2609.11582": "OmniKVQuant", "2607.26627": "SpecDec"}


@pytest.mark.parametrize(
    "header, name_cols, status_cols",
    [
        ("| 论文 | arXiv | 状态 |", (1,), (3,)),
        ("| Paper | ID |", (1,), ()),
        ("| # | arXiv | 标题 | 立标等级 | 抽检事实 |", (3,), (5,)),
        ("| Paper ID | Verified |", (), (2,)),
    ],
)
def test_header_cells_are_read(header, name_cols, status_cols):
    cols = header_columns(header, "|" + "---|" * (header.count("|") - 1))  # (a delimiter row of its cells)
    assert (cols.names, cols.statuses) == (name_cols, status_cols)


def test_a_row_without_a_delimiter_under_it_is_no_header():
    assert header_columns("| 论文 | arXiv |", "| OmniKVQuant | 2609.11582 |") is None


def test_a_name_read_by_the_header_is_masked_like_any_other():
    text = "| 论文 | arXiv | 状态 |\n|---|---|---|\n| Akashic 192.168.1.20 | 2607.05708 | ok |\n"
    (ref,) = Analyzer(house_pack(), today=TODAY).analyze(text).references
    assert ref.name.startswith("Akashic") and "192.168.1.20" not in ref.name
