"""QA: the report's first page said "Clean. Every error-level rule passes" for a survey whose counter-argument
rules matched no section (the status bar and survey-check: "7 rules failing", exit 1) or whose verifiability was
never measured; such a survey is now listed as not ready (a scope that matches nothing) or "not fully checked"
(rules not measured), and `survey-check --export` asks for --force in the first case, as for a failing rule."""

from __future__ import annotations

from dataclasses import replace

from editor_app import cli
from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack
from editor_app.services.report import build_report_html

SMALL = "一、引言\n这是一个测试综述 " + "⚠️ " * 10 + "\n四、视角\n4.4 法律 / 监管\n法律与监管。\n"


def _box(html: str) -> str:
    return html[html.index('<table class="summary'): html.index('<div class="toc"')]


def test_rules_whose_scope_matches_nothing_are_not_clean(qapp):
    analysis = analyze(SMALL, house_pack())
    no_match = [r.id for r in analysis.rules if r.status == "no-match" and r.level == "error"]
    assert "counter-argument-length" in no_match and not analysis.failing_rules("error")
    box = _box(build_report_html(analysis, SMALL, pack_name="llm-infra-survey", pack_source=""))
    assert "Clean." not in box and "Not ready to publish" in box  # before: "Clean. Every error-level rule passes"
    assert "counter-argument-length" in box and "0 sections matched" in box


def test_an_unmeasured_rule_is_not_fully_checked(qapp, sample_text):
    analysis = analyze(sample_text, house_pack())
    assert {r.id: r.status for r in analysis.rules}["verifiability"] == "not-measured"
    kept = [r for r in analysis.rules if r.status != "fail"]
    # (their findings go with the rules: an error-level finding left behind fails the survey as survey-check has it)
    clean = replace(analysis, rules=kept, findings=[f for f in analysis.findings if f.rule in {r.id for r in kept}],
                    privacy=[])
    box = _box(build_report_html(clean, sample_text, pack_name="llm-infra-survey", pack_source=""))
    assert "Clean." not in box and "Not fully checked" in box and "verifiability" in box


def test_survey_check_export_asks_for_force_when_a_scope_matches_nothing(tmp_path, capsys):
    survey = tmp_path / "s.md"
    survey.write_text(SMALL, encoding="utf-8")
    out = tmp_path / "r.html"
    assert cli.main([str(survey), "--export", str(out)]) == 1
    assert not out.exists() and "counter-argument-length" in capsys.readouterr().err
