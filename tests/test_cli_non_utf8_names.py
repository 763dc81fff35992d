"""A survey whose file name is not UTF-8 (a Latin-1 "café.md" copied from an old machine) is checked like any other.

Python hands such a name over with lone surrogates ("caf\\udce9.md"); JSON, SARIF, the history database and the
report are UTF-8, and survey-check stopped with a UnicodeEncodeError traceback in each of them."""

from __future__ import annotations

import json
import os

import pytest

from editor_app.cli import main


@pytest.fixture
def latin1_named(tmp_path, sample_text, monkeypatch):
    monkeypatch.chdir(tmp_path)
    name = os.fsdecode(b"caf\xe9.md")
    try:
        with open(name, "w", encoding="utf-8") as fh:
            fh.write(sample_text)
    except (OSError, UnicodeError):
        pytest.skip("this file system takes only UTF-8 names")
    return name


def test_text_json_and_sarif_name_the_file(latin1_named, capsys):
    assert main([latin1_named]) == 1
    assert capsys.readouterr().out.startswith("caf\ufffd.md · pack llm-infra-survey")
    assert main([latin1_named, "--format", "json"]) == 1
    assert json.loads(capsys.readouterr().out)["file"] == "caf\ufffd.md"
    assert main([latin1_named, "--format", "sarif"]) == 1
    run = json.loads(capsys.readouterr().out)["runs"][0]
    assert {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in run["results"]} == {"caf%E9.md"}


def test_it_is_recorded_listed_and_exported(latin1_named, capsys, tmp_path):
    db = str(tmp_path / "h.db")
    assert main([latin1_named, "--record", "--db", db]) == 1
    capsys.readouterr()
    assert main(["history", latin1_named, "--format", "json", "--db", db]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert listed["file"] == "caf\ufffd.md" and len(listed["snapshots"]) == 1
    assert listed["snapshots"][0]["path"].endswith("caf\\xe9.md")  # one spelling per file, its byte kept
    out = os.fsdecode(b"r\xe9port.html")
    assert main([latin1_named, "--export", out, "--force"]) == 1
    assert "caf\ufffd.md" in open(out, encoding="utf-8").read()
