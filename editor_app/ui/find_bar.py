"""A find bar under the editor (Ctrl+F, Enter/F3 next, Shift+Enter previous, Esc closes), with a replace row
(Ctrl+H: Enter or Alt+R replaces the match and finds the next, Alt+A replaces them all as one undo step).

Options: match case; match a whole number or word, so that renumbering "5.1" to "6.1" leaves arXiv ids ("2605.19537")
and versions ("v0.5.19") alone; the text as a regular expression (Qt's, PCRE: "\\1" in the replacement is its first
group)."""

from __future__ import annotations

import re

from PySide6.QtCore import QRegularExpression, Qt
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


# What a whole number or word may not be glued to on either side: a digit, a letter or "." ("2605.19537", "v0.5.19",
# "5.1.2" hold no whole "5.1"); a CJK character is not glued to anything (Chinese writes "见5.1节", "用vLLM推理").
_GLUE = r"(?:(?![\p{Han}\p{Hiragana}\p{Katakana}\p{Hangul}])[\p{L}\p{N}_.])"
_GROUP = re.compile(r"\\(\d)|\\\\")  # "\1" in a replacement (regular expression): the first group


def search_pattern(needle: str, *, case: bool, whole: bool, regex: bool) -> QRegularExpression:
    """The find bar's search as a regular expression: `needle` as written (or, `regex`, as a pattern), a whole
    number or word when `whole`, ignoring case unless `case`."""
    core = needle if regex else QRegularExpression.escape(needle)
    if whole:
        core = f"(?<!{_GLUE})(?:{core})(?!{_GLUE})"
    options = QRegularExpression.PatternOption.UseUnicodePropertiesOption
    if not case:
        options |= QRegularExpression.PatternOption.CaseInsensitiveOption
    return QRegularExpression(core, options)


def expanded(replacement: str, match) -> str:
    """`replacement` with "\\1"…"\\9" (and "\\0", the whole match) read as the match's groups, "\\\\" as one
    backslash."""
    return _GROUP.sub(lambda m: "\\" if m.group(1) is None else match.captured(int(m.group(1))), replacement)


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
        self.whole = QCheckBox(self.tr("Match whole number/word"), self)
        self.whole.setToolTip(self.tr("Only a match not glued to a digit, a letter or a \".\" on either side: \"5.1\" "
                                      "is not found in \"2605.19537\" or \"v0.5.19\""))
        self.regex = QCheckBox(self.tr("Regular expression"), self)
        self.regex.setToolTip(self.tr("Find the text as a regular expression; in the replacement, \\1 is the first "
                                      "group in parentheses (\\0 the whole match)"))
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
        for w in (find_label, self.field, prev_b, next_b, self.status):
            layout.addWidget(w)
        layout.addStretch(1)
        layout.addWidget(close_b)
        # the options on a row of their own: on the find row, beside a 400 px editor, they took the field's room
        options = QHBoxLayout()
        options.addSpacing(find_label.sizeHint().width() + layout.spacing())  # under the field, as the replace row
        for w in (self.case, self.whole, self.regex):
            options.addWidget(w)
        options.addStretch(1)
        rows.addLayout(options)
        self.replace_row = self._replace_row(find_label, layout.spacing())
        rows.addWidget(self.replace_row)
        # Tab: the two fields, then the buttons (from the find field Tab went to "Match case", past Previous/Next)
        chain = (self.field, self.replacement, prev_b, next_b, self.case, self.whole, self.regex, self.replace_button,
                 self.replace_all_button, close_b)
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

    def _pattern(self) -> QRegularExpression | None:
        """The search as a regular expression when an option needs one (None: the text as written, as Qt finds it);
        an invalid one is said beside the field."""
        if not (self.whole.isChecked() or self.regex.isChecked()):
            return None
        return search_pattern(self.field.text(), case=self.case.isChecked(), whole=self.whole.isChecked(),
                              regex=self.regex.isChecked())

    def _needle(self):
        """What to look for (the text, or its regular expression), or None when there is nothing valid to find."""
        needle = self.field.text()
        if not needle:
            return None
        pattern = self._pattern()
        if pattern is None:
            return needle
        if not pattern.isValid():
            self._say(self.tr("Invalid regular expression: %1").replace("%1", pattern.errorString()))
            return None
        return pattern

    def _matched(self, cursor: QTextCursor, needle):
        """The match `cursor` selects (a regular expression's match object, or True), else None."""
        if not cursor.hasSelection():
            return None
        if isinstance(needle, str):
            chosen = cursor.selectedText()
            same = chosen == needle if self.case.isChecked() else chosen.lower() == needle.lower()
            return True if same else None
        block = self.editor.document().findBlock(cursor.selectionStart())
        start, end = cursor.selectionStart() - block.position(), cursor.selectionEnd() - block.position()
        m = needle.match(block.text(), start)  # (the leftmost match from there: one starting there, if any)
        return m if m.hasMatch() and m.capturedStart() == start and m.capturedEnd() == end else None

    def _replacement(self, match) -> str:
        text = self.replacement.text()
        return expanded(text, match) if self.regex.isChecked() and match not in (None, True) else text

    def replace_one(self) -> bool:
        """Replace the match selected in the editor (if the selection is one) and go to the next match."""
        needle = self._needle()
        if needle is None:
            return False
        cursor = self.editor.textCursor()
        match = self._matched(cursor, needle)
        if match is not None:
            replacement = self._replacement(match)
            if replacement != cursor.selectedText():  # (the same text again would only mark the survey edited)
                cursor.insertText(replacement)
        return self.find_next()

    def replace_all(self) -> int:
        """Replace every match as one undo step; the count is shown beside the field."""
        needle = self._needle()
        if needle is None:
            return 0
        doc = self.editor.document()
        forget = getattr(self.editor, "forget_selections", None)
        if forget is not None:
            forget()  # Qt must not keep selections into text that is about to change (as the window's own edits)
        edit = QTextCursor(doc)
        edit.setPosition(self.editor.textCursor().position())  # Undo puts the author's cursor back here
        count = same = 0
        edit.beginEditBlock()
        found = doc.find(needle, 0, self._flags())
        while not found.isNull():
            if found.hasSelection():  # (an empty match of a regular expression, "^" or "x*", replaces nothing)
                replacement = self._replacement(self._matched(found, needle))
                if replacement == found.selectedText():  # "CJK" -> "CJK": no edit (it marked the survey modified
                    same += 1  # and cleared Redo, the text byte for byte the file's)
                else:
                    found.insertText(replacement)
                    count += 1
            elif found.atEnd():
                break
            else:
                found.movePosition(QTextCursor.MoveOperation.NextCharacter)
            found = doc.find(needle, found.position(), self._flags())
        edit.endEditBlock()
        if count:
            self._say(self.tr("%1 replaced").replace("%1", str(count)))
        elif same:
            self._say(self.tr("%1 found, each already reads so: nothing changed").replace("%1", str(same)))
        else:
            self._say(self.tr("Not found"))
        return count

    def _find(self, flags) -> bool:
        needle = self._needle()
        if needle is None:
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
