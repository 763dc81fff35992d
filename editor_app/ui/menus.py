"""The main window's menu bar: every common action, each with its keyboard shortcut."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMenu

from editor_app.resources_path import sample_survey_path
from editor_app.services.files import REOPEN_ENCODINGS, reopen_choice


class WindowMenus(QObject):
    """Builds File/Edit/View/Tools/Help on the window and sets `window.menu_file` … `window.menu_help`."""

    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window
        self._build()

    def _action(self, menu: QMenu, text: str, slot, shortcut=None, name: str = "") -> QAction:
        action = QAction(text, self.window)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(slot)
        if name:
            action.setObjectName(name)
        menu.addAction(action)
        return action

    def _build(self) -> None:
        w = self.window
        bar = w.menuBar()
        w.menu_file = bar.addMenu(self.tr("&File"))
        w.menu_edit = bar.addMenu(self.tr("&Edit"))
        w.menu_view = bar.addMenu(self.tr("&View"))
        w.menu_tools = bar.addMenu(self.tr("&Tools"))
        w.menu_help = bar.addMenu(self.tr("&Help"))
        for name in ("menu_file", "menu_edit", "menu_view", "menu_tools", "menu_help"):
            getattr(w, name).setObjectName(name)
        editor = w.editor

        f = w.menu_file
        self._action(f, self.tr("&New"), lambda: w.new_document(), QKeySequence.StandardKey.New, "action_new")
        self._action(f, self.tr("&Open…"), w._open_dialog, QKeySequence.StandardKey.Open, "action_open")
        self.menu_recent = w.menu_recent = f.addMenu(self.tr("Open &Recent"))
        self.rebuild_recent()
        self._action(f, self.tr("Open the Sa&mple Survey"), lambda: w.open_path(sample_survey_path()))
        self._build_reopen(f)
        f.addSeparator()
        # written on a worker thread (Save As's too, once named): typing goes on while an 8 MB survey is saved (it froze
        # the window 0.3-5 s)
        self._action(f, self.tr("&Save"), lambda: w.save(wait=False), QKeySequence.StandardKey.Save, "action_save")
        self._action(f, self.tr("Save &As…"), lambda: w.save_as(wait=False), QKeySequence("Ctrl+Shift+S"),
                     "action_save_as")
        f.addSeparator()
        w.action_quit = self._action(f, self.tr("&Quit"), w.close, QKeySequence("Ctrl+Q"), "action_quit")

        e = w.menu_edit
        self._action(e, self.tr("&Undo"), editor.undo, QKeySequence.StandardKey.Undo)
        self._action(e, self.tr("&Redo"), editor.redo, QKeySequence.StandardKey.Redo)
        e.addSeparator()
        self._action(e, self.tr("Cu&t"), editor.cut, QKeySequence.StandardKey.Cut)
        self._action(e, self.tr("&Copy"), editor.copy, QKeySequence.StandardKey.Copy)
        self._action(e, self.tr("&Paste"), editor.paste, QKeySequence.StandardKey.Paste)
        self._action(e, self.tr("Select &All"), editor.selectAll, QKeySequence.StandardKey.SelectAll)
        e.addSeparator()
        self._action(e, self.tr("&Find…"), lambda: w.find_bar.open_bar(), QKeySequence.StandardKey.Find, "action_find")
        # Ctrl+H written out: the standard key for Replace is unbound on most Linux desktops (X11's generic theme)
        self._action(e, self.tr("Rep&lace…"), lambda: w.find_bar.open_bar(replace=True), QKeySequence("Ctrl+H"),
                     "action_replace")
        self._action(e, self.tr("Find &Next"), w.find_bar.find_next, QKeySequence.StandardKey.FindNext)
        self._action(e, self.tr("Find Pre&vious"), w.find_bar.find_previous, QKeySequence.StandardKey.FindPrevious)
        self._action(e, self.tr("&Go to Line…"), w._goto_dialog, QKeySequence("Ctrl+G"), "action_goto")

        v = w.menu_view
        # Each with its own Alt letter (the dock titles and tab texts had none: Alt+V then a letter chose nothing).
        for dock, text in ((w.outline_dock, self.tr("Show Ou&tline")), (w.panels_dock, self.tr("Show &Panels"))):
            dock.toggleViewAction().setText(text)
            v.addAction(dock.toggleViewAction())
        v.addSeparator()
        # Ctrl+0 … Ctrl+4 from left to right, the keys then in that pane (Ctrl+5, History, comes with its panel).
        self._action(v, self.tr("O&utline"), lambda: w.focus_outline(), QKeySequence("Ctrl+0"), "action_show_outline")
        names = (self.tr("&Self-check"), self.tr("&References"), self.tr("&Figures"), self.tr("Pre&view"))
        for i, (key, text) in enumerate(zip(("Ctrl+1", "Ctrl+2", "Ctrl+3", "Ctrl+4"), names)):
            panel = w.tabs.widget(i)
            self._action(v, text, (lambda _c=False, p=panel: w._show_panel(p, keyboard=True)), QKeySequence(key))
        v.addSeparator()
        self._action(v, self.tr("Zoom &In"), lambda: editor.zoomIn(1), QKeySequence.StandardKey.ZoomIn)
        self._action(v, self.tr("Zoom &Out"), lambda: editor.zoomOut(1), QKeySequence.StandardKey.ZoomOut)

        t = w.menu_tools
        self._action(t, self.tr("Re-&analyse Now"), w.runner.analyse_now, QKeySequence("F5"), "action_analyse")
        self._action(t, self.tr("&Verify All References"), w._verify_all, QKeySequence("Ctrl+Shift+V"),
                     "action_verify")
        t.addSeparator()
        self._action(t, self.tr("Next &Problem"), lambda: w.jump_to_problem(True), QKeySequence("F8"))
        self._action(t, self.tr("Previous Pro&blem"), lambda: w.jump_to_problem(False), QKeySequence("Shift+F8"))

    def _build_reopen(self, f: QMenu) -> None:
        """File → Reopen in Another Encoding: the survey read again in an encoding the user names, when the one
        guessed from its bytes shows wrong letters (a Latin-1 file read as Baltic); the encoding read now is checked."""
        self.menu_reopen = menu = self.window.menu_reopen = f.addMenu(self.tr("Reopen in Another Enco&ding"))
        menu.setObjectName("menu_reopen")
        names = {"utf-8": self.tr("&UTF-8"), "gb18030": self.tr("&GB18030 (Chinese)"), "utf-16": self.tr("UTF-&16"),
                 "cp1252": self.tr("&Windows-1252 (Western European)"), "latin-1": self.tr("&Latin-1 (ISO 8859-1)")}
        group = QActionGroup(menu)
        group.setExclusionPolicy(QActionGroup.ExclusionPolicy.ExclusiveOptional)  # a GBK survey's: none of them
        for encoding in REOPEN_ENCODINGS:
            action = self._action(menu, names[encoding],
                                  lambda _c=False, e=encoding: self.window.reopen_with_encoding(e),
                                  name=f"action_reopen_{encoding}")
            action.setCheckable(True)
            action.setData(encoding)
            group.addAction(action)
        f.aboutToShow.connect(self.update_reopen)  # (the submenu's own aboutToShow comes too late to disable it)

    def update_reopen(self) -> None:
        """Only a survey read from a file can be reopened; the encoding it was read in is checked."""
        w = self.window
        path = w.current_path
        self.menu_reopen.setEnabled(path is not None and path.is_file())
        now = reopen_choice(w.loaded.encoding) if w.loaded is not None else ""
        for action in self.menu_reopen.actions():
            action.setChecked(action.data() == now)

    def rebuild_recent(self) -> None:
        menu = self.menu_recent
        menu.clear()
        store = self.window.settings_store
        recent = store.recent_files()
        for p in recent:
            action = menu.addAction(p)
            action.triggered.connect(lambda _c=False, path=p: self._open_recent(Path(path)))
        if recent:
            menu.addSeparator()
            menu.addAction(self.tr("&Clear List"), self._clear)
        menu.setEnabled(bool(recent))

    def _open_recent(self, path: Path) -> None:
        """Open a recent survey; one that is no longer there leaves the list (after the message saying so)."""
        if not self.window.open_in_background(path) and not path.exists():
            self.window.settings_store.remove_recent_file(path)
            self.rebuild_recent()

    def _clear(self) -> None:
        self.window.settings_store.clear_recent_files()
        self.rebuild_recent()
