"""QA as an author pasting a Markdown table without its outer pipes ("名称 | arXiv | 状态" / "--- | --- | ---").

Before: an id in the row's last cell ("已核验 | SpecServe | 2609.11584") was not cited at all (the paper missing from
the References tab), and a row without a header naming its columns lost the name a row with pipes has
("2609.11588 | 已核验 ✓ | MegaKV" -> no name, "| 2609.11588 | 已核验 ✓ | MegaKV |" -> MegaKV).
"""

from __future__ import annotations

import pytest

from editor_app.core.analyze import Analyzer
from editor_app.core.references import citations_in_line
from editor_app.core.rulepack import house_pack


@pytest.mark.parametrize(
    "line, name",
    [
        ("2609.11588 | 已核验 ✓ | MegaKV", "MegaKV"),
        ("✓ | HyperKV | arXiv:2609.11588", "HyperKV"),
        ("| ✓ | HyperKV | arXiv:2609.11588", "HyperKV"),  # (GFM: the trailing pipe is optional)
        ("2609.11588 | OmniKVQuant", "OmniKVQuant"),
        ("已核验 | SpecServe | 2609.11588", "SpecServe"),  # (the id last, a status before it)
    ],
)
def test_row_without_outer_pipes_reads_as_with_them(line, name):
    (c,) = citations_in_line(line)
    assert (c.id, c.name) == ("2609.11588", name)
    piped = citations_in_line(f"| {line.strip('| ')} |")
    assert piped[0].name == name


@pytest.mark.parametrize("line", ["a | b arXiv:2609.11588", "KVBoost | 2609.11588"])
def test_prose_with_a_pipe_gets_no_name(line):
    (c,) = citations_in_line(line)
    assert c.name is None


def test_pipeless_table_under_a_header_names_every_row():
    text = ("# T\n\n"
            "名称 | arXiv | 日期\n--- | --- | ---\nOmniKVQuant | 2609.11582 | 2026-09\n\n"
            "状态 | 论文 | arXiv\n:--- | :---: | ---:\n已核验 | SpecServe | 2609.11584\n✓ | FlashDecode | arXiv:2609.11585\n")
    refs = Analyzer(house_pack()).analyze(text).references
    assert [(r.id, r.name, r.lines) for r in refs] == [
        ("2609.11582", "OmniKVQuant", [5]), ("2609.11584", "SpecServe", [9]), ("2609.11585", "FlashDecode", [10])]
