"""QA27c D6: a claim pattern's `scope = "hear"` was offered 'did you mean "header"?' alone, though "here" (the
claims-only scope, and most likely what was meant) is as few edits away: following the hint changed the meaning.
Names as near as the nearest are all offered; in the Chinese window joined by 或."""

from __future__ import annotations

import pytest

from editor_app.core.rulepack import PackError, parse_pack
from editor_app.wording import PackErrorWords

HEAD = 'schema = 1\nname = "t"\n[counters.c]\nregex = "a"\n[[rules]]\nid = "r"\nkind = "count"\ncounter = "c"\nmax = 1\n'


def _error(source: str) -> PackError:
    with pytest.raises(PackError) as caught:
        parse_pack(source, "t.toml")
    return caught.value


def _claim_scope(written: str) -> PackError:
    return _error(HEAD + f'[[claims.patterns]]\nmetric = "c"\npattern = \'(?P<value>\\d+)\'\nscope = "{written}"\n')


def test_a_tie_offers_both_names():
    assert _claim_scope("hear").message == "unknown scope 'hear'; did you mean \"header\" or \"here\"?"


def test_one_nearest_name_is_offered_alone():
    assert _claim_scope("her").message == "unknown scope 'her'; did you mean \"here\"?"
    assert _claim_scope("footr").message == "unknown scope 'footr'; did you mean \"footer\"?"


def test_a_rule_is_still_not_offered_here():
    said = _error(HEAD.replace("max = 1\n", 'max = 1\nscope = "hear"\n')).message
    assert said == "unknown scope 'hear'; did you mean \"header\"?"


def test_the_chinese_window_joins_the_names_with_or():
    said = PackErrorWords("zh_CN").error(_claim_scope("hear"))
    assert said.endswith('未知的范围 \'hear\'；是否想写 "header" 或 "here"？')
