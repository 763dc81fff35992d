"""QA28e D2: a figure marked as an estimate ("SUM≈0", "⚠️ 约 79 处") failed the claims rule, but the figure itself was
"ok": true in the JSON, a green "ok" in the Self-check panel's claims table, "agrees" in the report, and left out of
every count of wrong figures ("0 of 62 self-reported figures wrong" while the claims rule failed). Such a figure is
never right (house rule 9: measured, not estimated): `ok` false with the estimate's message, counted with the wrong
ones everywhere, its verdict "estimate" in the panel and the report."""

from __future__ import annotations

import json

from editor_app.cli import main
from editor_app.core.analyze import Analyzer, analyze
from editor_app.core.rulepack import house_pack
from editor_app.formats import text_report
from editor_app.services.report import _summary_box, build_report_html
from editor_app.ui.selfcheck_panel import SelfCheckPanel

PACK = house_pack()
MESSAGE = "private-data hits of document: 0 is an estimate (≈): measure it"


def _estimated(sample_text: str) -> str:
    assert sample_text.count("② 私域五维 SUM=0") == 1
    return sample_text.replace("② 私域五维 SUM=0", "② 私域五维 SUM≈0")


def _the_estimate(a):
    (c,) = [c for c in a.claims if c.line == 9 and c.metric == "privacy_hits"]
    return c


def test_an_estimate_of_the_right_value_is_not_ok(sample_text):
    before, a = analyze(sample_text, PACK), analyze(_estimated(sample_text), PACK)
    c = _the_estimate(a)
    assert (c.claimed, c.measured, c.ok, c.message) == (0, 0, False, MESSAGE)
    assert c.wrong and c.only_estimated
    assert a.wrong_count() == before.wrong_count() + 1
    rule = next(r for r in a.rules if r.id == "claims")
    assert rule.measured == next(r for r in before.rules if r.id == "claims").measured + 1
    assert f"{before.wrong_count() + 1} wrong" in rule.note
    assert [f.message for f in a.findings if f.line == 9 and "estimate" in f.message] == [MESSAGE]


def test_the_json_says_ok_false_with_the_estimate(sample_text, tmp_path, capsys):
    p = tmp_path / "s.md"
    p.write_text(_estimated(sample_text), encoding="utf-8")
    main([str(p), "--format", "json"])
    data = json.loads(capsys.readouterr().out)
    (row,) = [c for c in data["claims"] if c["line"] == 9 and c["metric"] == "privacy_hits"]
    assert (row["ok"], row["claimed"], row["measured"], row["message"]) == (False, 0, 0, MESSAGE)
    rule = next(r for r in data["rules"] if r["id"] == "claims")
    assert rule["measured"] == sum(1 for c in data["claims"] if c["ok"] is False) + sum(
        1 for f in data["findings"] if f["rule"] == "claims" and "stated as" in f["message"])


def test_the_text_report_and_the_html_report_count_it(sample_text):
    text = _estimated(sample_text)
    a, before = analyze(text, PACK), analyze(sample_text, PACK)
    n = before.wrong_count()
    assert f"self-reported figures, {n + 1} wrong (1 stated as an estimate)" in text_report(a, pack=PACK)
    assert f"{n + 1} disagree (1 stated as estimates)" in _summary_box(a)
    html = build_report_html(a, text, pack_name="llm-infra-survey", pack_source="bundled", pack=PACK)
    assert '<span class="fail">estimate</span>' in html
    zh = build_report_html(a, text, pack_name="llm-infra-survey", pack_source="bundled", pack=PACK, language="zh_CN")
    assert '<span class="fail">估计值</span>' in zh and "私域命中" in zh and "是估计值（≈）：请实测" in zh


def test_the_panel_shows_it_as_an_estimate_and_counts_it(qtbot, sample_text):
    a = analyze(_estimated(sample_text), PACK)
    panel = SelfCheckPanel()
    qtbot.addWidget(panel)
    panel.show_analysis(a)
    model = panel.claims_model
    row = model.rows.index(_the_estimate(a))
    assert row < a.wrong_count()  # listed with the wrong ones
    assert model.data(model.index(row, 0)) == "estimate"
    assert MESSAGE in model.data(model.index(row, 6))
    assert f"{a.wrong_count()} of {len(a.claims)} self-reported figures wrong (1 stated as an estimate)" in \
        panel.summary.text()


def test_a_wrong_estimate_names_both_and_an_edit_elsewhere_rejudges_it_as_a_fresh_pass(sample_text):
    text = sample_text.replace("⚠️ ≥10 处实测 79 处（", "⚠️ 约 80 处（", 1)
    assert text != sample_text
    a = analyze(text, PACK)
    (c,) = [c for c in a.claims if c.line == 9 and c.value_text == "80"]
    assert (c.ok, c.only_estimated) == (False, False)
    assert c.message == "⚠️ of document: stated 80, measured 79" and c.estimate.endswith("80 is an estimate (约): measure it")
    az = Analyzer(PACK)
    az.analyze(text)
    lines = text.split("\n")
    lines[50] += " ⚠️"  # one more caution: 80 is right now, and still an estimate
    edited = "\n".join(lines)
    again, fresh = az.analyze(edited), analyze(edited, PACK)
    assert again == fresh
    (c,) = [c for c in again.claims if c.line == 9 and c.value_text == "80"]
    assert (c.measured, c.ok, c.only_estimated) == (80, False, True)
