"""QA (house rule 4's three parts): "（1）机制" (an input method's brackets), "（２）数据" and "(1) **机制**" (the part in
bold) were reported missing from a counter-argument that has them."""

from __future__ import annotations

import pytest

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack


def parts_rule(text: str):
    return next(r for r in analyze(text, house_pack()).rules if r.id == "counter-argument-parts")


@pytest.mark.parametrize("old, new", [("(1) 机制", "（1）机制"), ("(1) 机制", "(1) **机制**"), ("(2) 数据", "（２）数据"),
                                      ("(3) 截止日", "__(3) 截止日__")])
def test_a_part_written_otherwise_is_there(sample_text, old, new):
    assert sample_text.count(old) == 3
    assert parts_rule(sample_text.replace(old, new)).status == "pass"


def test_a_part_that_is_not_there_is_still_missing(sample_text):
    rule = parts_rule(sample_text.replace("(1) 机制", "（1）原理", 1))
    assert rule.status == "fail" and any('lacks "(1) 机制"' in f.message for f in rule.findings)
