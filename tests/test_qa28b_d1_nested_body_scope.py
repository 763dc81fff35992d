"""QA28b D1: the English pack's `body = { heading = '.' }` matches a "## 2" and its "### 2.1" both, and their ranges
were added up: "body 786" of an 822-word survey was told it is 1,040 (each subsection counted twice), and a count
rule on that scope measured each section on its own though `each` was not set. A heading scope without `each` is
one place now, its sections' lines each counted once; with `each`, each section is still measured on its own."""

from __future__ import annotations

from pathlib import Path

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import load_pack, parse_pack

ENGLISH_PACK = Path(__file__).resolve().parent.parent / "resources/rulepacks/english-markdown.toml"

# Words: "Survey" 1; the header line 3 ("Author: Jane"; the "Word count: …" line is filled in below);
# §1 "1 Intro" + "one two three" = 5, §1.1 "1.1 Detail" + "four five" = 4 (inside §1, so §1 is 9),
# §2 "2 More" + "six seven eight nine" = 6. Body = 9 + 6 = 15, not 9 + 4 + 6 = 19.
SURVEY = ("# Survey\n\nAuthor: Jane\n\n{claim}\n\n## 1 Intro\n\none two three\n\n### 1.1 Detail\n\nfour five\n\n"
          "## 2 More\n\nsix seven eight nine\n")


def _body_claims(text: str, pack) -> list[tuple]:
    return [(c.claimed, c.measured, c.ok) for c in analyze(text, pack).claims if c.scope == "body"]


def test_the_body_of_the_english_pack_counts_a_subsection_once():
    pack = load_pack(ENGLISH_PACK)
    assert _body_claims(SURVEY.format(claim="Words: body 15 words"), pack) == []  # (not read: no "=")
    text = SURVEY.format(claim="Word count: 30 = header 15 + body 15")
    assert _body_claims(text, pack) == [(15, 15, True)]
    assert not any("body" in f.message for f in analyze(text, pack).findings)


TEAM = ENGLISH_PACK.read_text(encoding="utf-8").replace('name = "english-markdown"', 'name = "team-body"') + """
[[rules]]
id = "body-words"
title = "Body words"
kind = "count"
counter = "words"
scope = "body"
max = 100

[[rules]]
id = "each-words"
title = "Words of each section"
kind = "count"
counter = "words"
scope = { heading = '.', each = true }
max = 100
"""


def _rule(result, rule_id: str):
    return next(r for r in result.rules if r.id == rule_id)


def test_a_count_rule_on_a_heading_scope_without_each_measures_one_place():
    result = analyze(SURVEY.format(claim="Nothing stated."), parse_pack(TEAM, "team.toml"))
    body = _rule(result, "body-words")
    assert body.measured == 15
    assert body.note == ""
    each = _rule(result, "each-words")
    assert each.measured == [9, 4, 6]  # (each section on its own, §1 with its §1.1)


def test_list_items_of_nested_sections_are_each_one_item():
    pack = parse_pack(TEAM + """
[[rules]]
id = "item-words"
title = "Words of each item"
kind = "count"
counter = "words"
scope = { heading = '.', items = true }
max = 100
""", "team.toml")
    text = "# Survey\n\n## 1 Intro\n\n- a b\n\n### 1.1 Detail\n\n- c d e\n\n## 2 More\n\n- f\n"
    assert _rule(analyze(text, pack), "item-words").measured == [2, 3, 1]


def test_merged_ranges():
    from editor_app.core.analyze import merged_ranges

    assert merged_ranges([(7, 20), (11, 15), (22, 30)]) == [(7, 20), (22, 30)]
    assert merged_ranges([(22, 30), (7, 20), (11, 25)]) == [(7, 30)]
    same = [(1, 5), (6, 9)]
    assert merged_ranges(same) is same  # (touching is no overlap: nothing to do)
