"""QA: a true/false key of a rule pack written as a string ("false" in quotes) is refused with file, line and key;
before, any string counted as true: `unsuppressible = "false"` made the rule unsuppressible, `each = "no"` split
the scope into units, and nothing was said."""

from __future__ import annotations

import pytest
from pack_support import MINIMAL

from editor_app.core.rulepack import PackError, parse_pack


@pytest.mark.parametrize("body,line,key", [
    ('unsuppressible = "false"\n', 10, "rules[0].unsuppressible"),
    ('scope = { section = "3", each = "no" }\n', 10, "rules[0].scope.each"),  # (as rules[0].scope.heading)
    ('scope = { section = "7", items = 1 }\n', 10, "rules[0].scope.items"),
])
def test_a_quoted_true_or_false_is_refused(body, line, key):
    with pytest.raises(PackError) as err:
        parse_pack(MINIMAL + body, "team.toml")
    e = err.value
    assert (e.line, e.key) == (line, key), str(e)
    assert "must be true or false" in str(e)


def test_true_and_false_still_work():
    pack = parse_pack(MINIMAL + 'unsuppressible = true\nscope = { section = "3", each = false }\n', "team.toml")
    assert pack.rules[0].unsuppressible and not pack.rules[0].scope.each


@pytest.mark.parametrize("written", ["20", "1.5", "-0.1"])
def test_a_verifiability_share_out_of_0_to_1_is_refused(written):
    """`min = 20` (meaning 20%) was taken as 2000%: the rule could never pass, and the table said "≥ 2000%"."""
    body = f'[[rules]]\nid = "v"\nkind = "verifiability"\nmin = {written}\n'
    with pytest.raises(PackError) as err:
        parse_pack(MINIMAL + body, "team.toml")
    assert str(err.value) == f"team.toml:13: rules[1].min: a share from 0 to 1 (20% is 0.2), not {written}"


def test_a_verifiability_share_in_0_to_1_is_taken():
    pack = parse_pack(MINIMAL + '[[rules]]\nid = "v"\nkind = "verifiability"\nmin = 1\n', "team.toml")
    assert pack.rules[1].min == 1
