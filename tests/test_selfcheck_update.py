"""Update self-check figures: the stated figures become the measured ones, in the written style, once."""

from __future__ import annotations

import pytest
from report_support import real_engine

from editor_app.core.model import Analysis, Claim
from editor_app.core.selfcheck_update import (
    figure_updates,
    self_check_diff,
    updated_self_check_text,
)

TEXT = "\n".join(
    [
        "§0 自检栏",
        "① CJK 实测 3,838（主体 2,892 + 反方 579）✅ | ④ ⚠️ 实测 13 处 ✅",
        "⑤ verifiability 66.7% ✅ | 行数 200",
        "Spark · CJK 实测 3,838 · ⚠️ 实测 13 处",
    ]
)


def _claim(line: int, written: str, measured, *, ok=False, kind="value", occurrence=0, metric="m") -> Claim:
    row = TEXT.split("\n")[line - 1]
    at = -1
    for _ in range(occurrence + 1):
        at = row.index(written, at + 1)
    return Claim(metric, written, line, float(written.replace(",", "").rstrip("%")), measured, ok, column=at + 1,
                 kind=kind, value_column=at + 1, value_text=written)


def _analysis(claims: list[Claim]) -> Analysis:
    return Analysis(None, "p", {}, [], [], [], claims, [], [], [])


def test_disagreeing_value_claims_take_the_measured_value_in_the_written_style():
    claims = [
        _claim(2, "3,838", 3901, metric="cjk"),
        _claim(2, "13", 79, metric="cautions"),
        _claim(3, "66.7", 2 / 3 * 100, ok=False, metric="verifiability"),  # 66.666… written with one decimal
        _claim(3, "200", 113, metric="lines"),
        _claim(4, "3,838", 3901, metric="cjk"),
        _claim(4, "13", 79, metric="cautions"),
    ]
    new = updated_self_check_text(TEXT, _analysis(claims)).split("\n")
    assert new[1] == "① CJK 实测 3,901（主体 2,892 + 反方 579）✅ | ④ ⚠️ 实测 79 处 ✅"
    assert new[2] == "⑤ verifiability 66.7% ✅ | 行数 113"
    assert new[3] == "Spark · CJK 实测 3,901 · ⚠️ 实测 79 处"
    assert new[0] == "§0 自检栏"


def test_only_failing_value_claims_with_a_measurement_are_touched():
    claims = [
        _claim(2, "3,838", 3838, ok=True),  # agrees
        _claim(2, "2,892", 2900, kind="sum"),  # sums and ratios are not rewritten
        _claim(2, "579", None),  # nothing measured
        _claim(2, "13", 79, ok=None),  # can't be measured
    ]
    assert updated_self_check_text(TEXT, _analysis(claims)) == TEXT
    assert self_check_diff(TEXT, _analysis(claims)) == ""


def test_grouping_follows_the_document_when_the_number_grows_past_a_thousand():
    text = "元信息 950 CJK · 合计 3,838"
    claim = Claim("meta", "950", 1, 950, 1012, False, column=5, value_column=5, value_text="950")
    assert updated_self_check_text(text, _analysis([claim])) == "元信息 1,012 CJK · 合计 3,838"


def test_stale_analysis_is_ignored_and_the_update_is_idempotent():
    claims = [_claim(2, "3,838", 3901), _claim(2, "13", 79)]
    analysis = _analysis(claims)
    once = updated_self_check_text(TEXT, analysis)
    assert once != TEXT
    assert updated_self_check_text(once, analysis) == once  # the old numbers are no longer where claimed
    edited = TEXT.replace("① CJK", "①① CJK")  # the user typed since the analysis: columns moved
    assert updated_self_check_text(edited, analysis) == edited  # nothing is written at a wrong place


def test_diff_shows_the_changed_lines():
    diff = self_check_diff(TEXT, _analysis([_claim(4, "13", 79)]), name="s.md")
    assert diff.startswith("--- s.md (stated)\n+++ s.md (measured)\n")
    assert "-Spark · CJK 实测 3,838 · ⚠️ 实测 13 处" in diff
    assert "+Spark · CJK 实测 3,838 · ⚠️ 实测 79 处" in diff
    assert [u.new for u in figure_updates(TEXT, _analysis([_claim(4, "13", 79)]))] == ["79"]


@pytest.mark.skipif(real_engine() is None, reason="the analysis engine has not landed yet")
def test_after_the_update_the_value_claims_of_a_tampered_sample_pass(sample_text):
    analyze, house_pack = real_engine()
    pack = house_pack()
    # An author who miscounted: every self-stated ⚠️ figure says 13 and the CJK total is off.
    tampered = sample_text.replace("实测 79 处", "实测 13 处").replace("CJK 实测 3,838", "CJK 实测 3,801")
    before = analyze(tampered, pack)
    wrong = [c for c in before.claims if c.kind == "value" and c.ok is False and c.measured is not None]
    assert len(wrong) >= 3
    updated = updated_self_check_text(tampered, before)
    assert self_check_diff(tampered, before)
    after = analyze(updated, pack)
    still_wrong = [c for c in after.claims if c.kind == "value" and c.ok is False and c.measured is not None]
    assert still_wrong == []
    assert "实测 79 处" in updated and "CJK 实测 3,838" in updated
    assert updated_self_check_text(updated, after) == updated  # idempotent against a fresh analysis too
    assert len(updated.split("\n")) == len(tampered.split("\n"))
