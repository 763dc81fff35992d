"""QA19 D5: a resize repaints every table of the Self-check tab at each step. Qt's own delegate asked the model for
seven roles a cell, each two calls into Python through the sort proxy (mapToSource's RowsModel.index, then data):
~2/3 of a resize step's GUI thread with an 8 MB survey. The cells are filled in from the row objects in one call
and look exactly as Qt paints them."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QApplication, QStyledItemDelegate

from editor_app.ui import selfcheck_panel, table_models
from editor_app.ui.icons import status_icon
from editor_app.ui.table_models import Column, RowsModel


def shown_panel(qtbot, sample_text):
    from editor_app.core.analyze import analyze
    from editor_app.core.rulepack import house_pack

    panel = selfcheck_panel.SelfCheckPanel()
    qtbot.addWidget(panel)
    panel.resize(900, 900)
    panel.show_analysis(analyze(sample_text, house_pack()))
    panel.show()
    qtbot.waitExposed(panel)
    return panel


@pytest.fixture
def panel(qtbot, sample_text):
    return shown_panel(qtbot, sample_text)


def _count(monkeypatch, cls, names):
    """Calls of these methods (patched before the models are made: PySide6 looks a Python override up once)."""
    calls = dict.fromkeys(names, 0)
    for name in names:
        original = getattr(cls, name)

        def counted(self, *args, _original=original, _name=name):
            calls[_name] += 1
            return _original(self, *args)

        monkeypatch.setattr(cls, name, counted)
    return calls


def _cells_shown(view) -> int:
    rows = view.rowAt(view.viewport().height() - 1)
    rows = (view.model().rowCount() if rows < 0 else rows + 1) - max(0, view.rowAt(0))
    return rows * view.model().columnCount()


def test_painting_a_table_asks_the_model_no_role_of_a_cell(qtbot, sample_text, monkeypatch):
    calls = _count(monkeypatch, RowsModel, ("data", "index"))
    panel = shown_panel(qtbot, sample_text)
    for view in (panel.rules_view, panel.claims_view, panel.sections_view):
        for name in calls:
            calls[name] = 0
        view.viewport().grab()  # (painted now, exposed or not)
        cells = _cells_shown(view)
        assert cells >= 20 and calls["index"] > 0
        assert calls["data"] == 0  # (was 7 a cell, each with an index: ~15 calls into Python a cell)
        assert calls["index"] <= cells  # (the proxy's mapToSource, for the cell's flags)


def test_a_list_measured_per_section_is_written_once_a_result(panel, monkeypatch):
    """The rules' Measured column of a rule measured per section lists every section (5,217 characters at 8 MB):
    written again at each repaint of its row, 1.2 ms at every step of a resize."""
    from editor_app.core.model import RuleResult

    rule = RuleResult(id="per-section", title="Each §3.x ≥ 150", status="pass", level="error", kind="count",
                      measured=list(range(100, 1000)), limit="≥ 150", scope="§3.x")
    model = panel.rules_model
    written = []
    monkeypatch.setattr(selfcheck_panel, "format_value",
                        lambda v, _f=table_models.format_value: written.append(v) or _f(v))
    model.set_rows([rule] + model.rows[1:])
    panel.rules_view.viewport().grab()
    panel.rules_view.viewport().grab()
    assert len([v for v in written if isinstance(v, list)]) == 1
    shown = model.index(0, 2).data()
    assert shown.startswith("100 / 101 / 102") and len(shown) == table_models.DISPLAY_CHARS + 1


@dataclass(frozen=True)
class Ref:
    name: str
    status: str
    line: int


def _grab_both_ways(view):
    """The view's cells as the panel paints them, then as Qt's own delegate does (once laid out: a filtered
    table hides its scroll bar at its next layout)."""
    QApplication.processEvents()
    ours = view.itemDelegate()
    assert type(ours) is not QStyledItemDelegate  # (the panel's own)
    mine = view.viewport().grab().toImage()
    view.setItemDelegate(QStyledItemDelegate(view))
    QApplication.processEvents()
    qts = view.viewport().grab().toImage()
    view.setItemDelegate(ours)
    return mine, qts


def test_the_cells_look_as_qt_paints_them(panel):
    for view in (panel.rules_view, panel.claims_view, panel.sections_view):
        mine, qts = _grab_both_ways(view)
        assert mine == qts, view.objectName()
    # a selected row, then sorted by a column each way (rows no longer the model's order)
    view = panel.claims_view
    view.selectRow(1)
    for order in (Qt.SortOrder.DescendingOrder, Qt.SortOrder.AscendingOrder):
        view.sortByColumn(3, order)
        mine, qts = _grab_both_ways(view)
        assert mine == qts
    view.sortByColumn(-1, Qt.SortOrder.DescendingOrder)  # unsorted, backwards: Qt's proxy shows the rows reversed
    mine, qts = _grab_both_ways(view)
    assert mine == qts
    assert view.model().index(0, 4).data() != panel.claims_model.index(0, 4).data()


def test_filtered_rows_with_backgrounds_icons_and_numbers_look_as_qt_paints_them(qtbot):
    colours = {"ok": QColor(0, 160, 0, 60), "wrong": QColor(200, 0, 0, 60)}
    model = RowsModel([
        Column("Name", lambda r: r.name, icon=lambda r: status_icon(r.status)),
        Column("Status", lambda r: r.status, background=lambda r: QBrush(colours[r.status]),
               foreground=lambda r: QBrush(QColor("red")) if r.status == "wrong" else None),
        Column("Line", lambda r: r.line, align_right=True),  # an int: written by the view's locale
        Column("Note", lambda r: f"first\nsecond {r.line}" if r.line % 3 else None),
    ])
    model.set_rows([Ref(f"ref {i} " + "长" * (i % 40), "ok" if i % 4 else "wrong", 1000 + i * 997) for i in range(60)])
    view = selfcheck_panel.make_table(model, filterable=True)
    qtbot.addWidget(view)
    view.resize(700, 400)
    view.show()
    qtbot.waitExposed(view)
    mine, qts = _grab_both_ways(view)
    assert mine == qts
    view.model().set_predicate(lambda r: r.status == "wrong")
    view.selectRow(2)
    mine, qts = _grab_both_ways(view)
    assert view.model().rowCount() == 15 and mine == qts


def test_painting_a_header_maps_no_row_of_the_model(qtbot, sample_text, monkeypatch):
    """Qt's proxy mapped each header section through an index of row 0 (RowsModel.index) for each role asked."""
    calls = _count(monkeypatch, RowsModel, ("index", "headerData"))
    panel = shown_panel(qtbot, sample_text)
    for view in (panel.rules_view, panel.claims_view, panel.sections_view):
        header = view.horizontalHeader()
        for name in calls:
            calls[name] = 0
        header.viewport().grab()
        assert calls["headerData"] >= header.count() and calls["index"] == 0
        assert [header.model().headerData(i, Qt.Orientation.Horizontal) for i in range(header.count())] == [
            c.title for c in view.model().sourceModel().columns]
