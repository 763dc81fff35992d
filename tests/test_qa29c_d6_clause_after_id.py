"""QA29c D6: a clause after an id ("arXiv:2605.19537 单引擎移动可推翻模型排名，但这是…") was read as the paper's name
and listed in the report's references appendix beside its real one. A run of CJK after an id is a statement, no
name, when a word after its comma goes on with the statement ("但", "因此"…) or it holds a negation or an aspect
particle ("未给", "写错了"); a name after an id stays one."""

from __future__ import annotations

import pytest

from editor_app.core.analyze import Analyzer
from editor_app.core.references import citations_in_line
from editor_app.core.rulepack import house_pack
from editor_app.services.report import _names_in_survey


def names(line: str) -> list:
    return [c.name for c in citations_in_line(line)]


@pytest.mark.parametrize("line", [
    "(1) 机制：arXiv:2605.19537 单引擎移动可推翻模型排名，但这是单一消融的极致而非典型分布。",
    "arXiv:2605.19537 单引擎移动可推翻模型排名，因此需要精读。",
    "(1) 机制：arXiv:2609.11582 异构值几何未给切换开销。",
    "arXiv:2609.11582 版本号写错了。",
])
def test_a_clause_after_an_id_is_no_name(line):
    assert names(line) == [None]


@pytest.mark.parametrize("line, name", [
    ("arXiv:2605.19537 推理引擎可复现性。", "推理引擎可复现性"),
    ("arXiv:2605.19537 推理引擎可复现性，系统研究七个引擎。", "推理引擎可复现性"),
    ("arXiv:2605.19537 推理引擎可复现性 | 2026-05", "推理引擎可复现性"),
    ("arXiv:2609.11582 未来推理系统。", "未来推理系统"),
])
def test_a_name_after_an_id_stays_one(line, name):
    assert names(line) == [name]


def test_the_report_lists_only_the_name():
    text = ("一、引用\n推理引擎可复现性（arXiv:2605.19537v2，cs.LG，2026-05）系统研究七个引擎。\n"
            "(1) 机制：arXiv:2605.19537 单引擎移动可推翻模型排名，但这是单一消融的极致而非典型分布。\n")
    analysis = Analyzer(house_pack()).analyze(text)
    ref = next(r for r in analysis.references if r.id == "2605.19537")
    assert ref.names == ["推理引擎可复现性"]
    assert _names_in_survey(ref) == "推理引擎可复现性"  # (the appendix's "Name in survey": no second name)
