"""The History and Figures tabs open without importing pyqtgraph on the GUI thread (it froze the window 0.5-2 s
the first time); pyqtgraph is loaded in the background after the first analysis, and its worker thread creates no
PySide6 type. Each test runs a fresh interpreter: pyqtgraph is imported once per process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Runs in the child: notes which thread first imports pyqtgraph, then builds the window the program builds.
PRELUDE = """
import json, sys, threading, time
GUI = threading.get_ident()
importers = {}  # "pyqtgraph", "sqlite_utils" -> "gui" or "worker": the thread that first looked for it

class WhoImports:
    @staticmethod
    def find_spec(name, path=None, target=None):
        if name in ("pyqtgraph", "sqlite_utils") and name not in importers:
            importers[name] = "gui" if threading.get_ident() == GUI else "worker"
        return None

sys.meta_path.insert(0, WhoImports)
from PySide6.QtWidgets import QApplication
from editor_app.ui.app import create_window, make_application
from editor_app.ui.settings_store import SettingsStore

app = make_application(["survey-editor"])

def spin_until(condition, seconds=60):
    end = time.time() + seconds
    while not condition():
        assert time.time() < end, "timed out"
        app.processEvents()
        time.sleep(0.001)

window = create_window(None, SettingsStore().config())
window.ask_unsaved_changes = lambda: "discard"
analysed = []
window.analysis_ready.connect(analysed.append)
window.show()
spin_until(lambda: analysed)

def finish(result):
    print(json.dumps(result))
    window.editor.document().setModified(False)
    window.close()  # stops the window's worker threads
    app.processEvents()
"""


def run_child(code: str, tmp_path: Path) -> dict:
    """Run PRELUDE and then `code` in a fresh interpreter; returns the JSON object the child prints."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", SURVEY_EDITOR_LANG="en",
               SURVEY_EDITOR_DB=str(tmp_path / "history.db"), XDG_CONFIG_HOME=str(tmp_path / "config"),
               PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    out = subprocess.run([sys.executable, "-c", PRELUDE + code], cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=180)
    assert out.returncode == 0, out.stderr[-3000:]
    return json.loads(next(line for line in out.stdout.splitlines() if line.startswith("{")))


def test_history_tab_opened_at_once_shows_its_chart_without_loading_pyqtgraph_on_the_gui_thread(tmp_path):
    result = run_child("""
panel = window.history.panel
window.tabs.setCurrentWidget(panel)  # right after the first analysis: nothing loaded yet
app.processEvents()
placeholder = getattr(panel, "chart_loading", None)  # "Loading the chart…"
loading = placeholder is not None and placeholder.isVisible()
spin_until(lambda: panel.chart is not None)
finish({"importer": importers.get("pyqtgraph"), "loading_shown": loading, "placeholder_left": placeholder is None or placeholder.isVisible()})
""", tmp_path)
    assert result == {"importer": "worker", "loading_shown": True, "placeholder_left": False}


def test_figures_tab_draws_its_charts_once_pyqtgraph_is_loaded_off_the_gui_thread(tmp_path):
    result = run_child("""
panel = window.figures
window.tabs.setCurrentWidget(panel)
app.processEvents()
placeholder = getattr(panel, "loading", None)  # "Loading the charts…"
loading = placeholder is not None and placeholder.isVisible()
spin_until(lambda: len(panel.chart_widgets) == len(panel.charts) > 0)
finish({"importer": importers.get("pyqtgraph"), "loading_shown": loading, "placeholder_left": placeholder is None or placeholder.isVisible()})
""", tmp_path)
    assert result == {"importer": "worker", "loading_shown": True, "placeholder_left": False}


def test_pyqtgraph_is_loaded_while_idle_after_the_first_analysis_and_its_thread_creates_no_pyside_type(tmp_path):
    result = run_child("""
from PySide6.QtCore import QObject, QThread, qInstallMessageHandler
from editor_app.ui import chart_library
messages = []
qInstallMessageHandler(lambda mode, context, text: messages.append(text))
loader = chart_library.loader()
spin_until(lambda: loader.gui_steps_done)  # the GUI thread's part: PySide6 modules imported, their types created
pyside = {name: chart_library.unresolved_types(name) for name in list(sys.modules) if name.startswith("PySide6.")}
spin_until(chart_library.is_loaded)
loader.wait()
after = {name: chart_library.unresolved_types(name) for name in list(sys.modules) if name.startswith("PySide6.")}
import gc
gui_thread = QThread.currentThread()
foreign = [type(o).__name__ for o in gc.get_objects() if isinstance(o, QObject) and o.thread() is not gui_thread
           and o is not loader.thread]
history_tab_before_click = window.history.panel.chart
finish({"importer": importers.get("pyqtgraph"), "needed": [n for n in chart_library.PYSIDE_MODULES if pyside.get(n)],
                  "new_pyside_modules": sorted(set(after) - set(pyside)), "same_unresolved": pyside == after,
                  "qt_messages": [m for m in messages if "propagateSizeHints" not in m], "foreign_qobjects": foreign,
                  "chart_not_built_yet": history_tab_before_click is None})
""", tmp_path)
    assert result == {"importer": "worker", "needed": [], "new_pyside_modules": [], "same_unresolved": True,
                      "qt_messages": [], "foreign_qobjects": [], "chart_not_built_yet": True}
