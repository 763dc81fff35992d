"""CI user: `survey-check FILE --format json` on a FILE it could not check (missing, binary, its rule pack broken)
printed nothing on stdout, only a stderr line, so a CI step parsing stdout failed on "not JSON"; for several FILEs the
list silently left the file out. SARIF already named it (an error notification); JSON now says the same: the FILE
keeps its place as `{"file", "error"}`, and the exit status stays 2."""

from __future__ import annotations

import json

from editor_app import cli

BROKEN_PACK = 'schema = 1\nname = "x"\n[counters.c]\nregex = "("\n[[rules]]\nid = "a"\nkind = "count"\ncounter = "c"\n'


def test_one_missing_file_is_a_json_object_carrying_the_error(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert cli.main(["gone.md", "--format", "json"]) == 2
    captured = capsys.readouterr()
    assert json.loads(captured.out) == {"file": "gone.md", "error": "gone.md does not exist."}
    assert "gone.md does not exist" in captured.err


def test_one_survey_with_a_broken_pack_is_a_json_object_naming_the_pack(tmp_path, monkeypatch, capsys, sample_text):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "survey-rules.toml").write_text(BROKEN_PACK, encoding="utf-8")
    (tmp_path / "s.md").write_text(sample_text, encoding="utf-8")
    assert cli.main(["s.md", "--format", "json"]) == 2
    report = json.loads(capsys.readouterr().out)
    assert report["file"] == "s.md"
    assert "broken rule pack" in report["error"] and "survey-rules.toml:4" in report["error"]


def test_several_files_keep_their_places_good_and_bad(tmp_path, monkeypatch, capsys, sample_text):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "good.md").write_text(sample_text, encoding="utf-8")
    (tmp_path / "bin.md").write_bytes(b"\x89PNG\x00\x00\x01" * 50)
    assert cli.main(["bin.md", "good.md", "gone.md", "--format", "json"]) == 2
    reports = json.loads(capsys.readouterr().out)
    assert [r["file"] for r in reports] == ["bin.md", "good.md", "gone.md"]
    assert "binary" in reports[0]["error"] and "does not exist" in reports[2]["error"]
    assert "error" not in reports[1] and reports[1]["findings"] and reports[1]["metrics"]["cjk"] == 3838


def test_json_and_sarif_name_the_same_unchecked_files(tmp_path, monkeypatch, capsys, sample_text):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "good.md").write_text(sample_text, encoding="utf-8")
    args = ["good.md", "gone.md", "also gone.md"]
    assert cli.main([*args, "--format", "json"]) == 2
    in_json = {r["file"]: r["error"] for r in json.loads(capsys.readouterr().out) if "error" in r}
    assert cli.main([*args, "--format", "sarif"]) == 2
    notes = json.loads(capsys.readouterr().out)["runs"][0]["invocations"][0]["toolExecutionNotifications"]
    in_sarif = {n["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].replace("%20", " "):
                n["message"]["text"] for n in notes}
    assert in_json == in_sarif and len(in_json) == 2
