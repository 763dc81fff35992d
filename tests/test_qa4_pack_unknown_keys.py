"""QA: a misspelt key in a rule pack is refused with file, line and key and the key it was meant to be; before, it
was silently ignored: `unsupressible = true` left the rule suppressible, `item = true` measured the whole section
instead of each list item, `[i18n.zh-CN]` left the Chinese window untranslated, and nothing was said."""

from __future__ import annotations

import pytest
from pack_support import MINIMAL

from editor_app.core.rulepack import PackError, bundled_packs, load_pack, parse_pack


@pytest.mark.parametrize("body,line,key,says", [
    ('unsupressible = true\n', 10, "rules[0].unsupressible", 'did you mean "unsuppressible"?'),
    ('levl = "warning"\n', 10, "rules[0].levl", 'did you mean "level"?'),
    ('scope = { section = "7", item = true }\n', 10, "rules[0].scope.item", 'did you mean "items"?'),
    ('[[rules]]\nid = "f"\nkind = "forbidden-pattern"\npattern = "x"\nmax = 2\n', 14, "rules[1].max",
     "a forbidden-pattern rule does not use it (it takes"),
    ('[i18n.zh-CN]\n"cjk" = "汉字"\n', 10, "i18n.zh-CN", "write [i18n.zh_CN]"),
    ('[scopes]\nbody = { heading = "^3", eahc = true }\n', 11, "scopes.body.eahc", 'did you mean "each"?'),
    ('[claims]\n[[claims.patterns]]\nmetric = "cjk"\npattern = "CJK (?P<value>\\\\d+)"\nscop = "here"\n', 14,
     "claims.patterns[0].scop", 'did you mean "scope"?'),
])
def test_a_misspelt_key_is_refused_with_its_line(body, line, key, says):
    with pytest.raises(PackError) as err:
        parse_pack(MINIMAL + body, "team.toml")
    e = err.value
    assert (e.line, e.key) == (line, key), str(e)
    assert str(e).startswith(f"team.toml:{line}: {key}: ") and says in str(e)


@pytest.mark.parametrize("old,new,line,key", [
    ("[counters.cjk]\nregex", "[counters.cjk]\nregexp", 4, "counters.cjk.regexp"),
    ('name = "t"\n', 'name = "t"\ntitel = "Team"\n', 3, "titel"),
    ('name = "t"\n', 'name = "t"\n[documents]\nfooter = "x"\n', 3, "documents"),
])
def test_a_misspelt_table_or_counter_key_is_refused(old, new, line, key):
    with pytest.raises(PackError) as err:
        parse_pack(MINIMAL.replace(old, new), "team.toml")
    assert (err.value.line, err.value.key) == (line, key), str(err.value)


def test_the_bundled_packs_use_only_known_keys():
    for path in bundled_packs():
        load_pack(path)


def test_every_kind_of_rule_says_which_keys_it_takes():
    from editor_app.core.rulepack import KIND_KEYS, RULE_KINDS

    assert set(KIND_KEYS) == set(RULE_KINDS)
