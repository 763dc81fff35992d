"""QA27b D1: the window analyses its text without a file name (analysis.file is None), so its report printed no
"Survey file:" line and never scanned the name for private data: "陈思远-草稿-10.1.2.3.md" exported with no word
of it, no page-1 note, and the proposed report name kept the name and the address in clear. The window's export
now names the file it has open, as survey-check does, and proposes a masked report name."""

from __future__ import annotations

import re
import shutil
from datetime import datetime
from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QMessageBox

from ui_support import open_window

from editor_app.core.analyze import Analyzer
from editor_app.core.rulepack import house_pack
from editor_app.services.report import build_report_html

PRIVATE = "陈思远-草稿-10.1.2.3.md"


def _private_survey(tmp_path: Path, sample_path: Path) -> Path:
    folder = tmp_path / "中文目录"
    folder.mkdir()
    survey = folder / PRIVATE
    shutil.copy(sample_path, survey)
    return survey


def test_the_window_prompt_and_proposed_name_know_the_private_file_name(qtbot, monkeypatch, tmp_path, sample_path):
    from editor_app.ui.export_actions import install

    window = open_window(qtbot, _private_survey(tmp_path, sample_path))
    assert window.latest_analysis.file is None  # (the live analysis stays file-less: the export names the file)
    asked: list[str] = []
    proposed: list[str] = []
    monkeypatch.setattr(QMessageBox, "question", lambda parent, title, text, *a: asked.append(text)
                        or QMessageBox.StandardButton.Yes)
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda parent, caption, directory, filters:
                        proposed.append(directory) or ("", ""))
    install(window).export_action.trigger()
    assert len(asked) == 1 and "The file name holds private data (name, ip)." in asked[0]
    assert len(proposed) == 1
    name = Path(proposed[0]).name
    assert name == "陈＊＊＊＊-草稿-10＊＊＊＊＊＊-report.html"  # masked as the report prints it, no "*" wildcard
    assert "陈思远" not in proposed[0] and "10.1.2.3" not in name


def test_the_window_report_names_the_file_masked_as_survey_check_does(qtbot, tmp_path, sample_path):
    from editor_app.ui.export_actions import install

    survey = _private_survey(tmp_path, sample_path)
    window = open_window(qtbot, survey)
    actions = install(window)
    out = tmp_path / "gui.html"
    with qtbot.waitSignal(actions.export_finished, timeout=30000):
        actions.export_to(out)
    html = out.read_text(encoding="utf-8")
    assert "陈思远" not in html and "10.1.2.3" not in html
    assert "The file name holds private data (name, ip):" in html
    assert "<p>Survey file: <code>陈****-草稿-10******.md</code></p>" in html


def test_the_window_report_equals_the_one_made_from_the_file(sample_path, sample_text, tmp_path):
    """build_report_html given the window's file (survey_file) and an analysis without one writes what the CLI's
    analysis of that file writes."""
    pack = house_pack()
    path = str(tmp_path / "kv-clean.md")
    when = datetime(2026, 12, 1, 12, 0).astimezone()
    made = dict(pack_name=pack.name, pack_source=pack.source, pack=pack, generated_at=when)
    window = build_report_html(Analyzer(pack).analyze(sample_text), sample_text, survey_file=path, **made)
    cli = build_report_html(Analyzer(pack).analyze(sample_text, file=path), sample_text, **made)
    assert "<p>Survey file: <code>kv-clean.md</code></p>" in window
    assert re.sub(r"\s+", " ", window) == re.sub(r"\s+", " ", cli)
