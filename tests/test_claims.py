"""Claims audit units: sums, ratios with the text's rounding, estimates, cross-place agreement."""

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack


def run(text):
    return analyze(text, house_pack())


DOC = "标题\n§0 自检\n{0}\n一、主体\n中文中文\n"


def test_ratio_rounding():
    a = run(DOC.format("抽查 4/6 = 67% 与 1/3 = 33.3% 与 2/3 = 66%"))
    ratios = [c for c in a.claims if c.kind == "ratio"]
    assert [(c.claimed, c.measured, c.ok) for c in ratios] == [(67, 67, True), (33.3, 33.3, True), (66, 67, False)]


def test_sum_must_add_up():
    a = run(DOC.format("合计 10（甲 3 + 乙 4 + 丙 2）；另 5 + 6 = 11"))
    sums = [c for c in a.claims if c.kind == "sum"]
    assert [(c.claimed, c.measured, c.ok) for c in sums] == [(10, 9, False), (11, 11, True)]


def test_estimate_in_a_self_report_is_a_finding():
    a = run(DOC.format("CJK 实测 ≈12"))
    assert any("estimate" in f.message for f in a.findings)
    a = run(DOC.format("⚠️ 实测 约0 处"))
    assert any("estimate" in f.message for f in a.findings)
    # "≈" in ordinary prose is not a self-report.
    a = run(DOC.format("约 52h 前 ≈52h 前"))
    assert not any("estimate" in f.message for f in a.findings)


def test_places_must_agree():
    text = "标题\n§0 自检\nGitHub 已验 7 件\n一、正文\n中文\n八、元信息\nGitHub 已验 8 件\n"
    a = run(text)
    msgs = [f.message for f in a.findings if f.rule == "claims"]
    assert any("stated as 8 here but as 7 on line 3" in m for m in msgs), msgs


def test_measured_value_claims():
    text = "标题\n§0 自检\nCJK 实测 11 · ⚠️ 实测 1 处 · 行数 5\n⚠️\n"
    a = run(text)
    got = {c.metric: (c.claimed, c.measured, c.ok) for c in a.claims}
    assert got["cjk"] == (11, 11, True)  # 标题 自检 实测 实测 处 行数
    assert got["cautions"] == (1, 2, False)
    assert got["lines"] == (5, 4, False)


def test_header_figures_are_not_audited():
    text = "标题 v1 = CJK=4,189\n§0 自检\n中文\n"
    assert not [c for c in run(text).claims if c.metric == "cjk"]
