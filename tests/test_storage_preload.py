"""The history database's first use (0.8 s after start) no longer imports sqlite-utils and numpy on the GUI thread
(0.2-0.5 s of frozen window at every start): a worker thread has imported them by then. A fresh interpreter, as
the import happens once per process."""

from __future__ import annotations

from tests.test_chart_library import run_child


def test_sqlite_utils_is_imported_off_the_gui_thread_before_the_database_is_opened(tmp_path):
    result = run_child("""
spin_until(lambda: window.history._db is not None)
finish({"importer": importers.get("sqlite_utils"), "opened": window.history._db is not None})
""", tmp_path)
    assert result == {"importer": "worker", "opened": True}
