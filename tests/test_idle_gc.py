"""The checker's garbage collection when the user pauses (analysis_runner.idle_collect, gui_gc.FullCollections).

What lives long is frozen after each result (gc.freeze), and only a full collection, which scans every object
(340-800 ms of GUI thread at 8 MB), collects frozen garbage. It used to run at every pause, 20 s after the last
result, finding almost nothing: a key pressed then waited for it. Now cyclic garbage is collected young, before it
is frozen, and a full collection is made only when memory grew enough, and then when the user is away."""

from __future__ import annotations

import gc
import weakref

import pytest

from editor_app.ui import gui_gc
from editor_app.ui.analysis_runner import AnalysisRunner


class _Cycle:
    def __init__(self) -> None:
        self.me = self


class _Analyzer:
    def analyze(self, text, verdicts=None):
        return text


@pytest.fixture
def full_collections(monkeypatch):
    """Every full collection that reaches the frozen objects (it unfreezes them first), recorded. (The application's
    collector's oldest-generation collections scan only what is not frozen: a few ms.)"""
    made: list[int] = []
    real = gc.unfreeze

    def unfreeze():
        made.append(gc.get_freeze_count())
        return real()

    monkeypatch.setattr(gc, "unfreeze", unfreeze)
    return made


@pytest.fixture
def no_threshold_collections():
    """The application's collector (its 50 ms timer) collects nothing during the test: what is collected is what
    the checker collects."""
    was = gc.get_threshold()
    gc.set_threshold(0)
    yield
    gc.set_threshold(*was)


def _runner(away=lambda: False, idle_gc_ms=50):
    return AnalysisRunner(lambda: "x", None, make_analyzer=lambda p: _Analyzer(), idle_gc_ms=idle_gc_ms,
                          user_away=away)


class _Blocks:
    """A stand-in for sys.getallocatedblocks: memory grown by hand."""

    def __init__(self, n: int = 1_000_000) -> None:
        self.n = n

    def __call__(self) -> int:
        return self.n


def test_a_pause_makes_no_full_collection_when_memory_did_not_grow(qtbot, full_collections):
    runner = _runner()
    try:
        for _ in range(3):
            with qtbot.waitSignal(runner.analysis_ready, timeout=5000):
                runner.analyse_now()
            qtbot.wait(200)  # the pause: the idle timer (50 ms here, 20 s in the editor) fires
        assert full_collections == []  # before: one at every pause (340-800 ms of GUI thread at 8 MB)
    finally:
        runner.shutdown()


def test_cyclic_garbage_is_collected_young_not_frozen_by_a_pass(qtbot, no_threshold_collections,
                                                               full_collections):
    runner = _runner(idle_gc_ms=60_000)
    try:
        leftover = _Cycle()
        ref = weakref.ref(leftover)
        del leftover  # cyclic garbage, young: the freeze after the pass (in its worker) would have kept it for good
        with qtbot.waitSignal(runner.analysis_ready, timeout=5000):
            runner.analyse_now()
        assert ref() is None
        assert gc.get_freeze_count() > 0 and full_collections == []
    finally:
        runner.shutdown()


def test_cyclic_garbage_made_after_a_pass_is_not_frozen_by_its_result(qtbot, no_threshold_collections,
                                                                       full_collections):
    runner = _runner(idle_gc_ms=60_000)
    refs: list[weakref.ref] = []

    def made_now(*_args):  # as a panel showing the result: on the GUI thread, before the runner freezes
        leftover = _Cycle()
        refs.append(weakref.ref(leftover))

    runner.analysis_ready.connect(made_now)
    try:
        with qtbot.waitSignal(runner.analysis_ready, timeout=5000):
            runner.analyse_now()
        assert len(refs) >= 1 and refs[0]() is None
        assert full_collections == []
    finally:
        runner.shutdown()


def test_no_young_collection_while_a_pass_is_held(monkeypatch):
    young: list[int] = []
    real = gc.collect
    monkeypatch.setattr(gc, "collect", lambda generation=2: young.append(generation) or real(generation))
    with gui_gc.pass_held():
        assert gui_gc.collect_young() is None  # the pass's objects are young until it ends: never scanned mid-pass
    assert young == []
    assert gui_gc.collect_young() is not None and young == [1]
    gc.unfreeze()


def test_a_pass_is_frozen_before_it_is_let_go(monkeypatch):
    """When a collection from the GUI thread may run again (no pass held), what the pass made is frozen already: it
    used to be let go first, and a young collection in between scanned all of it (70-160 ms at 8 MB)."""
    seen: list[int] = []

    class Lock:
        def __enter__(self):
            seen.append(gc.get_count()[0])

        def __exit__(self, *exc):
            return False

    monkeypatch.setattr(gui_gc, "_held_lock", Lock())
    try:
        with gui_gc.pass_held():
            made = [[i] for i in range(5000)]
        assert len(seen) == 2 and seen[1] < 1000  # frozen when let go
        del made
    finally:
        gc.unfreeze()


def test_full_collections_are_needed_by_growth_of_memory():
    blocks = _Blocks(1_000_000)
    need = gui_gc.FullCollections(measure=blocks)
    assert need.need() is None  # the first look measures
    blocks.n += 100_000  # under the floor
    assert need.need() is None
    blocks.n = 1_000_000 + max(gui_gc.FLOOR_BLOCKS, int(gui_gc.DUE_SHARE * 1_000_000))
    assert need.need() == "due"
    blocks.n = 2_000_000
    assert need.need() == "pressing"
    need.collected()
    assert need.need() is None and need.baseline == 2_000_000
    blocks.n = 800_000  # a shorter document: growth is counted from the least since
    assert need.need() is None and need.baseline == 800_000
    blocks.n = 800_000 + gui_gc.FLOOR_BLOCKS
    assert need.need() == "due"


@pytest.mark.parametrize("away, grown, collected", [
    (False, 0.0, False),
    (True, 0.0, False),  # away, but nothing to collect
    (False, 0.5, False),  # due, but the user is there: wait
    (True, 0.5, True),  # due, the user away
    (False, 1.5, True),  # pressing: memory more than doubled, collected even with the user there
])
def test_a_pause_makes_a_full_collection_when_due_and_the_user_away(qtbot, full_collections, away, grown,
                                                                   collected):
    runner = _runner(away=lambda: away)
    blocks = _Blocks(2_000_000)
    runner._full_collections = gui_gc.FullCollections(measure=blocks)
    try:
        with qtbot.waitSignal(runner.analysis_ready, timeout=5000):
            runner.analyse_now()
        qtbot.wait(200)  # a first pause measures
        assert full_collections == []
        blocks.n = int(2_000_000 * (1 + grown))
        with qtbot.waitSignal(runner.analysis_ready, timeout=5000):
            runner.analyse_now()
        qtbot.wait(200)
        assert bool(full_collections) is collected
        if collected:
            assert runner._full_collections.baseline == blocks.n
    finally:
        runner.shutdown()


def test_another_survey_is_measured_afresh(qtbot, full_collections):
    runner = _runner()
    blocks = _Blocks(300_000)
    runner._full_collections = gui_gc.FullCollections(measure=blocks)
    try:
        with qtbot.waitSignal(runner.analysis_ready, timeout=5000):
            runner.analyse_now()
        qtbot.wait(200)  # a small survey, measured at the pause
        runner.new_document()
        blocks.n = 2_000_000  # an 8 MB survey opened: its size is not garbage
        with qtbot.waitSignal(runner.analysis_ready, timeout=5000):
            runner.analyse_now()
        qtbot.wait(200)
        assert full_collections == [] and runner._full_collections.baseline == 2_000_000
    finally:
        runner.shutdown()


def test_frozen_garbage_is_collected_when_the_user_leaves(qtbot):
    runner = _runner(idle_gc_ms=60_000)
    blocks = _Blocks(2_000_000)
    runner._full_collections = gui_gc.FullCollections(measure=blocks)
    try:
        leftover = _Cycle()
        ref = weakref.ref(leftover)
        with qtbot.waitSignal(runner.analysis_ready, timeout=5000):
            runner.analyse_now()
        del leftover  # cyclic garbage that the result's freeze kept
        assert ref() is not None
        runner.idle_collect()  # the first pause measures: no growth
        runner.user_left()
        assert ref() is not None
        blocks.n = int(blocks.n * (1 + gui_gc.DUE_SHARE)) + 1  # enough growth for frozen garbage to matter
        runner.user_left()  # (the application's state changed: another program's window is active)
        assert ref() is None
    finally:
        runner.shutdown()


def test_the_preview_leaves_no_cyclic_garbage(qapp):
    """A Markdown converter is a cycle: one made per rendering left ~350 objects to the cyclic collector each time."""
    import markdown

    from editor_app.ui.preview_panel import render_html

    text = "# Title\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n<div>raw</div>\n\n```\ncode\n```\n\nSome *text*.\n"
    first = render_html(text)
    was = gc.isenabled()
    gc.disable()
    gc.collect()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        assert [render_html(text) for _ in range(3)] == [first] * 3
        gc.collect()
        left = [o for o in gc.garbage if isinstance(o, markdown.Markdown) or type(o).__module__.startswith("xml.")]
        assert left == []
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        if was:
            gc.enable()
