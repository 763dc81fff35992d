"""QA: one author's session on the sample mixing every operation that rewrites the text — Tools → Update self-check
figures, Undo, History → Restore, Undo, typing, a paste, Save, a reload after another program's change — then a
crash. At every step: Undo/Redo give back exactly the text before/after, the "*" says whether the file holds the
text, the Self-check panel, the status bar and the underlines describe the text on screen (the analysis of the same
text by `survey-check --format json`), and the autosave, then the next start's offer, hold the text on screen."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from PySide6.QtCore import QMimeData
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import QDialog

from editor_app.core.analyze import analyze
from editor_app.formats import json_report
from editor_app.services import history
from editor_app.ui import history_panel
from editor_app.ui.headline import headline
from editor_app.ui.prepared_view import prepare_view
from ui_support import accepting_updates, open_window, type_text, wait_analysis, window_with_history


def _report(analysis) -> dict:
    out = json.loads(json_report([analysis]))
    out.pop("file", None)
    return out


def _shows(window, text: str) -> None:
    """The window shows `text` and, once analysed, describes exactly it."""
    assert window.current_text() == text
    assert window.editor.document().toRawText().replace("\u2029", "\n") == text
    runner = window.runner
    assert runner.published_revision == runner.revision, "the analysis of the text on screen was not waited for"
    fresh = analyze(text, window.pack)
    assert _report(window.latest_analysis) == _report(fresh)
    view = prepare_view(fresh)
    assert [(s.line, s.column, s.message) for s in window.editor.problems()] == \
        [(s.line, s.column, s.message) for s in view.spans]
    assert window.headline_label.text() == headline(fresh, window.pack, view.wrong_claims)[0]
    panel = window.selfcheck
    assert sorted(repr((c.line, c.value_column, c.claimed, c.measured, c.ok)) for c in panel.claims_model.rows) == \
        sorted(repr((c.line, c.value_column, c.claimed, c.measured, c.ok)) for c in fresh.claims)
    assert sorted((r.id, r.status, str(r.measured)) for r in panel.rules_model.rows) == \
        sorted((r.id, r.status, str(r.measured)) for r in fresh.rules)


def _modified(window, expected: bool) -> None:
    assert window.editor.document().isModified() is expected
    assert window.isWindowModified() is expected


def _step(qtbot, window, action) -> str:
    with wait_analysis(qtbot, window):
        action()
    return window.current_text()


def test_update_undo_restore_undo_type_paste_save_reload_crash(qtbot, tmp_path, sample_text, monkeypatch):
    survey, window, ctl = window_with_history(qtbot, tmp_path, sample_text, monkeypatch)
    actions = accepting_updates(window, monkeypatch)
    window.ask_external_change = lambda path: "reload"
    original = sample_text
    _shows(window, original)
    with qtbot.waitSignal(ctl.recorded, timeout=10000):
        window.document_saved.emit(survey.resolve(), original)  # the file's first snapshot, as a save records it
    first_snapshot = history.list_snapshots(ctl.db, str(survey.resolve()))[0]["id"]

    updated = _step(qtbot, window, actions.update_self_check_figures)
    assert updated != original and "元信息 946" in updated
    _shows(window, updated)
    _modified(window, True)
    assert _step(qtbot, window, window.editor.undo) == original  # one step
    _shows(window, original)
    _modified(window, False)
    assert _step(qtbot, window, window.editor.redo) == updated
    _modified(window, True)

    ctl.restore_snapshot(first_snapshot)  # History → Restore of the file as first recorded
    qtbot.waitUntil(lambda: window.runner.published_revision == window.runner.revision, timeout=10000)
    assert window.current_text() == original
    _shows(window, original)
    assert _step(qtbot, window, window.editor.undo) == updated  # the restore is one step too
    _shows(window, updated)

    window.editor.moveCursor(QTextCursor.MoveOperation.End)
    typed = _step(qtbot, window, lambda: type_text(window.editor, "\n作者新写的一句⚠️"))
    assert typed == updated + "\n作者新写的一句⚠️"
    paste = QMimeData()
    paste.setText("\n粘贴的两行：CJK 实测 9\n第二行⚠️")
    pasted = _step(qtbot, window, lambda: window.editor.insertFromMimeData(paste))
    assert pasted == typed + "\n粘贴的两行：CJK 实测 9\n第二行⚠️"
    _shows(window, pasted)
    assert _step(qtbot, window, window.editor.undo) == typed  # the paste alone
    assert _step(qtbot, window, window.editor.redo) == pasted

    assert window.save()
    assert survey.read_text(encoding="utf-8") == pasted
    _modified(window, False)
    qtbot.waitUntil(lambda: history.list_snapshots(ctl.db, str(survey.resolve()), kinds=["save"])[0]["chars"]
                    == len(pasted), timeout=10000)
    saved = history.list_snapshots(ctl.db, str(survey.resolve()), kinds=["save"])[0]
    assert history.get_snapshot_text(ctl.db, saved["id"]) == pasted
    fresh = analyze(pasted, window.pack).metrics
    assert (saved["cjk"], saved["cautions"], saved["lines"]) == (fresh["cjk"], fresh["cautions"], fresh["lines"])

    elsewhere = pasted + "\n另一个程序加的一行\n"
    survey.write_text(elsewhere, encoding="utf-8")
    assert _step(qtbot, window, window.watcher.check) == elsewhere  # reloaded from disk
    _modified(window, False)
    assert _step(qtbot, window, window.editor.undo) == pasted  # the reload is one undoable step
    _modified(window, True)  # the file now holds the other program's text
    _shows(window, pasted)

    window.editor.moveCursor(QTextCursor.MoveOperation.End)
    final = _step(qtbot, window, lambda: type_text(window.editor, "\n崩溃前的最后一句"))
    assert ctl.autosave_now() is not None
    autosave = history.list_snapshots(ctl.db, str(survey.resolve()), kinds=["autosave"])[0]
    assert history.get_snapshot_text(ctl.db, autosave["id"]) == final
    window_cjk = window.latest_analysis.metrics["cjk"]
    assert autosave["cjk"] == window_cjk

    # The program dies (no aboutToQuit); the next start offers exactly the text that was on screen.
    ctl.close_database()
    cfg = window.config
    again = open_window(qtbot, survey, cfg)
    ctl2 = history_panel.install(again)
    dialog = ctl2.check_recovery(str(survey.resolve()))
    assert dialog is not None
    dialog.done(QDialog.DialogCode.Accepted)
    qtbot.waitUntil(lambda: again.runner.published_revision == again.runner.revision, timeout=10000)
    assert again.current_text() == final
    _shows(again, final)
    _modified(again, True)
    assert survey.read_text(encoding="utf-8") == elsewhere  # never written by the recovery

    # What the window shows is what survey-check says of the same text.
    copy = tmp_path / "final.md"
    copy.write_text(final, encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    run = subprocess.run([sys.executable, "-c", "import sys; from editor_app.cli import main; sys.exit(main())",
                          str(copy), "--format", "json"], capture_output=True, env=env, timeout=120)
    assert run.returncode in (0, 1), run.stderr.decode()
    cli = json.loads(run.stdout.decode("utf-8"))
    cli.pop("file", None)
    cli.pop("pack_source", None)  # (which file the pack was read from: survey-check's, QA26f D5)
    assert cli == _report(again.latest_analysis)
