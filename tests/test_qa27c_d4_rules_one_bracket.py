"""QA27c D4: `[rules]` written with one bracket among `[[rules]]` tables gave its reason in English in the Chinese
window ("must be an array of tables: write [[rules]], with two brackets"); only [[claims.patterns]]'s was translated."""

from __future__ import annotations

import pytest
from pack_support import MINIMAL

from editor_app.core.rulepack import PackError, parse_pack
from editor_app.wording import PackErrorWords


@pytest.mark.parametrize("table", ["rules", "claims.patterns"])
def test_a_table_array_written_with_one_bracket_reads_in_chinese(table):
    two = "[[claims.patterns]]\nmetric = 'cjk'\npattern = 'CJK (?P<value>\\d+)'\n" if table == "claims.patterns" else ""
    source = MINIMAL + '[[rules]]\nid = "claims"\nkind = "claims"\n' + two + f"[{table}]\nid = 'x'\n"
    with pytest.raises(PackError) as err:
        parse_pack(source, "team.toml")
    assert err.value.message == f"must be an array of tables: write [[{table}]], with two brackets"
    said = PackErrorWords("zh_CN").error(err.value)
    assert said == f"team.toml:{err.value.line}：{table}：必须是表数组：请写 [[{table}]]，两层方括号", said
