"""The References tab: one row per cited arXiv id, what the survey says about it and what arXiv says."""

from __future__ import annotations

import math
from datetime import datetime
from typing import Any, Callable

from PySide6.QtCore import QEvent, QModelIndex, QObject, QPoint, Qt, QUrl, Signal
from PySide6.QtGui import QAction, QBrush, QContextMenuEvent, QDesktopServices, QGuiApplication
from PySide6.QtWidgets import (
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMenu,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from editor_app.config import Config
from editor_app.core.model import Analysis, Reference
from editor_app.core.reference_verdicts import (
    COMPARE_BY_HAND, cited_as, name_in_row, status_counts, status_parts, statuses_of, worst_level,
)
from editor_app.ui.icons import REFERENCE_COLOURS
from editor_app.ui.selfcheck_panel import fit_columns, make_table, row_of
from editor_app.ui.table_models import Column, RowsModel
from editor_app.ui.verify_worker import VerifyWorker

ABS_URL = "https://arxiv.org/abs/{id}"
TITLE_COLUMN, STATUS_COLUMN = 2, 3
TITLE_MIN, TITLE_MAX, STATUS_MAX = 120, 220, 360  # px ("v3 not found (L13) · v1 ✓ (L34, L57)" is ~230)
OK_STATUSES = {"verified"}


def abstract_url(ref_id: str) -> str:
    return ABS_URL.format(id=ref_id)


def local_time(stamp: str) -> str:
    """arXiv's answers are stamped in UTC ("2026-12-03T15:54:03Z"); the table shows the user's clock time."""
    try:
        when = datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    except ValueError:
        return stamp[:19]
    return (when.astimezone() if when.tzinfo else when).strftime("%Y-%m-%d %H:%M:%S")


def judged_facts(ref: Reference) -> tuple:
    """What a verdict compares with arXiv's answer: when the survey changes one, the verdict must be judged again."""
    return tuple(ref.names or ()), ref.name, ref.version, ref.stated_date, ref.stated_category


class ReferencesPanel(QWidget):
    """Reference table with "Verify all", per-row re-verify, "Open on arXiv" and occurrence cycling."""

    jump_requested = Signal(int, int)
    verdicts_changed = Signal(object)  # {id: verdict}
    verification_running = Signal(bool)

    def __init__(self, config_provider: Callable[[], Config], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("references_panel")
        self._config_provider = config_provider
        self.say: Callable[[str], str] = str  # statuses and arXiv's answers in the user's language (the window's)
        self.verdicts: dict[str, dict[str, Any]] = {}
        self._generation = 0  # bumped when another survey is opened: late verdicts for the old one are ignored
        self._cycle: dict[str, int] = {}
        self.worker: VerifyWorker | None = None
        self._judged: dict[str, tuple] = {}  # id -> judged_facts of the reference its verdict was judged for
        self._rejudger: VerifyWorker | None = None  # judges edited references again from the cache, quietly
        self._rejudge_again = False
        self._run_answered: set[str] = set()  # ids the running verification has shown a verdict for
        self._wait_until: float | None = None  # when the wait arXiv asked the last run for is over (None: no wait)

        self.model = RowsModel(self._columns(), self)
        self.view = make_table(self.model, self, filterable=True)
        self.view.setObjectName("references_table")
        self.view.setAccessibleName(self.tr("Cited arXiv references"))
        self.proxy = self.view.model()
        self.view.clicked.connect(self._clicked)
        self.view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.view.customContextMenuRequested.connect(self._context_menu)
        self.view.installEventFilter(self)  # the Menu key and Shift+F10: the menu of the row the keys are on

        self.verify_button = QPushButton(self.tr("Verify all"))
        self.verify_button.setToolTip(self.tr("Ask arXiv about every cited id (cached answers are reused)"))
        self.verify_button.clicked.connect(lambda: self.verify())
        # (what survey-check --force-refresh does: cached "found" answers never expire, and a paper may have been
        # withdrawn or revised since; one batched request, as Verify all)
        self.refresh_button = QPushButton(self.tr("Verify all again"))
        self.refresh_button.setToolTip(self.tr(
            "Ask arXiv again about every cited id, ignoring cached answers (one batched request, as survey-check "
            "--force-refresh)"))
        self.refresh_button.clicked.connect(lambda: self.verify(force=True))
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.clicked.connect(self.cancel)
        self.cancel_button.setToolTip(self.tr("Stop asking arXiv (what it answered stays cached)"))
        self.cancel_button.setVisible(False)
        self.progress = QProgressBar()
        self.progress.setVisible(False)
        self.progress.setTextVisible(True)
        self.only_problems = QCheckBox(self.tr("Only problems"))
        self.only_problems.toggled.connect(self._apply_filter)
        self.only_problems.setToolTip(self.tr("List only the references arXiv did not confirm"))
        self.filter_edit = QLineEdit()
        self.filter_edit.setPlaceholderText(self.tr("Filter…"))
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.setAccessibleName(self.tr("Filter the references"))
        self.filter_edit.textChanged.connect(self._apply_filter)
        self.message = QLabel()
        self.message.setWordWrap(True)

        bar = QHBoxLayout()
        bar.addWidget(self.verify_button)
        bar.addWidget(self.refresh_button)
        bar.addWidget(self.progress, 1)
        bar.addWidget(self.cancel_button)
        bar.addWidget(self.only_problems)
        bar.addWidget(self.filter_edit, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(bar)
        layout.addWidget(self.message)
        layout.addWidget(self.view, 1)
        self._sized = False
        self._summary_shown = ""  # the counts line as last shown (an edit recounts it, never another message)
        self._summary_before = ""
        self._cache_note = ""  # the last run's word on damaged cached answers, said with its summary

    # ----- rows -----
    def status_of(self, ref: Reference) -> str:
        v = self.verdicts.get(ref.id)
        return str(v.get("status")) if v and v.get("status") else ref.status

    def verdict_of(self, ref: Reference) -> dict[str, Any]:
        return self.verdicts.get(ref.id) or ref.details or {"status": ref.status}

    def status_text(self, ref: Reference) -> str:
        """Every status that applies, worst first ("name mismatch · withdrawn?"); a version not found says which
        version, and its lines ("v3 not found (L13) · v1 ✓ (L34, L57)")."""
        return " · ".join(self.say(text) for _status, text in status_parts(ref, self.verdict_of(ref)))

    def detail(self, ref: Reference, key: str) -> Any:
        v = self.verdicts.get(ref.id) or {}
        return v.get(key, ref.details.get(key))

    def is_problem(self, ref: Reference) -> bool:
        return self.status_of(ref) not in OK_STATUSES

    def _columns(self) -> list[Column]:
        def status_bg(ref: Reference):  # (the colour of the worst status that applies)
            colour = REFERENCE_COLOURS[worst_level(statuses_of(ref, self.verdict_of(ref)))]
            c = colour.lighter(100)
            c.setAlpha(60)
            return QBrush(c)

        def occurrences(ref: Reference) -> str:
            lines = [o.line for o in ref.occurrences] or list(ref.lines)
            shown = ", ".join(f"L{n}" for n in lines[:3]) + (" …" if len(lines) > 3 else "")
            return f"{len(lines)}× {shown}"

        def authors(ref: Reference) -> str:
            a = self.detail(ref, "authors")
            if isinstance(a, (list, tuple)):
                names = [x.get("name", "") if isinstance(x, dict) else str(x) for x in a]
                return ", ".join(names[:3]) + (" et al." if len(names) > 3 else "")
            return str(a or "")

        def similarity(ref: Reference) -> str:
            s = self.detail(ref, "similarity")
            return f"{s:.2f}" if isinstance(s, (int, float)) else ""

        def fetched(ref: Reference) -> str:
            t = self.detail(ref, "fetched_at") or ""
            cached = self.detail(ref, "cached")
            return f"{local_time(str(t))}{' ' + self.tr('(cache)') if cached else ''}".strip()

        def title(ref: Reference) -> str:
            return " ".join(str(self.detail(ref, "title") or "").split())

        def status_tip(ref: Reference) -> str:
            v = self.verdicts.get(ref.id) or ref.details
            parts = [ref.problem] if ref.problem else []
            for key in ("message", "reason", "detail", "note"):
                if v.get(key):
                    parts.append(str(v[key]))
            # (an impossible id's problem is also its verdict's message: said once)
            tip = "\n".join(map(self.say, dict.fromkeys(parts))) or self.say(self.status_of(ref))
            if title(ref) and COMPARE_BY_HAND & set(statuses_of(ref, self.verdict_of(ref))):
                # the verdict asks the reader to compare a name with the title: the title is here, whole
                tip += "\n" + self.tr("arXiv's title: %1").replace("%1", title(ref))
            return tip

        return [
            Column(self.tr("arXiv id"), cited_as, tooltip=lambda r: ", ".join(
                dict.fromkeys(o.raw for o in r.occurrences)) or r.id),
            # (the name a name mismatch is about: its status and similarity are that name's)
            Column(self.tr("Name in the survey"), lambda r: name_in_row(r, self.verdict_of(r)),
                   tooltip=lambda r: " · ".join(getattr(r, "names", None) or ([r.name] if r.name else []))),
            # (arXiv's title beside the survey's name, the two a reader compares; then the verdict)
            Column(self.tr("Title on arXiv"), title, tooltip=lambda r: str(self.detail(r, "title") or "")),
            Column(self.tr("Status"), self.status_text, background=status_bg, tooltip=status_tip),
            Column(self.tr("Occurrences"), occurrences, sort_key=lambda r: len(r.occurrences) or len(r.lines),
                   tooltip=lambda r: ", ".join(f"L{o.line}" for o in r.occurrences) + "\n"
                   + self.tr("Click again to go to the next occurrence")),
            Column(self.tr("Authors"), authors),
            Column(self.tr("Published"), lambda r: str(self.detail(r, "published") or "")[:10]),
            Column(self.tr("Similarity"), similarity, sort_key=lambda r: self.detail(r, "similarity") or -1.0,
                   align_right=True),
            Column(self.tr("Fetched"), fetched),
        ]

    def show_analysis(self, analysis: Analysis) -> None:
        self.model.set_rows(analysis.references)
        if self.worker is None and self.verdicts and self.message.text() == self._summary_shown:
            self._show_summary()  # an edit added, removed or changed a cited id: the counts follow the rows
        self._rejudge_edited()
        self._cycle = {k: v for k, v in self._cycle.items() if any(r.id == k for r in analysis.references)}
        if not self._sized and analysis.references:
            self._sized = True
            self._size_columns()

    def _size_columns(self) -> None:
        """Fit columns to their contents, within limits that keep the status and title in view."""
        caps = (140, 150, 200, 220, 130, 180, 90, 70)  # (Status: room for "v3 not found (L13) · v1 ✓ (L34, L57)")
        fit_columns(self.view, caps, rest=150)

    def references(self) -> list[Reference]:
        return list(self.model.rows)

    def _apply_filter(self, *_args) -> None:
        needle = self.filter_edit.text().strip().lower()
        only = self.only_problems.isChecked()

        def keep(ref: Reference) -> bool:
            if only and not self.is_problem(ref):
                return False
            if needle:
                hay = " ".join([ref.id, ref.name or "", *statuses_of(ref, self.verdict_of(ref)), self.status_text(ref),
                                self.say(self.status_of(ref)), str(self.detail(ref, "title") or "")])
                return needle in hay.lower()
            return True

        self.proxy.set_predicate(keep if (needle or only) else None)

    # ----- navigation -----
    def _clicked(self, index: QModelIndex) -> None:
        ref = row_of(index)
        if ref is None:
            return
        places = [(o.line, o.column) for o in ref.occurrences] or [(n, 1) for n in ref.lines]
        if not places:
            return
        i = self._cycle.get(ref.id, -1) + 1
        i %= len(places)
        self._cycle[ref.id] = i
        self.jump_requested.emit(*places[i])

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        """Return on a row goes to its text. The row menu from the keyboard opens on the current row. Before, the Menu key and Shift+F10 opened
        nothing (or the menu of whatever row lay under the view's middle): re-verifying one reference, opening it on
        arXiv or copying its id needed the mouse."""
        if watched is self.view:
            kind = event.type()
            if kind == QEvent.Type.KeyPress and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) \
                    and self.view.currentIndex().isValid():
                # Return goes to the reference's text, the next occurrence each time, as a click does (it did nothing)
                self._clicked(self.view.currentIndex())
                return True
            if kind == QEvent.Type.KeyPress and (
                    event.key() == Qt.Key.Key_Menu or (event.key() == Qt.Key.Key_F10
                                                       and event.modifiers() == Qt.KeyboardModifier.ShiftModifier)):
                return self.open_row_menu()
            if kind == QEvent.Type.ContextMenu and event.reason() == QContextMenuEvent.Reason.Keyboard:
                return self.open_row_menu()
        return super().eventFilter(watched, event)

    def open_row_menu(self) -> bool:
        """The menu of the current row, under that row; False when no row is current."""
        index = self.view.currentIndex()
        if not index.isValid():
            return False
        self.view.scrollTo(index)
        rect = self.view.visualRect(index)
        self._context_menu(QPoint(rect.left() + 8, rect.bottom()), index)
        return True

    def _context_menu(self, pos: QPoint, index: QModelIndex | None = None) -> None:
        ref = row_of(index if index is not None else self.view.indexAt(pos))
        if ref is None:
            return
        menu = QMenu(self)
        menu.setObjectName("reference_menu")
        reverify = QAction(self.tr("&Re-verify this reference"), menu)
        reverify.triggered.connect(lambda: self.verify([ref], force=True))
        reverify.setEnabled(self.worker is None)
        open_abs = QAction(self.tr("&Open on arXiv"), menu)
        open_abs.triggered.connect(lambda: self.open_on_arxiv(ref))
        copy = QAction(self.tr("&Copy id"), menu)
        copy.triggered.connect(lambda: QGuiApplication.clipboard().setText(ref.id))
        title = " ".join(str(self.detail(ref, "title") or "").split())
        copy_title = QAction(self.tr("Copy &title"), menu)
        copy_title.triggered.connect(lambda: QGuiApplication.clipboard().setText(title))
        copy_title.setEnabled(bool(title))  # (known once arXiv has answered)
        for a in (reverify, open_abs, copy, copy_title):
            menu.addAction(a)
        menu.popup(self.view.viewport().mapToGlobal(pos))

    def open_on_arxiv(self, ref: Reference) -> bool:
        return QDesktopServices.openUrl(QUrl(abstract_url(ref.id)))

    # ----- verification -----
    def verify(self, references: list[Reference] | None = None, *, force: bool = False) -> bool:
        """Start verification in a worker; returns False when one is already running or nothing to verify."""
        if self.worker is not None:
            return False
        refs = list(references) if references is not None else self.references()
        if not refs:
            self.message.setText(self.tr("No arXiv ids in this survey."))
            return False
        _forget_ended_orphans()
        worker = VerifyWorker(refs, self._config_provider(), force=force, parent=self)
        asked = {r.id: judged_facts(r) for r in refs}

        def ours(handler: Callable[..., Any]) -> Callable[..., None]:
            # only the running verification's signals count: a cancelled one's (its request ending in the background,
            # its signals already queued) change nothing, nor does one started for a survey since closed (reset)
            return lambda *args: handler(*args) if self.worker is worker else None

        def judged(verdicts: dict) -> None:
            self._judged.update({k: asked[k] for k in verdicts if k in asked})

        worker.progressed.connect(ours(self._on_progress))
        worker.answered.connect(ours(judged))
        worker.verified.connect(ours(judged))
        worker.answered.connect(ours(self._on_answered))
        worker.noticed.connect(ours(self._on_notice))
        self._cache_note = ""
        self._run_answered = set()
        self._wait_until = None
        worker.cache_damaged.connect(ours(self._on_cache_damaged))
        worker.waits_until.connect(ours(self._on_wait))
        worker.verified.connect(ours(self._on_verified))
        worker.failed.connect(ours(self._on_failed))
        worker.finished.connect(ours(self._on_finished))
        self.worker = worker
        self.progress.setRange(0, len(refs))
        self.progress.setValue(0)
        self.progress.setFormat(self.tr("Verifying %v of %m…"))
        self.progress.setVisible(True)
        self.cancel_button.setVisible(True)
        self.cancel_button.setEnabled(True)
        self.verify_button.setEnabled(False)
        self.refresh_button.setEnabled(False)
        self.message.setText(self.tr("Asking arXiv (one request every few seconds, as its terms require)…"))
        self.verification_running.emit(True)
        worker.start()
        return True

    def reset(self) -> None:
        """Another survey was opened: stop asking about this one and forget its verdicts."""
        if self.worker is not None:
            _let_go(self.worker)
            self.worker = None
            self._run_over(rejudge=False)
        self._generation += 1
        self.verdicts.clear()
        self._judged.clear()
        self._summary_before = ""
        self.message.clear()

    def cancel(self) -> None:
        """Stop the run at once: nothing more is asked, and the tab is free again now, not when the request already
        sent comes back (up to the 30 s timeout). That request ends in the background; arXiv's answer to it is
        still cached. The line says how many references the run left unverified."""
        worker = self.worker
        if worker is None:
            return
        left = len({r.id for r in worker.references} - self._run_answered)
        _let_go(worker)
        self.worker = None
        self._run_over()
        self._show_summary(self.tr(
            "Cancelled: %n reference(s) left unverified; their rows are as they were. arXiv's answer to a request "
            "already sent is still cached.", "", left) if left else self.tr("Cancelled."))
        if self._run_answered:  # (the rows it did verify count, as a run's end counts them)
            self.verdicts_changed.emit(dict(self.verdicts))

    def _on_progress(self, done: int, total: int) -> None:
        if total > 0:
            self.progress.setRange(0, total)
        self.progress.setValue(done)

    def _show_verdicts(self, verdicts: dict) -> None:
        first = not self.verdicts
        self.verdicts.update(verdicts)
        self.model.refresh()
        if first:
            self._size_columns()
        self._fit_statuses()
        self._apply_filter()

    def _fit_statuses(self) -> None:
        """The Status column as wide as the statuses the verdicts brought (it was fitted to "unverified" before
        arXiv answered and cut "name mismatch" to "name mis…" in a 1280 px window; a column the user widened stays
        so); arXiv's title, whose tooltip holds it whole, takes the room left beside it, TITLE_MIN to TITLE_MAX."""
        view, header = self.view, self.view.horizontalHeader()
        wanted = min(max(view.sizeHintForColumn(STATUS_COLUMN), header.sectionSizeHint(STATUS_COLUMN)), STATUS_MAX)
        if wanted > header.sectionSize(STATUS_COLUMN):
            header.resizeSection(STATUS_COLUMN, wanted)
        if not view.isVisible():  # (no width to share yet: the first showing fits the columns)
            return
        room = view.viewport().width() - sum(
            header.sectionSize(i) for i in range(STATUS_COLUMN + 1) if i != TITLE_COLUMN)
        title = min(view.sizeHintForColumn(TITLE_COLUMN), TITLE_MAX, room)
        header.resizeSection(TITLE_COLUMN, max(TITLE_MIN, title))

    def _summary(self) -> str:
        """The counts line: how many references have each status, every status a row has counted ("name mismatch 2 ·
        withdrawn? 1" for two rows, one of them both); when the counts add up to more than the rows, it says so."""
        rows = self.model.rows
        counts = status_counts(statuses_of(ref, self.verdict_of(ref)) for ref in rows)
        line = " · ".join(f"{self.say(k)} {v}" for k, v in counts.items())
        if sum(counts.values()) > len(rows):
            line += "  " + (self.tr("(%1 references: one with several statuses counts under each)")
                            .replace("%1", str(len(rows))) if len(rows) != 1
                            else self.tr("(1 reference: counted under each of its statuses)"))
        return line

    def _show_summary(self, before: str | None = None) -> None:
        """The counts line, under `before` (what the last run adds: "Cancelled. "…; None: what it last added): on a
        line of its own, not run on after the sentence ("… once that wait is over. rate limited 15")."""
        if before is not None:
            self._summary_before = before.rstrip()
        self._summary_shown = (self._summary_before + "\n" if self._summary_before else "") + self._summary()
        self.message.setText(self._summary_shown)

    def _on_answered(self, verdicts: dict) -> None:
        """A batch answered while the run goes on: its rows show their verdicts now, not when the last one is in."""
        self._run_answered.update(verdicts)
        self._show_verdicts(verdicts)
        self.message.setText(self.tr("Asking arXiv (one request every few seconds, as its terms require)…")
                             + "\n" + self._summary())

    def _on_notice(self, text: str) -> None:
        """arXiv did not answer as hoped and the run waits to ask again: say so, instead of a bar that stands still."""
        self.message.setText(self.tr("Asking arXiv (one request every few seconds, as its terms require)…")
                             + "  " + self.say(text))

    def _on_cache_damaged(self, text: str) -> None:
        """Cached answers in the database could not be read (a JSONDecodeError naming no file failed every run,
        Verify all again too): they are asked again; which file and ids is said once, with the run's summary."""
        self._cache_note = self.say(text)

    def _on_wait(self, until: float) -> None:
        self._wait_until = until

    def _on_verified(self, verdicts: dict) -> None:
        self._show_verdicts(verdicts)
        self._show_summary((self._cache_note + ("" if self._cache_note.endswith("。") else " ") if self._cache_note
                            else "") + self._unanswered_said(verdicts))
        self.verdicts_changed.emit(dict(self.verdicts))

    def _unanswered_said(self, verdicts: dict) -> str:
        """Why arXiv answered nothing for some rows (429, 503, offline), or could not be asked again for rows that
        keep its earlier answer, and until when a wait it asked for lasts: said once here, not only in each tooltip."""
        earlier = [str(v["asked_again"]) for v in verdicts.values() if v.get("asked_again")]
        unanswered = [str(v["message"]) for v in verdicts.values()
                      if v.get("status") in ("rate limited", "unavailable") and v.get("message")]
        said = ""
        if earlier:
            said += self.tr(
                "arXiv could not be asked again about %n reference(s): their rows show its earlier answer. ", "",
                len(earlier))
            if not unanswered:  # (else the reason is said once, below)
                said += self.tr("Asking again failed: %1. ").replace("%1", self.say(earlier[0]).rstrip(".。"))
        if unanswered:
            said += self.tr("arXiv gave no answer: %1. ").replace("%1", self.say(unanswered[0]).rstrip(".。"))
        if said and self._wait_until is not None:
            until = wait_over_at(self._wait_until)
            if until not in said:  # ("… asked to wait until 14:13 (8 min from now)" says it already)
                said += self.tr("That wait is over at %1. ").replace("%1", until)
        return said

    def _on_failed(self, message: str) -> None:
        self.message.setText(self.tr("Verification failed: %1").replace("%1", message))

    def _on_finished(self) -> None:
        worker = self.worker
        self.worker = None
        if worker is not None:
            worker.deleteLater()
        self._run_over()

    def _run_over(self, *, rejudge: bool = True) -> None:
        """The run ended or was let go: the buttons are free again."""
        self.progress.setVisible(False)
        self.cancel_button.setVisible(False)
        self.verify_button.setEnabled(True)
        self.refresh_button.setEnabled(True)
        self.verification_running.emit(False)
        if rejudge:
            self._rejudge_edited()  # the survey may have changed while the run went on

    # ----- an edit changed what a verdict compared -----
    def _rejudge_edited(self) -> None:
        """A verified reference whose name, version, date or category the survey has since changed is judged again
        from the cache (nothing is asked of arXiv): its row never quotes a name the survey no longer uses."""
        if self.worker is not None:
            return  # judged when the run ends
        if self._rejudger is not None:
            self._rejudge_again = True
            return
        edited = [r for r in self.model.rows
                  if r.id in self.verdicts and self._judged.get(r.id, judged_facts(r)) != judged_facts(r)]
        if not edited:
            return
        asked = {r.id: judged_facts(r) for r in edited}
        self._judged.update(asked)  # (an id the cache does not hold keeps its verdict: asked once, not per keystroke)
        worker = VerifyWorker(edited, self._config_provider(), cache_only=True, parent=self)
        generation = self._generation
        worker.verified.connect(lambda verdicts: self._on_rejudged(verdicts) if generation == self._generation else None)
        worker.finished.connect(self._on_rejudge_finished)
        self._rejudger = worker
        worker.start()

    def _on_rejudged(self, verdicts: dict) -> None:
        if not verdicts:
            return
        recount = self.message.text() == self._summary_shown
        self.verdicts.update(verdicts)
        self.model.refresh()
        self._apply_filter()
        if recount and self.worker is None:
            self._show_summary()
        self.verdicts_changed.emit(dict(self.verdicts))

    def _on_rejudge_finished(self) -> None:
        worker, self._rejudger = self._rejudger, None
        if worker is not None:
            worker.deleteLater()
        if self._rejudge_again:
            self._rejudge_again = False
            self._rejudge_edited()

    def shutdown(self) -> None:
        """Cancel a running verification at once; a request still in flight is left to end on its own (what the
        run learned is in the cache already). Closing the window neither waits for arXiv nor aborts the program."""
        rejudger, self._rejudger = self._rejudger, None
        if rejudger is not None:
            _let_go(rejudger)
        worker, self.worker = self.worker, None
        if worker is not None:
            _let_go(worker)


def wait_over_at(until: float) -> str:
    """When a wait arXiv asked for is over, local time, never before it is ("14:12:20" is "14:13"), as the
    service's "asked to wait until 14:13" writes it."""
    return datetime.fromtimestamp(math.ceil(until / 60) * 60).strftime("%H:%M")


def _let_go(worker: VerifyWorker) -> None:
    """Cancel a worker and let it end on its own: its signals reach no one, and it outlives its panel until its
    thread ends (a request in flight ends by the timeout at the latest; at exit the daemon thread is left behind)."""
    worker.cancel()
    for signal in (worker.progressed, worker.answered, worker.noticed, worker.verified, worker.cache_damaged,
                   worker.waits_until, worker.failed, worker.finished):
        try:
            signal.disconnect()
        except (RuntimeError, TypeError):
            pass
    worker.setParent(None)
    _forget_ended_orphans()
    if worker.isRunning():
        _ORPHANS.add(worker)
    else:
        worker.deleteLater()


def _forget_ended_orphans() -> None:
    """Workers let go whose thread has ended are dropped (one per Cancel would otherwise pile up)."""
    for ended in [w for w in _ORPHANS if not w.isRunning()]:
        _ORPHANS.discard(ended)
        ended.deleteLater()


_ORPHANS: set[VerifyWorker] = set()
