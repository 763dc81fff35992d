"""QA (CI): a survey that could not be checked (unreadable, binary, its rule pack broken) was left out of
`--format sarif` without a word: a code-review tool showed the run as clean for that file, and when no file could be
read stdout was empty, so the SARIF upload step failed on "not JSON". Now the run's invocation says it did not
succeed and names each file with an error notification; `--format json` names them too (`{"file", "error"}` in
their places; see test_ciuser_json_not_checked). A broken pack shared by 100 surveys is said
once, not 100 times."""

from __future__ import annotations

import json

from editor_app import cli


def _sarif(capsys) -> dict:
    return json.loads(capsys.readouterr().out)


def test_sarif_names_the_files_it_could_not_check(tmp_path, monkeypatch, capsys, sample_text):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "good.md").write_text(sample_text, encoding="utf-8")
    (tmp_path / "图 1.png.md").write_bytes(b"\x89PNG\x00\x00\x01" * 50)
    assert cli.main(["good.md", "图 1.png.md", "gone.md", "--format", "sarif"]) == 2
    run = _sarif(capsys)["runs"][0]
    assert run["results"] and {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
                                for r in run["results"]} == {"good.md"}
    (invocation,) = run["invocations"]
    assert invocation["executionSuccessful"] is False
    notes = invocation["toolExecutionNotifications"]
    assert [n["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for n in notes] == [
        "%E5%9B%BE%201.png.md", "gone.md"]
    assert all(n["level"] == "error" and n["message"]["text"] for n in notes)
    assert "binary" in notes[0]["message"]["text"] and "does not exist" in notes[1]["message"]["text"]


def test_a_clean_run_says_it_succeeded(tmp_path, monkeypatch, capsys, sample_text):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "good.md").write_text(sample_text, encoding="utf-8")
    assert cli.main(["good.md", "--format", "sarif"]) == 1  # the sample's findings
    assert _sarif(capsys)["runs"][0]["invocations"] == [{"executionSuccessful": True}]


def test_nothing_readable_still_prints_machine_output(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "empty-dir.md").mkdir()
    assert cli.main(["empty-dir.md", "missing.md", "--format", "sarif"]) == 2
    run = _sarif(capsys)["runs"][0]
    assert run["results"] == [] and len(run["invocations"][0]["toolExecutionNotifications"]) == 2
    assert cli.main(["empty-dir.md", "missing.md", "--format", "json"]) == 2
    assert [r["file"] for r in json.loads(capsys.readouterr().out)] == ["empty-dir.md", "missing.md"]


def test_a_broken_pack_is_said_once_and_every_survey_it_covers_is_named(tmp_path, monkeypatch, capsys, sample_text):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "survey-rules.toml").write_text('schema = 1\nname = "x"\n[counters.c]\nregex = "("\n', encoding="utf-8")
    names = [f"s{i}.md" for i in range(5)]
    for n in names:
        (tmp_path / n).write_text(sample_text, encoding="utf-8")
    assert cli.main([*names, "--format", "sarif"]) == 2
    captured = capsys.readouterr()
    assert captured.err.count("invalid regular expression") == 1
    assert all(f"{n}: not checked" in captured.err for n in names[1:])
    notes = json.loads(captured.out)["runs"][0]["invocations"][0]["toolExecutionNotifications"]
    assert len(notes) == 5 and all("survey-rules.toml:4" in n["message"]["text"] for n in notes)
