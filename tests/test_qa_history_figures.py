"""QA: a save made before the analysis of the saved text arrived is recorded with that text's figures, even when
the edit kept the length (the analysis's text length was the only witness: the last analysis was taken)."""

from __future__ import annotations

from PySide6.QtGui import QTextCursor

from editor_app.config import Config
from editor_app.ui import history_panel
from ui_support import open_window


def test_a_quick_save_after_a_same_length_edit_records_the_new_figures(qtbot, tmp_path, sample_text):
    survey = tmp_path / "survey.md"
    survey.write_text(sample_text, encoding="utf-8")
    window = open_window(qtbot, survey, Config(db_path=tmp_path / "h.db", arxiv_url="http://127.0.0.1:9/api/query"))
    ctl = history_panel.install(window)
    assert window.latest_analysis.metrics["cjk"] == 3838
    cursor = QTextCursor(window.editor.document())  # the first character of the title, 主, becomes X
    cursor.movePosition(QTextCursor.MoveOperation.NextCharacter, QTextCursor.MoveMode.KeepAnchor)
    cursor.insertText("X")
    assert window.runner.published_revision != window.runner.revision  # the analysis of "X题综述" is not in yet
    with qtbot.waitSignal(ctl.measured, timeout=20000):  # stored at once, measured off the GUI thread
        assert window.save()  # Ctrl+S at once
    from editor_app.services import history

    (snap,) = history.list_snapshots(ctl.db, survey.resolve())
    assert snap["cjk"] == 3837  # before: 3838, the figures of the text before the edit
