"""QA (qa12): JSON `rules[].line`, "a failing rule's first failure, else where its scope starts".

- D8: a refused suppression comment of an unsuppressible rule moved its line to the comment.
- D9: a passing document-scoped forbidden-pattern rule had `line` null (a count rule has 1).
"""

from __future__ import annotations

from pack_support import MINIMAL

from editor_app.core.analyze import Analyzer
from editor_app.core.rulepack import parse_pack


def _lines(pack: str, text: str) -> dict:
    analysis = Analyzer(parse_pack(pack, "t.toml")).analyze(text)
    return {r["id"]: r["line"] for r in analysis.to_dict()["rules"]}


def test_a_refused_suppression_does_not_move_a_failing_rule_to_the_comment():
    pack = MINIMAL + "unsuppressible = true\n"  # the cjk count rule, max 10
    text = "<!-- survey-check disable cjk -->\n一、引言\n文字\n" + "中文字很多很多很多\n"
    assert _lines(pack, text)["cjk"] == 4  # where the limit is passed, not line 1


def test_a_passing_forbidden_pattern_rule_has_the_line_its_scope_starts_on():
    pack = MINIMAL + '[[rules]]\nid = "no-todo"\nkind = "forbidden-pattern"\npattern = "TODO"\n'
    assert _lines(pack, "一、引言\n文字\n")["no-todo"] == 1
    assert _lines(pack, "一、引言\n文字 TODO\n")["no-todo"] == 2
