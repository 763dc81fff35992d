"""CI user: `survey-check "docs/*.md"` (a pattern quoted in a CI step; PowerShell and cmd never expand one) said
"docs/*.md matches no file (the shell passed the pattern on as written)" and exited 2, though three surveys matched
it. survey-check now expands a pattern no shell expanded; one that matches nothing is still said so."""

from __future__ import annotations

import json

from editor_app import cli


def test_a_quoted_pattern_checks_the_files_it_matches(tmp_path, monkeypatch, capsys, sample_text):
    docs = tmp_path / "docs"
    (docs / "old").mkdir(parents=True)
    for name in ("b.md", "a.md", "old/c.md"):
        (docs / name).write_text(sample_text, encoding="utf-8")
    (docs / "folder.md").mkdir()  # a folder the pattern matches is no survey
    monkeypatch.chdir(tmp_path)
    assert cli.main(["docs/*.md", "--format", "json"]) == 1  # the sample's findings, nothing unusable
    captured = capsys.readouterr()
    assert [r["file"] for r in json.loads(captured.out)] == ["docs/a.md", "docs/b.md"]
    assert "matches no file" not in captured.err
    assert cli.main(["docs/**/*.md", "--format", "json"]) == 1
    assert [r["file"] for r in json.loads(capsys.readouterr().out)] == ["docs/a.md", "docs/b.md", "docs/old/c.md"]


def test_a_file_whose_name_looks_like_a_pattern_is_that_file(tmp_path, monkeypatch, capsys, sample_text):
    (tmp_path / "[draft].md").write_text(sample_text, encoding="utf-8")
    (tmp_path / "d.md").write_text(sample_text, encoding="utf-8")  # which the pattern "[draft].md" matches
    monkeypatch.chdir(tmp_path)
    assert cli.main(["[draft].md", "--format", "json"]) == 1
    assert json.loads(capsys.readouterr().out)["file"] == "[draft].md"


def test_a_pattern_that_matches_nothing_is_still_said_so(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert cli.main(["docs/*.md", "--format", "json"]) == 2
    captured = capsys.readouterr()
    assert "docs/*.md matches no file" in captured.err
    # (a pattern gives a list however many files it matches, none included: a CI parser sees one shape)
    assert json.loads(captured.out)[0]["error"].startswith("docs/*.md matches no file")
