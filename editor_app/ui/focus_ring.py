"""Tab and Shift+Tab go round a pane's own controls and never leave it: Esc is the way back to writing.

Qt's Tab goes on along the whole window, so from a panel's last table it went into the editor, where Tab types a
tab: a keyboard user going round References typed "8\t\t.1" into a heading, autosaved and saved. A pane mixes in
FocusRing (before its Qt class); Qt asks the parents of the focused widget in turn where Tab goes (after the widget
itself had its say: a browser's links, a table's cells), so the pane answers for every widget inside it.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QTabWidget, QWidget

_LONGEST_CHAIN = 100_000  # widgets: a focus chain is a circle; a broken one must not hang the window


def takes_tab(widget: QWidget, ring: QWidget) -> bool:
    """Whether Tab stops at `widget`, as Qt's own Tab decides: it takes the focus from Tab (an exclusive radio
    button group's unchecked ones don't), is shown and enabled, and hands the focus on to no proxy."""
    return (bool(widget.focusPolicy() & Qt.FocusPolicy.TabFocus) and widget.isEnabled()
            and widget.isVisibleTo(ring) and widget.focusProxy() is None)


def next_in_ring(ring: QWidget, current: QWidget | None, forward: bool = True) -> QWidget | None:
    """The widget in `ring` Tab (`forward`) or Shift+Tab goes to from `current`: round from the last to the first.
    None when there is no other (the focus then stays); from outside the ring, its first (last) one."""
    start = current if current is not None and ring.isAncestorOf(current) else ring
    widget = start
    for _ in range(_LONGEST_CHAIN):
        widget = widget.nextInFocusChain() if forward else widget.previousInFocusChain()
        if widget is None or widget is start:
            return None
        if ring.isAncestorOf(widget) and takes_tab(widget, ring):
            return widget
    return None


class FocusRing:
    """Mixed into a pane (class Pane(FocusRing, QWidget)): Tab and Shift+Tab stay among the widgets of
    focus_ring(), the pane itself unless it says otherwise."""

    def focus_ring(self) -> QWidget | None:
        return self  # type: ignore[return-value]

    def focusNextPrevChild(self, next: bool) -> bool:  # noqa: N802, A002 (Qt's names)
        ring = self.focus_ring()
        if ring is None or not ring.isVisible():  # (Qt asks too when it hides the pane the keys are in: out of it)
            return super().focusNextPrevChild(next)  # type: ignore[misc]
        target = next_in_ring(ring, QApplication.focusWidget(), next)
        if target is not None:
            target.setFocus(Qt.FocusReason.TabFocusReason if next else Qt.FocusReason.BacktabFocusReason)
        return True  # taken, even with nowhere else to go: never on to the editor


class PanelTabs(FocusRing, QTabWidget):
    """The panels' tabs: Tab goes round the panel shown (Self-check's tables, References' table and filters, the
    charts, the preview, History's list, comparison and buttons), docked or floating."""

    def focus_ring(self) -> QWidget | None:
        return self.currentWidget()
