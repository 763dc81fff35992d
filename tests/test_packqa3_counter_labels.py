"""QA (packqa3): a team translating its pack wrote a counter's label where its name goes. As a claim's metric
(`metric = "行"`, the label of counter "lines") it was taken as a metric of its own, listed as stated and never
measured: "行数 200" with 113 lines measured passed the claims rule without a word. As a rule's counter it was refused
without saying which counter was meant. Both are refused now, naming the counter."""

from __future__ import annotations

import pytest

from editor_app.core.rulepack import PackError, parse_pack
from editor_app.wording import PackErrorWords

PACK = """schema = 1
name = "团队"
[counters.lines]
label = "行"
builtin = "lines"
[[rules]]
id = "line-count"
kind = "count"
counter = "lines"
max = 110
[[rules]]
id = "claims"
kind = "claims"
[[claims.patterns]]
metric = "lines"
pattern = '行数\\s*(?P<value>\\d+)'
"""


def _refused(source: str) -> PackError:
    with pytest.raises(PackError) as err:
        parse_pack(source, "team.toml")
    return err.value


def test_a_claim_metric_written_as_its_counters_label_is_refused_naming_the_counter():
    exc = _refused(PACK.replace('metric = "lines"', 'metric = "行"'))
    assert str(exc) == ('team.toml:15: claims.patterns[0].metric: unknown metric \'行\'; did you mean "lines"? '
                        '(that is its label)')
    assert PackErrorWords("zh_CN").error(exc) == ('team.toml:15：claims.patterns[0].metric：未知的指标 \'行\'；是否想写 '
                                                  '"lines"？（那是它的标签）')


def test_a_rule_counter_written_as_its_label_is_refused_naming_the_counter():
    exc = _refused(PACK.replace('counter = "lines"', 'counter = "行"'))
    assert str(exc) == 'team.toml:9: rules[0].counter: unknown counter \'行\'; did you mean "lines"? (that is its label)'
    assert PackErrorWords("zh_CN").error(exc).endswith('未知的计数器 \'行\'；是否想写 "lines"？（那是它的标签）')


def test_the_pack_with_names_still_loads_and_a_metric_of_its_own_is_still_listed_only():
    assert [cp.metric for cp in parse_pack(PACK, "team.toml").claim_patterns] == ["lines"]
    own = PACK.replace('metric = "lines"', 'metric = "github_verified"')  # no counter's name or label: stated only
    assert [cp.metric for cp in parse_pack(own, "team.toml").claim_patterns] == ["github_verified"]
