"""Rule packs: the bundled ones load; a broken one is refused with file, line and key."""

import pytest

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import PackError, bundled_packs, find_pack_for, house_pack, load_pack, parse_pack

MINIMAL = '''schema = 1
name = "t"
[counters.cjk]
regex = '[一-鿿]'
'''


def test_bundled_packs_load():
    names = {load_pack(p).name for p in bundled_packs()}
    assert {"llm-infra-survey", "english-markdown"} <= names
    hp = house_pack()
    assert len([r for r in hp.rules]) >= 11
    assert hp.limit_of("cjk") == (None, 3900)


@pytest.mark.parametrize(
    "body,line,key",
    [
        ("[[rules]]\nid = \"a\"\nkind = \"count\"\ncounter = \"cjk\"\nmax = \"lots\"\n", 9, "rules[0].max"),
        ("[[rules]]\nid = \"a\"\nkind = \"nonsense\"\n", 7, "rules[0].kind"),
        ("[[rules]]\nid = \"a\"\nkind = \"count\"\ncounter = \"nope\"\nmax = 1\n", 8, "rules[0].counter"),
        ("[[rules]]\nid = \"a\"\nkind = \"forbidden-pattern\"\npattern = '(unclosed'\n", 8, "rules[0].pattern"),
        ("[[rules]]\nid = \"a\"\nkind = \"count\"\ncounter = \"cjk\"\n", 5, "rules[0].max"),
    ],
)
def test_broken_pack_names_line_and_key(body, line, key):
    with pytest.raises(PackError) as err:
        parse_pack(MINIMAL + body, "team.toml")
    e = err.value
    assert e.path == "team.toml" and e.key == key and e.line == line, str(e)
    assert str(e).startswith(f"team.toml:{line}: {key}:")


def test_toml_syntax_error_has_line():
    with pytest.raises(PackError) as err:
        parse_pack(MINIMAL + "[[rules]\nid=1\n", "x.toml")
    assert err.value.line == 5 and "TOML syntax error" in str(err.value)


def test_wrong_schema_and_missing_file(tmp_path):
    with pytest.raises(PackError, match=r"schema 7 is of a newer Survey Editor than this one \(it reads schema 1\): "
                                        "update the program"):
        parse_pack(MINIMAL.replace("schema = 1", "schema = 7"), "x.toml")
    with pytest.raises(PackError, match="schema must be 1 .found '1'."):
        parse_pack(MINIMAL.replace("schema = 1", 'schema = "1"'), "x.toml")
    with pytest.raises(PackError, match="not found"):
        load_pack(tmp_path / "missing.toml")
    bad = tmp_path / "gbk.toml"
    bad.write_bytes("名字".encode("gbk"))
    with pytest.raises(PackError, match="not UTF-8"):
        load_pack(bad)


def test_scope_that_matches_nothing_says_so():
    pack = parse_pack(MINIMAL + '[[rules]]\nid = "c"\nkind = "count"\ncounter = "cjk"\n'
                      "scope = { heading = '^3\\.[123]', each = true }\nmin = 150\n", "p.toml")
    a = analyze("一、甲\n正文\n", pack)
    r = a.rules[0]
    assert r.status == "no-match" and r.note == "0 sections matched `^3\\.[123]`"
    assert a.findings and "0 sections matched" in a.findings[0].message


def test_pack_beside_the_survey_wins(tmp_path):
    survey = tmp_path / "s.md"
    survey.write_text("x", encoding="utf-8")
    assert find_pack_for(survey) is None
    (tmp_path / "survey-rules.toml").write_text(MINIMAL, encoding="utf-8")
    assert find_pack_for(survey) == tmp_path / "survey-rules.toml"


def test_english_pack_on_markdown():
    pack = load_pack(next(p for p in bundled_packs() if p.name == "english-markdown.toml"))
    text = ("# Serving survey\n\nWord count: 14\n\n## 1 Intro\nvLLM and SGLang compared.\n\n"
            "## Limitations\nshort TODO\n\n## References\n- arXiv:2609.11582\n")
    a = analyze(text, pack)
    by = {r.id: r for r in a.rules}
    assert by["references-section"].status == "pass"
    assert by["limitations-length"].status == "fail"
    assert by["no-todo"].status == "fail"
    assert a.metrics["words"] == 17  # "arXiv:2609.11582" is two words ("arXiv", "2609.11582")
    c = next(c for c in a.claims if c.metric == "words")
    assert c.claimed == 14 and c.measured == 17 and c.ok is False


RULE = '[[rules]]\nid = "a"\nkind = "count"\ncounter = "cjk"\nmax = 10\n'
CLAIM = "[[claims.patterns]]\nmetric = \"cjk\"\npattern = 'CJK (?P<value>\\d+)'\n"


def test_the_pack_authors_slips_qa24_name_their_key_and_line(tmp_path):
    """QA24 D3, D4, D5, D8: one `[claims.patterns]` among `[[claims.patterns]]` got TOML's 'Cannot declare
    ('claims', 'patterns') twice'; a [document] key was named without its table; a bad [privacy] regex was echoed
    as a Python repr, in other words than a rule's; a GBK pack said no line."""
    one_bracket = MINIMAL + RULE + CLAIM + "[claims.patterns]\nmetric = \"cjk\"\npattern = 'x (?P<value>\\d+)'\n"
    with pytest.raises(PackError) as err:
        parse_pack(one_bracket, "t.toml")
    assert str(err.value) == ("t.toml:13: claims.patterns: must be an array of tables: write [[claims.patterns]], "
                              "with two brackets")
    with pytest.raises(PackError) as err:
        parse_pack(MINIMAL + RULE + "[document]\nheading_styles = \"markdown\"\n", "t.toml")
    assert str(err.value).startswith("t.toml:11: document.heading_styles: must be a list")
    with pytest.raises(PackError) as err:
        parse_pack(MINIMAL + RULE + "[document]\nfooter = '(open'\n", "t.toml")
    assert str(err.value).startswith("t.toml:11: document.footer: invalid regular expression: missing )")
    with pytest.raises(PackError) as err:
        parse_pack(MINIMAL + RULE + "[privacy]\norg_patterns = ['ORION-(\\d{4}']\n", "t.toml")
    assert str(err.value).startswith("t.toml:11: privacy.org_patterns[0]: invalid regular expression: missing ),")
    gbk = tmp_path / "gbk.toml"
    gbk.write_bytes('schema = 1\nname = "t"\ntitle = "猎户座规则"\n[counters.cjk]\nregex = "x"\n'.encode("gbk"))
    with pytest.raises(PackError) as err:
        load_pack(gbk)
    assert str(err.value) == f"{gbk}:3: rule pack is not UTF-8 text"


def test_the_readme_example_pack_loads_without_a_warning():
    """QA24 D9: the README's example was a team's first pack, and it warned of an [i18n] title no rule had."""
    from pathlib import Path

    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    start = readme.index('```toml\nschema = 1\nname = "my-team"') + len("```toml\n")
    pack = parse_pack(readme[start:readme.index("```", start)], "README.md")
    assert pack.name == "my-team" and pack.rules[0].title == "At most 3,900 CJK characters"
    assert not pack.warnings
