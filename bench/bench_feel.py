"""What a user FEELS as a freeze: the GUI thread's longest stalls during each everyday action, and what blocked it.

    PYTHONPATH=. python bench/bench_feel.py [--size 1] [--snapshots 500] [--only typing,enter,...] [--repeat 3]

Opens the bundled sample repeated --size times (1 ≈ 27 KB, 10 ≈ 270 KB) in the real main window with every
extension (history, export, settings), offscreen unless DISPLAY is set, with its own XDG folders, a history
database holding --snapshots snapshots of the survey, and a fake arXiv (a child process on loopback). Then it does
what a user does, one action at a time: a typing burst, Enter, paste a section, paste the whole sample and undo
it, Find, Go to line, every tab (History with its snapshots), Verify all, Update self-check figures, export HTML
and PDF, open another file, the recovery dialog, Settings. Each action is followed by a pause in which the
analysis of the new text is shown (its repaint is part of what the user feels).

A 2 ms heartbeat timer measures how long the event loop could not react (a gap between two beats); a 4 ms interval
timer's signal handler records the GUI thread's Python stack whenever no beat has come for 25 ms (on that thread:
read from another, its frames crashed CPython 3.11 now and then, see Watch), so each stall over 50 ms is
reported with what the GUI thread was doing (the innermost frames of this program and the innermost frame).
Output: one line per action: the longest stall (each --repeat), the number of stalls over 50 ms, and the stack.
"""

from __future__ import annotations

import argparse
import collections
import os
import signal
import subprocess
import socket
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SURVEY_EDITOR_LANG", "en")
if not os.environ.get("DISPLAY"):
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

STALL_MS = 50.0
PARAGRAPH = "新的推理引擎实测：SGLang 吞吐提升 12%，vLLM 延迟下降 8 ms ⚠️ 需要复核。"


class Watch:
    """Heartbeat (2 ms QTimer, beats in perf_counter seconds) plus a sampler of the GUI thread's stack.

    The sampler is a 4 ms interval timer whose signal handler runs on the GUI thread itself, between two of its
    bytecodes, and reads the frame it interrupted. Read from another thread (sys._current_frames), the GUI thread's
    frames are freed under the reader now and then: CPython 3.11 segfaulted in 3 runs of 3 of an 8 MB export with
    such a thread sampling every 4 ms, never without it (the profilers of ddtrace and sentry met the same). A stall
    inside Qt's C++ is sampled when Qt next calls into Python, or not at all."""

    def __init__(self) -> None:
        from PySide6.QtCore import Qt, QTimer

        self.beats: list[float] = []
        self.samples: list[tuple[float, list[str]]] = []
        self.last = time.perf_counter()
        self.timer = QTimer()
        self.timer.setTimerType(Qt.TimerType.PreciseTimer)
        self.timer.setInterval(2)
        self.timer.timeout.connect(self._beat)

    def start(self) -> None:
        self.timer.start()
        signal.signal(signal.SIGALRM, self._sample)
        signal.setitimer(signal.ITIMER_REAL, 0.004, 0.004)

    def stop(self) -> None:
        signal.setitimer(signal.ITIMER_REAL, 0)
        self.timer.stop()

    def _beat(self) -> None:
        self.last = time.perf_counter()
        self.beats.append(self.last)

    def _sample(self, _signum, frame) -> None:
        now = time.perf_counter()
        if frame is None or now - self.last <= 0.025:
            return
        stack = []  # (read by hand, outermost first: no source lines looked up in a handler that runs every 4 ms)
        while frame is not None:
            name = frame.f_code.co_filename
            stack.append(f"{Path(name).name}:{frame.f_lineno} {frame.f_code.co_name}"
                         + ("*" if "editor_app" in name else ""))
            frame = frame.f_back
        self.samples.append((now, stack[::-1]))

    def mark(self) -> int:
        return len(self.beats)

    def stalls(self, since: int) -> list[tuple[float, float, float]]:
        """(gap ms, start, end) of each gap after beat `since`."""
        b = self.beats[since:]
        return [((y - x) * 1000, x, y) for x, y in zip(b, b[1:])]

    def blame(self, start: float, end: float) -> str:
        stacks = [s for t, s in self.samples if start <= t <= end + 0.003]
        if not stacks:
            return "(no sample: C++ holding the GIL, or a gap under the sampler's period)"
        counts = collections.Counter()
        for s in stacks:
            ours = [f for f in s if f.endswith("*") and "bench_feel" not in f]
            key = " > ".join(x.rstrip("*") for x in ours[-3:]) + " | " + s[-1].rstrip("*")
            counts[key] += 1
        key, n = counts.most_common(1)[0]
        return f"{n}/{len(stacks)} samples: {key}"


class SlotTimes:
    """Wraps every method of every class in editor_app.ui (before the window is made) to record, on the GUI thread,
    each outermost call that took over 5 ms: (start, end, name). A stall with no such call inside was spent in
    Qt's own C++ (layout, painting) or waiting for the GIL."""

    def __init__(self) -> None:
        self.calls: list[tuple[float, float, str]] = []
        self.depth = 0
        self.main_id = threading.get_ident()

    def install(self) -> None:
        import functools
        import importlib
        import inspect
        import pkgutil

        import editor_app.ui as ui

        for info in pkgutil.iter_modules(ui.__path__):
            if info.name in ("test_hooks",):
                continue
            module = importlib.import_module(f"editor_app.ui.{info.name}")
            for cls in list(vars(module).values()):
                if not inspect.isclass(cls) or cls.__module__ != module.__name__:
                    continue
                for attr, fn in list(vars(cls).items()):
                    if not inspect.isfunction(fn) or (attr.startswith("__") and attr != "__init__"):
                        continue
                    setattr(cls, attr, self._wrap(fn, f"{info.name}.{cls.__name__}.{attr}", functools))
            for attr, fn in list(vars(module).items()):
                if inspect.isfunction(fn) and fn.__module__ == module.__name__ and not attr.startswith("_"):
                    setattr(module, attr, self._wrap(fn, f"{info.name}.{attr}", functools))

    def _wrap(self, fn, name, functools):
        import inspect

        me = self
        params = inspect.signature(fn).parameters.values()
        takes = None if any(p.kind is p.VAR_POSITIONAL for p in params) else sum(
            1 for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD))

        @functools.wraps(fn)
        def timed(*a, **k):
            if takes is not None and len(a) > takes:
                a = a[:takes]  # as PySide calls a slot that takes fewer arguments than the signal gives
            if threading.get_ident() != me.main_id or me.depth:
                return fn(*a, **k)
            me.depth += 1
            t = time.perf_counter()
            try:
                return fn(*a, **k)
            finally:
                me.depth -= 1
                me.calls.append((t, time.perf_counter(), name))
        return timed

    def inside(self, start: float, end: float) -> str:
        """The program's outermost calls during a stall, summed by name (biggest first), and how much of the stall
        they cover; the rest was Qt's C++ (layout, painting) or waiting for the GIL."""
        total: collections.Counter = collections.Counter()
        count: collections.Counter = collections.Counter()
        for s, e, n in self.calls:
            if e > start and s < end:
                total[n] += min(e, end) - max(s, start)
                count[n] += 1
        covered = sum(total.values()) / max(end - start, 1e-9)
        parts = [f"{n} {v * 1000:.0f}ms" + (f" x{count[n]}" if count[n] > 1 else "") for n, v in total.most_common(4)]
        return f"program code {covered:.0%} of it: " + (", ".join(parts) or "none")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=1)
    parser.add_argument("--snapshots", type=int, default=500)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--only", default="", help="comma-separated action names")
    args = parser.parse_args()

    tmp = Path(tempfile.mkdtemp(prefix="bench-feel-"))
    for var in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"):
        (tmp / var).mkdir()
        os.environ[var] = str(tmp / var)
    db_path = tmp / "history.db"
    os.environ["SURVEY_EDITOR_DB"] = str(db_path)
    os.environ["SURVEY_EDITOR_AUTOSAVE_SECONDS"] = "100000"
    port = free_port()
    fake = subprocess.Popen([sys.executable, "-m", "editor_app.devtools.fake_arxiv", "--port", str(port)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT)
    os.environ["SURVEY_ARXIV_URL"] = f"http://127.0.0.1:{port}/api/query"
    os.environ["SURVEY_ARXIV_INTERVAL"] = "0.5"
    try:
        return run(args, tmp, db_path)
    finally:
        fake.terminate()
        fake.wait()


def run(args, tmp: Path, db_path: Path) -> int:
    from PySide6.QtCore import QEvent, QMimeData, Qt, QTimer
    from PySide6.QtGui import QKeyEvent, QTextCursor
    from PySide6.QtWidgets import QApplication, QDialog

    slots = SlotTimes()
    slots.install()
    from editor_app.config import from_environment
    from editor_app.resources_path import sample_survey_path
    from editor_app.services import history
    from editor_app.services.database import open_database
    from editor_app.ui.app import create_window, make_application

    app = make_application(sys.argv[:1])
    sample = sample_survey_path().read_text(encoding="utf-8")
    text = "\n".join([sample.rstrip("\n")] * args.size) + "\n"
    survey = tmp / "survey.md"
    survey.write_text(text, encoding="utf-8")
    other = tmp / "other.md"
    other.write_text(text.replace("实测", "测得", 3), encoding="utf-8")

    from editor_app.core.analyze import analyze
    from editor_app.core.rulepack import house_pack

    opened = open_database(db_path)
    adict = analyze(text, house_pack()).to_dict()
    t0 = time.time() - 86400 * 30
    for i in range(args.snapshots):
        history.record_snapshot(opened.db, path=survey, text=text + f"\n第 {i} 版\n", analysis=adict,
                                kind="save" if i % 3 else "autosave", now=t0 + i * 3600)
    opened.db.conn.close()

    watch = Watch()
    watch.start()
    window = create_window(survey, from_environment())
    window.ask_unsaved_changes = lambda: "discard"
    window.resize(1440, 900)
    window.show()
    controller = window.history
    actions = next(c for c in window.findChildren(object) if type(c).__name__ == "ReportActions")

    def pump(seconds: float) -> None:
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            app.processEvents()
            time.sleep(0.0005)

    def settle(timeout: float = 120.0) -> None:
        start = time.perf_counter()
        while (window.runner.published_revision != window.runner.revision or window.runner._timer.isActive()) \
                and time.perf_counter() - start < timeout:
            app.processEvents()
            time.sleep(0.0005)
        pump(0.4)

    settle()
    from editor_app.ui import chart_library

    while not chart_library.is_loaded():
        pump(0.05)
    pump(2.5)  # the deferred start-up work (history's first look, warm-ups) is over

    def key(ch: str, k=Qt.Key.Key_unknown, mods=Qt.KeyboardModifier.NoModifier) -> None:
        for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
            QApplication.sendEvent(window.editor, QKeyEvent(kind, k, mods, ch))

    def middle() -> None:
        window.goto_line(window.editor.blockCount() // 2 + 12)
        window.editor.moveCursor(QTextCursor.MoveOperation.EndOfBlock)

    def accept_modal_soon(delay_ms: int = 300, accept: bool = True) -> None:
        def close() -> None:
            w = QApplication.activeModalWidget()
            if isinstance(w, QDialog):
                w.accept() if accept else w.reject()
            else:
                QTimer.singleShot(50, close)
        QTimer.singleShot(delay_ms, close)

    section = "\n".join(sample.split("\n")[40:80]) + "\n"  # ~40 lines of the sample: a section

    def typing() -> None:
        middle()
        for ch in PARAGRAPH:
            key(ch)
            pump(0.05)

    def enter() -> None:
        middle()
        for _ in range(3):
            key("\r", Qt.Key.Key_Return)
            pump(0.6)

    def paste_section() -> None:
        middle()
        mime = QMimeData()
        mime.setText(section)
        QApplication.clipboard().setMimeData(mime)
        window.editor.paste()

    def paste_undo_big() -> None:
        middle()
        QApplication.clipboard().setText(sample)
        window.editor.paste()
        settle()
        window.editor.undo()

    def find() -> None:
        window.find_bar.open_bar()
        window.find_bar.field.setText("SGLang")
        for _ in range(5):
            window.find_bar.find_next()
            pump(0.1)
        window.find_bar.field.setText("不存在的词组")
        window.find_bar.find_next()
        pump(0.1)
        window.find_bar.close_bar()

    def goto() -> None:
        for frac in (0.95, 0.05, 0.5):
            window.goto_line(int(window.editor.blockCount() * frac))
            pump(0.2)

    def show_tab(name: str) -> None:
        for i in range(window.tabs.count()):
            if window.tabs.tabText(i).replace("&", "").lower().startswith(name):
                window.tabs.setCurrentIndex(i)

    def tab(name: str, came_from: str = "self"):
        """Switch from the `came_from` tab (not measured) to the `name` tab (measured)."""
        def prepare() -> None:
            show_tab(came_from)
            pump(0.8)

        def go() -> None:
            show_tab(name)
            pump(0.8)
        go.prepare = prepare
        return go

    def verify() -> None:
        window._show_panel(window.references)
        window.references.verify(force=True)  # asks the fake arXiv each time (not the cache)
        start = time.perf_counter()
        start = time.perf_counter()
        while window.references.worker is not None and time.perf_counter() - start < 60:
            pump(0.05)

    def update_figures() -> None:
        accept_modal_soon(400)
        window.findChild(object, "action_update_self_check").trigger()

    def export(ext: str):
        def go() -> None:
            done = []
            actions.export_finished.connect(lambda p: done.append(p))
            actions.export_failed.connect(lambda m: done.append(m))
            actions.export_to(tmp / f"report.{ext}")
            start = time.perf_counter()
            while not done and time.perf_counter() - start < 120:
                pump(0.05)
            actions.export_finished.disconnect()
            actions.export_failed.disconnect()
        return go

    def open_file() -> None:
        window.open_path(other)
        settle()
        pump(1.0)
        window.open_path(survey)

    def recovery() -> None:
        db = controller.db
        edited = window.current_text().replace("实测", "实际测得", 5) + "\n崩溃前写的一行\n"
        history.record_snapshot(db, path=str(survey.resolve()), text=edited, analysis={}, kind="autosave",
                                now=time.time() + 60)
        dialog = controller.check_recovery(str(survey.resolve()))
        pump(1.0)
        if dialog is not None:
            dialog.accept()  # restore: the whole text replaced
        settle()
        window.editor.undo()

    def settings() -> None:
        from editor_app.ui.about import show_settings

        dialog = show_settings(window)
        pump(0.5)
        dialog.accept()

    steps = {
        "idle": lambda: pump(3.0),  # the noise floor: nothing done (other processes sharing the cores)
        "typing": typing, "enter": enter, "paste-section": paste_section, "paste+undo-big": paste_undo_big,
        "find": find, "goto": goto, "tab-references": tab("ref"), "tab-figures": tab("fig"),
        "tab-preview": tab("prev"), "tab-history": tab("hist"), "back-from-history": tab("self", "hist"),
        "back-from-figures": tab("self", "fig"), "verify": verify,
        "update-figures": update_figures, "export-html": export("html"), "export-pdf": export("pdf"),
        "open-file": open_file, "recovery": recovery, "settings": settings,
    }
    only = [s for s in args.only.split(",") if s] or list(steps)
    print(f"platform={QApplication.platformName()} load={os.getloadavg()[0]:.2f} survey "
          f"{survey.stat().st_size / 1e3:.0f} KB (sample x{args.size}), {args.snapshots} snapshots", flush=True)
    for name in only:
        maxima, over, worst = [], 0, (0.0, 0.0, 0.0)
        for _ in range(args.repeat):
            if hasattr(steps[name], "prepare"):
                steps[name].prepare()
            mark = watch.mark()
            steps[name]()
            settle()
            window.editor.document().setModified(False)
            gaps = watch.stalls(mark)
            m = max(gaps, default=(0.0, 0.0, 0.0))
            maxima.append(m[0])
            over += sum(1 for g in gaps if g[0] > STALL_MS)
            worst = max(worst, m)
        print(f"{name:<15} longest stall {' / '.join(f'{x:5.0f}' for x in maxima)} ms   stalls>50ms: {over:3d}   "
              f"worst: {watch.blame(worst[1], worst[2])}\n{'':<16}in it: {slots.inside(worst[1], worst[2])}",
              flush=True)
    window.editor.document().setModified(False)
    watch.stop()
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
