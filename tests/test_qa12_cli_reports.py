"""QA (qa12): what survey-check prints, in every format, for a CI reader.

- D3: with --export refused (failing rules, several FILEs), stdout got nothing: a CI step saving it as
  results.sarif had an empty file, which is not SARIF. The report is now printed first, the export after it.
"""

from __future__ import annotations

import json

from editor_app.cli import main


def run(args, capsys):
    code = main([str(a) for a in args])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_a_refused_export_still_prints_the_sarif_document(sample_path, tmp_path, capsys):
    code, out, err = run([sample_path, "--export", tmp_path / "r.html", "--format", "sarif"], capsys)
    assert code == 1 and "not exporting" in err and not (tmp_path / "r.html").exists()
    assert json.loads(out)["version"] == "2.1.0"


def test_export_of_several_files_still_prints_the_json_list(sample_path, tmp_path, capsys):
    good = tmp_path / "good.md"
    good.write_text("# G\n", encoding="utf-8")
    code, out, err = run([sample_path, good, "--export", tmp_path / "r.html", "--format", "json"], capsys)
    assert code == 2 and "--export takes exactly one FILE" in err
    assert [d["file"] for d in json.loads(out)] == [str(sample_path), str(good)]
