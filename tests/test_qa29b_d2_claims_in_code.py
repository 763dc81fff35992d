"""QA29b D2: figures in a fenced code block (``` and ~~~), an indented code block, inline code and an HTML comment
were audited as the survey's own statements: each one "wrong", "stated otherwise" against the real §0 figure, and
rewritten by Update Self-check Figures. They are examples, or text the published survey never shows: left out of the
claims audit now (the counters still count that text, and private data in code is still found)."""

from __future__ import annotations

import pytest

from editor_app.core.analyze import Analyzer, analyze
from editor_app.core.rulepack import house_pack
from editor_app.core.selfcheck_update import updated_self_check_text

PACK = house_pack()
HEAD = "§0 自检栏\n① CJK 实测 9 ✅\n一、主题脉络\n正文。⚠️\n"


def _audited(text: str) -> list[tuple[int, float]]:
    return [(c.line, c.claimed) for c in analyze(text, PACK).claims]


@pytest.mark.parametrize("example", [
    "```text\n示例输出：CJK 实测 3,838\n```\n",
    "~~~\n示例输出：CJK 实测 3,838\n~~~\n",
    "\n    示例输出：CJK 实测 3,838\n",  # indented code, after a blank line
    "<!--\n草稿：CJK 实测 3,838\n-->\n",
    "行内代码 `CJK 实测 3,838` 不是自报。\n",
    "注释 <!-- CJK 实测 3,838 --> 之后。\n",
])
def test_a_figure_shown_as_an_example_is_not_audited(example):
    text = HEAD + example
    assert _audited(text) == [(2, 9)]
    a = analyze(text, PACK)
    assert not [f for f in a.findings if f.rule == "claims" and f.line > 4]
    new = updated_self_check_text(text, a)
    assert new.split("\n")[4:] == text.split("\n")[4:]  # the example is left as it is
    assert new.split("\n")[1] != text.split("\n")[1]  # (§0's wrong 9 is rewritten)


def test_code_is_still_counted_and_private_data_in_it_still_found():
    plain = analyze(HEAD + "示例输出：CJK 实测 3,838 10.0.3.17\n", PACK)
    fenced = analyze(HEAD + "```text\n示例输出：CJK 实测 3,838 10.0.3.17\n```\n", PACK)
    assert fenced.metrics["cjk"] == plain.metrics["cjk"]
    assert [h.line for h in fenced.privacy] == [6]


def test_a_quote_and_a_continued_paragraph_are_still_audited():
    text = HEAD + "> 自报：CJK 实测 3,838\n正文一段\n    CJK 实测 3,800\n"
    assert _audited(text) == [(2, 9), (5, 3838), (7, 3800)]


def test_an_edit_that_makes_a_line_code_or_prose_again_is_audited_as_a_fresh_pass():
    base = HEAD + "正文一段\n    CJK 实测 3,800\n"  # a paragraph going on: audited
    az = Analyzer(PACK)
    assert [ln for ln, _ in _audited(base)] == [2, 6]
    texts = [
        base,
        base.replace("正文一段\n", "\n"),  # the line above blanked (same line count): now indented code
        base,  # and prose again
        base.replace("正文一段\n", "正文一段\n\n"),  # a blank line inserted (lines moved): code
        base,
        base.replace("    CJK", "```\nCJK").replace("3,800\n", "3,800\n```\n"),  # fenced
        base,
    ]
    for text in texts:
        assert az.analyze(text).to_dict() == analyze(text, PACK).to_dict()
    assert [ln for ln, _ in _audited(texts[1])] == [2]
    assert [ln for ln, _ in _audited(texts[3])] == [2]
