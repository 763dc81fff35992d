"""A small read-only table model over a list of row objects, described column by column (Anki's habit)."""

from __future__ import annotations

from dataclasses import dataclass
from operator import is_not
from typing import Any, Callable, Sequence

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, QSortFilterProxyModel, Qt

SORT_ROLE = Qt.ItemDataRole.UserRole + 1
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
        self.rows: list[Any] = []
        self.same = same

    def set_rows(self, rows: Sequence[Any]) -> None:
        """New rows; as many as before: the cells of the rows that changed are refreshed in place (views keep
        scroll, selection, widths), the others not repainted at all."""
        rows = list(rows)
        if rows and len(rows) == len(self.rows):
            old, self.rows = self.rows, rows
            changed = _changed_span(old, rows, self.same)
            if changed is not None:
                self.dataChanged.emit(self.index(changed[0], 0), self.index(changed[1], len(self.columns) - 1))
            return
        self.beginResetModel()
        self.rows = rows
        self.endResetModel()

    def set_columns(self, columns: Sequence[Column]) -> None:
        self.beginResetModel()
        self.columns = list(columns)
        self.endResetModel()

    def refresh(self) -> None:
        """Row objects changed in place: repaint every cell."""
        if self.rows:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self.rows) - 1, len(self.columns) - 1))

    def row_at(self, index: QModelIndex) -> Any:
        return self.rows[index.row()] if index.isValid() and index.row() < len(self.rows) else None

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
            return col.display(row)
        if role == SORT_ROLE:
            key = col.sort_key(row) if col.sort_key else col.display(row)
            return key if isinstance(key, (int, float)) else str(key if key is not None else "")
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

    def lessThan(self, left: QModelIndex | QPersistentModelIndex, right: QModelIndex | QPersistentModelIndex) -> bool:
        a, b = left.data(SORT_ROLE), right.data(SORT_ROLE)
        if isinstance(a, (int, float)) and isinstance(b, (int, float)):
            return a < b
        return str(a) < str(b)


class RowsProxy(SortProxy):
    """SortProxy plus an optional predicate that filters rows."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._predicate: Callable[[Any], bool] | None = None

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
