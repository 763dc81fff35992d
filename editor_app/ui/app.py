"""Building the application and its main window (the entry point and the tests both come through here)."""

from __future__ import annotations

import importlib
import importlib.util
import sys
from pathlib import Path

from PySide6.QtWidgets import QApplication

from editor_app.config import Config
from editor_app.resources_path import sample_survey_path
from editor_app.ui import gui_gc
from editor_app.ui.main_window import MainWindow

# Other parts of the program add their menus and panels through an `install(window)` function.
EXTENSIONS = (
    "editor_app.ui.history_panel",
    "editor_app.ui.export_actions",
    "editor_app.ui.about",
)


def make_application(argv: list[str] | None = None) -> QApplication:
    """The QApplication with the program's identity and its language (zh_CN from a Chinese locale, else English)."""
    app = QApplication.instance() or QApplication(list(argv if argv is not None else sys.argv[:1]))
    try:
        from editor_app.ui.identity import apply_identity

        apply_identity(app)
    except ImportError:
        app.setApplicationName("survey-editor")
        app.setOrganizationName("survey-editor")
    from editor_app.ui.i18n import install_translators

    install_translators(app)
    # The analysis runs in a worker thread; a short GIL switch interval lets a keystroke in as soon as it arrives.
    sys.setswitchinterval(0.001)
    gui_gc.install(app)  # Qt objects in Python's garbage must be destroyed on the GUI thread, not in a worker
    return app


def create_window(path: Path | None, config: Config, pack_path: Path | None = None, *,
                  in_background: bool = False) -> MainWindow:
    """A main window with `path` open (no path: the bundled sample; a path that does not exist yet: a new survey
    to be saved there), every installed extension plugged in.

    `in_background` (`survey-editor FILE`): the file is read on a worker thread, as File → Open reads it, and put in
    the editor once the window is up; the window comes at once ("Opening …" in the status bar), not after the file
    has been read and decoded (an 8 MB survey: nothing on screen for ~0.3 s more, on a slow disk for as long as the
    disk takes). A file that can't be read is said over the window then, its empty editor checked."""
    window = MainWindow(config, pack_path=pack_path)
    if path and not Path(path).exists():
        window.new_document(path)
    elif in_background and path:
        if not window.open_in_background(Path(path)):
            window.runner.analyse_now()  # no file to read (a folder; the user was told): check the empty editor
    elif not window.open_path(Path(path) if path else sample_survey_path()):
        window.runner.analyse_now()  # the file could not be read (the user was told): check the empty editor
    _install_extensions(window)
    return window


def _install_extensions(window: MainWindow) -> None:
    """Call each extension module's install(window): history panel, export actions, about/settings.

    A module that is not part of this build is skipped; one that exists but fails to import is a real error.
    """
    for name in EXTENSIONS:
        if importlib.util.find_spec(name) is None:
            continue
        module = importlib.import_module(name)
        install = getattr(module, "install", None)
        if callable(install):
            install(window)
