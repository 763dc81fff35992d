"""QA: File → Export report on a survey that fails asks first, naming the failing rules as the panel does.

It said '1 error-level rule(s) fail: claims' (the pack's rule id) where the self-check panel shows 'Self-reported
figures equal the measured ones and agree'."""

from __future__ import annotations

from PySide6.QtWidgets import QFileDialog, QMessageBox

from ui_support import open_window


def test_the_prompt_names_failing_rules_by_their_titles(qtbot, monkeypatch, sample_path):
    from editor_app.ui.export_actions import install

    window = open_window(qtbot, sample_path)
    asked: list[str] = []

    def fake_question(parent, title, text, *args):
        asked.append(text)
        return QMessageBox.StandardButton.No

    monkeypatch.setattr(QMessageBox, "question", fake_question)
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a: ("", ""))
    install(window).export_action.trigger()
    failing = window.latest_analysis.failing_rules("error")
    assert [r.id for r in failing] == ["claims"]
    assert len(asked) == 1
    assert failing[0].title in asked[0]  # before: only "claims"
    assert "rule(s)" not in asked[0] and "1 error-level rule fails" in asked[0]
