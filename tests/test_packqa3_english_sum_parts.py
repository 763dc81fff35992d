"""QA (packqa3): an English team's stated sums name their parts by the pack's scopes ("Word count: 144 = limitations
44 + background 100"), as the house pack's do in Chinese ("3,838 = 主体 2,892 + 反方 579"). A part labelled with a
Latin word was never taken for a place, so the parts went unchecked without a word even where the pack names a
scope so; only the sum was added up. Such a part is now measured on its scope; a word that names no scope of the
pack ("Setup 43") is left to the sum, as "其余 174" is."""

from __future__ import annotations

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import parse_pack

PACK = """schema = 1
name = "blog"
[document]
heading_styles = ["markdown"]
claim_zones = ["header", "sections", "footer"]  # (the lines under "# Post" are the header's, as the English pack's)
[counters.words]
builtin = "words"
[scopes]
limitations = { heading = '(?i)^limitations$' }
background = { heading = '(?i)^background$' }
[[rules]]
id = "claims"
kind = "claims"
[claims]
sum_metric = "words"
sum_context = "words"
"""

POST = "# Post\n\n{line}\n\n## Background\n\nsome text here.\n\n## Limitations\n\nIt is short.\n"


def _claims(line: str):
    a = analyze(POST.format(line=line), parse_pack(PACK, "blog.toml"))
    return [(c.kind, c.scope, c.claimed, c.measured, c.ok) for c in a.claims]


def test_parts_named_by_the_packs_scopes_are_measured_on_them():
    # Background: "Background" + "some text here." = 4 words; Limitations: "Limitations" + "It is short." = 4
    assert _claims("In words: background 4 + limitations 5 = 9") == [
        ("value", "background", 4, 4, True),
        ("value", "limitations", 5, 4, False),
        ("sum", "stated parts", 9, 9, True),
    ]


def test_a_total_named_by_a_scope_is_measured_and_the_sums_row_names_no_place():
    claims = _claims("limitations 4 = background 4 + limitations 0 words")
    assert ("sum", "stated parts", 4, 4, True) in claims
    assert ("value", "limitations", 4, 4, True) in claims and ("value", "limitations", 0, 4, False) in claims


def test_words_that_name_no_scope_are_left_to_the_sum():
    assert _claims("Word count 90 = Setup 47 + Results 43 words") == [("sum", "stated parts", 90, 90, True)]
