"""The Preview tab of a long survey reads only the lines it shows: it joined and split the whole text after every
analysis (40-130 ms of GUI thread on an 8 MB survey, each time the author paused while the tab was shown)."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("pytestqt")

from editor_app.ui.preview_panel import MAX_PREVIEW_LINES  # noqa: E402
from tests.ui_support import open_window, type_text, wait_analysis  # noqa: E402


def test_the_preview_of_a_long_survey_never_copies_the_whole_text(qtbot, tmp_path, sample_text, monkeypatch):
    path = tmp_path / "long.md"
    path.write_text("\n".join([sample_text.rstrip("\n")] * 25) + "\n", encoding="utf-8")
    window = open_window(qtbot, path)
    assert window.editor.blockCount() > MAX_PREVIEW_LINES
    window.tabs.setCurrentWidget(window.preview)
    qtbot.waitUntil(lambda: "Long document" in window.preview.html, timeout=10000)
    copies: list[str] = []
    real_text = window.mirror.text
    monkeypatch.setattr(window.mirror, "text", lambda: copies.append("mirror") or real_text())
    real_current = window.current_text
    monkeypatch.setattr(window, "current_text", lambda: copies.append("window") or real_current())
    window.goto_line(2000)
    with wait_analysis(qtbot, window):
        type_text(window.editor, "预览里的新字")
    qtbot.waitUntil(lambda: "预览里的新字" in window.preview.html, timeout=10000)
    shown = re.search(r"showing lines (\d+)–(\d+)", window.preview.html)
    assert shown and int(shown[1]) < 2000 < int(shown[2])  # the lines around the cursor
    assert copies == []  # before: the whole survey joined once per analysis, then split again
    window.shutdown()


def test_the_preview_of_a_long_survey_shows_the_cursors_line(qtbot, tmp_path, sample_text):
    """QA: the part around the cursor was shown, but its line ~950 px above the view: the scroll place was the
    cursor's share of the Markdown source, which is not as long as what is drawn. The line's own words, looked for
    nearest that place, put it in view."""
    path = tmp_path / "long.md"
    path.write_text("\n".join([sample_text.rstrip("\n")] * 25) + "\n", encoding="utf-8")
    window = open_window(qtbot, path)
    window.tabs.setCurrentWidget(window.preview)
    qtbot.waitUntil(lambda: "Long document" in window.preview.html, timeout=10000)
    window.goto_line(2501)
    with wait_analysis(qtbot, window):
        type_text(window.editor, "光标所在行标记")
    qtbot.waitUntil(lambda: "光标所在行标记" in window.preview.html, timeout=10000)
    browser = window.preview.browser
    qtbot.waitUntil(lambda: not browser.document().find("光标所在行标记").isNull(), timeout=5000)
    found = browser.document().find("光标所在行标记")
    y = browser.document().documentLayout().blockBoundingRect(found.block()).top()
    top = browser.verticalScrollBar().value()
    assert top <= y <= top + browser.viewport().height(), (y, top)
    window.shutdown()
