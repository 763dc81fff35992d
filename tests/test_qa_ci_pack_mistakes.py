"""QA: a team writing its own pack from the README's rule-pack section. Mistakes the loader let through:

- two of a thing the README says to give one of (a counter's `regex` and `literal`; a scope's `section` and
  `heading`; a rule's `pattern` and `patterns`): one was used, the other ignored without a word;
- a pattern that matches an empty text (`pattern = ''`, `'TODO|'`, `'(\\(1\\))?'`): a required pattern was always
  "found" (the rule passed whatever the survey said), a forbidden one was "found" at every position;
- a pack with no rule at all checked nothing and passed every survey (`survey-check` exit 0 in CI);
- a missing key was named in Python's words ("unknown kind None", "unknown counter ''", "found None"), and a
  duplicate id did not say where its first use was.
"""

from __future__ import annotations

import pytest
from pack_support import MINIMAL

from editor_app import cli
from editor_app.core.rulepack import PackError, parse_pack


def _error(source: str) -> PackError:
    with pytest.raises(PackError) as err:
        parse_pack(source, "team.toml")
    return err.value


@pytest.mark.parametrize("body,line,key,says", [
    ('[counters.todo]\nregex = "TODO"\nliteral = "TODO"\n', 12, "counters.todo.literal",
     "a counter takes one of regex, literal or builtin, not regex and literal"),
    ('[counters.w]\nbuiltin = "words"\nregex = "\\\\w+"\n', 11, "counters.w.builtin",
     "not regex and builtin"),
    ('[[rules]]\nid = "intro"\nkind = "required-pattern"\npatterns = ["x"]\nscope = { heading = "^1", section = "2" }\n',
     14, "rules[1].scope.heading", "a scope table takes one of section, sections, parts or heading, not section and heading"),
    ('[[rules]]\nid = "f"\nkind = "forbidden-pattern"\npattern = "TODO"\npatterns = ["FIXME"]\n', 14,
     "rules[1].patterns", "a rule takes pattern (one) or patterns (a list), not both"),
])
def test_two_of_a_one_of_are_refused(body, line, key, says):
    e = _error(MINIMAL + body)
    assert (e.line, e.key) == (line, key), str(e)
    assert says in e.message


@pytest.mark.parametrize("kind,pattern,why", [
    ("required-pattern", "(\\\\(1\\\\)\\\\s*机制)?", "a required pattern would always be found"),
    ("required-pattern", "", "a required pattern would always be found"),
    ("forbidden-pattern", "TODO|", "a forbidden pattern would be found everywhere"),
    ("forbidden-pattern", "\\\\s*", "a forbidden pattern would be found everywhere"),
])
def test_a_pattern_that_matches_an_empty_text_is_refused(kind, pattern, why):
    e = _error(MINIMAL + f'[[rules]]\nid = "p"\nkind = "{kind}"\npattern = "{pattern}"\n')
    assert (e.line, e.key) == (13, "rules[1].pattern"), str(e)
    assert "matches an empty text" in e.message and why in e.message


def test_a_counter_regex_that_matches_an_empty_text_is_refused():
    e = _error(MINIMAL + "[counters.todo]\nregex = ''\n")
    assert (e.line, e.key) == (11, "counters.todo.regex") and "count every position" in e.message


def test_anchored_patterns_that_find_a_place_are_kept():
    pack = parse_pack(MINIMAL + '[[rules]]\nid = "blank"\nkind = "forbidden-pattern"\npattern = \'(?m)^$\'\n'
                      "[counters.starts]\nregex = '(?m)^(?=#)'\n", "team.toml")
    assert pack.rule("blank").patterns == ("(?m)^$",)


def test_the_required_pattern_that_matched_nothing_no_longer_passes_a_survey_lacking_it(tmp_path, capsys):
    """What the user saw: the survey has no '(1) 机制' at all, yet the rule said pass."""
    pack = tmp_path / "team.toml"
    pack.write_text(MINIMAL + '[[rules]]\nid = "parts"\nkind = "required-pattern"\npatterns = [\'(\\(1\\)\\s*机制)?\']\n',
                    encoding="utf-8")
    survey = tmp_path / "s.md"
    survey.write_text("一、引言\n没有三段式。\n", encoding="utf-8")
    assert cli.main([str(survey), "--pack", str(pack)]) == 2
    err = capsys.readouterr().err
    assert "team.toml:13: rules[1].patterns:" in err and "would always be found" in err


def test_a_pack_without_rules_is_refused_rather_than_passing_everything(tmp_path, capsys):
    pack = tmp_path / "team.toml"
    pack.write_text('schema = 1\nname = "t"\n[counters.words]\nbuiltin = "words"\n', encoding="utf-8")
    survey = tmp_path / "s.md"
    survey.write_text("# Title\n\nTODO everything.\n", encoding="utf-8")
    assert cli.main([str(survey), "--pack", str(pack)]) == 2
    assert "rules: a pack needs at least one [[rules]] table" in capsys.readouterr().err


@pytest.mark.parametrize("source,line,key,says", [
    (MINIMAL.replace('kind = "count"\n', ""), 5, "rules[0].kind",  # the rule's [[rules]] line
     "missing; a rule needs kind = one of count, required-section"),
    (MINIMAL.replace('kind = "count"', 'kind = "counts"'), 7, "rules[0].kind", 'did you mean "count"?'),
    (MINIMAL.replace('counter = "cjk"\n', ""), 5, "rules[0].counter",
     "missing; a count rule needs counter = one of cjk, arxiv_ids, list_items"),
    (MINIMAL.replace('counter = "cjk"', 'counter = "cjj"'), 8, "rules[0].counter",
     "unknown counter 'cjj'; did you mean \"cjk\"?"),
    (MINIMAL.replace("schema = 1\n", ""), None, "schema", "missing; the pack starts with schema = 1"),
    (MINIMAL + '[[rules]]\nid = "cjk"\nkind = "claims"\n', 11, "rules[1].id",
     "rule id 'cjk' is used twice (first at line 6)"),
])
def test_missing_and_repeated_keys_are_said_in_the_pack_writers_words(source, line, key, says):
    e = _error(source)
    assert (e.line, e.key) == (line, key), str(e)
    assert says in e.message
    assert "None" not in e.message and "''" not in e.message


@pytest.mark.parametrize("body,line,key", [
    ('[[rules]]\nid = "legal"\nkind = "required-section"\nnumber = 4.10\n', 13, "rules[1].number"),
    ('[[rules]]\nid = "c"\nkind = "count"\ncounter = "cjk"\nmax = 1\nscope = { section = 4.10 }\n', 15,
     "rules[1].scope.section"),
    ('[scopes]\nlater = { sections = ["3", 3.10] }\n', 11, "scopes.later.sections"),
])
def test_a_section_number_without_quotes_is_refused_not_read_as_another_section(body, line, key):
    """`number = 4.10` was read as the number 4.1: the rule checked §4.1 and said nothing of §4.10."""
    e = _error(MINIMAL + body)
    assert (e.line, e.key) == (line, key), str(e)
    assert '"4.10" not 4.10' in e.message and "another section" in e.message


def test_whole_and_quoted_section_numbers_are_kept():
    pack = parse_pack(MINIMAL + '[[rules]]\nid = "c"\nkind = "count"\ncounter = "cjk"\nmax = 1\nscope = { section = 3 }\n'
                      '[[rules]]\nid = "legal"\nkind = "required-section"\nnumber = "4.10"\n', "team.toml")
    assert pack.rule("c").scope.keys == ("3",) and pack.rule("legal").number == "4.10"


def test_a_pack_saved_with_a_byte_order_mark_loads(tmp_path, capsys):
    """Notepad's "UTF-8 with BOM": before, 'team.toml:1: TOML syntax error: Invalid statement (at line 1, column 1)'
    for a pack with nothing wrong in it."""
    pack = tmp_path / "team.toml"
    pack.write_bytes(b"\xef\xbb\xbf" + MINIMAL.replace("\n", "\r\n").encode("utf-8"))
    survey = tmp_path / "s.md"
    survey.write_text("一、引言\n中文。\n", encoding="utf-8")
    assert cli.main([str(survey), "--pack", str(pack)]) == 0, capsys.readouterr().err
    assert "pack t (from team.toml) ·" in capsys.readouterr().out  # (the pack file is named: QA26f D5)


def test_a_named_scope_cannot_take_a_built_in_scopes_name():
    """`[scopes] header = { section = "0" }`: rules saying scope = "header" measured the built-in header, and the
    team's table was ignored without a word."""
    e = _error(MINIMAL + '[scopes]\nheader = { section = "0" }\n')
    assert (e.line, e.key) == (11, "scopes.header"), str(e)
    assert '"header" is a scope of its own' in e.message and "another name" in e.message


@pytest.mark.parametrize("body,key,found", [
    ('[[rules]]\nid = "short"\nkind = "count"\ncounter = "cjk"\nmax = -1\n', "rules[1].max", "-1"),
    ('[[rules]]\nid = "short"\nkind = "count"\ncounter = "cjk"\nmax = 2500.5\n', "rules[1].max", "2500.5"),
    ('[[rules]]\nid = "long"\nkind = "count"\ncounter = "cjk"\nmin = 0.5\n', "rules[1].min", "0.5"),
    ('[[rules]]\nid = "leaks"\nkind = "privacy"\nmax = -2\n', "rules[1].max", "-2"),
])
def test_a_count_limit_is_a_whole_number_from_zero(body, key, found):
    """Before, `max = -1` was accepted (a rule that could never pass) and `max = 2500.5` too (a typo read as a limit)."""
    e = _error(MINIMAL + body.replace('"cjk"', '"' + _first_counter() + '"'))
    assert e.key == key, str(e)
    assert f"a count is a whole number from 0 up, not {found}" in e.message


def _first_counter() -> str:
    return next(iter(parse_pack(MINIMAL, "team.toml").counters))
