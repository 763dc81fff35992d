"""Helpers shared by the tests/test_ui_*.py files: a main window on the sample, waiting for its analysis."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPoint, Qt

from editor_app.config import Config


def repeated_sample(tmp_path: Path, sample_text: str, copies: int = 20) -> Path:
    """The sample `copies` times over in one file (x 20: ~0.5 MB, a long survey the panels must keep up with)."""
    path = tmp_path / "big.md"
    path.write_text("\n".join([sample_text.rstrip("\n")] * copies) + "\n", encoding="utf-8")
    return path


TEAM_SURVEY = "# Survey\n\nWord count: 3\n\n## References\n\n-- Team · 2026-11-30\n"


def window_beside_a_pack(qtbot, tmp_path: Path, survey_text: str = TEAM_SURVEY):
    """The window on a survey with the English pack beside it (survey-rules.toml): (window, pack path, pack text)."""
    from editor_app.resources_path import resource_path

    survey = tmp_path / "survey.md"
    survey.write_text(survey_text, encoding="utf-8")
    good = resource_path("rulepacks", "english-markdown.toml").read_text(encoding="utf-8")
    pack = tmp_path / "survey-rules.toml"
    pack.write_text(good, encoding="utf-8")
    return open_window(qtbot, survey), pack, good


def open_window(qtbot, path: Path, config: Config | None = None, **kwargs):
    """A shown MainWindow with `path` open and analysed; closing it at teardown never asks anything."""
    from editor_app.ui.main_window import MainWindow

    window = MainWindow(config or Config(arxiv_url="http://127.0.0.1:9/api/query", arxiv_interval=0.0), **kwargs)
    qtbot.addWidget(window)
    window.ask_unsaved_changes = lambda: "discard"
    with qtbot.waitSignal(window.analysis_ready, timeout=20000):
        window.open_path(path)
    window.show()
    qtbot.waitExposed(window)
    return window


def verified_references_window(qtbot, fake_arxiv, tmp_path: Path, survey_text: str):
    """A window on `survey_text` whose references were all verified against the fake arXiv: (window, panel)."""
    survey = tmp_path / "s.md"
    survey.write_text(survey_text, encoding="utf-8")
    cfg = Config(arxiv_url=fake_arxiv.url, arxiv_interval=0.0, contact="tests@example.org", db_path=tmp_path / "u.db")
    window = open_window(qtbot, survey, cfg)
    panel = window.references
    assert panel.verify()
    qtbot.waitUntil(lambda: panel.worker is None, timeout=20000)
    return window, panel


def writing(qtbot, window) -> None:
    """The keys in the editor, as a user writing has them (the window active, the editor focused)."""
    from PySide6.QtWidgets import QApplication

    window.activateWindow()
    window.editor.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.editor)


def saved_twice_by_keys(qtbot, tmp_path: Path, text: str, monkeypatch):
    """A window with History on `text`, saved twice with Ctrl+S ("第一稿", then "第二稿" added at the end), the keys
    back in the editor: (window, history controller)."""
    _survey, window, ctl = window_with_history(qtbot, tmp_path, text, monkeypatch)
    writing(qtbot, window)
    for words in ("第一稿", "第二稿"):
        qtbot.keyClick(window.editor, Qt.Key.Key_End, Qt.KeyboardModifier.ControlModifier)
        window.editor.insertPlainText(words)
        with qtbot.waitSignal(ctl.recorded, timeout=5000):
            qtbot.keyClick(window.editor, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    return window, ctl


def dark_palette(base):
    """`base` (a QPalette) with a dark theme's window, text, base and button colours."""
    from PySide6.QtGui import QColor, QPalette

    pal = QPalette(base)
    roles = QPalette.ColorRole
    for role, colour in ((roles.Window, "#2d2d2d"), (roles.WindowText, "#dcdcdc"), (roles.Base, "#1e1e1e"),
                         (roles.AlternateBase, "#2d2d2d"), (roles.Text, "#dcdcdc"), (roles.Button, "#353535"),
                         (roles.ButtonText, "#dcdcdc")):
        pal.setColor(role, QColor(colour))
    return pal


def wait_analysis(qtbot, window, timeout: int = 20000):
    return qtbot.waitSignal(window.analysis_ready, timeout=timeout)


def cursor_line(window) -> int:
    return window.editor.textCursor().blockNumber() + 1


def click_row(qtbot, view, predicate, column: int = 1) -> object:
    """Click the first row of a table view whose row object satisfies predicate; returns the row object."""
    from editor_app.ui.table_models import ROW_ROLE

    model = view.model()
    for r in range(model.rowCount()):
        index = model.index(r, column)
        row = index.data(ROW_ROLE)
        if predicate(row):
            view.scrollTo(index)
            rect = view.visualRect(index)
            qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
            return row
    raise AssertionError("no row matched")


def line_text(window, line: int) -> str:
    return window.current_text().split("\n")[line - 1]


def point(x: float, y: float) -> QPoint:
    return QPoint(int(x), int(y))


def type_text(widget, text: str) -> None:
    """Type any text (CJK included) as key events; QTest.keyClicks only handles Latin-1 characters."""
    from PySide6.QtCore import QEvent
    from PySide6.QtGui import QKeyEvent
    from PySide6.QtWidgets import QApplication

    for ch in text:
        key = Qt.Key.Key_Return if ch == "\n" else Qt.Key.Key_unknown
        for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
            QApplication.sendEvent(widget, QKeyEvent(kind, key, Qt.KeyboardModifier.NoModifier, ch))


def window_with_history(qtbot, tmp_path: Path, text: str, monkeypatch):
    """(survey path, window, history controller): `text` saved as survey.md, opened, analysed, the History panel
    installed on a fresh database with its first look at it already over."""
    from editor_app.ui import history_panel

    survey = tmp_path / "survey.md"
    survey.write_text(text, encoding="utf-8")
    cfg = Config(db_path=tmp_path / "history.db", arxiv_url="http://127.0.0.1:9/api/query", arxiv_interval=0.0)
    window = open_window(qtbot, survey, cfg)
    monkeypatch.setattr(history_panel, "STARTUP_DELAY_MS", 0)
    ctl = history_panel.install(window)
    first_look_over(qtbot, ctl)
    return survey, window, ctl


def first_look_over(qtbot, ctl, timeout: int = 10000) -> None:
    """The history controller's first look at its database (and at the survey) is over: the file is opened off the
    GUI thread then, the look once it is open. An older version's file being upgraded is not waited for."""
    qtbot.wait(50)
    qtbot.waitUntil(lambda: ctl.looked or ctl.upgrading and not ctl._only_opening, timeout=timeout)


def accepting_updates(window, monkeypatch):
    """Tools → Update self-check figures installed on `window`, its diff accepted as soon as it is shown: the actions."""
    from PySide6.QtWidgets import QDialog

    from editor_app.ui import export_actions

    actions = export_actions.install(window)
    monkeypatch.setattr(export_actions.SelfCheckDiffDialog, "exec", lambda self: QDialog.DialogCode.Accepted)
    return actions


def update_dialog_summary(qtbot, monkeypatch, path):
    """Tools → Update self-check figures on the survey at `path`, declined: (the window, the dialog's summary)."""
    from PySide6.QtWidgets import QDialog

    from editor_app.ui import export_actions

    window = open_window(qtbot, path)
    actions = export_actions.install(window)
    shown: list[str] = []

    def fake_exec(dialog):
        shown.append(dialog.findChild(export_actions.QPlainTextEdit, "changes").toPlainText())
        return QDialog.DialogCode.Rejected

    monkeypatch.setattr(export_actions.SelfCheckDiffDialog, "exec", fake_exec)
    assert not actions.update_self_check_figures()
    return window, shown[0]


def trigger_view_shortcut(window, shortcut: str) -> None:
    """Trigger the View menu's action on `shortcut` (as the key would)."""
    from PySide6.QtGui import QKeySequence

    for action in window.menu_view.actions():
        if action.shortcut() == QKeySequence(shortcut):
            action.trigger()
            return
    raise AssertionError(f"no View action on {shortcut}")


# A survey whose stated CJK total is also a stated sum, and both are wrong (line 3).
WRONG_TOTAL_SURVEY = (
    "主题综述 · 测试（2026-10-02）\n"
    "§0 自检栏\n"
    "① CJK 实测 1,900（主体 1,400 + 元信息 300）⚠️\n"
    "一、正文\n"
    "正文一段。\n"
)
