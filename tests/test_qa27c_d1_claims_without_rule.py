"""QA27c D1: a pack with [[claims.patterns]] (or a sum_metric) and no rule of kind "claims" never ran the claims
audit: survey-check said "Claims: 0 self-reported figures, 0 wrong" and exited 0 on a survey whose stated figures were
all wrong, and README's own example pack was such a pack. Such a pack is now refused (exit 2), naming the file, line
and key and the rule to add; README's example has the rule and audits the sample's figures."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from pack_support import MINIMAL

from editor_app import cli
from editor_app.core.rulepack import PackError, parse_pack
from editor_app.resources_path import sample_survey_path
from editor_app.wording import PackErrorWords

PATTERN = "[[claims.patterns]]\nmetric = 'cjk'\npattern = 'CJK\\s*(?P<value>\\d+)'\n"
CLAIMS_RULE = '[[rules]]\nid = "claims"\nkind = "claims"\n'
SURVEY = "# 调研\n\n## 1 背景\n\n正文正文正文。CJK 2\n"  # states 2 CJK characters; it has 10


def _readme_example() -> str:
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    return re.search(r'```toml\n(schema = 1\nname = "my-team".*?)```', readme, re.S).group(1)


def test_claim_patterns_without_a_claims_rule_are_refused_where_they_are_written():
    with pytest.raises(PackError) as err:
        parse_pack(MINIMAL + PATTERN, "team.toml")
    assert (err.value.line, err.value.key) == (10, "claims.patterns"), str(err.value)  # the [[claims.patterns]] line
    assert 'add a [[rules]] table with kind = "claims"' in err.value.message
    zh = PackErrorWords("zh_CN").error(err.value)
    assert zh.startswith("team.toml:10：claims.patterns：未使用：没有规则审计自报数字") and "kind = \"claims\"" in zh, zh


def test_a_sum_metric_without_a_claims_rule_is_refused_at_its_line():
    with pytest.raises(PackError) as err:
        parse_pack(MINIMAL + "[claims]\nsum_metric = 'cjk'\n", "team.toml")
    assert (err.value.line, err.value.key) == (11, "claims.sum_metric"), str(err.value)


def test_with_the_rule_the_figures_are_audited(tmp_path, capsys):
    survey = tmp_path / "s.md"
    survey.write_text(SURVEY, encoding="utf-8")
    broken, good = tmp_path / "broken.toml", tmp_path / "good.toml"
    broken.write_text(MINIMAL + PATTERN, encoding="utf-8")
    good.write_text(MINIMAL + CLAIMS_RULE + PATTERN, encoding="utf-8")
    assert cli.main([str(survey), "--pack", str(broken)]) == 2  # before: 0, "0 self-reported figures"
    assert "broken rule pack" in capsys.readouterr().err
    assert cli.main([str(survey), "--pack", str(good), "--format", "json"]) == 1
    claims = json.loads(capsys.readouterr().out)["claims"]
    assert [(c["claimed"], c["measured"], c["ok"]) for c in claims] == [(2, 10, False)]


def test_readme_s_example_pack_run_verbatim_on_the_sample_audits_its_figures(tmp_path, capsys):
    pack = tmp_path / "ex.toml"
    pack.write_text(_readme_example(), encoding="utf-8")
    assert cli.main([str(sample_survey_path()), "--pack", str(pack), "--format", "json"]) == 1  # before: 0
    out = json.loads(capsys.readouterr().out)
    assert len(out["claims"]) == 13  # before: 0
    assert sum(1 for c in out["claims"] if c["ok"] is False) == 3
