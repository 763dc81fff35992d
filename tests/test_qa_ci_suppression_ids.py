"""QA: a misspelt rule id in a suppression comment (`disable no-tod`) said only "unknown rule id 'no-tod'", where a
misspelt key in the pack says which one was meant; and in `--format sarif` its finding named a rule ("suppression")
that the run's rules did not describe, as SARIF consumers expect every result's rule to be."""

from __future__ import annotations

import json

from pack_support import MINIMAL

from editor_app import cli
from editor_app.wording import EngineText

PACK = MINIMAL + '[[rules]]\nid = "no-todo"\nkind = "forbidden-pattern"\npattern = "TODO"\nlevel = "warning"\n'


def test_a_misspelt_id_in_a_suppression_comment_names_the_rule_meant(tmp_path, capsys):
    pack = tmp_path / "team.toml"
    pack.write_text(PACK, encoding="utf-8")
    survey = tmp_path / "s.md"
    survey.write_text("一、引言\nTODO 补充 <!-- survey-check disable no-tod, zzz -->\n", encoding="utf-8")
    assert cli.main([str(survey), "--pack", str(pack), "--format", "sarif"]) == 0
    run = json.loads(capsys.readouterr().out)["runs"][0]
    said = [r["message"]["text"] for r in run["results"] if r["ruleId"] == "suppression"]
    assert said == ["unknown rule id 'no-tod' in suppression comment; did you mean \"no-todo\"?",
                    "unknown rule id 'zzz' in suppression comment"]
    described = {d["id"]: d["shortDescription"]["text"] for d in run["tool"]["driver"]["rules"]}
    assert {r["ruleId"] for r in run["results"]} <= set(described)
    assert described["suppression"] == "Suppression comments name rules of the pack"
    zh = EngineText("zh_CN")
    assert zh(said[0]) == "豁免注释中的规则 id 'no-tod' 不存在；是否想写 \"no-todo\"？"
    assert zh(said[1]) == "豁免注释中的规则 id 'zzz' 不存在"
