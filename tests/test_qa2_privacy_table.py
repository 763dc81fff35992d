"""QA: a broken [privacy] table of a rule pack is refused like any other broken key: file, line and key, when the
pack is loaded (so the window keeps the last usable pack instead of failing every analysis)."""

from __future__ import annotations

import pytest

from editor_app.cli import main
from editor_app.core.analyze import analyze
from editor_app.core.rulepack import PackError, parse_pack

MINIMAL = '''schema = 1
name = "t"
[counters.cjk]
regex = '[一-鿿]'
[[rules]]
id = "privacy"
kind = "privacy"
max = 0
'''


@pytest.mark.parametrize(
    "body,line,key,says",
    [
        ("[privacy]\norg_patterns = ['PRJ-(']\n", 10, "privacy.org_patterns[0]", "invalid regular expression: missing ),"),
        ("[privacy]\nsecret_min_length = 0\n", 10, "privacy.secret_min_length", "must be a positive integer"),
        ("[privacy]\nnames_file = 'nobody.txt'\n", 10, "privacy.names_file", "cannot read"),
        ("[privacy]\nallow_ips = ['10.0.0.0/33']\n", 10, "privacy.allow_ips[0]", "not an address or network"),
        ("[privacy]\ndimension = ['ip']\n", 10, "privacy.dimension", "unknown key"),
    ],
)
def test_a_broken_privacy_key_names_file_line_and_key(tmp_path, body, line, key, says):
    """Before: "team.toml: privacy.org_patterns[0]: invalid regular expression …" from the CLI (no line), and the window's
    analyses all failed ("Analysis failed: ValueError: …") while the pack counted as loaded."""
    with pytest.raises(PackError) as err:
        parse_pack(MINIMAL + body, "team.toml", base_dir=tmp_path)
    e = err.value
    assert (e.path, e.line, e.key) == ("team.toml", line, key), str(e)
    assert str(e).startswith(f"team.toml:{line}: {key}: ") and says in str(e)


def test_survey_check_says_where_the_privacy_table_is_broken(tmp_path, capsys):
    pack = tmp_path / "team.toml"
    pack.write_text(MINIMAL + "[privacy]\norg_patterns = ['PRJ-(']\n", encoding="utf-8")
    survey = tmp_path / "s.md"
    survey.write_text("标题\n正文\n", encoding="utf-8")
    assert main([str(survey), "--pack", str(pack)]) == 2
    err = capsys.readouterr().err
    assert f"{pack}:10: privacy.org_patterns[0]: invalid regular expression: missing )," in err, err


def test_a_good_privacy_table_still_scans(tmp_path):
    pack = parse_pack(MINIMAL + "[privacy]\nnames = ['陈思远']\norg_patterns = ['ACME-\\d{3}']\n", "team.toml",
                      base_dir=tmp_path)
    a = analyze("标题\n陈思远 ACME-123 10.1.2.3\n", pack)
    assert sorted(h.dimension for h in a.privacy) == ["ip", "name", "org"]


def test_the_window_refuses_a_pack_whose_privacy_table_is_broken(qtbot, tmp_path, sample_text):
    """Before: the pack was taken, and every analysis failed ("Analysis failed: ValueError: privacy.…")."""
    from editor_app.resources_path import resource_path
    from editor_app.ui.main_window import MainWindow
    from ui_support import open_window

    survey = tmp_path / "survey.md"
    survey.write_text(sample_text, encoding="utf-8")
    team = resource_path("rulepacks", "english-markdown.toml").read_text(encoding="utf-8")
    (tmp_path / "survey-rules.toml").write_text(team.replace("org_patterns = [", "org_patterns = ['PRJ-(', "),
                                                encoding="utf-8")
    told = []
    MainWindow.notify, original = (lambda self, title, message: told.append(message)), MainWindow.notify
    try:
        window = open_window(qtbot, survey)
        qtbot.waitUntil(lambda: bool(told), timeout=5000)
    finally:
        MainWindow.notify = original
    assert "survey-rules.toml:" in told[-1] and "privacy.org_patterns[0]" in told[-1]
    assert window.pack.name == "llm-infra-survey"
    assert "failed" not in window.headline_label.text()
