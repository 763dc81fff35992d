"""The history database's first use (0.8 s after start) no longer imports sqlite-utils and numpy on the GUI thread
(0.2-0.5 s of frozen window at every start): a worker thread has imported them by then. A fresh interpreter, as
the import happens once per process."""

from __future__ import annotations

from tests.test_chart_library import run_child

WHO_IMPORTS_STORAGE = """
storage = []

class WhoImportsStorage:
    @staticmethod
    def find_spec(name, path=None, target=None):
        if name == "sqlite_utils" and not storage:
            storage.append("gui" if threading.get_ident() == GUI else "worker")
        return None

sys.meta_path.insert(0, WhoImportsStorage)
"""


def test_sqlite_utils_is_imported_off_the_gui_thread_before_the_database_is_opened(tmp_path):
    result = run_child("""
spin_until(lambda: window.history._db is not None)
finish({"importer": storage, "opened": window.history._db is not None})
""", tmp_path, before_window=WHO_IMPORTS_STORAGE)
    assert result == {"importer": ["worker"], "opened": True}
