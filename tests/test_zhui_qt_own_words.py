"""In the Chinese window Qt's own file dialog said "Look in:" and "Files of type:" in English: Qt 6.11's labels are
"&Look in:" / "Files of &type:", which the qtbase_zh_CN.qm PySide6 ships does not have. Our translation carries them
(editor_app/ui/qt_own_words.py), beside Qt's own, which i18n.load_translators loads for the buttons and menus."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import QCoreApplication, QPoint
from PySide6.QtWidgets import QAbstractButton, QFileDialog, QLabel, QPlainTextEdit

ENGLISH = re.compile(r"[A-Za-z]{2,}")


@pytest.fixture
def chinese_translators(qapp):
    """Ours and Qt's own Chinese translators installed as the program installs them; then removed."""
    from editor_app.ui.i18n import load_translators

    translators = load_translators("zh_CN")
    assert len(translators) == 2  # ours and Qt's (qtbase_zh_CN.qm ships with PySide6-Essentials)
    for t in translators:
        QCoreApplication.installTranslator(t)
    yield translators
    for t in translators:
        QCoreApplication.removeTranslator(t)


@pytest.mark.parametrize("mode", [QFileDialog.AcceptMode.AcceptOpen, QFileDialog.AcceptMode.AcceptSave])
def test_the_file_dialog_speaks_chinese(chinese_translators, qtbot, tmp_path, mode):
    dialog = QFileDialog(None, "x", str(tmp_path), "Markdown (*.md)")
    dialog.setOption(QFileDialog.Option.DontUseNativeDialog)  # the dialog Qt draws itself (no desktop's own)
    dialog.setAcceptMode(mode)
    qtbot.addWidget(dialog)
    texts = {w.objectName() or w.text(): w.text() for w in dialog.findChildren(QLabel) + dialog.findChildren(
        QAbstractButton) if w.text()}
    assert texts["lookInLabel"] == "查找范围(&L)："  # before: "&Look in:"
    assert texts["fileTypeLabel"] == "文件类型(&T)："  # before: "Files of &type:"
    assert [t for t in texts.values() if ENGLISH.search(t)] == []  # 文件名称, 打开 / 保存, 取消 too


def test_the_editors_context_menu_speaks_chinese(chinese_translators, qtbot):
    editor = QPlainTextEdit("综述")
    qtbot.addWidget(editor)
    menu = editor.createStandardContextMenu(QPoint(0, 0))
    words = [a.text().split("\t")[0] for a in menu.actions() if a.text()]  # (the shortcut after a tab)
    assert "撤消(&U)" in words and "全选" in words
    assert [w for w in words if ENGLISH.search(w)] == []
