"""Which language the program speaks: Simplified Chinese for a Chinese system locale, English otherwise."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

from editor_app.resources_path import resource_path

SUPPORTED = ("en", "zh_CN")
# Each language named in its own words: a user who can't read the window's language still finds theirs.
LANGUAGE_NAMES = {"en": "English", "zh_CN": "中文"}


def chosen_language(environ: dict[str, str] | None = None, system_locale: str | None = None,
                    saved: str | None = None) -> str:
    """SURVEY_EDITOR_LANG=en|zh_CN wins; then the language saved in Edit → Settings (`saved`; "" for the system's);
    otherwise any zh locale gets zh_CN (our users are Chinese)."""
    forced = language_override(environ)
    if forced:
        if forced.lower().startswith("zh"):
            return "zh_CN"
        return "en"
    if saved in SUPPORTED:
        return saved
    name = system_locale if system_locale is not None else QLocale.system().name()
    return "zh_CN" if name.lower().startswith("zh") else "en"


def language_override(environ: dict[str, str] | None = None) -> str:
    """SURVEY_EDITOR_LANG as set ("" when it is not, or names no language the window speaks): it wins over the
    language saved in Settings."""
    from editor_app.config import language_from_environment

    return language_from_environment(environ)


def saved_language() -> str:
    """The window's language as saved in Edit → Settings ("" for the system's), read when the program starts: the
    menus, panels and tables are built in it, so a new choice takes effect at the next start."""
    from editor_app.ui.settings_store import SettingsStore

    return SettingsStore().stored_config().language


def load_translators(language: str, parent: QCoreApplication | None = None) -> list[QTranslator]:
    """The translators for `language`, those whose file is there: ours, then Qt's own (standard buttons, the file
    dialog, the editors' context menus), which is searched first once installed after ours. Qt's is qtbase_<lang>
    (PySide6-Essentials ships it), else the qt_<lang> catalogue a system Qt may have instead."""
    translators = []
    ours = QTranslator(parent)
    if ours.load(str(resource_path("i18n", f"survey_editor_{language}.qm"))):
        translators.append(ours)
    qt_dir = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    for name in (f"qtbase_{language}", f"qt_{language}"):
        qt_own = QTranslator(parent)
        if qt_own.load(name, qt_dir):
            translators.append(qt_own)
            break
    return translators


def install_translators(app: QCoreApplication, language: str | None = None) -> str:
    """Load our translation and Qt's own for the chosen language; returns the language."""
    language = language or chosen_language(saved=saved_language())
    app.setProperty("survey_editor_language", language)  # what the engine's words are shown in (engine_text)
    # English too: survey_editor_en.qm holds only the plural forms ("on line 94" / "on lines 9, 113" for one
    # tr("… on %n line(s) …", "", n)), Qt's way of writing one string for both.
    translators = load_translators(language, app)
    for t in translators:
        app.installTranslator(t)
    app.setProperty("survey_editor_translators", translators)  # keep them alive
    return language
