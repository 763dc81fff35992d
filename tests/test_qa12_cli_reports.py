"""QA (qa12): what survey-check prints, in every format, for a CI reader.

- D3: with --export refused (failing rules, several FILEs), stdout got nothing: a CI step saving it as
  results.sarif had an empty file, which is not SARIF. The report is now printed first, the export after it.
"""

from __future__ import annotations

import json

from editor_app.cli import main
from pack_support import lines_pack


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


LONG_ID = "no-todo-markers-left-in-the-published-text"
MINI = lines_pack(f"""id = "{LONG_ID}"
kind = "forbidden-pattern"
pattern = 'TODO'
level = "warning"
""")


def test_a_rule_id_is_never_cut_in_the_text_report(tmp_path, capsys, monkeypatch):
    """D4: the RULE column was cut at 28 columns whatever the width ("no-todo-markers-left-in-the…")."""
    pack = tmp_path / "long.toml"
    pack.write_text(MINI, encoding="utf-8")
    survey = tmp_path / "warn.md"
    survey.write_text("# W\n\nA TODO.\n", encoding="utf-8")
    for columns in (None, "200", "80", "40"):
        if columns is None:
            monkeypatch.delenv("COLUMNS", raising=False)
        else:
            monkeypatch.setenv("COLUMNS", columns)
        out = run([survey, "--pack", pack], capsys)[1]
        assert any(line.startswith(LONG_ID + " ") for line in out.splitlines()), (columns, out)


def test_a_report_to_a_file_cuts_no_cell(sample_path, capsys):
    """D5: to a file or a CI log the fixed limits cut six cells of the sample's report, the actionable end of the
    verifiability note among them."""
    out = run([sample_path], capsys)[1]
    assert out.count("…") == out.count("… not measured")  # only the status mark's own "…"
    assert "main-citations (5 main citations; run arXiv verification to measure)" in out


def _good(folder, name="a.md"):
    folder.mkdir(exist_ok=True)
    f = folder / name
    f.write_text("# G\n\nfine\n", encoding="utf-8")
    return f


def test_a_pattern_gives_a_json_list_however_many_files_it_matches(tmp_path, capsys):
    """D6: a quoted pattern matching one file gave one object, matching two a list: a CI script written for the
    usual case broke on a folder holding one survey."""
    one, two = tmp_path / "one", tmp_path / "two"
    _good(one)
    _good(two), _good(two, "b.md")
    pack = tmp_path / "mini.toml"
    pack.write_text(MINI, encoding="utf-8")
    for folder, n in ((one, 1), (two, 2)):
        code, out, _ = run([str(folder / "*.md"), "--pack", pack, "--format", "json"], capsys)
        assert code == 0 and isinstance(json.loads(out), list) and len(json.loads(out)) == n
    code, out, _ = run([str(tmp_path / "none" / "*.md"), "--format", "json"], capsys)
    assert code == 2 and [set(d) for d in json.loads(out)] == [{"file", "error"}]
    code, out, _ = run([one / "a.md", "--format", "json"], capsys)
    assert isinstance(json.loads(out), dict)  # one FILE named as it is: the object alone, as documented


def test_a_file_named_twice_is_checked_once(tmp_path, capsys, monkeypatch):
    """D10: `warn.md ./warn.md "w*.md"` gave three identical SARIF results, and the summary counted 3 files."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "warn.md").write_text("# W\n\nA TODO.\n", encoding="utf-8")
    (tmp_path / "mini.toml").write_text(MINI, encoding="utf-8")
    code, out, _ = run(["warn.md", "./warn.md", "w*.md", "--pack", "mini.toml", "--format", "json"], capsys)
    assert [d["file"] for d in json.loads(out)] == ["warn.md"]
    code, out, _ = run(["warn.md", "./warn.md", "w*.md", "--pack", "mini.toml"], capsys)
    assert out.rstrip().endswith("1 file: 1 pass, 0 fail at --fail-level error, 0 not checked (exit 0)")


def test_an_error_level_rule_not_measured_is_in_the_sarif(tmp_path, capsys):
    """D11: a house rule that could not be measured (verifiability without --verify) gave SARIF `results: []`: a
    code-review tool showed the survey clean. The exit status stays 0 (not measured is not failing)."""
    pack = tmp_path / "ver.toml"
    pack.write_text(MINI + '[[rules]]\nid = "verifiability"\nkind = "verifiability"\nscope = "document"\n'
                    'min = 0.2\n', encoding="utf-8")
    survey = tmp_path / "cite.md"
    survey.write_text("# Good\n\nSee arXiv:2609.11582 for it.\n", encoding="utf-8")
    code, out, _ = run([survey, "--pack", pack, "--format", "sarif"], capsys)
    assert code == 0
    (result,) = json.loads(out)["runs"][0]["results"]
    assert (result["ruleId"], result["kind"], result["level"]) == ("verifiability", "open", "none")
    assert result["message"]["text"].startswith("error-level rule verifiability not measured: ")


def test_the_first_line_says_what_fails_when_no_rule_does(tmp_path, capsys):
    """D14: at --fail-level warning a suppression comment naming an unknown rule sets exit 1, and the first line
    read "0 rules failing"."""
    pack = tmp_path / "mini.toml"
    pack.write_text(MINI, encoding="utf-8")
    survey = tmp_path / "s3.md"
    survey.write_text("# S\n\nAll fine. <!-- survey-check disable no-todoo -->\n", encoding="utf-8")
    code, out, _ = run([survey, "--pack", pack, "--fail-level", "warning"], capsys)
    assert code == 1 and out.splitlines()[0].endswith("0 rules failing, 1 suppression finding failing")
    code, out, _ = run([survey, "--pack", pack], capsys)
    assert code == 0 and out.splitlines()[0].endswith("0 rules failing")
