"""QA (packqa3): a heading pattern was also searched in an unnumbered heading's internal key ("h1", "h6": its line),
as if that were its number. `heading = '^(?!Faster builds)'`, meant to leave a Markdown post's `# Title` out of "each
section", still matched it (in "h1"), and `heading = '\\d'` (the numbered sections) matched every unnumbered one."""

from __future__ import annotations

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import parse_pack

PACK = """schema = 1
name = "blog"
[document]
heading_styles = ["markdown"]
[counters.words]
builtin = "words"
[[rules]]
id = "section-length"
kind = "count"
counter = "words"
scope = {{ heading = '{pattern}', each = true }}
max = 20
[[rules]]
id = "numbered-section"
kind = "required-section"
heading = '\\d'
"""

POST = """# Faster builds with remote caching

We cut our build time from fourteen minutes to five by sharing a cache between runners.

## Background

Every pull request rebuilt everything.

## Setup

A cache server beside the runners.
"""


# The post's headings all "#": its title is a section (one "#" over "##" sections is the header's, qa26a D3)
SECTIONS = POST.replace("## ", "# ")


def _rules(pattern: str, text: str = SECTIONS) -> dict:
    return {r.id: r for r in analyze(text, parse_pack(PACK.format(pattern=pattern), "blog.toml")).rules}


def test_a_title_left_out_by_its_name_is_left_out():
    rule = _rules("^(?!Faster builds)")["section-length"]
    assert rule.measured == [6, 7] and rule.status == "pass"  # Background, Setup (their headings counted)
    everything = _rules(".")["section-length"]  # the title's section: over 20 words
    assert everything.measured[0] > 20 and everything.status == "fail"
    # Over "##" sections the "#" title is the header's, no section to leave out.
    assert _rules(".", POST)["section-length"].measured == [6, 7]


def test_an_unnumbered_heading_has_no_number_to_match():
    rule = _rules(".")["numbered-section"]
    assert rule.measured == "missing"
