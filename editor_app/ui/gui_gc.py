"""Python's cyclic garbage collection, on the GUI thread only.

Left automatic, a collection runs in whichever thread allocates when a threshold is crossed: in the editor, most
often a worker (the checker's analysis, the history panel's measuring, arXiv verification), which allocate the most.
When the garbage holds Qt wrappers in a cycle (a redrawn chart's items, a closed dialog), that worker runs their Qt
destructors off the GUI thread, which Qt does not allow: memory is corrupted and the program crashes, often later and
elsewhere. So automatic collection is switched off, and a timer on the GUI thread collects what it would have
collected, by the same thresholds (pyqtgraph's GarbageCollector does the same for the same reason). The checker's
own full collection when the user pauses (analysis_runner) runs on the GUI thread too.

A worker's analysis pass is held from collection (`pass_held`): what it allocates stays alive, and a collection
over it mid-pass (from the GUI thread now) would only scan it, holding the GIL (70-160 ms at 8 MB).
"""

from __future__ import annotations

import gc
import threading
from contextlib import contextmanager
from typing import Iterator

from PySide6.QtCore import QCoreApplication, QObject, QTimer

INTERVAL_MS = 50  # how often the GUI thread looks at the allocation counts (a look costs ~1 µs): small batches
_PROPERTY = "survey_editor_gui_gc"
_held = [0]  # passes running now (workers' threads): no collection meanwhile
_held_lock = threading.Lock()


@contextmanager
def pass_held() -> Iterator[None]:
    """A worker's analysis pass: no collection while it runs (automatic or from the GUI thread), and what it
    made frozen after it (gc.freeze: out of every later collection but the checker's idle full one), so that the
    next young collection does not scan it all to find nothing."""
    was_on = gc.isenabled()
    gc.disable()
    with _held_lock:
        _held[0] += 1
    try:
        yield
    finally:
        with _held_lock:
            _held[0] -= 1
        gc.freeze()
        if was_on:
            gc.enable()


class GuiThreadCollector(QObject):
    """Keeps automatic collection off and collects, from a timer on the GUI thread, the oldest generation whose
    count is over its threshold (as the interpreter would at an allocation)."""

    def __init__(self, parent: QObject | None = None, interval_ms: int = INTERVAL_MS) -> None:
        super().__init__(parent)
        self.collections = [0, 0, 0]  # collections made here, by generation
        self._timer = QTimer(self)
        self._timer.setInterval(interval_ms)
        self._timer.timeout.connect(self.collect_due)
        gc.disable()
        self._timer.start()

    def collect_due(self) -> int | None:
        """The collection the counts call for, if any: its generation (None: nothing is due)."""
        counts, thresholds = gc.get_count(), gc.get_threshold()
        if not thresholds[0] or counts[0] <= thresholds[0] or _held[0]:
            return None  # (a threshold of 0: collection switched off by someone on purpose)
        # count[0]: allocations less deallocations since the last collection; count[1]: young collections since the
        # last middle one; count[2]: middle ones since the last full one. The oldest over its threshold is collected.
        generation = 2 if counts[2] > thresholds[2] else 1 if counts[1] > thresholds[1] else 0
        gc.collect(generation)
        self.collections[generation] += 1
        return generation


def install(app: QCoreApplication) -> GuiThreadCollector:
    """The application's collector, made on its first call (the GUI thread's): automatic collection off from then."""
    collector = app.property(_PROPERTY)
    if isinstance(collector, GuiThreadCollector):
        return collector
    collector = GuiThreadCollector(app)
    app.setProperty(_PROPERTY, collector)
    return collector
