"""Self-reported figures written as Chinese survey editors also write them, each once read wrongly or not at all:
- a sum whose parts carry their unit, "（主体 2,892 字 + 反方 579 字 + 元信息 950 字）": the sum was checked but none
  of its parts (their labels read as "主体 字", no place): a wrong 元信息 passed;
- a ratio with its share in parentheses, "4/6（60%）": never computed, so a share that does not compute passed;
- §八.5's method line "verifiability=4/6 主轴 web_fetch 200 OK = 67%": no figure, so it could state another share
  than §0 and the footer (the three-place rule) in silence."""

from __future__ import annotations

from datetime import date

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack
from editor_app.core.selfcheck_update import updated_self_check_text

PACK = house_pack()
TODAY = date(2026, 12, 3)


def _edit_line(text: str, line: int, old: str, new: str) -> str:
    lines = text.split("\n")
    assert old in lines[line - 1], old
    lines[line - 1] = lines[line - 1].replace(old, new, 1)
    return "\n".join(lines)


def _said(a, line):
    return [(f.column, f.message) for f in a.findings if f.rule == "claims" and f.line == line]


def test_the_parts_of_a_sum_written_with_their_unit_are_measured(sample_text):
    edited = _edit_line(sample_text, 9, "（主体 2,892 + 反方 579 + 元信息 950）", "（主体 2,892 字 + 反方 579 字 + 元信息 950 字）")
    a = analyze(edited, PACK, today=TODAY)
    parts = [(c.scope, c.text, c.claimed, c.measured, c.ok) for c in a.claims if c.line == 9
             and c.scope in ("主体", "反方", "元信息")]
    assert parts == [("主体", "主体 2,892", 2892, 2892, True), ("反方", "反方 579", 579, 579, True),
                     ("元信息", "元信息 950", 950, 949, False)]  # (946 and the three 字 added to §0)
    column = edited.split("\n")[8].index("950 字") + 1
    assert (column, "CJK of 元信息: stated 950, measured 949") in _said(a, 9)


def test_a_ratio_with_its_share_in_parentheses_is_computed(sample_text):
    edited = _edit_line(sample_text, 97, "抽查 4/6 = 67%", "抽查 4/6（60%）")
    a = analyze(edited, PACK, today=TODAY)
    line = edited.split("\n")[96]
    ratios = [(c.text, c.column, c.claimed, c.measured, c.ok) for c in a.claims if c.line == 97 and c.kind == "ratio"]
    assert ratios == [("4/6（60%）", line.index("60%") + 1, 60, 67, False)]
    assert (line.index("60%") + 1, "4/6 is 67%, not 60%") in _said(a, 97)
    right = analyze(_edit_line(sample_text, 97, "抽查 4/6 = 67%", "抽查 4／6（66.7％）"), PACK, today=TODAY)
    assert [(c.claimed, c.ok) for c in right.claims if c.line == 97 and c.kind == "ratio"] == [(66.7, True)]


def test_verifiability_stated_in_parentheses_is_a_figure_of_its_own(sample_text):
    edited = _edit_line(sample_text, 113, "verifiability 实测 4/6 = 67%", "verifiability 实测 4/6（50%）")
    a = analyze(edited, PACK, today=TODAY)
    stated = [(c.kind, c.claimed) for c in a.claims if c.line == 113 and c.metric in ("verifiability", "ratio")]
    assert stated == [("value", 50), ("ratio", 50)]
    column = edited.split("\n")[112].index("50%") + 1
    assert (column, "verifiability % of document stated as 50 here but as 67 on line 9") in _said(a, 113)


def test_the_method_lines_verifiability_agrees_with_the_other_places(sample_text):
    line = sample_text.split("\n")[100]
    assert "verifiability=4/6 主轴 web_fetch 200 OK = 67%" in line
    a = analyze(sample_text, PACK, today=TODAY)
    assert [(c.claimed, c.measured, c.ok) for c in a.claims if c.line == 101 and c.metric == "verifiability"] == [
        (67, None, None)]  # measured once arXiv is asked
    edited = _edit_line(sample_text, 101, "200 OK = 67%", "200 OK = 50%")
    a = analyze(edited, PACK, today=TODAY)
    column = edited.split("\n")[100].index("50%") + 1
    assert (column, "verifiability % of document stated as 50 here but as 67 on line 9") in _said(a, 101)


def test_the_update_leaves_the_method_lines_share_to_its_fraction(sample_text):
    """Five of six main citations verified (83%): Update self-check figures wrote 83 over §八.5's "4/6 主轴 … = 67%",
    a line that then stated 4/6 = 83%; as the result of "4/6 = 67%" it is left for the author (and named)."""
    from editor_app.core.selfcheck_update import figure_updates

    lines = sample_text.split("\n")
    text = "\n".join(lines[:61] + ["| 6 | 2606.03458 | KVarN | ★ 候选 | 摘要级 |"] + lines[61:])
    main = ["2609.11582", "2607.05708", "2609.10226", "2605.19537", "2609.04263", "2606.03458"]
    verdicts = {i: {"status": "verified", "title": "t"} for i in main[:5]}
    verdicts[main[5]] = {"status": "not found"}
    a = analyze(text, PACK, today=TODAY, verdicts=verdicts)
    assert [(c.claimed, c.measured, c.ok) for c in a.claims if c.line == 102 and c.metric == "verifiability"] == [
        (67, 83, False)]
    assert not [u for u in figure_updates(text, a) if u.line == 102 and u.metric == "verifiability"]
    assert "§八.3 = 83%" in updated_self_check_text(text, a).split("\n")[8]  # a share stated alone is rewritten
