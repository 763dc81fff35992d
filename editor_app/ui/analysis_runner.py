"""Re-analysis off the GUI thread: debounced, coalesced (only the newest text is analysed), stale results dropped."""

from __future__ import annotations

import gc
import sys
import time
from typing import Any, Callable, Iterator

from PySide6.QtCore import QCoreApplication, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QGuiApplication

from editor_app.core.dismantle import dismantle
from editor_app.core.model import Analysis
from editor_app.ui import gui_gc
from editor_app.ui.latest_job import LatestJobThread
from editor_app.ui.text_mirror import join_lines


QUICK_ENOUGH = 0.05  # seconds: an analysis this fast is shown before the next keystroke at 20 keys/s
QUIET_AFTER_RESULT = 0.3  # seconds after a result during which the worker leaves the GIL to the window


class _AnalysisThread(LatestJobThread):
    """One thread owning one Analyzer (its per-line caches are not shared across threads)."""

    done = Signal(int, object, float, object, bool)  # revision, Analysis, seconds, prepared view data, cold
    failed = Signal(int, str)

    def __init__(self, make_analyzer: Callable[[Any], Any], pack: Any,
                 prepare: Callable[[Any, Any], Any] | None = None) -> None:
        super().__init__()
        self._make_analyzer = make_analyzer
        self._prepare = prepare
        self._pack = pack
        self._pack_changed = True
        self._analyzer: Any = None
        self._retired: list[Any] = []  # what the window showed before: let go of here, in steps (guarded by _cond)
        self._quiet_until = 0.0  # no letting go before this (perf_counter): the window is showing a result
        self._letting_go: Iterator[None] | None = None

    def submit(self, revision: int, text: str | list[str], verdicts: dict | None, shown: Any = None) -> None:
        """`text` may be a list of lines (joined here, off the GUI thread); `shown` is what the panels show now."""
        self.submit_job((revision, text, verdicts, shown))

    def retire(self, *objs: Any) -> None:
        """Hand over what the GUI no longer shows (the last Analysis and its prepared view) to be freed here, a
        chunk at a time when idle, instead of in one stroke on the GUI thread."""
        with self._cond:
            self._retired.extend(o for o in objs if o is not None)
            self._cond.notify()

    def has_idle_work(self) -> bool:
        return self._letting_go is not None or bool(self._retired) or bool(getattr(self._analyzer, "retired", None))

    def idle_delay(self) -> float | None:
        """Letting go waits QUIET_AFTER_RESULT after a result: the window is drawing it then, and the two would
        only share the GIL (each slowed down)."""
        if not self.has_idle_work():
            return None
        return max(0.0, self._quiet_until - time.perf_counter())

    def idle_step(self) -> None:
        if self._letting_go is None:
            self._letting_go = self._let_go()
        try:
            done = next(self._letting_go, StopIteration) is StopIteration
        except Exception:  # freeing must never stop the checking: what is left goes the ordinary way
            done = True
            with self._cond:
                self._retired.clear()
            if getattr(self._analyzer, "retired", None):
                self._analyzer.retired.clear()
        if done:
            self._letting_go = None

    def _let_go(self) -> Iterator[None]:
        """The analyzer's passes, then what the GUI handed over: each freed by `dismantle`, a chunk per step."""
        while True:
            analyzer = self._analyzer
            if getattr(analyzer, "retired", None):
                yield from analyzer.release()
                continue
            with self._cond:
                obj = self._retired.pop() if self._retired else None
            if obj is None:
                return
            if sys.getrefcount(obj) <= 2:  # `obj` and getrefcount's argument: nobody else can still read it
                yield from dismantle(obj)
            obj = None
            yield

    def set_pack(self, pack: Any) -> None:
        with self._cond:
            self._pack = pack
            self._pack_changed = True

    def claim(self, job: Any) -> Any:
        if self._pack_changed:
            self._analyzer = None
            self._pack_changed = False
        return (*job, self._pack)

    def work(self, job: Any) -> None:
        revision, text, verdicts, shown, pack = job
        with self._cond:  # typing on without a pause leaves no idle time: never keep more than the newest
            stale, self._retired[:-1] = self._retired[:-1], []
        del stale  # let go of at once, as before (here, in the worker)
        # (no collection mid-pass: over a big document's analysis it holds the GIL for ~0.25 s and finds nothing)
        with gui_gc.pass_held():
            self._work(revision, text, verdicts, shown, pack)

    def _work(self, revision: int, text: Any, verdicts: Any, shown: Any, pack: Any) -> None:
        try:
            cold = self._analyzer is None  # a first pass fills the analyzer's caches: slower than the rest
            if cold:
                self._analyzer = self._make_analyzer(pack)
            started = time.perf_counter()
            if isinstance(text, list):
                text = join_lines(text)
            try:
                analysis = _run(self._analyzer, text, verdicts)
            except Exception:
                self._analyzer = None  # its kept pass may be what failed: never reuse it
                if cold:
                    raise
                cold = True  # a fault in reusing the last pass must not stop the checking: start afresh
                self._analyzer = self._make_analyzer(pack)
                analysis = _run(self._analyzer, text, verdicts)
            seconds = time.perf_counter() - started
            prepared = self._prepare(analysis, shown) if self._prepare else None
            self._quiet_until = time.perf_counter() + QUIET_AFTER_RESULT
            self.done.emit(revision, analysis, seconds, prepared, cold)
        except Exception as exc:  # the GUI shows it; the editor keeps working
            self.failed.emit(revision, f"{type(exc).__name__}: {exc}")


def _run(analyzer: Any, text: str, verdicts: dict | None) -> Analysis:
    return analyzer.analyze(text, verdicts=verdicts) if verdicts else analyzer.analyze(text)


def _application_away() -> bool:
    """Whether the user is away from the editor: no window of it is active (another program is), so no key can
    come to it."""
    app = QCoreApplication.instance()
    return isinstance(app, QGuiApplication) and app.applicationState() != Qt.ApplicationState.ApplicationActive


def _default_analyzer(pack: Any) -> Any:
    from editor_app.core.analyze import Analyzer

    return Analyzer(pack)


class AnalysisRunner(QObject):
    """Asks for an analysis of the editor's text a short pause after the last edit; publishes only current results.

    `revision` counts edits and requests; a result whose revision is not the latest one is dropped, so what is
    published always describes the text now in the editor.
    While the user types without pausing, an analysis still starts every `max_wait_ms` if analyses are quick
    enough to be shown between two keystrokes; a slow one (a huge survey) would only be dropped, so it waits
    for the pause instead of competing with the typing.
    """

    analysis_ready = Signal(object, float)  # Analysis, seconds spent analysing
    analysis_failed = Signal(str)
    busy_changed = Signal(bool)

    def __init__(
        self,
        text_source: Callable[[], str],
        pack: Any,
        *,
        debounce_ms: int = 150,
        max_wait_ms: int = 1000,
        make_analyzer: Callable[[Any], Any] = _default_analyzer,
        prepare: Callable[[Any, Any], Any] | None = None,
        idle_gc_ms: int = 20000,
        edit_mark: Callable[[], int] | None = None,
        user_away: Callable[[], bool] = _application_away,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._text_source = text_source
        # `edit_mark` numbers the text handed over (TextMirror.edits.mark): `published_mark` is then that of the
        # text the published analysis read, from which the places it names are followed to the live text.
        self._edit_mark = edit_mark or (lambda: 0)
        self._marks: dict[int, int] = {}
        self.published_mark = 0
        self.revision = 0
        self.verdicts: dict[str, dict] = {}
        self._first_pending_edit: float | None = None
        self._max_wait = max_wait_ms / 1000.0
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(debounce_ms)
        self._timer.timeout.connect(self.analyse_now)
        self.last_seconds = 0.0  # how long the last (warm) analysis took
        self.published: Analysis | None = None
        self.published_revision = 0  # equals `revision` when the panels show the text now in the editor
        self.prepared: Any = None  # what `prepare` computed in the worker for the Analysis just published
        self._thread = _AnalysisThread(make_analyzer, pack, prepare)
        self._thread.done.connect(self._on_done)
        self._thread.failed.connect(self._on_failed)
        self._thread.start()
        self._busy = False
        # Frozen objects are never collected but by a full collection, which scans every object (340-800 ms of GUI
        # thread at 8 MB, whatever it finds): once the user pauses, one is made only if memory grew enough for frozen
        # garbage to matter, and then only when the user is away, unless memory doubled (see idle_collect).
        self._user_away = user_away
        self._full_collections = gui_gc.FullCollections()
        self._idle_gc = QTimer(self)
        self._idle_gc.setSingleShot(True)
        self._idle_gc.setInterval(idle_gc_ms)
        self._idle_gc.timeout.connect(self.idle_collect)
        app = QCoreApplication.instance()
        if isinstance(app, QGuiApplication):
            app.applicationStateChanged.connect(self._application_state_changed)

    def text_changed(self) -> None:
        """Call on every edit: restarts the pause timer (but never postpones past max_wait)."""
        self.revision += 1
        self._idle_gc.stop()
        now = time.perf_counter()
        if self._first_pending_edit is None:
            self._first_pending_edit = now
        if now - self._first_pending_edit >= self._max_wait and self.last_seconds < QUICK_ENOUGH:
            self.analyse_now()
        else:
            self._timer.start()

    def analyse_now(self) -> int:
        self._timer.stop()
        self._first_pending_edit = None
        self.revision += 1
        self._marks[self.revision] = self._edit_mark()
        # The pass is frozen when it ends, with whatever is young then: the young garbage is collected before it starts
        gui_gc.collect_young()
        self._thread.submit(self.revision, self._text_source(), dict(self.verdicts) or None, self.published)
        self._set_busy(True)
        return self.revision

    def set_pack(self, pack: Any, *, analyse: bool = True) -> None:
        self._thread.set_pack(pack)
        if analyse:
            self.analyse_now()

    def set_verdicts(self, verdicts: dict[str, dict]) -> None:
        self.verdicts = dict(verdicts)
        self.analyse_now()

    def shutdown(self) -> None:
        self._timer.stop()
        self._idle_gc.stop()
        if self._thread.isRunning():
            self._thread.stop()
        gc.unfreeze()  # what was kept out of collections may now be garbage

    def _set_busy(self, busy: bool) -> None:
        if busy != self._busy:
            self._busy = busy
            self.busy_changed.emit(busy)

    def _on_done(self, revision: int, analysis: Analysis, seconds: float, prepared: Any, cold: bool) -> None:
        if not cold:
            self.last_seconds = seconds
        if revision != self.revision:
            return  # computed for an older text
        self._set_busy(False)
        self.published_mark = self._marks.get(revision, self.published_mark)
        self._marks = {}  # every request made so far is answered or dropped
        old = (self.published, self.prepared)
        self.published = analysis
        self.published_revision = revision
        self.prepared = prepared
        self.analysis_ready.emit(analysis, seconds)
        if old[0] is not analysis:
            self._thread.retire(*old)  # freed by the worker in steps, if nothing here still holds it
        old = None
        # What is alive now (the analysis on screen, the analyzer's caches) lives long: keep it out of every later
        # full collection, which would otherwise rescan it and stall the GUI for hundreds of ms on a big survey.
        # The young garbage (made since the last freeze) is collected first: frozen, it would stay.
        gui_gc.collect_young()
        gc.freeze()
        self._idle_gc.start()

    def idle_collect(self) -> None:
        """The user has paused (idle_gc_ms after the last result shown). The young generations are collected (a few
        ms). A full collection would scan every object, frozen or not (340-800 ms at 8 MB: a key pressed then
        waits for it) and find almost nothing: the analysis' garbage is freed by reference counting, and what is
        cyclic is collected young, before it is frozen. So one is made only when memory grew enough for frozen
        garbage to matter (gui_gc.FullCollections), and then when the user is away (another program's window
        active), or at once if memory doubled (a safety net: it stays bounded however the editor is used)."""
        gui_gc.collect_young()
        need = self._full_collections.need()
        if need == "pressing" or (need == "due" and self._user_away()):
            self.collect_garbage()

    def user_left(self) -> None:
        """The user went to another program: a due full collection is made now, when no key can come (one while
        an analysis runs waits for its result and the pause after it: idle_collect)."""
        if self._busy or not self._thread.isRunning():
            return
        if self._full_collections.need() is not None:
            self.collect_garbage()

    def new_document(self) -> None:
        """Another survey replaces the text: memory is measured afresh at the next pause (the new survey's size is
        not growth since the last full collection)."""
        self._full_collections.baseline = None

    def _application_state_changed(self, state: Qt.ApplicationState) -> None:
        if state != Qt.ApplicationState.ApplicationActive:
            self.user_left()

    def collect_garbage(self) -> None:
        """A full collection: every object unfrozen, scanned, and what is alive frozen again (340-800 ms at 8 MB)."""
        gc.unfreeze()
        gc.collect()
        gc.freeze()
        self._full_collections.collected()

    def _on_failed(self, revision: int, message: str) -> None:
        if revision != self.revision:
            return
        self._set_busy(False)
        self._marks = {}
        self.analysis_failed.emit(message)
