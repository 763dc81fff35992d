"""QA: `survey-check --format sarif` wrote a relative file name as it is ("中文 目录/综述#1.md"): not a URI, so
code-review tools read "#1.md" as a fragment and looked for another file; it is percent-encoded now, like the
file:// URI of an absolute path."""

from __future__ import annotations

import json
from urllib.parse import unquote, urlsplit

from editor_app import cli


def test_sarif_names_a_relative_file_with_spaces_and_hash_as_a_uri(tmp_path, monkeypatch, capsys, sample_text):
    folder = tmp_path / "中文 目录"
    folder.mkdir()
    (folder / "综述#1.md").write_text(sample_text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert cli.main(["中文 目录/综述#1.md", "--format", "sarif"]) == 1
    results = json.loads(capsys.readouterr().out)["runs"][0]["results"]
    uri = results[0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
    parts = urlsplit(uri)
    assert not parts.fragment and " " not in uri and not parts.scheme
    assert unquote(parts.path) == "中文 目录/综述#1.md"  # still relative: resolved against the repository
