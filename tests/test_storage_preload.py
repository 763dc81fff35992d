"""The history database's first use (0.8 s after start) no longer imports sqlite-utils and numpy on the GUI thread
(0.2-0.5 s of frozen window at every start): a worker thread has imported them by then. A fresh interpreter, as
the import happens once per process."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from tests.test_chart_library import ROOT, run_child


def test_sqlite_utils_is_imported_off_the_gui_thread_before_the_database_is_opened(tmp_path):
    result = run_child("""
spin_until(lambda: window.history._db is not None)
finish({"importer": importers.get("sqlite_utils"), "opened": window.history._db is not None})
""", tmp_path)
    assert result == {"importer": "worker", "opened": True}


def test_a_first_analysis_slower_than_the_first_look_still_leaves_the_import_to_a_worker(tmp_path):
    """A long survey's first analysis takes seconds (8 MB: 4-5 s): the history's first look at the database, 0.8 s
    after start, came before the import had been started, and imported sqlite-utils and numpy itself (~1.2 s of
    frozen window right after it appeared). The analysis is made slow here by a pause in its first pass."""
    child = """
import json, sys, threading, time
GUI = threading.get_ident()
importers = {}

class WhoImports:
    @staticmethod
    def find_spec(name, path=None, target=None):
        if name == "sqlite_utils" and name not in importers:
            importers[name] = "gui" if threading.get_ident() == GUI else "worker"
        return None

sys.meta_path.insert(0, WhoImports)
from editor_app.core import analyze
real = analyze.Analyzer.analyze
def slow_first_pass(self, *args, **kwargs):
    if not getattr(analyze, "slowed", False):
        analyze.slowed = True
        time.sleep(2.5)  # longer than the first look's delay, as a long survey's first analysis
    return real(self, *args, **kwargs)
analyze.Analyzer.analyze = slow_first_pass
from editor_app.ui.app import create_window, make_application
from editor_app.ui.settings_store import SettingsStore
app = make_application(["survey-editor"])
window = create_window(None, SettingsStore().config())
window.show()
end = time.time() + 60
while window.history._db is None or window.latest_analysis is None:
    assert time.time() < end, "timed out"
    app.processEvents()
    time.sleep(0.001)
print(json.dumps({"importer": importers.get("sqlite_utils")}))
window.close()
app.processEvents()
"""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", SURVEY_EDITOR_LANG="en",
               SURVEY_EDITOR_DB=str(tmp_path / "history.db"), XDG_CONFIG_HOME=str(tmp_path / "config"),
               PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    out = subprocess.run([sys.executable, "-c", child], cwd=ROOT, env=env, capture_output=True, text=True, timeout=180)
    assert out.returncode == 0, out.stderr[-3000:]
    result = json.loads(next(line for line in out.stdout.splitlines() if line.startswith("{")))
    assert result == {"importer": "worker"}  # before: "gui"
