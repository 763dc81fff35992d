"""A mark before one member of a list figure ("各主线 CJK 8/约 30/3", "159/≈194/207", "159/~194/207") was not read:
that member passed as a measured figure, though "~18/3/3" (a mark before the whole list) marks every member. House
rule 9: a self-reported figure is measured, not estimated. A mark right before one member now makes that member (only
that one) an estimate, at its own digits; the list's other members, its length and its places are as before."""

from __future__ import annotations

import pytest

from editor_app.core.analyze import analyze
from editor_app.core.claims import claims_in_line, compile_patterns
from editor_app.core.rulepack import house_pack

PACK = house_pack()
RX = compile_patterns(PACK.claim_patterns)


def listed(line: str):
    """The members of the list figure the line states, as (value as written, estimate, column, position, members)."""
    return [(rc.value_text, rc.approx, rc.column, rc.position, rc.members)
            for rc in claims_in_line(line, RX, PACK.sum_metric, PACK.sum_context) if rc.members]


@pytest.mark.parametrize("line, marked", [
    ("各主线 CJK 8/约 30/3", "30"),
    ("各主线 CJK 159/≈194/207", "194"),
    ("各主线 CJK 159/~194/207", "194"),
    ("各主线 CJK 159/～194/207", "194"),
    ("各主线 CJK 159 / ≈ 194 / 207", "194"),
    ("各主线 CJK 159/194/约207", "207"),
    ("各主线 CJK 1,590/约 1,940/2,070", "1,940"),
])
def test_a_mark_before_one_member_marks_that_member_only(line, marked):
    got = listed(line)
    assert len(got) == 3 and [m for *_, m in got] == [3, 3, 3] and [p for _, _, _, p, _ in got] == [0, 1, 2]
    assert [v for v, approx, *_ in got if approx] == [marked]
    assert all(type(approx) is bool for _, approx, *_ in got)
    for value, _approx, column, _pos, _members in got:
        assert line[column - 1:column - 1 + len(value)] == value  # each at its own digits


def test_a_member_of_a_list_naming_its_places_is_marked_alone():
    """"§3.1/§3.2/§3.3 CJK 8/约 30/3": each figure its place's, the one of §3.2 an estimate."""
    line = "§3.1/§3.2/§3.3 CJK 8/约 30/3"
    got = [(rc.scope_label, rc.value_text, rc.approx, rc.column)
           for rc in claims_in_line(line, RX, PACK.sum_metric, PACK.sum_context)]
    assert got == [("§3.1", "8", False, line.index("8/") + 1), ("§3.2", "30", True, line.index("30") + 1),
                   ("§3.3", "3", False, len(line))]


@pytest.mark.parametrize("line", ["各主线 CJK ~18/3/3", "各主线 CJK ≈159/194/207", "各主线 CJK 约 8/30/3"])
def test_a_mark_before_the_list_still_marks_every_member(line):
    assert [approx for _, approx, *_ in listed(line)] == [True, True, True]


def test_a_range_in_a_list_is_no_mark():
    """"8.4~10.2" is a range, not a mark: as before, no member is an estimate by it."""
    assert not [v for v, approx, *_ in listed("各主线 CJK 8/30/3，另 8.4~10.2") if approx]


def test_an_unmarked_list_has_no_estimate():
    assert [approx for _, approx, *_ in listed("各主线 CJK 8/30/3")] == [False, False, False]


@pytest.mark.parametrize("new, member", [("159/≈194/207", "194"), ("159/~194/207", "194"), ("159/194/约 207", "207")])
def test_the_audit_says_the_member_is_an_estimate(sample_text, new, member):
    assert "各主线 CJK 159/194/207" in sample_text
    text = sample_text.replace("各主线 CJK 159/194/207", f"各主线 CJK {new}", 1)
    plain = analyze(sample_text, PACK)
    a = analyze(text, PACK)
    line = next(i for i, t in enumerate(text.split("\n"), 1) if f"CJK {new}" in t)
    told = [f.message for f in a.findings if f.line == line and "estimate" in f.message]
    assert len(told) == 1 and f": {member} is an estimate (" in told[0] and told[0].endswith("measure it")
    was = {c.value_text: c.ok for c in plain.claims if c.line == line}
    now = {c.value_text: c.ok for c in a.claims if c.line == line}
    assert now[member] is False
    assert {v: ok for v, ok in now.items() if v != member} == {v: ok for v, ok in was.items() if v != member}
