"""QA27a D5: after a paragraph separator (U+2029), which the loader reads as a line break so that the window and
survey-check agree, SARIF's locations ran a line ahead of the file's own lines: a code-review tool (GitHub) counts
only \\n, \\r\\n and \\r, and annotated the line below each finding. SARIF's locations are now the file's own line and
column (the loader keeps the lines a U+2029 ended); the text and JSON reports keep the editor's numbering, and
survey-check says so on stderr."""

from __future__ import annotations

import json
from pathlib import Path

from editor_app.cli import main
from editor_app.services.files import load_text


def _survey(tmp_path: Path, sample_text: str) -> Path:
    """The tester's sep_ps.md: the sample with one U+2029 in the middle of line 20 (its "arXiv:2609.10226")."""
    lines = sample_text.split("\n")
    at = lines[19].index(".10226")
    lines[19] = lines[19][:at] + "\u2029" + lines[19][at:]
    p = tmp_path / "sep_ps.md"
    p.write_text("\n".join(lines), encoding="utf-8")
    return p


def _sarif_regions(capsys, *args) -> list[tuple[str, int, int]]:
    main([*args, "--format", "sarif"])
    run = json.loads(capsys.readouterr().out)["runs"][0]
    return [(r["ruleId"], r["locations"][0]["physicalLocation"]["region"]["startLine"],
             r["locations"][0]["physicalLocation"]["region"]["startColumn"]) for r in run["results"]]


def test_sarif_locations_are_the_files_own_lines(tmp_path: Path, sample_text: str, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    p = _survey(tmp_path, sample_text)
    (tmp_path / "good.md").write_text(sample_text, encoding="utf-8")
    regions = _sarif_regions(capsys, p.name)
    good = _sarif_regions(capsys, "good.md")
    links = [line for rule, line, _ in regions if rule == "confluence-link-length"]
    assert links == [line for rule, line, _ in good if rule == "confluence-link-length"] == [79, 80, 81, 83]
    file_lines = p.read_text(encoding="utf-8").split("\n")
    for rule, line, column in regions:
        if rule == "claims":  # each claims finding points at the figure it is about, in the file as it is
            assert file_lines[line - 1][column - 1].isdigit()


def test_text_and_json_keep_the_editors_numbering_and_stderr_says_so(tmp_path: Path, sample_text: str, capsys,
                                                                      monkeypatch):
    monkeypatch.chdir(tmp_path)
    p = _survey(tmp_path, sample_text)
    main([p.name, "--format", "json"])
    out, err = capsys.readouterr()
    report = json.loads(out)
    assert report["metrics"]["lines"] == 114
    assert [f["line"] for f in report["findings"] if f["rule"] == "confluence-link-length"] == [80, 81, 82, 84]
    assert (f"survey-check: {p.name}: the line numbers reported count each U+2029 as a line break, as the editor "
            "shows it; SARIF's locations are the file's own lines") in err


def test_the_loader_keeps_the_lines_a_u2029_ended(tmp_path: Path):
    p = tmp_path / "ps.md"
    p.write_bytes("a\r\nb\u2029c\u2029\u2029d\ne\u2029".encode())
    loaded = load_text(p)
    assert loaded.text == "a\nb\nc\n\nd\ne\n"
    assert loaded.paragraph_breaks == (2, 3, 4, 6)
    assert loaded.with_text("x").paragraph_breaks == ()
    plain = tmp_path / "plain.md"
    plain.write_text("a\u2028b\nc\n", encoding="utf-8")  # U+2028 stays a character: no break read
    assert load_text(plain).paragraph_breaks == ()


def test_a_place_maps_back_to_the_files_line_and_column():
    from editor_app.services.file_lines import FileLines

    # the file: "a" / "b¶c¶¶d" / "e¶" (¶ = U+2029), read as the lines a, b, c, "", d, e, ""
    lines = FileLines("a\nb\nc\n\nd\ne\n", (2, 3, 4, 6))
    assert lines.place(1, 1) == (1, 1)
    assert lines.place(2, 1) == (2, 1)
    assert lines.place(3, 1) == (2, 3)  # c
    assert lines.place(4, 1) == (2, 5)  # the empty line between the two separators
    assert lines.place(5, 1) == (2, 6)  # d
    assert lines.place(6, 1) == (3, 1)  # e: a line of its own in the file too
    assert lines.place(7, 1) == (3, 3)
    assert FileLines("x\ny\n", ()).place(2, 5) == (2, 5)
