"""QA (assistive technology): a screen reader named most of the window's controls by nothing at all: the editor,
the outline, the references table and its filter, the history's snapshots, the metric box, the diff, the preview
("edit", "table", "list"), and the find bar's close button "✕". Every control the keys can reach now has a name or
a tooltip that says what it is, in the window's language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractScrollArea,
    QComboBox,
    QLineEdit,
    QTabWidget,
    QWidget,
)

QM = Path(__file__).resolve().parent.parent / "resources" / "i18n" / "survey_editor_zh_CN.qm"
CONTROLS = (QAbstractButton, QAbstractItemView, QAbstractScrollArea, QComboBox, QLineEdit, QTabWidget)
QT_OWN = {"ScrollLeftButton", "ScrollRightButton"}  # the tab bar's arrows, named by Qt's own translation
WORD = re.compile(r"\w")
CJK = re.compile(r"[一-鿿]")


def _window(qtbot, sample_path, tmp_path):
    from editor_app.config import Config
    from editor_app.ui.app import create_window

    window = create_window(sample_path, Config(db_path=tmp_path / "h.db", arxiv_url="http://127.0.0.1:9/api/query"))
    qtbot.addWidget(window)
    window.ask_unsaved_changes = lambda: "discard"
    window.show()
    qtbot.waitUntil(lambda: window.latest_analysis is not None, timeout=20000)
    for i in range(window.tabs.count()):  # every panel built (the charts are drawn when their tab is first shown)
        window.tabs.setCurrentIndex(i)
    qtbot.waitUntil(lambda: len(window.figures.chart_widgets) == len(window.figures.charts), timeout=10000)
    window.find_bar.open_bar()
    return window


def _reachable_controls(window) -> list[QWidget]:
    return [w for w in window.findChildren(QWidget)
            if isinstance(w, CONTROLS) and w.window() is window and w.focusPolicy() & Qt.FocusPolicy.TabFocus
            and not w.objectName().startswith("qt_") and w.objectName() not in QT_OWN]


def _said(widget: QWidget) -> str:
    """What a screen reader says the control is: its accessible name, else its tooltip."""
    face = QAccessible.queryAccessibleInterface(widget)
    return (face.text(QAccessible.Text.Name) if face is not None else "").strip() or widget.toolTip().strip()


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_every_control_the_keys_reach_says_what_it_is(qtbot, sample_path, tmp_path, language):
    from PySide6.QtCore import QCoreApplication, QTranslator

    translator = QTranslator()
    if language == "zh_CN":
        assert translator.load(str(QM))
        QCoreApplication.installTranslator(translator)
    try:
        window = _window(qtbot, sample_path, tmp_path)
        controls = _reachable_controls(window)
        assert {window.editor, window.outline.view, window.references.view, window.history.panel.table,
                window.find_bar.field} <= set(controls)
        unnamed = [f"{type(w).__name__} {_said(w)!r}" for w in controls if not WORD.search(_said(w))]
        assert not unnamed  # before: the editor, the outline, the references table, "✕", …
        if language == "zh_CN":
            ours = [w for w in controls if type(w).__name__ != "BarChartWidget"]  # a chart is named by the survey
            english = [f"{type(w).__name__} {_said(w)!r}" for w in ours if not CJK.search(_said(w))]
            assert not english
    finally:
        QCoreApplication.removeTranslator(translator)
        window.shutdown()
