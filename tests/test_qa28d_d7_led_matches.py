"""QA28d D7: a one-line survey took time quadratic in its length: `_led_matches` looked for every lead afresh after each
match, so a rare lead was searched to the line's end per match (1.4 MB on one line: 10 of 15 s). Each lead's next
place is now kept and looked for again only once passed; the matches must stay exactly rx.finditer's."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from editor_app.core.claims import _led_matches

LEADS = ("§八.3", "footer", "ab")
RX = re.compile(r"(?:§八\.3|footer|ab)[ =]*(?P<value>\d+)?")


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["§八.3", "footer", "ab", "a", "b", " = ", "67", "x", "§", "八", ".3"]), max_size=60))
def test_led_matches_are_finditer_s(parts):
    text = "".join(parts)
    assert [m.span() for m in _led_matches(RX, text, LEADS)] == [m.span() for m in RX.finditer(text)]


def test_a_rare_lead_is_not_looked_for_again_per_match():
    class Counting(str):
        finds = 0

        def find(self, *args):
            Counting.finds += 1
            return str.find(self, *args)

    text = Counting("ab 1 " * 2000)  # "footer" and "§八.3" never occur: looked for once each, not per match
    assert len(list(_led_matches(RX, text, LEADS))) == 2000
    assert Counting.finds <= 2000 + 2 * len(LEADS)
