"""New user: Ctrl+S on the bundled sample (what `survey-editor` opens with no FILE) opened "Save survey as" in the
home folder with an empty File name box: what to call it? The dialog now offers the sample's own name there, and a
saved survey's Save As offers its current name."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QFileDialog

from ui_support import open_window


def _offered(window, monkeypatch) -> str:
    offered: list[str] = []

    def fake_exec(dialog):
        offered.append(dialog.selectedFiles()[0] if dialog.selectedFiles() else "")
        return 0  # cancelled

    monkeypatch.setattr(QFileDialog, "exec", fake_exec)
    assert not window.save()
    return offered[0]


def test_saving_the_sample_offers_its_name_in_the_home_folder(qtbot, monkeypatch, sample_path, tmp_path):
    monkeypatch.setenv("HOME", str(tmp_path))
    window = open_window(qtbot, sample_path)
    assert window.is_bundled_sample
    assert Path(_offered(window, monkeypatch)) == tmp_path / sample_path.name  # before: tmp_path, no name


def test_save_as_offers_the_surveys_own_name(qtbot, monkeypatch, tmp_path):
    survey = tmp_path / "team-survey.md"
    survey.write_text("# T\n\n一、正文\n", encoding="utf-8")
    window = open_window(qtbot, survey)
    offered: list[str] = []
    monkeypatch.setattr(QFileDialog, "exec", lambda dialog: (offered.append(dialog.selectedFiles()[0]), 0)[1])
    assert not window.save_as()
    assert Path(offered[0]) == survey
