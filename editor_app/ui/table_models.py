"""A small read-only table model over a list of row objects, described column by column (Anki's habit)."""

from __future__ import annotations

from dataclasses import dataclass
from operator import is_not
from typing import Any, Callable, Sequence

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, QSortFilterProxyModel, Qt

_TOP = QModelIndex()
SORT_ROLE = Qt.ItemDataRole.UserRole + 1
# The most of a cell's text a view is given: it lays out (shapes) the whole text to elide it, at every paint. A rule
# measured as a list of every section's value showed 5,217 characters in a 110 px cell: 40 ms a paint of 16 rows.
DISPLAY_CHARS = 500
ROW_ROLE = Qt.ItemDataRole.UserRole + 2


@dataclass
class Column:
    title: str
    display: Callable[[Any], Any]
    sort_key: Callable[[Any], Any] | None = None
    tooltip: Callable[[Any], str | None] | None = None
    foreground: Callable[[Any], Any] | None = None
    background: Callable[[Any], Any] | None = None
    icon: Callable[[Any], Any] | None = None
    align_right: bool = False


class RowsModel(QAbstractTableModel):
    """Rows are plain objects (dataclasses); `set_rows` swaps them all at once (cheap even for 10,000 rows)."""

    def __init__(self, columns: Sequence[Column], parent=None, *, same: Callable[[Any, Any], bool] | None = None) -> None:
        """`same(old, new)`: whether a new row shows as the old one did (default: the same object; the analysis
        shares the objects of unchanged rows)."""
        super().__init__(parent)
        self.columns = list(columns)
        self._rows: list[Any] = []
        self._sort_keys: dict[int, list[Any]] = {}  # column -> each row's SORT_ROLE value, made when first sorted by
        self.sorted_column = -1  # the column the SortProxy over this model sorts by (-1: none, document order)
        self.same = same

    @property
    def rows(self) -> list[Any]:
        return self._rows

    @rows.setter
    def rows(self, rows: list[Any]) -> None:
        self._rows = rows
        self._sort_keys.clear()

    def set_rows(self, rows: Sequence[Any]) -> None:
        """New rows; as many as before: the cells of the rows that changed are refreshed in place (views keep
        scroll, selection, widths), the others not repainted at all."""
        rows = list(rows)
        if rows and len(rows) == len(self.rows):
            old = self.rows
            old_keys = self._sort_keys.get(self.sorted_column)
            if old_keys is None and 0 <= self.sorted_column < len(self.columns):  # (rows since set by hand)
                old_keys = self.sort_keys(self.sorted_column)
            self.rows = rows
            changed = _changed_span(old, rows, self.same)
            if changed is not None:
                first, last = changed
                moved = self._moved_span(old_keys, first, last)
                if moved is None:
                    self.dataChanged.emit(self.index(first, 0), self.index(last, len(self.columns) - 1))
                    return
                # The other columns (a view repaints all it shows of a change to several cells, the sorted column
                # too); the sorted column only where a key changed: a proxy re-sorts the rows of a change to it
                # (whatever roles it names: Qt 6.11 compares each row with its neighbours, 2 lessThan a row).
                sorted_column = self.sorted_column
                for a, b in ((0, sorted_column - 1), (sorted_column + 1, len(self.columns) - 1)):
                    if a <= b:
                        self.dataChanged.emit(self.index(first, a), self.index(last, b))
                if moved:
                    self.dataChanged.emit(self.index(moved[0], sorted_column), self.index(moved[1], sorted_column))
            return
        self.beginResetModel()
        self.rows = rows
        self.endResetModel()

    def _moved_span(self, old_keys: list[Any] | None, first: int, last: int) -> tuple[int, int] | None | bool:
        """The first and last row from `first` to `last` whose key in the sorted column changed; False: none did;
        None: every cell of the span is said changed. A proxy that sorts checks every row of a change to its sort
        column against its neighbours, by a Python lessThan: after every analysis ~4,400 calls and 7,000 index()
        calls (150 ms) for the claims of a 1 MB survey sorted by a column, though an edit changes the sort key of
        a few claims at most (the others are new objects, a line further down or not). (One change from the first
        to the last: told apart, two runs of changed rows were each checked against neighbours still to move.)"""
        if old_keys is None or not 0 <= self.sorted_column < len(self.columns) or len(self.columns) < 2:
            return None
        keys = self.sort_keys(self.sorted_column)
        differs = [a != b for a, b in zip(old_keys[first:last + 1], keys[first:last + 1])]
        if True not in differs:
            return False
        return first + differs.index(True), last - differs[::-1].index(True)

    def sort_keys(self, column: int) -> list[Any]:
        """Each row's SORT_ROLE value in `column`, made once for the rows (a sort compares each row ~log2(n) times)."""
        keys = self._sort_keys.get(column)
        if keys is None:
            col = self.columns[column]
            keys = self._sort_keys[column] = [_sort_value(col, row) for row in self._rows]
        return keys

    def set_columns(self, columns: Sequence[Column]) -> None:
        self.beginResetModel()
        self.columns = list(columns)
        self._sort_keys.clear()
        self.endResetModel()

    def refresh(self) -> None:
        """Row objects changed in place: repaint every cell."""
        self._sort_keys.clear()
        if self.rows:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self.rows) - 1, len(self.columns) - 1))

    def row_at(self, index: QModelIndex) -> Any:
        return self.rows[index.row()] if index.isValid() and index.row() < len(self.rows) else None

    def index(self, row: int, column: int, parent: QModelIndex | QPersistentModelIndex = _TOP) -> QModelIndex:
        """Qt's own checks the row and column by calling rowCount and columnCount: two calls into Python for every
        cell the proxy hands on, for each of the ~7 roles a view asks of a cell it paints (the rowCount the QA's
        stack samples of a resize landed in); here one."""
        if 0 <= row < len(self.rows) and 0 <= column < len(self.columns) and not parent.isValid():
            return self.createIndex(row, column)
        return QModelIndex()

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.columns)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return self.columns[section].title
        return None

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role not in _SERVED_ROLES or not index.isValid():
            return None  # a view asks each cell for ~10 roles while painting (font, check state, size hint…)
        row = self.rows[index.row()]
        col = self.columns[index.column()]
        if role == Qt.ItemDataRole.DisplayRole:
            return shown_value(col, row)
        if role == SORT_ROLE:
            return _sort_value(col, row)
        if role == ROW_ROLE:
            return row
        if role == Qt.ItemDataRole.ToolTipRole and col.tooltip:
            return col.tooltip(row)
        if role == Qt.ItemDataRole.ForegroundRole and col.foreground:
            return col.foreground(row)
        if role == Qt.ItemDataRole.BackgroundRole and col.background:
            return col.background(row)
        if role == Qt.ItemDataRole.DecorationRole and col.icon:
            return col.icon(row)
        if role == Qt.ItemDataRole.TextAlignmentRole and col.align_right:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None


_SERVED_ROLES = frozenset({
    Qt.ItemDataRole.DisplayRole, SORT_ROLE, ROW_ROLE, Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.ForegroundRole,
    Qt.ItemDataRole.BackgroundRole, Qt.ItemDataRole.DecorationRole, Qt.ItemDataRole.TextAlignmentRole,
})


def shown_value(col: Column, row: Any) -> Any:
    """What a cell of `col` shows for `row` (its DisplayRole): a long text cut (the column cuts it off anyway)."""
    shown = col.display(row)
    if isinstance(shown, str) and len(shown) > DISPLAY_CHARS:
        return shown[:DISPLAY_CHARS] + "…"
    return shown


def _sort_value(col: Column, row: Any) -> Any:
    key = col.sort_key(row) if col.sort_key else col.display(row)
    return key if isinstance(key, (int, float)) else str(key if key is not None else "")


def _changed_span(old: list[Any], new: list[Any], shows_as: Callable[[Any, Any], bool] | None) -> tuple[int, int] | None:
    """(first, last) row that differs, None when none does. Repainting the whole self-check panel after every
    analysis cost 15-30 ms of GUI thread per keystroke even when a rule or two had changed."""
    differs = list(map(is_not, old, new))  # by identity first, at C speed: 19,000 claims in an 8 MB survey
    if shows_as is not None:
        differs = [d and not shows_as(a, b) for d, a, b in zip(differs, old, new)]
    if True not in differs:
        return None
    return differs.index(True), len(differs) - 1 - differs[::-1].index(True)


class SortProxy(QSortFilterProxyModel):
    """Sorts by each column's sort key (no Python filter: resetting 10,000 rows stays in C++)."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setSortRole(SORT_ROLE)

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        model = self.sourceModel()
        if isinstance(model, RowsModel):
            model.sorted_column = column  # (its dataChanged then says whether a row may have moved)
        super().sort(column, order)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """A column's title straight from the model (the proxy never filters or moves columns): Qt's own maps the
        section through an index of row 0, a call of RowsModel.index for each of the ~6 roles a header asks of each
        section it paints (~250 calls into Python a resize step of the Self-check tab)."""
        model = self.sourceModel()
        if orientation == Qt.Orientation.Horizontal and isinstance(model, RowsModel):
            return model.headerData(section, orientation, role) if 0 <= section < len(model.columns) else None
        return super().headerData(section, orientation, role)

    def lessThan(self, left: QModelIndex | QPersistentModelIndex, right: QModelIndex | QPersistentModelIndex) -> bool:
        model = self.sourceModel()
        if isinstance(model, RowsModel):  # each row's key made once, not two data() calls a comparison
            keys = model.sort_keys(left.column())
            a, b = keys[left.row()], keys[right.row()]
        else:
            a, b = left.data(SORT_ROLE), right.data(SORT_ROLE)
        if isinstance(a, (int, float)) and isinstance(b, (int, float)):
            return a < b
        return str(a) < str(b)


class RowsProxy(SortProxy):
    """SortProxy plus an optional predicate that filters rows."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._predicate: Callable[[Any], bool] | None = None
        # A change to any column may change what the predicate says (RowsModel tells a change to the sorted column
        # apart from one to the others; Qt refilters a change only if it takes in the filter key column).
        self.setFilterKeyColumn(-1)

    def set_predicate(self, predicate: Callable[[Any], bool] | None) -> None:
        if hasattr(self, "beginFilterChange"):  # Qt >= 6.9
            self.beginFilterChange()
            self._predicate = predicate
            self.endFilterChange(QSortFilterProxyModel.Direction.Rows)
        else:
            self._predicate = predicate
            self.invalidateFilter()

    def filterAcceptsRow(self, source_row: int, source_parent: QModelIndex | QPersistentModelIndex) -> bool:
        if self._predicate is None:
            return True
        model = self.sourceModel()
        return bool(self._predicate(model.rows[source_row]))


def format_value(value: Any) -> str:
    """Numbers the way the surveys write them: 3,838 · 0.67 · 36.53; None as a dash."""
    if value is None:
        return "—"
    if isinstance(value, (list, tuple)):
        return " / ".join(format_value(v) for v in value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, float):
        if value.is_integer() and abs(value) < 1e15:
            return f"{int(value):,}"
        return f"{value:,.4g}" if abs(value) >= 1 else f"{value:.3g}"
    return str(value)
