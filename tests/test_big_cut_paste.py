"""Cutting and pasting paragraphs in a long survey: the outline shows the right rows, and repainting it calls no
Python (a Python model's ~840 calls per repaint each waited for the analysis worker to let go of the GIL: 0.2-0.5 s
stalls after every jump while an 8 MB survey was being analysed)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import QEvent  # noqa: E402
from PySide6.QtGui import QHelpEvent, QTextCursor  # noqa: E402
from PySide6.QtWidgets import QApplication, QToolTip  # noqa: E402

from editor_app.ui.outline_panel import outline_signature, section_label  # noqa: E402
from tests.ui_support import open_window, repeated_sample, wait_analysis  # noqa: E402


@pytest.fixture
def big(tmp_path, sample_text, qtbot):
    path = repeated_sample(tmp_path, sample_text)
    window = open_window(qtbot, path)
    yield window
    window.shutdown()


def expected_labels(window) -> list[str]:
    return [section_label(*entry) for entry in outline_signature(window.latest_analysis)]


def cut_lines(window, line: int, count: int) -> None:
    window.goto_line(line)
    cur = window.editor.textCursor()
    cur.movePosition(QTextCursor.MoveOperation.StartOfBlock)
    cur.movePosition(QTextCursor.MoveOperation.NextBlock, QTextCursor.MoveMode.KeepAnchor, count)
    window.editor.setTextCursor(cur)
    window.editor.cut()


def test_cutting_and_pasting_a_heading_keeps_the_outline_exact(qtbot, big):
    window = big
    model = window.outline.model
    assert model.stringList() == expected_labels(window)
    assert any(label.startswith("    ") for label in model.stringList())  # deeper sections are indented
    heading = window.latest_analysis.sections[len(window.latest_analysis.sections) // 3].section
    before = len(model.rows)
    with wait_analysis(qtbot, window):
        cut_lines(window, heading.line, 6)  # the heading and the first lines below it
    assert model.stringList() == expected_labels(window)
    assert [sm.section for sm in model.rows] == [sm.section for sm in window.latest_analysis.sections]
    with wait_analysis(qtbot, window):
        window.goto_line(window.editor.blockCount() - 40)
        window.editor.paste()
    assert len(model.rows) == before
    assert model.stringList() == expected_labels(window)
    assert [sm.section for sm in model.rows] == [sm.section for sm in window.latest_analysis.sections]
    moved = next(sm.section for sm in model.rows if sm.section.line > heading.line
                 and (sm.section.number, sm.section.title) == (heading.number, heading.title)
                 and sm.section.line > window.editor.blockCount() - 60)
    window.goto_line(moved.line)  # the outline follows the cursor to the pasted heading
    assert model.rows[window.outline.view.currentIndex().row()].section == moved


def test_renaming_a_heading_replaces_only_its_row(qtbot, big):
    window = big
    model = window.outline.model
    changed: list[tuple[int, int]] = []
    model.dataChanged.connect(lambda a, b, *r: changed.append((a.row(), b.row())))
    model.modelReset.connect(lambda: changed.append((-1, -1)))
    target = len(model.rows) // 2
    section = model.rows[target].section
    window.goto_line(section.line)
    window.editor.moveCursor(QTextCursor.MoveOperation.EndOfBlock)
    with wait_analysis(qtbot, window):
        window.editor.insertPlainText("改")
    assert changed == [(target, target)]
    assert model.stringList()[target].endswith("改 — number repeated")  # (the sample 20 times: each number 20 times)
    assert model.stringList() == expected_labels(window)


def test_repainting_the_outline_calls_no_python_model_code(qtbot, big):
    window = big
    window.goto_line(window.latest_analysis.sections[40].section.line)
    called: list[str] = []

    def profile(frame, event, arg):
        if event == "call":
            called.append(f"{Path(frame.f_code.co_filename).name}:{frame.f_code.co_name}")  # (co_qualname: 3.11+)

    sys.setprofile(profile)
    try:
        window.outline.view.viewport().repaint()
    finally:
        sys.setprofile(None)
    outline = {c for c in called if c.startswith(("outline_panel.py", "table_models.py"))}
    assert outline == {"outline_panel.py:viewportEvent"}  # _OutlineView's, once per paint, not per row


def test_the_outline_tooltip_tells_number_title_and_lines(qtbot, big):
    window = big
    view = window.outline.view
    index = window.outline.model.index(3)
    section = window.outline.model.rows[3].section
    pos = view.visualRect(index).center()
    event = QHelpEvent(QEvent.Type.ToolTip, pos, view.viewport().mapToGlobal(pos))
    QApplication.sendEvent(view.viewport(), event)
    said = QToolTip.text().split("\n")
    assert said[:2] == [f"{section.number} {section.title}".strip(), f"L{section.line}–{section.end_line}"]
    # the sample 20 times over: each number is used by 20 headings
    assert said[2].startswith(f"20 headings have this number (lines {section.line}, ")
    QToolTip.hideText()


def test_an_analysis_pass_leaves_nothing_for_the_next_young_collection(sample_text):
    """The worker keeps the collector off during a pass; what it allocated must not then be scanned by the first
    collection (70-160 ms holding the GIL on an 8 MB survey, finding nothing, while the GUI waited)."""
    import gc

    from editor_app.core.rulepack import house_pack
    from editor_app.ui.analysis_runner import _AnalysisThread, _default_analyzer

    thread = _AnalysisThread(_default_analyzer, house_pack(), None)
    results: list[object] = []
    thread.done.connect(lambda revision, analysis, *rest: results.append(analysis))
    text = "\n".join([sample_text.rstrip("\n")] * 5) + "\n"
    was_on = gc.isenabled()
    gc.enable()
    try:
        thread.work((1, text, None, None, thread._pack))
        young = gc.get_count()[0]
        assert gc.isenabled()
    finally:
        gc.unfreeze()
        if not was_on:
            gc.disable()
    assert results and len(results[0].sections) > 10
    assert young < 700  # below the first generation's threshold: no collection is due
