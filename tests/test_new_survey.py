"""File → New, and `survey-editor new.md` for a file that does not exist yet: an empty survey, checked at once,
saved where the user says (before: there was no New, and a name that did not exist only gave an error)."""

from __future__ import annotations

from pathlib import Path

from ui_support import open_window, wait_analysis


def test_file_new_gives_an_empty_untitled_survey_saved_where_the_user_says(qtbot, tmp_path, sample_text):
    survey = tmp_path / "survey.md"
    survey.write_text(sample_text, encoding="utf-8")
    window = open_window(qtbot, survey)
    window.editor.textCursor().insertText("未保存的改动")
    window.ask_unsaved_changes = lambda: "cancel"
    window.findChild(type(window.action_quit), "action_new").trigger()
    assert window.current_path.name == "survey.md" and "未保存的改动" in window.current_text()  # nothing lost
    window.ask_unsaved_changes = lambda: "discard"
    with wait_analysis(qtbot, window):
        window.findChild(type(window.action_quit), "action_new").trigger()
    assert window.current_path is None and window.current_text() == ""
    assert window.windowTitle().startswith("Untitled")
    assert window.latest_analysis.metrics["lines"] == 0
    window.editor.textCursor().insertText("# 新综述\n\n正文 ⚠️\n")
    target = tmp_path / "new.md"
    window.choose_save_path = lambda start: str(target)
    assert window.save()
    assert target.read_text(encoding="utf-8") == "# 新综述\n\n正文 ⚠️\n"
    assert window.current_path == target.resolve()


def test_a_name_that_does_not_exist_yet_starts_a_new_survey_saved_there(qtbot, tmp_path):
    from editor_app.config import Config
    from editor_app.ui.app import create_window

    target = tmp_path / "明天的综述.md"
    window = create_window(target, Config(db_path=tmp_path / "h.db", arxiv_url="http://127.0.0.1:9/api/query"))
    qtbot.addWidget(window)
    assert window.current_path == target.resolve() and window.current_text() == ""
    assert not target.exists()  # nothing is written until the user saves
    window.editor.textCursor().insertText("字")
    assert window.save()  # no dialog: the name was given
    assert target.read_text(encoding="utf-8") == "字"
    window.editor.document().setModified(False)
