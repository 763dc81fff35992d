"""QA: clicking a failing rule lands where it fails, not where its scope starts."""

from __future__ import annotations

from ui_support import click_row, cursor_line, open_window


def _line_column_cell(window, rule_id):
    from editor_app.ui.table_models import ROW_ROLE

    view = window.selfcheck.rules_view
    model = view.model()
    for r in range(model.rowCount()):
        if model.index(r, 0).data(ROW_ROLE).id == rule_id:
            return model.index(r, 5).data()
    raise AssertionError(rule_id)


def test_a_failing_cross_link_rule_lands_on_the_first_short_link(qtbot, sample_path):
    window = open_window(qtbot, sample_path)
    window.goto_line(1)
    row = click_row(qtbot, window.selfcheck.rules_view, lambda r: r.id == "confluence-link-length")
    assert row.status == "fail"
    first_short = row.findings[0].line
    assert first_short != row.line  # the first cross-link (line 78) is long enough; line 79 is not
    assert cursor_line(window) == first_short  # before: line 78, a link that passes
    assert _line_column_cell(window, "confluence-link-length") == first_short


def test_a_document_over_the_cjk_limit_lands_where_the_limit_is_passed(qtbot, tmp_path, sample_text):
    lines = sample_text.split("\n")
    lines.insert(20, "补" * 120)  # 3,838 + 120 > 3,900: the limit is passed further down
    survey = tmp_path / "over.md"
    survey.write_text("\n".join(lines), encoding="utf-8")
    window = open_window(qtbot, survey)
    window.goto_line(3)
    row = click_row(qtbot, window.selfcheck.rules_view, lambda r: r.id == "cjk-total")
    assert row.status == "fail"
    crossing = row.findings[0].line
    assert crossing > 21
    assert cursor_line(window) == crossing  # before: line 1, the document's first line
