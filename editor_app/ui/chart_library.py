"""pyqtgraph, loaded while the window is idle instead of freezing it the first time a chart is needed.

Importing pyqtgraph takes 0.5-2 s. Most of that (numpy, the standard modules it uses, its own ~150 modules) is
plain Python and is imported on a worker thread. The rest must stay on the GUI thread: PySide6 (6.11, a GIL build)
creates its Python types lazily, on first attribute access, in code that is only locked on free-threaded builds and
calls back into Python while it runs, so two threads creating types at once can corrupt its tables. pyqtgraph
touches every type of QtCore, QtGui and QtWidgets as it loads, so the GUI thread first imports the PySide6 modules
pyqtgraph uses and creates their types itself, a few milliseconds at a time between events; the worker thread then
only finds types that exist.

`when_loaded(slot)` calls a slot on the GUI thread once pyqtgraph is in (at once if it already is);
`warm_up_soon()` starts loading after a quiet moment (the window calls it after its first analysis).
"""

from __future__ import annotations

import atexit
import importlib
import sys
import time
from collections.abc import Callable, Iterator

from PySide6.QtCore import QCoreApplication, QObject, Qt, QThread, QTimer, Signal

# Every PySide6 module `import pyqtgraph` loads (pyqtgraph/Qt/__init__.py); tests/test_chart_library.py checks it.
PYSIDE_MODULES = (
    "PySide6.QtCore", "PySide6.QtGui", "PySide6.QtWidgets",
    "PySide6.QtSvg", "PySide6.QtOpenGL", "PySide6.QtOpenGLWidgets", "PySide6.QtTest",
)
SLICE_SECONDS = 0.004  # GUI-thread work per turn of the event loop (creating one type takes 0.1-25 ms)
WARM_UP_DELAY_MS = 1500  # after the first analysis: start-up, the first paint and the history database come first


def is_loaded() -> bool:
    """pyqtgraph is imported completely (by the loader, or by anyone else: a test, an export)."""
    module = sys.modules.get("pyqtgraph")
    spec = getattr(module, "__spec__", None)
    return module is not None and not getattr(spec, "_initializing", False)


def unresolved_types(module_name: str) -> list[str]:
    """Names a PySide6 module lists but has not created yet (created on first access)."""
    module = sys.modules.get(module_name)
    if module is None:
        return []
    return [name for name in dir(module) if name not in module.__dict__]


def _gui_thread_steps() -> Iterator[None]:
    """Import the PySide6 modules pyqtgraph needs and create all their types, one small step per item."""
    for name in PYSIDE_MODULES:
        if name not in sys.modules:
            importlib.import_module(name)
            yield
        module = sys.modules[name]
        for attr in unresolved_types(name):
            getattr(module, attr)
            yield


class _ImportThread(QThread):
    """Imports pyqtgraph; `error` holds what went wrong (the GUI thread then imports it itself, with the error)."""

    def __init__(self) -> None:
        super().__init__()
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            importlib.import_module("pyqtgraph")
        except BaseException as exc:  # noqa: BLE001 - reported on the GUI thread
            self.error = exc


class ChartLibraryLoader(QObject):
    """Loads pyqtgraph in steps on the GUI thread and one worker thread; `loaded` is emitted on the GUI thread."""

    loaded = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.gui_steps_done = False
        self.thread: _ImportThread | None = None
        self._steps: Iterator[None] | None = None
        self._stepper = QTimer(self)
        self._stepper.setInterval(0)
        self._stepper.timeout.connect(self._step)

    @property
    def started(self) -> bool:
        return self._steps is not None

    def start(self) -> None:
        if self.started:
            return
        if is_loaded():
            self._finish()
            return
        self._steps = _gui_thread_steps()
        self._stepper.start()

    def when_loaded(self, slot: Callable[[], None]) -> None:
        """Call `slot` now if pyqtgraph is loaded, else once it is (a slot of a widget deleted meanwhile is not)."""
        if is_loaded():
            slot()
            return
        self.loaded.connect(slot, Qt.ConnectionType.SingleShotConnection)
        self.start()

    def _step(self) -> None:
        """Some of the GUI-thread steps, for at most SLICE_SECONDS; then the event loop handles what came in."""
        assert self._steps is not None
        end = time.perf_counter() + SLICE_SECONDS
        try:
            while time.perf_counter() < end:
                next(self._steps)
        except StopIteration:
            self._stepper.stop()
            self.gui_steps_done = True
            self._import_on_worker()

    def _import_on_worker(self) -> None:
        if is_loaded():
            self._finish()
            return
        self.thread = _ImportThread()
        self.thread.finished.connect(self._thread_finished)
        self.thread.start()

    def _thread_finished(self) -> None:
        error = self.thread.error if self.thread is not None else None
        if error is not None:
            print(f"survey-editor: loading the chart library failed: {error!r}", file=sys.stderr)
        self._finish()

    def _finish(self) -> None:
        self.loaded.emit()

    def wait(self) -> None:
        """At quit: a worker thread still importing is waited for (Qt aborts if a running QThread is destroyed)."""
        if self.thread is not None:
            self.thread.wait()


_loader: ChartLibraryLoader | None = None


def loader() -> ChartLibraryLoader:
    """The one loader of the process (pyqtgraph is imported once per process)."""
    global _loader
    if _loader is None:
        app = QCoreApplication.instance()
        _loader = ChartLibraryLoader(app)
        if app is not None:
            app.aboutToQuit.connect(_loader.wait)
        atexit.register(_loader.wait)
    return _loader


def when_loaded(slot: Callable[[], None]) -> None:
    loader().when_loaded(slot)


def warm_up_soon() -> None:
    """Start loading after WARM_UP_DELAY_MS (the steps then interleave with typing; nothing waits for them)."""
    if is_loaded():
        return
    QTimer.singleShot(WARM_UP_DELAY_MS, loader(), loader().start)
