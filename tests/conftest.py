"""Shared fixtures. Tests run headless: Qt uses the offscreen platform unless a display is forced."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
if os.environ["QT_QPA_PLATFORM"] == "offscreen":
    # A desktop-sized screen (the platform's own is 800x800): windows fit their screen, and the tests' 1440x900
    # window is the one a desktop user gets.
    _screen = Path(tempfile.mkdtemp(prefix="survey-editor-tests-")) / "offscreen-screen.json"
    _screen.write_text(json.dumps({"screens": [{"name": "desktop", "x": 0, "y": 0, "width": 1920, "height": 1080,
                                                "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]}))
    os.environ["QT_QPA_PLATFORM"] = f"offscreen:configfile={_screen}"
os.environ.setdefault("SURVEY_EDITOR_LANG", "en")

import pytest

ROOT = Path(__file__).resolve().parent.parent

# Helper fixture modules (one per area) are registered here.
pytest_plugins: list[str] = ["arxiv_fixtures", "settings_fixtures"]


def pytest_configure(config) -> None:
    config.addinivalue_line("markers", "engine_source: watches the engine's inner calls by patching its modules "
                            "(or lends its methods to other classes); with the engine compiled it runs in "
                            "test_compiled_build, as source")


def pytest_collection_modifyitems(config, items) -> None:
    """Compiled by mypyc, the engine calls its own functions directly: a patched module function is never called
    from it. Tests marked engine_source are run as source by test_compiled_build instead."""
    from editor_app.core import BUILD

    if BUILD == "compiled":
        skip = pytest.mark.skip(reason="the engine is compiled: run as source by test_compiled_build")
        for item in items:
            if "engine_source" in item.keywords:
                item.add_marker(skip)


@pytest.fixture(scope="session")
def sample_path() -> Path:
    from editor_app.resources_path import sample_survey_path

    return sample_survey_path()


@pytest.fixture(scope="session")
def sample_text(sample_path: Path) -> str:
    return sample_path.read_text(encoding="utf-8")


@pytest.fixture(autouse=True)
def _isolated_data(tmp_path_factory, monkeypatch):
    """No test touches the user's real database or settings."""
    d = tmp_path_factory.mktemp("data")
    monkeypatch.setenv("SURVEY_EDITOR_DB", str(d / "history.db"))
    monkeypatch.setenv("XDG_DATA_HOME", str(d / "xdg-data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(d / "xdg-config"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(d / "xdg-cache"))
    monkeypatch.setenv("SURVEY_EDITOR_NO_REGEX_CACHE", "1")  # test_regex_cache.py turns it on where it is tested
    monkeypatch.setenv("SURVEY_ARXIV_URL", "http://127.0.0.1:9/api/query")  # never the internet
    monkeypatch.delenv("COLUMNS", raising=False)  # survey-check fits its tables to it (a shell's readline sets it)
    # Importing readline (in a single-process run something does) puts COLUMNS into the C environment only: not in
    # os.environ, so delenv leaves it, and a `survey-check` subprocess fitted its tables to 80 columns.
    os.unsetenv("COLUMNS")
    yield


@pytest.fixture
def chinese(qapp):
    """The window in Chinese (as a zh_CN desktop starts it), for the test; then back."""
    was = qapp.property("survey_editor_language")
    qapp.setProperty("survey_editor_language", "zh_CN")
    yield
    qapp.setProperty("survey_editor_language", was)


@pytest.fixture
def zh_translation(qapp):
    """The program's Chinese translation installed for the test (what a zh_CN desktop loads at start); then removed."""
    from PySide6.QtCore import QCoreApplication, QTranslator

    from editor_app.resources_path import resource_path

    translator = QTranslator()
    assert translator.load(str(resource_path("i18n", "survey_editor_zh_CN.qm")))
    QCoreApplication.installTranslator(translator)
    yield translator
    QCoreApplication.removeTranslator(translator)


@pytest.fixture
def dark(qapp):
    """A dark palette on the application for the test (a dark desktop theme, as Qt delivers it); then the old one."""
    from ui_support import dark_palette

    was = qapp.palette()
    pal = dark_palette(was)
    qapp.setPalette(pal)
    yield pal
    qapp.setPalette(was)


@pytest.fixture(scope="session")
def qapp(qapp):
    """pytest-qt's application with the English plural forms survey-editor installs in an English window (one string
    for "on line 94" and "on lines 9, 113": i18n.load_translators)."""
    from editor_app.ui import gui_gc
    from editor_app.ui.i18n import load_translators

    translators = load_translators("en", qapp)
    for t in translators:
        qapp.installTranslator(t)
    qapp.setProperty("survey_editor_translators", translators)  # kept alive
    gui_gc.install(qapp)  # as make_application does: garbage collected on the GUI thread only
    return qapp


@pytest.fixture(autouse=True)
def _qt_garbage_collected_here(request):
    """After a test that made Qt objects, their Python garbage is collected on the GUI thread, now.

    Left to the automatic cyclic GC, a window's wrappers could be collected whenever any thread allocates: once inside
    a later test's measuring thread, which then ran Qt destructors off the GUI thread (a worker crashed under load).
    The application's collector (ui/gui_gc.py, installed with `qapp`) now keeps collections on the GUI thread, but
    collects only while an event loop runs: here what the test left is collected at once.

    The window's checker freezes what is alive after each analysis it shows (gc.freeze: kept out of later
    collections); garbage frozen so escaped this collection and was collected in some later test that shut a
    checker down (which unfreezes), far from the test that made it. It is unfrozen here first: what a test leaves
    is collected after that test, and a crash in collecting it names that test."""
    yield
    if "qtbot" not in request.fixturenames and "qapp" not in request.fixturenames:
        return
    import gc

    from PySide6.QtCore import QCoreApplication, QEvent

    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    gc.unfreeze()
    gc.collect()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
