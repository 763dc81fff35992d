"""Opening a survey on a worker thread: its file is read, decoded, fingerprinted and split into the editor's lines
while the window goes on; the window then puts the text in the editor (which only the GUI thread can do).

All of it was done on the GUI thread between File → Open and the text appearing: ~140 ms of an 8 MB survey, on
top of the ~150 ms Qt takes to hold the text (QPlainTextEdit.setPlainText, the floor of opening it).
"""

from __future__ import annotations

import queue
import threading
from pathlib import Path
from typing import Any, Callable

from PySide6.QtCore import QObject, Signal

from editor_app.services.files import LoadedText, load_text_and_fingerprint
from editor_app.ui.text_mirror import SplitText, split_text


class OpenJob:
    """One file being opened: `loaded`, `fingerprint` and `lines` (split_text) once read, or `error`."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.loaded: LoadedText | None = None
        self.fingerprint: tuple[int, int, str] | None = None
        self.lines: SplitText | None = None
        self.error: BaseException | None = None
        self.said = ""  # what the status bar says meanwhile


class BackgroundOpener(QObject):
    """Reads one file after another on a thread of its own (started at the first open); `finished` says each
    OpenJob on the GUI thread."""

    finished = Signal(object)  # OpenJob, read or failed
    _worker_done = Signal(object)  # OpenJob, emitted on the worker thread (delivered queued)

    def __init__(self, parent: QObject | None = None,
                 load: Callable[[Path], tuple[LoadedText, Any]] = load_text_and_fingerprint) -> None:
        super().__init__(parent)
        self._load = load
        self._worker_done.connect(self._deliver)
        self._jobs: queue.SimpleQueue[OpenJob | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None

    def start(self, path: Path) -> OpenJob:
        job = OpenJob(path)
        if self._thread is None:
            # (kept for the next open: a thread started per job waited up to 0.5 s to start on a loaded machine)
            self._thread = threading.Thread(target=self._serve, args=(self._jobs,), name="open-survey", daemon=True)
            self._thread.start()
        self._jobs.put(job)
        return job

    def stop(self) -> None:
        """End the thread once the files given to it are read (a later start makes another)."""
        if self._thread is not None:
            self._jobs.put(None)
            self._thread = None

    def _serve(self, jobs: queue.SimpleQueue) -> None:
        while (job := jobs.get()) is not None:
            try:
                job.loaded, job.fingerprint = self._load(job.path)
                job.lines = split_text(job.loaded.text)
            except BaseException as exc:  # noqa: BLE001 - whatever it is, the window says it: never lost in a thread
                job.error = exc
            try:
                self._worker_done.emit(job)
            except RuntimeError:  # the window is gone (closed while the file was read): nobody is left to tell
                return

    def _deliver(self, job: OpenJob) -> None:
        self.finished.emit(job)
