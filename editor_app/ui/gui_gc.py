"""Python's cyclic garbage collection, on the GUI thread only.

Left automatic, a collection runs in whichever thread allocates when a threshold is crossed: in the editor, most
often a worker (the checker's analysis, the history panel's measuring, arXiv verification), which allocate the most.
When the garbage holds Qt wrappers in a cycle (a redrawn chart's items, a closed dialog), that worker runs their Qt
destructors off the GUI thread, which Qt does not allow: memory is corrupted and the program crashes, often later and
elsewhere. So automatic collection is switched off, and a timer on the GUI thread collects what it would have
collected, by the same thresholds (pyqtgraph's GarbageCollector does the same for the same reason). The checker's
own collections (analysis_runner) run on the GUI thread too.

A worker's analysis pass is held from collection (`pass_held`): what it allocates stays alive, and a collection
over it mid-pass (from the GUI thread now) would only scan it, holding the GIL (70-160 ms at 8 MB).

What lives long (the analysis shown, the analyzer's caches) is frozen (gc.freeze) after each pass and each result
shown, so that no collection scans it again. Frozen garbage is never collected but by a full collection, which
unfreezes and scans every object: 340-800 ms of GUI thread at 8 MB (~600,000 objects), whatever it finds. So garbage
must not reach the frozen objects: the young generations are collected just before the checker freezes
(`collect_young`, a few ms), and `FullCollections` says when what might still have been frozen is worth a full
collection (a real growth of memory since the last one), which the checker then makes only when the user is away.
"""

from __future__ import annotations

import gc
import sys
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
    made frozen after it (gc.freeze: out of every later collection but a full one), so that the next young
    collection does not scan it all to find nothing. What others made young meanwhile is frozen with it: the checker
    collects the young generations before each pass it asks for (`collect_young`)."""
    was_on = gc.isenabled()
    gc.disable()
    with _held_lock:
        _held[0] += 1
    try:
        yield
    finally:
        gc.freeze()  # before the pass is let go: a collection from the GUI thread (no pass held) must not scan it
        with _held_lock:
            _held[0] -= 1
        if was_on:
            gc.enable()


def collect_young() -> int | None:
    """The young generations collected (on the GUI thread: the caller's), so that the cyclic garbage among them is
    not frozen with them: everything older is frozen, so this scans only what was made since the last freeze (a few
    ms). None: a worker's pass is held (its objects are young until it ends: scanning them would take 70-160 ms at
    8 MB and find nothing)."""
    if _held[0]:
        return None
    return gc.collect(1)


FLOOR_BLOCKS = 200_000  # Python memory blocks (~10-20 MB of small objects): less growth is never worth a full collection
DUE_SHARE = 0.25  # growth over what was there after the last full collection: one is due, made when the user is away
PRESSING_SHARE = 1.0  # memory doubled since: one is made at the next pause, even with the user there


class FullCollections:
    """When a full collection (unfreezing and scanning every object: 340-800 ms at 8 MB) is worth making.

    Frozen cyclic garbage shows as memory that grows between full collections, so growth is measured: Python's
    allocated memory blocks (sys.getallocatedblocks: ~1 ms, where counting the frozen objects walks them all) against
    the least seen since the last full collection (a document made shorter lowers it). `need` is None while growth is
    small (the analysis' garbage is freed by reference counting; none is cyclic), "due" over max(FLOOR_BLOCKS,
    DUE_SHARE of it), "pressing" over max(FLOOR_BLOCKS, PRESSING_SHARE of it). Growth that is live data (a pasted
    chapter) makes one due too: the collection then finds little, and measures the new size."""

    def __init__(self, measure=sys.getallocatedblocks) -> None:
        self._measure = measure
        self.baseline: int | None = None

    def need(self) -> str | None:
        now = self._measure()
        if self.baseline is None or now < self.baseline:
            self.baseline = now
            return None
        growth = now - self.baseline
        if growth >= max(FLOOR_BLOCKS, PRESSING_SHARE * self.baseline):
            return "pressing"
        if growth >= max(FLOOR_BLOCKS, DUE_SHARE * self.baseline):
            return "due"
        return None

    def collected(self) -> None:
        """A full collection was made: what is left is live."""
        self.baseline = self._measure()


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
