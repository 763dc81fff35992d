"""QA27c D5: a `parts`, `section` or `sections` value that can name no place in any survey was taken, and every survey
was then told it lacked it ("§heder + footer", "heder not found; measured without it", exit 1, as if the survey's
fault). A slip of the pack's own words ("heder" for "header", a misspelt scope name) and a heading's title where a
section's number goes ("方法": sections are named by number) are now refused when the pack is read (exit 2), with the
word meant; a section number the survey lacks is still the survey's finding."""

from __future__ import annotations

import pytest
from pack_support import MINIMAL

from editor_app import cli
from editor_app.core.analyze import analyze
from editor_app.core.rulepack import PackError, parse_pack
from editor_app.wording import PackErrorWords


def _pack(scope: str, scopes: str = "") -> str:
    return MINIMAL.replace("max = 10\n", f"max = 10\nscope = {scope}\n") + scopes


def _error(source: str) -> PackError:
    with pytest.raises(PackError) as err:
        parse_pack(source, "team.toml")
    return err.value


@pytest.mark.parametrize("scope,key,message", [
    ('{ parts = ["heder", "footer"] }', "rules[0].scope.parts[0]", "unknown part 'heder'; did you mean \"header\"?"),
    ('{ parts = ["header", "footr"] }', "rules[0].scope.parts[1]", "unknown part 'footr'; did you mean \"footer\"?"),
    ('{ section = "heder" }', "rules[0].scope.section", "unknown section 'heder'; did you mean \"header\"?"),
    ('{ sections = ["1", "fanfang"] }', "rules[0].scope.sections[1]",
     "unknown section 'fanfang'; did you mean \"fan-fang\"?"),
])
def test_a_slip_of_the_pack_s_own_words_is_refused_with_the_word_meant(scope, key, message):
    err = _error(_pack(scope, '[scopes]\n"fan-fang" = { section = "3" }\n'))
    assert (err.line, err.key, err.message) == (10, key, message), str(err)


def test_a_heading_title_where_a_section_number_goes_is_refused():
    err = _error(_pack('{ section = "方法" }'))
    assert (err.line, err.key) == (10, "rules[0].scope.section")
    assert err.message.startswith("'方法' names no section: a section is named by its number")
    assert err.message.endswith("write heading = '方法'")
    zh = PackErrorWords("zh_CN").error(err)
    assert zh.startswith("team.toml:10：rules[0].scope.section：'方法' 不指任何节：节以编号指称"), zh


def test_claim_patterns_and_named_scopes_are_checked_too():
    claims = '[[rules]]\nid = "claims"\nkind = "claims"\n[[claims.patterns]]\nmetric = "cjk"\n' \
             'pattern = "CJK (?P<value>\\\\d+)"\nscope = { parts = ["heder"] }\n'
    assert _error(MINIMAL + claims).key == "claims.patterns[0].scope.parts[0]"
    assert _error(MINIMAL + '[scopes]\nmeta = { parts = ["heder"] }\n').key == "scopes.meta.parts[0]"


def test_every_place_a_survey_can_have_is_taken():
    scopes = '[scopes]\nmeta = { parts = ["header", "footer", "later"] }\nlater = { section = "4" }\n'
    pack = parse_pack(_pack('{ parts = ["header", "0", "3.1", "§三", 7, "meta", "footer"] }', scopes))
    assert pack.rules[0].scope.keys == ("header", "0", "3.1", "§三", "7", "meta", "footer")


def test_a_section_number_the_survey_lacks_stays_the_survey_s_finding(tmp_path, capsys):
    pack = parse_pack(_pack('{ sections = ["1", "9"] }'))
    rule = analyze("## 1 背景\n\n正文。\n", pack).rules[0]
    assert any("§9 not found" in f.message for f in rule.findings), rule.findings


def test_survey_check_exits_2_on_a_misspelt_part(tmp_path, capsys):
    survey = tmp_path / "s.md"
    survey.write_text("# 调研\n\n作者：甲\n\n## 1 背景\n\n正文。\n", encoding="utf-8")
    pack = tmp_path / "team.toml"
    pack.write_text(_pack('{ parts = ["heder", "footer"] }'), encoding="utf-8")
    assert cli.main([str(survey), "--pack", str(pack)]) == 2  # before: 1, "§heder + footer … heder not found"
    assert "parts[0]: unknown part 'heder'; did you mean \"header\"?" in capsys.readouterr().err
