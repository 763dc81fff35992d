"""Saving a survey on a worker thread: the GUI thread hands over a snapshot of the text and carries on.

Encoding, writing the temporary file, its fsync, the `.bak`, the rename, the folder's fsync and the fingerprint of
the bytes written (services.files.save_text) took 0.3-0.6 s of an 8 MB survey's Ctrl+S on the GUI thread, seconds
on a busy disk. One save runs at a time (the window queues another behind it): never two writers of one file.
"""

from __future__ import annotations

import atexit
import queue
import threading
from pathlib import Path
from typing import Any, Callable

from PySide6.QtCore import QObject, Signal

from editor_app.services.files import LoadedText, SavedText, changed_on_disk, save_text
from editor_app.ui.text_mirror import join_in_groups


# The saves being written. The thread is a daemon (it waits for saves all the program's life), so the end of the
# program waits for them here: a survey is never left half-saved by quitting (the window's close waits already).
_RUNNING: set["SaveJob"] = set()


@atexit.register
def _finish_running_saves() -> None:
    for job in list(_RUNNING):
        job.done.wait(60)


class OnDisk:
    """What the window knows the file holds: the text as last opened or saved (`loaded`, with its byte format), the
    fingerprint the file had then, and the path the watcher watches. With nothing new to write, a save leaves the
    file alone (its bytes, and its `.bak`, the version before)."""

    def __init__(self, loaded: LoadedText | None, fingerprint: tuple[int, int, str] | None,
                 watched: Path | None) -> None:
        self.loaded = loaded
        self.fingerprint = fingerprint
        self.watched = watched

    def holds(self, path: Path, text: str, fmt: LoadedText) -> bool:
        """Whether the file at `path` is, byte for byte, the one `text` was opened from or last saved to."""
        return (self.loaded is not None and fmt == self.loaded and text == self.loaded.text
                and self.fingerprint is not None and path.resolve() == self.watched
                and not changed_on_disk(path, self.fingerprint))


class SaveJob:
    """One save of a snapshot of the editor's text. `revision` and `generation` say which text and which document
    it was (the window's counters); `saved` or `error` is filled in by the worker, `ok` by the window once told."""

    def __init__(self, path: Path, text: str | list[str], fmt: LoadedText, *, revision: int, generation: int,
                 announce: bool = True, save_as: bool = False, on_disk: OnDisk | None = None) -> None:
        self.path = path
        self.text = text  # the lines (joined on the worker: 10 ms of an 8 MB survey) or the text
        self.on_disk = on_disk
        self.skipped = False  # the file held the text already: nothing was written
        self.fmt = fmt
        self.revision = revision
        self.generation = generation
        self.announce = announce
        self.save_as = save_as  # the survey takes `path` as its own once written (File → Save As)
        self.saved: SavedText | None = None
        self.error: BaseException | None = None
        self.ok = False
        self.then: SaveJob | None = None  # the save that took this one's place (UTF-8, asked after it failed)
        self.done = threading.Event()
        self.delivered = False

    def outcome(self) -> bool:
        """Whether the text was saved, by this job or the one that took its place."""
        job = self
        while job.then is not None:
            job = job.then
        return job.ok


class BackgroundSaver(QObject):
    """Runs one SaveJob at a time on a thread of its own; `finished` says each, once, on the GUI thread."""

    finished = Signal(object)  # SaveJob, saved or failed
    _worker_done = Signal(object)  # SaveJob, emitted on the worker thread (delivered queued)

    def __init__(self, parent: QObject | None = None,
                 save: Callable[..., SavedText] = save_text) -> None:
        super().__init__(parent)
        self._save = save
        self.job: SaveJob | None = None
        self._worker_done.connect(self._deliver)
        self._jobs: queue.SimpleQueue[SaveJob | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._ensure_thread()

    @property
    def busy(self) -> bool:
        return self.job is not None

    def start(self, job: SaveJob) -> None:
        if self.job is not None:
            raise RuntimeError("a save is already running")  # the window queues: one writer of a file at a time
        self.job = job
        _RUNNING.add(job)
        self._ensure_thread()
        self._jobs.put(job)  # (a thread started per save waited for it to start: 0.5 s on a loaded machine)

    def stop(self) -> None:
        """End the thread once the jobs given to it are done (a later start makes another)."""
        if self._thread is not None:
            self._jobs.put(None)
            self._thread = None

    def _ensure_thread(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._serve, args=(self._jobs,), name="save-survey", daemon=True)
            self._thread.start()

    def _serve(self, jobs: queue.SimpleQueue) -> None:
        while (job := jobs.get()) is not None:
            self._run(job)

    def _run(self, job: SaveJob) -> None:
        try:
            if not isinstance(job.text, str):
                job.text = join_in_groups(job.text)
            if job.on_disk is not None and job.on_disk.holds(job.path, job.text, job.fmt):
                assert job.on_disk.loaded is not None
                job.saved, job.skipped = SavedText(job.on_disk.loaded, job.on_disk.fingerprint), True
            else:
                job.saved = self._save(job.path, job.text, job.fmt, backup=True)
        except BaseException as exc:  # noqa: BLE001 - whatever it is, the window says it: never lost in a thread
            job.error = exc
        finally:
            job.done.set()
            _RUNNING.discard(job)
            try:
                self._worker_done.emit(job)
            except RuntimeError:  # the window is gone (a test tore it down): nobody is left to tell
                pass

    def wait(self) -> None:
        """Wait for the save running (if any) and tell it now; its queued delivery then does nothing."""
        job = self.job
        if job is not None:
            job.done.wait()
            self._deliver(job)

    def _deliver(self, job: Any) -> None:
        if job.delivered:
            return
        job.delivered = True
        if self.job is job:
            self.job = None
        self.finished.emit(job)
