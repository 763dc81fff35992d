"""QA (packqa3): a rule on the list items of a section that is there but holds no list item said "0 sections matched
`(?i)^limitations$`" — as if the Limitations section were missing. It now says the section has no list items; a
section really missing is still said so."""

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
caveats = { heading = '(?i)^limitations$', items = true }
[[rules]]
id = "caveat-length"
kind = "count"
counter = "words"
scope = "caveats"
max = 30
[[rules]]
id = "no-maybe-in-caveats"
kind = "forbidden-pattern"
pattern = '(?i)maybe'
scope = "caveats"
[[rules]]
id = "each-result"
kind = "required-pattern"
pattern = '\\d'
scope = { heading = '(?i)^results$', items = true }
"""


def _notes(text: str) -> dict:
    return {r.id: (r.status, r.note) for r in analyze(text, parse_pack(PACK, "blog.toml")).rules}


def test_a_section_without_list_items_is_not_said_to_be_missing():
    notes = _notes("# Post\n\n## Results\n\nFaster.\n\n## Limitations\n\nOne repository only.\n")
    assert notes == {
        "caveat-length": ("no-match", "0 list items in caveats"),
        "no-maybe-in-caveats": ("no-match", "0 list items in caveats"),
        "each-result": ("no-match", "0 list items in sections matching `(?i)^results$`"),
    }


def test_a_missing_section_is_still_said_missing():
    notes = _notes("# Post\n\n## Setup\n\n- one\n")
    assert notes["caveat-length"] == ("no-match", "0 sections matched `(?i)^limitations$`")
    assert notes["each-result"] == ("no-match", "0 sections matched `(?i)^results$`")
