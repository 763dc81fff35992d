"""QA (rule-pack authors): two misspellings were refused without the hint every other table gives. `level = "warn"`
said only "must be one of error, warning, info" (not what was written), and a misspelt key of [privacy]
(`org_pattern`) listed all twelve keys where any other table says 'did you mean "org_patterns"?'."""

from __future__ import annotations

import pytest
from pack_support import MINIMAL

from editor_app.core.rulepack import PackError, parse_pack


def _error(source: str) -> PackError:
    with pytest.raises(PackError) as err:
        parse_pack(source, "team.toml")
    return err.value


def test_a_misspelt_level_names_what_was_written_and_the_level_meant():
    e = _error(MINIMAL + 'level = "warn"\n')
    assert (e.line, e.key) == (10, "rules[0].level")
    assert e.message == "unknown level 'warn'; did you mean \"warning\"?"
    assert _error(MINIMAL + 'level = "fatal"\n').message == "unknown level 'fatal' (one of error, warning, info)"


def test_a_misspelt_privacy_key_is_told_the_key_meant():
    e = _error(MINIMAL + "[privacy]\norg_pattern = ['ACME-\\\\d+']\n")
    assert (e.line, e.key) == (11, "privacy.org_pattern")
    assert e.message == 'unknown key; did you mean "org_patterns"?'
    far = _error(MINIMAL + "[privacy]\nzzzzzz = 1\n")
    assert far.message.startswith("unknown key (known: allow_ips, ")


@pytest.mark.parametrize("metric,meant", [("cjks", "cjk"), ("CJK", "cjk"), ("arxiv_id", "arxiv_ids")])
def test_a_claim_metric_a_letter_or_a_case_away_from_a_counter_is_refused(metric, meant):
    """Before: the claim was listed as stated but never measured, so a wrong figure ("CJK 实测 9,999") passed."""
    e = _error(MINIMAL + f"[[claims.patterns]]\nmetric = '{metric}'\npattern = 'CJK (?P<value>\\d+)'\n")
    assert (e.line, e.key) == (11, "claims.patterns[0].metric"), str(e)
    assert e.message.startswith(f"unknown metric {metric!r}; did you mean \"{meant}\"?")


def test_a_metric_stated_only_on_purpose_is_kept():
    pack = parse_pack(MINIMAL + '[[rules]]\nid = "claims"\nkind = "claims"\n'
                      "[[claims.patterns]]\nmetric = 'github_verified'\npattern = 'GitHub (?P<value>\\d+)'\n")
    assert pack.claim_patterns[0].metric == "github_verified"
