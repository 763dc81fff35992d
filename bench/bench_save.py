"""How long Ctrl+S holds up the GUI thread: the longest stall of the event loop while a survey is saved.

    PYTHONPATH=. python bench/bench_save.py [--sizes 1,8] [--repeat 5] [--type-during] [--blame] [--save-as]

Opens a survey of about 1 MB and 8 MB (unique copies of the bundled sample, each line tagged with its copy's
number, as QA's surveys are made) in the real window from create_window (history, export, settings installed),
offscreen unless DISPLAY is set, with its own XDG folders and history database. Each repetition types one
character at the end, waits for its analysis to be shown (so no analysis result lands inside the save), presses
Ctrl+S through QTest.keyClick (Qt's own shortcut handling) and measures, with a 2 ms heartbeat timer:

- `keys`: how long the key press of Ctrl+S took to return (the GUI thread's own part of the save);
- `stall`: the longest gap between two beats from the key press until the file holds the text, the survey is no
  longer marked modified and the save's History snapshot is recorded, and 300 ms after;
- `done`: how long that took (the save itself, however long the disk takes, on any thread).

`--type-during` also types five characters right after Ctrl+S (20 ms apart) and says whether the survey is still
marked modified once the save is done (it must be: those characters are not in the file).

`--save-as` presses Ctrl+Shift+S (File → Save As) instead, the dialog answering a new name each repetition
(survey-8mb-as-1.md, …): `done` then also waits for the window to be the new file's.

`--autosave paused` autosaves instead of saving (history.autosave_now, as its timer does) once the typed
character's analysis is shown: the snapshot stores that analysis' figures, as a save's does. `--autosave typing`
autosaves right after the character is typed (QA's "mid-typing"): the snapshot is stored "measuring" and its
figures are measured by the record thread's measurer. `stall` then runs until the autosave is recorded, its figures
stored and the typed character's analysis shown (in `typing` that analysis' own result, shown in the Self-check
tables, is inside the stall too: `--blame` tells them apart), and 300 ms after.

`--history-shown` saves with the History tab shown: each snapshot recorded re-reads its list and trend chart.

`--blame` samples the GUI thread's stack (bench_feel's Watch) and says what it was doing in each longest stall.

Output: one line per size, each repetition's figures and their medians. Before the save moved to a worker thread
(QA D1), on a loaded 2-core machine: 8 MB keys 644-896 ms, stall 680-1083 ms; after: keys 2-4 ms, stall 82-482 ms
(the rest is the History snapshot's record thread and the machine's load, not the save). `--save-as`, 8 MB, load
8-9 on the 2-core machine: before Save As was written on the worker too, keys 144-344 ms (medians 186-236), stall
180-740 ms (medians 237-357); after: keys 1-9 ms (medians 1-2), stall 69-419 ms (medians 97-278), as Ctrl+S's
(painting, History's snapshot and the load; none of it the write).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SURVEY_EDITOR_LANG", "en")
if not os.environ.get("DISPLAY"):
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def make_survey(path: Path, megabytes: float) -> None:
    from editor_app.resources_path import sample_survey_path

    sample = sample_survey_path().read_text(encoding="utf-8")
    lines = sample.split("\n")
    copies, size, i = [], 0, 0
    while size < megabytes * 1_000_000:
        copy = "\n".join(f"{line} ‹{i}›" if line else line for line in lines)
        copies.append(copy)
        size += len(copy.encode("utf-8")) + 1
        i += 1
    path.write_text("\n".join(copies), encoding="utf-8")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="1,8", help="survey sizes in MB, comma-separated")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--type-during", action="store_true", help="type 5 characters right after each Ctrl+S")
    ap.add_argument("--autosave", choices=("paused", "typing"),
                    help="autosave instead of pressing Ctrl+S: once the typed character's analysis is shown, or "
                         "right after typing it")
    ap.add_argument("--history-shown", action="store_true", help="with the History tab shown")
    ap.add_argument("--blame", action="store_true",
                    help="sample the GUI thread's stack (bench_feel's Watch) and say what it did in each longest stall")
    ap.add_argument("--save-as", action="store_true", help="Ctrl+Shift+S to a new name instead of Ctrl+S")
    args = ap.parse_args()

    tmp = Path(tempfile.mkdtemp(prefix="bench-save-"))
    for var in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"):
        (tmp / var).mkdir()
        os.environ[var] = str(tmp / var)
    os.environ["SURVEY_EDITOR_AUTOSAVE_SECONDS"] = "100000"

    from PySide6.QtCore import QElapsedTimer, QEvent, Qt, QTimer
    from PySide6.QtGui import QKeyEvent, QTextCursor
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from editor_app.config import from_environment
    from editor_app.ui.app import create_window, make_application

    app = make_application(sys.argv[:1])
    clock = QElapsedTimer()
    clock.start()
    beats: list[float] = []
    heart = QTimer()
    heart.setTimerType(Qt.TimerType.PreciseTimer)
    heart.setInterval(2)
    heart.timeout.connect(lambda: beats.append(clock.nsecsElapsed() / 1e6))
    heart.start()
    watch = None
    if args.blame:
        sys.path.insert(0, str(ROOT / "bench"))
        from bench_feel import Watch

        watch = Watch()
        watch.start()

    def pump(seconds: float) -> None:
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            app.processEvents()
            time.sleep(0.0005)

    def pump_until(done, timeout: float) -> bool:
        end = time.perf_counter() + timeout
        while time.perf_counter() < end:
            if done():
                return True
            app.processEvents()
            time.sleep(0.0005)
        return done()

    def key(window, ch: str) -> None:
        for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
            QApplication.sendEvent(window.editor, QKeyEvent(kind, Qt.Key.Key_unknown, Qt.KeyboardModifier.NoModifier, ch))

    print(f"platform={QApplication.platformName()} load={os.getloadavg()[0]:.2f}", flush=True)
    for size in [float(s) for s in args.sizes.split(",") if s]:
        survey = tmp / f"survey-{size:g}mb.md"
        make_survey(survey, size)
        os.environ["SURVEY_EDITOR_DB"] = str(tmp / f"history-{size:g}.db")
        window = create_window(survey, from_environment())
        window.ask_unsaved_changes = lambda: "discard"
        window.resize(1440, 900)
        window.show()
        window.activateWindow()
        window.editor.setFocus()
        runner = window.runner
        settled = lambda: runner.published_revision == runner.revision and not runner._timer.isActive()  # noqa: E731
        pump_until(settled, 300)
        ctl = window.history
        if args.history_shown:
            window._show_panel(ctl.panel)
        pump(2.0)
        recorded: list[int] = []
        ctl.recorded.connect(lambda sid, kind: recorded.append(sid))
        measured: list[int] = []
        ctl.measured.connect(measured.append)
        keys_ms, stalls, done_ms, still_modified = [], [], [], []
        for rep in range(args.repeat):
            window.goto_line(window.editor.blockCount() - 3)
            window.editor.moveCursor(QTextCursor.MoveOperation.EndOfBlock)
            if args.autosave:
                if args.autosave == "paused":
                    key(window, "存")
                    pump_until(settled, 300)
                    pump(0.5)
                before = len(recorded)
                mark = len(beats)
                t0, start = time.perf_counter(), clock.nsecsElapsed() / 1e6
                if args.autosave == "typing":
                    key(window, "存")
                ctl.autosave_now()
                keys_ms.append((time.perf_counter() - t0) * 1000)
                # recorded, measured (a snapshot stored "measuring" is in ctl._measuring until its figures are
                # stored) and the typed character's analysis shown
                autosaved = lambda: len(recorded) > before and settled() and (  # noqa: E731
                    recorded[-1] in measured or recorded[-1] not in {s for _t, s in ctl._measuring.values()})
                ok = pump_until(autosaved, 120)
                done_ms.append((time.perf_counter() - t0) * 1000)
                pump(0.3)
                b = [start] + beats[mark:]
                gap, at = max(((y - x, x) for x, y in zip(b, b[1:])), default=(0.0, start))
                stalls.append(gap)
                if watch is not None:
                    t_at = t0 + (at - start) / 1000
                    print(f"  {size:g} MB #{rep + 1}: {gap:.0f} ms at +{at - start:.0f} ms: "
                          f"{watch.blame(t_at, t_at + gap / 1000)}", flush=True)
                if not ok:
                    print(f"  repetition {rep + 1}: the autosave was not done in 120 s", flush=True)
                continue
            key(window, "存")
            pump_until(settled, 300)
            pump(0.5)
            before = len(recorded)
            mark = len(beats)
            target = tmp / f"survey-{size:g}mb-as-{rep + 1}.md"
            window.choose_save_path = lambda start, target=target: str(target)
            keys = Qt.KeyboardModifier.ControlModifier
            if args.save_as:
                keys |= Qt.KeyboardModifier.ShiftModifier
            t0, start = time.perf_counter(), clock.nsecsElapsed() / 1e6
            QTest.keyClick(window.editor, Qt.Key.Key_S, keys)
            keys_ms.append((time.perf_counter() - t0) * 1000)
            typed = ""
            if args.type_during:
                for ch in "存后继续写":
                    key(window, ch)
                    typed += ch
                    pump(0.02)
            saved = lambda: len(recorded) > before and (  # noqa: E731
                window.editor.document().isModified() if typed else not window.editor.document().isModified()) and (
                not args.save_as or window.current_path == target.resolve())
            ok = pump_until(saved, 120)
            done_ms.append((time.perf_counter() - t0) * 1000)
            pump(0.3)
            b = [start] + beats[mark:]  # the key press's own time counts: the first beat after it comes after it
            gap, at = max(((y - x, x) for x, y in zip(b, b[1:])), default=(0.0, start))
            stalls.append(gap)
            if watch is not None:  # (Watch's clock is perf_counter's; the heartbeat's is its own)
                t_at = t0 + (at - start) / 1000
                print(f"  {size:g} MB #{rep + 1}: {gap:.0f} ms at +{at - start:.0f} ms: "
                      f"{watch.blame(t_at, t_at + gap / 1000)}", flush=True)
            still_modified.append(window.editor.document().isModified())
            if not ok:
                print(f"  repetition {rep + 1}: the save did not finish in 120 s", flush=True)
            if typed:
                # the typed characters are saved too before the next repetition, so each one starts clean
                window.save()
                pump_until(lambda: len(recorded) > before + 1, 60)
                pump(0.3)
        mb = survey.stat().st_size / 1e6
        fmt = lambda xs: " / ".join(f"{x:.0f}" for x in xs) + f" (median {statistics.median(xs):.0f})"  # noqa: E731
        what = "Save As" if args.save_as else "autosave" if args.autosave else "Ctrl+S"
        print(f"{mb:.2f} MB: {what} keys {fmt(keys_ms)} ms; longest stall {fmt(stalls)} ms; "
              f"{'autosaved' if args.autosave else 'saved'} in {fmt(done_ms)} ms" + (f"; modified after typing during the save: {still_modified}"
                                                if args.type_during else ""), flush=True)
        window.close()
        window.deleteLater()
        pump(0.5)
    heart.stop()
    if watch is not None:
        watch.stop()
    shutil.rmtree(tmp, ignore_errors=True)  # (8-18 MB a run: ~70 such folders had piled up in /tmp)
    return 0


if __name__ == "__main__":
    sys.exit(main())
