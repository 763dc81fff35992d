"""The text mirror the analysis reads stays exactly the editor's text through any edit, undo and redo."""

from __future__ import annotations

import random

from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import QPlainTextEdit

from editor_app.ui.text_mirror import TextMirror


def test_mirror_follows_random_edits(qapp, sample_text):
    editor = QPlainTextEdit()
    editor.setPlainText(sample_text)
    mirror = TextMirror(editor.document())
    rnd = random.Random(4)

    def truth() -> str:
        return editor.document().toRawText().replace("\u2029", "\n")

    assert mirror.text() == truth() == sample_text
    for _ in range(600):
        cur = editor.textCursor()
        end = editor.document().characterCount() - 1
        pos = rnd.randint(0, end)
        cur.setPosition(pos)
        op = rnd.random()
        if op < 0.45:
            cur.insertText(rnd.choice(["a", "字", "\n", "ab\ncd", "\n\n", "⚠️", "x\u00a0y"]))
        elif op < 0.75:
            cur.setPosition(min(end, pos + rnd.randint(0, 80)), QTextCursor.MoveMode.KeepAnchor)
            cur.removeSelectedText()
        elif op < 0.85:
            editor.undo()
        elif op < 0.9:
            editor.redo()
        else:
            cur.setPosition(min(end, pos + rnd.randint(0, 400)), QTextCursor.MoveMode.KeepAnchor)
            cur.insertText("替换\n内容")
        assert mirror.text() == truth()
    editor.setPlainText("整篇\n替换")
    assert mirror.text() == "整篇\n替换" and mirror.snapshot() == ["整篇", "替换"]


def test_a_whole_text_replaced_is_copied_once_and_not_followed(qapp, sample_text):
    """Opening a survey over another: the lines are the new text's, the log says the text was replaced (nothing
    before it followed), and no edit of the old text's removal is recorded."""
    editor = QPlainTextEdit()
    editor.setPlainText(sample_text)
    mirror = TextMirror(editor.document())
    mark = mirror.edits.mark()
    copies = []
    mirror.edited.connect(lambda: copies.append(list(mirror.lines)))
    other = sample_text.replace("实测", "测得", 3) + "尾\n"
    with mirror.replacing():
        editor.setPlainText(other)
    assert mirror.text() == other
    assert len(copies) == 1 and "\n".join(copies[0]) == other  # told once, after the new text is in
    assert mirror.edits.since(mark) == [None]
    assert mirror.edits.places_since(mark) is None
