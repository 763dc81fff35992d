"""First looks read from a regex: the literals they name are really needed by every match."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from editor_app.core.regex_looks import all_required, any_word_regex, first_look

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
