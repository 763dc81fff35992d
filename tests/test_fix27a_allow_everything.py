"""A rule pack's `[privacy] allow_patterns` holding a pattern that matches everything ('.*', '.+', '[\\s\\S]*', '^')
switched the privacy scan off without a word: the privacy rule passed a survey full of keys, addresses and home
paths. Such a pack is now refused when it is read, with the file, line and key, as any broken pack is (survey-check
exits 2, the window keeps its pack and says why); a narrow allow pattern is taken as before."""

from __future__ import annotations

import pytest

from editor_app.cli import main
from editor_app.core.privacy import PrivacyConfig, privacy_in_line
from editor_app.core.rulepack import PackError, parse_pack
from editor_app.wording import PackErrorWords

MINIMAL = '''schema = 1
name = "t"
[counters.cjk]
regex = '[一-鿿]'
[[rules]]
id = "privacy"
kind = "privacy"
max = 0
[privacy]
names = ["Alice Zhang"]
allow_patterns = [
  '192\\.0\\.2\\.\\d+',
  'PATTERN',
]
'''
LEAKY = "key sk-proj-Ab12Cd34Ef56Gh78Ij90Kl12 on 10.3.7.21, notes in /home/alice/notes.md by Alice Zhang\n"


def pack_with(pattern: str) -> str:
    return MINIMAL.replace("PATTERN", pattern)


@pytest.mark.parametrize("pattern", [".*", ".+", r"[\s\S]*", "(?s).*", r"\S+", "^", r"\S*", "(?:)", r"[^\n]{2,}"])
def test_an_allow_pattern_matching_everything_is_refused_with_file_line_and_key(tmp_path, pattern):
    with pytest.raises(PackError) as err:
        parse_pack(pack_with(pattern), "team.toml", base_dir=tmp_path)
    e = err.value
    assert (e.path, e.line, e.key) == ("team.toml", 13, "privacy.allow_patterns[1]"), str(e)  # the item's own line
    assert repr(pattern) in e.message and ("would let every" in e.message or "matches an empty text" in e.message)


def test_the_reason_names_what_would_go_through():
    with pytest.raises(ValueError, match=r"'\.\*' would let every hit through \(it matches '10\.3\.7\.21', 'sk-proj-"):
        PrivacyConfig.from_dict({"allow_patterns": [".*"]})
    with pytest.raises(ValueError, match=r"privacy\.allow_patterns\[0\]: '\[\\\\d\.\]\+' would let every IPv4 "
                                         r"address through \(it matches '10\.3\.7\.21'\)"):
        PrivacyConfig.from_dict({"allow_patterns": [r"[\d.]+"]})
    with pytest.raises(ValueError, match="matches an empty text"):
        PrivacyConfig.from_dict({"allow_patterns": ["^"]})
    # a kind the pack does not scan is no kind let through: '.+' with only org codes scanned still lets them all
    PrivacyConfig.from_dict({"allow_patterns": [r"[\d.]+"], "dimensions": ["secret", "path"]})
    with pytest.raises(ValueError, match="would let every hit through"):
        PrivacyConfig.from_dict({"allow_patterns": [".+"], "dimensions": ["org"]})


@pytest.mark.parametrize("pattern", [r"192\.0\.2\.\d+", r"(?i)[\w.]+@example\.com", r"/home/runner/\S*", r"sk-test.*",
                                     "MIIE.*", r"10\.0\.0\.\d+", r"(?i)alice zhang", r"198\.18\.\d+\.\d+"])
def test_a_narrow_allow_pattern_is_taken_and_allows_what_it_names(tmp_path, pattern):
    pack = parse_pack(pack_with(pattern), "team.toml", base_dir=tmp_path)
    cfg = pack.privacy_config[1]
    assert [p.pattern for p in cfg.allow_patterns] == [r"192\.0\.2\.\d+", pattern]
    assert {h.dimension for h in privacy_in_line(LEAKY, cfg)} >= {"secret", "path"}  # still scanned


def test_the_probes_are_what_the_scan_finds():
    """Each probe is a hit whose whole text it is, so a pattern matching all of a kind's probes lets that kind go."""
    from editor_app.core.privacy_allow import PROBES

    cfg = PrivacyConfig.from_dict({"names": ["Alice Zhang", "陈思远", "bob"],
                                   "org_patterns": [r"(?<![A-Za-z0-9])(?:PRJ|INT|ACME)[-－]\d{3,}(?![A-Za-z0-9])"]})
    for kind, dimension, probes in PROBES:
        for probe in probes:
            line = f"password: {probe}" if kind == "password" else f"token: {probe}" if kind == "key" else probe
            found = [(h.dimension, line[h.column - 1:h.column - 1 + h.length]) for h in privacy_in_line(line, cfg)]
            assert found == [(dimension, probe)], (kind, probe, found)


def test_survey_check_exits_2_on_such_a_pack(tmp_path, capsys):
    pack = tmp_path / "team.toml"
    pack.write_text(pack_with(".*"), encoding="utf-8")
    survey = tmp_path / "s.md"
    survey.write_text("标题\n" + LEAKY, encoding="utf-8")
    assert main([str(survey), "--pack", str(pack)]) == 2
    err = capsys.readouterr().err
    assert f"{pack}:13: privacy.allow_patterns[1]: '.*' would let every hit through" in err, err


def test_the_reason_in_chinese():
    with pytest.raises(PackError) as err:
        parse_pack(pack_with(r"\S+"), "team.toml")
    said = PackErrorWords("zh_CN").error(err.value)
    assert said.startswith("team.toml:13：privacy.allow_patterns[1]：'\\\\S+' 会放过所有IPv4 地址、IPv6 地址、密钥、密码、"
                           "本地路径、组织代号（它能匹配 '10.3.7.21', "), said
    with pytest.raises(PackError) as err:
        parse_pack(pack_with("^"), "team.toml")
    assert PackErrorWords("zh_CN").error(err.value).endswith("'^' 能匹配空文本：允许模式要与命中的整段文字匹配，而命中从不为空")


def test_the_window_refuses_such_a_pack(qtbot, tmp_path, sample_text):
    from editor_app.resources_path import resource_path
    from editor_app.ui.main_window import MainWindow
    from ui_support import open_window

    survey = tmp_path / "survey.md"
    survey.write_text(sample_text, encoding="utf-8")
    team = resource_path("rulepacks", "english-markdown.toml").read_text(encoding="utf-8")
    (tmp_path / "survey-rules.toml").write_text(team.replace("org_patterns = [", "allow_patterns = ['.*']\norg_patterns = ["),
                                                encoding="utf-8")
    told = []
    MainWindow.notify, original = (lambda self, title, message: told.append(message)), MainWindow.notify
    try:
        window = open_window(qtbot, survey)
        qtbot.waitUntil(lambda: bool(told), timeout=5000)
    finally:
        MainWindow.notify = original
    assert "survey-rules.toml:" in told[-1] and "privacy.allow_patterns[0]" in told[-1], told
    assert window.pack.name == "llm-infra-survey"
