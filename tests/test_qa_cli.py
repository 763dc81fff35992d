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
        assert "No such file or directory" in err or "cannot write PDF" in err
        assert "Traceback" not in err and not out.exists()
