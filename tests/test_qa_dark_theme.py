"""QA: a dark desktop theme (dark Window and Base, light text), as many of our writers use.

The History diff and the crash-recovery offer put the changed lines in opaque pale red and green cells: under a dark
theme the text kept its light colour, white on near-white, unreadable. The fail / wrong / limit reds and greens
were picked for white: on the dark base they read at a contrast of ~2.5-3.3 (dark red on black)."""

from __future__ import annotations

from PySide6.QtGui import QColor, QPalette, QTextCursor

from editor_app.ui.icons import GREEN, RED
from editor_app.ui.theme import READABLE, contrast, over
from ui_support import open_window, window_with_history


def _diff_cells(browser) -> list[tuple[str, QColor]]:
    """(text, background) of each cell of the diff tables (one per stretch of rows) that has a background."""
    out = []
    tables = [f for f in browser.document().rootFrame().childFrames() if hasattr(f, "cellAt")]
    assert tables
    for table, r in ((t, r) for t in tables for r in range(t.rows())):
        for c in range(table.columns()):
            cell = table.cellAt(r, c)
            brush = cell.format().background()
            if brush.style() != brush.style().NoBrush:
                first, last = cell.firstCursorPosition(), cell.lastCursorPosition()
                first.setPosition(last.position(), QTextCursor.MoveMode.KeepAnchor)
                out.append((first.selectedText(), brush.color()))
    return out


def _changed_drafts(sample_text: str) -> tuple[str, str]:
    return sample_text, sample_text.replace("CJK 实测 3,838", "CJK 实测 3,840", 1) + "\n新的一行"


def test_the_history_diff_reads_on_a_dark_theme(qtbot, tmp_path, monkeypatch, sample_text, dark):
    _survey, window, ctl = window_with_history(qtbot, tmp_path, sample_text, monkeypatch)
    ctl.panel.show_diff(*_changed_drafts(sample_text), "save", "editor")
    cells = _diff_cells(ctl.panel.diff_html)
    assert any("3,840" in text for text, _ in cells) and any("新的一行" in text for text, _ in cells)
    base, text = dark.color(QPalette.ColorRole.Base), dark.color(QPalette.ColorRole.Text)
    for _, background in cells:
        assert contrast(text, over(background, base)) >= READABLE  # before: 1.2 (#dcdcdc on #fbe4e4)


def test_the_history_diff_keeps_its_pale_cells_on_a_light_theme(qtbot, tmp_path, monkeypatch, sample_text):
    _survey, window, ctl = window_with_history(qtbot, tmp_path, sample_text, monkeypatch)
    ctl.panel.show_diff(*_changed_drafts(sample_text), "save", "editor")
    shown = {over(background, QColor("white")).name() for _, background in _diff_cells(ctl.panel.diff_html)}
    assert shown == {"#fbe4e4", "#e2f5e2"}


def test_fail_and_wrong_read_on_a_dark_theme(qtbot, sample_path, dark):
    from PySide6.QtCore import Qt

    from editor_app.ui.table_models import ROW_ROLE

    window = open_window(qtbot, sample_path)
    base, back = dark.color(QPalette.ColorRole.Base), dark.color(QPalette.ColorRole.Window)
    rules = window.selfcheck.rules_view.model()
    failing = [rules.index(r, 0) for r in range(rules.rowCount()) if rules.index(r, 0).data(ROW_ROLE).status == "fail"]
    claims = window.selfcheck.claims_view.model()
    wrong = [claims.index(r, 0) for r in range(claims.rowCount()) if claims.index(r, 0).data(ROW_ROLE).wrong]
    assert failing and wrong
    coloured = [i.siblingAtColumn(c).data(Qt.ItemDataRole.ForegroundRole) for i in failing + wrong
                for c in range(i.model().columnCount())]
    assert len([b for b in coloured if b is not None]) >= len(failing + wrong)
    for brush in filter(None, coloured):
        colour = brush.color()
        assert contrast(colour, base) >= READABLE  # before: 3.3 (RED on #1e1e1e)
        assert colour.red() > colour.green() + 60  # still red
    summary = window.selfcheck.summary
    summary_colour = summary.palette().color(QPalette.ColorRole.WindowText)
    assert contrast(summary_colour, back) >= READABLE


def test_a_light_theme_keeps_the_status_colours_that_read(qtbot, sample_path):
    """RED reads on white (5.1) and is kept; GREEN did not (3.8): it is darkened until it does, still green
    (test_darkqa_theme)."""
    from PySide6.QtCore import Qt

    from editor_app.ui.table_models import ROW_ROLE

    window = open_window(qtbot, sample_path)
    claims = window.selfcheck.claims_view.model()
    colours = {claims.index(r, c).data(Qt.ItemDataRole.ForegroundRole).color().name()
               for r in range(claims.rowCount()) for c in range(claims.columnCount())
               if claims.index(r, 0).data(ROW_ROLE).ok is not None
               and claims.index(r, c).data(Qt.ItemDataRole.ForegroundRole) is not None}
    assert RED.name() in colours
    green = [QColor(c) for c in colours if c != RED.name()]
    assert green and all(c.green() > c.red() + 60 and c.lightness() <= GREEN.lightness() for c in green)


def test_the_update_dialog_diff_reads_on_a_dark_theme(qtbot, dark):
    from PySide6.QtWidgets import QPlainTextEdit

    from editor_app.ui.export_actions import SelfCheckDiffDialog

    diff = "--- a\n+++ b\n@@ -1 +1 @@\n-CJK 实测 3,838\n+CJK 实测 3,840\n"
    dialog = SelfCheckDiffDialog(diff, "line 1: CJK 3,838 → 3,840", 1)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.wait(50)  # the highlighter colours the lines once the dialog is up
    box = next(w for w in dialog.findChildren(QPlainTextEdit) if "+CJK" in w.toPlainText())
    base = dark.color(QPalette.ColorRole.Base)
    coloured = 0
    block = box.document().begin()
    while block.isValid():
        for fmt in block.layout().formats():
            coloured += 1
            assert contrast(fmt.format.foreground().color(), base) >= READABLE  # before: 2.5 for the removed line
        block = block.next()
    assert coloured == 3  # @@, - and +
