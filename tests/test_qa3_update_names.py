"""QA: Tools → Update self-check figures listed a stated total such as "CJK 实测 1,900（主体 1,400 + 元信息 300）" as
"line 3: stated sum (stated parts) 1,900 → 1,579" (Chinese: "自报合计 (自报分项)"), while what is written over it
is the measured CJK total. It is now listed as "line 3: CJK 1,900 → 1,579", as the footer's same figure is."""

from __future__ import annotations

from ui_support import WRONG_TOTAL_SURVEY as SURVEY, update_dialog_summary


def _summary(qtbot, monkeypatch, tmp_path) -> tuple[str, int]:
    path = tmp_path / "survey.md"
    path.write_text(SURVEY, encoding="utf-8")
    window, summary = update_dialog_summary(qtbot, monkeypatch, path)
    cjk = window.latest_analysis.metrics["cjk"]
    window.shutdown()
    return summary, cjk


def test_a_stated_total_is_named_by_what_it_counts(qtbot, monkeypatch, tmp_path):
    summary, cjk = _summary(qtbot, monkeypatch, tmp_path)
    assert f"line 3: CJK 1,900 → {cjk:,}" in summary.split("\n")
    assert "stated sum" not in summary


def test_in_chinese(qtbot, qapp, monkeypatch, tmp_path):
    from PySide6.QtCore import QTranslator

    from editor_app.resources_path import resource_path

    was = qapp.property("survey_editor_language")
    qapp.setProperty("survey_editor_language", "zh_CN")
    translator = QTranslator()
    assert translator.load(str(resource_path("i18n", "survey_editor_zh_CN.qm")))
    qapp.installTranslator(translator)
    try:
        summary, cjk = _summary(qtbot, monkeypatch, tmp_path)
    finally:
        qapp.removeTranslator(translator)
        qapp.setProperty("survey_editor_language", was)
    assert f"第 3 行：CJK 1,900 → {cjk:,}" in summary.split("\n") and "自报合计" not in summary
