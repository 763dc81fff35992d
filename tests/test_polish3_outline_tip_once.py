"""The outline's tooltip worked out which section numbers repeat (a pass over every section) on every hover; it is
now worked out once per analysis, on the first hover, and again after the next analysis (lines move)."""

from __future__ import annotations

from PySide6.QtCore import QEvent
from PySide6.QtGui import QHelpEvent, QTextCursor
from PySide6.QtWidgets import QApplication, QToolTip

from editor_app.core import document
from editor_app.ui import outline_panel
from ui_support import open_window, wait_analysis


def _hover(view, row: int) -> str:
    index = view.model().index(row)
    pos = view.visualRect(index).center()
    QApplication.sendEvent(view.viewport(), QHelpEvent(QEvent.Type.ToolTip, pos, view.viewport().mapToGlobal(pos)))
    said = QToolTip.text()
    QToolTip.hideText()
    return said


def test_the_repeated_numbers_are_worked_out_once_per_analysis(qtbot, tmp_path, sample_text, monkeypatch):
    path = tmp_path / "survey.md"
    path.write_text(sample_text.replace("\n3.3 主线 C", "\n3.1 主线 C", 1), encoding="utf-8")
    window = open_window(qtbot, path)
    try:
        calls: list[int] = []

        def counted(sections):
            calls.append(len(sections))
            return document.repeated_numbers(sections)

        monkeypatch.setattr(outline_panel, "repeated_numbers", counted)
        rows = window.outline.model.rows
        second = next(i for i, sm in enumerate(rows) if sm.section.key == "3.1#2")
        first_line = next(sm.section.line for sm in rows if sm.section.key == "3.1")
        lines = (first_line, rows[second].section.line)
        for row in (second, second, 0, second):
            said = _hover(window.outline.view, row)
        assert said.endswith(f"2 headings have this number (lines {lines[0]}, {lines[1]}): "
                             "a § reference to it is ambiguous.")
        assert len(calls) == 1  # before: once a hover, 4

        window.goto_line(1)
        window.editor.moveCursor(QTextCursor.MoveOperation.StartOfBlock)
        with wait_analysis(qtbot, window):
            window.editor.insertPlainText("新的一行\n")  # every heading one line down
        calls.clear()
        said = _hover(window.outline.view, second)
        assert said.endswith(f"(lines {lines[0] + 1}, {lines[1] + 1}): a § reference to it is ambiguous.")
        assert len(calls) == 1  # the new analysis' lines, worked out again
    finally:
        window.shutdown()
