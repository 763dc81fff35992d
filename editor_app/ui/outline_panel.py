"""The section outline beside the editor: every heading, indented by level; a click jumps there."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, Signal
from PySide6.QtWidgets import QListView, QVBoxLayout, QWidget

from editor_app.core.model import Analysis
from editor_app.ui.table_models import ROW_ROLE, Column, RowsModel


class OutlinePanel(QWidget):
    jump_requested = Signal(int, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("outline_panel")
        self.model = RowsModel([Column("", self._label, tooltip=self._tip)], self)
        self.view = QListView(self)
        self.view.setObjectName("outline_view")
        self.view.setModel(self.model)
        self.view.setUniformItemSizes(True)
        self.view.clicked.connect(self._clicked)
        self.view.activated.connect(self._clicked)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.view)
        self._signature: tuple = ()

    @staticmethod
    def _label(sm) -> str:
        s = sm.section
        return "    " * max(s.level - 1, 0) + f"{s.number} {s.title}".strip()

    @staticmethod
    def _tip(sm) -> str:
        s = sm.section
        return f"{s.number} {s.title}\nL{s.line}–{s.end_line}".strip()

    def show_analysis(self, analysis: Analysis, signature: tuple | None = None) -> None:
        sig = signature if signature is not None else tuple(
            (sm.section.key, sm.section.title, sm.section.line, sm.section.end_line) for sm in analysis.sections)
        if sig == self._signature:
            self.model.rows = list(analysis.sections)  # same shape: keep the view's scroll and selection
            return
        self._signature = sig
        self.model.set_rows(analysis.sections)

    def _clicked(self, index: QModelIndex) -> None:
        sm = index.data(ROW_ROLE)
        if sm is not None:
            self.jump_requested.emit(sm.section.line, 1)
