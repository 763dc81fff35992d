"""QA (packqa3): a forbidden-pattern rule whose scope matches nothing said "✔ pass 0", as if the section had been
searched and found clean; count and required-pattern rules say "0 sections matched", and so does it now."""

from __future__ import annotations

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import parse_pack

PACK = """schema = 1
name = "blog"
[document]
heading_styles = ["markdown"]
[counters.words]
builtin = "words"
[scopes]
results = { heading = '(?i)^results$' }
[[rules]]
id = "no-maybe-in-results"
title = "No hedging in the results"
kind = "forbidden-pattern"
pattern = '(?i)\\bmaybe\\b'
scope = "results"
[[rules]]
id = "no-maybe-in-9"
kind = "forbidden-pattern"
pattern = '(?i)\\bmaybe\\b'
scope = { section = "9" }
"""


def _rules(text: str) -> dict:
    return {r.id: r for r in analyze(text, parse_pack(PACK, "blog.toml")).rules}


def test_a_forbidden_pattern_whose_scope_matches_nothing_says_so():
    rules = _rules("# Post\n\n## Findings\n\nMaybe it is faster.\n")  # "Results" renamed "Findings"
    for rid, note in (("no-maybe-in-results", "0 sections matched `(?i)^results$`"),
                      ("no-maybe-in-9", "0 sections matched §9")):
        r = rules[rid]
        assert r.status == "no-match" and r.note == note
        assert [(f.line, f.message) for f in r.findings] == [(1, f"{r.title}: {note}")]


def test_a_forbidden_pattern_in_a_scope_that_is_there_is_judged_as_before():
    rules = _rules("# Post\n\n## Results\n\nMaybe it is faster.\n\n## Setup\n\nmaybe not\n")
    r = rules["no-maybe-in-results"]
    assert r.status == "fail" and r.measured == 1 and [f.line for f in r.findings] == [5]
    clean = _rules("# Post\n\n## Results\n\nIt is faster.\n")["no-maybe-in-results"]
    assert clean.status == "pass" and clean.measured == 0
