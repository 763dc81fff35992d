"""QA27a D2: when the rule pack beside a survey was broken, the first survey it left unchecked was never named on
stderr (only the pack's error was), the later ones were ("c.md: not checked: its rule pack … is broken"): in a CI
log of many surveys the maintainer could not see which one was skipped. The pack's error is said once, and every
survey it leaves unchecked is named, the first too."""

from __future__ import annotations

from editor_app import cli

BROKEN_PACK = 'schema = 1\nname = "x"\n[counters.c]\nregex = "a"\n[[rules]]\nid = "a"\nkind = "count"\ncounter = "c"\nmin = "20%"\n'


def _stderr_lines(capsys) -> list[str]:
    return [line for line in capsys.readouterr().err.splitlines() if line]


def test_every_survey_beside_a_broken_pack_is_named(tmp_path, monkeypatch, capsys, sample_text):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "broken").mkdir()
    (tmp_path / "broken" / "survey-rules.toml").write_text(BROKEN_PACK, encoding="utf-8")
    for name in ("b.md", "c.md"):
        (tmp_path / "broken" / name).write_text(sample_text, encoding="utf-8")
    (tmp_path / "good.md").write_text(sample_text, encoding="utf-8")
    assert cli.main(["broken/b.md", "broken/c.md", "good.md"]) == 2
    err = _stderr_lines(capsys)
    pack = tmp_path / "broken" / "survey-rules.toml"
    assert err[0] == f"survey-check: broken rule pack: {pack}:9: rules[0].min: must be a number (found '20%')"
    assert f"survey-check: broken/b.md: not checked: its rule pack {pack} is broken" in err
    assert f"survey-check: broken/c.md: not checked: its rule pack {pack} is broken" in err
    assert sum("broken rule pack" in line for line in err) == 1  # the pack's error once, not once per survey


def test_one_survey_with_a_broken_pack_is_named_too(tmp_path, monkeypatch, capsys, sample_text):
    monkeypatch.chdir(tmp_path)
    pack = tmp_path / "team.toml"
    pack.write_text(BROKEN_PACK, encoding="utf-8")
    (tmp_path / "good.md").write_text(sample_text, encoding="utf-8")
    assert cli.main(["--pack", str(pack), "good.md"]) == 2
    err = _stderr_lines(capsys)
    assert err == [f"survey-check: broken rule pack: {pack}:9: rules[0].min: must be a number (found '20%')",
                   f"survey-check: good.md: not checked: its rule pack {pack} is broken"]


def test_json_and_sarif_still_carry_the_packs_error(tmp_path, monkeypatch, capsys, sample_text):
    import json

    monkeypatch.chdir(tmp_path)
    (tmp_path / "survey-rules.toml").write_text(BROKEN_PACK, encoding="utf-8")
    (tmp_path / "b.md").write_text(sample_text, encoding="utf-8")
    assert cli.main(["b.md", "--format", "json"]) == 2
    captured = capsys.readouterr()
    assert json.loads(captured.out)["error"].startswith("broken rule pack: ")
    assert "b.md: not checked: its rule pack" in captured.err
