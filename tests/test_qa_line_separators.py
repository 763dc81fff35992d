"""QA: the lines the editor numbers are the lines the analysis reports. Shift+Enter made Qt insert a soft line break
(U+2028) that the analysis counted as a new line: every jump, underline and line figure after it was one line off."""

from __future__ import annotations

from PySide6.QtCore import QMimeData, Qt
from PySide6.QtTest import QTest

from editor_app.core.analyze import analyze
from ui_support import open_window, wait_analysis


def _settled(qtbot, window):
    qtbot.waitUntil(lambda: window.runner.published_revision == window.runner.revision, timeout=20000)
    return window.latest_analysis


def test_shift_enter_starts_a_real_line(qtbot, tmp_path, sample_text):
    survey = tmp_path / "survey.md"
    survey.write_text(sample_text, encoding="utf-8")
    window = open_window(qtbot, survey)
    window.goto_line(2, 3)
    with wait_analysis(qtbot, window):
        QTest.keyClick(window.editor, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier)
    analysis = _settled(qtbot, window)
    assert window.editor.blockCount() == 114 == analysis.metrics["lines"]
    assert "\u2028" not in window.current_text()
    assert window.editor.document().findBlockByNumber(2).text() == "作者：spark"
    # a wrong figure of §0 (line 9 before, 10 now) is found where the editor numbers it
    wrong = next(c for c in analysis.claims if c.ok is False and c.kind == "sum")
    assert wrong.line == 10 and "3,838" in window.editor.document().findBlockByNumber(9).text()


def test_pasted_line_separators_become_lines(qtbot, tmp_path, sample_text):
    survey = tmp_path / "survey.md"
    survey.write_text(sample_text, encoding="utf-8")
    window = open_window(qtbot, survey)
    window.goto_line(2, 1)
    mime = QMimeData()
    mime.setText("粘贴的一行\u2028第二行\u2029第三行\n")
    with wait_analysis(qtbot, window):
        window.editor.insertFromMimeData(mime)
    analysis = _settled(qtbot, window)
    assert window.editor.blockCount() == 116 == analysis.metrics["lines"]
    assert window.current_text().split("\n")[1:4] == ["粘贴的一行", "第二行", "第三行"]


def test_a_file_holding_a_line_separator_is_read_as_the_cli_reads_it(qtbot, tmp_path, sample_text):
    text = sample_text.replace("- 作者：spark", "- 作者：\u2028spark", 1)
    survey = tmp_path / "survey.md"
    survey.write_bytes(text.encode("utf-8"))
    window = open_window(qtbot, survey)
    analysis = _settled(qtbot, window)
    assert window.editor.blockCount() == 113 == analysis.metrics["lines"]
    assert analysis.to_dict() == analyze(text, window.pack).to_dict()  # what survey-check says about the file
    window.editor.document().setModified(True)
    assert window.save()
    assert survey.read_bytes() == text.encode("utf-8")  # the character is kept, not turned into a new line
