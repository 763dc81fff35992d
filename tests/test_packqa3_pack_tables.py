"""QA (packqa3): tables written with the wrong brackets or name. `[claims.patterns]` (one bracket: one table, not a
list of them) was refused as "line 55: pattern: claims.patterns[0] needs metric and pattern" — line 55 being another
rule's `pattern =`, the table's keys read as patterns; `[claims.pattern]` and `[counter.words]` were placed on another
table's `pattern =` / `counter =` line. Each is now refused at its own header line, saying what to write."""

from __future__ import annotations

import pytest

from editor_app.core.rulepack import PackError, parse_pack
from editor_app.wording import PackErrorWords

PACK = """schema = 1
name = "blog"
[counters.words]
builtin = "words"
[[rules]]
id = "no-hype"
kind = "forbidden-pattern"
patterns = ['(?i)blazing fast']
[[rules]]
id = "reproduce"
kind = "required-pattern"
pattern = '(?i)to reproduce'
[[rules]]
id = "words"
kind = "count"
counter = "words"
max = 1200
[claims]
sum_metric = "words"
[[claims.patterns]]
metric = "words"
pattern = '(?P<value>\\d+) words'
"""


def _refused(source: str) -> PackError:
    with pytest.raises(PackError) as err:
        parse_pack(source, "blog.toml")
    return err.value


def _line(source: str, text: str) -> int:
    return source.splitlines().index(text) + 1


def test_claims_patterns_written_as_one_table_is_refused_at_its_header():
    source = PACK.replace("[[claims.patterns]]", "[claims.patterns]")
    exc = _refused(source)
    assert (exc.line, exc.key) == (_line(source, "[claims.patterns]"), "claims.patterns")
    assert exc.message == "must be an array of tables: write [[claims.patterns]], with two brackets"
    assert PackErrorWords("zh_CN").error(exc).endswith("必须是表数组：请写 [[claims.patterns]]，两层方括号")


@pytest.mark.parametrize("wrong, right, key", [
    ("[[claims.patterns]]", "[[claims.pattern]]", "claims.pattern"),
    ("[claims]", "[claims.pattern]", "claims.pattern"),
    ("[counters.words]", "[counter.words]", "counter"),
])
def test_a_misspelt_table_is_named_at_its_header_line(wrong, right, key):
    source = PACK.replace(wrong, right)
    exc = _refused(source)
    assert (exc.line, exc.key) == (_line(source, right), key)
    assert exc.message.startswith("unknown key; did you mean")


def test_a_misspelt_key_is_still_named_at_its_own_line():
    source = PACK.replace("sum_metric", "sum_metrc")
    assert _refused(source).line == _line(source, 'sum_metrc = "words"')
