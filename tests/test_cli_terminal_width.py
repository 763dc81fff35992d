"""survey-check's tables fit the terminal: at 80 columns each row is one line, rule ids and line numbers whole."""

from __future__ import annotations

from editor_app.cli import main
from editor_app.formats import display_width


def _tables(out: str) -> list[str]:
    """The table lines of a text report (its first line and the findings, one per line, are not cut)."""
    lines = out.splitlines()
    end = next(i for i, l in enumerate(lines) if l.startswith("Findings ("))
    return [l for l in lines[1:end] if l.strip()]


def test_at_80_columns_every_table_row_fits(sample_path, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    main([str(sample_path)])
    rows = _tables(capsys.readouterr().out)
    assert max(map(display_width, rows)) <= 80
    ids = [r.split()[0] for r in rows if r.split()[0] in ("counter-argument-length", "confluence-link-length")]
    assert ids == ["counter-argument-length", "confluence-link-length"]  # rule ids whole: they are what one silences
    assert any(r.startswith("94    value  CJK · §九") and "345      178" in r for r in rows)


def test_a_report_to_a_file_or_ci_log_keeps_its_full_columns(sample_path, capsys):
    main([str(sample_path)])
    rows = _tables(capsys.readouterr().out)
    assert max(map(display_width, rows)) > 120
    assert any("159 / 194 / 207" in r and "counter-arguments (3 units measured)" in r for r in rows)
