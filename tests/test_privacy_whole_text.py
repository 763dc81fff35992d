"""privacy_in_lines' first look at the whole text finds what privacy_in_line finds line by line."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from editor_app.core import privacy
from editor_app.core.privacy import PrivacyConfig, privacy_in_line, privacy_in_lines
from editor_app.core.rulepack import house_pack
from editor_app.resources_path import sample_survey_path

SAMPLE = sample_survey_path().read_text(encoding="utf-8").split("\n")

# a secret keyword before its value with each kind of space \s matches between them, or something else there
KEYWORD_LINES = [
    "token: a8F3kq9ZpL2mX7", "api_key = 'Zk8f7G2hQ9xLm3Np'", "Key\u3000：Zk8f7G2hQ9xLm3Np", "token\u00a0= Zk8f7G2hQ9xLm3N",
    "token\u2009:\u2009Q2w3E4r5T6y7U8i9", "token\u1680=Q2w3E4r5T6y7U8i9", "token\u205f＝Q2w3E4r5T6y7U8i9",
    "token\x1c:Q2w3E4r5T6y7U8i9", "token\u0085:Q2w3E4r5T6y7U8i9", "token 数量：128", "monkey: x9Y8z7W6v5",
    "the key：AbC123dEf456GhI，", "password=hunter2x", "host 192.168.1.1:8080", "fe80::1 地址",
    "见 https://admin:s3cretPW@git.example.com/x", "mail me @ home",
]


def test_the_spaces_a_keyword_may_have_before_its_separator_are_those_re_knows():
    """_SPACES_THEN_SEPARATOR lists, in UTF-8, the characters \\s matches (a Python whose Unicode data adds one must
    add it there, or a keyword's line with it would go unscanned)."""
    spaces = "".join(chr(c) for c in range(0x110000) if re.fullmatch(r"\s", chr(c)))
    for ch in spaces:
        assert privacy._SPACES_THEN_SEPARATOR.fullmatch((ch * 2 + ":").encode()), hex(ord(ch))
    assert privacy._SPACES_THEN_SEPARATOR.fullmatch("x:".encode()) is None
    assert privacy._SPACES_THEN_SEPARATOR.fullmatch("数:".encode()) is None


@pytest.mark.parametrize("line", KEYWORD_LINES)
def test_a_line_among_the_sample_s_is_found_as_alone(line):
    pack = house_pack()
    cfg = PrivacyConfig.from_dict(pack.privacy, pack.base_dir)
    texts = SAMPLE[:40] + [line] + SAMPLE[40:]
    assert privacy_in_lines(texts, cfg) == [privacy_in_line(t, cfg) for t in texts]
    assert privacy_in_lines(texts, cfg)[40] == privacy_in_line(line, cfg)


def test_the_sample_holds_no_private_data_either_way():
    pack = house_pack()
    cfg = PrivacyConfig.from_dict(pack.privacy, pack.base_dir)
    assert privacy_in_lines(SAMPLE, cfg) == [()] * len(SAMPLE)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(SAMPLE + KEYWORD_LINES) | st.text(max_size=40), min_size=4, max_size=40))
def test_whole_text_first_look_agrees_with_line_by_line(texts):
    cfg = PrivacyConfig.from_dict({"names": ["Ada Lovelace", "李雷"], "secret_keywords": ["cred"]}, None)
    texts = [t.replace("\n", " ") for t in texts]  # (lines: no line break inside)
    assert privacy_in_lines(texts, cfg) == [privacy_in_line(t, cfg) for t in texts]
