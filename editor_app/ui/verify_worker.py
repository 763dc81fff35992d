"""Runs the arXiv verification service off the GUI thread; the GUI only receives progress and verdicts.

The work runs in a daemon Python thread, not a QThread: a request to arXiv cannot be interrupted, and a QThread
still waiting for one when the program quits aborted the whole process ("QThread: Destroyed while thread is still
running"). A daemon thread is simply left behind at exit; everything it learned is already in the cache. For the
same reason Cancel does not wait for it: the panel lets a cancelled worker go (its signals disconnected) and is free
at once, while the request in flight ends in the background, its answer cached, and the thread with it.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from typing import Any
from urllib.parse import urlsplit

from PySide6.QtCore import QObject, Signal

from editor_app.config import Config


class CancelFlag(threading.Event):
    """A cancel switch the service can poll either as an Event (`is_set()`) or as a callable."""

    def __call__(self) -> bool:
        return self.is_set()


class VerifyWorker(QObject):
    """verify_references() in a worker thread, with its own database connection (sqlite objects stay per thread)."""

    progressed = Signal(int, int)  # done, total
    answered = Signal(object)  # {id: verdict dict} of one batch, as arXiv answers it
    verified = Signal(object)  # {id: verdict dict}: every verdict of the run
    noticed = Signal(str)  # why a request is being asked again ("arXiv answered HTTP 503; asking again in 6 s …")
    cache_damaged = Signal(str)  # cached answers that could not be read, which file: dropped and asked again
    failed = Signal(str)
    waits_until = Signal(float)  # when the wait arXiv asked for (Retry-After, kept in the database) is over: said once
    finished = Signal()

    def __init__(self, references: list[Any], config: Config, *, force: bool = False, cache_only: bool = False,
                 parent=None) -> None:
        super().__init__(parent)
        self.references = list(references)
        self.config = config
        self.force = force
        self.cache_only = cache_only  # judge again from the cache only: nothing is asked of arXiv
        self.cancel_flag = CancelFlag()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run_then_finish, name="verify-arxiv", daemon=True)
        self._thread.start()

    def cancel(self) -> None:
        self.cancel_flag.set()

    def isRunning(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def wait(self, msecs: int) -> bool:
        """Wait up to msecs for the work to end; True if it has."""
        if self._thread is not None:
            self._thread.join(max(0, msecs) / 1000)
        return not self.isRunning()

    def _emit(self, signal: Any, *args: Any) -> None:
        try:
            signal.emit(*args)
        except RuntimeError:  # the window that asked is gone
            pass

    def _progress(self, done: Any = 0, total: Any = 0, *_rest: Any, **_kw: Any) -> None:
        try:
            self._emit(self.progressed, int(done), int(total))
        except (TypeError, ValueError):
            pass

    def _run_then_finish(self) -> None:
        try:
            self.run()
        finally:
            self._emit(self.finished)

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
                    cache_only=self.cache_only,
                    progress=self._progress,
                    cancel=self.cancel_flag,
                    answered=lambda verdicts: self._emit(self.answered, dict(verdicts)),
                    notice=lambda text: self._emit(self.noticed, text),
                    damaged=lambda text: self._emit(self.cache_damaged, text),
                )
                if not self.cache_only:
                    self._say_the_wait(opened.db)
            finally:
                try:
                    opened.db.conn.close()
                except Exception:
                    pass
            self._emit(self.verified, dict(result or {}))
        except Exception as exc:  # shown in the panel; the editor keeps working
            self._emit(self.failed, f"{type(exc).__name__}: {exc}")

    def _say_the_wait(self, db: Any) -> None:
        """A wait arXiv asked for that is not over when the run ends (the run stopped for it, or asked nothing inside
        it): until when, for the line above the table."""
        from editor_app.services import arxiv_cache

        host = urlsplit(self.config.arxiv_url).netloc or self.config.arxiv_url  # (as ArxivClient keeps it)
        try:
            wait = arxiv_cache.asked_wait(db, host, time.time())
        except sqlite3.Error:
            return
        if wait is not None and wait.left > 0:
            self._emit(self.waits_until, wait.until)

