"""QA (packqa3): a named scope naming another one written below it in [scopes] (`caveats = "limitations"` above
`limitations = { heading = … }`) was refused as an unknown scope, with a list of names that left out the one meant.
The order of [scopes] no longer matters."""

from __future__ import annotations

import pytest

from editor_app.core.rulepack import PackError, parse_pack

PACK = """schema = 1
name = "blog"
[counters.words]
builtin = "words"
[scopes]
caveats = "limitations"
limitations = { heading = '(?i)^limitations$' }
[[rules]]
id = "caveats-length"
kind = "count"
counter = "words"
scope = "caveats"
min = 40
"""


def test_a_scope_may_name_one_written_below_it():
    pack = parse_pack(PACK, "blog.toml")
    assert list(pack.scopes) == ["caveats", "limitations"]
    assert pack.rules[0].scope is pack.scopes["limitations"]


def test_a_misspelt_scope_name_is_still_refused_with_the_name_meant():
    with pytest.raises(PackError) as err:
        parse_pack(PACK.replace('caveats = "limitations"', 'caveats = "limitation"'), "blog.toml")
    assert (err.value.line, err.value.key) == (6, "scopes.caveats")
    assert 'did you mean "limitations"?' in err.value.message
