"""QA: selecting snapshots of a long survey in History compares them off the GUI thread (difflib took ~1 s for
two 5 MB drafts, and close to a minute when many lines repeat, with the window frozen)."""

from __future__ import annotations

import time

from PySide6.QtGui import QTextCursor

from editor_app.config import Config
from editor_app.ui import history_panel
from ui_support import open_window


def test_comparing_long_drafts_keeps_the_window_responsive(qtbot, tmp_path, sample_text, monkeypatch):
    monkeypatch.setattr(history_panel, "SYNC_DIFF_CHARS", 20_000)  # the sample stands in for an 8 MB survey
    survey = tmp_path / "survey.md"
    survey.write_text(sample_text, encoding="utf-8")
    window = open_window(qtbot, survey, Config(db_path=tmp_path / "h.db", arxiv_url="http://127.0.0.1:9/api/query"))
    ctl = history_panel.install(window)
    panel = ctl.panel
    window._show_panel(panel)
    for words in ("第二稿的句子。", "第三稿的句子。"):
        window.editor.moveCursor(QTextCursor.MoveOperation.End)
        window.editor.textCursor().insertText("\n" + words)
        qtbot.waitUntil(lambda: window.runner.published_revision == window.runner.revision, timeout=20000)
        assert window.save()
    ctl.refresh(force=True)
    rows = panel.model.rows
    assert len(rows) == 2
    slow = []
    real = history_panel.compare_drafts

    def slow_compare(*args):
        slow.append(time.perf_counter())
        time.sleep(0.5)  # as long drafts take
        return real(*args)

    monkeypatch.setattr(history_panel, "compare_drafts", slow_compare)
    started = time.perf_counter()
    panel.select_ids([rows[0]["id"], rows[1]["id"]])
    assert time.perf_counter() - started < 0.3  # the click returns at once
    assert "comparing" in panel.diff_title.text()
    qtbot.waitUntil(lambda: "comparing" not in panel.diff_title.text(), timeout=10000)
    assert "+1 −0 lines" in panel.diff_title.text()
    assert "第三稿的句子。" in panel.diff_html.toPlainText()
    assert "+第三稿的句子。" in panel.diff_text.toPlainText()
    # a newer selection wins over a comparison still running
    panel.select_ids([rows[1]["id"]])
    panel.select_ids([rows[0]["id"]])
    qtbot.waitUntil(lambda: "comparing" not in panel.diff_title.text(), timeout=10000)
    assert "editor" in panel.diff_title.text() and panel.restore_button.isEnabled()
    window.shutdown()
    assert ctl._compare_thread is None
