"""QA: the status bar headline stays visible while a passing message ("Saved …") is shown beside it."""

from __future__ import annotations

from ui_support import open_window


def test_saving_keeps_the_headline_in_sight(qtbot, tmp_path, sample_text):
    survey = tmp_path / "survey.md"
    survey.write_text(sample_text, encoding="utf-8")
    window = open_window(qtbot, survey)
    headline = window.headline_label
    assert headline.isVisible() and headline.text().startswith("CJK 3,838/3,900")
    window.editor.textCursor().insertText("字")
    assert window.save()
    bar = window.statusBar()
    assert bar.currentMessage().startswith("Saved ")
    assert headline.isVisible()  # before: hidden for the 4 s the message showed (15 s after a restore)
    assert headline.geometry().right() <= bar.message_label.geometry().left()  # side by side, not overlapping
    assert headline.width() >= headline.sizeHint().width()  # the headline is never squeezed
    bar.showMessage("short", 30)
    qtbot.waitUntil(lambda: bar.currentMessage() == "", timeout=2000)
    assert headline.isVisible()
