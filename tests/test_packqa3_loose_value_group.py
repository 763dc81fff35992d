"""QA (packqa3): a claim pattern whose value group takes more than digits ('(?P<value>\\S+) words', natural for
"300 words") crashed the analysis on the first line where it took a word ("in so many words": ValueError, a
traceback from survey-check with exit status 1, "Analysis failed" in the window). What the group took that is no
figure is not read as one; the figures it takes are judged as before."""

from __future__ import annotations

import pytest

from editor_app import cli
from editor_app.core.analyze import analyze
from editor_app.core.rulepack import parse_pack

PACK = """schema = 1
name = "blog"
[document]
heading_styles = ["markdown"]
[counters.words]
builtin = "words"
[[rules]]
id = "claims"
kind = "claims"
[[claims.patterns]]
metric = "words"
pattern = '{pattern}'
"""

POST = "# Post\n\nIn so many words: it works. This post is 9 words. Version 1.5.3 words apart.\n"


@pytest.mark.parametrize("pattern, read", [
    (r"(?P<value>\S+) words", ["9 words"]),  # "many", "1.5.3": no figures
    (r"(?P<value>[^ ]+)k? words", ["9 words"]),
    (r"(?P<value>\w+) words", ["9 words", "3 words"]),  # (the pattern's own reading of "1.5.3 words")
])
def test_a_word_taken_by_the_value_group_is_no_figure(pattern, read):
    a = analyze(POST, parse_pack(PACK.format(pattern=pattern), "blog.toml"))
    assert [c.text for c in a.claims] == read
    assert (a.claims[0].claimed, a.claims[0].measured, a.claims[0].ok) == (9, 16, False)  # ("1.5.3" is one word)


def test_survey_check_reports_instead_of_crashing(tmp_path, capsys):
    (tmp_path / "post.md").write_text(POST, encoding="utf-8")
    (tmp_path / "survey-rules.toml").write_text(PACK.format(pattern=r"(?P<value>\S+) words"), encoding="utf-8")
    assert cli.main([str(tmp_path / "post.md"), "--format", "json"]) == 1  # one wrong figure, no traceback
    assert '"claimed": 9' in capsys.readouterr().out
