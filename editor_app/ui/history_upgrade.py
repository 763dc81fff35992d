"""The history file opened (checked, switched to WAL, migrated) off the GUI thread: one written by an older version,
and any at the window's first look at it.

An older version's migrations may build an index over every stored text and analysis, and a file of up to 32 MB is
checked whole when first opened (database.FULL_CHECK_MAX_BYTES): on the GUI thread a big file froze the window as it
opened (0.1-0.4 s at a new window's first look, QA27g D4). The window keeps history in memory meanwhile and copies
it into the file once it is open.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal

from editor_app.ui.lazy import lazy_module

database = lazy_module("editor_app.services.database")


class HistoryUpgrade(QObject):
    """database.open_database(path) on a thread of its own; `done` (with this object) once `opened` (an
    OpenedDatabase) or `error` is there. A Python thread: one no longer wanted is simply left to end."""

    done = Signal(object)

    def __init__(self, path: Path | None, timeout: float = 10.0) -> None:
        super().__init__()
        self.path = path
        self.timeout = timeout  # how long another program's lock is waited for
        self.opened: Any = None
        self.error: BaseException | None = None
        self.taken = False  # its result used (or its connection closed): never twice
        self._thread = threading.Thread(target=self._run, name="history-upgrade", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the upgrade to end (at quit: the snapshots kept in memory meanwhile go into the file); True once
        it has."""
        self._thread.join(timeout)
        return not self._thread.is_alive()

    def close_unused(self) -> None:
        """The result is not wanted (another database chosen meanwhile, the window closed): its connection closed."""
        self.taken = True
        if self.opened is not None:
            try:
                self.opened.db.conn.close()
            except Exception:  # (closed already)
                pass

    def _run(self) -> None:
        try:
            self.opened = database.open_database(self.path, timeout=self.timeout)
        except Exception as exc:  # an unwritable folder, say: the window says it as a failed open
            self.error = exc
        try:
            self.done.emit(self)
        except RuntimeError:  # the window (and this object's C++ side) is gone
            pass
