"""QA: self-reported figures as authors edit them in the sample survey (the claims audit reports exactly what a
careful reader finds)."""

from __future__ import annotations

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack


def _claims_on(a, line: int) -> list:
    return [c for c in a.claims if c.line == line]


def test_an_estimated_ratio_in_the_self_check_bar_is_kept_and_named(sample_text):
    """§0 ⑤ written "verifiability 4/6 ≈ 67%": the figure vanished from the audit (54 claims, no finding) instead of
    being checked (4/6 is 67%) and named as a ≈-style self-report, which the house rules forbid."""
    edited = sample_text.replace("⑤ verifiability 4/6 = 67%", "⑤ verifiability 4/6 ≈ 67%", 1)
    assert edited != sample_text
    a = analyze(edited, house_pack())
    assert len(a.claims) == 61
    line9 = _claims_on(a, 9)
    assert [(c.claimed, c.measured, c.ok) for c in line9 if c.kind == "ratio"] == [(67, 67, True)]
    assert [c.value_text for c in line9 if c.metric == "verifiability"] == ["67", "67", "67"]
    assert [f.message for f in a.findings if f.line == 9 and "estimate" in f.message] == [
        "verifiability % of document: 67 is an estimate (≈): measure it"]


def test_an_estimated_ratio_is_still_computed():
    a = analyze("标题\n§0 自检\n抽查 4/6 ≈ 66%\n一、主体\n中文\n", house_pack())
    # (the spot check's share is a verifiability figure too, measured once the references are verified; an
    # estimate, it is never right: QA28e D2)
    assert [(c.kind, c.claimed, c.measured, c.ok) for c in a.claims] == [("value", 66, None, False),
                                                                          ("ratio", 66, 67, False)]


def test_a_wrong_ratio_is_told_with_the_decimals_the_text_uses(sample_text, tmp_path, capsys):
    """§8.3 written "4/6 = 66.6%": the message said "4/6 is 66.70%" (two decimals the text never used)."""
    from editor_app.cli import main

    edited = sample_text.replace("抽查 4/6 = 67%", "抽查 4/6 = 66.6%", 1)
    a = analyze(edited, house_pack())
    assert [f.message for f in a.findings if f.line == 97] == [
        "4/6 is 66.7%, not 66.6%",
        "verifiability % of document stated as 66.6 here but as 67 on line 9"]  # (§八.3 is one of its three places)
    p = tmp_path / "s.md"
    p.write_text(edited, encoding="utf-8")
    main([str(p)])
    row = next(ln for ln in capsys.readouterr().out.splitlines() if ln.startswith("97 "))
    assert row.split()[4:6] == ["66.6", "66.7"]


def test_the_caution_count_of_section_8_5_is_audited(sample_text):
    """§八.5 states the ⚠️ count as `⚠️=grep -o "⚠️"\\|wc -l = 79` (the §八 place of the three-place rule); the
    escaped pipe hid it, so changing it to 80 went unnoticed."""
    assert [c.value_text for c in _claims_on(analyze(sample_text, house_pack()), 101) if c.metric == "cautions"] == ["79"]
    edited = sample_text.replace('wc -l = 79；', 'wc -l = 80；', 1)
    assert edited != sample_text
    a = analyze(edited, house_pack())
    assert [(c.claimed, c.measured, c.ok) for c in _claims_on(a, 101) if c.metric == "cautions"] == [(80, 79, False)]
    assert [f.message for f in a.findings if f.line == 101 and "⚠" in f.message] == [
        "⚠️ of document: stated 80, measured 79", "⚠️ of document stated as 80 here but as 79 on line 9"]


def _with_section_3_4(sample_text: str, body: str) -> str:
    edited = sample_text.replace("四、四个视角", "3.4 主线 D · 边缘推理\n" + body + "四、四个视角", 1)
    assert edited != sample_text
    return edited


def test_an_added_counter_argument_is_held_to_the_same_rules(sample_text):
    """A fourth counter-argument §3.4 of 30 CJK passed: the pack listed §3.1-§3.3 by number, so a sub-section of
    §三 added later was measured by nothing."""
    short = "(1) 机制：LiteKV 在线替换策略未公开 ⚠️。\n(2) 数据：仅一组实测。\n(3) 截止日：10-15 前复核。\n"
    a = analyze(_with_section_3_4(sample_text, short), house_pack())
    rules = {r.id: r for r in a.rules}
    assert rules["counter-argument-length"].measured == [159, 194, 207, 30]
    assert [f.message for f in rules["counter-argument-length"].findings] == ["§3.4: 30 < 150 (120 short)"]
    assert rules["counter-argument-parts"].measured == "4/4"
    a = analyze(_with_section_3_4(sample_text, "(1) 机制：" + "中" * 160 + "\n"), house_pack())
    rules = {r.id: r for r in a.rules}
    assert rules["counter-argument-length"].status == "pass"
    assert [f.message for f in rules["counter-argument-parts"].findings] == [
        '§3.4 lacks "(2) 数据", "(3) 截止日"']


def test_a_figure_stated_differently_in_the_footer_is_named_as_the_survey_names_it(sample_text):
    """The footer's ⚠️ count changed to 80: the disagreement read 'cautions of document stated as 80 …' (the
    pack's internal counter id) where the wrong-figure finding beside it says '⚠️ of document'."""
    edited = sample_text.replace("⚠️ 实测 79 处（§0 / §八 / footer 三处一致）", "⚠️ 实测 80 处（§0 / §八 / footer 三处一致）", 1)
    assert edited != sample_text
    a = analyze(edited, house_pack())
    assert [f.message for f in a.findings if f.line == 113 and "80" in f.message] == [
        "⚠️ of document: stated 80, measured 79",
        "⚠️ of document stated as 80 here but as 79 on line 9"]
    edited = sample_text.replace("GitHub 已验 实测 7 件", "GitHub 已验 实测 8 件", 1)
    a = analyze(edited, house_pack())
    assert [f.message for f in a.findings if f.line == 113 and "here but" in f.message] == [
        "GitHub verified (stated only) of document stated as 8 here but as 7 on line 9"]


def test_a_total_stated_before_its_parts_must_add_up():
    """House rule 10's own example, "total 3,838 = body a + counter b + meta c": a breakdown written after an
    "=" was not read at all (only "a + b = total" and "total（a + b）" were)."""
    doc = "标题\n§0 自检\n{0}\n一、主体\n中文中文\n"
    got = {}
    for line in ("合计 10 = 甲 3 + 乙 4 + 丙 2", "共 10 件 = 3 + 4 + 2 ≤ 20", "合计 9 = 甲 3 + 乙 4 + 丙 2；另 5"):
        a = analyze(doc.format(line), house_pack())
        got[line] = [(c.claimed, c.measured, c.ok) for c in a.claims if c.kind == "sum"]
    assert got == {"合计 10 = 甲 3 + 乙 4 + 丙 2": [(10, 9, False)], "共 10 件 = 3 + 4 + 2 ≤ 20": [(10, 9, False)],
                   "合计 9 = 甲 3 + 乙 4 + 丙 2；另 5": [(9, 9, True)]}


def test_a_cjk_total_stated_before_its_labelled_parts_checks_each_part(sample_text):
    edited = sample_text.replace("CJK 实测 3,838（主体 2,892 + 反方 579 + 元信息 950）",
                                 "CJK 实测 3,838 = 主体 2,892 + 反方 579 + 元信息 367", 1)
    assert edited != sample_text
    a = analyze(edited, house_pack())
    line9 = _claims_on(a, 9)
    assert [(c.claimed, c.measured, c.ok) for c in line9 if c.kind == "sum"] == [(3838, 3838, True)]
    assert [(c.scope, c.claimed, c.measured, c.ok) for c in line9 if c.scope in ("主体", "反方", "元信息")] == [
        ("主体", 2892, 2892, True), ("反方", 579, 579, True), ("元信息", 367, 946, False)]


def _without_section_3_3(sample_text: str) -> str:
    lines = sample_text.split("\n")
    at = next(i for i, ln in enumerate(lines) if ln.startswith("3.3 主线 C"))
    return "\n".join(lines[:at] + lines[at + 4:])


def test_a_figure_about_a_place_the_survey_no_longer_has_is_wrong(sample_text):
    """§3.3 deleted, §0 still says "各主线 CJK 159/194/207": the 207 was listed as not measurable, with no finding;
    so was a figure for a section that never existed ("§十 100"). (The 207 of a list is about §3.3 by its place in
    the list: not measured, and its finding says which section is gone.)"""
    a = analyze(_without_section_3_3(sample_text), house_pack())
    c = next(c for c in a.claims if c.line == 9 and c.value_text == "207")
    assert (c.ok, c.measured, c.scope) == (None, None, "counter-arguments #3")
    assert c.message == "CJK of counter-arguments #3: stated 207, not measured: §3.3 not found"
    assert any(f.line == 9 and f.message == c.message for f in a.findings)
    a = analyze("标题\n§0 自检\nCJK 10（§一 4 + §十 6）\n一、主体\n中文中文\n", house_pack())
    c = next(c for c in a.claims if c.scope == "§十")
    assert (c.ok, c.message) == (False, "CJK of §十: stated 6, but there is no such place in the survey")
    # a figure no counter measures stays "not measured" (GitHub 已验 7 件), wherever it is
    assert all(c.ok is None for c in analyze(sample_text, house_pack()).claims if c.metric == "github_verified")


def test_deleting_and_restoring_a_counter_argument_while_typing_agrees_with_a_fresh_pass(sample_text):
    from editor_app.core.analyze import Analyzer

    az = Analyzer(house_pack())
    for text in (sample_text, _without_section_3_3(sample_text), sample_text):
        got, fresh = az.analyze(text).to_dict(), analyze(text, house_pack()).to_dict()
        assert got["claims"] == fresh["claims"] and got["findings"] == fresh["findings"]


def test_a_malformed_arxiv_id_is_named_once(sample_text):
    """The finding read 'impossible id arXiv id arXiv:2613.04263: …'."""
    edited = sample_text.replace("arXiv:2609.04263 通过", "arXiv:2613.04263 通过", 1)
    edited = edited.replace("KVarN（arXiv:2606.03458）归一化", "KVarN（arXiv:26o6.03458）归一化", 1)
    a = analyze(edited, house_pack())
    got = [f.message for f in a.findings if f.rule == "arxiv-ids"]
    assert got[0] == "impossible arXiv id arXiv:2613.04263: month 13 does not exist"
    assert all(m.startswith(("impossible arXiv id ", "malformed arXiv id ")) for m in got)


def test_a_malformed_prefixed_id_on_a_line_without_a_dot_is_found():
    """'arXiv:2606-03458' (a dash for the dot) was missed whenever its line held no '.' or '/' at all."""
    a = analyze("§0 x\n一、正文\n见 arXiv:2606-03458。\n", house_pack())
    assert [(r.id, r.status) for r in a.references] == [("2606-03458", "malformed")]
    assert any(f.rule == "arxiv-ids" and f.line == 3 for f in a.findings)


def test_the_claims_rule_measures_every_statement_at_fault():
    """Two places stating a figure no counter measures differently (GitHub 已验 7 vs 8 件) failed the claims rule
    with 'measured 0, limit 0 wrong': it counted wrong figures only, not the disagreement that failed it."""
    text = "标题\n§0 自检\nGitHub 已验 7 件\n一、正文\n中文中文\nSpark · 2026-09-14 21:30 · GitHub 已验 8 件\n"
    rule = next(r for r in analyze(text, house_pack()).rules if r.id == "claims")
    assert (rule.status, rule.measured, rule.limit) == ("fail", 1, "0 findings")
    assert rule.note == "2 claims, 0 wrong, 1 finding"
    ok = next(r for r in analyze(text.replace("8 件", "7 件"), house_pack()).rules if r.id == "claims")
    assert (ok.status, ok.measured) == ("pass", 0)


def test_a_claims_finding_in_json_compares_numbers(sample_text, tmp_path, capsys):
    """A claims finding's `limit` was the stated figure as written ("3,838", a string) beside a numeric
    `measured`: a CI script comparing the two met a str."""
    import json

    from editor_app.cli import main

    edited = sample_text.replace("GitHub 已验 实测 7 件", "GitHub 已验 实测 8 件", 1)
    edited = edited.replace("① 字数三层一致：CJK 实测 3,838", "① 字数三层一致：CJK 实测 ≈3,838", 1)
    p = tmp_path / "s.md"
    p.write_text(edited, encoding="utf-8")
    main([str(p), "--format", "json"])
    found = [f for f in json.loads(capsys.readouterr().out)["findings"] if f["rule"] == "claims"]
    assert found and all(isinstance(f["limit"], (int, float)) for f in found)
    assert {(f["line"], f["measured"], f["limit"]) for f in found} >= {(9, 4421, 3838), (94, 189, 193), (113, 8, 7)}
    assert any(f["line"] == 9 and "estimate" in f["message"] and f["limit"] == 3838 for f in found)
