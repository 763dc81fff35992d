"""QA D5/D7/D8: the panels' tables after an analysis and on a resize. A sorted table re-sorted every row of each
result by a Python lessThan (two data() calls a comparison); a view's every painted cell called rowCount and
columnCount twice per role through the proxy. The order, the rows shown and the sorting stay as they were."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import QHeaderView

from editor_app.ui import table_models
from editor_app.ui.table_models import DISPLAY_CHARS, ROW_ROLE, Column, RowsModel, SortProxy


@dataclass(frozen=True)
class Row:
    name: str
    value: int
    line: int


def columns():
    return [Column("Name", lambda r: r.name), Column("Value", lambda r: r.value, align_right=True),
            Column("Line", lambda r: r.line)]


def shown(proxy) -> list[Row]:
    return [proxy.index(i, 0).data(ROW_ROLE) for i in range(proxy.rowCount())]


@pytest.fixture
def counted(monkeypatch):
    calls = {"lessThan": 0}
    original = SortProxy.lessThan

    def less(self, a, b):
        calls["lessThan"] += 1
        return original(self, a, b)

    monkeypatch.setattr(SortProxy, "lessThan", less)
    return calls


def make(n=500):
    rows = [Row(f"r{i:04d}", (i * 37) % 101, i + 1) for i in range(n)]
    model = RowsModel(columns())
    model.set_rows(rows)
    proxy = SortProxy()
    proxy.setSourceModel(model)
    return model, proxy, rows


def test_sorting_by_a_column_orders_by_its_key_and_back(qapp):
    model, proxy, rows = make()
    proxy.sort(1, Qt.SortOrder.AscendingOrder)
    assert model.sorted_column == 1
    assert [r.value for r in shown(proxy)] == sorted(r.value for r in rows)
    proxy.sort(0, Qt.SortOrder.DescendingOrder)
    assert [r.name for r in shown(proxy)] == sorted((r.name for r in rows), reverse=True)
    proxy.sort(-1)
    assert shown(proxy) == rows and model.sorted_column == -1


def test_new_rows_whose_keys_did_not_change_are_not_sorted_again(qapp, counted):
    """An edit above every row: each row a new object, a line further down; sorted by value, none moves."""
    model, proxy, rows = make()
    proxy.sort(1)
    before = shown(proxy)
    counted["lessThan"] = 0
    moved = [Row(r.name, r.value, r.line + 1) for r in rows]
    model.set_rows(moved)
    assert counted["lessThan"] == 0  # (before: ~2 a row, each two data() calls)
    assert [(r.name, r.value) for r in shown(proxy)] == [(r.name, r.value) for r in before]
    assert all(r.line == b.line + 1 for r, b in zip(shown(proxy), before))  # the new rows are the ones shown


def test_a_row_whose_key_changed_moves_to_its_place(qapp, counted):
    model, proxy, rows = make()
    proxy.sort(1)
    new = list(rows)
    new[10] = Row(rows[10].name, 1000, rows[10].line)
    new[20] = Row(rows[20].name, -5, rows[20].line)
    counted["lessThan"] = 0
    model.set_rows(new)
    assert counted["lessThan"] < 300  # (the rows from the first to the last changed key)
    assert [r.value for r in shown(proxy)] == sorted(r.value for r in new)
    assert shown(proxy)[0] is new[20] and shown(proxy)[-1] is new[10]


def test_changed_keys_far_apart_with_new_rows_between_sort_right(qapp):
    """Two rows far apart change their keys, every row between them is a new object (an edit above them)."""
    model, proxy, rows = make()
    proxy.sort(1)
    new = [Row(r.name, r.value, r.line + 1) for r in rows]
    new[10] = Row(rows[10].name, 1000, rows[10].line)
    new[400] = Row(rows[400].name, -5, rows[400].line)
    model.set_rows(new)
    assert [r.value for r in shown(proxy)] == sorted(r.value for r in new)
    assert shown(proxy)[0] is new[400] and shown(proxy)[-1] is new[10]


def test_many_changed_keys_still_sort_right(qapp):
    model, proxy, rows = make()
    proxy.sort(1, Qt.SortOrder.DescendingOrder)
    new = [Row(r.name, (r.value * 7 + i) % 53, r.line) for i, r in enumerate(rows)]
    model.set_rows(new)
    assert [r.value for r in shown(proxy)] == sorted((r.value for r in new), reverse=True)


def test_rows_set_by_hand_then_changed_still_sort_right(qapp):
    """The self-check panel sets `rows` itself when its worker says they show the same."""
    model, proxy, rows = make()
    proxy.sort(1)
    model.rows = [Row(r.name, r.value, r.line + 1) for r in rows]
    new = list(model.rows)
    new[3] = Row(new[3].name, 500, new[3].line)
    model.set_rows(new)
    assert [r.value for r in shown(proxy)] == sorted(r.value for r in new)
    assert model.sort_keys(1) == [r.value for r in new]


def test_a_changed_cell_outside_the_sorted_column_is_told_to_the_view(qapp):
    model, proxy, rows = make()
    proxy.sort(1)
    seen = []
    proxy.dataChanged.connect(lambda a, b, roles=(): seen.append((a.column(), b.column())))
    new = list(rows)
    new[5] = Row("renamed", rows[5].value, rows[5].line)
    model.set_rows(new)
    assert seen and any(a <= 0 <= b for a, b in seen)
    assert any(r.name == "renamed" for r in shown(proxy))


def test_the_model_checks_an_index_itself(qapp, monkeypatch):
    """Qt's index() asked rowCount and columnCount (two calls into Python) for every cell a proxy hands on."""
    model, _proxy, _rows = make(10)
    asked = []
    monkeypatch.setattr(RowsModel, "rowCount", lambda self, parent=QModelIndex(): asked.append(1) or len(self.rows))
    assert model.index(3, 2).isValid() and model.index(3, 2).row() == 3
    assert not model.index(10, 0).isValid() and not model.index(0, 3).isValid() and not model.index(-1, 0).isValid()
    assert not model.index(0, 0, model.index(1, 0)).isValid()
    assert asked == []


def test_a_very_long_cell_is_given_to_the_view_cut(qapp):
    model = RowsModel([Column("Measured", lambda r: r)])
    model.set_rows(["x" * 5000, "short"])
    text = model.index(0, 0).data()
    assert len(text) == DISPLAY_CHARS + 1 and text.endswith("…")
    assert model.index(1, 0).data() == "short"
    assert model.index(0, 0).data(table_models.SORT_ROLE) == "x" * 5000  # sorted by the whole text


def test_the_panel_tables_measure_no_row_to_lay_themselves_out(qapp):
    """No header of the self-check tables fits a section to its contents on every layout (which reads every row:
    19,758 claims at 8 MB on every resize); the rows have one fixed height."""
    from editor_app.ui.selfcheck_panel import SelfCheckPanel

    panel = SelfCheckPanel()
    for view in (panel.rules_view, panel.claims_view, panel.sections_view):
        header = view.horizontalHeader()
        assert all(header.sectionResizeMode(i) != QHeaderView.ResizeMode.ResizeToContents
                   for i in range(header.count()))
        assert view.verticalHeader().sectionResizeMode(0) == QHeaderView.ResizeMode.Fixed
        assert not view.wordWrap()


def test_a_filtered_table_sorted_by_its_first_column_still_filters_changed_rows(qapp):
    from editor_app.ui.table_models import RowsProxy

    rows = [Row(f"r{i:04d}", i % 10, i + 1) for i in range(100)]
    model = RowsModel(columns())
    model.set_rows(rows)
    proxy = RowsProxy()
    proxy.setSourceModel(model)
    proxy.sort(0)
    proxy.set_predicate(lambda r: r.value != 99)
    assert proxy.rowCount() == 100
    new = list(rows)
    new[50] = Row(rows[50].name, 99, rows[50].line)  # the same key in the sorted column, now filtered out
    model.set_rows(new)
    assert proxy.rowCount() == 99 and new[50] not in shown(proxy)
