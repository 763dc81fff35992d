"""First looks read from a regex: the literals they name are really needed by every match."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from editor_app.core.regex_looks import all_required, any_word_regex, first_look, plain_reading

PATTERNS = [
    r"(?<![A-Za-z0-9])(?:PRJ|INT|ORG)-\d{3,}(?![A-Za-z0-9])",
    r"(?<![\d.])(?P<value>\d+)\s*件\s*arXiv",
    r"(?:§八\.3|footer)\s*=\s*(?P<value>\d+(?:\.\d+)?)\s*%",
    r"CJK\s*=\s*python3[^=；;|]*?=\s*(?P<value>\d[\d,]*)",
    r"/data/[a-z]+",
    r"(?:a|b)x+",
    r"x+y\d",
    r"(?x) SUM \s* = \s* (?P<value>\d+)",
]


@pytest.mark.parametrize(
    "pattern, look, required",
    [
        (PATTERNS[0], ("PRJ", "INT", "ORG"), ("-",)),
        (PATTERNS[1], ("arXiv",), ("件", "arXiv")),
        (PATTERNS[2], ("§八.3", "footer"), ("=", "%")),
        (r"(?i)token\s*:", None, ()),
        (r".*", None, ()),
    ],
)
def test_looks_of_known_patterns(pattern: str, look: tuple[str, ...] | None, required: tuple[str, ...]) -> None:
    rx = re.compile(pattern)
    assert first_look(rx) == look
    assert all_required(rx) == required


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(PATTERNS), st.lists(st.sampled_from(
    ["PRJ-123", "INT-", "9 件 arXiv", "件", "arXiv", "§八.3 = 4 %", "footer=5%", "CJK = python3 x = 12", "/data/ab",
     "ax", "bxx", "xxy7", "SUM = 3", " ", "a", "1", "=", "%"]), max_size=8).map("".join))
def test_a_line_without_the_look_never_matches(pattern: str, text: str) -> None:
    rx = re.compile(pattern)
    if rx.search(text):
        look = first_look(rx)
        assert look is None or any(word in text for word in look)
        assert all(word in text for word in all_required(rx))


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(alphabet="ab.|(*\\密", min_size=1, max_size=4), min_size=1, max_size=8),
       st.text(alphabet="ab.|(*\\密x", max_size=20))
def test_any_word_regex_finds_exactly_whether_a_word_occurs(words: list[str], text: str) -> None:
    assert bool(any_word_regex(words).search(text)) == any(word in text for word in words)


READABLE = PATTERNS + [r"a{2}b{,}c{x}d{}e", r"[]x]y\]z", r"(?:\(|x)+\)q", r"x*?y+?z", r"\d\.\d{2,}v", r"(?i)ab|c"]


@pytest.mark.parametrize(
    "pattern, reading",
    [
        (PATTERNS[1], (("件", "arXiv"), r"件\s*arXiv")),
        (PATTERNS[3], (("CJK", "=", "python3"), PATTERNS[3])),
        (r"a{2}b{,}c{x}d{}e", (("c{x}d{}e",), "c{x}d{}e")),  # "{x}" and "{}" are plain characters to re
        (r"x+y(?P<value>\d+)", (("y",), r"y(?P<value>\d+)")),
        (r"(?:字数|words?)\s*(?P<value>\d+)", ((), "")),
        (r"ab|cd", None),  # a top-level alternative: nothing is required
        (r"(?x) SUM \s* = \s* (?P<value>\d+)", None),  # verbose: spaces are not characters
        (r"(a)\1", None),  # back-reference
    ],
)
def test_plain_reading_of_known_patterns(pattern: str, reading) -> None:
    assert plain_reading(re.compile(pattern)) == reading


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(READABLE), st.lists(st.sampled_from(
    ["PRJ-123", "9 件 arXiv", "件", "arXiv", "§八.3 = 4 %", "footer=5%", "CJK = python3 x = 12", "/data/ab", "aabc",
     "c{x}d{}e", "]xy]z", "(x)q", "xyz", "1.23v", "ab", " ", "1", "=", "%", "x", "y", ")"]), max_size=8).map("".join))
def test_plain_reading_is_a_necessary_condition(pattern: str, text: str) -> None:
    rx = re.compile(pattern)
    reading = plain_reading(rx)
    if reading is not None and rx.search(text):
        runs, tail = reading
        assert all(run in text for run in runs)
        assert not tail or re.search(tail, text, rx.flags)
