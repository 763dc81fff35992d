"""QA27g D5: pasting 5,000 lines (a cut section put back) stalled the window 200-640 ms on a busy machine: the mirror
read each new block with three calls into Qt, each giving the GIL up and waiting for it while the analysis thread
ran. Many blocks are now read in one selection; the mirror must stay exactly the editor's text through it."""

from __future__ import annotations

import random

from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import QPlainTextEdit

from editor_app.ui import text_mirror
from editor_app.ui.text_mirror import TextMirror


def _truth(editor: QPlainTextEdit) -> str:
    return editor.document().toRawText().replace("\u2029", "\n")


def test_big_pastes_cuts_and_undos_keep_the_mirror_exact(qapp, sample_text, monkeypatch):
    selections = []
    class Counting(QTextCursor):
        def selectedText(self):
            selections.append(1)
            return super().selectedText()

    monkeypatch.setattr(text_mirror, "QTextCursor", Counting, raising=False)
    editor = QPlainTextEdit()
    editor.setPlainText(sample_text * 3)
    mirror = TextMirror(editor.document())
    rnd = random.Random(7)
    lines = sample_text.split("\n")
    odd = ["a\u00a0b", "行\u2028内", "⚠️ 𝐀𝐁 end", "", "\t x "]
    for _ in range(40):
        cur = editor.textCursor()
        end = editor.document().characterCount() - 1
        pos = rnd.randint(0, end)
        cur.setPosition(pos)
        op = rnd.random()
        if op < 0.5:
            start = rnd.randrange(len(lines))
            chunk = lines[start:start + rnd.randint(40, 150)] + rnd.sample(odd, 2)
            cur.insertText("\n".join(chunk))
        elif op < 0.75:
            cur.setPosition(min(end, pos + rnd.randint(3_000, 9_000)), QTextCursor.MoveMode.KeepAnchor)
            cur.removeSelectedText()
        else:
            editor.undo()
        assert mirror.text() == _truth(editor)
    assert len(selections) >= 10  # the many-block edits were read in one selection, not walked


def test_a_paste_at_the_very_end_keeps_the_last_line(qapp, sample_text):
    editor = QPlainTextEdit()
    editor.setPlainText(sample_text)
    mirror = TextMirror(editor.document())
    cur = editor.textCursor()
    cur.movePosition(QTextCursor.MoveOperation.End)
    cur.insertText("\n" + "\n".join(f"第 {i} 行 a\u00a0b" for i in range(100)) + "\n尾")
    assert mirror.text() == _truth(editor)
    assert mirror.lines[-1] == "尾" and len(mirror.lines) == editor.document().blockCount()
