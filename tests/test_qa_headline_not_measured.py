"""QA: with nothing failing but verifiability not yet measured (no Verify all), the status bar said "all rules
pass"; a rule that could not be measured has not passed, and the status bar now says so."""

from __future__ import annotations

from pathlib import Path

from editor_app.core.analyze import analyze
from editor_app.core.rulepack import parse_pack
from editor_app.resources_path import resource_path
from editor_app.ui.headline import headline

QM = Path(__file__).resolve().parent.parent / "resources" / "i18n" / "survey_editor_zh_CN.qm"


def _pack_with_verifiability():
    """The house pack with two rules: the CJK budget and verifiability (which needs Verify all to be measured)."""
    source = resource_path("rulepacks", "llm-infra-survey.toml").read_text(encoding="utf-8")
    head, *rules = source.split("[[rules]]")
    kept = []
    for rule in rules:
        body = rule.split("\n[", 1)[0] if "\n[" in rule else rule  # up to the next table ([claims], [privacy] …)
        if 'id = "cjk-total"' in body or 'id = "verifiability"' in body:
            kept.append("[[rules]]" + body)
    return parse_pack(head + "\n".join(kept), "team.toml")


def test_the_status_bar_does_not_say_all_rules_pass_while_one_is_not_measured(qapp, sample_text):
    pack = _pack_with_verifiability()
    analysis = analyze(sample_text, pack)
    assert {r.id: r.status for r in analysis.rules} == {"cjk-total": "pass", "verifiability": "not-measured"}
    text, ok = headline(analysis, pack)
    assert "all rules pass" not in text  # before: "CJK 3,838/3,900 · all rules pass"
    assert text == "CJK 3,838/3,900 · no rule fails, 1 not measured"
    assert ok  # nothing fails: still green


def test_in_chinese(qapp, sample_text):
    from PySide6.QtCore import QCoreApplication, QTranslator

    translator = QTranslator()
    assert translator.load(str(QM))
    QCoreApplication.installTranslator(translator)
    try:
        pack = _pack_with_verifiability()
        text, _ok = headline(analyze(sample_text, pack), pack)
        assert text == "CJK 3,838/3,900 · 没有规则未通过，1 条未测量"
    finally:
        QCoreApplication.removeTranslator(translator)
