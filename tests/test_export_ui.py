"""File → Export report and Tools → Update self-check figures in a window that keeps the main-window contract."""

from __future__ import annotations

import shutil
import subprocess
from types import SimpleNamespace

import pytest
from PySide6.QtCore import Signal
from PySide6.QtWidgets import QDialog, QFileDialog, QMainWindow, QMessageBox, QPlainTextEdit
from report_support import hand_analysis

from editor_app.core.model import Claim
from editor_app.ui import export_actions
from editor_app.ui.export_actions import SelfCheckDiffDialog, install


class ContractWindow(QMainWindow):
    """The parts of the main window the export actions use, nothing more."""

    analysis_ready = Signal(object)

    def __init__(self, text: str, analysis, path=None) -> None:
        super().__init__()
        self.editor = QPlainTextEdit(text)
        self.setCentralWidget(self.editor)
        self.menu_file = self.menuBar().addMenu("&File")
        self.menu_tools = self.menuBar().addMenu("&Tools")
        self.latest_analysis = analysis
        self.current_path = path
        self.pack = SimpleNamespace(name="llm-infra-survey", source='[pack]\nname = "llm-infra-survey"\n')

    def current_text(self) -> str:
        return self.editor.toPlainText()

    def set_text_undoable(self, text: str) -> None:
        cursor = self.editor.textCursor()
        cursor.beginEditBlock()
        cursor.select(cursor.SelectionType.Document)
        cursor.insertText(text)
        cursor.endEditBlock()


@pytest.fixture
def window(qtbot, sample_text, tmp_path):
    w = ContractWindow(sample_text, hand_analysis(sample_text), tmp_path / "survey.md")
    qtbot.addWidget(w)
    return w


def _never(*args, **kwargs):
    raise AssertionError("this dialog must not open here")


def test_install_adds_the_actions_to_the_menus(window):
    actions = install(window)
    assert window.report_actions is actions
    assert actions.export_action in window.menu_file.actions()
    assert actions.update_action in window.menu_tools.actions()
    assert actions.export_action.text().replace("&", "").startswith("Export Report")
    assert actions.update_action.text().replace("&", "").startswith("Update Self-check Figures")
    assert actions.export_action.isEnabled()


def test_actions_wait_for_an_analysis(qtbot, sample_text):
    w = ContractWindow(sample_text, None)
    qtbot.addWidget(w)
    actions = install(w)
    assert not actions.export_action.isEnabled() and not actions.update_action.isEnabled()
    w.latest_analysis = hand_analysis(sample_text)
    w.analysis_ready.emit(w.latest_analysis)
    assert actions.export_action.isEnabled() and actions.update_action.isEnabled()


@pytest.mark.parametrize("chosen_filter, name", [("PDF report (*.pdf)", "out"), ("HTML report (*.html)", "out.html")])
def test_export_writes_the_file_chosen_in_the_dialog(qtbot, window, tmp_path, monkeypatch, chosen_filter, name):
    asked = {}

    def fake_save(parent, caption, directory, filters):
        asked["default"] = directory
        asked["filters"] = filters
        return str(tmp_path / name), chosen_filter

    monkeypatch.setattr(QFileDialog, "getSaveFileName", fake_save)
    monkeypatch.setattr(QMessageBox, "question", _never)
    actions = install(window)
    with qtbot.waitSignal(actions.export_finished, timeout=15000) as done:
        actions.export_action.trigger()
    expected = tmp_path / ("out.pdf" if "pdf" in chosen_filter else "out.html")
    assert done.args == [str(expected)]
    assert asked["default"].endswith("survey-report.html") and "PDF report (*.pdf)" in asked["filters"]
    data = expected.read_bytes()
    if expected.suffix == ".pdf":
        assert data.startswith(b"%PDF")
        if shutil.which("pdftotext"):
            text = subprocess.run(["pdftotext", str(expected), "-"], capture_output=True, text=True).stdout
            assert "主题综述" in text
    else:
        assert "主题综述" in data.decode("utf-8") and "data:image/png;base64," in data.decode("utf-8")
    assert actions.export_action.isEnabled()


@pytest.mark.parametrize("answer", [QMessageBox.StandardButton.No, QMessageBox.StandardButton.Yes])
def test_export_asks_first_when_error_rules_fail_or_private_data_is_found(
    qtbot, sample_text, tmp_path, monkeypatch, answer
):
    w = ContractWindow(sample_text, hand_analysis(sample_text, failing=True, privacy=True))
    qtbot.addWidget(w)
    questions = []

    def fake_question(parent, title, text, *args):
        questions.append(text)
        return answer

    saved = []

    def fake_save(*args):
        saved.append(args)
        return "", ""  # the user then cancels the file dialog

    monkeypatch.setattr(QMessageBox, "question", fake_question)
    monkeypatch.setattr(QFileDialog, "getSaveFileName", fake_save)
    install(w).export_action.trigger()
    assert len(questions) == 1
    assert "Verifiability" in questions[0] and "private-data" in questions[0] and "ip" in questions[0]
    assert len(saved) == (1 if answer == QMessageBox.StandardButton.Yes else 0)


def test_export_failure_is_reported(qtbot, window, tmp_path, monkeypatch):
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a: (str(tmp_path / "missing" / "r.html"), ""))
    warnings = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text: warnings.append(text))
    actions = install(window)
    with qtbot.waitSignal(actions.export_failed, timeout=15000):
        actions.export_action.trigger()
    assert warnings and str(tmp_path / "missing" / "r.html") in warnings[0] and "there is no folder" in warnings[0]
    assert actions.export_action.isEnabled()


def _wrong_claims_window(qtbot, sample_text):
    text = sample_text.replace("实测 79 处", "实测 13 处")
    analysis = hand_analysis(text)
    lines = text.split("\n")
    for number, line in enumerate(lines, start=1):
        at = line.find("实测 13 处")
        if at >= 0:
            col = at + len("实测 ") + 1
            analysis.claims.append(Claim("cautions", "实测 13 处", number, 13, 79, False, column=at + 1,
                                         value_column=col, value_text="13"))
    w = ContractWindow(text, analysis)
    qtbot.addWidget(w)
    return w, text


def test_update_self_check_figures_shows_the_diff_and_applies_undoably(qtbot, sample_text, monkeypatch):
    w, text = _wrong_claims_window(qtbot, sample_text)
    shown = {}

    def fake_exec(dialog):
        shown["diff"] = dialog.diff_view.toPlainText()
        shown["changes"] = dialog.findChild(export_actions.QPlainTextEdit, "changes").toPlainText()
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(SelfCheckDiffDialog, "exec", fake_exec)
    monkeypatch.setattr(QMessageBox, "information", _never)
    actions = install(w)
    actions.update_action.trigger()
    removed = [x for x in shown["diff"].split("\n") if x.startswith("-") and not x.startswith("---")]
    added = [x for x in shown["diff"].split("\n") if x.startswith("+") and not x.startswith("+++")]
    assert removed and all("实测 13 处" in x for x in removed)
    assert len(added) == len(removed) and all("实测 79 处" in x and "实测 13 处" not in x for x in added)
    assert "cautions 13 → 79" in shown["changes"]
    assert w.current_text() == sample_text  # every "13" the analysis flagged is 79 again
    w.editor.undo()
    assert w.current_text() == text  # one undo step brings the stated figures back


def test_update_cancelled_leaves_the_text_alone(qtbot, sample_text, monkeypatch):
    w, text = _wrong_claims_window(qtbot, sample_text)
    monkeypatch.setattr(SelfCheckDiffDialog, "exec", lambda dialog: QDialog.DialogCode.Rejected)
    assert install(w).update_self_check_figures() is False
    assert w.current_text() == text


def test_update_with_nothing_to_change_says_so(qtbot, window, monkeypatch):
    told = []
    monkeypatch.setattr(QMessageBox, "information", lambda parent, title, text: told.append(text))
    monkeypatch.setattr(SelfCheckDiffDialog, "exec", _never)
    assert install(window).update_self_check_figures() is False
    assert told and "matches" in told[0]


def test_in_the_real_main_window_the_update_makes_the_value_claims_pass(qtbot, sample_text, tmp_path, monkeypatch):
    from editor_app.config import Config
    from editor_app.core.rulepack import house_pack
    from editor_app.ui.main_window import MainWindow

    survey = tmp_path / "survey.md"
    survey.write_text(sample_text, encoding="utf-8")
    w = MainWindow(Config(), pack=house_pack(), debounce_ms=0)
    qtbot.addWidget(w)
    actions = install(w)
    file_actions = w.menu_file.actions()
    assert file_actions.index(actions.export_action) < file_actions.index(w.action_quit)
    with qtbot.waitSignal(w.analysis_ready, timeout=10000):
        w.open_path(survey)
    qtbot.waitUntil(lambda: w.latest_analysis is not None and w.latest_analysis.text_length == len(sample_text),
                    timeout=10000)
    wrong = [c for c in w.latest_analysis.claims if c.kind == "value" and c.ok is False and c.measured is not None]
    assert wrong  # the sample misstates some of its own figures (950 vs 946 CJK of the meta layer, 200 lines)
    monkeypatch.setattr(SelfCheckDiffDialog, "exec", lambda dialog: QDialog.DialogCode.Accepted)
    with qtbot.waitSignal(w.analysis_ready, timeout=10000):
        assert actions.update_self_check_figures()
    qtbot.waitUntil(lambda: w.latest_analysis.text_length == len(w.current_text()), timeout=10000)
    after = w.latest_analysis
    assert not [c for c in after.claims if c.kind == "value" and c.ok is False and c.measured is not None]
    w.editor.undo()
    assert w.current_text() == sample_text
