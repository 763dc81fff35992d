"""A labelled sum part naming a place one of whose sections was cut: "元信息 950" (元信息 = header, §0, §8, §9 and
footer in the house pack) once §八 is deleted. The JSON and the finding said so ("not measured: §八 not found", `ok`
and `measured` null), but survey-check's table put "ambiguous" in its MEASURED column, the word for a section number
two headings share: the author looked for a repeated heading that was not there."""

from __future__ import annotations

import json

from editor_app.cli import main


def _eighth_cut(text: str) -> str:
    lines = text.split("\n")
    assert lines[84] == "八、元信息" and lines[101].startswith("九、")
    return "\n".join(lines[:84] + lines[101:])


def test_a_part_of_a_cut_section_is_said_not_measured(sample_text, tmp_path, capsys):
    survey = tmp_path / "cut.md"
    survey.write_text(_eighth_cut(sample_text), encoding="utf-8")
    assert main([str(survey)]) == 1
    out = capsys.readouterr().out
    rows = [ln for ln in out.splitlines() if "CJK · 元信息" in ln]
    assert len(rows) == 2 and all("not measured" in r and "ambiguous" not in r for r in rows), rows
    assert "2 not measured: a part of the place they are about is missing" in out
    assert "cut.md:9:47: error: [claims] CJK of 元信息: stated 950, not measured: §八 not found" in out

    assert main([str(survey), "--format", "json"]) == 1
    claims = json.loads(capsys.readouterr().out)["claims"]
    part = [c for c in claims if c["scope"] == "元信息"]
    assert [(c["line"], c["claimed"], c["measured"], c["ok"]) for c in part] == [(9, 950, None, None),
                                                                                  (96, 950, None, None)]
    assert all(c["message"] == "CJK of 元信息: stated 950, not measured: §八 not found" for c in part)
    # the sum's arithmetic is the stated parts', whatever the survey lacks; the rest is measured without §8
    total = [(c["line"], c["claimed"], c["measured"], c["ok"]) for c in claims if c["kind"] == "sum" and c["line"] == 9]
    assert total == [(9, 3838, 4421, False)]
    assert [(c["claimed"], c["measured"], c["ok"]) for c in claims if c["line"] == 9 and c["scope"] == "主体"] == [
        (2892, 2892, True)]
