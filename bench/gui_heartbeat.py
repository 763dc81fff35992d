"""What the GUI benchmarks share: a 2 ms heartbeat timer, whose gaps between beats are how long the event loop
could not react, and reading the JSON line a benchmark's child process prints."""

from __future__ import annotations

import json
import subprocess
import sys


class Heartbeat:
    """`beats`: the time of every tick in ms since it was made (`clock`); start and stop `timer`."""

    def __init__(self) -> None:
        from PySide6.QtCore import QElapsedTimer, Qt, QTimer

        self.clock = QElapsedTimer()
        self.clock.start()
        self.beats: list[float] = []
        self.timer = QTimer()
        self.timer.setTimerType(Qt.TimerType.PreciseTimer)
        self.timer.setInterval(2)
        self.timer.timeout.connect(lambda: self.beats.append(self.clock.nsecsElapsed() / 1e6))


def pump(app, seconds: float, step: float = 0.0005) -> None:
    """Let the event loop run for `seconds` (what a user pausing gives it: repaints, timers, results arriving)."""
    import time

    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        app.processEvents()
        time.sleep(step)


def child_json(cmd: list[str], **run_args) -> dict | None:
    """Run a child process and return the JSON object it printed on a line of its own (None, with its output
    shown, when it printed none)."""
    out = subprocess.run(cmd, capture_output=True, text=True, **run_args)
    line = next((x for x in out.stdout.splitlines() if x.startswith("{")), None)
    if line is None:
        print(out.stdout, out.stderr, file=sys.stderr)
        return None
    return json.loads(line)
