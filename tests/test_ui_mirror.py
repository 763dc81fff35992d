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
