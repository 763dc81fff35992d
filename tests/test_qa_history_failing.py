"""QA: a rule whose scope matches nothing counts as failing in the status bar and in survey-check ("5 rules
failing"), but History listed the snapshot with one failing rule fewer; it now lists the same number."""

from __future__ import annotations

from editor_app.core.analyze import Analyzer
from editor_app.core.rulepack import load_pack
from editor_app.resources_path import resource_path
from editor_app.services.history import headline_figures, list_snapshots, record_snapshot

SURVEY = """# KV cache survey

TODO: check the figures.

## Serving engines

SGLang ~16,200 vs vLLM ~12,500 tok/s on H100.

## Limitations

Short.

## References

- arXiv:2609.11582
"""


def test_history_counts_failing_rules_as_the_status_bar_does(tmp_path):
    pack = load_pack(resource_path("rulepacks", "english-markdown.toml"))
    analysis = Analyzer(pack).analyze(SURVEY)
    assert any(r.status == "no-match" and r.level == "warning" for r in analysis.rules)  # the claims rule
    failing = analysis.failing_count()
    assert headline_figures(analysis.to_dict())["failing"] == failing

    from editor_app.services.database import open_database

    db = open_database(tmp_path / "h.db").db
    survey = tmp_path / "s.md"
    survey.write_text(SURVEY, encoding="utf-8")
    record_snapshot(db, path=survey, text=SURVEY, analysis=analysis.to_dict(), kind="cli")
    (row,) = list_snapshots(db, survey)
    assert row["failing"] == failing


def test_a_matching_info_rule_is_still_not_failing():
    analysis = {"metrics": {}, "rules": [
        {"id": "a", "status": "fail", "level": "info"},
        {"id": "b", "status": "no-match", "level": "error"},
        {"id": "c", "status": "fail", "level": "warning"},
        {"id": "d", "status": "pass", "level": "error"},
    ]}
    assert headline_figures(analysis)["failing"] == 2
    assert headline_figures(analysis)["errors"] == 1
