"""QA26f D5: a survey-rules.toml (or hidden .survey-rules.toml) beside the survey keeping the house pack's name could
drop the privacy scan; the privacy rule then passed with the scope "ip · secrets · names · paths · org codes"
(hard-coded), and no face said which pack file checked the survey. The scope now names what the pack scans, a pack
scanning nothing is "no match", and every face names a pack file that is not the bundled one."""

from __future__ import annotations

import json

from editor_app.cli import main
from editor_app.core.analyze import Analyzer
from editor_app.core.rulepack import load_pack
from editor_app.resources_path import house_pack_path
from editor_app.services.report import build_report_html

KEY = "sk-proj-Ab3dEf9hIj2kLm5nOp8qRs1tUv4w"


def _beside(tmp_path, sample_text, dimensions: str | None, name: str = "survey-rules.toml"):
    """The sample with a key in it, and a copy of the house pack beside it (its name kept) scanning `dimensions`."""
    text = house_pack_path().read_text(encoding="utf-8")
    if dimensions is not None:
        text = text.replace("[privacy]\n", f"[privacy]\ndimensions = {dimensions}\n", 1)
    (tmp_path / name).write_text(text, encoding="utf-8")
    survey = tmp_path / "s.md"
    survey.write_text(sample_text.rstrip("\n") + f"\n\n测试用密钥 {KEY}\n", encoding="utf-8")
    return survey


def _json(args, capsys) -> dict:
    main([str(a) for a in args] + ["--format", "json"])
    return json.loads(capsys.readouterr().out)


def _privacy(d: dict) -> dict:
    return next(r for r in d["rules"] if r["id"] == "privacy")


def test_a_pack_scanning_nothing_is_no_match_not_a_pass(tmp_path, sample_text, capsys):
    d = _json([_beside(tmp_path, sample_text, "[]")], capsys)
    rule = _privacy(d)
    assert rule["status"] == "no-match"
    assert rule["scope"] == "no dimension"
    assert "nothing is scanned" in rule["note"]


def test_the_scope_names_the_dimensions_scanned(tmp_path, sample_text, capsys):
    d = _json([_beside(tmp_path, sample_text, "['org']")], capsys)
    assert _privacy(d)["scope"] == "only org codes (not ip · secrets · names · paths)"


def test_every_face_names_a_pack_beside_the_survey(tmp_path, sample_text, capsys):
    survey = _beside(tmp_path, sample_text, "['org']", name=".survey-rules.toml")
    main([str(survey)])
    first = capsys.readouterr().out.splitlines()[0]
    assert ("pack llm-infra-survey (.survey-rules.toml beside the survey, a hidden file; not the bundled pack of "
            "that name)") in first
    d = _json([survey], capsys)
    assert d["pack"] == "llm-infra-survey"
    assert d["pack_source"]["origin"] == "beside-survey"
    assert d["pack_source"]["shadows_bundled"] is True
    assert list(d)[:3] == ["file", "pack", "pack_source"]

    pack = load_pack(tmp_path / ".survey-rules.toml")
    analysis = Analyzer(pack).analyze(survey.read_text(encoding="utf-8"), file=str(survey))
    html = build_report_html(analysis, survey.read_text(encoding="utf-8"), pack_name=pack.name,
                             pack_source=pack.source, pack=pack)
    assert ("rule pack llm-infra-survey (.survey-rules.toml beside the survey, a hidden file; not the bundled pack "
            "of that name)") in html
    assert str(tmp_path) not in html  # the pack's file name, never where it lies
    zh = build_report_html(analysis, survey.read_text(encoding="utf-8"), pack_name=pack.name,
                           pack_source=pack.source, pack=pack, language="zh_CN")
    assert "综述旁的隐藏文件 .survey-rules.toml；并非同名的内置规则包" in zh


def test_the_bundled_pack_reads_as_before(sample_path, capsys):
    main([str(sample_path)])
    first = capsys.readouterr().out.splitlines()[0]
    assert " · pack llm-infra-survey · " in first
    d = _json([sample_path], capsys)
    assert d["pack_source"]["origin"] == "bundled" and d["pack_source"]["shadows_bundled"] is False
    assert _privacy(d)["scope"] == "ip · secrets · names · paths · org codes"


def test_an_exact_copy_is_named_but_not_said_to_differ(tmp_path, sample_text, capsys):
    survey = _beside(tmp_path, sample_text, None)
    main([str(survey)])
    first = capsys.readouterr().out.splitlines()[0]
    assert "pack llm-infra-survey (survey-rules.toml beside the survey) · " in first


def test_the_window_names_the_pack_file(qtbot, tmp_path):
    from ui_support import window_beside_a_pack

    window, _, _ = window_beside_a_pack(qtbot, tmp_path)
    label = window.selfcheck.pack_label
    assert label.isVisible()
    assert label.text() == "Rule pack english-markdown: survey-rules.toml beside the survey"
