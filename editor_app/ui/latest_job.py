"""A worker thread that keeps only the newest job: a job submitted while another waits replaces it."""

from __future__ import annotations

import threading
from typing import Any

from PySide6.QtCore import QThread


class LatestJobThread(QThread):
    """Subclasses implement `work(job)`; `claim(job)` runs under the lock when a job is taken (default: as is).
    Between jobs, `idle_step()` runs when `idle_delay()` (under the lock) says 0: short steps, so a new job waits
    for one step at most; a positive delay postpones them (seconds), None means there is nothing to do."""

    def __init__(self) -> None:
        super().__init__()
        self._cond = threading.Condition()
        self._job: Any = None
        self._stopping = False

    def submit_job(self, job: Any) -> None:
        with self._cond:
            self._job = job  # replaces any job not yet started: coalescing
            self._cond.notify()

    def stop(self) -> None:
        with self._cond:
            self._stopping = True
            self._cond.notify()
        self.wait(5000)

    def claim(self, job: Any) -> Any:
        return job

    def work(self, job: Any) -> None:
        raise NotImplementedError

    def idle_delay(self) -> float | None:
        return None

    def idle_step(self) -> None:
        """One short piece of work done while no job waits."""

    def run(self) -> None:
        while True:
            with self._cond:
                while self._job is None and not self._stopping:
                    delay = self.idle_delay()
                    if delay is not None and delay <= 0:
                        break
                    self._cond.wait(delay)
                if self._stopping:
                    return
                job, self._job = self._job, None
                if job is not None:
                    job = self.claim(job)
            if job is None:
                self.idle_step()
            else:
                self.work(job)
