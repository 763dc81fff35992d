"""The exported report in the user's language: the Chinese window (and `survey-check --report-lang zh_CN`) writes
what the report adds to the survey — the verdict, the appendix tables, the engine's sentences, chart captions — in
Chinese. Before, a Chinese survey published with an English appendix ("Not ready to publish", "disagrees")."""

from __future__ import annotations

import re
from datetime import datetime, timezone

import pytest
from PySide6.QtWidgets import QFileDialog, QMessageBox

from editor_app.cli import main
from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack
from editor_app.services.report import build_report_html
from editor_app.wording import _REPORT_ZH_CN

WHEN = datetime(2026, 12, 3, tzinfo=timezone.utc)
# What the English report says that a Chinese one must not (the survey itself is Chinese, so any of these in the
# Chinese report comes from the report's own words).
ENGLISH = ("Not ready to publish", "The survey breaks its own rules", "Self-check (every rule)", "Claims audit",
           "References and verification", "Engine figures", "Private-data scan", "Rule pack and generation",
           "disagrees", "agrees", "Measured", "Claimed", "As written", "Name in survey", "stated sum",
           "but the parts add up to", "error-level rule", "warning-level rule", "sum of the parts", "Contents", "Appendix", "no match", "not measured")


def _text(html: str) -> str:
    """The report as a reader sees it: tags, the embedded rule pack's TOML and chart images left out."""
    html = re.sub(r'<pre class="source">.*?</pre>', "", html, flags=re.S)
    html = re.sub(r"<(style|title)>.*?</\1>", "", html, flags=re.S)
    return re.sub(r"<[^>]+>", " ", html)


@pytest.fixture(scope="module")
def sample_analysis(sample_path):
    text = sample_path.read_text(encoding="utf-8")
    pack = house_pack()
    return analyze(text, pack), text, pack


def test_the_chinese_report_says_everything_it_adds_in_chinese(sample_analysis):
    analysis, text, pack = sample_analysis
    html = build_report_html(analysis, text, pack_name=pack.name, pack_source=pack.source, generated_at=WHEN,
                             language="zh_CN", pack=pack)
    seen = _text(html)
    for words in ("尚不能发布。", "综述未满足自身的规则", "A. 自检（全部规则）", "B. 自报数字审计", "C. 引用与核验",
                  "规则：", "自报数字：41 处一致，11 处不一致", "✗ 未通过", "✓ 通过", "不一致", "目录", "附录"):
        assert words in seen, words
    # the engine's sentences and the pack's own words ([i18n.zh_CN]) too
    assert "自报合计 3,838，但各部分相加为 4,421" in seen
    assert "元信息的CJK：自报 950，实测 946" in seen
    assert "CJK 字数 ≤ 3,900" in seen
    left = [w for w in ENGLISH if w in seen]
    assert not left, left


def test_english_stays_the_default(sample_analysis):
    analysis, text, pack = sample_analysis
    html = build_report_html(analysis, text, pack_name=pack.name, pack_source=pack.source, generated_at=WHEN)
    seen = _text(html)
    assert "Not ready to publish." in seen and "A. Self-check (every rule)" in seen and "尚不能发布" not in seen
    # an approximate figure written "~16,200" is shown once with its tilde (it was "~~16,200")
    assert "~16,200" in seen and "~~" not in seen


def test_every_report_sentence_has_a_translation_with_the_same_places():
    for english, chinese in _REPORT_ZH_CN.items():
        assert set(re.findall(r"\{(\w+)\}", english)) == set(re.findall(r"\{(\w+)\}", chinese)), english


def test_survey_check_writes_a_chinese_report(sample_path, tmp_path, capsys):
    out = tmp_path / "报告.html"
    assert main([str(sample_path), "--export", str(out), "--force", "--report-lang", "zh_CN"]) == 1  # rules fail
    seen = _text(out.read_text(encoding="utf-8"))
    assert "尚不能发布" in seen and "Not ready to publish" not in seen


def test_the_chinese_window_exports_a_chinese_report(qtbot, chinese, tmp_path, sample_path, monkeypatch):
    from editor_app.ui.export_actions import install
    from ui_support import open_window

    survey = tmp_path / "survey.md"
    survey.write_text(sample_path.read_text(encoding="utf-8"), encoding="utf-8")
    window = open_window(qtbot, survey)
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        lambda *a, **k: (str(tmp_path / "out.html"), "HTML report (*.html)"))
    actions = install(window)
    with qtbot.waitSignal(actions.export_finished, timeout=20000):
        actions.export_action.trigger()
    html = (tmp_path / "out.html").read_text(encoding="utf-8")
    seen = _text(html)
    assert "尚不能发布" in seen and "B. 自报数字审计" in seen
    assert re.search(r'alt="[^"]*吞吐', html)  # the chart captions too ("吞吐 (tok/s) · H100：第 23 行")
