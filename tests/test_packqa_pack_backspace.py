"""QA (rule-pack authors): `pattern = "\\bTODO\\b"` in double quotes, as regexes are written in most languages, is read
by TOML as a backspace, TODO, a backspace: a pattern that never matches. The pack loaded, and its forbidden-pattern
rule passed a survey full of TODOs (in the window and in survey-check's exit status). Now the pack is refused at the
line, naming the key and the pattern in single quotes; in single quotes the same pattern works."""

from __future__ import annotations

import pytest
from pack_support import MINIMAL

from editor_app import cli
from editor_app.core.rulepack import PackError, parse_pack

_RULE = '[[rules]]\nid = "no-todo"\nkind = "forbidden-pattern"\n'


def _error(source: str) -> PackError:
    with pytest.raises(PackError) as err:
        parse_pack(source, "team.toml")
    return err.value


def test_a_word_boundary_in_double_quotes_is_refused_at_its_line():
    e = _error(MINIMAL + _RULE + 'pattern = "\\bTODO\\b"\n')
    assert (e.line, e.key) == (13, "rules[1].pattern")
    assert e.message == ('"\\b" in double quotes is a backspace in TOML, not a word boundary: write it in single '
                         "quotes, '\\bTODO\\b'")


@pytest.mark.parametrize("table,line,key", [
    ('[counters.todo]\nregex = "\\bTODO"\n', 11, "counters.todo.regex"),
    ('[privacy]\norg_patterns = ["ACME", "\\bPRJ-\\d+"]\n', 11, "privacy.org_patterns[1]"),
    ('[[claims.patterns]]\nmetric = "cjk"\npattern = "\\bCJK (?P<value>\\d+)"\n', 12, "claims.patterns[0].pattern"),
])
def test_everywhere_a_pattern_is_written(table, line, key):
    e = _error(MINIMAL + table.replace("\\d", "\\\\d"))
    assert (e.line, e.key) == (line, key), str(e)


def test_in_single_quotes_it_is_a_word_boundary_and_finds_the_todo(tmp_path, capsys):
    survey = tmp_path / "survey.md"
    survey.write_text("# Survey\n\nTODO: measure.\n", encoding="utf-8")
    pack = tmp_path / "team.toml"
    pack.write_text(MINIMAL + _RULE + 'pattern = "\\bTODO\\b"\n', encoding="utf-8")
    assert cli.main([str(survey), "--pack", str(pack)]) == 2  # before: 0, the TODO never found
    assert f"{pack}:13: rules[1].pattern: " in capsys.readouterr().err
    pack.write_text(MINIMAL + _RULE + "pattern = '\\bTODO\\b'\n", encoding="utf-8")
    assert cli.main([str(survey), "--pack", str(pack)]) == 1
    assert "[no-todo] forbidden" in capsys.readouterr().out
