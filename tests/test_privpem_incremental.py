"""Privacy: a private key's body lines stay right while the survey is edited around and inside the key.

A body line's hit depends on the lines above it (its block's BEGIN line), not on its text alone: the Analyzer
widens an edit to the key blocks it reaches (`privacy.widened_to_keys`), so that the pass it splices from the last
one equals a fresh analysis whatever is typed, deleted or pasted: inside the block, before or after it, the BEGIN
line deleted, an END line typed."""

from __future__ import annotations

from datetime import date
from unittest.mock import patch

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import editor_app.core.privacy as privacy
from editor_app.core.analyze import Analyzer, analyze
from editor_app.core.privacy import KEY_BODY_MASK
from editor_app.core.rulepack import house_pack

from edit_support import edits_match_fresh

TODAY = date(2026, 12, 2)
PACK = house_pack()
B64 = "MIIEpAIBAAKCAQEA3Tz2mr7SZiAMfQyuvBjM9Oi6Z1v2YtVQ0rW1xr8aHq9N7T6u"
BEGIN, END = "-----BEGIN RSA PRIVATE KEY-----", "-----END RSA PRIVATE KEY-----"
KEY = "\n".join(["```", BEGIN, B64, B64[::-1], "Kq+/0aBc7dE==", END, "```"])


def same_as_fresh(az: Analyzer, text: str):
    got = az.analyze(text)
    fresh = analyze(text, PACK, today=TODAY)
    assert got.to_dict() == fresh.to_dict()
    assert got == fresh
    return got


def keyed(sample_text: str) -> str:
    lines = sample_text.split("\n")
    return "\n".join([*lines[:40], "", "部署时误贴的密钥：", "", KEY, "", *lines[40:]])


def body_hits(analysis) -> int:
    return sum(1 for h in analysis.privacy if h.masked == KEY_BODY_MASK)


def test_typing_inside_before_and_after_the_key(sample_text):
    doc = keyed(sample_text)
    az = Analyzer(PACK, today=TODAY)
    assert body_hits(same_as_fresh(az, doc)) == 3
    at = doc.index(B64)
    for pos in (at, at + 10, at + len(B64), doc.index(BEGIN) - 1, doc.index(END), doc.index(END) + len(END) + 5,
                doc.index("部署时误贴"), len(doc) // 2):
        for ch in ("x", "字", " ", "=="):
            doc = doc[:pos] + ch + doc[pos:]
            same_as_fresh(az, doc)
    assert az._last.spliced is not None  # (spliced into the last pass, not analysed afresh)


def test_deleting_and_typing_the_begin_line(sample_text):
    doc = keyed(sample_text)
    az = Analyzer(PACK, today=TODAY)
    same_as_fresh(az, doc)
    gone = doc.replace(BEGIN + "\n", "")
    assert body_hits(same_as_fresh(az, gone)) == 0  # the base64 under no BEGIN line is no key's
    assert body_hits(same_as_fresh(az, doc)) == 3  # undone
    broken = doc.replace("BEGIN RSA", "BEGIN rsa")  # a BEGIN line typed into no BEGIN line
    assert body_hits(same_as_fresh(az, broken)) == 0
    # typed back a character at a time
    at = broken.index("rsa")
    for k, ch in enumerate("RSA"):
        broken = broken[:at + k] + ch + broken[at + k + 1:]
        same_as_fresh(az, broken)
    assert body_hits(az.analyze(broken)) == 3


def test_adding_and_deleting_the_end_line(sample_text):
    doc = keyed(sample_text).replace(END + "\n", "")  # no END line: the fence closes the body
    az = Analyzer(PACK, today=TODAY)
    assert body_hits(same_as_fresh(az, doc)) == 3
    # an END line typed in the middle of the body ends it there
    at = doc.index(B64[::-1])
    doc = doc[:at] + END + "\n" + doc[at:]
    assert body_hits(same_as_fresh(az, doc)) == 1
    doc = doc.replace(END + "\n", "")
    assert body_hits(same_as_fresh(az, doc)) == 3
    # the fence's closing line deleted: the key's body goes on over the base64-looking lines after it, if any
    doc = doc.replace("Kq+/0aBc7dE==\n```", "Kq+/0aBc7dE==")
    same_as_fresh(az, doc)


def test_enter_and_joins_inside_the_key(sample_text):
    doc = keyed(sample_text)
    az = Analyzer(PACK, today=TODAY)
    same_as_fresh(az, doc)
    for pos in (doc.index(B64) + 20, doc.index(BEGIN) + len(BEGIN), doc.index(END), doc.index(BEGIN)):
        doc = doc[:pos] + "\n" + doc[pos:]
        same_as_fresh(az, doc)
        doc = doc[:pos] + doc[pos + 1:]
        same_as_fresh(az, doc)


def test_pasting_and_cutting_the_whole_key(sample_text):
    lines = sample_text.split("\n")
    doc = "\n".join(lines)
    az = Analyzer(PACK, today=TODAY)
    same_as_fresh(az, doc)
    at = len("\n".join(lines[:50])) + 1
    pasted = doc[:at] + KEY + "\n" + doc[at:]
    assert body_hits(same_as_fresh(az, pasted)) == 3
    assert body_hits(same_as_fresh(az, doc)) == 0


def test_a_begin_line_in_a_table_row_and_a_bibtex_entry_beside_the_key():
    doc = "\n".join(["# 笔记", "", "| 项 | 值 |", "|---|---|", f"| 密钥 | {BEGIN} |", B64, B64[::-1], END,
                     "@misc{x,", "  title = {OmniKVQuant},", "  eprint = {2609.11582},", "}", B64, "正文。", ""])
    az = Analyzer(PACK, today=TODAY)
    assert body_hits(same_as_fresh(az, doc)) == 2
    for pos in (doc.index("| 项"), doc.index(B64) + 3, doc.index("title"), doc.index(END) + 2, doc.index("正文")):
        for ch in ("字", "\n", "|"):
            same_as_fresh(az, doc[:pos] + ch + doc[pos:])
        same_as_fresh(az, doc)


PARTS = [BEGIN, END, "-----BEGIN OPENSSH PRIVATE KEY-----", B64, B64[:20] + "==", "```", "", "正文一行，CJK 实测 3。",
         f"| a | {BEGIN} |", "| x | y |", "|---|---|", "Proc-Type: 4,ENCRYPTED", "DEK-Info: AES-128-CBC,3F17F5316E",
         "@misc{x,", "  eprint = {2609.11582},", "}", "abc", "--"]
SNIPPETS = ["-----BEGIN PRIVATE KEY-----", "-----END PRIVATE KEY-----", "\n", "A", "字", " ", "==", "```",
            f"\n{BEGIN}\n", B64, "|", "\n\n"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(PARTS), max_size=30), st.integers(0, 2**32 - 1), st.sampled_from([1, 2, 3, 200]))
def test_random_edits_of_texts_with_keys_match_fresh(parts, seed, bound):
    """(A short body bound too: the edits reach a block's last line and the line after it.)"""
    with patch.object(privacy, "KEY_BODY_LINES", bound):
        edits_match_fresh(Analyzer(PACK, today=TODAY), lambda t: analyze(t, PACK, today=TODAY),
                          "\n".join(parts) + "\n", seed, SNIPPETS, cut=80, paste=200)
