"""The window's settled Self-check against a fresh analysis, under random edits, saves, autosaves and collections:

    QT_QPA_PLATFORM=offscreen python bench/check_incremental_gui.py [--copies 36] [--steps 60] [--seed 0]

The real window (create_window, every extension: the history panel measures saves on its own thread) opens a survey
of `--copies` copies of the sample, each line made distinct (bench_analyze.unique_copies: 36 ≈ 1 MB, 290 ≈ 8 MB),
in a folder of its own (settings, history database and caches there too). Random steps, each followed by a random
pause: typing at the end of one of the last lines (the very last included) or of a line in the middle, Enter,
Backspace, undo, Ctrl+S, an autosave, the idle full collection (AnalysisRunner.collect_garbage) and idle time in
which the worker lets go of old passes. Every `--check-every` steps the analysis is let settle (published_revision
== revision) and each rule the Self-check panel holds is compared with `analyze()` of the editor's text, afresh, with
the window's pack: status, level, measured, limit, scope, note, line, where it points and every finding. At the end
each snapshot the history measured is compared with a fresh analysis of its text the same way (status, measured).

The window's pack is also compared with its file on disk: a pack edited after the window read it (the bundled house
pack of a source checkout that someone edits meanwhile) is no engine fault, and `survey-check` run later reads the
edited file. That is what QA report D2 was: its window had read the house pack while counter-arguments was
`sections = ["3.1", "3.2", "3.3"]` (see the commit that added this script).

Exits 1 on the first difference, printing it and the steps so far; 2 when the pack file changed meanwhile; 0 when
all agreed.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))


def rule_face(r) -> tuple:
    return (r.id, r.status, r.level, r.measured, r.limit, r.scope, r.note, r.line, r.where(),
            [(f.line, f.column, f.message) for f in r.findings])


def dict_face(r: dict) -> tuple:
    return (r["id"], r["status"], r.get("measured"))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--copies", type=int, default=36)
    ap.add_argument("--steps", type=int, default=60)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--check-every", type=int, default=3)
    args = ap.parse_args()
    rng = random.Random(args.seed)

    tmp = Path(tempfile.mkdtemp(prefix="check-incremental-gui-"))
    os.environ.update(XDG_CONFIG_HOME=str(tmp / "config"), XDG_DATA_HOME=str(tmp / "data"),
                      XDG_CACHE_HOME=str(tmp / "cache"), SURVEY_EDITOR_DB=str(tmp / "history.db"),
                      SURVEY_EDITOR_AUTOSAVE_SECONDS="100000", SURVEY_EDITOR_LANG="en")
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

    from bench_analyze import unique_copies
    from PySide6.QtCore import QEvent, Qt
    from PySide6.QtGui import QKeyEvent, QTextCursor
    from PySide6.QtWidgets import QApplication

    from editor_app.config import from_environment
    from editor_app.core.analyze import analyze
    from editor_app.resources_path import house_pack_path
    from editor_app.ui.app import create_window, make_application

    survey = tmp / "survey.md"
    survey.write_text(unique_copies(args.copies), encoding="utf-8")
    app = make_application(sys.argv[:1])
    window = create_window(survey, from_environment())
    window.ask_unsaved_changes = lambda: "discard"
    window.resize(1200, 800)
    window.show()
    ed, runner = window.editor, window.runner
    pack = window.pack
    pack_file = window.pack_path or house_pack_path()
    done: list[str] = []

    def pump(seconds: float) -> None:
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            app.processEvents()
            time.sleep(0.001)

    def settle(timeout: float = 300.0) -> None:
        start = time.perf_counter()
        while (runner.published_revision != runner.revision or runner._timer.isActive()) \
                and time.perf_counter() - start < timeout:
            app.processEvents()
            time.sleep(0.001)
        pump(0.2)

    def key(ch: str, k=Qt.Key.Key_unknown) -> None:
        for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
            QApplication.sendEvent(ed, QKeyEvent(kind, k, Qt.KeyboardModifier.NoModifier, ch))

    def at_end_of(line: int) -> None:
        window.goto_line(line)
        ed.moveCursor(QTextCursor.MoveOperation.EndOfBlock)

    def type_keys(text: str) -> None:
        for ch in text:
            key(ch)
            pump(rng.choice((0.0, 0.02, 0.08, 0.2)))

    def step_end() -> str:
        n = ed.blockCount()
        line = rng.choice((n, n, n - 1, n - 3, n - 5))
        at_end_of(max(1, line))
        text = rng.choice(("存", "存后继续写", "。", " ‹x›"))
        type_keys(text)
        return f"type {text!r} at the end of line {line} of {n}"

    def step_mid() -> str:
        line = ed.blockCount() // 2 + rng.randrange(-40, 40)
        at_end_of(line)
        type_keys(rng.choice(("停", "改一改", "CJK 实测 3,838")))
        return f"type in the middle (line {line})"

    def step_enter() -> str:
        line = rng.randrange(1, ed.blockCount() + 1)
        at_end_of(line)
        key("\r", Qt.Key.Key_Return)
        return f"Enter at the end of line {line}"

    def step_backspace() -> str:
        k = rng.randrange(1, 4)
        for _ in range(k):
            key("", Qt.Key.Key_Backspace)
            pump(0.03)
        return f"Backspace x{k}"

    def step_undo() -> str:
        ed.undo()
        return "undo"

    def step_save() -> str:
        window.save()
        return "save"

    def step_autosave() -> str:
        window.history.autosave_now()
        return "autosave"

    def step_gc() -> str:
        runner.collect_garbage()
        return "idle collection"

    def step_idle() -> str:
        s = rng.choice((0.5, 1.5, 3.0))
        pump(s)
        return f"idle {s}s"

    steps = [(step_end, 4), (step_mid, 3), (step_enter, 1), (step_backspace, 1), (step_undo, 1), (step_save, 3),
             (step_autosave, 1), (step_gc, 2), (step_idle, 2)]
    choices = [f for f, w in steps for _ in range(w)]

    def fail(what: str) -> int:
        print("DIFFERENCE", what)
        print("steps:", *done, sep="\n  ")
        print("folder:", tmp)
        window.editor.document().setModified(False)
        window.close()  # (its threads stopped: a QThread still running at exit aborts the program)
        return 1

    def compare(label: str) -> str | None:
        settle()
        text = window.current_text()
        shown = list(window.selfcheck.rules_model.rows)
        fresh = analyze(text, pack).rules
        if [r.id for r in shown] != [r.id for r in fresh]:
            return f"{label}: rules {[r.id for r in shown]} vs {[r.id for r in fresh]}"
        for a, b in zip(shown, fresh):
            if rule_face(a) != rule_face(b):
                fa, fb = rule_face(a), rule_face(b)
                return f"{label}: rule {a.id}\n  panel {str(fa[:9])[:400]}\n  fresh {str(fb[:9])[:400]}"
        return None

    settle()
    print(f"opened {len(window.current_text()):,} characters, {ed.blockCount():,} lines; pack {pack_file}", flush=True)
    for i in range(args.steps):
        done.append(rng.choice(choices)())
        pump(rng.choice((0.0, 0.05, 0.3, 1.0)))
        if (i + 1) % args.check_every == 0 or i == args.steps - 1:
            bad = compare(f"after step {i + 1}")
            if bad:
                return fail(bad)
            print(f"step {i + 1}: the panel equals a fresh analysis", flush=True)
    # what the history measured of each snapshot (its own thread and Analyzer) against a fresh analysis of its text
    import sqlite_utils

    from editor_app.services import history

    db = sqlite_utils.Database(os.environ["SURVEY_EDITOR_DB"])
    start = time.perf_counter()
    while history.unmeasured_snapshots(db, survey) and time.perf_counter() - start < 600:
        pump(0.5)
    ids = [r[0] for r in db.execute("SELECT id FROM snapshots ORDER BY id").fetchall()]
    for sid in ids:
        stored = history.get_snapshot_analysis(db, sid)
        if not stored:
            return fail(f"snapshot {sid} was never measured")
        fresh = analyze(history.get_snapshot_text(db, sid), pack).to_dict()
        got, want = list(map(dict_face, stored["rules"])), list(map(dict_face, fresh["rules"]))
        if got != want:
            return fail(f"snapshot {sid}: {[(a, b) for a, b in zip(got, want) if a != b]}")
    print(f"{len(ids)} snapshots: each measurement equals a fresh analysis of its text")
    window.editor.document().setModified(False)
    window.close()
    on_disk = pack_file.read_text(encoding="utf-8-sig")
    if pack.source != on_disk:  # (the window checked with what the file said when it read it: no engine fault)
        print(f"PACK CHANGED: {pack_file} is not what the window read; survey-check would check with another pack")
        return 2
    print("all agreed")
    shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
