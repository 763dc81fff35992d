"""QA: Tools → Update self-check figures and File → Export report right after an edit use the figures of the
text in the editor, not those of the analysis still on screen (150 ms behind; seconds on a long survey).

Adding 4 CJK characters to §八 makes its stated 193 right; an update run at once wrote the old measurement
(189) over it, and the survey was wrong again as soon as the next analysis came in."""

from __future__ import annotations

from PySide6.QtGui import QTextCursor

from ui_support import accepting_updates, open_window, wait_analysis


def _open(qtbot, tmp_path, sample_text):
    survey = tmp_path / "survey.md"
    survey.write_text(sample_text, encoding="utf-8")
    window = open_window(qtbot, survey)
    return window


def _type_four_cjk_into_section_eight(window) -> None:
    eight = next(s.section for s in window.latest_analysis.sections if s.section.key == "8")
    block = window.editor.document().findBlockByNumber(eight.line)  # the line after §八's heading
    cursor = QTextCursor(block)
    cursor.movePosition(QTextCursor.MoveOperation.EndOfBlock)
    cursor.insertText("补充四字")
    assert window.runner.published_revision != window.runner.revision  # its analysis is not in yet


def test_update_right_after_an_edit_uses_the_edited_text(qtbot, monkeypatch, tmp_path, sample_text):
    window = _open(qtbot, tmp_path, sample_text)
    actions = accepting_updates(window, monkeypatch)
    assert any(c.wrong and c.value_text == "193" for c in window.latest_analysis.claims)
    _type_four_cjk_into_section_eight(window)
    assert actions.update_self_check_figures()
    text = window.current_text()
    assert "§八 193" in text  # now right: before, it became "§八 189"
    with wait_analysis(qtbot, window):
        window.runner.analyse_now()
    assert not any(c.wrong and c.scope == "§八" for c in window.latest_analysis.claims)


def test_export_right_after_an_edit_reports_the_edited_text(qtbot, tmp_path, sample_text):
    from editor_app.ui import export_actions

    window = _open(qtbot, tmp_path, sample_text)
    actions = export_actions.install(window)
    _type_four_cjk_into_section_eight(window)
    out = tmp_path / "report.html"
    with qtbot.waitSignal(actions.export_finished, timeout=30000):
        actions.export_to(out)
    html = out.read_text(encoding="utf-8")
    assert "补充四字" in html
    assert "3,842" in html  # the CJK total of the edited text (3,838 + 4) in the self-check appendix


def test_undoing_the_update_takes_its_status_message_back(qtbot, monkeypatch, tmp_path, sample_text):
    """QA: after Ctrl+Z undid an update, "N self-check figures updated (Undo restores them)" stayed beside the
    figures Undo had made wrong again. Typing after the update leaves it."""
    window = _open(qtbot, tmp_path, sample_text)
    actions = accepting_updates(window, monkeypatch)
    assert actions.update_self_check_figures()
    said = window.statusBar().currentMessage()
    assert "updated (Undo restores them)" in said
    window.editor.textCursor().insertText("字")  # typing after it: the message stands
    assert window.statusBar().currentMessage() == said
    window.editor.undo()  # the typing undone: still the update's text
    assert window.statusBar().currentMessage() == said
    window.editor.undo()  # the update undone
    assert window.current_text() == sample_text
    assert window.statusBar().currentMessage() == ""
