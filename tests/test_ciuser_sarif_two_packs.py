"""CI user: one `survey-check --format sarif` over a repository with Chinese surveys (the house pack) and English ones
(english-markdown beside them) described each shared rule id once, by the last pack read: the house pack's `claims`
results showed up in code review as "Stated word counts equal the measured ones". A rule id two packs title
differently now carries both titles, each naming its pack; an id with one title keeps it as it is."""

from __future__ import annotations

import json
import shutil

from editor_app import cli
from editor_app.resources_path import resource_path


def test_a_rule_id_two_packs_title_differently_names_both(tmp_path, monkeypatch, capsys, sample_text):
    (tmp_path / "zh").mkdir()
    (tmp_path / "zh" / "s.md").write_text(sample_text, encoding="utf-8")
    (tmp_path / "en").mkdir()
    shutil.copy(resource_path("rulepacks", "english-markdown.toml"), tmp_path / "en" / "survey-rules.toml")
    (tmp_path / "en" / "e.md").write_text("# Notes\n\n## 1 Intro\n\nWord count: 10\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert cli.main(["zh/s.md", "en/e.md", "--format", "sarif"]) == 1
    run = json.loads(capsys.readouterr().out)["runs"][0]
    rules = {r["id"]: r["shortDescription"]["text"] for r in run["tool"]["driver"]["rules"]}
    assert rules["claims"] == ("Self-reported figures equal the measured ones and agree (llm-infra-survey) | "
                               "Stated word counts equal the measured ones (english-markdown)")
    assert rules["cjk-total"] == "CJK characters ≤ 3,900" and rules["word-budget"] == "At most 2,500 words"
    assert {r["ruleId"] for r in run["results"]} <= set(rules)
