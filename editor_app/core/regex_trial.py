"""The second guard against a rule-pack regex that would run away: timed on test lines in a child process.

`regex_runaway` decides most patterns on their shape; one it is unsure of (a look-around, back-reference or long
bounded repeat inside a repetition) is run here on lines made to make it backtrack: long runs of the characters
its repetitions read, then a character that fails it. `re` can't be stopped once it runs (it holds the GIL), so the
lines are searched in a child Python that is killed when it takes too long; the parent only waits.
"""

from __future__ import annotations

import json
import subprocess
import sys

from .regex_runaway import repeated_characters

CPU_LIMIT = 0.5  # seconds of the child's processor time one pattern may take on all its test lines
WALL_LIMIT = 2.0  # seconds the child may run in all (its start included): then it is killed; if it was killed
# having had less than CPU_LIMIT of the processor (a busy machine), it is run again with this long
BUSY_WALL_LIMIT = 15.0
SHORT, LONG = 40, 1000  # characters of the runs: exponential backtracking shows at the first, polynomial at the second
_ENDS = ("\x00", "!", "\n")  # what follows a run: characters a pattern's end rarely accepts
_FALLBACK = ("a", "0", " ", "\u4e2d")

# The child: reads [[pattern, flags, [line, ...]], ...], says "start i j" before it searches line j of pattern i,
# "done i seconds" after a pattern, and stops at the first one over the CPU limit.
_CHILD = r"""
import json, re, sys, time
jobs, limit = json.loads(sys.stdin.read())
for i, (pattern, flags, lines) in enumerate(jobs):
    rx = re.compile(pattern, flags)
    began = time.process_time()
    for j, line in enumerate(lines):
        print("start", i, j, flush=True)
        rx.search(line)
        if time.process_time() - began > limit:
            break
    print("done", i, time.process_time() - began, flush=True)
    if time.process_time() - began > limit:
        break
"""


def test_lines(pattern: str, flags: int = 0) -> list[str]:
    """Lines that make `pattern` backtrack if it can: runs of each character its repetitions read, of pairs of
    them and of all of them in turn, short and long, each ended by a character that fails it."""
    chars = repeated_characters(pattern, flags)[:6] or list(_FALLBACK)
    units = [*chars, *(a + b for a, b in zip(chars, chars[1:])), "".join(chars)]
    lines = []
    for length in (SHORT, LONG):
        for unit in dict.fromkeys(units):
            run = unit * max(1, length // len(unit))
            lines.extend(run + end for end in _ENDS)
    return lines


def too_slow(patterns: list[tuple[str, int]]) -> tuple[int, str, str] | None:
    """The first of `patterns` ((pattern, flags)) too slow on its test lines: (its index, how long in words
    ("over 0.5"), the line), else None. A child that can't be run judges nothing (None)."""
    jobs = [[pattern, flags, test_lines(pattern, flags)] for pattern, flags in patterns]
    for wall in (WALL_LIMIT, BUSY_WALL_LIMIT):
        used = _children_seconds()
        try:
            done = subprocess.run([sys.executable, "-I", "-S", "-c", _CHILD], input=json.dumps([jobs, CPU_LIMIT]),
                                  capture_output=True, text=True, timeout=wall)
            said, stopped = done.stdout, False
        except subprocess.TimeoutExpired as exc:  # killed: the pattern it was on is the one that ran away
            said, stopped = exc.stdout or "", True
            said = said.decode("utf-8", "replace") if isinstance(said, bytes) else said
            if used is not None and _children_seconds() - used < CPU_LIMIT:
                continue  # it hardly ran (a busy machine): judged with more time
        except OSError:
            return None
        break
    return _slowest(jobs, said, stopped)


def _children_seconds() -> float | None:
    """Processor seconds of the children waited for so far (None where the system doesn't say)."""
    try:
        import resource
    except ImportError:  # pragma: no cover - Windows
        return None
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _slowest(jobs: list, said: str, stopped: bool) -> tuple[int, str, str] | None:
    where = None
    for line in said.splitlines():
        words = line.split()
        if words[:1] == ["start"] and len(words) == 3:
            where = (int(words[1]), int(words[2]))
        elif words[:1] == ["done"] and len(words) == 3 and float(words[2]) > CPU_LIMIT and where is not None:
            i, j = where
            return i, f"{CPU_LIMIT:g}", jobs[i][2][j]
    if stopped and where is not None:
        i, j = where
        return i, f"{CPU_LIMIT:g}", jobs[i][2][j]
    return None
