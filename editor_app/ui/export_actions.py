"""File → Export report and Tools → Update self-check figures, added to the main window by `install(window)`.

Window contract: `latest_analysis`, `current_text()`, `set_text_undoable(text)` (or, better for Undo,
`replace_spans_undoable(edits)`), `current_path`, `pack`
(`.name`, `.source`), `menu_file`, `menu_tools`, optionally the `analysis_ready` signal.
Charts are drawn on the GUI thread (pyqtgraph needs it); the HTML/PDF is written by a pool thread.
"""

from __future__ import annotations

import errno
import os
import sys
from pathlib import Path
from typing import Any

from PySide6.QtCore import (
    QT_TRANSLATE_NOOP, QCoreApplication, QEventLoop, QObject, QRunnable, QSize, Qt, QThreadPool, QTimer, Signal,
)
from PySide6.QtGui import QAction, QColor, QFont, QFontDatabase, QKeySequence, QSyntaxHighlighter, QTextCharFormat
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QLabel,
    QMessageBox,
    QPlainTextEdit,
    QProgressDialog,
    QVBoxLayout,
)

from editor_app.core.file_name_privacy import SURVEY_FILE, NamedFile, private_file_names, scanned_name
from editor_app.core.model import Analysis
from editor_app.core.pack_origin import pack_origin
from editor_app.core.selfcheck_update import self_check_update, unified_diff, updated_self_check_text
from editor_app.formats import verdict
from editor_app.wording import claim_figure, claim_place
from editor_app.ui.screen_fit import resize_to_fit
from editor_app.ui.theme import DIFF_COLOURS, on_base

# Ctrl+E as many editors export; Shift+F5 beside F5 (Re-analyse): F5 measures, Shift+F5 writes the measured figures
# in (shown as a diff first). Not Ctrl+U (the editor's own "delete the line" on Linux) nor Ctrl+Shift+U/F/E, which
# the Chinese input methods (IBus, Fcitx) take before the window sees them.
EXPORT_KEYS = "Ctrl+E"
UPDATE_FIGURES_KEYS = "Shift+F5"

HTML_FILTER = QT_TRANSLATE_NOOP("ReportActions", "HTML report (*.html)")
PDF_FILTER = QT_TRANSLATE_NOOP("ReportActions", "PDF report (*.pdf)")


def install(window: Any) -> "ReportActions":
    """Add the two actions to the window's File and Tools menus; returns the controller (kept on the window)."""
    actions = ReportActions(window)
    window.report_actions = actions
    return actions


class _Relay(QObject):
    done = Signal(str)
    failed = Signal(str)


def _survey_file(window) -> str | None:
    path = getattr(window, "current_path", None)
    return str(path) if path else None


def _named_files(window, analysis: Analysis) -> list[NamedFile]:
    """The file names the report prints that hold private data (core/file_name_privacy.py): the survey's, and the
    rule pack's when it is not the bundled one."""
    pack = getattr(window, "pack", None)
    if pack is None:
        return []
    path = analysis.file or _survey_file(window)  # (the window analyses its text without a file: its current file)
    origin = pack_origin(pack, path)
    return private_file_names(path, pack, None if origin.bundled else origin.path)


def _system_reason(code: int) -> str | None:
    """What a common reason a report can't be written means, in the window's language (the system's own words are
    English whatever the window's language: "Permission denied"). QCoreApplication.translate is thread-safe: the
    export's pool thread asks."""
    if code in (errno.EACCES, errno.EPERM):
        return QCoreApplication.translate("ReportActions", "no permission to write there")
    if code == errno.ENOSPC:
        return QCoreApplication.translate("ReportActions", "the disk is full")
    if code == getattr(errno, "EDQUOT", None):
        return QCoreApplication.translate("ReportActions", "the disk quota is used up")
    if code == errno.EROFS:
        return QCoreApplication.translate("ReportActions", "the disk or folder is read-only")
    if code == errno.ENOENT:
        return QCoreApplication.translate("ReportActions", "the folder does not exist")
    return None


def why_not_written(exc: OSError, say=str) -> str:
    """Why a report could not be written, in the window's language: the program's own reasons ("the file is
    read-only (…)") in its words (`say`), a system error of a common kind explained with the system's text after
    it ("the disk is full (No space left on device)")."""
    reason = exc.strerror or str(exc)
    if exc.errno is None or reason != os.strerror(exc.errno):  # the program's own words
        return say(reason)
    explained = _system_reason(exc.errno)
    if explained is None:
        return reason
    return QCoreApplication.translate("ReportActions", "{why} ({system})").format(why=explained, system=reason)


class _ExportJob(QRunnable):
    def __init__(self, relay: _Relay, analysis: Analysis, text: str, path: Path, pack: tuple[str, str], charts,
                 language: str = "en", rule_pack=None, say=str, survey_file: str | None = None):
        super().__init__()
        self.relay, self.analysis, self.text, self.path, self.pack, self.charts = (
            relay, analysis, text, path, pack, charts
        )
        self.language, self.rule_pack, self.say, self.survey_file = language, rule_pack, say, survey_file

    def run(self) -> None:
        try:
            from editor_app.ui.export import export_report_file  # markdown, nh3: loaded on first export

            export_report_file(
                self.analysis, self.text, self.path, pack_name=self.pack[0], pack_source=self.pack[1],
                charts=self.charts, language=self.language, pack=self.rule_pack, survey_file=self.survey_file,
            )
        except OSError as exc:  # the file and why: "…/report.pdf: the disk is full (No space left on device)"
            self._tell(self.relay.failed, f"{exc.filename or self.path}: {why_not_written(exc, self.say)}")
        except Exception as exc:  # reported to the user, never swallowed
            self._tell(self.relay.failed, f"{type(exc).__name__}: {exc}")
        else:
            self._tell(self.relay.done, str(self.path))

    @staticmethod
    def _tell(signal, message: str) -> None:
        try:
            signal.emit(message)
        except RuntimeError:  # the window is gone: the program quit while the report was written (stop_writers)
            pass


def _stop_pdf_writers() -> None:
    """Quitting: a PDF still being written is stopped (the program's exit waits for the export that waits for it)."""
    pdf_export = sys.modules.get("editor_app.ui.pdf_export")  # (not loaded: no PDF was written)
    if pdf_export is not None:
        pdf_export.stop_writers()


class _Planning(QObject):
    """Works out the report's charts on a thread of its own (no drawing there) and hands them, or what went wrong,
    to the GUI thread."""

    ready = Signal(object)

    def plan(self, work) -> None:
        import threading

        def run() -> None:
            try:
                result = work()
            except Exception as exc:
                result = exc
            self.ready.emit(result)

        threading.Thread(target=run, name="report charts", daemon=True).start()


def _failing(exc: BaseException):
    """A drawing that fails at once with `exc` (the charts could not be worked out)."""
    raise exc
    yield  # (unreachable: it makes this a generator)


class ReportActions(QObject):
    """Owns the export and update actions; `export_finished`/`export_failed` tell when a file is written."""

    export_finished = Signal(str)
    export_failed = Signal(str)

    def __init__(self, window: Any) -> None:
        super().__init__(window)
        self.window = window
        self._relay = _Relay(self)
        self._relay.done.connect(self._on_done)
        self._relay.failed.connect(self._on_failed)
        self._busy = False
        self._cancelled = False
        self.progress: QProgressDialog | None = None  # a PDF being written: its Cancel stops the writer
        self._stopper = QTimer(self, interval=200)  # Cancel pressed before the writer started: stopped when it does
        self._stopper.timeout.connect(_stop_pdf_writers)
        self._planning: _Planning | None = None  # the report's charts being worked out off the GUI thread
        self.export_action = QAction(self.tr("&Export Report (HTML/PDF)…"), window)
        self.export_action.setObjectName("action_export_report")
        self.export_action.setShortcut(QKeySequence(EXPORT_KEYS))  # had only its Alt path (Alt+F, E)
        self.export_action.setStatusTip(self.tr("Write the survey with its self-check appendix as HTML or PDF"))
        self.export_action.triggered.connect(self.export_interactively)
        self.update_action = QAction(self.tr("&Update Self-check Figures…"), window)
        self.update_action.setObjectName("action_update_self_check")
        self.update_action.setShortcut(QKeySequence(UPDATE_FIGURES_KEYS))
        self.update_action.setStatusTip(self.tr("Write the measured values over the figures the survey states"))
        self.update_action.triggered.connect(self.update_self_check_figures)
        quit_action = getattr(window, "action_quit", None)
        if quit_action is not None and quit_action in window.menu_file.actions():
            window.menu_file.insertAction(quit_action, self.export_action)
            window.menu_file.insertSeparator(quit_action)
        else:
            window.menu_file.addAction(self.export_action)
        window.menu_tools.addSeparator()
        window.menu_tools.addAction(self.update_action)
        signal = getattr(window, "analysis_ready", None)
        if signal is not None:
            signal.connect(self._refresh_enabled)
        self._refresh_enabled()
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(_stop_pdf_writers)

    # ---- export ---------------------------------------------------------------------------------------------

    def export_interactively(self) -> None:
        """Ask first when the survey is not clean, then ask where, then write in the background."""
        analysis = self._current_analysis()
        if analysis is None:
            QMessageBox.information(self.window, self.tr("Export report"), self.tr("The survey has not been analysed yet."))
            return
        if self._busy:
            return
        said = verdict(analysis)  # as the report's first page lists them (a scope matching nothing too)
        failing, apart = said.failing_rules, said.apart
        named = _named_files(self.window, analysis)  # the file names the report prints, with private data in them
        if said.fails or analysis.privacy or named:
            lines = [self.tr("The survey is not ready to publish:")]
            say = _words(getattr(self.window, "pack", None))  # as the self-check panel names them
            if failing:  # named as the self-check panel names them: by title, not by the pack's rule id
                lines.append(self.tr("1 error-level rule fails:") if len(failing) == 1 else
                             self.tr("{n} error-level rules fail:").format(n=len(failing)))
                lines += [f"  • {say(r.title or r.id)}" for r in failing[:6]] + (["  • …"] if len(failing) > 6 else [])
            if apart:  # an error-level finding outside them fails the survey too (survey-check exits 1 for it)
                lines.append(self.tr("%n error-level finding(s) fail, though their rules do not:", "", len(apart)))
                lines += [f"  • [{f.rule}] {say(f.message)}" for f in apart[:6]] + (["  • …"] if len(apart) > 6 else [])
            if analysis.privacy:
                dims = _kinds(sorted({h.dimension for h in analysis.privacy}), say)
                n = len(analysis.privacy)
                lines.append(self.tr("1 private-data hit ({dims}).").format(dims=dims) if n == 1 else
                             self.tr("{n} private-data hits ({dims}).").format(n=n, dims=dims))
            for n in named:  # "the file name holds private data (name)", as survey-check --export refuses it
                lines.append((self.tr("The file name holds private data ({dims}).") if n.what == SURVEY_FILE else
                              self.tr("The rule pack's file name holds private data ({dims}).")).format(
                    dims=_kinds(n.dimensions().split(", "), say)))
            lines.append(self.tr("The report will list them on its first page. Export anyway?"))
            answer = QMessageBox.question(
                self.window,
                self.tr("Export report"),
                "\n".join(lines),
                QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                QMessageBox.StandardButton.No,
            )
            if answer != QMessageBox.StandardButton.Yes:
                return
        # the file types in the window's language too (the Chinese dialog offered "HTML report (*.html)")
        filters = f"{self.tr(HTML_FILTER)};;{self.tr(PDF_FILTER)}"
        path, chosen = QFileDialog.getSaveFileName(self.window, self.tr("Export report"), str(self._default_path()),
                                                   filters)
        if not path:
            return
        out = Path(path)
        if out.suffix.lower() not in (".html", ".htm", ".pdf"):
            out = out.with_name(out.name + (".pdf" if "pdf" in chosen.lower() else ".html"))
        self.export_to(out)

    def export_to(self, out: Path) -> None:
        """Draw the charts here, one per turn of the event loop (all at once froze the window 0.4-1 s at 8 MB), then
        write the file on a pool thread; export_finished/failed follow. The report is written in the window's
        language."""
        from editor_app.ui.engine_text import window_language

        language = window_language()
        analysis = self._current_analysis()
        if analysis is None:
            self.export_failed.emit(self.tr("The survey has not been analysed yet."))
            return
        text = self.window.current_text()  # the text analysed (_current_analysis waited for it)
        self._busy = True
        self.export_action.setEnabled(False)
        self._status(self.tr("Exporting report to {path}…").format(path=out))
        from editor_app.ui.charts_render import draw_planned, planned_charts

        charts: list[tuple[str, bytes]] = []
        drawing: Any = None

        def draw_next() -> None:
            try:
                charts.append(next(drawing))
            except StopIteration:
                pass
            except Exception as exc:
                charts.clear()
                self._status(self.tr("Charts left out: {error}").format(error=exc))
            else:
                if not self._cancelled:
                    QTimer.singleShot(0, self, draw_next)  # (keys and repaints come in between)
                    return
            if self._cancelled:  # (Cancel pressed while the charts were drawn: no writer to stop)
                self._on_failed(self.tr("Export cancelled"))
                return
            job = _ExportJob(self._relay, analysis, text, out, self._pack(analysis), charts,
                             language, getattr(self.window, "pack", None), _words(getattr(self.window, "pack", None)),
                             _survey_file(self.window))
            QThreadPool.globalInstance().start(job)

        def planned(plan: Any) -> None:
            nonlocal drawing
            self._planning = None
            drawing = draw_planned(*plan) if isinstance(plan, tuple) else _failing(plan)
            draw_next()

        self._planning = _Planning()  # (kept until the plan comes back)
        self._planning.ready.connect(planned)
        self._planning.plan(lambda: planned_charts(analysis, language=language))
        if out.suffix.lower() == ".pdf":
            self._show_progress(out)  # (at once: Cancel works while the charts are still being drawn)

    def _show_progress(self, out: Path) -> None:
        """A PDF takes from seconds to minutes (a 2 MB survey's: about one) with no page count to show while Qt lays
        it out: a busy bar, the time so far and Cancel, which stops the writer (no file is left)."""
        self._cancelled = False
        dialog = QProgressDialog(self.window)
        dialog.setObjectName("pdf_export_progress")
        dialog.setWindowTitle(self.tr("Export report"))
        dialog.setLabelText(self.tr("Writing the PDF report {name}…\nA long survey's report takes minutes.")
                            .format(name=out.name))
        dialog.setCancelButtonText(self.tr("Cancel"))
        dialog.setRange(0, 0)  # (busy: the layout tells no progress)
        dialog.setMinimumDuration(0)
        dialog.setAutoClose(False)
        dialog.setAutoReset(False)
        dialog.canceled.connect(self.cancel_export)
        self.progress = dialog
        dialog.show()

    def cancel_export(self) -> None:
        """Stop the PDF being written: the export then fails as cancelled, quietly, and leaves no file."""
        if not self._busy or self._cancelled:
            return
        self._cancelled = True
        self._status(self.tr("Cancelling the export…"))
        _stop_pdf_writers()
        self._stopper.start()  # (the writer may not have started yet: the report's HTML is made first)

    def _export_ended(self) -> None:
        self._busy = False
        self._stopper.stop()
        if self.progress is not None:
            self.progress.canceled.disconnect(self.cancel_export)
            self.progress.close()
            self.progress.deleteLater()
            self.progress = None
        self._refresh_enabled()

    def _on_done(self, path: str) -> None:
        self._export_ended()
        self._status(self.tr("Report written: {path}").format(path=path))
        self.export_finished.emit(path)

    def _on_failed(self, message: str) -> None:
        self._export_ended()
        if self._cancelled:
            self._status(self.tr("Export cancelled"))
            self.export_failed.emit(message)
            return
        self._status(self.tr("Export failed"))
        self.export_failed.emit(message)
        QMessageBox.warning(self.window, self.tr("Export report"), self.tr("The report could not be written:\n{error}")
                            .format(error=message))

    # ---- update self-check figures --------------------------------------------------------------------------

    def update_self_check_figures(self) -> bool:
        """Show the rewrite as a diff; apply it (undoable) when the user accepts. True when applied."""
        analysis = self._current_analysis()
        title = self.tr("Update self-check figures")
        if analysis is None:
            QMessageBox.information(self.window, title, self.tr("The survey has not been analysed yet."))
            return False
        text = self.window.current_text()
        plan = self_check_update(text, analysis)
        updates = plan.updates
        say = _words(getattr(self.window, "pack", None))  # the claims audit's words, in the window's language
        # as the claims audit names them; a total that is also a stated sum's is named by what it counts ("CJK"),
        # which is what is written over it, not "stated sum (stated parts)"
        named = {(c.line, c.value_column): _figure_name(c, say)
                 for c in sorted(analysis.claims, key=lambda c: c.kind == "value")}
        held = self._held_back(plan.held, named)
        if not updates:
            left = [c for c in analysis.claims if c.wrong]
            wrong = len(left)
            if any(c.kind not in ("sum", "ratio") for c in left):  # a place gone, a number not read whole …
                told = self.tr(
                    "Nothing to rewrite, but %n self-reported figure(s) still wrong, and the measured figure can't "
                    "simply be written over them (stated sums or ratios, places the survey does not have, numbers "
                    "not read whole): the self-check panel lists them and says why.", "", wrong)
            else:
                told = self.tr(
                    "Every figure the survey states about itself matches what is measured.") if not wrong else self.tr(
                    "Nothing to rewrite, but %n self-reported figure(s) still wrong: stated sums or ratios, whose "
                    "parts only you can correct (the self-check panel lists them).", "", wrong)
            QMessageBox.information(self.window, title, told + ("\n\n" + held if held else ""))
            return False
        new = updated_self_check_text(text, analysis, updates)
        name = Path(self.window.current_path).name if getattr(self.window, "current_path", None) else "survey"
        summary = "\n".join(
            self.tr("line {line}: {metric} {old} → {new}").format(
                line=u.line, metric=named.get((u.line, u.column), u.metric), old=u.old, new=u.new)
            for u in updates
        )
        titles = (self.tr("%1 (stated)").replace("%1", name), self.tr("%1 (measured)").replace("%1", name))
        dialog = SelfCheckDiffDialog(unified_diff(text, new, titles=titles), summary, len(updates), self.window,
                                     left_alone=self._left_alone(analysis, updates, plan.held, held))
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        in_place = getattr(self.window, "replace_spans_undoable", None)
        if in_place is None or not in_place([(u.line, u.column, u.old, u.new) for u in updates]):
            if self.window.current_text() != text:
                # Changed while the diff was on screen (a reload from disk, a recovered autosave): the rewrite of
                # the text before would have put that text back over the change, which was lost without a word.
                QMessageBox.information(self.window, title, self.tr(
                    "The survey changed while the update was on screen: nothing was rewritten. Ask for the update "
                    "again to see the figures of the survey as it is now."))
                return False
            self.window.set_text_undoable(new)
        said = self.tr("%n self-check figure(s) updated (Undo restores them)", "", len(updates))
        self._status(said)
        self._unsay_when_undone(said)
        return True

    def _unsay_when_undone(self, said: str) -> None:
        """Take the status bar's "figures updated" back once the update is undone (it stayed its 8 s beside the
        figures Undo had just made wrong again)."""
        editor = getattr(self.window, "editor", None)
        bar = getattr(self.window, "statusBar", None)
        if editor is None or not callable(bar):
            return
        document = editor.document()
        steps = document.availableUndoSteps()
        connected = [True]

        def let_go() -> None:
            if connected[0]:
                connected[0] = False
                document.contentsChanged.disconnect(changed)

        def changed() -> None:
            if document.availableUndoSteps() >= steps:
                return  # (typing after the update: it still stands)
            let_go()
            if bar().currentMessage() == said:
                bar().clearMessage()

        document.contentsChanged.connect(changed)
        QTimer.singleShot(8000, self, let_go)  # (the message is gone by then anyway)

    def _left_alone(self, analysis: Analysis, updates: list, held_updates: list = (), held: str = "") -> str:
        """What the update will not touch: the wrong figures no rewrite replaces ("" when there are none), so that
        the wrong figures still listed after Apply are no surprise; `held`: those held back so as not to break a
        stated sum or ratio (`_held_back`), said first, each with its reason."""
        rewritten = {(u.line, u.column) for u in updates} | {(h.update.line, h.update.column) for h in held_updates}
        lines = sorted({c.line for c in analysis.claims if c.wrong and (c.line, c.value_column) not in rewritten})
        if not lines:
            return held
        where = ", ".join(str(n) for n in lines)
        wrong = self.tr("Not rewritten: the wrong stated sums and ratios (and figures the measured value can't simply "
                        "replace) on %n line(s): {lines}. Only you can correct them; the self-check panel shows which "
                        "are still wrong after the update.", "", len(lines)).format(lines=where)
        return held + "\n\n" + wrong if held else wrong

    def _held_back(self, held: list, named: dict, most: int = 8) -> str:
        """The rewrites held back so that a stated sum or ratio right now is not made wrong, one line each with
        why ("" when none): applied, "CJK 实测 28（20 + 8）" measured 30 would have read "30（20 + 8）"."""
        if not held:
            return ""
        said = []
        for h in held[:most]:
            u = h.update
            figure = self.tr("line {line}: {metric} {old} → {new}").format(
                line=u.line, metric=named.get((u.line, u.column), u.metric), old=u.old, new=u.new)
            if h.kind == "ratio":
                why = self.tr("{figure}, a term of the stated ratio {stated} (line {stated_line})")
            elif h.role == "total":
                why = self.tr("{figure}, the total of the stated sum {stated}")
            else:
                why = self.tr("{figure}, a part of the stated sum {stated} (line {stated_line})")
            said.append(why.format(figure=figure, stated=h.stated, stated_line=h.stated_line))
        if len(held) > most:
            said.append(self.tr("… and %n more", "", len(held) - most))
        return "\n".join([self.tr(
            "Left as written: %n figure(s) in stated sums or ratios that are right now: with the measured value "
            "written in, they would no longer add up. Only you know which of their figures to correct; correct them "
            "together:", "", len(held))] + said)

    # ---- helpers --------------------------------------------------------------------------------------------

    def _analysis(self) -> Analysis | None:
        return getattr(self.window, "latest_analysis", None)

    def _current_analysis(self, timeout_ms: int = 30000) -> Analysis | None:
        """The analysis of the text now in the editor: after a fresh edit, wait for it (the one on screen is up to
        150 ms behind, seconds on a long survey; its measurements written over the survey would be stale)."""
        runner = getattr(self.window, "runner", None)
        ready = getattr(self.window, "analysis_ready", None)
        if runner is None or ready is None or runner.published_revision == runner.revision:
            return self._analysis()
        loop = QEventLoop()
        ready.connect(loop.quit)
        runner.analysis_failed.connect(loop.quit)  # the window says why; the last analysis is used
        QTimer.singleShot(timeout_ms, loop.quit)
        QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            runner.analyse_now()
            if runner.published_revision != runner.revision:
                loop.exec(QEventLoop.ProcessEventsFlag.ExcludeUserInputEvents)
        finally:
            QApplication.restoreOverrideCursor()
            ready.disconnect(loop.quit)
            runner.analysis_failed.disconnect(loop.quit)
        return self._analysis()

    def _pack(self, analysis: Analysis) -> tuple[str, str]:
        pack = getattr(self.window, "pack", None)
        name = getattr(pack, "name", "") or getattr(pack, "title", "") or analysis.pack or "rule pack"
        source = getattr(pack, "source", "") or ""
        if not source and getattr(pack, "path", ""):
            try:
                source = Path(pack.path).read_text(encoding="utf-8")
            except OSError:
                source = ""
        return str(name), str(source)

    def _default_path(self) -> Path:
        """Beside the survey, named after it, with the private data of its name masked as the report prints it
        ("陈思远-草稿-10.1.2.3.md": "陈＊＊＊＊-草稿-10＊＊＊＊＊＊-report.html"; a full-width star, as a name may
        hold it where "*" is a wildcard, and Windows refuses it)."""
        current = getattr(self.window, "current_path", None)
        if current:
            p = Path(current)
            stem = Path(scanned_name(SURVEY_FILE, p.name, getattr(self.window, "pack", None)).masked(hide="＊")).stem
            if getattr(self.window, "is_bundled_sample", False):  # not into the program's own (read-only) files
                return Path.home() / (stem + "-report.html")
            return p.with_name(stem + "-report.html")
        return Path.home() / "survey-report.html"

    def _refresh_enabled(self, *args: Any) -> None:
        has = self._analysis() is not None
        self.export_action.setEnabled(has and not self._busy)
        self.update_action.setEnabled(has)

    def _status(self, message: str) -> None:
        bar = getattr(self.window, "statusBar", None)
        if callable(bar):
            bar().showMessage(message, 8000)


def _figure_name(claim: Any, say=str) -> str:
    """'CJK (§八)', 'lines' (行 in Chinese): the claim's label and, unless it is the whole survey, what it counts."""
    label, place = say(claim_figure(claim)), claim_place(claim)
    return f"{label} ({say(place)})" if place and place != "document" else label


def _kinds(dimensions, say) -> str:
    """The kinds of private data in the window's language: "path, secret", "密钥、路径"."""
    from editor_app.ui.engine_text import window_language

    return ("、" if window_language() == "zh_CN" else ", ").join(say(d) for d in dimensions)


def _words(pack: Any):
    """The engine's and the pack's words in the window's language (as the self-check panel shows them)."""
    from editor_app.ui.engine_text import words_for

    try:
        return words_for(pack)
    except AttributeError:  # a window whose pack is no RulePack (no translations of its own): the engine's words
        return words_for(None)


class _DiffHighlighter(QSyntaxHighlighter):
    def highlightBlock(self, text: str) -> None:  # noqa: N802 (Qt's name)
        colours = getattr(self, "_colours", None)
        if colours is None:  # on a dark theme lightened to read
            colours = self._colours = {k: on_base(QColor(v)) for k, v in DIFF_COLOURS.items()}
        colour = colours.get(text[:1])
        if colour and not text.startswith(("+++", "---")):
            fmt = QTextCharFormat()
            fmt.setForeground(colour)
            self.setFormat(0, len(text), fmt)


class SelfCheckDiffDialog(QDialog):
    """The pending rewrite as a unified diff, with Apply / Cancel."""

    def __init__(self, diff: str, summary: str, count: int, parent=None, *, left_alone: str = "") -> None:
        super().__init__(parent)
        self.setObjectName("self_check_diff_dialog")
        self.setWindowTitle(self.tr("Update self-check figures"))
        resize_to_fit(self, QSize(900, 560))  # Apply and Cancel on the screen, at 150 % on a laptop too
        layout = QVBoxLayout(self)
        head = QLabel(self.tr("%n stated figure(s) will be replaced by the measured value:", "", count))
        layout.addWidget(head)
        # One line per figure, in a read-only text box at most ~8 lines high: the dialog, its diff and its buttons
        # stay on the screen however many figures a long survey rewrites, and it opens at once (a word-wrapped
        # label laid out all 5,400 lines of an 8 MB survey's list first: 0.9 s before the dialog appeared).
        changes = QPlainTextEdit(summary, self)
        changes.setObjectName("changes")
        changes.setReadOnly(True)
        changes.setFrameShape(QPlainTextEdit.Shape.NoFrame)
        changes.viewport().setAutoFillBackground(False)
        spacing = changes.fontMetrics().lineSpacing()
        changes.setFixedHeight(spacing * (min(8, summary.count("\n") + 1) + 1)
                               + 2 * int(changes.document().documentMargin()))
        layout.addWidget(changes)
        if left_alone:  # the wrong figures Apply leaves as they are
            note = QLabel(left_alone, self)
            note.setTextFormat(Qt.TextFormat.PlainText)  # (a stated sum as written: never read as markup)
            note.setObjectName("left_alone")
            note.setWordWrap(True)
            layout.addWidget(note)
        self.diff_view = QPlainTextEdit(diff)
        self.diff_view.setObjectName("diff")
        self.diff_view.setReadOnly(True)
        self.diff_view.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        font = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        font.setStyleHint(QFont.StyleHint.Monospace)
        self.diff_view.setFont(font)
        self._highlighter = _DiffHighlighter(self.diff_view.document())
        layout.addWidget(self.diff_view, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        apply = buttons.addButton(self.tr("Apply"), QDialogButtonBox.ButtonRole.AcceptRole)
        apply.setObjectName("apply")
        apply.setDefault(True)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
