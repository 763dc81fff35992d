"""QA: a rule pack error names the line of the rule, counter or claim pattern at fault. Before: a count rule without
min or max, or a verifiability rule without min, was reported on the next rule's `max =`/`min =` line; a counter
with a misspelt builtin on a line of the [i18n.zh_CN] table ("lines" = "行"); a counter regex as plain `regex`
and a claim pattern's bad scope on some rule's `scope =` line."""

from __future__ import annotations

import pytest

from editor_app.core.rulepack import PackError, parse_pack

HEAD = '''schema = 1
name = "t"
[counters.cjk]
regex = '[一-鿿]'
[counters.lines]
builtin = "line"
'''
RULES = '''[[rules]]
id = "a"
kind = "count"
counter = "cjk"
[[rules]]
id = "b"
kind = "count"
counter = "cjk"
min = 1
max = 2
[[rules]]
id = "v"
kind = "verifiability"
[[rules]]
id = "w"
kind = "verifiability"
min = 0.2
'''


def error_of(source: str) -> PackError:
    with pytest.raises(PackError) as err:
        parse_pack(source, "team.toml")
    return err.value


def test_a_rule_missing_a_key_is_named_on_its_own_line():
    good_counters = HEAD.replace('builtin = "line"', 'builtin = "lines"')
    e = error_of(good_counters + RULES)
    assert (e.line, e.key) == (7, "rules[0].max"), str(e)  # line 7 is rule a's [[rules]], not rule b's max (line 16)
    e = error_of(good_counters + RULES.replace('counter = "cjk"\n[[rules]]\nid = "b"', 'counter = "cjk"\nmax = 5\n'
                                               '[[rules]]\nid = "b"', 1))
    assert (e.line, e.key) == (18, "rules[2].min"), str(e)  # rule v's [[rules]], not rule w's min


def test_a_counter_error_names_the_counter_and_its_line():
    e = error_of(HEAD + '[i18n.zh_CN]\n"lines" = "行"\n')
    assert (e.line, e.key) == (6, "counters.lines.builtin"), str(e)  # (packqa3: its builtin key, the word meant)
    assert "unknown builtin counter 'line'; did you mean \"lines\"?" in str(e)
    e = error_of(HEAD.replace("'[一-鿿]'", "'[一-鿿'"))
    assert (e.line, e.key) == (4, "counters.cjk.regex"), str(e)


def test_a_claim_patterns_scope_is_named_on_its_own_line():
    source = HEAD.replace('"line"', '"lines"') + RULES.replace('[[rules]]\nid = "v"\nkind = "verifiability"\n', "")
    source = source.replace('counter = "cjk"\n[[rules]]', 'counter = "cjk"\nscope = "document"\nmax = 1\n[[rules]]', 1)
    e = error_of(source + '[[claims.patterns]]\nmetric = "cjk"\npattern = "CJK (?P<value>\\\\d+)"\nscope = "bdoy"\n')
    assert (e.key, e.line) == ("claims.patterns[0].scope", len(source.splitlines()) + 4), str(e)
