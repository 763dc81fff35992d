"""QA27g D1: the window's PDF export showed no progress and had no Cancel: an 8 MB survey's report ran 7 minutes
with only the action disabled. A PDF export now shows a busy progress dialog whose Cancel stops the writer; the export
ends quietly as cancelled (no error box) and leaves no file."""

from __future__ import annotations

import sys
import time

from PySide6.QtWidgets import QMessageBox, QProgressDialog

from ui_support import open_window

from editor_app.ui import pdf_export


def _actions(window):
    from editor_app.ui.export_actions import install

    return getattr(window, "report_actions", None) or install(window)


def _press_cancel(dialog) -> None:
    from PySide6.QtWidgets import QPushButton

    (button,) = dialog.findChildren(QPushButton)
    assert button.text() == "Cancel"
    button.click()


def test_cancel_stops_the_pdf_writer_and_leaves_no_file(qtbot, monkeypatch, tmp_path, sample_path):
    # a writer that would take a minute (as a long report's layout does)
    monkeypatch.setattr(pdf_export, "_child_command",
                        lambda html_path, out_path: [sys.executable, "-c", "import time; time.sleep(60)"])
    warned: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: warned.append(a[2]))
    window = open_window(qtbot, sample_path)
    actions = _actions(window)
    out = tmp_path / "r.pdf"
    actions.export_to(out)
    dialog = window.findChild(QProgressDialog, "pdf_export_progress")
    assert dialog is not None and dialog.isVisible()
    qtbot.waitUntil(lambda: bool(pdf_export._writers), timeout=30000)  # the child is writing
    child = next(iter(pdf_export._writers))
    start = time.monotonic()
    with qtbot.waitSignal(actions.export_failed, timeout=15000):
        _press_cancel(dialog)
    assert time.monotonic() - start < 10
    assert child.poll() is not None  # the writer was stopped
    assert warned == []  # cancelled: no "could not be written" box
    assert list(tmp_path.iterdir()) == []
    assert window.findChild(QProgressDialog, "pdf_export_progress") is None or not dialog.isVisible()
    assert actions.export_action.isEnabled()


def test_cancel_before_the_writer_started_stops_it_when_it_starts(qtbot, monkeypatch, tmp_path, sample_path):
    monkeypatch.setattr(pdf_export, "_child_command",
                        lambda html_path, out_path: [sys.executable, "-c", "import time; time.sleep(60)"])
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: None)
    window = open_window(qtbot, sample_path)
    actions = _actions(window)
    with qtbot.waitSignal(actions.export_failed, timeout=30000):
        actions.export_to(tmp_path / "r.pdf")
        _press_cancel(window.findChild(QProgressDialog, "pdf_export_progress"))  # (the report's HTML is being made)
    assert list(tmp_path.iterdir()) == []
    assert not pdf_export._writers


def test_an_html_export_shows_no_progress_dialog(qtbot, tmp_path, sample_path):
    window = open_window(qtbot, sample_path)
    actions = _actions(window)
    with qtbot.waitSignal(actions.export_finished, timeout=30000):
        actions.export_to(tmp_path / "r.html")
    assert window.findChild(QProgressDialog, "pdf_export_progress") is None
