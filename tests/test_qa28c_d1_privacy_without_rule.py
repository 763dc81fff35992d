"""QA28c D1: README's example pack had a [privacy] table (an internal code pattern) and no rule of kind "privacy":
survey-check passed (exit 0, not a word of them) a survey holding an internal project code, an IP address and a
password, which the window showed on red and the report refused to export. A [privacy] table without a privacy rule
is now refused, at its line, naming the rule to add; README's example has the rule and fails on such a survey."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from pack_support import MINIMAL

from editor_app import cli
from editor_app.core.rulepack import PackError, parse_pack
from editor_app.wording import PackErrorWords

PRIVACY = "[privacy]\norg_patterns = ['PRJ-\\d{3,}']\n"
RULE = '[[rules]]\nid = "privacy"\nkind = "privacy"\n'
SURVEY = "一、测试\n内部项目 PRJ-1234 的服务器 10.1.2.3，密码 Xk9#mP2vL7qZ。\nSpark · 2026-09-14\n"


def _readme_example() -> str:
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    return re.search(r'```toml\n(schema = 1\nname = "my-team".*?)```', readme, re.S).group(1)


def test_a_privacy_table_without_a_privacy_rule_is_refused_at_its_line():
    source = MINIMAL + PRIVACY
    with pytest.raises(PackError) as err:
        parse_pack(source, "team.toml")
    assert err.value.line == source.split("\n").index("[privacy]") + 1, str(err.value)
    assert err.value.key == "privacy" and 'kind = "privacy"' in err.value.message
    zh = PackErrorWords("zh_CN").error(err.value)
    assert "未使用：没有规则评判私域数据扫描" in zh and "[privacy]" in zh, zh


def test_with_the_rule_the_table_is_taken():
    pack = parse_pack(MINIMAL + RULE + PRIVACY, "team.toml")
    assert any(rule.kind == "privacy" for rule in pack.rules)


def test_readme_s_example_pack_fails_a_survey_holding_private_data(tmp_path, capsys):
    pack, survey = tmp_path / "ex.toml", tmp_path / "s.md"
    pack.write_text(_readme_example(), encoding="utf-8")
    survey.write_text(SURVEY, encoding="utf-8")
    assert cli.main([str(survey), "--pack", str(pack), "--format", "json"]) == 1  # before: 0
    found = json.loads(capsys.readouterr().out)
    assert sorted(h["dimension"] for h in found["privacy"]) == ["ip", "org", "secret"]
    assert any(f["rule"] == "privacy" and f["level"] == "error" for f in found["findings"])
