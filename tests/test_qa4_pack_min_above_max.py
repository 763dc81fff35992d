"""QA: a count rule whose min is above its max (limits swapped or mistyped) is refused with file, line and key.
Before: the pack loaded and the rule failed on every survey ("≥ 400, ≤ 300"), with nothing pointing at the pack."""

from __future__ import annotations

import pytest

from editor_app.core.rulepack import PackError, parse_pack

PACK = '''schema = 1
name = "t"
[counters.lines]
builtin = "lines"
[[rules]]
id = "lines"
kind = "count"
counter = "lines"
min = {min}
max = 300
'''


def test_min_above_max_is_refused():
    with pytest.raises(PackError) as err:
        parse_pack(PACK.format(min=400), "team.toml")
    assert str(err.value) == "team.toml:9: rules[0].min: min 400 is above max 300: the rule could never pass"


def test_min_equal_to_max_is_taken():
    assert parse_pack(PACK.format(min=300), "team.toml").rules[0].min == 300
