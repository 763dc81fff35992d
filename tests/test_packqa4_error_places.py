"""QA (a team writing its own pack from the README): an error in the second scope of [scopes] was placed at the
first scope holding the same key; a claim pattern without `metric` at another rule's `pattern` line, as the bare
key "pattern"; an empty `patterns = []` as a missing key at the rule's header; a limit beyond what a float holds
exactly was compared as another number (9007199254740993 shown as …992)."""

from __future__ import annotations

import pytest
from pack_support import MINIMAL

from editor_app.core.rulepack import PackError, parse_pack


def _refused(source: str) -> PackError:
    with pytest.raises(PackError) as err:
        parse_pack(source, "team.toml")
    return err.value


def _line_of(source: str, text: str) -> int:
    return source.splitlines().index(text) + 1


@pytest.mark.parametrize("bad, key", [
    ("legal = { section = 4.10 }", "scopes.legal.section"),
    ("legal = { heading = '(Legal' }", "scopes.legal.heading"),
    ('"法律" = { section = 4.10 }', "scopes.法律.section"),
    ("legal = { each = true }", "scopes.legal"),
    ("legal = { sectoin = '4' }", "scopes.legal.sectoin"),
])
def test_an_error_in_a_later_scope_names_that_scopes_line(bad, key):
    source = MINIMAL + f"[scopes]\ncounter = {{ section = \"3\" }}\nother = {{ heading = 'x' }}\n{bad}\n"
    err = _refused(source)
    assert (err.line, err.key) == (_line_of(source, bad), key), str(err)


def test_an_error_in_a_scope_written_as_a_table_of_its_own_names_its_line():
    source = MINIMAL + "[scopes.first]\nsection = \"3\"\n\n[scopes.legal]\nsection = 4.10\n"
    err = _refused(source)
    assert (err.line, err.key) == (_line_of(source, "section = 4.10"), "scopes.legal.section"), str(err)


@pytest.mark.parametrize("missing", ["metric", "pattern"])
def test_a_claim_pattern_missing_a_key_names_its_entry_and_the_key(missing):
    entry = {"metric": "metric = 'cjk'", "pattern": "pattern = 'CJK (?P<value>\\d+)'"}
    del entry[missing]
    source = (MINIMAL + "[[rules]]\nid = \"todo\"\nkind = \"forbidden-pattern\"\npattern = 'TODO'\n"
              "[[claims.patterns]]\nmetric = 'cjk'\npattern = 'CJK (?P<value>\\d+)'\n"
              "[[claims.patterns]]\n" + "\n".join(entry.values()) + "\n")
    err = _refused(source)
    second = [i + 1 for i, line in enumerate(source.splitlines()) if line == "[[claims.patterns]]"][1]
    assert (err.line, err.key) == (second, f"claims.patterns[1].{missing}"), str(err)
    assert "missing" in err.message


def test_an_empty_patterns_list_is_named_at_its_line_as_empty():
    source = MINIMAL + '[[rules]]\nid = "r"\nkind = "required-pattern"\ntitle = "x"\npatterns = []\n'
    err = _refused(source)
    assert (err.line, err.key) == (_line_of(source, "patterns = []"), "rules[1].patterns"), str(err)
    assert err.message.startswith("empty")


def test_a_limit_a_float_cannot_hold_exactly_is_refused_and_the_largest_one_taken():
    err = _refused(MINIMAL.replace("max = 10", "max = 9007199254740993"))
    assert err.key == "rules[0].max" and "too large" in err.message
    pack = parse_pack(MINIMAL.replace("max = 10", "max = 9007199254740992"), "team.toml")
    assert pack.rules[0].max == 9007199254740992


# --- the words builtin ----------------------------------------------------------------------------------------------

WORDS_PACK = 'schema = 1\nname = "team"\n[counters.words]\nbuiltin = "words"\n[[rules]]\nid = "w"\nkind = "count"\ncounter = "words"\nmax = 1000\n'


@pytest.mark.parametrize("text, words", [
    ("A naïve café résumé from Gödel and Erdős: a façade.", 10),  # was 15: "na" + "ve", "r" + "sum", …
    ("nai\u0308ve re\u0301sume\u0301", 2),  # decomposed accents
    ("Привет мир, Καλημέρα κόσμε", 4),
    ("don't stop state-of-the-art", 3),
    ("3.5× faster, 3,838 CJK, v2.1 released.", 6),
    ("中文 abc", 3),  # each CJK character is a word
    ("snake_case — x", 3),
])
def test_the_words_builtin_counts_words_of_any_script(text, words):
    from editor_app.core.analyze import analyze

    assert analyze(text + "\n", parse_pack(WORDS_PACK, "team.toml")).metrics["words"] == words
