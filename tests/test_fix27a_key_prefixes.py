"""The built-in key shapes are one list (privacy._KEY_SHAPES); the shapes' regex, their first looks, the cut shape and a
wrapped key's first part are made from it. Written out three times, the lists had drifted: the first look for the
shapes held "gh" for GitHub's keys, and "github_pat_" escaped as Markdown exporters write it ("github\\_pat\\_…") holds
no "gh", so an exported fine-grained token was found only when its own characters happened to hold a prefix."""

from __future__ import annotations

import random
import re

import pytest

from editor_app.core import privacy
from editor_app.core.privacy import PrivacyConfig, privacy_in_line

CFG = PrivacyConfig()
# key characters holding no prefix of any shape ("gh", "sk", "hf", "eyJ", …): a key must be found by its own prefix
_PLAIN = "ABCDEFHJKLMNPQRTUVWXYZabcdemnqrtuvwz23456789"
_UPPER = "ABCDEFHJKLMNPQRTUVWXYZ23456789"  # (AKIA… keys are capitals and digits)


def _key(prefix: str, rng: random.Random) -> str:
    """A key of the shape: the prefix, then characters its rest takes, as many as it asks."""
    for n, chars in ((n, chars) for n in range(8, 80) for chars in (_PLAIN, _UPPER)):
        body = "".join(rng.choice(chars) for _ in range(n - 1)) + "7"  # (a key shape needs a digit)
        if prefix == "xapp-":
            body = "1-" + body
        key = prefix + body
        if re.fullmatch(privacy._SECRET_SHAPES, key):
            return key
    raise AssertionError(prefix)


def _exported(key: str) -> str:
    """As Markdown exporters (Typora, Notion) write it: every "_" and "-" escaped."""
    return re.sub(r"([_\-])", r"\\\1", key)


SPELLINGS = ["sk-", "ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_", "AKIA", "ASIA", "LTAI", "AKID", "xoxa-", "xoxb-",
             "xoxp-", "xoxo-", "xoxs-", "xoxr-", "hf_", "AIza", "glpat-", "nvapi-", "gsk_", "xapp-"]


@pytest.mark.parametrize("spelling", SPELLINGS)
def test_every_key_shape_is_found_as_written_escaped_and_broken_by_bold(spelling):
    rng = random.Random(spelling)
    key = _key(spelling, rng)
    for written in (key, _exported(key), _exported(key[:len(spelling) + 2]) + "**" + key[len(spelling) + 2:] + "**"):
        line = f"令牌见附件 {written} 已作废"
        hits = privacy_in_line(line, CFG)
        assert [h.dimension for h in hits] == ["secret"], (written, hits)
        start = hits[0].column - 1
        assert line[start:start + hits[0].length].startswith(written[:len(spelling)]), (written, hits)


def test_an_exported_fine_grained_github_token_is_found():
    """Before: no hit ("github\\_pat\\_…" holds none of the first look's "gh", "github_pat_"); the exported report showed
    the token whole."""
    for line in ("PAT：github\\_pat\\_11AAB2CDE0xYzQwErTyUiOpAsDfJkLzXcVbNmQ 已作废",
                 "PAT：github\\_**pat**\\_11AAB2CDE0xYzQwErTyUiOpAsDfJkLzXcVbNmQ"):
        hits = privacy_in_line(line, CFG)
        assert [(h.dimension, h.column, h.masked) for h in hits] == [("secret", 5, "gith********")], (line, hits)


def test_the_lists_are_made_from_the_shapes():
    assert [s for prefix, _, _ in privacy._KEY_SHAPES for s in privacy._spellings(prefix)] == SPELLINGS
    assert set(privacy._WRAP_PREFIXES) == set(SPELLINGS)
    for spelling in SPELLINGS:  # each spelling, plain and escaped, passes the first looks
        for written in (spelling, _exported(spelling)):
            assert any(p in written for p in privacy._SECRET_PREFIXES), written
    assert privacy._JWT_PREFIX in privacy._SHAPE_LITERALS and privacy._KEY_BEGIN in privacy._SECRET_PREFIXES
