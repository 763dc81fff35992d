"""A survey deleted (or moved away) by another program while open: the window says so and keeps the text as
unsaved, so quitting asks and Save writes the file again (before: nothing was said, and the text looked saved)."""

from __future__ import annotations

from ui_support import open_window


def test_the_window_says_when_its_file_is_deleted_and_save_writes_it_again(qtbot, tmp_path, sample_text):
    survey = tmp_path / "survey.md"
    survey.write_text(sample_text, encoding="utf-8")
    window = open_window(qtbot, survey)
    assert not window.editor.document().isModified()
    survey.unlink()
    qtbot.waitUntil(lambda: window.editor.document().isModified(), timeout=5000)  # the watcher noticed
    assert "survey.md was deleted or moved by another program" in window.statusBar().currentMessage()
    assert window.isWindowModified()
    assert window.save()
    assert survey.read_text(encoding="utf-8") == sample_text
    assert not window.editor.document().isModified()
    survey.write_text(sample_text + "改", encoding="utf-8")  # and changes by others are noticed again
    asked = []
    window.ask_external_change = lambda path: asked.append(path) or "keep"
    qtbot.waitUntil(lambda: bool(asked), timeout=5000)
