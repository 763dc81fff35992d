"""QA of what a reference's verdict tells a user. Before:
- a survey citing 2609.11582v1 on some lines and 2609.11582v3 (no such version) on another had one row
  "2609.11582v3 · version not found" for all its occurrences: which lines cite which version, and which version is
  missing, was only in the tooltip, and the editor underlined every citation as "version not found". Now the row
  (tab, CLI, report) says "v3 not found (L2) · v1 ✓ (L3, L5)", the id column "2609.11582 v1, v3", the editor
  underlines line 2 only, and JSON `references[].cited_versions` lists each version, its lines and whether arXiv
  has it;
- a possibly withdrawn paper whose name does not match read only "withdrawn?" (orange): the mismatch was in the
  tooltip. Every status that applies is shown ("name mismatch · withdrawn?", worst first, red) and JSON has `statuses`;
- the report drew "name not compared" and "check by hand" in the red of "not found"; they are warnings now, as the
  References tab colours them.
"""

from __future__ import annotations

import json

from editor_app.cli import main as cli_main
from editor_app.config import Config
from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack
from editor_app.services.report import build_report_html
from editor_app.services.verification import verify_references
from editor_app.wording import EngineText
from ui_support import open_window, wait_analysis

VERSIONS = """\
一、正文
1. OmniKVQuant（arXiv:2609.11582v3）版本写错了。
2. OmniKVQuant（arXiv:2609.11582v1）首版。
3. 再看 arXiv:2609.11582 §3。
4. 又见 OmniKVQuant（arXiv:2609.11582v1）。
"""
WITHDRAWN = """\
一、正文
1. arXiv:2601.00012 KVEvict（2026-01）驱逐。
2. FlashServe（arXiv:2601.00014）服务引擎。
"""


def _analysis(text, arxiv_config, arxiv_db):
    pack = house_pack()
    verdicts = verify_references(analyze(text, pack).references, config=arxiv_config, db=arxiv_db)
    return analyze(text, pack, verdicts=verdicts), pack


def _cli(tmp_path, fake_arxiv, capsys, text, *extra) -> str:
    survey = tmp_path / "s.md"
    survey.write_text(text, encoding="utf-8")
    cli_main([str(survey), "--verify", "--arxiv-url", fake_arxiv.url, "--arxiv-interval", "0",
              "--db", str(tmp_path / "h.db"), *extra])
    return capsys.readouterr().out


def _report_row(analysis, pack, ref_id: str, language: str = "en") -> str:
    html = build_report_html(analysis, "", pack_name=pack.name, pack_source=pack.source, language=language, pack=pack)
    part = html[html.index('id="appendix-references"'):]
    row = part[part.index(f">{ref_id}"):]
    return row[: row.index("</tr>")]


# -- 1. which version is missing, and which lines cite it -------------------------------------------------------
def test_json_says_which_lines_cite_which_version_and_which_arxiv_has(tmp_path, fake_arxiv, capsys):
    ref = json.loads(_cli(tmp_path, fake_arxiv, capsys, VERSIONS, "--format", "json"))["references"][0]
    assert ref["id"] == "2609.11582" and ref["status"] == "version not found" and ref["version"] == "v3"
    assert ref["lines"] == [2, 3, 4, 5]
    assert ref["cited_versions"] == [{"version": "v1", "lines": [3, 5], "on_arxiv": True},
                                     {"version": "v3", "lines": [2], "on_arxiv": False}]


def test_json_before_verification_says_the_versions_without_a_verdict(tmp_path, capsys):
    survey = tmp_path / "s.md"
    survey.write_text(VERSIONS, encoding="utf-8")
    cli_main([str(survey), "--format", "json"])
    ref = json.loads(capsys.readouterr().out)["references"][0]
    assert [(v["version"], v["lines"], v["on_arxiv"]) for v in ref["cited_versions"]] == [
        ("v1", [3, 5], None), ("v3", [2], None)]


def test_the_cli_row_names_the_missing_version_and_its_lines(tmp_path, fake_arxiv, capsys):
    lines = _cli(tmp_path, fake_arxiv, capsys, VERSIONS).splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("2609.11582"))
    assert lines[at].startswith("2609.11582 v1, v3 ") and " version not found " in lines[at], lines[at]
    assert lines[at + 1] == "  ↳ v3 not found (L2) · v1 ✓ (L3, L5)"


def test_the_report_row_names_the_missing_version_and_its_lines(fake_arxiv, arxiv_config, arxiv_db):
    analysis, pack = _analysis(VERSIONS, arxiv_config, arxiv_db)
    row = _report_row(analysis, pack, "2609.11582 v1, v3")
    assert '<span class="fail">v3 not found (L2)</span><br><span class="pass">v1 ✓ (L3, L5)</span>' in row, row
    zh = _report_row(analysis, pack, "2609.11582 v1, v3", "zh_CN")
    assert "v1 ✓（L3, L5）" in zh and "v3 不存在（L2）" in zh, zh


def _panel_rows(panel) -> dict[str, tuple[str, str]]:
    m = panel.view.model()
    return {m.index(r, 0).data(): (m.index(r, 3).data(), m.index(r, 3).data(8).color().name())
            for r in range(m.rowCount())}  # (8: the background role)


def _verified_window(qtbot, qapp, fake_arxiv, tmp_path, text, language="en"):
    survey = tmp_path / "s.md"
    survey.write_text(text, encoding="utf-8")
    cfg = Config(arxiv_url=fake_arxiv.url, arxiv_interval=0.0, contact="tests@example.org", db_path=tmp_path / "u.db")
    qapp.setProperty("survey_editor_language", language)
    window = open_window(qtbot, survey, cfg)
    panel = window.references
    assert panel.verify()
    qtbot.waitUntil(lambda: panel.worker is None, timeout=20000)
    return window, panel


def test_the_tab_row_names_the_missing_version_and_follows_edits(qtbot, qapp, fake_arxiv, tmp_path):
    was = qapp.property("survey_editor_language")
    try:
        window, panel = _verified_window(qtbot, qapp, fake_arxiv, tmp_path, VERSIONS)
        assert _panel_rows(panel)["2609.11582 v1, v3"][0] == "v3 not found (L2) · v1 ✓ (L3, L5)"
        with wait_analysis(qtbot, window):  # a line above moves every citation down one line
            cursor = window.editor.document().find("一、正文")
            cursor.movePosition(cursor.MoveOperation.EndOfBlock)
            cursor.insertText("\n新的一行")
        assert _panel_rows(panel)["2609.11582 v1, v3"][0] == "v3 not found (L3) · v1 ✓ (L4, L6)"
        window.shutdown()
        window, panel = _verified_window(qtbot, qapp, fake_arxiv, tmp_path, VERSIONS, "zh_CN")
        assert _panel_rows(panel)["2609.11582 v1, v3"][0] == "v3 不存在（L2） · v1 ✓（L3, L5）"
        window.shutdown()
    finally:
        qapp.setProperty("survey_editor_language", was)


def test_the_editor_underlines_only_the_lines_citing_the_missing_version(fake_arxiv, arxiv_config, arxiv_db):
    from editor_app.ui.problem_spans import problem_spans

    analysis, pack = _analysis(VERSIONS, arxiv_config, arxiv_db)
    spans = [(s.line, s.message) for s in problem_spans(analysis) if s.message.startswith("arXiv:")]
    assert spans == [(2, "arXiv:2609.11582v3 — version not found")], spans  # (not the v1 lines 3, 5 nor line 4)
    assert EngineText("zh_CN")(spans[0][1]) == "arXiv:2609.11582v3 — 版本不存在"


# -- 2. withdrawn? and a name mismatch: both shown --------------------------------------------------------------
def test_withdrawn_does_not_hide_a_name_mismatch(fake_arxiv, arxiv_config, arxiv_db):
    analysis, pack = _analysis(WITHDRAWN, arxiv_config, arxiv_db)
    ref = analysis.to_dict()["references"][0]
    assert ref["status"] == "withdrawn?" and ref["statuses"] == ["withdrawn?", "name mismatch"]
    assert ref["cited_versions"] == []  # (no line cites a version)
    row = _report_row(analysis, pack, "2601.00012")
    assert '<span class="fail">name mismatch</span><br><span class="warn">withdrawn?</span>' in row, row
    from editor_app.ui.problem_spans import problem_spans

    underline = next(s.message for s in problem_spans(analysis) if s.line == 2)
    # (the wrong name and arXiv's title said: QA29c D3)
    assert underline == ("arXiv:2601.00012 — name mismatch, withdrawn?: the survey's name 'KVEvict' does not match "
                         "arXiv's title 'A Flawed Result on KV Cache Eviction'")
    assert EngineText("zh_CN")(underline) == ("arXiv:2601.00012 — 名称不符、可能已撤回：综述中的名称 'KVEvict' 与 arXiv 的"
                                              "标题 'A Flawed Result on KV Cache Eviction' 不符")


def test_the_cli_and_the_tab_show_both(qtbot, qapp, tmp_path, fake_arxiv, capsys):
    row = next(line for line in _cli(tmp_path, fake_arxiv, capsys, WITHDRAWN).splitlines()
               if line.startswith("2601.00012"))
    assert " name mismatch + withdrawn? " in row, row
    was = qapp.property("survey_editor_language")
    try:
        for language, text in (("en", "name mismatch · withdrawn?"), ("zh_CN", "名称不符 · 可能已撤回")):
            window, panel = _verified_window(qtbot, qapp, fake_arxiv, tmp_path, WITHDRAWN, language)
            rows = _panel_rows(panel)
            assert rows["2601.00012"][0] == text
            # the colour of the worse of the two (name mismatch: red), not withdrawn?'s orange
            assert rows["2601.00012"][1] == rows["2601.00014"][1] == "#d22d2d", rows  # (FlashServe: a name mismatch)
            panel.filter_edit.setText(text.split(" · ")[0])  # the filter finds both rows with a name mismatch
            assert sorted(_panel_rows(panel)) == ["2601.00012", "2601.00014"]
            window.shutdown()
    finally:
        qapp.setProperty("survey_editor_language", was)


# -- 3. the report's by-hand statuses are warnings ----------------------------------------------------------------
BY_HAND = """\
一、正文
1. 推理引擎可复现性（arXiv:2605.19537）研究推理引擎。
2. arXiv:2601.00013 Scaling Laws for Sparse Mixture-of-Experts Training on Commodity Clusters（2026-01-07）
3. FlashServe（arXiv:2601.00014）服务引擎。
4. Ghost（arXiv:2601.09999）不存在。
"""


def test_the_report_draws_by_hand_statuses_as_warnings(fake_arxiv, arxiv_config, arxiv_db):
    analysis, pack = _analysis(BY_HAND, arxiv_config, arxiv_db)
    for ref_id, css, status in (("2605.19537", "warn", "name not compared"), ("2601.00013", "warn", "check by hand"),
                                ("2601.00014", "fail", "name mismatch"), ("2601.09999", "fail", "not found")):
        assert f'<span class="{css}">{status}</span>' in _report_row(analysis, pack, ref_id), ref_id


def test_json_lists_statuses_before_verification_too(tmp_path, capsys):
    """QA: README lists "statuses" in every reference; without --verify the key was missing (a CI script reading
    r["statuses"] met a KeyError)."""
    survey = tmp_path / "s.md"
    survey.write_text(VERSIONS, encoding="utf-8")
    cli_main([str(survey), "--format", "json"])
    refs = json.loads(capsys.readouterr().out)["references"]
    assert refs and all(r["statuses"] == [r["status"]] == ["unverified"] for r in refs)
