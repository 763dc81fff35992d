"""CI user: `survey-check "$GITHUB_WORKSPACE"/docs/a.md --format sarif` wrote file:///home/runner/… as the result's
artifactLocation.uri, a path of one CI machine, where a code-review tool expects a path relative to the repository
(the working directory). An absolute path inside the working directory is now written relative to it; one outside
stays a file:// URI."""

from __future__ import annotations

import json

from editor_app import cli


def _uris(capsys) -> set[str]:
    run = json.loads(capsys.readouterr().out)["runs"][0]
    return {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in run["results"]}


def test_an_absolute_path_inside_the_working_directory_is_written_relative(tmp_path, monkeypatch, capsys,
                                                                          sample_text):
    (tmp_path / "docs").mkdir()
    survey = tmp_path / "docs" / "综述 1.md"
    survey.write_text(sample_text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert cli.main([str(survey), "--format", "sarif"]) == 1
    assert _uris(capsys) == {"docs/%E7%BB%BC%E8%BF%B0%201.md"}
    assert cli.main(["docs/综述 1.md", "--format", "sarif"]) == 1  # the same name either way
    assert _uris(capsys) == {"docs/%E7%BB%BC%E8%BF%B0%201.md"}


def test_an_absolute_path_outside_the_working_directory_stays_a_file_uri(tmp_path, monkeypatch, capsys,
                                                                        sample_text):
    (tmp_path / "repo").mkdir()
    survey = tmp_path / "elsewhere.md"
    survey.write_text(sample_text, encoding="utf-8")
    monkeypatch.chdir(tmp_path / "repo")
    assert cli.main([str(survey), "--format", "sarif"]) == 1
    assert _uris(capsys) == {survey.resolve().as_uri()}
