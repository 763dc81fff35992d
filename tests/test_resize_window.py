"""QA19 D5: resizing the window with a long survey open. Each step of a drag lays the window out and paints it;
the editor was painted twice a step (its underlines, made again at a resize, were handed over with the current
line's highlight, which asked for another paint), and a window grown back after a squeeze was laid out and painted
a second time when the docks got their widths back (~100 ms more of GUI thread each at 8 MB)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject

from ui_support import open_window


class Paints(QObject):
    """What each paint of a widget saw: whether it painted the whole widget, and `seen()` then."""

    def __init__(self, widget, seen=lambda: None) -> None:
        super().__init__()
        self.seen = seen
        self.paints: list[tuple[bool, object]] = []
        widget.installEventFilter(self)

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.Paint:
            self.paints.append((event.rect().size() == obj.size(), self.seen()))
        return False


def test_a_step_of_a_drag_paints_the_editor_once(qtbot, sample_path):
    window = open_window(qtbot, sample_path)
    window.resize(1440, 900)
    qtbot.wait(200)
    assert window.editor.underlines()  # (the problems of the lines shown are underlined)
    paints = Paints(window.editor.viewport())
    for i in range(10):
        paints.paints.clear()
        window.resize(1200 + 10 * i, 800 + 5 * i)
        qtbot.waitUntil(lambda: any(whole for whole, _ in paints.paints), timeout=5000)
        qtbot.wait(80)  # (a second paint came right after the first)
        assert [whole for whole, _ in paints.paints if whole] == [True], i


def test_a_window_grown_back_paints_the_panels_at_their_widths_only(qtbot, sample_path):
    window = open_window(qtbot, sample_path)
    window.resize(1440, 900)
    qtbot.wait(200)
    wide = window.panels_dock.width()
    window.resize(900, 560)
    qtbot.waitUntil(lambda: window.width() == 900)
    qtbot.wait(100)
    assert window.panels_dock.width() < wide - 50  # squeezed
    paints = Paints(window.selfcheck.claims_view.viewport(), lambda: window.panels_dock.width())
    window.resize(1440, 900)
    qtbot.waitUntil(lambda: window.width() == 1440)
    qtbot.wait(200)
    assert abs(window.panels_dock.width() - wide) <= 8
    assert paints.paints and all(abs(width - wide) <= 8 for _, width in paints.paints), paints.paints
