"""QA28f D1: a "3.0 总述" introduction added under §三 shifted the per-section list "§3.1/§3.2/§3.3 三主线（…），各主线 CJK
159/194/207" one section down.

Before: the scope's numbering started at 3.0, so the list's figures were read as §3.0's, §3.1's and §3.2's: three
right figures were "stated 159, measured 32", "stated 194, measured 159", "stated 207, measured 194", §3.3 was "not
checked", and Update Self-check Figures offered to write 32/159/194 over them. Now an x.0 is none of the sections a
list states a figure each for, unless the list has a figure for it too (as many as all the sections); the places the
line names for the list decide when it names as many as its figures; a top-level §0 is a section as before."""

from __future__ import annotations

import random
from datetime import date

from editor_app.core.analyze import Analyzer, analyze
from editor_app.core.claims import claims_in_line, compile_patterns
from editor_app.core.list_places import numbered_places
from editor_app.core.rulepack import house_pack
from editor_app.core.selfcheck_update import updated_self_check_text

PACK = house_pack()
TODAY = date(2026, 12, 3)
LIST = "各主线 CJK 159/194/207"
NAMED = "§3.1/§3.2/§3.3 三主线"
INTRO = "3.0 总述：三条反方主线的共同前提是评测口径尚未统一，本节先交代口径再分述。"


def _with_intro(sample_text: str) -> str:
    lines = sample_text.split("\n")
    at = next(i for i, ln in enumerate(lines) if ln.startswith("3.1 主线 A"))
    return "\n".join(lines[:at] + [INTRO] + lines[at:])


def _listed(a) -> list[tuple]:
    return [(c.scope, c.claimed, c.measured, c.ok) for c in a.claims if c.line == 9 and c.text.startswith("各主线")]


def _list_notes(a) -> list[str]:
    return [f.message for f in a.findings if f.rule == "claims" and f.line == 9 and "counter-arguments" in f.message]


def _fresh_and_typed(sample_text: str, text: str):
    """The analysis of `text` afresh, and as the editor makes it after the edit from the sample."""
    az = Analyzer(PACK, today=TODAY)
    az.analyze(sample_text)
    return analyze(text, PACK, today=TODAY), az.analyze(text)


RIGHT = [("§3.1", 159, 159, True), ("§3.2", 194, 194, True), ("§3.3", 207, 207, True)]


def test_an_introduction_3_0_leaves_the_named_list_its_sections(sample_text):
    text = _with_intro(sample_text)
    for a in _fresh_and_typed(sample_text, text):
        assert _listed(a) == RIGHT
        assert _list_notes(a) == []  # (§3.0 is no section the list left out: no "§3.3 not checked", no "§3.0")
        assert not [f for f in a.findings if f.rule == "claims" and f.line == 9 and "§3." in f.message]
        # §3.0 itself is still measured by the rule that each counter-argument has 150 CJK
        assert any(f.rule == "counter-argument-length" and f.message.startswith("§3.0") for f in a.findings)


def test_update_self_check_figures_leaves_the_list_as_it_is(sample_text):
    text = _with_intro(sample_text)
    updated = updated_self_check_text(text, analyze(text, PACK, today=TODAY))
    assert f"{NAMED}（机制/数据/截止日），{LIST}" in updated.split("\n")[8]


def test_without_named_places_a_list_as_long_as_the_sections_from_1_passes_over_3_0(sample_text):
    text = _with_intro(sample_text).replace(NAMED, "三主线", 1)
    for a in _fresh_and_typed(sample_text, text):
        assert _listed(a) == RIGHT
        assert _list_notes(a) == []


def test_a_shorter_list_passes_over_3_0_and_names_only_what_it_left_out(sample_text):
    text = _with_intro(sample_text).replace(NAMED, "三主线", 1).replace(LIST, "各主线 CJK 159/194", 1)
    for a in _fresh_and_typed(sample_text, text):
        assert _listed(a) == RIGHT[:2]
        assert _list_notes(a) == ["CJK of counter-arguments: 2 figures stated for its 3 sections; §3.3 not checked"]


def test_a_list_with_a_figure_for_every_section_is_about_3_0_too(sample_text):
    text = _with_intro(sample_text).replace(NAMED, "三主线", 1).replace(LIST, "各主线 CJK 32/159/194/207", 1)
    for a in _fresh_and_typed(sample_text, text):
        assert _listed(a) == [("§3.0", 32, 32, True), *RIGHT]
        assert _list_notes(a) == []


def test_the_places_the_line_names_decide(sample_text):
    # named §3.0 first: the list is about §3.0-§3.2, told so, and §3.3 is the section it leaves out
    text = _with_intro(sample_text).replace(NAMED, "§3.0/§3.1/§3.2 三主线", 1)
    a = analyze(text, PACK, today=TODAY)
    assert _listed(a) == [("§3.0", 159, 32, False), ("§3.1", 194, 159, False), ("§3.2", 207, 194, False)]
    assert _list_notes(a) == ["CJK of counter-arguments: 3 figures stated for its 4 sections; §3.3 not checked"]
    # without a 3.0: "§3.2/§3.3 …，各主线 CJK 194/207" is about §3.2 and §3.3 (it was told against §3.1 and §3.2)
    text = sample_text.replace(f"{NAMED}（机制/数据/截止日），{LIST}", "§3.2/§3.3 两主线（机制/数据/截止日），各主线 CJK 194/207")
    for a in _fresh_and_typed(sample_text, text):
        assert _listed(a) == RIGHT[1:]
        assert _list_notes(a) == ["CJK of counter-arguments: 2 figures stated for its 3 sections; §3.1 not checked"]


def test_places_named_in_another_sentence_or_of_another_count_do_not_decide():
    compiled = compile_patterns(PACK.claim_patterns)
    read = (lambda line: [rc.places for rc in claims_in_line(line, compiled, PACK.sum_metric, PACK.sum_context)
                          if rc.members])
    assert read("§3.1/§3.2/§3.3 三主线（机制/数据），各主线 CJK 159/194/207") == [("§3.1", "§3.2", "§3.3")] * 3
    assert read("§三.1、§三.2、§三.3 三主线，各主线 CJK 159/194/207") == [("§三.1", "§三.2", "§三.3")] * 3
    assert read("§3.1/§3.2/§3.3 三主线。各主线 CJK 159/194/207") == [()] * 3  # another sentence
    assert read("§3.1/§3.2 两主线，各主线 CJK 159/194/207") == [()] * 3  # two places, three figures
    assert read("§3.1-§3.3 三主线，各主线 CJK 159/194/207") == [()] * 3  # a range names no place one by one
    assert [rc.members for rc in claims_in_line("各主线 CJK 159/194/207", compiled, PACK.sum_metric,
                                                PACK.sum_context)] == [3, 3, 3]


def test_a_survey_with_a_number_twice_passes_over_3_0_too(sample_text):
    """Sections sharing a number are taken in number order (list_places reads none): 3.0 first, 159 was §3.0's."""
    text = _with_intro(sample_text).replace("\n3.3 主线 C", "\n3.2 主线 C", 1)
    a = analyze(text, PACK, today=TODAY)
    listed = _listed(a)
    assert listed[0] == ("§3.1", 159, 159, True)
    assert [ok for _, _, _, ok in listed[1:]] == [None, None]  # §3.2 twice: ambiguous, neither right nor wrong
    assert not any("§3.0" in scope for scope, *_ in listed)


def test_numbering_a_top_level_0_and_a_sub_section_0():
    top = numbered_places(r"^\d+$", ["0", "1", "2", "3"], ["z", "a", "b", "c"])
    assert top.told(3) == (0, 1, 2)  # the house §0 is a section: a list of three is about §0, §1, §2 as before
    assert [top.label(p) for p in range(2)] == ["§0", "§1"]
    sub = numbered_places(r"^3\.\d+$", ["3.0", "3.1", "3.2", "3.3"], ["z", "a", "b", "c"])
    assert sub.told(3) == (1, 2, 3) and sub.unstated((1, 2, 3)) == [] and sub.stated_for((1, 2, 3)) == 3
    assert sub.told(2) == (1, 2) and sub.unstated((1, 2)) == ["c"]
    assert sub.told(4) == (0, 1, 2, 3) and sub.stated_for((0, 1, 2, 3)) == 4
    assert sub.told(3, ["3.0", "3.1", "3.2"]) == (0, 1, 2) and sub.unstated((0, 1, 2)) == ["c"]
    assert sub.told(3, ["4.1", "4.2", "4.3"]) == (1, 2, 3)  # places of another scope: not its sections
    cut = numbered_places(r"^3\.\d+$", ["3.0", "3.1", "3.3"], ["z", "a", "c"])
    assert cut.told(3) == (1, 2, 3)  # §3.2 cut: still its number


def test_a_placeholder_wrapped_onto_the_next_line_is_one(sample_text):
    """Read across two lines ("CJK 实测" / "3,8xx（…"), a placeholder lost what made it one: "stated 3,8xx", claimed 0."""
    text = sample_text.replace("字数三层一致：CJK 实测 3,838", "字数三层一致：CJK 实测\n3,8xx", 1)
    a = analyze(text, PACK, today=TODAY)
    c = next(c for c in a.claims if c.line == 10 and c.value_text == "3,8xx")
    assert c.claimed is None and "placeholder" in c.message


def test_typing_and_cutting_the_introduction_matches_a_fresh_analysis(sample_text):
    az = Analyzer(PACK, today=TODAY)
    text = sample_text
    az.analyze(text)
    lines = text.split("\n")
    at = next(i for i, ln in enumerate(lines) if ln.startswith("3.1 主线 A"))
    for k in range(1, len("3.0 总述") + 1):  # the heading typed a character at a time, then Enter
        typed = "\n".join(lines[:at] + [INTRO[:k] + lines[at]] + lines[at + 1:])
        assert az.analyze(typed) == analyze(typed, PACK, today=TODAY), k
    text = _with_intro(sample_text)
    assert az.analyze(text) == analyze(text, PACK, today=TODAY)
    rng = random.Random(28)
    for _ in range(25):
        lines = text.split("\n")
        k = rng.choice([8, at, at + 1])
        line = lines[k]
        near = line.find("CJK 1") if k == 8 else -1  # (on line 9: the list and the places named before it)
        pos = rng.randint(0, min(len(line), 20)) if near < 0 else near + rng.randint(-40, 14)
        if rng.random() < 0.6:
            line = line[:pos] + rng.choice(["/", "§3.0/", "字", "\n", "3.", "0", " ", "/32"]) + line[pos:]
        else:
            line = line[:pos] + line[pos + rng.randint(1, 4):]
        text = "\n".join(lines[:k] + [line] + lines[k + 1:])
        assert az.analyze(text) == analyze(text, PACK, today=TODAY)
    assert az.analyze(sample_text) == analyze(sample_text, PACK, today=TODAY)  # the introduction cut again
