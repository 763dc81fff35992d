"""QA: a report exported anyway masked the private data in the survey's body, but printed it as written wherever the
appendix shows the survey's own words: a claim's sentence ("3,838（主体 2,892 INT-9999 …"), the §4.4 heading the
legal-section rule measured, an engine's name in the figures table and drawn on its chart, the names listed in the
rule pack's source, and the survey's local path ("Survey file: /home/alice/…")."""

from __future__ import annotations

import pytest

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack, parse_pack
from editor_app.services.report import build_report_html

SURVEY = "\n".join([
    "隐私测试综述",
    "§0 自检栏",
    "① 字数三层一致：CJK 实测 3,838（主体 2,892 INT-9999 + 反方 579 + 元信息 950）",
    "一、对比",
    "p99 TTFT Chen Siyuan 54.2s vs vLLM 58.9s。",
    "吞吐 PRJ-4711 ~16,200 vs vLLM ~12,500 tok/s。",
    "4.4 法律 / 监管维度 ORG-31337",
    "Spark · 2026-10-01 12:00 CST",
])
PRIVATE = ("INT-9999", "Chen Siyuan", "PRJ-4711", "ORG-31337")


@pytest.fixture
def analysed():
    a = analyze(SURVEY, house_pack(), file="/home/alice/surveys/private.md")
    found = {SURVEY.split("\n")[h.line - 1][h.column - 1:h.column - 1 + h.length] for h in a.privacy}
    assert found >= set(PRIVATE)  # the scan finds each of them
    return a


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_no_private_text_anywhere_in_the_report(analysed, language):
    pack = house_pack()
    html = build_report_html(analysed, SURVEY, pack_name=pack.name, pack_source=pack.source, language=language,
                             pack=pack)
    for secret in PRIVATE + ("/home/alice",):
        assert secret not in html, secret
    # still there, masked: the claim's sentence, the measured heading, the figures
    assert "IN******" in html and "OR******" in html and "Ch********" in html
    assert "<code>private.md</code>" in html


def test_names_listed_in_the_rule_pack_are_masked_in_its_printed_source(analysed):
    source = house_pack().source.replace('names_file = "builtin:house-names"',
                                         'names = ["Zhou Wanqing", "Chen Siyuan"]')
    pack = parse_pack(source)
    a = analyze(SURVEY, pack)
    html = build_report_html(a, SURVEY, pack_name=pack.name, pack_source=pack.source, pack=pack)
    assert "Zhou Wanqing" not in html and "Chen Siyuan" not in html
    assert "names = [" in html  # the rest of the pack's source is printed as written


def test_chart_labels_and_captions_are_drawn_masked(analysed, qapp, monkeypatch):
    from editor_app.ui import charts_render
    from editor_app.ui.charts import bar_text

    drawn: list[str] = []
    real = charts_render._bar_chart

    def recording(chart, value_label, **kw):
        drawn.extend(chart.categories + [bar_text(b) for b in chart.bars] + chart.series_names + [value_label])
        return real(chart, value_label, **kw)

    monkeypatch.setattr(charts_render, "_bar_chart", recording)
    charts = charts_render.render_figure_charts(analysed)
    shown = drawn + [caption for caption, _ in charts]
    assert any("Ch********" in s for s in shown) and any("PR******" in s for s in shown)
    assert not [s for s in shown if any(secret in s for secret in PRIVATE)]
