"""QA: a wrong stated sum ("3,838（主体 2,892 + 反方 579 + 元信息 950）", the parts add up to 4,421) was named
"stated sum · stated parts" (自报合计 · 自报分项) in the report's wrong-figures table and "stated sum" / "stated parts"
in the Self-check claims table: two labels for one figure, the second naming no part of the survey. Its measured value
is the sum of its parts, so it is called that ("sum of the parts" / 各部分之和), with the part of the survey the sum
is of when the survey names it ("元信息"). JSON keeps `label` "stated sum" and `scope` "stated parts"."""

from __future__ import annotations

import html
import json
import re

import pytest
from PySide6.QtCore import Qt

from editor_app.cli import main as cli_main
from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack
from editor_app.services.report import build_report_html
from ui_support import open_window


def _wrong_figures(text: str, language: str) -> list[tuple[str, str]]:
    pack = house_pack()
    page = build_report_html(analyze(text, pack), text, pack_name=pack.name, pack_source=pack.source,
                             language=language, pack=pack)
    table = page[page.index('<table class="wrong-figures'):]
    table = table[: table.index("</table>")]
    rows = []
    for row in re.findall(r"<tr>(.*?)</tr>", table, re.S)[1:]:
        cells = [html.unescape(re.sub(r"<[^>]+>", "", c)).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
        rows.append((cells[0], cells[1]))
    return rows


@pytest.mark.parametrize("language, line9, line94, sums", [
    ("en", "line 9", "line 94", ("sum of the parts", "sum of the parts · 元信息")),
    ("zh_CN", "第 9 行", "第 94 行", ("各部分之和", "各部分之和 · 元信息")),
])
def test_the_report_names_a_wrong_sum_as_a_reader_says_it(sample_text, language, line9, line94, sums):
    rows = _wrong_figures(sample_text, language)
    assert (line9, sums[0]) in rows and (line94, sums[1]) in rows, rows
    assert not [figure for _, figure in rows if "stated" in figure or "自报" in figure], rows


def test_the_self_check_claims_table_too(qtbot, tmp_path, sample_text, chinese):
    survey = tmp_path / "survey.md"
    survey.write_text(sample_text, encoding="utf-8")
    window = open_window(qtbot, survey)
    model = window.selfcheck.claims_model
    assert [model.headerData(i, Qt.Orientation.Horizontal) for i in (1, 4, 5)] == ["Figure", "Line", "Where"]
    shown = {(model.index(r, 4).data(), model.index(r, 1).data(), model.index(r, 5).data())
             for r in range(model.rowCount()) if model.rows[r].kind == "sum" and model.rows[r].wrong}
    assert shown == {(9, "各部分之和", ""), (113, "各部分之和", ""), (94, "各部分之和", "元信息")}, shown
    window.shutdown()


def test_json_keeps_its_contract(tmp_path, sample_text, capsys):
    survey = tmp_path / "s.md"
    survey.write_text(sample_text, encoding="utf-8")
    cli_main([str(survey), "--format", "json"])
    sums = [c for c in json.loads(capsys.readouterr().out)["claims"] if c["kind"] == "sum" and c["line"] == 9]
    assert [(c["metric"], c["label"], c["scope"]) for c in sums] == [("sum", "stated sum", "stated parts")]
