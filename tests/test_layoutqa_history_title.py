"""QA: a long survey file name no longer widens the panels past a laptop's screen.

History's title ("<file name>: 0 snapshots") was a QLabel, never narrower than its text: a 90-character file name
made the History tab 907 px wide at least, the window's contents 1,313 px; on a 1280×720 laptop the outline was
squeezed to 70 px, the editor to its minimum, and the panels' right edge (Autosaves, Restore into editor, the dock's
buttons) was cut off. The title now gives way, cut with "…", whole in its tooltip."""

from __future__ import annotations

from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QApplication

from ui_support import window_with_history

LONG = "2026-09-14-llm-infrastructure-survey-for-the-weekly-review-draft-v3-final-final"


def test_a_long_file_name_leaves_the_panels_on_a_laptop_screen(qtbot, tmp_path, monkeypatch, sample_text):
    survey, window, ctl = window_with_history(qtbot, tmp_path, sample_text, monkeypatch)
    long_path = tmp_path / f"{LONG}.md"
    long_path.write_text(sample_text, encoding="utf-8")
    with qtbot.waitSignal(window.analysis_ready, timeout=20000):
        window.open_path(long_path)
    panel = ctl.panel
    window._show_panel(panel)
    ctl.refresh(force=True)
    qtbot.waitUntil(lambda: LONG in panel.title.text())

    window.resize(1264, 680)  # a 1280×720 laptop
    qtbot.waitUntil(lambda: window.width() == 1264)
    QApplication.processEvents()
    assert window.minimumSizeHint().width() <= 1264  # before: 1,313
    for control in (panel.show_autosaves, panel.restore_button):
        right = control.mapTo(window, QPoint(control.width(), 0)).x()
        assert right <= window.width(), control.text()  # before: cut off by the window's edge
    assert window.outline_dock.width() >= 150  # before: 70
    assert panel.title.text() == f"{LONG}.md: 0 snapshots"  # the whole title, as set
    assert panel.title.toolTip() == panel.title.text()  # and whole on hover
