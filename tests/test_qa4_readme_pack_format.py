"""QA: the README's rule-pack section documents what the loader takes. Before: half the keys that work (a rule's
`title` and `message`, `patterns`, `heading`/`number`, claim patterns' `scope`/`label`/`values`, every [privacy] key
but one, `.survey-rules.toml`, `disable-next-line`) were not in it, so a team writing its own pack from the README
could not find them."""

from __future__ import annotations

import re

import pytest

from editor_app.core import rulepack
from editor_app.core.privacy import _KNOWN_KEYS as PRIVACY_KEYS
from editor_app.core.rulepack import PackError, parse_pack

README = (rulepack.Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
SECTION = README[README.index("## Rule packs"):README.index("## Where data lives")]


def test_the_readme_example_pack_loads():
    example = re.search(r"```toml\n(.*?)```", SECTION, re.S).group(1)
    assert parse_pack(example, "README.md").rules


def test_every_key_the_loader_takes_is_documented():
    keys = (set(rulepack.TOP_KEYS) | set(rulepack.DOCUMENT_KEYS) | set(rulepack.COUNTER_KEYS)
            | set(rulepack.SCOPE_KEYS) | set(rulepack.CLAIMS_KEYS) | set(rulepack.CLAIM_PATTERN_KEYS)
            | set(rulepack.ALL_RULE_KEYS) | set(PRIVACY_KEYS) | set(rulepack.RULE_KINDS) | set(rulepack.BUILTIN_COUNTERS))
    forms = ("`{}`", "{} =", "[{}", "[[{}]]", "|{}", "{}|")
    missing = sorted(k for k in keys if not any(f.format(k) in SECTION for f in forms))
    assert not missing, f"not in the README's rule-pack section: {missing}"
    for name in rulepack.PACK_FILENAMES:
        assert f"`{name}`" in SECTION
    assert "disable-next-line" in SECTION


def test_here_is_refused_as_a_rules_scope():
    with pytest.raises(PackError, match='"here" is where a claim stands'):
        parse_pack('schema = 1\nname = "t"\n[counters.c]\nliteral = "x"\n[[rules]]\nid = "a"\nkind = "count"\n'
                   'counter = "c"\nscope = "here"\nmax = 1\n', "team.toml")
