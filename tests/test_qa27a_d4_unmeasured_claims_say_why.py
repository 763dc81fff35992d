"""QA27a D4: nine figures of the sample had `ok` null, `measured` null and an empty `message` in the JSON (its six
verifiability shares without --verify, "GitHub 已验 7 件" three times), though README promises that such a claim says
why it is not measured: a CI script could not tell "needs --verify" from "not a measurable figure" from a bug. Each
says why now, in the window's claims table and the exported report too, in both languages, and is not taken for an
ambiguous figure (listed first, counted "ambiguous"). A pack whose claims rule comes before its verifiability rule
never measured a stated verifiability, even after arXiv verification: the claims rules are judged last."""

from __future__ import annotations

import json
import re
from html import escape

from editor_app import cli
from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack, parse_pack
from editor_app.wording import EngineText

VERIFY_WHY = "not measured: 5 main citations; run arXiv verification to measure"
GITHUB_WHY = "not measured: no counter of the pack measures 'github_verified'"


def _unmeasured(claims) -> list:
    return [c for c in claims if c.ok is None]


def test_every_unmeasured_claim_of_the_sample_says_why_in_json(tmp_path, monkeypatch, capsys, sample_text):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "s.md").write_text(sample_text, encoding="utf-8")
    cli.main(["s.md", "--format", "json"])
    claims = [c for c in json.loads(capsys.readouterr().out)["claims"] if c["ok"] is None]
    assert len(claims) == 9
    assert all(c["measured"] is None and c["message"] for c in claims)
    verifiability = [c["message"] for c in claims if c["metric"] == "verifiability"]
    github = [c["message"] for c in claims if c["metric"] == "github_verified"]
    assert verifiability == [f"verifiability % of document: stated 67, {VERIFY_WHY}"] * 6
    assert github == [f"GitHub verified (stated only) of document: stated 7, {GITHUB_WHY}"] * 3


def test_they_are_neither_wrong_nor_ambiguous_and_make_no_finding(sample_text):
    a = analyze(sample_text, house_pack())
    unmeasured = _unmeasured(a.claims)
    assert len(unmeasured) == 9
    assert not any(c.ambiguous or c.part_missing for c in unmeasured)
    assert a.ambiguous_count() == 0
    claims_rule = next(r for r in a.rules if r.id == "claims")
    assert not any("not measured" in f.message for f in claims_rule.findings)
    assert claims_rule.note == "61 claims, 11 wrong, 11 findings"  # (as before)


def test_after_verification_without_answers_the_reason_is_arxivs(sample_text):
    pack = house_pack()
    ids = [r.id for r in analyze(sample_text, pack).references]
    a = analyze(sample_text, pack, verdicts={i: {"status": "unavailable"} for i in ids})
    said = {c.message for c in _unmeasured(a.claims) if c.metric == "verifiability"}
    assert len(said) == 1
    assert re.fullmatch(r"verifiability % of document: stated 67, not measured: arXiv gave no answer for the 5 main "
                        r"citations \(.*\): not measured", said.pop())


def test_the_reason_follows_the_verdicts_in_one_analyzer(sample_text):
    """survey-check --verify analyses the text again with the verdicts, on the same Analyzer (a pass built on the
    last one): the reason is not the last pass's."""
    from editor_app.core.analyze import Analyzer

    analyzer = Analyzer(house_pack())
    first = analyzer.analyze(sample_text)
    ids = [r.id for r in first.references]
    again = analyzer.analyze(sample_text, verdicts={i: {"status": "unavailable"} for i in ids})
    said = {c.message for c in _unmeasured(again.claims) if c.metric == "verifiability"}
    assert len(said) == 1 and "arXiv gave no answer" in said.pop()


def test_the_messages_in_chinese(sample_text):
    say = EngineText("zh_CN", house_pack())
    said = {say(c.message) for c in _unmeasured(analyze(sample_text, house_pack()).claims)}
    assert said == {"全文的可验证性 %：自报 67，未测量：5 篇主要引用；运行 arXiv 核验后才会测量",
                    "全文的GitHub 已验（仅自报）：自报 7，未测量：规则包中没有计数器测量 'github_verified'"}


def test_the_report_shows_why(sample_text):
    from editor_app.services.report import build_report_html

    pack = house_pack()
    a = analyze(sample_text, pack)
    html = build_report_html(a, sample_text, pack_name=pack.name, pack_source=pack.source)
    # (appendix B's row names the figure; its Note gives the reason, as page 1 does)
    assert escape(GITHUB_WHY.removeprefix("not measured: ")) in html
    assert escape(VERIFY_WHY.removeprefix("not measured: ")) in html
    zh = build_report_html(a, sample_text, pack_name=pack.name, pack_source=pack.source, language="zh_CN", pack=pack)
    assert escape("规则包中没有计数器测量 'github_verified'") in zh


def test_the_windows_claims_table_shows_why_after_the_ambiguous_and_wrong(qtbot, tmp_path, sample_text):
    from PySide6.QtCore import Qt

    from editor_app.ui.table_models import ROW_ROLE
    from ui_support import open_window

    survey = tmp_path / "survey.md"
    survey.write_text(sample_text, encoding="utf-8")
    window = open_window(qtbot, survey)
    model = window.selfcheck.claims_view.model()
    heads = [model.headerData(k, Qt.Orientation.Horizontal) for k in range(model.columnCount())]
    text_column, ok_column = heads.index("Text"), heads.index("OK")
    rows = [model.index(r, 0).data(ROW_ROLE) for r in range(model.rowCount())]
    shown = {model.index(r, text_column).data() for r, c in enumerate(rows) if c.metric == "github_verified"}
    assert shown == {f"GitHub verified (stated only) of document: stated 7, {GITHUB_WHY}"}
    verdicts = {model.index(r, ok_column).data() for r, c in enumerate(rows) if c.ok is None}
    assert verdicts == {"—"}  # not "ambiguous"
    first_unmeasured = next(r for r, c in enumerate(rows) if c.ok is None)
    assert all(c.ok is not False for c in rows[first_unmeasured:])  # listed after the wrong ones, as before
    window.shutdown()


def test_a_claims_rule_before_the_verifiability_rule_is_measured_after_verification(sample_text):
    pack = house_pack()
    source = pack.source
    claims_rule = re.search(r'\[\[rules\]\]\nid = "claims"\n[^\[]*', source).group(0)
    moved = source.replace(claims_rule, "").replace("# 7. Verifiability", claims_rule + "\n# 7. Verifiability")
    early = parse_pack(moved, "early.toml")
    assert [r.kind for r in early.rules].index("claims") < [r.kind for r in early.rules].index("verifiability")
    ids = [r.id for r in analyze(sample_text, pack).references]
    a = analyze(sample_text, early, verdicts={i: {"status": "verified"} for i in ids})
    verifiability = [c for c in a.claims if c.metric == "verifiability"]
    assert verifiability and all(c.measured == 100 and c.ok is False for c in verifiability)
    assert [r.id for r in a.rules] == [r.id for r in early.rules]  # the results in the pack's order
