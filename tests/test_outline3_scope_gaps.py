"""Self-reported figures whose place lost a part, or a per-section list shorter than its place.

1. "元信息 950" is about header + §0 + §8 + §9 + footer (the house pack's parts). With 八、 renumbered 九、 (and 九、
   十、) there is no §8: the figure was measured on what was left ("stated 950, measured 768") without a word. It is
   now not measured, as a figure about a number two headings share is, and says which part is missing.
2. "各主线 CJK 159/194" (the §3.3 figure dropped) against the three counter-arguments: §3.1 and §3.2 were checked,
   §3.3 passed over in silence. A finding at the list now names the sections no figure states."""

from __future__ import annotations

import json
from datetime import date

from editor_app.core.analyze import Analyzer, analyze
from editor_app.core.rulepack import house_pack
from editor_app.formats import text_report
from editor_app.wording import EngineText

PACK = house_pack()
TODAY = date(2026, 12, 3)


def _eight_renumbered(sample_text: str) -> str:
    assert "\n八、元信息" in sample_text and "\n九、引用清单" in sample_text
    return sample_text.replace("\n九、引用清单", "\n十、引用清单").replace("\n八、元信息", "\n九、元信息")


def _short_list(sample_text: str) -> str:
    assert sample_text.count("各主线 CJK 159/194/207") == 1
    return sample_text.replace("各主线 CJK 159/194/207", "各主线 CJK 159/194")


def _rows(a) -> list[dict]:
    return json.loads(json.dumps(a.to_dict(), ensure_ascii=False))["claims"]


def test_a_figure_about_a_place_that_lost_a_part_is_not_measured_and_says_which(sample_text):
    text = _eight_renumbered(sample_text)
    a = analyze(text, PACK, today=TODAY)
    meta = [c for c in a.claims if c.kind == "value" and c.scope == "元信息"]
    assert len(meta) == 3  # §0, §八's table, the footer
    for c in meta:
        assert (c.ok, c.measured, c.ambiguous) == (None, None, True)
        assert c.message == "CJK of 元信息: stated 950, not measured: §八 not found"
    claims_rule = next(r for r in a.rules if r.id == "claims")
    assert {(f.line, f.message) for f in claims_rule.findings} >= {(c.line, c.message) for c in meta}
    assert claims_rule.status == "fail"
    # the JSON: ok and measured null, the message says why (field names as they were)
    row = next(r for r in _rows(a) if r["scope"] == "元信息" and r["kind"] == "value")
    assert set(row) == {"metric", "text", "line", "claimed", "measured", "ok", "kind", "scope", "message", "label",
                        "suppressed"}
    assert row["ok"] is None and row["measured"] is None and row["message"].endswith("§八 not found")
    assert EngineText("zh_CN", PACK)(meta[0].message) == "元信息的CJK：自报 950，未测量：未找到 §八"
    # the sample itself, whole, is measured as before
    whole = [c for c in analyze(sample_text, PACK, today=TODAY).claims if c.kind == "value" and c.scope == "元信息"]
    assert [(c.ok, c.measured) for c in whole] == [(False, 946)] * 3


def test_the_text_report_does_not_call_a_missing_part_a_shared_number(sample_text):
    report = text_report(analyze(_eight_renumbered(sample_text), PACK, today=TODAY), pack=PACK)
    summary = next(ln for ln in report.splitlines() if ln.startswith("Claims:"))
    assert "3 not measured" in summary and "two headings share" not in summary


def test_a_per_section_list_shorter_than_its_place_names_the_sections_left_out(sample_text):
    text = _short_list(sample_text)
    a = analyze(text, PACK, today=TODAY)
    listed = [c for c in a.claims if c.line == 9 and c.text == "各主线 CJK 159/194"]
    assert [(c.scope, c.ok, c.measured) for c in listed] == [("§3.1", True, 159), ("§3.2", True, 194)]
    claims_rule = next(r for r in a.rules if r.id == "claims")
    said = [f for f in claims_rule.findings if "not checked" in f.message]
    assert [(f.line, f.column, f.message) for f in said] == [
        (9, listed[-1].column, "CJK of counter-arguments: 2 figures stated for its 3 sections; §3.3 not checked")]
    assert any(f is said[0] or f == said[0] for f in a.findings)
    assert EngineText("zh_CN", PACK)(said[0].message) == "各反方小节的CJK：只自报了 2 个数字，但它有 3 节；§3.3 未核对"
    # in the JSON's findings
    found = json.loads(json.dumps(a.to_dict(), ensure_ascii=False))["findings"]
    assert any(f["rule"] == "claims" and f["line"] == 9 and f["message"] == said[0].message for f in found)
    # the whole list, as the sample states it, says nothing of the kind
    assert not any("not checked" in f.message for f in analyze(sample_text, PACK, today=TODAY).findings)


def test_a_short_list_that_is_also_wrong_says_both(sample_text):
    text = _short_list(sample_text).replace("各主线 CJK 159/194", "各主线 CJK 159/195")
    a = analyze(text, PACK, today=TODAY)
    at_list = [f.message for f in a.findings if f.line == 9 and f.rule == "claims"
               and ("§3.2" in f.message or "not checked" in f.message)]
    assert "CJK of §3.2: stated 195, measured 194" in at_list
    assert "CJK of counter-arguments: 2 figures stated for its 3 sections; §3.3 not checked" in at_list


def test_edit_by_edit_the_editor_says_what_a_fresh_analysis_says(sample_text):
    """Typing the list shorter, its figure wrong and right again, Enter above and below, §3.3 typed into; and §八
    renumbered and back: the editor's incremental passes agree with a fresh analysis at each step."""
    az = Analyzer(PACK, today=TODAY)
    steps = [
        lambda t: _short_list(t),
        lambda t: t.replace("各主线 CJK 159/194", "各主线 CJK 159/195", 1),
        lambda t: t.replace("\n3.3 主线 C", "\n3.3 主线 C 字", 1),  # a counted character in §3.3's heading line
        lambda t: t.replace("\n一、", "\n\n一、", 1),  # Enter above the list's section
        lambda t: t.replace("\n六、", "\n\n六、", 1),  # and below it
        lambda t: t.replace("各主线 CJK 159/195", "各主线 CJK 159/194", 1),
        lambda t: t.replace("各主线 CJK 159/194", "各主线 CJK 159/194/207", 1),
        _eight_renumbered,
        lambda t: t.replace("\n8.1 ", "\n\n8.1 ", 1),
        lambda t: t.replace("元信息（header 247", "元信息（header 248", 1),
        lambda t: t.replace("\n九、元信息", "\n八、元信息", 1),
    ]
    text = sample_text
    az.analyze(text)
    for step in steps:
        new = step(text)
        assert new != text
        text = new
        got = az.analyze(text)
        fresh = analyze(text, PACK, today=TODAY)
        assert got.to_dict() == fresh.to_dict()
        assert got == fresh


def test_the_panel_and_the_report_say_why_those_figures_were_not_measured(qtbot, sample_text):
    from editor_app.services.report import build_report_html
    from editor_app.ui.selfcheck_panel import SelfCheckPanel

    text = _eight_renumbered(sample_text)
    a = analyze(text, PACK, today=TODAY)
    panel = SelfCheckPanel()
    qtbot.addWidget(panel)
    panel.show_analysis(a)
    assert ", 3 not measured (a part of the place they are about is missing)" in panel.summary.text()
    model = panel.claims_model
    row = next(i for i, c in enumerate(model.rows) if c.scope == "元信息" and c.kind == "value")
    assert model.data(model.index(row, 6)) == "CJK of 元信息: stated 950, not measured: §八 not found"
    html = build_report_html(a, text, pack_name="house", pack_source=PACK.source)
    assert ", 3 not measured (a part of the place they are about is missing)" in html
    assert "two headings share" not in html
    # with a number two headings share as well, both reasons are named
    both = text.replace("\n3.3 主线 C", "\n3.1 主线 C")
    panel.show_analysis(analyze(both, PACK, today=TODAY))
    assert "ambiguous (a section number two headings share, or a place that lost a part)" in panel.summary.text()
