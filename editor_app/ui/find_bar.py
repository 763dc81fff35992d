"""A find bar under the editor (Ctrl+F, Enter/F3 next, Shift+Enter previous, Esc closes), with a replace row
(Ctrl+H: Enter or Alt+R replaces the match and finds the next, Alt+A replaces them all as one undo step)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut, QTextCursor, QTextDocument
from PySide6.QtWidgets import (
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from editor_app.ui.focus_ring import FocusRing


def snug(button: QPushButton) -> None:
    """The button as wide as its words, not a push button's usual 80 px: beside the editor (400 px in a 1280 px
    window) "Previous" and "Next" took the room the find field needed, which showed "Find in th…"."""
    style, metrics = button.style(), button.fontMetrics()
    padding = 2 * style.pixelMetric(QStyle.PixelMetric.PM_ButtonMargin, None, button)
    padding += 2 * style.pixelMetric(QStyle.PixelMetric.PM_DefaultFrameWidth, None, button)
    button.setFixedWidth(metrics.horizontalAdvance(button.text()) + padding + 8)


class FindBar(FocusRing, QWidget):
    """Tab goes round the bar's fields and buttons (FocusRing): on into the editor, the next Tab typed a tab."""

    def __init__(self, editor: QPlainTextEdit, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.editor = editor
        self.field = QLineEdit(self)
        self.field.setPlaceholderText(self.tr("Find in the survey"))
        self.field.setClearButtonEnabled(True)
        self.field.setAccessibleName(self.tr("Find in the survey"))
        self.case = QCheckBox(self.tr("Match case"), self)
        self.status = QLabel(self)
        self.status.hide()  # until it has something to say (_say)
        prev_b = QPushButton(self.tr("Previous"), self)
        next_b = QPushButton(self.tr("Next"), self)
        for button in (prev_b, next_b):
            snug(button)
        prev_b.setToolTip(self.tr("Previous match (Shift+Enter, Shift+F3)"))
        next_b.setToolTip(self.tr("Next match (Enter, F3)"))
        close_b = QPushButton("✕", self)
        close_b.setFlat(True)
        close_b.setFixedWidth(close_b.fontMetrics().horizontalAdvance("✕") + 16)  # not a button's usual 80 px
        close_b.setToolTip(self.tr("Close (Esc)"))
        close_b.setAccessibleName(self.tr("Close the find bar"))  # a screen reader read out "✕"
        rows = QVBoxLayout(self)
        rows.setContentsMargins(4, 2, 4, 2)
        rows.setSpacing(2)
        layout = QHBoxLayout()
        rows.addLayout(layout)
        find_label = QLabel(self.tr("Find:"))
        for w in (find_label, self.field, prev_b, next_b, self.case, self.status):
            layout.addWidget(w)
        layout.addStretch(1)
        layout.addWidget(close_b)
        self.replace_row = self._replace_row(find_label, layout.spacing())
        rows.addWidget(self.replace_row)
        # Tab: the two fields, then the buttons (from the find field Tab went to "Match case", past Previous/Next)
        chain = (self.field, self.replacement, prev_b, next_b, self.case, self.replace_button, self.replace_all_button,
                 close_b)
        for first, second in zip(chain, chain[1:]):
            QWidget.setTabOrder(first, second)
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

    def _replace_row(self, find_label: QLabel, spacing: int) -> QWidget:
        """The second row, shown by Edit → Replace (Ctrl+H): before, the survey could be searched but not edited
        from the bar, so a name or a figure written ten times was changed by hand ten times."""
        row = QWidget(self)
        self.replacement = QLineEdit(row)
        self.replacement.setPlaceholderText(self.tr("Replace with"))
        self.replacement.setAccessibleName(self.tr("Replace with"))
        self.replace_button = QPushButton(self.tr("&Replace"), row)
        self.replace_button.setToolTip(self.tr("Replace this match and find the next (Enter)"))
        self.replace_all_button = QPushButton(self.tr("Replace &All"), row)
        self.replace_all_button.setToolTip(self.tr("Replace every match in the survey (one Undo brings them back)"))
        layout = QHBoxLayout(row)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(spacing)  # the find row's
        # no "Replace:" label (the field says "Replace with", its buttons Replace): a label wider than "Find:"
        # started this field ~20 px right of the find field, and widening "Find:" to match took the room the find
        # field needs at 1280 px. The find label's room is left empty, so the two fields line up.
        layout.addSpacing(find_label.sizeHint().width() + spacing)  # a spacer gets no gap after it
        for w in (self.replacement, self.replace_button, self.replace_all_button):
            layout.addWidget(w)
        layout.addStretch(1)
        self.replacement.returnPressed.connect(self.replace_one)
        self.replace_button.clicked.connect(self.replace_one)
        self.replace_all_button.clicked.connect(self.replace_all)
        row.hide()
        return row

    def open_bar(self, replace: bool = False) -> None:
        """Edit → Find (the find row) or, `replace`, Edit → Replace (both rows); the keys in the find field."""
        selected = self.editor.textCursor().selectedText()
        if selected and "\u2029" not in selected:
            self.field.setText(selected)
        self.replace_row.setVisible(bool(replace))
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

    def _flags(self) -> QTextDocument.FindFlag:
        return QTextDocument.FindFlag.FindCaseSensitively if self.case.isChecked() else QTextDocument.FindFlag(0)

    def replace_one(self) -> bool:
        """Replace the match selected in the editor (if the selection is one) and go to the next match."""
        needle = self.field.text()
        if not needle:
            return False
        cursor = self.editor.textCursor()
        chosen = cursor.selectedText()
        same = chosen == needle if self.case.isChecked() else chosen.lower() == needle.lower()
        if cursor.hasSelection() and same:
            cursor.insertText(self.replacement.text())
        return self.find_next()

    def replace_all(self) -> int:
        """Replace every match as one undo step; the count is shown beside the field."""
        needle = self.field.text()
        if not needle:
            return 0
        doc = self.editor.document()
        forget = getattr(self.editor, "forget_selections", None)
        if forget is not None:
            forget()  # Qt must not keep selections into text that is about to change (as the window's own edits)
        edit = QTextCursor(doc)
        edit.setPosition(self.editor.textCursor().position())  # Undo puts the author's cursor back here
        count = 0
        edit.beginEditBlock()
        found = doc.find(needle, 0, self._flags())
        while not found.isNull():
            found.insertText(self.replacement.text())
            count += 1
            found = doc.find(needle, found.position(), self._flags())
        edit.endEditBlock()
        self._say(self.tr("%1 replaced").replace("%1", str(count)) if count else self.tr("Not found"))
        return count

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
        self._say("" if found else self.tr("Not found"))
        return found

    def _say(self, text: str) -> None:
        """Show "Not found" / "3 replaced"; with nothing to say the label takes no room from the field."""
        self.status.setText(text)
        self.status.setVisible(bool(text))
