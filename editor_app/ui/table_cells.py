"""How a panel table's cell is painted: its style option filled in from the row object in one call into Python.

Qt's own QStyledItemDelegate asks the model for seven roles a cell (font, alignment, foreground, check state,
icon, text, background). Through the sort proxy each role is two calls into Python (the proxy's mapToSource calls
RowsModel.index, then RowsModel.data), each ~10 µs in PySide6 6.11 (a QModelIndex made and wrapped both ways): with
the cell's flags, 15 calls a cell. A resized window paints every widget again: the ~180 cells of the Self-check
tables were half of a resize step's GUI thread with an 8 MB survey open, two thirds of it these calls. Here
initStyleOption reads the row object and column as data() would and fills in the option as Qt's does, so a cell
looks the same (tests/test_table_cells.py compares the pixels).
"""

from __future__ import annotations

from PySide6.QtCore import QSortFilterProxyModel, Qt
from PySide6.QtGui import QBrush, QIcon, QPalette
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem

from editor_app.ui.table_models import RowsModel, shown_value

_HAS_DISPLAY = QStyleOptionViewItem.ViewItemFeature.HasDisplay
_HAS_DECORATION = QStyleOptionViewItem.ViewItemFeature.HasDecoration
_RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
_NO_BRUSH = QBrush()
_ASCENDING = Qt.SortOrder.AscendingOrder
_TEXT = QPalette.ColorRole.Text
_ENABLED, _SELECTED, _OPEN = (QStyle.StateFlag.State_Enabled, QStyle.StateFlag.State_Selected,
                              QStyle.StateFlag.State_Open)


class RowsDelegate(QStyledItemDelegate):
    """Paints the cells of a view over `model` (a RowsModel, behind a sort proxy or not) as QStyledItemDelegate
    does; a cell it cannot tell apart (another model, an icon that is no QIcon) is left to Qt's own way."""

    def __init__(self, model: RowsModel, proxy: QSortFilterProxyModel | None = None, parent=None) -> None:
        """`proxy`: the sort proxy over `model` the view shows, if any."""
        super().__init__(parent)
        self._model = model
        self._proxy = proxy
        self._in_order: bool | None = None  # does the proxy show the model's rows as they are? (None: to be seen)
        self._features: dict[tuple, object] = {}  # (features, added) -> features | added (an enum | is ~5 µs)
        if proxy is not None:
            for signal in (proxy.layoutChanged, proxy.modelReset, proxy.rowsInserted, proxy.rowsRemoved):
                signal.connect(self._order_changed)

    def _order_changed(self, *_args) -> None:
        self._in_order = None

    def _source_row(self, shown, index) -> tuple[int, int] | None:
        """The model's row and column of a cell the view shows through a proxy; None: not over our model."""
        if shown is self._proxy:
            if self._in_order is None:
                # Unsorted and unfiltered, a proxy's row is the model's (a call into Python a cell saved);
                # unsorted in descending order, a proxy shows the rows backwards
                self._in_order = (shown.sortColumn() < 0 and shown.sortOrder() == _ASCENDING
                                  and shown.rowCount() == len(self._model.rows))
            if self._in_order:
                return index.row(), index.column()
        elif not isinstance(shown, QSortFilterProxyModel) or shown.sourceModel() is not self._model:
            return None
        source = shown.mapToSource(index)
        return source.row(), source.column()

    def initStyleOption(self, option: QStyleOptionViewItem, index) -> None:  # noqa: N802 (Qt's name)
        model = self._model
        shown = index.model()
        if shown is model:
            row, column = index.row(), index.column()
        else:
            place = self._source_row(shown, index)
            if place is None:
                super().initStyleOption(option, index)
                return
            row, column = place
        rows, columns = model.rows, model.columns
        if not (0 <= row < len(rows) and 0 <= column < len(columns)):
            super().initStyleOption(option, index)
            return
        obj, col = rows[row], columns[column]
        icon = col.icon(obj) if col.icon else None
        if icon is not None and not isinstance(icon, QIcon):
            super().initStyleOption(option, index)  # (a pixmap or a colour: Qt's way of sizing it)
            return
        # In QStyledItemDelegate::initStyleOption's order (Qt 6): font, alignment, foreground, check state (none
        # served), decoration, display, background
        option.index = index
        if col.align_right:
            option.displayAlignment = _RIGHT
        foreground = col.foreground(obj) if col.foreground else None
        if foreground is not None:
            palette = option.palette
            palette.setBrush(_TEXT, QBrush(foreground))
            option.palette = palette
        added = 0
        if icon is not None and not icon.isNull():
            added = 1
            state = option.state
            mode = (QIcon.Mode.Disabled if not state & _ENABLED else QIcon.Mode.Selected if state & _SELECTED
                    else QIcon.Mode.Normal)
            wanted = option.decorationSize
            option.icon = icon
            # (an icon with a high-dpi pixmap may be bigger than asked: Qt keeps the size asked)
            option.decorationSize = wanted.boundedTo(
                icon.actualSize(wanted, mode, QIcon.State.On if state & _OPEN else QIcon.State.Off))
        value = shown_value(col, obj)
        if value is not None:
            added |= 2
            option.text = (value.replace("\n", "\u2028") if isinstance(value, str)
                           else self.displayText(value, option.locale))
        if added:
            features = option.features
            key = (features, added)
            with_them = self._features.get(key)
            if with_them is None:
                with_them = features
                if added & 1:
                    with_them |= _HAS_DECORATION
                if added & 2:
                    with_them |= _HAS_DISPLAY
                self._features[key] = with_them
            option.features = with_them
        background = col.background(obj) if col.background else None
        option.backgroundBrush = QBrush(background) if background is not None else _NO_BRUSH
        option.styleObject = None
