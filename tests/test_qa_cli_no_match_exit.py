"""QA: `survey-check clean.md --fail-level warning` on a survey that states no figures about itself printed
"1 rule failing" (claims: no match, a warning) and exited 0, so CI passed; it now exits 1, as the line says."""

from __future__ import annotations

from editor_app import cli
from editor_app.resources_path import resource_path

BODY = " ".join(["word"] * 125)
CLEAN = f"# Serving notes\n\nvLLM and SGLang are both fine.\n\n## Limitations\n\n{BODY}\n\n## References\n\nNone.\n"


def test_a_warning_rule_that_matches_nothing_fails_at_fail_level_warning(tmp_path, capsys):
    survey = tmp_path / "clean.md"
    survey.write_text(CLEAN, encoding="utf-8")
    pack = str(resource_path("rulepacks", "english-markdown.toml"))
    assert cli.main([str(survey), "--pack", pack, "--fail-level", "warning"]) == 1  # before: 0
    assert "1 rule failing" in capsys.readouterr().out
    assert cli.main([str(survey), "--pack", pack]) == 0  # a warning does not fail at the default level


def test_the_claims_rule_matching_nothing_is_a_finding_in_json_and_sarif(tmp_path, capsys):
    """The failing rule is also said where findings are read (the text report's findings, SARIF for code review),
    as a count rule whose scope matches nothing is: before, JSON had failing_rules 1 and no finding at all."""
    import json

    survey = tmp_path / "clean.md"
    survey.write_text(CLEAN, encoding="utf-8")
    pack = str(resource_path("rulepacks", "english-markdown.toml"))
    cli.main([str(survey), "--pack", pack, "--format", "json"])
    report = json.loads(capsys.readouterr().out)
    report = report[0] if isinstance(report, list) else report
    found = [f for f in report["findings"] if f["rule"] == "claims"]
    assert [f["message"] for f in found] == ["Stated word counts equal the measured ones: no self-reported figures found"]
    cli.main([str(survey), "--pack", pack, "--format", "sarif"])
    sarif = json.loads(capsys.readouterr().out)
    assert any(r["ruleId"] == "claims" for r in sarif["runs"][0]["results"])
