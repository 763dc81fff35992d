"""A per-section list ("各主线 CJK 159/194/207", stated for §3.1, §3.2, §3.3) with a section cut or renumbered.

Before: the figures were told against the sections left, in turn. §3.2 cut: 194 was checked against §3.3 ("CJK of
§3.3: stated 194, measured 207") and 207 was "no such place in the survey". Now each figure is judged against the
section its place in the list names; a figure whose section is gone is not measured (JSON ok/measured null) and
its finding says which section is missing; a section no figure is about is named ("§3.4 not checked")."""

from __future__ import annotations

import json
from datetime import date

from editor_app.core.analyze import Analyzer, analyze
from editor_app.core.list_places import numbered_places
from editor_app.core.rulepack import house_pack
from editor_app.wording import EngineText

PACK = house_pack()
TODAY = date(2026, 12, 3)
LIST = "各主线 CJK 159/194/207"


def _section_lines(lines: list[str], number: str) -> tuple[int, int]:
    """[start, end) of sub-section `number` of §三 (its heading and its three parts)."""
    at = next(i for i, ln in enumerate(lines) if ln.startswith(number + " 主线"))
    return at, at + 4


def _cut(sample_text: str, number: str) -> str:
    lines = sample_text.split("\n")
    a, b = _section_lines(lines, number)
    return "\n".join(lines[:a] + lines[b:])


def _renumbered(sample_text: str, number: str, to: str) -> str:
    lines = sample_text.split("\n")
    a, _ = _section_lines(lines, number)
    lines[a] = to + lines[a][len(number):]
    return "\n".join(lines)


def _listed(a) -> list:
    return [c for c in a.claims if c.line == 9 and c.text == LIST]


def _list_findings(a, text: str) -> list[tuple[int, str]]:
    column = text.split("\n")[8].index("159/194") + 1
    return [(f.column - column, f.message) for f in a.findings
            if f.rule == "claims" and f.line == 9 and column <= f.column < column + 11]


def _fresh_and_typed(sample_text: str, text: str):
    """The analysis of `text` afresh, and as the editor makes it after the edit from the sample."""
    az = Analyzer(PACK, today=TODAY)
    az.analyze(sample_text)
    return analyze(text, PACK, today=TODAY), az.analyze(text)


def test_a_middle_section_cut_leaves_the_others_their_own_figures(sample_text):
    text = _cut(sample_text, "3.2")
    for a in _fresh_and_typed(sample_text, text):
        assert [(c.scope, c.ok, c.measured) for c in _listed(a)] == [
            ("§3.1", True, 159), ("counter-arguments #2", None, None), ("§3.3", True, 207)]
        assert _list_findings(a, text) == [(4, "CJK of counter-arguments #2: stated 194, not measured: §3.2 not found")]
        assert not any("no such place" in f.message for f in a.findings)
    rows = [r for r in json.loads(json.dumps(a.to_dict(), ensure_ascii=False))["claims"] if r["text"] == LIST]
    assert [(r["ok"], r["measured"]) for r in rows] == [(True, 159), (None, None), (True, 207)]
    assert rows[1]["message"].endswith("not measured: §3.2 not found")
    assert EngineText("zh_CN", PACK)(rows[1]["message"]) == "各反方小节 #2的CJK：自报 194，未测量：未找到 §3.2"


def test_the_first_section_cut(sample_text):
    text = _cut(sample_text, "3.1")
    for a in _fresh_and_typed(sample_text, text):
        assert [(c.scope, c.ok, c.measured) for c in _listed(a)] == [
            ("counter-arguments #1", None, None), ("§3.2", True, 194), ("§3.3", True, 207)]
        assert _list_findings(a, text) == [(0, "CJK of counter-arguments #1: stated 159, not measured: §3.1 not found")]


def test_a_section_renumbered_past_the_list_is_named_as_not_checked(sample_text):
    text = _renumbered(sample_text, "3.2", "3.4")
    for a in _fresh_and_typed(sample_text, text):
        assert [(c.scope, c.ok, c.measured) for c in _listed(a)] == [
            ("§3.1", True, 159), ("counter-arguments #2", None, None), ("§3.3", True, 207)]
        assert _list_findings(a, text) == [
            (4, "CJK of counter-arguments #2: stated 194, not measured: §3.2 not found"),
            (8, "CJK of counter-arguments: no figure stated for §3.4; not checked")]
    assert EngineText("zh_CN", PACK)("CJK of counter-arguments: no figure stated for §3.4; not checked") == \
        "各反方小节的CJK：§3.4 没有自报数字，未核对"


def test_the_last_figure_about_a_section_gone_and_a_section_left_over_say_both(sample_text):
    text = _renumbered(sample_text, "3.3", "3.4")
    for a in _fresh_and_typed(sample_text, text):
        assert [(c.scope, c.ok, c.measured) for c in _listed(a)] == [
            ("§3.1", True, 159), ("§3.2", True, 194), ("counter-arguments #3", None, None)]
        assert _list_findings(a, text) == [
            (8, "CJK of counter-arguments #3: stated 207, not measured: §3.3 not found"),
            (8, "CJK of counter-arguments: no figure stated for §3.4; not checked")]


def test_a_list_that_still_fits_its_sections_is_judged_as_before(sample_text):
    a = analyze(sample_text, PACK, today=TODAY)
    assert [(c.scope, c.ok) for c in _listed(a)] == [("§3.1", True), ("§3.2", True), ("§3.3", True)]
    text = sample_text.replace(LIST, "各主线 CJK 159/194")
    assert _list_findings(analyze(text, PACK, today=TODAY), text) == [
        (4, "CJK of counter-arguments: 2 figures stated for its 3 sections; §3.3 not checked")]


def test_sections_matched_by_title_or_sharing_a_number_are_not_read_by_number():
    assert numbered_places(r"^3\.\d+$", ["3.1", "3.3"], ["a", "c"]).numbers == (1, 2, 3)
    assert numbered_places(r"^3\.\d+$", ["3.2", "3.3"], ["b", "c"]).label(0) == "§3.1"
    assert numbered_places(r"^3\.[23]$", ["3.2", "3.3"], ["b", "c"]).label(0) == "§3.2"  # the scope starts at 3.2
    assert numbered_places(r"法律", ["2", "4"], ["b", "d"]) is None  # by title: §3 is no part of it
    assert numbered_places(r"^3\.\d+$", ["3.1", "3.1"], ["a", "b"]) is None
    assert numbered_places(r"^3(\.\d+)?$", ["3", "3.1"], ["a", "b"]) is None


def test_update_self_check_figures_leaves_a_list_whose_sections_moved_as_it_is(sample_text):
    """Tools → Update self-check figures after §3.2 was renumbered 3.4 rewrote "159/194/207" to "159/207/194": the
    figures of §3.3 and §3.4 (the old §3.2) written over the places of §3.2 and §3.3."""
    from editor_app.core.selfcheck_update import updated_self_check_text

    text = _renumbered(sample_text, "3.2", "3.4")
    updated = updated_self_check_text(text, analyze(text, PACK, today=TODAY))
    assert LIST in updated.split("\n")[8]


def test_a_list_figure_written_with_its_thousands_is_a_figure(sample_text):
    """"各主线 CJK 1,159/194/207" (or "1，159" with a Chinese input method's comma) was no list and no figure at all:
    nothing measured, nothing said."""
    for written in ("1,159", "1，159", "１，１５９"):
        text = sample_text.replace(LIST, f"各主线 CJK {written}/194/207")
        listed = [c for c in analyze(text, PACK, today=TODAY).claims if c.line == 9 and c.text.startswith("各主线")]
        assert [(c.value_text, c.scope, c.ok, c.measured) for c in listed] == [
            (written, "§3.1", False, 159), ("194", "§3.2", True, 194), ("207", "§3.3", True, 207)], written
