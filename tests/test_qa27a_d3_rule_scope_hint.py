"""QA27a D3: an unknown scope in a rule got the hint 'did you mean "here"?', and following it led straight to the next
error ('"here" is where a claim stands, for claim patterns; a rule takes …'). A rule's scope is offered only the
scopes a rule takes; a claim pattern, which may stand "here", is still offered it."""

from __future__ import annotations

import pytest

from editor_app.core.rulepack import PackError, parse_pack

HEAD = 'schema = 1\nname = "t"\n[counters.c]\nregex = "a"\n'


def _error(source: str) -> str:
    with pytest.raises(PackError) as caught:
        parse_pack(source, "t.toml")
    return caught.value.message


@pytest.mark.parametrize("written", ["nowhere", "her", "Here", "hero"])
def test_a_rules_unknown_scope_is_never_offered_here(written):
    said = _error(HEAD + f'[[rules]]\nid = "r"\nkind = "count"\ncounter = "c"\nmax = 1\nscope = "{written}"\n')
    assert said.startswith(f"unknown scope '{written}'")
    assert '"here"' not in said and " here," not in said


def test_the_hint_offers_a_scope_a_rule_takes():
    said = _error(HEAD + '[[rules]]\nid = "r"\nkind = "count"\ncounter = "c"\nmax = 1\nscope = "her"\n')
    assert said == "unknown scope 'her'; did you mean \"header\"?"
    listed = _error(HEAD + '[[rules]]\nid = "r"\nkind = "count"\ncounter = "c"\nmax = 1\nscope = "nowhere"\n')
    assert listed == "unknown scope 'nowhere' (one of document, header, footer, or a table)"


def test_a_named_scope_standing_here_is_not_offered_to_a_rule():
    pack = HEAD + '[scopes]\nthere = "here"\nmain = { section = "1" }\n'
    said = _error(pack + '[[rules]]\nid = "r"\nkind = "count"\ncounter = "c"\nmax = 1\nscope = "therre"\n')
    assert said == "unknown scope 'therre' (one of document, header, footer, main, or a table)"


def test_a_claim_pattern_is_still_offered_here():
    rule = '[[rules]]\nid = "r"\nkind = "count"\ncounter = "c"\nmax = 1\n'
    said = _error(HEAD + rule + '[[claims.patterns]]\nmetric = "c"\npattern = \'(?P<value>\\d+)\'\nscope = "her"\n')
    assert said == "unknown scope 'her'; did you mean \"here\"?"
