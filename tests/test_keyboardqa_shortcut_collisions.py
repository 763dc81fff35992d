"""QA (keyboard only): no two shortcuts of the window answer to the same keys where both can be in force. Qt runs
neither of two such shortcuts (it calls them ambiguous): with the find bar open, Esc in a panel did nothing,
because the bar's window-wide Esc met the panes' own. Every menu action and every QShortcut is collected, with
the part of the window where it is in force, and any two on the same keys whose parts meet are a collision."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QKeySequence, QShortcut
from PySide6.QtWidgets import QWidget

WINDOW_WIDE = (Qt.ShortcutContext.WindowShortcut, Qt.ShortcutContext.ApplicationShortcut)


@dataclass
class Binding:
    keys: str
    owner: QObject  # the action or the QShortcut
    widget: QWidget | None  # where it is in force (None: the whole window)
    with_children: bool

    def meets(self, other: Binding) -> bool:
        if self.widget is None or other.widget is None:
            return True
        return (self.widget is other.widget
                or (self.with_children and self.widget.isAncestorOf(other.widget))
                or (other.with_children and other.widget.isAncestorOf(self.widget)))

    def __str__(self) -> str:
        what = self.owner.text() if isinstance(self.owner, QAction) else type(self.owner.parent()).__name__
        return f"{self.keys} ({what})"


def _binding(keys: QKeySequence, owner: QObject, context: Qt.ShortcutContext, parent: QObject) -> Binding:
    if context in WINDOW_WIDE or not isinstance(parent, QWidget):
        return Binding(keys.toString(), owner, None, True)
    return Binding(keys.toString(), owner, parent, context == Qt.ShortcutContext.WidgetWithChildrenShortcut)


def window_bindings(window) -> list[Binding]:
    """Every key binding of the window: its menu actions' shortcuts and its QShortcuts, open or hidden parts alike
    (the find bar's shortcuts count while it is closed: it is opened any time)."""
    found: list[Binding] = []
    for action in window.findChildren(QAction):
        for keys in action.shortcuts():
            found.append(_binding(keys, action, action.shortcutContext(), action.parent()))
    for shortcut in window.findChildren(QShortcut):
        if shortcut.isEnabled() or shortcut.parent() is window.editor:  # the editor's Esc is the find bar's when open
            found.append(_binding(shortcut.key(), shortcut, shortcut.context(), shortcut.parent()))
    return [b for b in found if b.keys]


def test_no_two_shortcuts_of_the_window_collide(qtbot, sample_path, tmp_path):
    from editor_app.config import Config
    from editor_app.ui.app import create_window

    window = create_window(sample_path, Config(db_path=tmp_path / "h.db", arxiv_url="http://127.0.0.1:9/api/query"))
    qtbot.addWidget(window)
    window.ask_unsaved_changes = lambda: "discard"
    try:
        bindings = window_bindings(window)
        keys = {b.keys for b in bindings}
        assert {"Ctrl+S", "Ctrl+F", "Ctrl+1", "Ctrl+5", "F8", "Esc", "Ctrl+Tab"} <= keys  # every part is looked at
        assert {"Ctrl+E", "Shift+F5"} <= keys  # Export report, Update self-check figures (the extensions' actions)
        collisions = [f"{a} / {b}" for i, a in enumerate(bindings) for b in bindings[i + 1:]
                      if a.keys == b.keys and a.meets(b)]
        assert not collisions
    finally:
        window.shutdown()


def test_every_menu_action_of_the_window_is_counted(qtbot, sample_path, tmp_path):
    """The menus' actions are the window's children (an action parented elsewhere would be missed above)."""
    from editor_app.config import Config
    from editor_app.ui.app import create_window

    window = create_window(sample_path, Config(db_path=tmp_path / "h.db", arxiv_url="http://127.0.0.1:9/api/query"))
    qtbot.addWidget(window)
    window.ask_unsaved_changes = lambda: "discard"
    try:
        counted = {id(b.owner) for b in window_bindings(window)}
        menus = [window.menu_file, window.menu_edit, window.menu_view, window.menu_tools, window.menu_help]
        with_keys = [a for m in menus for a in m.actions() if a.shortcuts()]
        assert len(with_keys) >= 25
        assert all(id(a) in counted for a in with_keys)
    finally:
        window.shutdown()
