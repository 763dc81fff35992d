"""QA (qa26a D3): a Markdown survey opening `# Title` / author line / `## 1 Introduction` … (the English pack's style)
had no header: the title and author lines were a section (with unnumbered `##` sections, one holding the whole
text), so a `header` scope said "header not found" and, with `claim_zones = ["header", "footer"]`, a wrong
"Word count: 812" on the author line passed unchecked. Now a survey's one `#` heading, first, over `##` sections is
its title: the header holds it and the lines under it up to the first `##`; the `##` sections are top sections. A
survey with several `#` headings has `#` sections (its first one among them)."""

from __future__ import annotations

from datetime import date

import pytest

from editor_app.core.analyze import Analyzer, analyze, split_lines
from editor_app.core.document import build_outline, heading_in_line
from editor_app.core.rulepack import parse_pack
from editor_app.resources_path import resource_path

TODAY = date(2026, 12, 2)
ENGLISH = resource_path("rulepacks", "english-markdown.toml").read_text(encoding="utf-8")
ZONES = 'claim_zones = ["header", "sections", "footer"]'
assert ZONES in ENGLISH


def _pack(zones: str = '["header", "footer"]', extra: str = ""):
    """The bundled English pack, its claims read in the given zones, with rules added."""
    return parse_pack(ENGLISH.replace(ZONES, f"claim_zones = {zones}") + extra, "english-markdown.toml")


HEADER_RULE = """
[[rules]]
id = "header-words"
title = "The header has at most 40 words"
kind = "count"
counter = "words"
scope = "header"
max = 40
"""

NUMBERED = """\
# Serving LLMs at Scale: A Short Survey

Author: Team Blue · Draft 3 · Word count: 812

## 1 Introduction

Large language model serving has become an infrastructure problem of its own.

## 2 Engines

- vLLM introduced paged KV caches and continuous batching.

## Limitations

We measured one machine only.

— Team Blue · 2026-10-01
"""
UNNUMBERED = NUMBERED.replace("## 1 Introduction", "## Introduction").replace("## 2 Engines", "## Engines")


def outline(text: str):
    lines = split_lines(text)
    return build_outline(lines, [heading_in_line(line) for line in lines])


@pytest.mark.parametrize("text", [NUMBERED, UNNUMBERED], ids=["numbered", "unnumbered"])
def test_the_title_and_author_lines_are_the_header(text):
    o = outline(text)
    assert o.header == (1, 4)
    assert [(s.title, s.level, s.parent) for s in o.sections] == [
        ("Introduction", 1, None), ("Engines", 1, None), ("Limitations", 1, None)]


@pytest.mark.parametrize("text", [NUMBERED, UNNUMBERED], ids=["numbered", "unnumbered"])
def test_a_wrong_word_count_on_the_author_line_is_audited_in_the_header_zone(text):
    a = analyze(text, _pack(), today=TODAY)
    measured = a.metrics["words"]
    assert [(c.line, c.claimed, c.measured, c.ok) for c in a.claims if c.line == 3] == [(3, 812, measured, False)]
    assert any(f.rule == "claims" and f.line == 3 for f in a.findings)


@pytest.mark.parametrize("text", [NUMBERED, UNNUMBERED], ids=["numbered", "unnumbered"])
def test_a_header_scope_measures_the_title_and_author_lines(text):
    rule = next(r for r in analyze(text, _pack(extra=HEADER_RULE), today=TODAY).rules if r.id == "header-words")
    # "Serving LLMs at Scale: A Short Survey" (7) + "Author: Team Blue · Draft 3 · Word count: 812" (8)
    assert (rule.status, rule.measured) == ("pass", 15)


def test_several_hash_headings_are_the_sections_and_a_lone_one_too():
    # Several "#" headings: the survey's sections, the first one among them.
    o = outline("# Title\nAuthor\n# Background\ntext\n## Detail\nmore\n")
    assert o.header is None and [(s.title, s.level) for s in o.sections] == [
        ("Title", 1), ("Background", 1), ("Detail", 2)]
    # A lone "#" heading with no heading under it is the survey's one section.
    o = outline("# Title\nAuthor\ntext\n")
    assert o.header is None and [s.title for s in o.sections] == ["Title"]
    # A numbered "# 1 …" is a section, never a title.
    o = outline("# 1 Background\ntext\n## 1.1 Detail\nmore\n")
    assert o.header is None and [s.key for s in o.sections] == ["1", "1.1"]
    # A "#" heading after a "##" one is no title: the survey's first heading is.
    o = outline("## Preface\ntext\n# Title\n## Background\n")
    assert o.header is None and [s.title for s in o.sections] == ["Preface", "Title", "Background"]
    # A "#" in a code block is code: the title stays the one "#" heading.
    o = outline("# Title\nAuthor\n```\n# not a heading\n```\n## Background\ntext\n")
    assert o.header == (1, 5) and [s.title for s in o.sections] == ["Background"]
    # A title underlined with "===" is one as "#" is.
    o = outline("Title\n=====\nAuthor\n## Background\ntext\n")
    assert o.header == (1, 3) and [(s.title, s.level) for s in o.sections] == [("Background", 1)]


def test_deeper_headings_under_the_title_rise_a_level_with_their_sections():
    o = outline("# Title\n## A\n### A1\ntext\n## B\n## 3 C\n### Notes\n")
    assert [(s.title, s.level, s.parent) for s in o.sections] == [
        ("A", 1, None), ("A1", 2, "h2"), ("B", 1, None), ("C", 1, None), ("Notes", 2, "3")]
    assert [(s.line, s.end_line) for s in o.sections] == [(2, 4), (3, 4), (5, 5), (6, 7), (7, 7)]


def test_the_house_style_title_line_is_read_as_before(sample_text):
    # (`# 主题综述 …` over "§0 自检栏": the title line test_document checks; the sample itself has no "#")
    o = outline("# " + sample_text)
    assert o.sections[0].key == "0" and o.header == (1, o.sections[0].line - 1)


EDITS = [
    ("## Limitations", "# Limitations"),  # a second "#": the title is a section again
    ("# Limitations", "## Limitations"),  # and the header once more
    ("# Serving LLMs", "## Serving LLMs"),  # the title made a "##" section
    ("## Serving LLMs", "# Serving LLMs"),
    ("# Serving LLMs at Scale", "# Serving LLMs at Large Scale"),  # the title retitled
    ("Word count: 812", "Word count: 812 · Lines: 19"),  # typed in the header
    ("Author:", "Draft notes\n\nAuthor:"),  # lines added in the header
    ("# Serving LLMs", "Preface line\n# Serving LLMs"),  # a line above the title
    ("## Introduction", "# Introduction"),  # (UNNUMBERED's)
    ("# Introduction", "## Introduction"),
    ("## 1 Introduction", "# 1 Introduction"),  # (NUMBERED's)
    ("# 1 Introduction", "## 1 Introduction"),
    ("## Engines", "Engines\n======="),  # an "===" heading: a second top heading
    ("Engines\n=======", "## Engines"),
    ("Preface line\n", ""),
]


@pytest.mark.parametrize("text", [NUMBERED, UNNUMBERED], ids=["numbered", "unnumbered"])
def test_edits_turning_headings_into_titles_and_back_match_a_fresh_analysis(text):
    pack = _pack(extra=HEADER_RULE)
    az = Analyzer(pack, today=TODAY)
    az.analyze(text)
    for old, new in EDITS:
        if old not in text:
            continue
        text = text.replace(old, new, 1)
        got, fresh = az.analyze(text), analyze(text, pack, today=TODAY)
        assert got.header_lines == fresh.header_lines, (old, new)
        assert got.to_dict() == fresh.to_dict(), (old, new)
        assert got == fresh, (old, new)
