"""Python's garbage is collected on the GUI thread only (ui/gui_gc.py): a worker that allocates never runs the
destructors of Qt objects left in a cycle."""

from __future__ import annotations

import gc
import threading
import weakref

import pytest
from PySide6.QtCore import QObject

from editor_app.ui import gui_gc


class _QtCycle:
    """A cycle holding a Qt object, as a redrawn chart's items or a closed dialog leave one."""

    def __init__(self) -> None:
        self.me = self
        self.qt = QObject()


def _allocate_in_a_worker(n: int = 200_000) -> list:
    """What a worker makes and keeps, as an analysis does: far over every collection threshold."""
    made: list = []
    worker = threading.Thread(target=lambda: made.extend([i] for i in range(n)))
    worker.start()
    worker.join()
    return made


def test_the_application_collects_on_its_own_thread(qapp):
    assert gui_gc.install(qapp) is gui_gc.install(qapp)  # one per application
    assert not gc.isenabled()  # automatic collection, which runs in whichever thread allocates, is off


def test_a_workers_allocations_leave_qt_garbage_to_the_gui_thread(qtbot, qapp):
    collector = gui_gc.install(qapp)
    threads: list[str] = []
    leftover = _QtCycle()
    weakref.finalize(leftover, lambda: threads.append(threading.current_thread().name))
    del leftover
    made = _allocate_in_a_worker()
    assert threads == []  # before: the worker's allocations collected the cycle, and destroyed its QObject, there
    qtbot.waitUntil(lambda: threads != [], timeout=5000)
    assert threads == [threading.main_thread().name]
    assert sum(collector.collections) >= 1
    del made


@pytest.fixture
def by_hand(qapp):
    """A collector whose timer never fires in a test: its collections are asked for by hand. The thresholds and what
    was frozen are restored after."""
    collector = gui_gc.GuiThreadCollector(interval_ms=60_000)
    was = gc.get_threshold()
    yield collector
    gc.set_threshold(*was)
    gc.unfreeze()
    collector._timer.stop()
    collector.deleteLater()


def test_the_oldest_generation_over_its_threshold_is_collected(by_hand):
    collector = by_hand
    gc.collect()
    gc.set_threshold(100, 2, 2)
    assert collector.collect_due() is None  # nothing allocated since
    kept = [[i] for i in range(500)]
    assert [collector.collect_due() for _ in range(2)] == [0, None]
    made = []
    for _ in range(3):
        made.append([[i] for i in range(500)])
        collector.collect_due()
    assert collector.collections[1] >= 1  # the young collections came over the middle generation's threshold
    for _ in range(20):
        made.append([[i] for i in range(500)])
        collector.collect_due()
    assert collector.collections[2] >= 1
    del kept, made


def test_a_threshold_of_zero_means_no_collection(by_hand):
    gc.set_threshold(0)
    _ = [[i] for i in range(5000)]
    assert by_hand.collect_due() is None


def test_no_collection_while_a_pass_is_held_and_its_objects_are_frozen_after(by_hand):
    gc.collect()
    with gui_gc.pass_held():
        made = [[i] for i in range(5000)]  # a worker's pass, over the young generation's threshold
        assert gc.get_count()[0] > gc.get_threshold()[0]
        assert by_hand.collect_due() is None  # (the GUI thread's timer would have scanned it all mid-pass)
    assert gc.get_count()[0] < gc.get_threshold()[0]  # frozen: the next young collection does not scan it
    assert not gc.isenabled()  # automatic collection stays off under the application's collector
    del made


def test_the_checkers_pass_is_held_and_frozen_under_the_collector(qapp, sample_text):
    from editor_app.core.rulepack import house_pack
    from editor_app.ui.analysis_runner import _AnalysisThread, _default_analyzer

    gui_gc.install(qapp)
    thread = _AnalysisThread(_default_analyzer, house_pack(), None)
    results: list[object] = []
    thread.done.connect(lambda revision, analysis, *rest: results.append(analysis))
    try:
        thread.work((1, "\n".join([sample_text.rstrip("\n")] * 5) + "\n", None, None, thread._pack))
        assert results and gc.get_count()[0] < gc.get_threshold()[0]
    finally:
        gc.unfreeze()
