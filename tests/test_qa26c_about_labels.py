"""QA26c D2: Help → About in Chinese stood its labels one character a line ("历/史/数/据/库" down the left): only the
path beside each was kept on one line, so the label's column was squeezed to a character (Chinese breaks between
any two), and a long path ran off the dialog's right edge. The label now keeps its line, a long path is broken after
a '/', and the dialog is as wide as its paths want where the screen has room."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QMainWindow

from editor_app.config import Config
from editor_app.ui import about
from editor_app.ui.settings_store import SettingsStore

# As deep as a wheel install's (the tester's was /tmp/qa26c/venv2/lib/python3.11/site-packages/…), and deeper
LONG_PACK = Path("/opt/team/venvs/survey-editor/lib/python3.11/site-packages/editor_app/resources/rulepacks/"
                 "departments/infrastructure/llm-serving/2026/llm-infra-survey-for-the-whole-team.toml")


def _dialog(qtbot, tmp_path) -> tuple[QMainWindow, about.AboutDialog]:
    w = QMainWindow()
    w.settings_store = SettingsStore(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    w.config = Config(rule_pack=LONG_PACK)
    dialog = about.AboutDialog(w.settings_store, w)
    qtbot.addWidget(w)  # (closes the dialog with it)
    dialog.show()
    qtbot.waitExposed(dialog)
    return w, dialog


def _laid_out(dialog) -> QTextDocument:
    """The About text laid out as the label lays it out: its font, its width."""
    page = QTextDocument()
    page.setDefaultFont(dialog.text.font())
    page.setDocumentMargin(0)
    page.setHtml(dialog.text.text())
    page.setTextWidth(dialog.text.contentsRect().width())
    page.size()  # (lays it out)
    return page


def _lines_of(page: QTextDocument, words: str) -> int:
    block = page.begin()
    while block.isValid():
        if block.text().replace("\xa0", " ").strip() == words:  # (Qt writes a no-wrap cell's spaces as \xa0)
            return block.layout().lineCount()
        block = block.next()
    raise AssertionError(f"{words!r} is not in the About text")


@pytest.mark.parametrize("language", ["zh_CN", "en"])
def test_each_label_stays_on_one_line_and_no_path_runs_off(qtbot, tmp_path, language, request):
    if language == "zh_CN":
        request.getfixturevalue("chinese")
        request.getfixturevalue("zh_translation")
    window, dialog = _dialog(qtbot, tmp_path)
    page = _laid_out(dialog)
    labels = list(about.data_locations(window.settings_store, window))
    if language == "zh_CN":
        assert labels[0] == "历史数据库"
    for label in labels:
        assert _lines_of(page, label) == 1, label  # before: 历史数据库 on 5 lines, "History database" on 2
    assert page.idealWidth() <= dialog.text.contentsRect().width() + 1  # before: the pack's path cut off at the right
    assert str(LONG_PACK) in dialog.text.text()  # whole, only broken into lines
    assert dialog.width() <= about.ABOUT_MAX_WIDTH
