"""QA: a claim pattern scoped "here" (the place a claim stands) measured nothing for a claim in the header or the
footer: "words of here: stated 7, but there is no such place in the survey", and the two were then compared with
each other ("stated as 7 here but as 9 on line 2") though they speak of different places. The header and the footer
are claim zones (`claim_zones`), so "here" there is the header or the footer, measured as such."""

from __future__ import annotations

from editor_app.core.analyze import Analyzer, analyze
from editor_app.core.rulepack import parse_pack

PACK = parse_pack('''schema = 1
name = "here-test"
[document]
heading_styles = ["markdown"]
footer = '^—\\s*\\S.*\\d{4}-\\d{2}-\\d{2}'
claim_zones = ["header", "sections", "footer"]
[counters.words]
builtin = "words"
[[rules]]
id = "claims"
kind = "claims"
[[claims.patterns]]
metric = "words"
scope = "here"
pattern = 'words here:\\s*(?P<value>\\d+)'
''', "team.toml")

TEXT = ("LLM Serving Survey\nAuthor: Jane, words here: {header}\n\n## 1 Intro\n\nOne two three, words here: {intro}\n\n"
        "— Jane · 2026-09-14 · words here: {footer}\n")


def _claims(text: str):
    a = analyze(text, PACK)
    return a, {c.line: c for c in a.claims}


def test_here_in_the_header_and_the_footer_is_that_part():
    probe, _ = _claims(TEXT.format(header=0, intro=0, footer=0))
    words = {c.line: c.measured for c in probe.claims}
    assert all(isinstance(v, (int, float)) and v > 0 for v in words.values()), words
    a, claims = _claims(TEXT.format(header=words[2], intro=words[6], footer=words[8]))
    assert [(c.line, c.ok) for c in a.claims] == [(2, True), (6, True), (8, True)]
    assert not a.findings
    a, claims = _claims(TEXT.format(header=words[2] + 1, intro=words[6], footer=words[8]))
    assert [f.message for f in a.findings] == [f"words of header: stated {words[2] + 1:g}, measured {words[2]:g}"]


def test_an_edit_measures_here_as_a_fresh_pass_does():
    az = Analyzer(PACK)
    text = TEXT.format(header=8, intro=8, footer=5)
    az.analyze(text)
    for edited in (text.replace("Author: Jane", "Author: Jane Doe"), text.replace("— Jane", "— Jane Q"),
                   text.replace("LLM Serving Survey\n", "LLM Serving Survey\nDraft\n")):
        assert az.analyze(edited) == analyze(edited, PACK)
