"""QA27g D2: with a History comparison open on an 8 MB survey, every pause in typing froze the window 100-365 ms:
the comparison was worked out off the GUI thread, but every result was laid out (QTextBrowser.setHtml of the
side-by-side table) on the GUI thread, also a result of a text edited since, also while the panel was hidden, also
when it showed just what was on screen, and switching back to History compared again with nothing edited."""

from __future__ import annotations

import time

from PySide6.QtGui import QTextCursor

from editor_app.config import Config
from editor_app.ui import history_panel
from ui_support import open_window


def _compared_with_editor(qtbot, tmp_path, sample_text, monkeypatch):
    monkeypatch.setattr(history_panel, "SYNC_DIFF_CHARS", 20_000)  # the sample stands in for an 8 MB survey
    survey = tmp_path / "survey.md"
    survey.write_text(sample_text, encoding="utf-8")
    window = open_window(qtbot, survey, Config(db_path=tmp_path / "h.db", arxiv_url="http://127.0.0.1:9/api/query"))
    ctl = history_panel.install(window)
    panel = ctl.panel
    window._show_panel(panel)
    window.editor.moveCursor(QTextCursor.MoveOperation.End)
    window.editor.textCursor().insertText("\n第二稿的句子。")
    qtbot.waitUntil(lambda: window.runner.published_revision == window.runner.revision, timeout=20000)
    assert window.save()
    ctl.refresh(force=True)
    window.editor.textCursor().insertText("\n编辑器里的句子。")
    qtbot.waitUntil(lambda: window.runner.published_revision == window.runner.revision, timeout=20000)
    panel.select_ids([panel.model.rows[0]["id"]])
    qtbot.waitUntil(lambda: "编辑器里的句子。" in panel.diff_html.toPlainText(), timeout=10000)
    laid_out = []
    real_show = panel.show_compared
    monkeypatch.setattr(panel, "show_compared", lambda *a: (laid_out.append(a[1]), real_show(*a)))
    html_set = []
    real_set = panel.diff_html.setHtml
    monkeypatch.setattr(panel.diff_html, "setHtml", lambda html: (html_set.append(html), real_set(html)))
    return window, ctl, panel, laid_out, html_set


def _slow_compare(monkeypatch, done):
    real = history_panel.compare_drafts

    def slow(*args):
        time.sleep(0.4)  # as an 8 MB survey takes
        result = real(*args)
        done.append(time.perf_counter())
        return result

    monkeypatch.setattr(history_panel, "compare_drafts", slow)


def test_a_comparison_of_a_text_edited_since_is_not_laid_out(qtbot, tmp_path, sample_text, monkeypatch):
    window, ctl, panel, laid_out, _ = _compared_with_editor(qtbot, tmp_path, sample_text, monkeypatch)
    ctl._editor_recompare.setInterval(2500)  # (the next pause's comparison comes well after the stale one)
    done: list[float] = []
    _slow_compare(monkeypatch, done)
    window.editor.textCursor().insertText("打字")
    ctl._compare_with_editor_again(in_background=True)  # the pause before "打字" was typed
    window.editor.textCursor().insertText("继续")  # typing goes on while it is compared
    qtbot.waitUntil(lambda: bool(done), timeout=10000)
    qtbot.wait(300)
    assert laid_out == []  # of "打字" without "继续": not laid out
    qtbot.waitUntil(lambda: "打字继续" in panel.diff_html.toPlainText(), timeout=20000)  # the next pause's
    assert len(laid_out) == 1
    window.shutdown()


def test_a_comparison_is_laid_out_only_when_the_panel_is_seen(qtbot, tmp_path, sample_text, monkeypatch):
    window, ctl, panel, laid_out, _ = _compared_with_editor(qtbot, tmp_path, sample_text, monkeypatch)
    done: list[float] = []
    _slow_compare(monkeypatch, done)
    window.editor.textCursor().insertText("打字")
    ctl._compare_with_editor_again(in_background=True)
    panel.hide()  # another tab chosen while it is compared
    qtbot.waitUntil(lambda: bool(done), timeout=10000)
    qtbot.wait(300)
    assert laid_out == []
    compared = len(done)
    panel.show()  # History again: the result held is shown, not compared once more
    qtbot.waitUntil(lambda: "打字" in panel.diff_html.toPlainText(), timeout=10000)
    qtbot.wait(600)
    assert len(laid_out) == 1 and len(done) == compared
    window.shutdown()


def test_switching_back_with_nothing_edited_lays_nothing_out(qtbot, tmp_path, sample_text, monkeypatch):
    window, ctl, panel, laid_out, html_set = _compared_with_editor(qtbot, tmp_path, sample_text, monkeypatch)
    done: list[float] = []
    _slow_compare(monkeypatch, done)
    for _ in range(2):
        panel.hide()
        panel.show()
        qtbot.wait(700)
    assert done == [] and html_set == []
    assert "编辑器里的句子。" in panel.diff_html.toPlainText()
    window.shutdown()


def test_the_same_differences_are_not_laid_out_again(qtbot, tmp_path, sample_text, monkeypatch):
    window, ctl, panel, laid_out, html_set = _compared_with_editor(qtbot, tmp_path, sample_text, monkeypatch)
    title = panel.diff_title.text()
    old = ctl._stored_text(panel.selected_ids()[0])
    panel.show_compared(*history_panel.compare_drafts(old, window.current_text(), *title.split(" → ")[0:1],
                                                      "editor", history_panel.char_tints()))
    assert html_set == []
    window.shutdown()
