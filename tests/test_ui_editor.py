"""The editor widget: underlines only where the user looks (an 8 MB survey costs what a short one does), fonts."""

from __future__ import annotations

from PySide6.QtGui import QFontInfo

from editor_app.ui.code_editor import CodeEditor, ProblemSpan, pick_editor_font, word_length
from editor_app.ui.span_runs import SpanRuns


def shown_editor(qtbot, text: str) -> CodeEditor:
    """An editor 600x400 on screen, holding `text`."""
    editor = CodeEditor()
    qtbot.addWidget(editor)
    editor.resize(600, 400)
    editor.setPlainText(text)
    editor.show()
    qtbot.waitExposed(editor)
    return editor


def test_underlines_are_built_for_the_visible_region_only(qtbot):
    editor = shown_editor(qtbot, "\n".join(f"第 {i} 行 text" for i in range(1, 50001)))
    editor.set_problems([ProblemSpan(i, 1, 3, f"problem {i}", "error") for i in range(1, 50001)])
    lines = {u.line for u in editor.underlines()}
    first, last = editor.visible_line_range()
    assert lines and min(lines) <= first and max(lines) >= last and len(lines) < 200
    editor.goto(30000)
    qtbot.wait(50)
    lines = {u.line for u in editor.underlines()}
    assert 30000 in lines and len(lines) < 200
    assert [s.message for s in editor.problems_at(30000, 2)] == ["problem 30000"]


def test_the_margin_marks_each_shown_line_with_its_worst_problem(qtbot):
    editor = shown_editor(qtbot, "\n".join(f"line {i} text" for i in range(1, 3001)))
    levels = ("info", "warning", "error", "note")  # ("note": no rank, no mark)
    spans = [ProblemSpan(i, 1 + k, 2, f"p{i}.{k}", levels[(i * 7 + k * 3) % 4]) for i in range(1, 3001)
             for k in range(i % 4)]
    worst: dict[int, str] = {}  # the plain definition: the highest ranked level of each line
    rank = {"info": 1, "warning": 2, "error": 3}
    for s in spans:
        if rank.get(s.level, 0) > rank.get(worst.get(s.line, ""), 0):
            worst[s.line] = s.level
    # the same spans in runs (as the analysis worker hands them over) and as one list in any order
    odd, even = SpanRuns.of(s for s in spans if s.column % 2), SpanRuns.of(s for s in spans if not s.column % 2)
    runs = SpanRuns(odd.runs + even.runs)
    for given in (runs, list(reversed(spans))):
        editor.set_problems(given)
        for line in (1, 1500, 2990):
            editor.goto(line)
            qtbot.wait(20)
            first, last = editor.visible_line_range()
            marks = editor.gutter_marks()
            assert {k: v for k, v in worst.items() if first <= k <= last} == {
                k: v for k, v in marks.items() if first <= k <= last}
            assert any(first <= k <= last for k in marks)
    assert editor.problems() == sorted(spans, key=lambda s: (s.line, s.column))


def test_word_length_and_cjk_font(qapp):  # (fonts need the application)
    assert word_length("CJK 实测 3,838（主体", 7) == 5  # "3,838"
    assert word_length("CJK 实测 3,838（主体", 4) == 2  # "实测"
    assert word_length("abc", 10) == 1
    font = pick_editor_font()
    assert any(k in QFontInfo(font).family() for k in ("CJK", "WenQuanYi", "Sarasa", "Source Han", "YaHei", "PingFang"))


def test_update_self_check_figures_and_undo_keep_the_editor_alive(qtbot, sample_path, tmp_path):
    """Applying a whole-text rewrite (Tools → Update self-check figures) and undoing it once crashed Qt."""
    import shutil

    from editor_app.core.selfcheck_update import updated_self_check_text
    from ui_support import open_window, wait_analysis

    survey = tmp_path / "s.md"
    shutil.copy(sample_path, survey)
    window = open_window(qtbot, survey)
    original = window.current_text()
    for _ in range(3):
        new = updated_self_check_text(original, window.latest_analysis)
        assert new != original
        with wait_analysis(qtbot, window):
            window.set_text_undoable(new)
        assert window.editor.underlines()
        window.editor.grab()  # paint the underlines
        with wait_analysis(qtbot, window):
            window.editor.undo()
        assert window.current_text() == original
        window.editor.grab()
