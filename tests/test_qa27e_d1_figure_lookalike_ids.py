"""QA27e D1: a number that only looks like an arXiv id was read as a citation: a latency or a throughput in a table
of engine figures (`| 引擎 | 版本 | p50（ms） | 吞吐（tok/s） |`), a version in its 版本 column, a number followed by
its unit in parentheses or a list ("峰值延迟（1203.4567 ms）", "- 1203.4567 ms：…"), a version after the word
("驱动版本（2501.12345）"). The same cell was a figure in the Figures tab and a "not found" citation, "2048.1024" failed
the survey as an impossible id (month 48), and a version "2609.11582" counted as one more occurrence of that paper.
The header's figure and version columns, a unit after the number and a version word before it say it is no id."""

from __future__ import annotations

from datetime import date

import pytest

from editor_app.core.analyze import Analyzer
from editor_app.core.references import citations_in_line
from editor_app.core.rulepack import house_pack

TODAY = date(2026, 12, 2)

FIGURES_TABLE = """\
# T
## 1 A
各引擎实测如下。

| 引擎 | 版本 | p50（ms） | 吞吐（tok/s） |
|---|---|---|---|
| vLLM | 2609.11582 | 1203.4567 | 2048.1024 |
| SGLang | 0.5.19 | 98.5 | 3100.5 |

OmniKVQuant（arXiv:2609.11582）提出 KV 量化。
"""


def analyze(text):
    return Analyzer(house_pack(), today=TODAY).analyze(text)


def test_a_figures_table_cites_nothing_and_its_figures_stay_figures():
    a = analyze(FIGURES_TABLE)
    refs = {r.id: r for r in a.references}
    assert set(refs) == {"2609.11582"}  # no 1203.4567 "not found", no 2048.1024 "impossible id"
    assert refs["2609.11582"].lines == [10]  # the version cell on line 7 is no occurrence of the paper
    assert len(refs["2609.11582"].occurrences) == 1
    values = {(g.metric, v.engine, v.value) for g in a.figures for v in g.values}
    assert ("latency", "vLLM", 1203.4567) in values


def test_the_survey_does_not_fail_on_a_throughput_read_as_an_impossible_id():
    a = analyze(FIGURES_TABLE)
    assert not [f for f in a.findings if "2048.1024" in f.message]


@pytest.mark.parametrize("line", [
    "峰值延迟（1203.4567 ms）明显偏高。",
    "- 1203.4567 ms：vLLM 的 p50",
    "驱动版本（2501.12345）与 CUDA 12.4 搭配。",
    "| vLLM | 2048.1024 tok/s |",
    "加速（2605.19537×）",
    "Driver version (2501.12345) is pinned.",
])
def test_a_figure_with_its_unit_or_a_version_is_no_citation(line):
    assert citations_in_line(line) == ()


@pytest.mark.parametrize("line, cited", [
    ("OmniKVQuant（2609.11582）提出 KV 量化。", "2609.11582"),
    ("- 2609.11582 OmniKVQuant", "2609.11582"),
    ("| OmniKVQuant | 2609.11582 |", "2609.11582"),
    ("见其 arXiv 版本（2609.11582）", "2609.11582"),  # a paper's arXiv version is cited
    ("OmniKVQuant（2609.11582 v1）", "2609.11582"),
    ("- 2609.11582 S-LoRA 的对照", "2609.11582"),  # a name starting with a unit's letter is no unit
    ("- 2608.07009 H2O 的对照", "2608.07009"),
])
def test_a_bare_id_in_citation_context_is_still_cited(line, cited):
    assert [c.id for c in citations_in_line(line)] == [cited]


def test_a_references_table_still_cites_its_bare_ids():
    text = "# T\n## 1 A\n\n| 论文 | arXiv | 版本 |\n|---|---|---|\n| OmniKVQuant | 2609.11582 | v1 |\n"
    refs = analyze(text).references
    assert [(r.id, r.name) for r in refs] == [("2609.11582", "OmniKVQuant")]
