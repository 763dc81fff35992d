"""QA: File → Export report on the bundled sample proposed to write the report into the program's own files
(…/resources/samples/, read-only in an installed program); like Save As, it now proposes the home folder."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QMessageBox

from ui_support import open_window


def _proposed(qtbot, monkeypatch, path) -> Path:
    from editor_app.ui.export_actions import install

    window = open_window(qtbot, path)
    offered: list[str] = []
    monkeypatch.setattr(QMessageBox, "question", lambda *a: QMessageBox.StandardButton.Yes)
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        lambda parent, title, start, *a: (offered.append(start), ("", ""))[1])
    install(window).export_action.trigger()
    assert len(offered) == 1
    return Path(offered[0])


def test_exporting_the_sample_proposes_the_home_folder(qtbot, monkeypatch, sample_path, tmp_path):
    monkeypatch.setenv("HOME", str(tmp_path))
    proposed = _proposed(qtbot, monkeypatch, sample_path)
    assert proposed.parent == Path.home() != sample_path.parent
    assert proposed.name == "llm-infra-2026-09-14-report.html"


def test_exporting_a_survey_proposes_its_own_folder(qtbot, monkeypatch, sample_text, tmp_path):
    survey = tmp_path / "mine.md"
    survey.write_text(sample_text, encoding="utf-8")
    assert _proposed(qtbot, monkeypatch, survey) == tmp_path / "mine-report.html"
