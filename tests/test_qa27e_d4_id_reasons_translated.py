"""QA27e D4: most reasons why an id is impossible or malformed stayed in English in the Chinese window and report
("不可能的 id a 4-digit paper number is impossible after 1412 …", "格式错误 '2609.115821'：the paper number must have
4 or 5 digits, not 6"): editor_app/wording.py had no template for them. Every reason core/arxiv_ids can give is
translated."""

from __future__ import annotations

import inspect
import re
from datetime import date

import pytest

from editor_app.core import arxiv_ids
from editor_app.core.arxiv_ids import explain_malformed, parse_arxiv_id, problem_with
from editor_app.wording import EngineText

TODAY = date(2026, 9, 14)
IMPOSSIBLE = ["2613.01234", "hep-th/0801001", "0612.0001", "2609.1158", "1402.12345", "2609.00000",
              "2701.00001"]
MALFORMED = ["arXiv:", "26091.1582", "2609.115821", "2609.11582v", "foo-bar/9901001", "hep-th/99010", "abc"]


def reasons() -> list[str]:
    out = [problem_with(parse_arxiv_id(t), TODAY) for t in IMPOSSIBLE]
    out += [explain_malformed(t) for t in MALFORMED]
    return out


def test_the_examples_give_every_reason_the_module_can():
    # one example for each `return` of a reason in problem_with and explain_malformed
    written = sum(len(re.findall(r'return f?"', inspect.getsource(f)))
                  for f in (arxiv_ids.problem_with, arxiv_ids.explain_malformed))
    assert None not in reasons() and len(set(reasons())) == written


@pytest.mark.parametrize("reason", reasons())
def test_every_reason_is_translated(reason):
    zh = EngineText("zh_CN")(reason)
    assert zh != reason
    english = re.sub(r"'[^']*'|\b(?:arXiv|YYMM|archive|YYMMNNN|NNNNN|id|v)\b", "", zh)
    assert not re.search(r"[A-Za-z]{3,}", english), zh


def test_the_finding_reads_in_chinese():
    msg = f"impossible id arXiv id 2609.1158: {problem_with(parse_arxiv_id('2609.1158'), TODAY)}"
    assert EngineText("zh_CN")(msg).endswith("：1412 之后不可能有 4 位的论文编号（自 1501 起编号为 5 位）：2609.1158")
