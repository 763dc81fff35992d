"""QA: the self-check summary and the status bar give the same number of failing rules.

A short survey without §3/§七/§5.1: the status bar said "8 rules failing" (rules that match nothing fail, as
survey-check's exit code has it) while the panel above said "3 failing, 5 not measured or matching nothing"."""

from __future__ import annotations

import re

from ui_support import open_window

from editor_app.formats import failing_and_warning

SHORT = "主题综述 · 测试（2026-09-14）\n- 作者：spark\n§0 自检栏\n① 字数：CJK 实测 20\n一、主题\n这是一个综述文件。\n"


def test_summary_and_status_bar_count_the_same_failing_rules(qtbot, tmp_path):
    survey = tmp_path / "short.md"
    survey.write_text(SHORT, encoding="utf-8")
    window = open_window(qtbot, survey)
    a = window.latest_analysis
    failing, warning = failing_and_warning(a)  # as survey-check's first line counts them
    assert failing + warning == int(a.metrics["failing_rules"]) and failing > 1 and warning == 1
    no_match = sum(1 for r in a.rules if r.status == "no-match" and r.level in ("error", "warning"))
    assert no_match > 0
    summary = window.selfcheck.summary.text()
    assert f"{failing} rules failing, 1 rule warning" in window.headline_label.text()
    assert re.search(rf"\b{failing} failing, 1 warning\b", summary), summary  # before: "3 failing" beside "8 rules failing"
    assert f"{no_match} of them match nothing" in summary


def test_the_sample_summary_reads_as_before(qtbot, sample_path):
    window = open_window(qtbot, sample_path)
    summary = window.selfcheck.summary.text()
    # the §七 link-length rule is a warning, as survey-check's "1 rule failing, 1 rule warning" (before: "2 failing")
    assert summary.startswith("16 rules: 1 failing, 1 warning, 1 not measured · 11 of 61 self-reported figures wrong")
    assert "match nothing" not in summary
