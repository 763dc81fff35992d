"""A required pattern is shown as the words it asks for: the counter-argument-parts rule's limit read
"all of `\\(1\\)\\s*机制`, …" and a counter-argument missing a part "§3.4 lacks `\\(2\\)\\s*数据`" (the pack's regex, in
the panel, the CLI and the report). A pattern that is more than words is still shown as written."""

from __future__ import annotations

import pytest
from pack_support import MINIMAL

from editor_app.core.analyze import analyze
from editor_app.core.regex_looks import as_words
from editor_app.core.rulepack import house_pack, parse_pack


@pytest.mark.parametrize("pattern, words", [
    (r"\(1\)\s*机制", "(1) 机制"),
    (r"GPU\s+hours", "GPU hours"),
    ("Limitations", "Limitations"),
    (r"\$\d", None),       # \d is a class of characters, not words
    ("法律|监管", None),    # either of two
    (r"v\d+\.x", None),
    ("a.b", None),
    (r"\s*", None),         # nothing but space
])
def test_a_pattern_reads_as_words_only_when_it_is_words(pattern, words):
    assert as_words(pattern) == words


def test_the_house_counter_argument_parts_are_shown_as_words(sample_text):
    rule = {r.id: r for r in analyze(sample_text, house_pack()).rules}["counter-argument-parts"]
    assert rule.limit == 'all of "(1) 机制", "(2) 数据", "(3) 截止日"'
    cut = sample_text.replace("(3) 截止日", "(3) 期限", 1)
    assert cut != sample_text
    rule = {r.id: r for r in analyze(cut, house_pack()).rules}["counter-argument-parts"]
    assert [f.message for f in rule.findings] == ['§3.1 lacks "(3) 截止日"']


def test_a_pattern_that_is_more_than_words_is_shown_as_written():
    pack = parse_pack(MINIMAL + '''
[[rules]]
id = "versions"
title = "States a version"
kind = "required-pattern"
scope = "document"
patterns = ['v\\d+\\.\\d+', 'Limitations']
''')
    rule = {r.id: r for r in analyze("# Title\n\nNothing here.\n", pack).rules}["versions"]
    assert rule.limit == 'all of `v\\d+\\.\\d+`, "Limitations"'
    assert [f.message for f in rule.findings] == ['document lacks `v\\d+\\.\\d+`, "Limitations"']
