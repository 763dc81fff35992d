"""QA (the claims audit, figures as authors write them): forms of the house's self-reported figures that were read
wrong or not at all. Each case rewrites the sample and checks the audit as a careful reader would judge it."""

from __future__ import annotations

import pytest

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack

PACK = house_pack()
ANCHOR = "8.5 实测方法学声明（反思棒 #50）\n"


def _claims(text: str, line: int, has: str = "") -> list[tuple]:
    return [(c.metric, c.claimed, c.measured, c.ok) for c in analyze(text, PACK).claims
            if c.line == line and has in c.text]


def _added(sample_text: str, line: str) -> str:
    """The sample with `line` in §八.5 (it becomes line 101)."""
    return sample_text.replace(ANCHOR, ANCHOR + line + "\n", 1)


def test_the_spot_check_line_of_section_8_3_is_a_verifiability_figure(sample_text):
    # §八.3 "抽查 4/6 = 67%" was read as a ratio only: one of the three places the figure must agree in was unread
    assert ("verifiability", 67.0) in [c[:2] for c in _claims(sample_text, 97)]
    rewritten = sample_text.replace("抽查 4/6 = 67%", "抽查 3/6 = 50%", 1)
    assert ("verifiability", 50.0) in [c[:2] for c in _claims(rewritten, 97)]


@pytest.mark.parametrize("written, claimed", [("CJK 实测 3,835/3,900（主体", 3835.0),
                                              ("CJK 实测 3,834 / 3,900（主体", 3834.0),
                                              ("CJK 实测 3,838[^1]（主体", 3838.0)])
def test_a_total_written_with_its_limit_or_a_footnote_is_the_total(sample_text, written, claimed):
    # the limit (3,900) or the footnote's number (1) was read as the stated sum, or no sum at all
    text = sample_text.replace("CJK 实测 3,838（主体", written, 1)
    sums = [c for c in _claims(text, 9) if c[0] == "sum"]
    assert sums == [("sum", claimed, 4421, False)]
    if "/" in written:
        assert ("cjk", claimed, 3838, claimed == 3838) in _claims(text, 9, "CJK 实测")


def test_lines_written_with_their_limit(sample_text):
    text = sample_text.replace("行数 200", "行数 114/200", 1)
    assert _claims(text, 113, "行数") == [("lines", 114.0, 113, False)]


@pytest.mark.parametrize("written", ["各主线 CJK 159 195 207", "各主线 CJK 159；195；207", "各主线 CJK（159/195/207）",
                                     "三主线 CJK 字数 159/195/207", "各主线 CJK 分别为 159/195/207"])
def test_the_counter_argument_list_in_other_words_is_read_as_a_list(sample_text, written):
    # before: nothing read, or "CJK 159" taken for the survey's total (a false "stated 159, measured 3,838")
    text = sample_text.replace("各主线 CJK 159/194/207", written, 1)
    assert _claims(text, 9, "主线") == [("cjk", 159.0, 159, True), ("cjk", 195.0, 194, False),
                                        ("cjk", 207.0, 207, True)]
    assert not [c for c in _claims(text, 9) if c[1] == 159.0 and c[2] == 3838]


def test_a_table_row_with_its_unit_in_the_header_is_read(sample_text):
    text = sample_text.replace("| 579 CJK |", "| 580 |", 1)
    assert _claims(text, 93) == [("cjk", 580.0, 579, False)]


@pytest.mark.parametrize("limit", ["本组硬约束：CJK 3,900 上限 / 行数 200 上限", "按 CJK 3,900 上限计", "目标：CJK 3,900 以内"])
def test_a_limit_is_no_self_reported_figure(sample_text, limit):
    # it was read as the survey's CJK (and Update Self-check Figures rewrote the limit to the measured count)
    assert _claims(_added(sample_text, limit), 101) == []


def test_a_figure_after_a_section_is_that_sections(sample_text):
    # "§3.1 CJK 160" was read as the survey's total: "stated 160, measured 3,838", and its update wrote 3,838 there
    assert _claims(_added(sample_text, "其中 §3.1 CJK 160"), 101) == [("cjk", 160.0, 159, False)]
    assert _claims(_added(sample_text, "其中 §三.2 CJK 实测 194"), 101) == [("cjk", 194.0, 194, True)]
    assert _claims(_added(sample_text, "其中 §3.1-§3.3 CJK 560"), 101) == []  # a range: no one place's figure


@pytest.mark.parametrize("history", ["上一版 v1 的 CJK 实测 4,189", "旧版 ⚠️ 实测 41 处", "上一版 行数 233"])
def test_a_figure_of_an_earlier_version_is_history(sample_text, history):
    # it was audited as the survey's figure now ("stated 4,189, measured 3,839")
    assert _claims(_added(sample_text, history), 101) == []


def test_a_version_named_without_a_word_saying_earlier_is_still_audited(sample_text):
    # (which version is the survey's own the text does not say: "v2 CJK 3,838" may be today's, so it is checked)
    assert _claims(_added(sample_text, "v2 CJK 实测 3,838"), 101) == [("cjk", 3838.0, 3840, False)]  # (实测: +2)


@pytest.mark.parametrize("row, line, expected", [
    ("| CJK 2,893 |", 92, ("sum", 2893.0, 2892, False)),
    ("| CJK 579 |", 93, ("cjk", 579.0, 579, True)),
    ("| CJK 950 |", 94, ("sum", 950.0, 1026, False)),
])
def test_a_table_row_with_the_unit_before_the_value_is_its_layers(sample_text, row, line, expected):
    # "| CJK 2,892 |" was read as the survey's total: a false "stated 2,892, measured 3,838"
    old = {92: "| 2,892 CJK |", 93: "| 579 CJK |", 94: "| 950 CJK |"}[line]
    claims = _claims(sample_text.replace(old, row, 1), line)
    assert expected in claims
    assert not [c for c in claims if c[2] == 3838]


@pytest.mark.parametrize("written, share, right", [("抽查 60%（4/6）", 60.0, False), ("抽查 4/6 → 60%", 60.0, False),
                                                   ("抽查 4/6，即 60%", 60.0, False), ("抽查 67%（4/6）", 67.0, True)])
def test_a_ratio_written_share_first_or_with_an_arrow(sample_text, written, share, right):
    # these were no ratio and no verifiability figure at all: a wrong share passed
    claims = _claims(sample_text.replace("抽查 4/6 = 67%", written, 1), 97)
    assert ("ratio", share, 67, right) in claims and ("verifiability", share, None, None) in claims


def _footer_with(sample_text: str, old: str, new: str) -> str:
    lines = sample_text.split("\n")
    assert old in lines[112]
    lines[112] = lines[112].replace(old, new, 1)
    return "\n".join(lines)


@pytest.mark.parametrize("label", ["CJK 字数 3,835", "CJK 实测为 3,835", "CJK 共 3,835", "3,835 个 CJK 字符",
                                   "中文字数 3,835"])
def test_the_footers_total_in_other_words_is_audited(sample_text, label):
    # a footer stating its total so, without a breakdown, was not audited at all
    text = _footer_with(sample_text, "CJK 实测 3,838（主体 2,892 + 反方 579 + 元信息 950）", label)
    assert [c[:2] for c in _claims(text, 113) if c[0] == "cjk"] == [("cjk", 3835.0)]
    assert [c[3] for c in _claims(text, 113) if c[0] == "cjk"] == [False]


@pytest.mark.parametrize("old, new", [("§八.3 = 67%", "§八.3：60%"), ("§八.3 = 67%", "§8.3 = 60%"),
                                      ("footer = 67%", "页脚 = 60%")])
def test_the_verifiability_places_in_other_words_must_agree(sample_text, old, new):
    text = sample_text.replace(old, new, 1)
    assert ("verifiability", 60.0, None, None) in _claims(text, 9)
    found = [f.message for f in analyze(text, PACK).findings if f.line == 9 and "verifiability" in f.message]
    assert any("stated as 60 here but as 67" in m for m in found), found
