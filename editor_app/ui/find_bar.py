"""A find bar under the editor (Ctrl+F, Enter/F3 next, Shift+Enter previous, Esc closes)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut, QTextCursor, QTextDocument
from PySide6.QtWidgets import QCheckBox, QHBoxLayout, QLabel, QLineEdit, QPlainTextEdit, QPushButton, QWidget


class FindBar(QWidget):
    def __init__(self, editor: QPlainTextEdit, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.editor = editor
        self.field = QLineEdit(self)
        self.field.setPlaceholderText(self.tr("Find in the survey"))
        self.field.setClearButtonEnabled(True)
        self.field.setAccessibleName(self.tr("Find in the survey"))
        self.case = QCheckBox(self.tr("Match case"), self)
        self.status = QLabel(self)
        prev_b = QPushButton(self.tr("Previous"), self)
        next_b = QPushButton(self.tr("Next"), self)
        prev_b.setToolTip(self.tr("Previous match (Shift+Enter, Shift+F3)"))
        next_b.setToolTip(self.tr("Next match (Enter, F3)"))
        close_b = QPushButton("✕", self)
        close_b.setFlat(True)
        close_b.setFixedWidth(close_b.fontMetrics().horizontalAdvance("✕") + 16)  # not a button's usual 80 px
        close_b.setToolTip(self.tr("Close (Esc)"))
        close_b.setAccessibleName(self.tr("Close the find bar"))  # a screen reader read out "✕"
        layout = QHBoxLayout(self)
        layout.setContentsMargins(4, 2, 4, 2)
        for w in (QLabel(self.tr("Find:")), self.field, prev_b, next_b, self.case, self.status):
            layout.addWidget(w)
        layout.addStretch(1)
        layout.addWidget(close_b)
        self.field.returnPressed.connect(self.find_next)
        next_b.clicked.connect(self.find_next)
        prev_b.clicked.connect(self.find_previous)
        close_b.clicked.connect(self.close_bar)
        # Esc closes the bar from the bar or the editor, nowhere else: a window-wide Esc collided with the panes' own
        # (back to writing), and with the bar open Esc in a panel did nothing at all (an ambiguous shortcut).
        for widget in (self, editor):
            esc = QShortcut(QKeySequence(Qt.Key.Key_Escape), widget, activated=self.close_bar)
            esc.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self._esc_in_editor = esc
        esc.setEnabled(False)  # the editor's Esc is the bar's only while the bar is open
        previous = QShortcut(QKeySequence("Shift+Return"), self.field, activated=self.find_previous)
        previous.setContext(Qt.ShortcutContext.WidgetShortcut)
        self.hide()

    def open_bar(self) -> None:
        selected = self.editor.textCursor().selectedText()
        if selected and "\u2029" not in selected:
            self.field.setText(selected)
        self.show()
        self._esc_in_editor.setEnabled(True)
        self.field.setFocus()
        self.field.selectAll()

    def close_bar(self) -> None:
        self.hide()
        self._esc_in_editor.setEnabled(False)
        self.editor.setFocus()

    def find_next(self) -> bool:
        return self._find(QTextDocument.FindFlag(0))

    def find_previous(self) -> bool:
        return self._find(QTextDocument.FindFlag.FindBackward)

    def _find(self, flags) -> bool:
        needle = self.field.text()
        if not needle:
            return False
        if self.case.isChecked():
            flags |= QTextDocument.FindFlag.FindCaseSensitively
        found = self.editor.find(needle, flags)
        if not found:  # wrap around
            before = self.editor.textCursor()
            scroll = self.editor.verticalScrollBar().value()
            cur = QTextCursor(before)
            cur.movePosition(cur.MoveOperation.End if flags & QTextDocument.FindFlag.FindBackward else cur.MoveOperation.Start)
            self.editor.setTextCursor(cur)
            found = self.editor.find(needle, flags)
            if not found:  # nowhere in the survey: the cursor and the view stay where the author was
                self.editor.setTextCursor(before)
                self.editor.verticalScrollBar().setValue(scroll)
        self.status.setText("" if found else self.tr("Not found"))
        return found
