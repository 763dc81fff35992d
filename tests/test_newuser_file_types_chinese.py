"""New user, Chinese window: File → Export report's dialog offered "HTML report (*.html)" / "PDF report (*.pdf)" and
Save As "Surveys (*.md …);;All files (*)" in English beside 文件名称 and 保存; the file types are now in Chinese too
(and a PDF chosen from the Chinese list is still written as a PDF)."""

from __future__ import annotations

from PySide6.QtWidgets import QFileDialog, QMessageBox

from ui_support import open_window


def test_export_dialog_file_types_in_chinese(qtbot, monkeypatch, tmp_path, sample_path, chinese, zh_translation):
    from editor_app.ui import export_actions

    window = open_window(qtbot, sample_path)
    actions = export_actions.install(window)
    asked: dict[str, str] = {}

    def fake_save(parent, caption, directory, filters):
        asked["filters"] = filters
        return str(tmp_path / "out"), filters.split(";;")[1]  # the second type: the PDF one

    monkeypatch.setattr(QFileDialog, "getSaveFileName", fake_save)
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)
    with qtbot.waitSignal(actions.export_finished, timeout=30000) as done:
        actions.export_action.trigger()
    assert asked["filters"] == "HTML 报告 (*.html);;PDF 报告 (*.pdf)"  # before: "HTML report (*.html);;PDF report …"
    assert done.args == [str(tmp_path / "out.pdf")]


def test_save_as_file_types_in_chinese(qtbot, monkeypatch, sample_path, chinese, zh_translation):
    window = open_window(qtbot, sample_path)
    shown: list[list[str]] = []
    monkeypatch.setattr(QFileDialog, "exec", lambda dialog: (shown.append(dialog.nameFilters()), 0)[1])
    assert not window.save_as()
    assert shown == [["综述 (*.md *.markdown *.txt)", "所有文件 (*)"]]  # before: "Surveys (…)", "All files (*)"
