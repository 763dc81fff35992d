"""QA27d D2: since a Markdown survey's one `# Title` over `##` sections became its header (qa26a D3), a figure the
author states under the title ("Author: … · Word count: 999") was no longer audited for a pack that sets no
`claim_zones` (the default was sections and footer; it was audited while the title counted as a section). A pack
that sets none now audits the header too when it is such a title block; a house survey's lines before its first
numbered section (its title line, author, notes quoting earlier versions' figures) stay out as before, and a pack's
own `claim_zones` is taken as written. Both bundled packs set theirs."""

from __future__ import annotations

import pytest

from editor_app.core.analyze import Analyzer, analyze
from editor_app.core.rulepack import house_pack, parse_pack
from editor_app.resources_path import resource_path

PACK = """\
schema = 1
name = "t"
{document}
[counters.words]
builtin = "words"
[[rules]]
id = "claims"
kind = "claims"
[[claims.patterns]]
metric = "words"
pattern = '(?i)word count:\\s*(?P<value>\\d[\\d,]*)'
"""

SURVEY = """\
# Serving LLMs at Scale

Author: Team Blue · Word count: 999

## 1 Introduction

Serving has become an infrastructure problem of its own.

## 2 Engines

vLLM introduced paged KV caches.
"""


def _pack(document: str = ""):
    return parse_pack(PACK.format(document=document), "t.toml")


def _audited(a):
    return [(c.line, c.claimed, c.measured, c.ok) for c in a.claims]


def test_a_figure_under_the_title_is_audited_by_a_pack_setting_no_zones():
    a = analyze(SURVEY, _pack())
    assert a.header_lines == (1, 4)
    words = a.metrics["words"]
    assert _audited(a) == [(3, 999, words, False)]
    assert next(r for r in a.rules if r.id == "claims").status == "fail"
    # a right figure passes
    right = SURVEY.replace("999", str(int(words)))
    assert [c.ok for c in analyze(right, _pack()).claims] == [True]


def test_a_packs_own_zones_are_taken_as_written():
    quiet = analyze(SURVEY, _pack('[document]\nclaim_zones = ["sections", "footer"]'))
    assert quiet.claims == []
    assert _audited(analyze(SURVEY, _pack('[document]\nclaim_zones = ["header"]')))[0][:2] == (3, 999)


@pytest.mark.parametrize("first", ["## 1 Introduction", "# 1 Introduction"])
def test_no_title_block_no_header_audit(first):
    """Several "#" headings, or the figure under a numbered top section: the sections' audit, as before."""
    text = SURVEY.replace("## 1 Introduction", first).replace("## 2 Engines", first[:-len("1 Introduction")] + "2 Engines")
    text = text.replace("# Serving LLMs at Scale", "# 0 Serving LLMs at Scale")
    a = analyze(text, _pack())
    assert a.header_lines is None
    assert _audited(a)[0][:2] == (3, 999)  # (in section 0: audited as a section's line)
    house_style = "Serving LLMs at Scale\nAuthor: Team Blue · Word count: 999\n一、Introduction\nServing.\n"
    assert analyze(house_style, _pack()).claims == []  # the lines before the first numbered section: header


def test_the_house_header_keeps_its_figures_out(sample_text):
    """The house pack with its claim_zones taken out (a team's copy that leaves it unset) audits the sample as the
    house pack does: the header's "v1 = 233 行 / CJK=4,189" are an earlier version's figures; so with a "# " title
    line over §0."""
    house = house_pack()
    assert house.claim_zones == ("sections", "footer")
    text = resource_path("rulepacks", "llm-infra-survey.toml").read_text(encoding="utf-8")
    line = 'claim_zones = ["sections", "footer"]'
    assert text.count(line) == 1
    unset = parse_pack(text.replace(line, ""), "copy.toml")
    assert unset.claim_zones is None
    for survey in (sample_text, "# " + sample_text):
        mine, theirs = analyze(survey, unset), analyze(survey, house)
        assert mine.header_lines == theirs.header_lines and mine.header_lines is not None
        assert _audited(mine) == _audited(theirs)
        assert not any(c.line <= mine.header_lines[1] for c in mine.claims)


def test_the_english_pack_sets_its_zones():
    english = parse_pack(resource_path("rulepacks", "english-markdown.toml").read_text(encoding="utf-8"),
                         "english-markdown.toml")
    assert english.claim_zones == ("header", "sections", "footer")


def test_the_editors_analyzer_agrees_as_the_title_comes_and_goes():
    pack = _pack()
    no_title = SURVEY.replace("# Serving", "## Serving")  # a "##" first: a section, the figure a section's
    two_tops = SURVEY.replace("## 2 Engines", "# 2 Engines")  # several "#": no title block
    az = Analyzer(pack)
    for t in (SURVEY, no_title, SURVEY, two_tops, SURVEY, SURVEY.replace("999", "998"), "\n" + SURVEY):
        mine, fresh = az.analyze(t), analyze(t, pack)
        assert _audited(mine) == _audited(fresh)
        assert [(f.line, f.message) for f in mine.findings] == [(f.line, f.message) for f in fresh.findings]
    assert _audited(az.analyze("\n" + SURVEY))[0][:2] == (4, 999)
