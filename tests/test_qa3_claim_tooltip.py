"""QA: hovering a wrong self-reported figure showed its sentence twice ("[claims] CJK of document: stated 1,900,
measured 1,579" and again "CJK of document: stated 1,900, measured 1,579"; four lines for a wrong total that is also a
wrong sum). Each wrong figure now says it once."""

from __future__ import annotations

from PySide6.QtCore import QEvent
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QToolTip

from ui_support import WRONG_TOTAL_SURVEY as SURVEY, open_window


def tooltip_at(window, line: int, column: int) -> str:
    window.goto_line(line, column)
    pos = window.editor.cursorRect().center()
    pos.setX(pos.x() + 3)  # inside the character after the cursor
    window.editor.viewportEvent(QHelpEvent(QEvent.Type.ToolTip, pos, window.editor.viewport().mapToGlobal(pos)))
    text = QToolTip.text()
    QToolTip.hideText()
    return text


def test_a_wrong_figure_is_explained_once(qtbot, tmp_path):
    path = tmp_path / "survey.md"
    path.write_text(SURVEY, encoding="utf-8")
    window = open_window(qtbot, path)
    column = SURVEY.split("\n")[2].index("1,900") + 1
    cjk = window.latest_analysis.metrics["cjk"]
    assert tooltip_at(window, 3, column + 1) == (f"CJK of document: stated 1,900, measured {cjk:,}\n"
                                                 "stated sum 1,900 but the parts add up to 1,700")
    column = SURVEY.split("\n")[2].index("1,400") + 1
    assert tooltip_at(window, 3, column + 1).count("CJK of 主体: stated 1,400") == 1
    # the rule still lists the figure among its findings (the panel, survey-check and the report are unchanged)
    claims_rule = next(r for r in window.latest_analysis.rules if r.id == "claims")
    assert any(f.message.startswith("CJK of document: stated 1,900") for f in claims_rule.findings)
    window.shutdown()
