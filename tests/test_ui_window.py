"""The main window on the real sample: measured totals, live updates, jumps, underlines, outline, preview."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextCursor

from ui_support import click_row, cursor_line, open_window, type_text, wait_analysis


@pytest.fixture
def window(qtbot, sample_path):
    return open_window(qtbot, sample_path)


def rule(window, rule_id):
    return next(r for r in window.selfcheck.rules_model.rows if r.id == rule_id)


def test_panel_shows_the_measured_totals(window):
    assert rule(window, "cjk-total").measured == 3838
    assert rule(window, "caution-markers").measured == 79
    assert rule(window, "line-count").measured == 113
    assert rule(window, "verifiability").status == "not-measured"  # never shown as a pass before verification
    assert "Verify all" in window.selfcheck.summary.text()
    text = window.headline_label.text()
    assert text.startswith("CJK 3,838/3,900 · ⚠️ 79 · 113/200 lines")
    assert "1 rule failing, 1 rule warning" in text  # as survey-check says it (before: "2 rules failing")
    assert "red" in window.headline_label.styleSheet() or "#d22d2d" in window.headline_label.styleSheet()
    # every rule of the pack has a row; the claims audit lists what the survey states about itself
    assert [r.id for r in window.selfcheck.rules_model.rows] == [r.id for r in window.pack.rules]
    wrong = [c for c in window.selfcheck.claims_model.rows if c.ok is False]
    assert any(c.line == 9 and c.claimed == 3838 and c.measured == 4421 for c in wrong)  # 2,892+579+950 ≠ 3,838
    sections = {s.section.key: s.metrics for s in window.selfcheck.sections_model.rows}
    assert [sections[k]["cjk"] for k in ("3.1", "3.2", "3.3")] == [159, 194, 207]


def test_typing_a_paragraph_updates_the_totals(qtbot, window):
    line = next(s.section.end_line for s in window.latest_analysis.sections if s.section.key == "1")
    window.goto_line(line)
    window.editor.moveCursor(QTextCursor.MoveOperation.EndOfBlock)
    with wait_analysis(qtbot, window):
        type_text(window.editor, "\n新段落测试文字⚠️")
    assert rule(window, "cjk-total").measured == 3838 + 7
    assert rule(window, "caution-markers").measured == 80
    assert rule(window, "line-count").measured == 114
    assert window.headline_label.text().startswith("CJK 3,845/3,900 · ⚠️ 80 · 114/200 lines")
    assert window.latest_analysis.metrics["cjk"] == 3845


def test_clicking_a_failing_rule_moves_the_cursor_into_its_scope(qtbot, window):
    window.goto_line(1)
    row = click_row(qtbot, window.selfcheck.rules_view, lambda r: r.id == "confluence-link-length")
    assert row.status == "fail"
    seven = next(s.section for s in window.latest_analysis.sections if s.section.key == "7")
    assert seven.line <= cursor_line(window) <= seven.end_line
    # a wrong self-reported figure: the cursor lands on the number as written
    claim = click_row(qtbot, window.selfcheck.claims_view, lambda c: c.ok is False and c.line == 94)
    cur = window.editor.textCursor()
    assert cursor_line(window) == 94
    assert cur.positionInBlock() + 1 == claim.value_column


def test_problem_spans_are_underlined_with_their_message(window):
    spans = window.editor.problems_at(9, 17)
    assert any("3,838" in s.message and "4,421" in s.message for s in spans)
    window.goto_line(9)
    assert any(u.line == 9 and u.text == "3,838" for u in window.editor.underlines())


def test_outline_lists_sections_and_jumps(qtbot, window):
    rows = window.outline.model.rows
    assert [sm.section.key for sm in rows][:3] == ["0", "1", "2"]
    target = next(i for i, sm in enumerate(rows) if sm.section.key == "4.4")
    index = window.outline.model.index(target, 0)
    qtbot.mouseClick(window.outline.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=window.outline.view.visualRect(index).center())
    assert cursor_line(window) == rows[target].section.line
    window.goto_line(rows[target].section.line + 1)  # the outline follows the cursor
    assert window.outline.view.currentIndex().row() == target


def test_set_text_undoable_is_one_undo_step(qtbot, window):
    before = window.current_text()
    window.goto_line(20, 3)
    with wait_analysis(qtbot, window):
        window.set_text_undoable(before.replace("3,838", "3,840"))
    assert window.current_text().count("3,840") == before.count("3,838")
    assert cursor_line(window) == 20
    window.editor.undo()
    assert window.current_text() == before


def test_stale_results_are_dropped(qtbot):
    """A result computed for an older text never reaches the panels."""
    import threading

    from editor_app.ui.analysis_runner import AnalysisRunner

    gate = threading.Event()
    seen = []

    class SlowAnalyzer:
        def analyze(self, text, verdicts=None):
            if text == "old":
                gate.wait(5)
            return text

    current = {"text": "old"}
    runner = AnalysisRunner(lambda: current["text"], None, debounce_ms=10, make_analyzer=lambda p: SlowAnalyzer())
    runner.analysis_ready.connect(lambda a, s: seen.append(a))
    try:
        runner.analyse_now()  # starts analysing "old" (held at the gate)
        current["text"] = "new"
        runner.text_changed()  # an edit: "old" is stale from now on
        gate.set()
        qtbot.waitUntil(lambda: bool(seen), timeout=5000)
        qtbot.wait(50)
        assert seen == ["new"]
    finally:
        runner.shutdown()


def test_preview_renders_the_survey_without_scripts(qtbot, window):
    from editor_app.ui.preview_panel import render_html, survey_markdown

    window.tabs.setCurrentWidget(window.preview)
    qtbot.waitUntil(lambda: "主题综述" in window.preview.html, timeout=10000)
    assert "<h2>一、主题脉络" in window.preview.html.replace("\n", "")
    assert "<table" in window.preview.html
    html = render_html(survey_markdown('<script>alert(1)</script>\n<img src=x onerror="alert(2)">\n'
                                       '[x](javascript:alert(3))', None))
    assert "<script" not in html and "onerror" not in html and "javascript:" not in html


def test_find_and_goto(qtbot, window):
    window.goto_line(1)
    window.find_bar.open_bar()
    window.find_bar.field.setText("Φ-Bench")
    assert window.find_bar.find_next()
    assert window.editor.textCursor().selectedText() == "Φ-Bench"
    window.goto_line(50, 4)
    assert cursor_line(window) == 50 and window.editor.textCursor().positionInBlock() == 3


def test_menu_shortcuts_switch_panels(window):
    from PySide6.QtGui import QKeySequence

    by_key = {a.shortcut().toString(): a for a in window.menu_view.actions() if not a.shortcut().isEmpty()}
    by_key[QKeySequence("Ctrl+3").toString()].trigger()
    assert window.tabs.currentWidget() is window.figures
    by_key[QKeySequence("Ctrl+2").toString()].trigger()
    assert window.tabs.currentWidget() is window.references
    shortcuts = {a.shortcut().toString() for m in (window.menu_file, window.menu_edit, window.menu_tools)
                 for a in m.actions()}
    assert {"Ctrl+O", "Ctrl+S", "Ctrl+Shift+S", "Ctrl+Q", "Ctrl+F", "Ctrl+G", "F5", "F8"} <= shortcuts


def test_private_data_and_bad_ids_are_underlined(qtbot, window):
    line = 12
    window.goto_line(line)
    window.editor.moveCursor(QTextCursor.MoveOperation.EndOfBlock)
    with wait_analysis(qtbot, window):
        type_text(window.editor, " 服务器 10.23.4.5 与 arXiv:2613.00001")
    hits = window.latest_analysis.privacy
    assert any(h.dimension == "ip" and h.line == line for h in hits)
    ip_col = window.current_text().split("\n")[line - 1].index("10.23.4.5") + 1
    spans = window.editor.problems_at(line, ip_col + 2)
    assert any("private data (ip)" in s.message for s in spans)
    bad = next(r for r in window.latest_analysis.references if r.id.startswith("2613"))
    assert bad.status == "impossible id"
    occurrence = bad.occurrences[0]
    assert any("impossible arXiv id" in s.message for s in window.editor.problems_at(line, occurrence.column + 3))
    assert "1 private-data hit" in window.headline_label.text()


def test_continuous_typing_forces_analyses_only_when_they_are_quick(qtbot):
    import time

    from editor_app.ui.analysis_runner import AnalysisRunner

    for delay, expect_forced in ((0.0, True), (0.12, False)):
        calls = []

        class Analyzer:
            def analyze(self, text, verdicts=None):
                calls.append(text)
                time.sleep(delay)
                return text

        runner = AnalysisRunner(lambda: "t", None, debounce_ms=150, max_wait_ms=200,
                                make_analyzer=lambda p: Analyzer())
        try:
            for _ in range(2):  # a cold pass (not taken as typical), then a warm one
                with qtbot.waitSignal(runner.analysis_ready, timeout=5000):
                    runner.analyse_now()
            for _attempt in range(5):
                calls.clear()
                keys = []
                end = time.perf_counter() + 0.8
                while time.perf_counter() < end:  # a key every 50 ms, never a 150 ms pause
                    runner.text_changed()
                    keys.append(time.perf_counter())
                    qtbot.wait(50)
                # (a loaded machine that held the test up for a debounce between two keys made a pause: not evidence
                # either way, typed again)
                if max(b - a for a, b in zip(keys, keys[1:])) < 0.13:
                    break
                qtbot.waitUntil(lambda: runner.published_revision == runner.revision, timeout=5000)
            assert bool(calls) is expect_forced
            # the pause: the text is analysed either way
            qtbot.waitUntil(lambda: runner.published_revision == runner.revision, timeout=5000)
        finally:
            runner.shutdown()
