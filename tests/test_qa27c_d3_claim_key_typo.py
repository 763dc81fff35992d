"""QA27c D3: a misspelt required key in a claim pattern (`metrc`, `patern`) was reported as "metric missing" at the
[[claims.patterns]] header line; it is now named at its own line with the key meant, as every other table does."""

from __future__ import annotations

import pytest
from pack_support import MINIMAL

from editor_app.core.rulepack import PackError, parse_pack

CLAIMS_RULE = '[[rules]]\nid = "claims"\nkind = "claims"\n'


@pytest.mark.parametrize("written,typo,meant", [("metrc = 'cjk'\npattern = 'CJK (?P<value>\\d+)'\n", "metrc", "metric"),
                                                ("metric = 'cjk'\npatern = 'CJK (?P<value>\\d+)'\n", "patern", "pattern")])
def test_a_misspelt_required_claim_key_is_named_at_its_line(written, typo, meant):
    source = MINIMAL + CLAIMS_RULE + "[[claims.patterns]]\n" + written
    with pytest.raises(PackError) as err:
        parse_pack(source, "team.toml")
    line = next(i for i, text in enumerate(source.splitlines(), 1) if text.startswith(typo + " "))
    assert (err.value.line, err.value.key) == (line, f"claims.patterns[0].{typo}"), str(err.value)
    assert err.value.message == f'unknown key; did you mean "{meant}"?'  # before: "missing: … needs metric and pattern"


def test_a_key_really_missing_is_still_said_missing():
    with pytest.raises(PackError) as err:
        parse_pack(MINIMAL + CLAIMS_RULE + "[[claims.patterns]]\nmetric = 'cjk'\n", "team.toml")
    assert err.value.key == "claims.patterns[0].pattern" and err.value.message.startswith("missing")
