"""QA26a (a second team adopts the program): the place a self-reported figure names before it.

D1: a list item's bullet ("- §4 words: 120") or a dash between words ("Body - §4 words: 120") was read as the dash of
a range of sections ("§3.1-§3.3"): the figure was dropped from the audit without a word, in both bundled packs.
D2: a place the pack names was looked for in its own case only: "Limitations words: 100" was judged against the
whole survey, and Update Self-check Figures rewrote the right 100 into the total.
D5: the English pack's sum_context, "words", was looked for case and all, so the parts of its own "Word count: 428 =
limitations 90 + …" were never checked; the context is now read in any case (the pack's is "word").
And the English pack's patterns had no word boundary: "Keywords: 5" was a stated word count of the survey."""

from __future__ import annotations

import pytest

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import bundled_packs, house_pack, load_pack, parse_pack
from editor_app.core.selfcheck_update import updated_self_check_text

EN = load_pack(next(p for p in bundled_packs() if p.name == "english-markdown.toml"))
HOUSE = house_pack()

# Words (the heading's with its section's): §1 10, §2 Limitations 11, §3 Results 11.
SURVEY = """# Serving Notes

## 1 Introduction

Serving engines decide the cost of every token.

## 2 Limitations

We measured one GPU type only, on one day.

## 3 Results

SGLang was faster than vLLM on our runs.

{line}

## References

- arXiv:2309.06180
"""
LINE = 15  # where {line} is


def _en(line: str) -> list[tuple]:
    return [(c.kind, c.scope, c.claimed, c.measured, c.ok) for c in analyze(SURVEY.format(line=line), EN).claims
            if c.line == LINE]


ANCHOR = "8.5 实测方法学声明（反思棒 #50）\n"


def _house(sample_text: str, line: str) -> list[tuple]:
    """The claims of `line` added to the sample in §八.5 (it becomes line 101)."""
    text = sample_text.replace(ANCHOR, ANCHOR + line + "\n", 1)
    return [(c.kind, c.scope, c.claimed, c.measured, c.ok) for c in analyze(text, HOUSE).claims if c.line == 101]


# --- D1: a dash before a section is a range only after another section ------------------------------------------

@pytest.mark.parametrize("line", ["- §2 words: 99", "Body - §2 words: 99", "-§2 words: 99", "– §2 words: 99"])
def test_a_bullet_or_a_dash_between_words_before_a_section_is_no_range_english(line):
    assert _en(line) == [("value", "§2", 99, 11, False)]


@pytest.mark.parametrize("line", ["- §3.1 CJK 实测 999", "正文 - §3.1 CJK 实测 999", "至 §3.1 CJK 实测 999"])
def test_a_bullet_or_a_dash_between_words_before_a_section_is_no_range_house(sample_text, line):
    assert _house(sample_text, line) == [("value", "§3.1", 999, 159, False)]


def test_update_self_check_figures_corrects_a_bulleted_section_figure():
    text = SURVEY.format(line="- §2 words: 99")
    assert updated_self_check_text(text, analyze(text, EN)).split("\n")[LINE - 1] == "- §2 words: 11"


@pytest.mark.parametrize("line", ["§3.1-§3.3 CJK 实测 560", "- §3.1-§3.3 CJK 实测 560", "§三至§五 CJK 实测 560",
                                  "§3.1 – 3.3 CJK 实测 560", "- §3.1 ～ §3.3 CJK 实测 560"])
def test_a_range_of_sections_is_still_no_one_places_figure(sample_text, line):
    # (a dash that follows a section: "§3.1 – 3.3" was the whole survey's figure, "stated 560, measured 3,838")
    assert _house(sample_text, line) == []


@pytest.mark.parametrize("line", ["- §2-§3 words: 22", "§2 – 3 words: 22"])
def test_a_range_of_sections_is_still_no_one_places_figure_english(line):
    assert _en(line) == []


# --- D2: a place the pack names, in any case ----------------------------------------------------------------------

@pytest.mark.parametrize("line", ["- Limitations words: 11", "LIMITATIONS words: 11", "- limitations words: 11"])
def test_a_capitalised_scope_name_names_the_scope(line):
    assert _en(line) == [("value", "limitations", 11, 11, True)]


def test_update_self_check_figures_leaves_a_right_capitalised_scope_figure():
    # before: "- Limitations words: 11" -> "- Limitations words: 39", the survey's total
    text = SURVEY.format(line="- Limitations words: 11")
    assert updated_self_check_text(text, analyze(text, EN)) == text


def test_a_scope_name_ending_a_longer_word_names_no_place():
    # "Delimitations" is no "limitations" (only its last 12 characters were looked at: it was the scope)
    assert _en("Delimitations words: 11") == [("value", "document", 11, 39, False)]


def test_a_capitalised_place_names_the_place_house(sample_text):
    assert _house(sample_text, "Header CJK 实测 3") == [("value", "header", 3, 247, False)]


def test_a_capitalised_scope_names_a_sums_part():
    claims = _en("Word count: 40 = Limitations 7 + §1 10 + other 23")
    assert ("value", "limitations", 7, 11, False) in claims and ("value", "§1", 10, 10, True) in claims


# --- D5: the sum context in any case ------------------------------------------------------------------------------

def test_the_english_packs_own_word_count_line_has_its_parts_checked():
    claims = _en("- Word count: 40 = limitations 7 + §1 10 + other 23")
    assert ("value", "limitations", 7, 11, False) in claims
    assert ("sum", "stated parts", 40, 40, True) in claims


BLOG = """schema = 1
name = "blog"
[document]
heading_styles = ["markdown"]
claim_zones = ["header", "sections", "footer"]  # (the line under "# Post" is the header's, as in the English pack)
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
POST = "# Post\n\nWords: 9 = background 4 + limitations 5\n\n## Background\n\nsome text here.\n\n## Limitations\n\nIt is short.\n"


def test_a_sum_context_is_found_in_any_case():
    claims = [(c.kind, c.scope, c.claimed, c.measured, c.ok) for c in analyze(POST, parse_pack(BLOG, "b.toml")).claims]
    assert ("value", "limitations", 5, 4, False) in claims and ("value", "background", 4, 4, True) in claims


# --- the English pack's patterns: whole words --------------------------------------------------------------------

@pytest.mark.parametrize("line", ["Keywords: 5", "Passwords: 3", "Guidelines: 4", "Deadlines: 2"])
def test_a_word_ending_in_words_or_lines_states_no_count(line):
    assert _en(line) == []
