"""QA27g D7: on a big survey survey-check's text table was thousands of columns wide: the MEASURED cell of a rule
measured per section listed every value ("159 / 194 / 207 / …" for 225 units, 900 at 8 MB). It lists as many as
fit (60 columns in a file or a CI log, the column's width in a terminal), then "… (N more)"; the JSON keeps every
value, the findings below the table every place."""

from __future__ import annotations

import json
import re

import pytest

from editor_app.cli import main
from editor_app.formats import clip, display_width, text_report, _measured

COPIES = 40


@pytest.fixture(scope="module")
def big_survey(tmp_path_factory, sample_path_module):
    text = sample_path_module.read_text(encoding="utf-8")
    path = tmp_path_factory.mktemp("d7") / "big.md"
    path.write_text("\n".join(text for _ in range(COPIES)), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def sample_path_module():
    from editor_app.resources_path import sample_survey_path

    return sample_survey_path()


def _report(path, capsys, *args) -> tuple[list[str], list[str]]:
    """The rules table's rows and the lines after it."""
    main([str(path), *args])
    lines = capsys.readouterr().out.splitlines()
    start = next(i for i, l in enumerate(lines) if l.startswith("RULE"))
    end = next(i for i in range(start, len(lines)) if not lines[i].strip())
    return lines[start:end], lines[end:]


def _json(path, capsys) -> dict:
    main([str(path), "--format", "json"])
    return json.loads(capsys.readouterr().out)


def test_a_file_or_ci_log_lists_what_fits_then_how_many_more(big_survey, capsys, monkeypatch):
    monkeypatch.delenv("COLUMNS", raising=False)
    data = _json(big_survey, capsys)
    values = next(r["measured"] for r in data["rules"] if r["id"] == "counter-argument-length")
    assert len(values) == 3 * COPIES  # (the JSON keeps every value)
    rows, rest = _report(big_survey, capsys)
    row = next(r for r in rows if r.startswith("counter-argument-length"))
    m = re.search(r"((?:[\d,]+ / )+)… \((\d+) more\)", row)
    assert m is not None, row
    shown = m.group(1).split(" / ")[:-1]
    assert shown == [f"{v:,}" for v in values[:len(shown)]] and len(shown) + int(m.group(2)) == len(values)
    assert display_width(m.group(0)) <= 60
    assert max(map(display_width, rows)) < 300  # (was over 1,000: every value)
    # the findings below the table: every one it counts listed, a line each
    counted = next(l for l in rest if l.startswith("Findings ("))
    n = int(re.search(r"\((\d+)\)", counted).group(1))
    listed = rest[rest.index(counted) + 1:]
    assert n > 3 * COPIES and len(listed) >= n and all(l.startswith("  ") for l in listed[:n])


def test_a_terminal_keeps_the_count_in_the_columns_it_has(big_survey, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "120")
    rows, _ = _report(big_survey, capsys)
    assert max(map(display_width, rows)) <= 120
    row = next(r for r in rows if r.startswith("counter-argument-length"))
    assert re.search(r"\d / … \(\d+ more\)", row), row


def test_few_values_stay_whole():
    assert _measured([159, 194, 207], 60) == "159 / 194 / 207"
    assert _measured([159, 194, 207]) == "159 / 194 / 207"
    cell = _measured(list(range(100, 400)), 60)
    assert cell.endswith("more)") and display_width(cell) <= 60
    assert clip(cell, 20) == "100 / … (299 more)"


def test_text_report_without_width_caps_the_cell(sample_path_module):
    from editor_app.core.analyze import Analyzer
    from editor_app.core.rulepack import house_pack

    text = sample_path_module.read_text(encoding="utf-8")
    a = Analyzer(house_pack()).analyze("\n".join(text for _ in range(COPIES)))
    out = text_report(a)
    row = next(l for l in out.splitlines() if l.startswith("counter-argument-length"))
    assert "more)" in row and display_width(row) < 300
