"""Help → About and Help → Getting started, and the Settings… action: what a first-time user looks for."""

from __future__ import annotations

import html
import platform
from pathlib import Path

from PySide6 import __version__ as pyside_version
from PySide6.QtCore import QCoreApplication, QSettings, QSize, Qt, qVersion
from PySide6.QtGui import QAction, QKeySequence, QTextDocument
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QMenu,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from editor_app import APP_NAME, __version__
from editor_app.config import Config
from editor_app.resources_path import house_pack_path, resource_path
from editor_app.config import default_db_path
from editor_app.ui.identity import app_icon
from editor_app.ui.screen_fit import fitted_size, resize_to_fit
from editor_app.ui.settings_dialog import SettingsDialog

HOMEPAGE = "https://github.com/surveyeditor/survey-editor"
ABOUT_MAX_WIDTH = 900  # px: a longer path is broken into lines, not a dialog across the screen


def data_locations(store=None, window=None) -> dict[str, Path]:
    """Where this user's data and the program's files are, as the running program resolves them: a window's own
    config (with --db / --pack from the command line) and the rule pack it really checks with (one beside the
    survey included) win over what the settings store holds."""
    cfg = getattr(window, "config", None)
    if not isinstance(cfg, Config):
        cfg = store.config() if store is not None else Config()
    qsettings = getattr(store, "qsettings", None) or QSettings()
    pack = getattr(window, "pack_path", None) or cfg.rule_pack or house_pack_path()
    return {
        QCoreApplication.translate("About", "History database"): cfg.db_path or default_db_path(),
        QCoreApplication.translate("About", "Settings file"): Path(qsettings.fileName()),
        QCoreApplication.translate("About", "Rule pack"): pack,
        QCoreApplication.translate("About", "Bundled resources"): resource_path(),
    }


def about_html(store=None, window=None) -> str:
    """The About text: version, licence, data locations, the libraries it runs on. A place's name stays on one line
    and its path takes the rest, broken after a '/' when it is long: the path alone kept whole, the name's column
    was squeezed to a character, "历/史/数/据/库" one under the other (Chinese breaks between any two characters)."""
    rows = "".join(
        f"<tr><td style=\"white-space:nowrap\"><b>{html.escape(name)}</b>&nbsp;&nbsp;</td>"
        f"<td>{html.escape(str(path))}</td></tr>"
        for name, path in data_locations(store, window).items()
    )
    summary = QCoreApplication.translate("About", "Write short technical surveys and check them against their house rules.")
    licence = QCoreApplication.translate("About", "Licence")
    return (
        f"<h2>{html.escape(APP_NAME)} {html.escape(__version__)}</h2>"
        f"<p>{html.escape(summary)}</p>"
        f"<p>{html.escape(licence)}: MIT &nbsp;·&nbsp; <a href=\"{HOMEPAGE}\">{HOMEPAGE}</a></p>"
        f"<table>{rows}</table>"
        f"<p><small>Qt {html.escape(qVersion())} · PySide6 {html.escape(pyside_version)} · "
        f"Python {html.escape(platform.python_version())}</small></p>"
    )


def getting_started_markdown(language: str | None = None) -> str:
    """The Getting started page in the program's language (English when no translation exists)."""
    if not language:
        from editor_app.ui.engine_text import window_language

        language = window_language()  # the window's (Settings, SURVEY_EDITOR_LANG or the system's)
    page = resource_path("help", f"getting-started.{language}.md")
    if not page.exists():
        page = resource_path("help", "getting-started.en.md")
    return page.read_text(encoding="utf-8")


class AboutDialog(QDialog):
    def __init__(self, store=None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("about_dialog")
        self.setWindowTitle(QCoreApplication.translate("About", "About %s") % APP_NAME)
        icon = QLabel()
        icon.setPixmap(app_icon().pixmap(96, 96))
        icon.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.text = QLabel(about_html(store, parent), objectName="about_text", wordWrap=True, openExternalLinks=True)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, rejected=self.reject)
        top = QHBoxLayout()
        top.addWidget(icon)
        top.addWidget(self.text, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(buttons)
        self.setMinimumWidth(600)
        # Wide enough for the usual paths on one line each where the screen has room (the label wraps the rest)
        page = QTextDocument()
        page.setDefaultFont(self.text.font())
        page.setHtml(self.text.text())
        wanted = int(page.idealWidth()) + icon.sizeHint().width() + 60
        width = min(max(wanted, 600), ABOUT_MAX_WIDTH)
        self.resize(fitted_size(self, QSize(width, layout.totalHeightForWidth(width))))


class GettingStartedDialog(QDialog):
    def __init__(self, parent: QWidget | None = None, language: str | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("getting_started")
        self.setWindowTitle(QCoreApplication.translate("About", "Getting started"))
        self.browser = QTextBrowser(objectName="getting_started_text", openExternalLinks=True)
        self.browser.setMarkdown(getting_started_markdown(language))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, rejected=self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser)
        layout.addWidget(buttons)
        resize_to_fit(self, QSize(680, 640))


def _menu(window: QMainWindow, names: tuple[str, ...], title: str) -> QMenu:
    for name in names:
        menu = getattr(window, name, None)
        if isinstance(menu, QMenu):
            return menu
    return window.menuBar().addMenu(title)


def show_about(window: QWidget) -> AboutDialog:
    dialog = AboutDialog(getattr(window, "settings_store", None), window)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.open()
    return dialog


def show_getting_started(window: QWidget) -> GettingStartedDialog:
    """One non-modal page per window, so it can stay open beside the editor."""
    dialog = getattr(window, "getting_started_dialog", None)
    if dialog is None:
        dialog = GettingStartedDialog(window)
        window.getting_started_dialog = dialog
    dialog.show()
    dialog.raise_()
    return dialog


def show_settings(window: QWidget) -> SettingsDialog:
    choices = getattr(window, "command_line_choices", None)
    dialog = SettingsDialog(window.settings_store, window, command_line=choices() if callable(choices) else None)
    pack = getattr(window, "pack", None)
    if pack is not None:
        from editor_app.core.pack_origin import pack_origin

        dialog.show_pack_in_use(str(pack.name), pack_origin(pack, getattr(window, "current_path", None)))
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.open()
    return dialog


def install(window: QMainWindow) -> None:
    """Add Help → Getting started (F1), Help → About, and Settings… (Ctrl+,) to the window's menus.

    Uses window.menu_help and window.menu_edit / window.menu_tools when the window has them; the actions are
    kept as window.action_getting_started, window.action_about and window.action_settings.
    """
    help_menu = _menu(window, ("menu_help",), QCoreApplication.translate("About", "&Help"))
    getting = QAction(
        QCoreApplication.translate("About", "&Getting Started"), window, objectName="action_getting_started"
    )
    getting.setShortcut(QKeySequence(QKeySequence.StandardKey.HelpContents))
    getting.triggered.connect(lambda: show_getting_started(window))
    about = QAction(QCoreApplication.translate("About", "&About %s") % APP_NAME, window, objectName="action_about")
    about.setMenuRole(QAction.MenuRole.AboutRole)
    about.triggered.connect(lambda: show_about(window))
    help_menu.addAction(getting)
    help_menu.addSeparator()
    help_menu.addAction(about)

    settings_menu = _menu(window, ("menu_edit", "menu_tools"), QCoreApplication.translate("About", "&Edit"))
    settings = QAction(QCoreApplication.translate("About", "S&ettings…"), window, objectName="action_settings")
    settings.setShortcut(QKeySequence("Ctrl+,"))
    settings.setMenuRole(QAction.MenuRole.PreferencesRole)
    settings.triggered.connect(lambda: show_settings(window))
    settings_menu.addSeparator()
    settings_menu.addAction(settings)

    window.action_getting_started = getting
    window.action_about = about
    window.action_settings = settings
