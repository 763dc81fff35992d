"""Runs the arXiv verification service in a worker thread; the GUI only receives progress and verdicts."""

from __future__ import annotations

import threading
from typing import Any

from PySide6.QtCore import QThread, Signal

from editor_app.config import Config


class CancelFlag(threading.Event):
    """A cancel switch the service can poll either as an Event (`is_set()`) or as a callable."""

    def __call__(self) -> bool:
        return self.is_set()


class VerifyWorker(QThread):
    """verify_references() off the GUI thread, with its own database connection (sqlite objects stay per thread)."""

    progressed = Signal(int, int)  # done, total
    verified = Signal(object)  # {id: verdict dict}
    failed = Signal(str)

    def __init__(self, references: list[Any], config: Config, *, force: bool = False, parent=None) -> None:
        super().__init__(parent)
        self.references = list(references)
        self.config = config
        self.force = force
        self.cancel_flag = CancelFlag()

    def cancel(self) -> None:
        self.cancel_flag.set()

    def _progress(self, done: Any = 0, total: Any = 0, *_rest: Any, **_kw: Any) -> None:
        try:
            self.progressed.emit(int(done), int(total))
        except (TypeError, ValueError):
            pass

    def run(self) -> None:
        try:
            from editor_app.services.database import open_database
            from editor_app.services.verification import verify_references

            opened = open_database(self.config.db_path)
            try:
                result = verify_references(
                    self.references,
                    config=self.config,
                    db=opened.db,
                    force=self.force,
                    progress=self._progress,
                    cancel=self.cancel_flag,
                )
            finally:
                try:
                    opened.db.conn.close()
                except Exception:
                    pass
            self.verified.emit(dict(result or {}))
        except Exception as exc:  # shown in the panel; the editor keeps working
            self.failed.emit(f"{type(exc).__name__}: {exc}")
