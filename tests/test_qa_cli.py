"""QA: survey-check as a user runs it: an export to a folder that does not exist is a message, not a traceback."""

from __future__ import annotations

from editor_app.cli import main


def test_export_into_a_missing_folder_says_so(tmp_path, sample_path, capsys):
    for name in ("report.html", "report.pdf"):
        out = tmp_path / "no-such-folder" / name
        code = main([str(sample_path), "--export", str(out), "--force", "--db", str(tmp_path / "h.db")])
        err = capsys.readouterr().err
        assert code == 2, err
        assert f"--export: can't write {out}" in err
        assert f"there is no folder {out.parent}" in err
        assert "Traceback" not in err and not out.exists()


def test_a_survey_cut_mid_character_is_checked_and_the_damage_named(tmp_path, sample_text, capsys):
    """Before: exit 2, "not a text file this program can read"."""
    survey = tmp_path / "survey.md"
    data = sample_text.encode("utf-8")
    survey.write_bytes(data[:data.index("主体".encode("utf-8")) + 1])
    code = main([str(survey), "--format", "json", "--db", str(tmp_path / "h.db")])
    assert code in (0, 1)
    assert f"survey-check: {survey} is not valid UTF-8 in 1 place(s)" in capsys.readouterr().err
