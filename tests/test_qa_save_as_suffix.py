"""QA: Save As with a name typed without an extension writes NAME.md, a file the Open dialog lists again.

Before, typing "saved" wrote a file called `saved`, hidden afterwards by the Open dialog's "Surveys (*.md …)"
filter."""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QFileDialog, QLineEdit

from ui_support import open_window


def _type_in_save_dialog(name: str, seen: list) -> None:
    dialogs = [w for w in QApplication.topLevelWidgets() if isinstance(w, QFileDialog) and w.isVisible()]
    if not dialogs:
        QTimer.singleShot(50, lambda: _type_in_save_dialog(name, seen))
        return
    dialog = dialogs[0]
    seen.append(dialog)
    dialog.findChild(QLineEdit, "fileNameEdit").setText(name)  # as typed into the dialog
    dialog.accept()
    if dialog.isVisible():  # nothing accepted: never leave the test waiting on a modal dialog
        dialog.reject()


def test_a_name_typed_without_extension_is_saved_as_markdown(qtbot, tmp_path, sample_path):
    window = open_window(qtbot, sample_path)
    window.editor.textCursor().insertText("改")
    seen: list = []
    QTimer.singleShot(50, lambda: _type_in_save_dialog(str(tmp_path / "saved"), seen))
    assert window.save()  # the bundled sample: Save asks where, like Save As
    assert seen, "the Save As dialog was never shown"
    assert window.current_path == (tmp_path / "saved.md").resolve()
    assert not (tmp_path / "saved").exists()
    assert window.current_path.read_text(encoding="utf-8").startswith("改")


def test_a_name_with_its_own_extension_is_kept(qtbot, tmp_path, sample_path):
    window = open_window(qtbot, sample_path)
    seen: list = []
    target = tmp_path / "notes.txt"
    QTimer.singleShot(50, lambda: _type_in_save_dialog(str(target), seen))
    assert window.save_as()
    assert window.current_path == target.resolve()
