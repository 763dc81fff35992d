"""QA: the self-check summary and the status bar give the same number of failing rules.

A short survey without §3/§七/§5.1: the status bar said "8 rules failing" (rules that match nothing fail, as
survey-check's exit code has it) while the panel above said "3 failing, 5 not measured or matching nothing"."""

from __future__ import annotations

import re

from ui_support import open_window

SHORT = "主题综述 · 测试（2026-09-14）\n- 作者：spark\n§0 自检栏\n① 字数：CJK 实测 20\n一、主题\n这是一个综述文件。\n"


def test_summary_and_status_bar_count_the_same_failing_rules(qtbot, tmp_path):
    survey = tmp_path / "short.md"
    survey.write_text(SHORT, encoding="utf-8")
    window = open_window(qtbot, survey)
    a = window.latest_analysis
    engine = int(a.metrics["failing_rules"])
    no_match = sum(1 for r in a.rules if r.status == "no-match" and r.level in ("error", "warning"))
    assert no_match > 0
    summary = window.selfcheck.summary.text()
    assert f"{engine} rules failing" in window.headline_label.text()
    assert re.search(rf"\b{engine} failing\b", summary), summary  # before: "3 failing" beside "8 rules failing"
    assert f"{no_match} of them match nothing" in summary


def test_the_sample_summary_reads_as_before(qtbot, sample_path):
    window = open_window(qtbot, sample_path)
    summary = window.selfcheck.summary.text()
    assert summary.startswith("16 rules: 2 failing, 1 not measured · 11 of 60 self-reported figures wrong")
    assert "match nothing" not in summary
