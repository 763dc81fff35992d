"""The History tab: every draft of the open survey, how its figures moved, what changed, and crash recovery.

`install(window)` wires it into the main window: a snapshot on every save, autosaves while the document is dirty
(never touching the user's file), and on open an offer to restore an autosave a crash left behind.
"""

from __future__ import annotations

import atexit
import dataclasses
import os
import queue
import sqlite3
import sys
import threading
import time
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any, Iterator

from PySide6.QtCore import (
    QAbstractTableModel, QCoreApplication, QEvent, QModelIndex, QObject, QPointF, QSize, Qt, QT_TRANSLATE_NOOP, QThread,
    QTimer, Signal,
)
from PySide6.QtGui import QAction, QCursor, QKeySequence, QPalette, QShortcut, QTextOption
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QRadioButton,
    QSplitter,
    QStackedWidget,
    QTableView,
    QToolButton,
    QToolTip,
    QVBoxLayout,
    QWidget,
)

from editor_app.formats import stored_failing
from editor_app.core.dismantle import dismantle
from editor_app.core.textdiff import Comparison, change_counts, compare, counted_side_by_side, recoloured
from editor_app.ui import chart_library, gui_gc
from editor_app.ui.analysis_runner import QUIET_AFTER_RESULT
from editor_app.ui.charts import count_axis
from editor_app.ui.elided_label import ElidedLabel
from editor_app.ui.fitted_combo import FittedComboBox
from editor_app.ui.history_diff import ChangeSteps, OnScreenMarks, UnifiedMarks, char_tints
from editor_app.ui.history_upgrade import HistoryUpgrade
from editor_app.ui.latest_job import LatestJobThread
from editor_app.ui.lazy import lazy_module
from editor_app.ui.screen_fit import resize_to_fit
from editor_app.ui.selfcheck_panel import PanelTable
from editor_app.ui.diff_browser import DiffBrowser
from editor_app.ui.text_mirror import join_in_groups
from editor_app.ui.theme import AUTOSAVE, LIMIT, TREND, keep_text_colour, mark_on, on_base
from editor_app.ui.time_axis import time_axis

# sqlite-utils (and numpy under it) cost ~0.3 s to import: loaded when history is first used, not at start-up,
# and imported by a worker thread meanwhile (`preload_storage`), so that first use does not freeze the window.
history = lazy_module("editor_app.services.history")
database = lazy_module("editor_app.services.database")
_preloader: threading.Thread | None = None


def preload_storage() -> None:
    """Import sqlite-utils and the history's own modules on a worker thread (they hold no Qt and import safely off the
    GUI thread), once the first analysis is shown, and run the database's migrations once in memory there: the GUI
    thread's first look at the database, 0.8 s after start, then finds them loaded instead of spending 0.2-0.5 s
    importing them (and ~0.1 s more for the history kept in memory while the file opens) while the user may already
    type."""
    global _preloader
    if _preloader is not None:
        return

    def load() -> None:
        try:
            from editor_app.services import database as loaded

            loaded.open_database(memory=True).db.conn.close()  # (imports every module of a migration)
        except Exception:  # the GUI thread's own import then reports it where it is used
            pass

    _preloader = threading.Thread(target=load, name="preload-storage")
    _preloader.start()
    atexit.register(_preloader.join)  # never left importing while the interpreter shuts down


METRIC_LABELS = {  # translated where shown (HistoryController.tr)
    "cjk": QT_TRANSLATE_NOOP("HistoryController", "CJK characters"),
    "cautions": QT_TRANSLATE_NOOP("HistoryController", "⚠️ markers"),
    "lines": QT_TRANSLATE_NOOP("HistoryController", "Lines"),
    "failing": QT_TRANSLATE_NOOP("HistoryController", "Failing rules"),
    "errors": QT_TRANSLATE_NOOP("HistoryController", "Failing error-level rules"),
}
# The house pack's labels of its own counters. A counter a pack labels so (or a figure of a snapshot that the pack
# does not count) is named in the house's words above and in HOUSE_HEADERS, so the house pack's History looks as it
# always has; any other counter by its pack's own label: the English pack's "words", a team's "cautions" (called
# "⚠️ markers" before, in the house's words, beside the pack's own labels).
HOUSE_LABELS = {"cjk": "CJK", "cautions": "⚠️", "lines": "lines"}
HOUSE_HEADERS = {  # the snapshot list's column of each, translated where shown (SnapshotModel.tr)
    "cjk": QT_TRANSLATE_NOOP("SnapshotModel", "CJK"),
    "cautions": "⚠️",
    "lines": QT_TRANSLATE_NOOP("SnapshotModel", "Lines"),
}
KIND_LABELS = {  # what recorded a snapshot, in the user's language where shown (kind_label)
    "save": QT_TRANSLATE_NOOP("HistoryPanel", "save"),
    "autosave": QT_TRANSLATE_NOOP("HistoryPanel", "autosave"),
    "cli": QT_TRANSLATE_NOOP("HistoryPanel", "cli"),
}


def kind_label(kind: str) -> str:
    """'save' / 'autosave' / 'cli' as the History tab shows them (保存 / 自动保存 in Chinese)."""
    label = KIND_LABELS.get(kind)
    return QCoreApplication.translate("HistoryPanel", label) if label else str(kind)


def house_named(name: str, pack: Any) -> bool:
    """Whether the metric `name` is one of the house's counters as `pack` counts it (HOUSE_LABELS): labelled as the
    house labels it, or not a counter of the pack (an older snapshot's figure)."""
    if name not in HOUSE_LABELS:
        return False
    counter = (getattr(pack, "counters", None) or {}).get(name)
    return counter is None or (counter.label or name).casefold() == HOUSE_LABELS[name].casefold()


def failing_label(failing: Any, errors: Any) -> str:
    """The Failing column as the status bar and Self-check count: the error-level rules failing, then the
    warnings ("1 + 1 warning" for the sample, which the window heads "1 rule failing, 1 rule warning"); "0".
    `failing` is the stored count of both, `errors` of the first (None when not known: the count alone)."""
    split = stored_failing(failing, errors)
    if split is None:
        return str(int(failing or 0))
    text = (QCoreApplication.translate("HistoryPanel", "%1 + 1 warning") if split[1] == 1 else
            QCoreApplication.translate("HistoryPanel", "%1 + %2 warnings").replace("%2", str(split[1])))
    return text.replace("%1", str(split[0]))


# Two drafts this long together are compared on a worker thread: difflib needs ~1 s for two 5 MB drafts and up to
# a minute when many lines repeat; up to this size it takes a few ms and is shown at once.
SYNC_DIFF_CHARS = 200_000
DIFF_ROWS = 3000  # a side-by-side diff (recovery offer, History compare) shows this many rows at most (Qt lays out
# every row: 17,000 rows froze the window ~20 s); the unified diff beside it stays whole
# A unified diff this long is tinted only where it is on screen (history_diff.OnScreenMarks): tinted whole, its lines
# are tinted one by one on the GUI thread (~15 µs each; 40,000 lines of two drafts that differ everywhere added 0.6 s
# to showing them).
UNIFIED_TINTED_LINES = 10_000
# A snapshot compared with the editor is compared again once typing has paused this long, on the worker thread: done
# at every analysis, on the GUI thread, typing with the comparison open stalled 0.25-0.6 s at a time (QA).
EDITOR_RECOMPARE_PAUSE_MS = 500
# A snapshot of a draft this long is hashed and compressed on a worker thread: for an 8 MB survey that (with its
# analysis) takes ~2 s, which froze typing at every autosave and save; the GUI thread only does the inserts.
SYNC_RECORD_CHARS = 200_000
# Closing the window waits this long for the snapshots being measured; the rest (an 8 MB survey's first measurement
# takes seconds, and closing waited for it) stay "measuring" and are measured when the survey is next opened.
MEASURE_AT_QUIT_SECONDS = 0.5
# ...and this long for a checkpoint of the history file under way (database.Checkpointer)
QUIT_CHECKPOINT_SECONDS = 1.0
# A long autosave made while typing is measured with the window's own analysis of its text, due once typing pauses
# (WindowAnalysis); past this long without one (typing went on), the measurer analyses the text itself.
WINDOW_ANALYSIS_WAIT_SECONDS = 30.0
# The trend chart may shrink this far: at 160 px the History tab alone needed more height than a 1366×768 laptop at
# 150 % leaves the window (472 px), and the Self-check's tables were drawn across the status bar.
CHART_MIN_HEIGHT = 110
SYMBOL_PIXELS = 4  # a point's symbol reaches this far from its centre (symbolSize 5, and its pen)
LABEL_GAP = SYMBOL_PIXELS + 1  # between a limit's line and its label
HOVER_PIXELS = 8  # the mouse this near a point shows its time and value
# Where a limit's label may go: (place along the line from the plot's left, the label's anchor: its own point put
# there, (1, 1) its bottom right), in the order tried: the right end above the line, below it, the left end, the middle.
LIMIT_LABEL_PLACES = ((0.99, (1.0, 1.0)), (0.99, (1.0, 0.0)), (0.01, (0.0, 1.0)), (0.01, (0.0, 0.0)),
                      (0.5, (0.5, 1.0)), (0.5, (0.5, 0.0)))


def _analysed(text: str, recipe: tuple[Any, dict | None], analyzer: Any = None) -> Any:
    """The analysis of a snapshot's text with the window's pack and verdicts (by `analyzer`, an Analyzer of that
    pack that keeps its last pass, when given); None (no figures) if it fails: the snapshot is still recorded."""
    from editor_app.core.analyze import analyze

    pack, verdicts = recipe
    if analyzer is not None:
        try:
            return analyzer.analyze(text, verdicts=verdicts) if verdicts else analyzer.analyze(text)
        except Exception:
            pass  # its kept pass may be what failed: analysed afresh
    try:
        return analyze(text, pack, verdicts=verdicts)
    except Exception:
        return None


def _pack_kept(recipe: tuple[Any, dict | None] | None) -> history.PackToMeasureWith | None:
    """What a snapshot stored while measuring keeps of the pack it is to be measured with (None without one)."""
    pack = recipe[0] if recipe else None
    source = getattr(pack, "source", None)
    if not isinstance(source, str):
        return None
    folder = getattr(pack, "base_dir", None)
    return history.PackToMeasureWith(str(getattr(pack, "name", "")), str(getattr(pack, "path", "")), source,
                                     str(folder) if folder else None)


def _analysis_dict(analysis: Any) -> dict[str, Any]:
    if analysis is None:
        return {}
    if isinstance(analysis, dict):
        return analysis
    return analysis.to_dict()


@contextmanager
def _as_dict(analysis: Any) -> Iterator[dict[str, Any]]:
    """_analysis_dict on a worker thread, and the dict it made (an Analysis' to_dict) let go of in steps after: dropped
    at once, an 8 MB survey's is freed in one cascade that holds the GIL 20-70 ms. A dict given is the giver's, left
    whole."""
    made = _analysis_dict(analysis)
    try:
        yield made
    finally:
        if made is not analysis and made:
            for _ in dismantle(made):
                pass  # the GIL may pass to the GUI thread between two chunks


def _let_go_of_shown(held: list[Any]) -> None:
    """Drop the reference in `held` to an analysis the window showed, read on a worker thread. When the window let
    go of it meanwhile (typing went on and a newer one is shown), the analysis worker left it to the reference held
    here (analysis_runner: it frees only what nobody else holds): dropped, it would be freed in one cascade on this
    thread, 20-100 ms of GIL at 8 MB; it is emptied in steps instead."""
    analysis = held.pop()
    if analysis is not None and not isinstance(analysis, dict) and sys.getrefcount(analysis) <= 2:
        for _ in dismantle(analysis):  # (`analysis` and getrefcount's argument: nobody else holds it)
            pass


def _rule_limits(analysis: Any) -> dict[str, Any]:
    """The rules' ids and limits, all chart_limits reads: the whole dict of an 8 MB survey's analysis takes ~1 s."""
    if analysis is None or isinstance(analysis, dict):
        return analysis or {}
    return {"rules": [{"id": r.id, "limit": r.limit} for r in analysis.rules]}


def _fmt_time(t: float) -> str:
    return datetime.fromtimestamp(t).strftime("%Y-%m-%d %H:%M:%S")


def _fmt_number(v: Any) -> str:
    if v is None:
        return "–"
    return f"{v:,.0f}" if float(v).is_integer() else f"{v:,.2f}"


STARTUP_DELAY_MS = 800  # after the first paint and the first analysis
# While the History tab is shown, how often it looks whether another program stored a snapshot in the file.
FOLLOW_MS = 2000
PRELOAD_AFTER_FIRST_ANALYSIS_MS = 150  # sqlite-utils imported off the GUI thread (~0.25 s), before the first look
PRELOAD_POLL_MS = 50  # the first look, waiting for that import to end
# While the history file can't be written (a full disk, a lock held past the wait, a read-only folder) snapshots are
# kept in memory and the file is tried again at every save, and at autosave time at most this often.
RETRY_SECONDS = 30
# A retry waits at most this long for another program's lock: the GUI thread does it.
RETRY_BUSY_SECONDS = 0.02
# The first look's opening (off the GUI thread) waits at most this long for another program's lock; past it history
# is kept in memory and the file tried again, as after any lock.
OPEN_BUSY_SECONDS = 1.0
# The GUI thread's writes (snapshots, their figures, dismissals) wait at most this long for another program's lock;
# past it the snapshot is kept in memory and the file tried again. SQLite's 10 s wait, on the GUI thread, froze the
# window for 10 s at the first save while another program held the lock.
BUSY_SECONDS = 0.05
# A lock is most often another program's write of a moment: the file is tried again this soon after one.
LOCKED_RETRY_MS = 2000
# Once it can be written, the snapshots kept in memory are copied into it for at most this long a turn of the event
# loop (~5 ms each for the sample survey).
COPY_SLICE_SECONDS = 0.03


class SnapshotModel(QAbstractTableModel):
    """The snapshot rows (plain dicts from history.list_snapshots), newest first."""

    COLUMNS = ("time", "kind", "cjk", "cautions", "lines", "failing")  # the metrics: set_metrics

    PAGE = 300  # rows read per step: a 10,000-draft history lists as fast as a short one

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.rows: list[dict[str, Any]] = []
        self.total = 0
        self._fetch = None  # (offset, limit) -> rows
        self._headers = [self.tr("Time"), self.tr("Kind"), *(self.tr(HOUSE_HEADERS[c]) for c in self.COLUMNS[2:-1]),
                         self.tr("Failing")]
        self._pack_name: str | None = None  # the pack the survey is checked with

    def set_metrics(self, names: tuple[str, ...], headers: list[str], pack_name: str | None = None) -> bool:
        """The metric columns: the counters of the pack the survey is checked with (history.listed_metrics), under
        `headers`; whether they changed."""
        columns = ("time", "kind", *names, "failing")
        self._pack_name = pack_name
        if columns == self.COLUMNS and headers == self._headers[2:-1]:
            return False
        self.beginResetModel()
        self.COLUMNS = columns
        self._headers = [self.tr("Time"), self.tr("Kind"), *headers, self.tr("Failing")]
        self.endResetModel()
        return True

    def _figure(self, row: dict[str, Any], col: str) -> Any:
        metrics = row.get("metrics")
        return metrics[col] if metrics and col in metrics else row.get(col)

    def set_rows(self, rows: list[dict[str, Any]], total: int | None = None, fetch=None) -> None:
        """Show these rows; with `fetch`, more of the `total` are read as the view scrolls to them."""
        self.beginResetModel()
        self.rows = rows
        self.total = len(rows) if total is None else total
        self._fetch = fetch
        self.endResetModel()

    def canFetchMore(self, parent: QModelIndex = QModelIndex()) -> bool:  # noqa: N802
        return not parent.isValid() and self._fetch is not None and len(self.rows) < self.total

    def fetchMore(self, parent: QModelIndex = QModelIndex()) -> None:  # noqa: N802
        if not self.canFetchMore(parent):
            return
        more = self._fetch(len(self.rows), self.PAGE) or []
        if not more:
            self.total = len(self.rows)
            return
        self.beginInsertRows(QModelIndex(), len(self.rows), len(self.rows) + len(more) - 1)
        self.rows.extend(more)
        self.endInsertRows()

    def rowCount(self, parent: QModelIndex = QModelIndex()) -> int:  # noqa: N802 (Qt API)
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: QModelIndex = QModelIndex()) -> int:  # noqa: N802
        return 0 if parent.isValid() else len(self.COLUMNS)

    def headerData(self, section: int, orientation, role=Qt.ItemDataRole.DisplayRole):  # noqa: N802
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return self._headers[section]
        return None

    def data(self, index: QModelIndex, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        row = self.rows[index.row()]
        col = self.COLUMNS[index.column()]
        if role == Qt.ItemDataRole.DisplayRole:
            if col == "time":
                return _fmt_time(row["time"])
            if col == "kind":
                return kind_label(row["kind"])
            if not row.get("measured", True):  # stored at once; its figures follow from the record thread
                return self.tr("measuring…") if index.column() == 2 else ""
            if col == "failing":
                return failing_label(row["failing"], row.get("errors"))
            return _fmt_number(self._figure(row, col))
        if role == Qt.ItemDataRole.TextAlignmentRole and col not in ("time", "kind"):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ForegroundRole:
            if col == "failing" and row.get("failing"):
                return on_base(LIMIT)
            if row["kind"] == "autosave":
                return on_base(AUTOSAVE)
        if role == Qt.ItemDataRole.ToolTipRole:
            if col not in ("time", "kind", "failing") and row.get("measured", True) and self._figure(row, col) is None:
                return self._not_measured(row, self._headers[index.column()])
            return (self.tr("{kind} · {time} · {chars} characters · sha256 {hash}")
                    .format(kind=kind_label(row["kind"]), time=row["time_iso"], chars=f"{row['chars']:,}",
                            hash=row["text_hash"][:12]))
        return None


    def _not_measured(self, row: dict[str, Any], what: str) -> str:
        """Why a snapshot has no figure in a column: most often, it was checked with another pack (say the house
        pack, before the survey's own was put beside it), which does not count it."""
        pack = row.get("pack")
        if pack and self._pack_name and pack != self._pack_name:
            return (self.tr("“%1” was not measured in this snapshot: it was checked with the rule pack %2.")
                    .replace("%1", what).replace("%2", str(pack)))
        return self.tr("“%1” was not measured in this snapshot.").replace("%1", what)


class SnapshotTable(PanelTable):
    """The snapshot list: Return (or Enter) on a snapshot says `opened`, as Return on another panel's row goes to its
    text (here it did nothing)."""

    opened = Signal()

    def keyPressEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.currentIndex().isValid():
            self.opened.emit()
            return
        super().keyPressEvent(event)


class HistoryPanel(QWidget):
    """Snapshot table, trend chart with the rule limit, diff of two drafts, restore."""

    restore_requested = Signal(int)  # snapshot id
    compare_requested = Signal()
    shown = Signal()

    def showEvent(self, event) -> None:  # noqa: N802 (Qt API)
        super().showEvent(event)
        self.shown.emit()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("history_panel")  # the window keeps its place among the tabs by this name
        self.title = ElidedLabel(self.tr("No document open."))  # a long file name must not widen the panels
        self.metric_box = FittedComboBox(18)  # the rules' long titles must not squeeze the title
        self.metric_box.setAccessibleName(self.tr("Figure the chart shows"))
        self.show_autosaves = QCheckBox(self.tr("Autosaves"))
        self.show_autosaves.setToolTip(self.tr("List the autosaves too, not only the saves"))
        self.show_autosaves.setChecked(True)
        top = QHBoxLayout()
        top.addWidget(self.title, 1)
        chart_label = QLabel(self.tr("Chart:"))
        chart_label.setBuddy(self.metric_box)  # a screen reader names the box by its label
        top.addWidget(chart_label)
        top.addWidget(self.metric_box)
        top.addWidget(self.show_autosaves)
        # Why this list may be empty or go unrecorded (a database moved aside, left as it is, not writable): the
        # status bar says it for 15 s, cut to its width; here it stays, whole, for the session.
        self.notice = QLabel()
        self.notice.setWordWrap(True)
        self.notice.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        keep_text_colour(self.notice, LIMIT)
        self.notice.hide()

        # The chart (pyqtgraph) is built the first time there is something to draw: start-up doesn't pay for it.
        self.chart: Any = None
        self.curve: Any = None
        self._drawn: tuple[list, list] | None = None  # the series drawn last: drawn again in a new theme's colours
        self.limit_lines: list[Any] = []
        self._tip_shown = False  # a point's time and value shown by the mouse
        self._xy: tuple[Any, Any] | None = None  # the points drawn, as numpy arrays of times and values
        self.chart_holder = QWidget()
        self._waiting_series: tuple[list[tuple[float, float]], list[float]] | None = None
        self.chart_holder.setMinimumHeight(CHART_MIN_HEIGHT)
        QVBoxLayout(self.chart_holder).setContentsMargins(0, 0, 0, 0)
        self.chart_loading = QLabel(self.tr("Loading the chart…"))
        self.chart_loading.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.chart_loading.hide()
        self.chart_holder.layout().addWidget(self.chart_loading)
        # A survey without snapshots yet has no trend: an empty plot showed axes around the limit alone
        # ("3899.6 … 3900.4" over a date axis of "00.250"), which looked broken.
        self.chart_empty = QLabel(self.tr("No snapshots yet: each save and autosave adds a point to this chart."))
        self.chart_empty.setObjectName("history_chart_empty")
        self.chart_empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.chart_empty.setWordWrap(True)
        self.chart_empty.hide()
        self.chart_holder.layout().addWidget(self.chart_empty)

        self.model = SnapshotModel(self)
        # Ctrl+5 shows which snapshot the keys are on, as the other panels' tables do: with none selected, Down went
        # from an unmarked first row to the second, and the newest snapshot was picked only by Up again.
        self.table = SnapshotTable()
        self.table.setModel(self.model)
        self.table.setAccessibleName(self.tr("Snapshots: every save and autosave"))
        self.table.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QTableView.SelectionMode.ExtendedSelection)
        self.table.setTabKeyNavigation(False)  # Tab goes on to the diff and its buttons, arrows pick snapshots
        self.setFocusProxy(self.table)  # View → History (Ctrl+5) gives the list the keys, as the other tabs' do
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(22)
        # Fitted to the contents once, when the first snapshots are listed; then the user's to drag. Fitting on every
        # layout (ResizeToContents) re-read 40 rows of every column each time the tab was shown or the list
        # re-read: ~3,600 Python data() calls, 95-105 ms of frozen window on first showing History (500 snapshots).
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.table.horizontalHeader().setResizeContentsPrecision(40)  # measure 40 rows, not 10,000
        self._columns_fitted = False
        self.table.horizontalHeader().setStretchLastSection(True)

        self.side_by_side = QRadioButton(self.tr("Side by side"))
        self.unified = QRadioButton(self.tr("Unified"))
        self.side_by_side.setChecked(True)
        for button in (self.side_by_side, self.unified):
            button.setToolTip(self.tr("How the differences are shown"))
        self._hint = self.tr("Select a snapshot to compare it with the editor, or two to compare them; Return "
                             "puts the keys in the comparison.")
        self.diff_title = QLabel(self._hint)
        self.diff_title.setWordWrap(True)
        self.restore_button = QPushButton(self.tr("Restore into editor"))
        self.restore_button.setEnabled(False)
        self.restore_button.setToolTip(self.tr("Replace the editor's text with the selected snapshot (Undo brings it back)"))
        # The comparison opens on its first change; these (F7, Shift+F7 anywhere in the tab) go on from there.
        # Arrows, not words: two labelled buttons widened the panels past a 1366×768 laptop at 150 %.
        self.previous_change = QToolButton()
        self.previous_change.setArrowType(Qt.ArrowType.UpArrow)
        self.previous_change.setAccessibleName(self.tr("Previous change"))
        self.previous_change.setToolTip(self.tr("Scroll the comparison to the change before (Shift+F7)"))
        self.next_change = QToolButton()
        self.next_change.setArrowType(Qt.ArrowType.DownArrow)
        self.next_change.setAccessibleName(self.tr("Next change"))
        self.next_change.setToolTip(self.tr("Scroll the comparison to the change after (F7)"))
        for button, keys, forward in ((self.previous_change, "Shift+F7", False), (self.next_change, "F7", True)):
            button.setEnabled(False)
            button.setFocusPolicy(Qt.FocusPolicy.StrongFocus)  # reached by Tab, as the radio buttons are
            button.clicked.connect(lambda _=False, forward=forward: self.go_to_change(forward))
            key = QShortcut(QKeySequence(keys), self, activated=lambda forward=forward: self.go_to_change(forward))
            key.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        bar = QHBoxLayout()
        bar.addWidget(self.side_by_side)
        bar.addWidget(self.unified)
        bar.addSpacing(12)
        bar.addWidget(self.previous_change)
        bar.addWidget(self.next_change)
        bar.addStretch(1)
        bar.addWidget(self.restore_button)
        self.diff_html = DiffBrowser()
        self.diff_text = QPlainTextEdit()
        self.diff_text.setReadOnly(True)
        for view in (self.diff_html, self.diff_text):
            view.setAccessibleName(self.tr("Differences between the snapshots compared"))
        # Wrapped, as the side-by-side view is: a survey's paragraph is one long line, and unwrapped the view opened
        # scrolled sideways to its first changed character, the lines' starts and their -/+ out of sight (QA25 D6).
        self.diff_text.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.diff_text.setWordWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)  # CJK runs have no spaces
        self.unified_marks = UnifiedMarks(self.diff_text.document())
        self.on_screen_marks = OnScreenMarks(self.diff_text, self.unified_marks)
        self.changes = ChangeSteps(self.diff_html, self.diff_text)
        self._shown_comparison: Comparison | None = None
        self.diff_stack = QStackedWidget()
        self.diff_stack.addWidget(self.diff_html)
        self.diff_stack.addWidget(self.diff_text)
        diff_box = QWidget()
        dl = QVBoxLayout(diff_box)
        dl.setContentsMargins(0, 0, 0, 0)
        dl.addWidget(self.diff_title)
        dl.addLayout(bar)
        dl.addWidget(self.diff_stack, 1)

        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.chart_holder)
        split.addWidget(self.table)
        split.addWidget(diff_box)
        split.setSizes([200, 220, 300])
        split.setChildrenCollapsible(False)  # the chart, the list or the diff dragged to nothing was lost from sight
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.notice)
        layout.addWidget(split, 1)

        self.unified.toggled.connect(self._style_chosen)
        self.table.selectionModel().selectionChanged.connect(self._selection_changed)
        # A reset (the list re-read after an autosave) drops the selection without saying so: Restore stayed enabled
        # and did nothing. The controller selects the same snapshots again when they are still listed.
        self.model.modelReset.connect(self._selection_changed)
        self.model.modelReset.connect(self._fit_columns_once)
        self.restore_button.clicked.connect(self._restore_clicked)
        self.table.opened.connect(self.open_comparison)

    def open_comparison(self) -> None:
        """Return on a snapshot: the keys go to its comparison with the editor (two selected: with each other), worked
        out as the row was selected, to read it with the arrows; Esc goes back to writing. Nothing is replaced: a
        restore is the Restore button's (undoable) work, never a key pressed by habit in a list."""
        if not self.selected_ids():  # the keys on a row not selected (Ctrl+arrows): compare that one
            self.table.selectRow(self.table.currentIndex().row())
        if self.selected_ids():
            self.diff_stack.currentWidget().setFocus(Qt.FocusReason.OtherFocusReason)

    def show_notice(self, text: str) -> None:
        """A word about the history database above the list (empty: none)."""
        self.notice.setText(text)
        self.notice.setVisible(bool(text))

    def set_metric_columns(self, names: tuple[str, ...], headers: list[str], pack_name: str | None = None) -> bool:
        """The list's metric columns (SnapshotModel.set_metrics); new ones are fitted to their figures again."""
        changed = self.model.set_metrics(names, headers, pack_name)
        if changed:
            self._columns_fitted = False
        return changed

    def say_when_empty(self, text: str = "") -> None:
        """What the chart says when it has no point: by default, that there are no snapshots yet."""
        self.chart_empty.setText(text or self.tr("No snapshots yet: each save and autosave adds a point to this chart."))

    def _fit_columns_once(self) -> None:
        """Once figures are listed: fitted to a lone row still measuring (no figures), the ⚠️ and Lines columns of an
        8 MB survey showed "…" in place of 23,700 and 33,900."""
        if not self._columns_fitted and any(r.get("measured", True) for r in self.model.rows[:40]):
            self._columns_fitted = True
            self.table.resizeColumnsToContents()

    def selected_ids(self) -> list[int]:
        rows = sorted({i.row() for i in self.table.selectionModel().selectedRows()})
        return [self.model.rows[r]["id"] for r in rows]

    def select_ids(self, ids: list[int]) -> None:
        """Select these snapshots (tests and keyboard users: the same path as a click)."""
        from PySide6.QtCore import QItemSelection, QItemSelectionModel

        sel = QItemSelection()
        for r, row in enumerate(self.model.rows):
            if row["id"] in ids:
                sel.select(self.model.index(r, 0), self.model.index(r, self.model.columnCount() - 1))
        self.table.selectionModel().select(sel, QItemSelectionModel.SelectionFlag.ClearAndSelect)

    def _selection_changed(self, *_: Any) -> None:
        self.restore_button.setEnabled(len(self.selected_ids()) == 1)
        self.compare_requested.emit()

    def _restore_clicked(self) -> None:
        ids = self.selected_ids()
        if len(ids) == 1:
            self.restore_requested.emit(ids[0])

    def show_diff(self, old: str, new: str, old_title: str, new_title: str) -> None:
        self.show_compared(*compare_drafts(old, new, old_title, new_title, char_tints()))

    def show_compared(self, title: str, comparison: Comparison) -> None:
        """What compare_drafts worked out (here or on a worker thread), scrolled to the first change: below three
        lines of context, or far down a long diff, it was out of sight when the comparison opened. The same
        differences as those shown are not laid out again (the table took 100-370 ms of the GUI thread at 8 MB)."""
        shown = self._shown_comparison
        if (shown is not None and self.diff_title.text() == title and shown.char_tints == comparison.char_tints
                and shown.side_by_side == comparison.side_by_side and shown.unified == comparison.unified):
            return
        self.diff_title.setText(title)
        self._shown_comparison = comparison
        self.diff_html.setHtml(comparison.side_by_side)
        self.unified_marks.set_marks(comparison.unified_marks, comparison.char_tints)
        tinted = comparison.unified.count("\n") < UNIFIED_TINTED_LINES
        self.on_screen_marks.set_active(False)
        if not tinted:
            self.unified_marks.setDocument(None)
        self.diff_text.setPlainText(comparison.unified or self.tr("No differences."))
        if tinted and self.unified_marks.document() is None:  # tinted once, after the text is set
            self.unified_marks.setDocument(self.diff_text.document())
        self.on_screen_marks.set_active(not tinted)  # a long one: the lines on screen
        self.changes.set_comparison(comparison)
        self._steps_enabled()
        view = self.diff_stack.currentWidget()
        self.changes.go(view, 0)
        # Laid out (the unified one wrapped to its width) only when shown: scrolled again then
        QTimer.singleShot(0, self, lambda: self.changes.index == 0 and self.diff_stack.currentWidget() is view
                          and self.changes.go(view, 0))

    def go_to_change(self, forward: bool) -> None:
        """F7 / Shift+F7, Next / Previous change: scroll the comparison shown to the change after or before."""
        self.changes.step(self.diff_stack.currentWidget(), forward)

    def _style_chosen(self, unified: bool) -> None:
        """Side by side or unified: the other view opens on the change this one was on."""
        self.diff_stack.setCurrentIndex(1 if unified else 0)
        self._steps_enabled()
        if self.changes.index >= 0:
            self.changes.go(self.diff_stack.currentWidget(), min(self.changes.index,
                                                                 self.changes.count(self.diff_stack.currentWidget()) - 1))

    def _steps_enabled(self) -> None:
        some = self.changes.count(self.diff_stack.currentWidget()) > 0
        self.previous_change.setEnabled(some)
        self.next_change.setEnabled(some)

    def _clear_comparison(self) -> None:
        self._shown_comparison = None
        self.diff_html.clear()
        self.unified_marks.set_marks({}, char_tints())
        self.on_screen_marks.set_active(False)
        self.diff_text.clear()
        self.changes.set_comparison(None)
        self._steps_enabled()

    def show_nothing_compared(self) -> None:
        self.diff_title.setText(self._hint)
        self._clear_comparison()

    def show_comparing(self, old_title: str, new_title: str) -> None:
        self.diff_title.setText(self.tr("{old} → {new}  (comparing…)").format(old=old_title, new=new_title))
        self._clear_comparison()

    def ensure_chart(self) -> None:
        if self.chart is not None:
            return
        from editor_app.ui.charts import pyqtgraph

        pg = pyqtgraph()
        self.chart = pg.PlotWidget(axisItems={"bottom": time_axis(pg, "bottom"), "left": count_axis(pg, "left")})
        self.chart.setMinimumHeight(CHART_MIN_HEIGHT)
        self.chart.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # a Tab stop that no key does anything in
        self.chart.setAccessibleName(self.tr("Trend of the chosen figure over the snapshots"))
        self.chart.showGrid(x=True, y=True, alpha=0.2)
        self.chart.setMouseEnabled(x=True, y=False)
        self.chart.getPlotItem().setMenuEnabled(False)
        self.curve = self.chart.plot([], [])
        self.curve.setClipToView(True)
        view = self.chart.getPlotItem().getViewBox()
        # The limits' labels are placed again when the plot is resized or scrolled along the time axis, and the
        # vertical range made again to leave them room.
        view.sigResized.connect(self._fit_view)
        view.sigXRangeChanged.connect(self._place_limit_labels)
        self.chart.scene().sigMouseMoved.connect(self._hover)
        self._style_chart()
        self.chart_loading.hide()
        self.chart_holder.layout().addWidget(self.chart)

    def _style_chart(self) -> None:
        """The chart in the palette's colours: its plot on Base, axes in Text, the trend seen on it."""
        from editor_app.ui.charts import pyqtgraph

        pal = QApplication.palette()
        self.chart.setBackground(pal.color(QPalette.ColorRole.Base))
        fg = pal.color(QPalette.ColorRole.Text)
        for name in ("left", "bottom"):
            self.chart.getPlotItem().getAxis(name).setPen(fg)
            self.chart.getPlotItem().getAxis(name).setTextPen(fg)
        trend = mark_on(TREND, pal)
        self.curve.setPen(pyqtgraph().mkPen(trend, width=1.5))
        self.curve.setSymbolPen(trend)  # pyqtgraph's own: a pale grey ring round a dark grey-blue dot
        self.curve.setSymbolBrush(trend)

    def changeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        """A theme switched while the program runs: the chart kept its white plot and the old theme's limit red; the
        comparison shown marks its changed characters in the new theme's tints."""
        super().changeEvent(event)
        if event.type() != QEvent.Type.PaletteChange:
            return
        if self.chart is not None:
            self._style_chart()
            if self._drawn is not None:
                self._draw_series(*self._drawn)
        self._recolour_comparison()

    def _recolour_comparison(self) -> None:
        """The comparison shown, its changed characters in the tints of the palette now."""
        tints = char_tints(self.palette())
        comparison = self._shown_comparison
        if comparison is None or comparison.char_tints == tints:
            return
        comparison.side_by_side = recoloured(comparison.side_by_side, comparison.char_tints, tints)
        comparison.char_tints = tints
        keep = self.diff_html.verticalScrollBar().value()
        self.diff_html.setHtml(comparison.side_by_side)
        self.diff_html.verticalScrollBar().setValue(keep)
        self.unified_marks.set_marks(comparison.unified_marks, tints)
        self.unified_marks.rehighlight()
        self.on_screen_marks.update()

    def set_series(self, points: list[tuple[float, float]], limits: list[float]) -> None:
        """Draw the metric's trend (built once, setData on change) and the rule's limits as horizontal lines.

        Until pyqtgraph is loaded (chart_library, off the GUI thread) the series waits and "Loading the chart…" shows."""
        if self.chart is None and not chart_library.is_loaded():
            waiting = self._waiting_series is not None
            self._waiting_series = (points, limits)
            if not waiting:
                self.chart_loading.show()
                chart_library.when_loaded(self._draw_waiting_series)
            return
        self._draw_series(points, limits)

    def _draw_waiting_series(self) -> None:
        series, self._waiting_series = self._waiting_series, None
        if series is not None:
            self._draw_series(*series)

    def _draw_series(self, points: list[tuple[float, float]], limits: list[float]) -> None:
        from editor_app.ui.charts import pyqtgraph

        import numpy as np  # (pyqtgraph's: loaded with it)

        self.ensure_chart()
        xs = [p[0] for p in points]
        ys = [p[1] for p in points]
        self._drawn, self._xy = (points, limits), (np.array(xs, dtype=float), np.array(ys, dtype=float))
        self.chart.setVisible(bool(points))
        self.chart_empty.setVisible(not points)
        pg = pyqtgraph()
        small = len(points) <= 200
        # Antialiasing 10,000 segments costs ~0.3 s a paint; beyond a few hundred points it is invisible anyway.
        self.curve.setData(xs, ys, symbol="o" if small else None, symbolSize=5, antialias=len(points) <= 1000)
        for line in self.limit_lines:
            self.chart.removeItem(line)
        self.limit_lines = []
        limit_colour = on_base(LIMIT)
        for value in limits:
            line = pg.InfiniteLine(
                pos=value, angle=0, pen=pg.mkPen(mark_on(LIMIT), width=1, style=Qt.PenStyle.DashLine),
                label=self.tr("limit %1").replace("%1", _fmt_number(value)),
                # Inside the plot (centred at 5%, pyqtgraph's anchor, it began under the axis: "imit"), then moved
                # clear of the points by _place_limit_labels.
                labelOpts={"position": 0.99, "color": limit_colour, "anchors": [(1, 1), (1, 1)]},
            )
            self.chart.addItem(line)
            self.limit_lines.append(line)
        far: list[float] = []
        if points:
            far = y_range(ys, limits)[2]
            x0, x1 = xs[0], xs[-1]
            self.chart.setXRange(x0 - 60, x1 + 60 if x1 > x0 else x0 + 60, padding=0.02)
            self._fit_view()
        # A limit left out of the range is said above the chart: its line is not in sight.
        said = [(self.tr("limit %1 is far below every point") if v < min(ys) else
                 self.tr("limit %1 is far above every point")).replace("%1", _fmt_number(v)) for v in far]
        self.chart.setTitle("  ·  ".join(said) or None, size="9pt", color=limit_colour)

    def _fit_view(self, *_: Any) -> None:
        """The vertical range: the points and the limits among them, and room for a limit's label between its line
        and the plot's edge when the line is at that edge (no point above the limit: its label goes above it)."""
        if self._drawn is None or not self._drawn[0]:
            return
        limits = self._drawn[1]
        ys = self._xy[1].tolist()
        lo, hi, far = y_range(ys, limits)
        kept = [v for v in limits if v not in far]
        pad = (hi - lo) * 0.1 or 1.0
        top, bottom = pad, pad
        room = max((line.label.boundingRect().height() for line in self.limit_lines), default=0) + LABEL_GAP + 4
        pixels = self.chart.getPlotItem().getViewBox().height()
        highest, lowest = max(ys), min(ys)
        above, below = any(v >= highest for v in kept), any(v <= lowest for v in kept)
        if self.limit_lines and pixels > 3 * room and (above or below):
            # p of the range's data units take p * pixels / (span + top + bottom) pixels: at least `room`
            span = hi - lo
            if above and below:
                top = bottom = max(pad, room * span / (pixels - 2 * room))
            elif above:
                top = max(pad, room * (span + bottom) / (pixels - room))
            else:
                bottom = max(pad, room * (span + top) / (pixels - room))
        self.chart.setYRange(lo - bottom, hi + top, padding=0)
        self._place_limit_labels()

    def _scene_mapping(self) -> tuple[Any, Any, Any]:
        """The plot's rectangle in the scene, and functions from data x, y (numpy arrays) to scene pixels."""
        view = self.chart.getPlotItem().getViewBox()
        (x0, x1), (y0, y1) = view.viewRange()
        a, b = view.mapViewToScene(QPointF(x0, y0)), view.mapViewToScene(QPointF(x1, y1))
        sx = (b.x() - a.x()) / ((x1 - x0) or 1.0)
        sy = (b.y() - a.y()) / ((y1 - y0) or 1.0)
        return view.sceneBoundingRect(), (lambda x: a.x() + (x - x0) * sx), (lambda y: a.y() + (y - y0) * sy)

    def _place_limit_labels(self, *_: Any) -> None:
        """Each limit's label where it covers no point nor the trend: at the right end of its line above it, else
        below it, else at the left end, else the middle; the place covering least when none is free. Fixed at the
        left end below the line, it was written over the first points of a survey near its limit (QA25 D5)."""
        if self.chart is None or not self.limit_lines or self._drawn is None or not self._drawn[0]:
            return
        import numpy as np

        box, to_x, to_y = self._scene_mapping()
        if box.width() <= 0 or box.height() <= 0:
            return
        xs, ys = to_x(self._xy[0]), to_y(self._xy[1])
        for line in self.limit_lines:
            label = line.label
            size = label.boundingRect()
            at_y = float(to_y(np.array([line.value()]))[0])
            # a few pixels off the line: points lying on it (no failing rule, limit 0) are not covered either
            places = [(where, (ax, ay + LABEL_GAP / size.height() if ay else -LABEL_GAP / size.height()))
                      for where, (ax, ay) in LIMIT_LABEL_PLACES]

            def covered(place: tuple[float, tuple[float, float]]) -> tuple[int, int, int]:
                where, (ax, ay) = place
                left = box.left() + where * box.width() - ax * size.width()
                top = at_y - ay * size.height()
                right, bottom = left + size.width(), top + size.height()
                outside = int(left < box.left() - 0.5 or right > box.right() + 0.5
                              or top < box.top() - 0.5 or bottom > box.bottom() + 0.5)
                near = SYMBOL_PIXELS
                points = int(np.count_nonzero((xs >= left - near) & (xs <= right + near)
                                              & (ys >= top - near) & (ys <= bottom + near)))
                return outside, points, int(_trend_crosses(xs, ys, left, right, top, bottom))

            place = min(places, key=covered)  # the first of the least covered: min keeps the order
            label.anchors = [place[1], place[1]]
            label.setPosition(place[0])

    def point_near(self, scene_pos: QPointF) -> int | None:
        """The point of the trend drawn within a few pixels of a place in the chart's scene (its index)."""
        if self.chart is None or self._drawn is None or not self._drawn[0] or not self.chart.isVisible():
            return None
        import numpy as np

        box, to_x, to_y = self._scene_mapping()
        if not box.contains(scene_pos):
            return None
        xs, ys = to_x(self._xy[0]), to_y(self._xy[1])
        distances = (xs - scene_pos.x()) ** 2 + (ys - scene_pos.y()) ** 2
        nearest = int(np.argmin(distances))
        return nearest if distances[nearest] <= HOVER_PIXELS ** 2 else None

    def point_tip(self, index: int) -> str:
        """A point's snapshot time, as the list writes it, and its value: the axis can't say which of a day's
        snapshots a point is."""
        t, value = self._drawn[0][index]
        figure = self.metric_box.currentText()
        said = self.tr("{figure}: {value}").format(figure=figure, value=_fmt_number(value)) if figure else \
            _fmt_number(value)
        return f"{_fmt_time(t)}\n{said}"

    def _hover(self, scene_pos: QPointF) -> None:
        index = self.point_near(scene_pos)
        if index is None:
            if self._tip_shown:
                QToolTip.hideText()
                self._tip_shown = False
            return
        QToolTip.showText(QCursor.pos(), self.point_tip(index), self.chart)
        self._tip_shown = True


def _trend_crosses(xs: Any, ys: Any, left: float, right: float, top: float, bottom: float) -> bool:
    """Whether the trend's line (scene pixels, oldest first) passes through a rectangle: the times only grow, so
    the line between left and right covers every height between its lowest and highest there."""
    import numpy as np

    if len(xs) == 0 or xs[-1] < left or xs[0] > right:
        return False
    inside = ys[(xs >= left) & (xs <= right)]
    ends = [float(np.interp(x, xs, ys)) for x in (left, right) if xs[0] <= x <= xs[-1]]
    heights = [*inside.tolist(), *ends]
    return bool(heights) and min(heights) <= bottom and max(heights) >= top


def y_range(ys: list[float], limits: list[float]) -> tuple[float, float, list[float]]:
    """The values the trend's vertical axis spans, and the limits left out of it. A limit is left out when taking it
    in would squash the points' own changes into less than a twentieth of the chart: an 8 MB survey's CJK, 1,173,609
    then 1,173,614, was drawn as one flat line at the top of an axis from 0 with its limit of 3,900."""
    lo, hi = min(ys), max(ys)
    kept, far = [], []
    for value in limits:
        whole = max(hi, value) - min(lo, value)
        (far if hi > lo and (hi - lo) < whole / 20 else kept).append(value)
    return min([lo, *kept]), max([hi, *kept]), far


def diff_words() -> dict[str, str]:
    """The side-by-side table's sentences in the window's language (textdiff.TABLE_WORDS; called on the worker thread
    too, as _lines_changed is)."""
    return {"same": QCoreApplication.translate("HistoryPanel", "No differences."),
            "more_rows": QCoreApplication.translate("HistoryPanel", "… {n} more rows not shown.")}


def compare_drafts(old: str, new: str, old_title: str, new_title: str, tints: Any = None) -> tuple[str, Comparison]:
    """The diff title (with the change summary) and both views of two drafts, from one line matching; changed
    characters in `tints` (history_diff.char_tints, read on the GUI thread)."""
    comparison = compare(old, new, old_title, new_title, max_rows=DIFF_ROWS, char_tints=tints, words=diff_words())
    return f"{old_title} → {new_title}  ({_lines_changed(comparison.added, comparison.removed)})", comparison


class _CompareThread(LatestJobThread):
    """Compares two long drafts off the GUI thread; only the newest request is worked on."""

    compared = Signal(int, str, object)  # request number, title, Comparison

    def work(self, job: tuple[int, str, str, str, str, Any]) -> None:
        number, *drafts = job
        self.compared.emit(number, *compare_drafts(*drafts))


class WindowAnalysis:
    """What the measurement of a long snapshot stored "measuring" waits for: the window's own analysis of the very
    text it holds, which the window shows once typing pauses. The measurer stores that one's figures instead of
    analysing the text a second time, alongside the window's analysis and the drawing of its result (at 8 MB the
    two shared the GIL: an autosave while typing froze the window 85-240 ms, typing alone 45-55 ms). `given` is set
    with it, or with None when it won't come (the text was edited since, another pack or verdicts): the measurer
    then analyses the text itself, after the window's pass."""

    def __init__(self, edits: int, recipe: tuple[Any, dict | None]) -> None:
        self.edits = edits  # the window's count of edits when the text was taken
        self.recipe = recipe
        self.analysis: Any = None
        self.given = threading.Event()

    def give(self, analysis: Any) -> None:
        self.analysis = analysis
        self.given.set()


class _RecordThread(QThread):
    """Prepares snapshots (hash, compress, analysis JSON) in order; the GUI thread writes them. A snapshot whose
    analysis is not the one on screen is prepared "measuring" and measured by a thread of its own (_Measurer): an
    autosave never waits for a measurement (the first one of an 8 MB survey takes seconds)."""

    prepared = Signal()  # results are waiting in `results`

    def __init__(self) -> None:
        super().__init__()
        self._jobs: queue.Queue = queue.Queue()
        self.results: list[dict[str, Any]] = []
        self._lock = threading.Lock()
        self._measurer = _Measurer(self._hand_over)
        # (path, text hash, text) of the survey's latest save prepared here (or of the long survey as opened): a
        # long draft's delta is taken from it on this thread (history.PreparedSnapshot.text_delta)
        self._base: tuple[str, str, str] | None = None

    def submit(self, job: dict[str, Any]) -> None:
        if "measure" in job:  # a snapshot stored while measuring: only measured
            self._measurer.submit(job)
        else:
            self._jobs.put(job)

    def take_results(self) -> list[dict[str, Any]]:
        with self._lock:
            out, self.results = self.results, []
        return out

    def stop(self) -> None:
        """Finish every job submitted so far, then end (a save asked for before quitting is still recorded); the
        measurements still running after MEASURE_AT_QUIT_SECONDS are left to the next start (the rows say
        "measuring" until then)."""
        self._jobs.put(None)
        self.wait()
        self._measurer.stop(MEASURE_AT_QUIT_SECONDS)

    def _hand_over(self, result: dict[str, Any]) -> None:
        with self._lock:
            self.results.append(result)
        self.prepared.emit()

    def run(self) -> None:
        """A job is prepared whole, or, with "analyse", its text first (written at once, "measuring") and then its
        figures ("measure_job": its number), so what a crash meanwhile leaves is the text, measured at the next look."""
        self._measurer.start()
        while (job := self._jobs.get()) is not None:
            # Held from collection, as an analysis pass is (gui_gc): the GUI thread's collector scanned the hundreds
            # of thousands of objects an 8 MB survey's to_dict makes, 50-80 ms at a time, to find nothing.
            with gui_gc.pass_held():
                text = self._prepare(job)
            if text is None:
                continue
            recipe = job.pop("analyse", None)
            awaited = job.pop("window_analysis", None)
            self._hand_over(job)
            if recipe is not None and "error" not in job:  # after its text: the GUI thread writes the row first
                self._measurer.submit({"measure_job": job["number"], "text": text, "analyse": recipe,
                                       "window_analysis": awaited})

    def _prepare(self, job: dict[str, Any]) -> str | None:
        """Prepare `job`'s snapshot (or say its "error"); its text, None when there is nothing to hand over."""
        text = ""
        try:
            text = job.pop("text")
            if isinstance(text, list):
                text = join_in_groups(text)
            if job.get("base_only"):  # the long survey just opened: most likely its latest save's text
                self._base = (job["path"], history.text_hash(text), text)
                return None
            if job.get("skip_hash") and history.text_hash(text) == job["skip_hash"]:
                return None  # an autosave of the text the last one holds
            base = self._base[1:] if self._base and self._base[0] == job["path"] else None
            shown = [job.pop("analysis")]
            try:
                with _as_dict(shown[0]) as analysis:
                    job["prepared"] = history.prepare_snapshot(
                        text, analysis, measured=job.get("analyse") is None,
                        measure_with=_pack_kept(job.get("analyse")),
                        base=base if len(text) > history.DELTA_MAX_CHARS else None)
            finally:
                analysis = None
                _let_go_of_shown(shown)
            if job["kind"] != "autosave":
                self._base = (job["path"], job["prepared"].text_hash, text)
        except Exception as exc:  # reported on the GUI thread, like a failed insert
            job["error"] = f"{type(exc).__name__}: {exc}"
        return text


class _Measurer(threading.Thread):
    """Analyses the texts of snapshots stored while measuring, in order, with an Analyzer that keeps its last pass:
    the next autosave of an 8 MB survey is measured in ~30 ms, not ~2 s."""

    def __init__(self, hand_over) -> None:
        super().__init__(name="history-measurer", daemon=True)
        self._jobs: queue.Queue = queue.Queue()
        self._hand_over = hand_over  # emits a Qt signal: never called once the window let this thread go
        self._handing_over = threading.Lock()
        self._let_go = False
        self._analyzer: Any = None  # of the pack of the last text analysed here

    def submit(self, job: dict[str, Any]) -> None:
        self._jobs.put(job)

    def stop(self, wait: float | None = None) -> bool:
        """End after the jobs submitted so far, waiting at most `wait` seconds (None: until they are done); past
        that the thread is let go: it finishes the text it is measuring, hands nothing over (no Qt object is used
        from it while the program ends) and ends. True when it ended in time."""
        self._jobs.put(None)
        if self.is_alive():
            self.join(wait)
        with self._handing_over:  # a hand-over under way ends first; none starts after
            self._let_go = True
            self._hand_over = None  # the record thread (a QThread) is let go of here, on the GUI thread
        return not self.is_alive()

    def run(self) -> None:
        while (job := self._jobs.get()) is not None and not self._let_go:
            result = self._measured(job)
            job = None
            with self._handing_over:
                if self._let_go:
                    return
                self._hand_over(result)

    def _analyzer_for(self, pack: Any) -> Any:
        if self._analyzer is None or self._analyzer.pack is not pack:
            from editor_app.core.analyze import Analyzer

            self._analyzer = None
            try:
                self._analyzer = Analyzer(pack)
            except Exception:  # _analysed then analyses afresh, and says None if that fails too
                pass
        return self._analyzer

    def _measured(self, job: dict[str, Any]) -> dict[str, Any]:
        """The figures of a job's text, as the analysis worker makes them: no garbage collection mid-pass (over an
        8 MB survey's objects it held the GIL for seconds in all), and the pass let go of in steps."""
        text, recipe = job.pop("text"), job.pop("analyse")
        awaited: WindowAnalysis | None = job.pop("window_analysis", None)
        given = None
        if awaited is not None and awaited.given.wait(WINDOW_ANALYSIS_WAIT_SECONDS):
            given, awaited.analysis = awaited.analysis, None  # (the window's: read here, never emptied)
        analysis = None
        with gui_gc.pass_held():  # (what the analyzer keeps lives long: frozen after, never rescanned)
            try:
                if isinstance(text, list):
                    text = join_in_groups(text)
                analysis = given if given is not None else _analysed(text, recipe, self._analyzer_for(recipe[0]))
                with _as_dict(analysis) as figures:
                    job["measurement"] = history.prepare_measurement(figures)
            except Exception as exc:
                job["error"] = f"{type(exc).__name__}: {exc}"
        if analysis is not None and analysis is not given:
            for _ in dismantle(analysis):
                pass  # the GIL may pass to the GUI thread between two chunks
        elif given is not None:
            held, given, analysis = [given], None, None
            _let_go_of_shown(held)
        return job


def change_summary(old: str, new: str) -> str:
    """"+3 −1 lines" in the user's language (QCoreApplication.translate may be called from the worker thread)."""
    return _lines_changed(*change_counts(old, new))


def _lines_changed(added: int, removed: int) -> str:
    return QCoreApplication.translate("HistoryPanel", "+{added} −{removed} lines").format(added=added, removed=removed)


def compare_for_recovery(file_text: str, autosave_text: str, file_title: str, autosave_title: str,
                         tints: Any = None) -> tuple[str, str]:
    """The change summary and the side-by-side HTML the recovery offer shows (cut to DIFF_ROWS rows)."""
    added, removed, side_by_side = counted_side_by_side(file_text, autosave_text, file_title, autosave_title,
                                                        max_rows=DIFF_ROWS, char_tints=tints, words=diff_words())
    return _lines_changed(added, removed), side_by_side


class _RecoveryCompareThread(LatestJobThread):
    """Compares a long autosave with the file off the GUI thread, while the offer is already on screen."""

    compared = Signal(int, str, str)  # request number, change summary, side-by-side HTML

    def work(self, job: tuple[int, str, str, str, str]) -> None:
        number, *drafts = job
        self.compared.emit(number, *compare_for_recovery(*drafts))


def _close_quietly(db: Any) -> None:
    """Close a database connection held beside the main one (a file read or copied into); one that fails to close
    has nothing left to lose."""
    if db is not None:
        try:
            db.conn.close()
        except sqlite3.Error:
            pass


class RecoveryDialog(QDialog):
    """Offer the autosave a crash left behind: what differs from the file, restore or keep the file.

    With `compare_later` the offer opens at once and says it is comparing; `show_comparison` fills it in."""

    def __init__(self, path: str | None, file_text: str, autosave: dict[str, Any], parent: QWidget | None = None,
                 *, compare_later: bool = False) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Recover unsaved changes?"))
        self.autosave = autosave
        self.untitled = path is None  # a survey that was never saved: restored as a new untitled one
        self.titles = (self.tr("empty") if self.untitled else self.tr("file on disk"), self.tr("autosave"))
        self._name = self.tr("An untitled survey") if self.untitled else Path(path).name
        self._when = _fmt_time(autosave["time"])
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.diff = DiffBrowser()
        buttons = QDialogButtonBox()
        self.restore_button = buttons.addButton(self.tr("Restore autosave"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.keep_button = buttons.addButton(self.tr("Discard it") if self.untitled else self.tr("Keep the file"),
                                             QDialogButtonBox.ButtonRole.RejectRole)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.message)
        layout.addWidget(self.diff, 1)
        layout.addWidget(buttons)
        resize_to_fit(self, QSize(900, 560))  # its buttons on a laptop's screen at 150 % too
        self.comparing = compare_later
        if compare_later:
            self._say(self.tr("comparing…"))
            self.diff.setPlainText(self.tr("Comparing the autosave with the file on disk…"))
        else:
            self.show_comparison(*compare_for_recovery(file_text, autosave["text"], *self.titles, char_tints()))

    def show_comparison(self, summary: str, side_by_side: str) -> None:
        self.comparing = False
        self._say(summary)
        self.diff.setHtml(side_by_side)

    def _say(self, summary: str) -> None:
        changed = self.autosave.get("file_changed") and not self.untitled
        self.message.setText(
            self.tr("{name} has unsaved changes from {when} that were autosaved before the program stopped ({summary}).")
            .format(name=self._name, when=self._when, summary=summary)
            + ("\n" + self.tr("The file on disk was changed after this autosave, by another program or a copy: "
                              "compare them before you restore.") if changed else "")
            + "\n"
            + (self.tr("Restore it as a new untitled survey? It is kept in a file once you save it.") if self.untitled
               else self.tr("Restore them into the editor? The file on disk stays as it is until you save."))
        )


class HistoryController(QObject):
    """Owns the history database connection of the GUI thread and keeps the panel, autosave and recovery going."""

    recorded = Signal(int, str)  # snapshot id, kind
    measured = Signal(int)  # the snapshot id of one stored while measuring, whose figures are stored now
    recovery_offered = Signal(object)  # RecoveryDialog
    message = Signal(str)

    def __init__(self, window: Any, panel: HistoryPanel) -> None:
        super().__init__(window)
        self.looked = False  # the first look at the database (and for a crash's autosaves) is done
        # the survey the window is still reading when history is installed (`survey-editor FILE`): its look is the first
        self.reading_at_start = getattr(window, "opening_path", None) is not None
        self.window = window
        self.panel = panel
        self._db = None
        self._db_path: Path | None = None
        self._db_on_file = False
        self._checkpointer: Any = None  # database.Checkpointer of the file written to
        # The history kept in memory while the file can't be written (None while on the file): its snapshots are
        # copied into the file once it can be (retry_file), in order, and it goes on there.
        self._memory = None
        self._memory_serial = 0  # which memory history: a snapshot id is one database's (see _tag)
        # Meanwhile the file, read only, when it can still be read: its snapshots are listed beside the session's
        # (_open_earlier), under their ids negated, since the two databases number their snapshots alike.
        self._earlier = None
        self._retry = False  # whether the file is tried again (not a newer version's file, nor a folder)
        self._next_retry = 0.0
        self._down_reason = ""  # why the file can't be written, in the window's language
        # (time, path, options) of the dismissals of autosaves made in memory: made in the file too once it is back
        self._dismissals: list[tuple[float, str, dict[str, Any]]] = []
        # (memory tag, snapshot id there) -> the id of its copy in the file: measurements still under way follow it
        self._copied: dict[tuple[tuple[str, Any], int], int | None] = {}
        self._catching = None  # the file being caught up with (the snapshots kept in memory copied into it)
        self._last_autosave_hash: str | None = None
        self._unsaved_autosave_path: str | None = None  # autosaved this session and not saved since
        self._untitled: str | None = None  # the history key of the open survey while it has no file
        # This window's name on its autosaves: another program with the same survey open never dismisses them, nor
        # offers them as a crash's leftovers while this one runs (history.writer_running reads its process id).
        self.writer = f"{os.getpid()}:{int(time.time() * 1000)}"
        self.recovery_dialog: RecoveryDialog | None = None
        self._pack_cache: tuple[str, Any] | None = None
        # The rule pack the list's columns were last set for: an analysis with another one (a pack beside the survey
        # added, edited or removed; another one chosen in Settings) lists its counters at once.
        self._listed_for: Any = None
        # The file's PRAGMA data_version when the list was last read: another program's snapshot (survey-check
        # --record, another window) changes it, and the list shown follows (FOLLOW_MS).
        self._seen_version: int | None = None
        self._follow = QTimer(self)
        self._follow.setInterval(FOLLOW_MS)
        self._follow.timeout.connect(self._follow_file)
        # A file an older version wrote, being upgraded off the GUI thread (history_upgrade.HistoryUpgrade); history is
        # kept in memory meanwhile and copied into it once it is open (then `_upgrading` ends).
        self._upgrade: Any = None
        self._upgrading = False
        self._only_opening = False  # what `_upgrading` is: a file opened at the first look, not an older one upgraded
        self._opened_once = False  # the file opened once (off the GUI thread at the first look; where used after)
        self._file_notice = ""  # what the tab says of the file once the snapshots kept in memory are copied into it
        self._stale = True
        self._stale_metrics = True
        self._compare_thread: _CompareThread | None = None
        self._comparison = 0  # the number of the newest comparison asked for
        # (database, snapshot ids, edits of the editor's text then) of the newest comparison asked for: a result of a
        # text edited since is not laid out (the side-by-side table took 100-370 ms of the GUI thread at 8 MB at every
        # pause in typing), and the same comparison is not asked for again.
        self._asked: tuple[Any, tuple[int, ...], int | None] | None = None
        self._held: tuple[str, Comparison] | None = None  # a result that came while the panel was hidden
        self._relisting = False
        self._editor_recompare = QTimer(self)
        self._editor_recompare.setSingleShot(True)
        self._editor_recompare.setInterval(EDITOR_RECOMPARE_PAUSE_MS)
        self._editor_recompare.timeout.connect(lambda: self._compare_with_editor_again(in_background=True))
        # (database tag, id, text) of the snapshot last compared with the editor
        self._snapshot_text: tuple[tuple[str, Any], int, str] | None = None
        self._recovery_thread: _RecoveryCompareThread | None = None
        self._recovery_comparison = 0  # the number of the newest recovery offer compared off the GUI thread
        self._record_thread: _RecordThread | None = None
        self._jobs_submitted = 0
        # record thread job number -> (_tag, its snapshot), stored while measuring
        self._measuring: dict[int, tuple[tuple[str, Any], int]] = {}
        self._edits = 0  # edits of the document so far (any change of its text counts)
        self._awaiting: list[WindowAnalysis] = []  # long snapshots' measurements waiting for the window's analysis
        self._closing = False
        self._autosaved_revision: int | None = None  # the document revision the last long autosave was asked for
        # (key, writer) of a crash's autosave restored into the editor, until this window's autosave holds its text
        self._recovered_from: tuple[str, str | None] | None = None
        self.shut_down = False  # the window closed (or the program quits): nothing more is offered

        self.autosave_timer = QTimer(self)
        self.autosave_timer.timeout.connect(self.autosave_now)
        # Says, for as long as it is true, that history is not being written to disk (a passing message goes after
        # 15 s, and the author went on typing believing every autosave was kept for a crash)
        self.offline_label = QLabel(self.tr("⚠ History not saved to disk"))
        self.offline_label.setObjectName("history_offline")
        self.offline_label.setAccessibleName(self.tr("History not saved to disk"))
        self.offline_label.hide()
        bar = window.statusBar() if hasattr(window, "statusBar") else None
        if bar is not None:
            bar.addPermanentWidget(self.offline_label)
        self.apply_config()

        window.document_saved.connect(self._on_saved)
        window.editor.document().modificationChanged.connect(lambda modified: modified or self._nothing_unsaved())
        window.editor.document().contentsChange.connect(self._edited)
        window.document_opened.connect(self._opened_in_window)
        window.analysis_ready.connect(self._on_analysis)
        store = getattr(window, "settings_store", None)
        if store is not None and hasattr(store, "changed"):
            store.changed.connect(lambda _cfg: self.apply_config())
        panel.metric_box.currentIndexChanged.connect(lambda _i: self.refresh_chart())
        panel.show_autosaves.toggled.connect(lambda _on: self.refresh())
        panel.compare_requested.connect(self.compare_selected)
        panel.shown.connect(self._panel_shown)
        panel.restore_requested.connect(self.restore_snapshot)
        self.message.connect(self._show_message)
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self._about_to_quit)

    # -- database -------------------------------------------------------------------------------------------
    def config(self):
        from editor_app.config import from_environment

        cfg = getattr(self.window, "config", None)  # the window's effective config keeps command-line overrides
        if cfg is not None and hasattr(cfg, "autosave_seconds"):
            return cfg
        store = getattr(self.window, "settings_store", None)
        return store.config() if store is not None else from_environment()

    def apply_config(self) -> None:
        from editor_app.config import autosave_milliseconds

        cfg = self.config()
        self.autosave_timer.start(autosave_milliseconds(cfg.autosave_seconds))
        wanted = Path(cfg.db_path) if cfg.db_path else None
        if self._db is not None and wanted != self._db_path:
            self.close_database()
            self._stop_copying()
            self._close_earlier()  # (the file chosen is read instead, if it can't be written either)
            self._copied = {}  # ids of copies in the file left
            if self._memory is not None:  # another database chosen: the next use tries it (and copies into it)
                self._db = None
            self._drop_upgrade()
        self._db_path = wanted

    @property
    def db(self):
        """The open database, opened on first use; while the file can't be used, the history kept in memory."""
        if self._db is None:
            if self._start_upgrade():  # an older version's file: opened off the GUI thread, history in memory meanwhile
                return self._db
            try:
                opened = database.open_database(self._db_path, timeout=BUSY_SECONDS)
            except Exception as exc:  # an unwritable folder...: history goes on in memory, editing goes on
                self._fall_back(self._cant_write(exc))
                return self._db
            self._take(opened)
        return self._db

    @property
    def upgrading(self) -> bool:
        """Whether the file is being opened off the GUI thread (an older version's upgraded, or any at the first
        look), and the snapshots kept in memory meanwhile copied into it."""
        return self._upgrading

    def open_in_background(self) -> None:
        """The window's first look at its history: the file is opened (checked whole when small enough, switched to
        WAL, migrated) off the GUI thread, as an older version's is, and `upgrading` is true until it is open. On the
        GUI thread the first look froze a new window 0.1-0.4 s about a second after it appeared (an 8 MB survey's
        20-30 MB history: QA27g D4). A file used before it (a survey opened, a save, the tab shown in the first
        second), or after it (another one chosen in Settings, one tried again after trouble), is opened where it
        is used."""
        if self._db is None and not self._opened_once:
            self._start_upgrade(always=True)

    def _start_upgrade(self, always: bool = False) -> bool:
        """A file an older version wrote is opened (checked, migrated) off the GUI thread: its migrations may take long
        on a big file, and froze the window as it opened; with `always`, any file is (the first look). Meanwhile
        history is kept in memory, an older file's snapshots listed read only when this version reads them as they
        are, and the panel says so; once it is open what was kept in memory is copied into it (`_upgrade_done`). False
        when the file is not opened so: opened by the caller."""
        if self._upgrade is not None:
            return True
        older = database.needs_upgrade(self._db_path)
        if not older and not always:
            return False
        if self._memory is None:
            self._memory = database.open_database(memory=True).db
            self._memory_serial += 1
        self._db = self._memory
        self._db_on_file = False
        self._retry = False  # (the upgrade opens it)
        self._upgrading = True
        self._only_opening = not older
        self._opened_once = True
        if older:  # (one opened at the first look is open in a moment, most often: listed then, once checked)
            self._open_earlier()
        path = self._db_path or database.default_db_path()
        self.panel.show_notice(self.tr(
            "Upgrading history… {path} was written by an older version of Survey Editor and is being brought up to "
            "date; the saves and autosaves made meanwhile are kept, and stored in it once it is done.").format(
                path=path) if older else self.tr(
            "Opening history… {path} is being opened and checked; the saves and autosaves made meanwhile are kept, "
            "and stored in it once it is open.").format(path=path))
        # (a plain opening waits a moment only for another program's lock, as the GUI thread's opening did)
        upgrade = HistoryUpgrade(self._db_path, timeout=10.0 if older else OPEN_BUSY_SECONDS)
        upgrade.done.connect(self._upgrade_done)
        self._upgrade = upgrade
        upgrade.start()
        QTimer.singleShot(0, self, lambda: self.refresh(reload_metrics=True))  # (not inside a read under way)
        return True

    def _upgrade_done(self, upgrade: Any) -> None:
        """The older version's file is open, upgraded: the snapshots kept in memory meanwhile are copied into it and
        history goes on there. Or it can't be used: history stays in memory, and the panel says why."""
        if upgrade is not self._upgrade:  # another database chosen meanwhile, or the window closed
            if not upgrade.taken:
                upgrade.close_unused()
            return
        upgrade.taken = True
        self._upgrade = None
        self._close_earlier()
        opened = upgrade.opened
        if opened is None or opened.path is None:
            self._upgrading = False
            if opened is None:
                self._fall_back(self._cant_write(upgrade.error), tell=True)
            else:  # (its history in memory is the upgrade thread's: this window's, kept meanwhile, goes on)
                self._take(dataclasses.replace(opened, db=None), tell=True)
            self.refresh(reload_metrics=True)
            return
        self._retry = True  # a copy cut short (the disk full) is tried again, as after any trouble
        self._take(opened)

    def _drop_upgrade(self) -> None:
        """The upgrade under way is not wanted (another database chosen): left to end, its connection closed then."""
        if self._upgrade is not None:
            if not self._upgrade.wait(0):
                self._upgrade = None  # (`_upgrade_done` closes what it opened)
            else:
                self._upgrade.close_unused()
                self._upgrade = None
        self._upgrading = False

    def _finish_upgrade(self) -> None:
        """At quit: the upgrade is waited for, and the snapshots kept in memory meanwhile go into the file."""
        upgrade = self._upgrade
        if upgrade is not None and upgrade.wait():
            self._upgrade_done(upgrade)

    def _take(self, opened: Any, *, tell: bool = False) -> None:
        self._opened_once = True
        said = ""
        if opened.warning:
            from editor_app.ui.engine_text import words_for

            said = words_for(None)(opened.warning)  # the database's English, in the window's language
        if opened.path is None:  # the in-memory history of a file that could not be used
            self._fall_back(said, retry=getattr(opened, "retry", False), memory=opened.db,
                            newer=getattr(opened, "newer", False), tell=tell)
            return
        if said:
            self.message.emit(said)
        self.panel.show_notice(said)
        if self._memory is not None:  # another database chosen in Settings, a damaged one replaced, the first look's
            self._file_notice = said  # (kept in the tab once the copy is done)
            self._catch_up(opened.db)
        else:
            self._db = opened.db
            self._db_on_file = True

    def _tag(self) -> tuple[str, Any]:
        """Which database a snapshot id stored now is of: the memory history (which one), or the file."""
        if self._memory is not None and self._db is self._memory:
            return ("memory", self._memory_serial)
        return ("file", str(self._db_path))

    def _fall_back(self, reason: str, *, retry: bool = True, memory: Any = None, newer: bool = False,
                   tell: bool = False) -> None:
        """The file can't be used now: history goes on in memory (the one kept already, if any), and with `retry`
        the file is tried again (`retry_file`); the status bar says so until it is back. `newer`: a newer version
        made the file: its snapshots are listed read only as far as this version reads them (survey-check history
        lists them; the window listed none, "No snapshots yet"). `tell`: said in the status bar though history was
        kept in memory already (an upgrade's file found unusable)."""
        if self._db is not None and self._db is not self._memory:
            self.close_database()
        first = self._memory is None
        if first:
            self._memory = memory if memory is not None else database.open_database(memory=True).db
            self._memory_serial += 1
        elif memory is not None:
            memory.conn.close()
        self._db = self._memory
        self._db_on_file = False
        self._retry = retry
        self._next_retry = time.monotonic() + RETRY_SECONDS
        self._down_reason = reason
        said = _then(reason, self.tr("It is tried again at every save, and every {seconds} s; the snapshots kept in "
                                     "memory meanwhile are then stored in it.").format(seconds=RETRY_SECONDS)
                     if retry else "")
        if retry and self._open_earlier():
            said = _then(said, self.tr("The snapshots already in it are still listed (read only), to compare and "
                                       "restore."))
        elif newer and self._open_earlier(newer=True):
            said = _then(said, self.tr("The snapshots already in it are listed read only, as far as this version reads "
                                       "them, to compare and restore; nothing is written to it, and this session's "
                                       "snapshots are not kept once the program quits."))
        elif newer:
            said = _then(said, self.tr("This version can't read its snapshots: none is listed, and nothing is written "
                                       "to it."))
        self.panel.show_notice(said)
        self.offline_label.setToolTip(said)
        self.offline_label.setVisible(self.offline_label.parentWidget() is not None)  # in the window's status bar
        if first or tell:
            self.message.emit(said)

    def _open_earlier(self, newer: bool = False) -> bool:
        """The file that can't be written now (read-only, in a folder that can't be written, full, locked) read
        only, when it can be: the snapshots already in it are listed beside those kept in memory, to compare and
        restore. The tab showed only the session's before, and a history of months went out of reach exactly when
        its file was in trouble. Not a file of a schema this version does not read as it is; with `newer`, a newer
        version's file whose tables this version still reads (history.can_list)."""
        self._close_earlier()
        try:
            earlier = database.open_read_only(self._db_path or database.default_db_path(), timeout=RETRY_BUSY_SECONDS)
        except (sqlite3.Error, OSError):
            return False
        try:
            found = database.schema_version(earlier)
            readable = (history.READ_AS_IS_FROM <= found <= database.latest_version()
                        or newer and found > database.latest_version() and history.can_list(earlier))
        except sqlite3.Error:
            readable = False
        if not readable:
            earlier.conn.close()
            return False
        self._earlier = earlier
        return True

    def _close_earlier(self) -> None:
        _close_quietly(self._earlier)
        self._earlier = None

    def _from_earlier(self, func, *args, **kwargs):
        """`func(file read only, …)` for the snapshots stored before the first kept in memory (a copy into the file
        cut short left some of those there too: listed once); None while history is not kept in memory beside a
        file read, or when it can't be read now (the session's are listed alone)."""
        if not self._reading_earlier():
            return None
        try:
            first = self._memory.execute("SELECT MIN(time) FROM snapshots").fetchone()[0]
            if first is not None:
                kwargs["before"] = first
            return func(self._earlier, *args, **kwargs)
        except sqlite3.Error:
            return None

    def _reading_earlier(self) -> bool:
        return self._earlier is not None and self._memory is not None and self._db is self._memory

    def _earlier_rows(self, path: str, kinds: list[str] | None, offset: int, limit: int,
                      metrics: tuple[str, ...] = ()) -> list[dict[str, Any]]:
        rows = self._from_earlier(history.list_snapshots, path, kinds=kinds, limit=limit, offset=offset,
                                  metrics=metrics) or []
        for row in rows:
            row["id"] = -row["id"]  # (see _earlier)
        return rows

    def _text_of(self, what: str, snapshot_id: int) -> str | None:
        """A listed snapshot's text: one of the file read beside the history kept in memory by its id negated."""
        if snapshot_id >= 0:
            return self._db_call(what, history.get_snapshot_text, snapshot_id)
        try:
            if self._earlier is None:
                raise sqlite3.OperationalError("the history file is no longer read")
            return history.get_snapshot_text(self._earlier, -snapshot_id)
        except (sqlite3.Error, KeyError) as exc:
            self.message.emit(self.tr("History: {what} failed ({error}); editing is not affected.").format(
                what=what, error=exc))
            return None

    def retry_file(self, force: bool = False, *, at_once: bool = False) -> bool:
        """While history is kept in memory, try the file again (at most every RETRY_SECONDS unless `force`): once
        it can be written, what was kept in memory is copied into it (`_copy_some`, a slice per turn of the event
        loop unless `at_once`) and history goes on there. True when it is back on the file."""
        if self._catching is not None:  # copying already
            return self._copy_some(at_once=True) if at_once else False
        if self._memory is None or not self._retry or self._db is not self._memory:
            return False
        if not force and time.monotonic() < self._next_retry:
            return False
        self._next_retry = time.monotonic() + RETRY_SECONDS
        if self._start_upgrade():  # (an older version's file put back meanwhile: not migrated on the GUI thread)
            return False
        try:
            opened = database.open_database(self._db_path, timeout=RETRY_BUSY_SECONDS)
        except Exception:  # the folder still can't be made, say
            return False
        if opened.path is None:  # still locked, read-only...: it stays in memory
            opened.db.conn.close()
            return False
        if opened.warning:  # a damaged file moved aside now, as at start-up
            from editor_app.ui.engine_text import words_for

            self._file_notice = words_for(None)(opened.warning)
            self.message.emit(self._file_notice)
        return self._catch_up(opened.db, at_once=at_once)

    def _catch_up(self, file_db: Any, *, at_once: bool = False) -> bool:
        """Copy the snapshots kept in memory into `file_db`, then go on there (True once it is done)."""
        self._catching = file_db
        return self._copy_some(at_once=at_once)

    def _copy_some(self, *, at_once: bool = False) -> bool:
        """Copy snapshots kept in memory into the file, oldest first, for COPY_SLICE_SECONDS (the rest at the next
        turn of the event loop: 60 drafts of the sample take ~0.3 s, which typing would feel); those stored in
        memory meanwhile follow. Then the dismissals of autosaves made meanwhile, and history goes on in the file.
        Cut short (the disk full again), nothing is lost: the copies made stay, the next retry skips them
        (history.copy_snapshot) and history stays in memory meanwhile."""
        file_db, memory, tag = self._catching, self._memory, ("memory", self._memory_serial)
        if file_db is None or memory is None:
            return False
        started = time.perf_counter()
        copied = 0
        try:
            for sid in history.snapshots_in_order(memory):
                if (tag, sid) in self._copied and self._copied[(tag, sid)] is None:
                    continue  # skipped by write_snapshot's rules (the latest of its kind held its text)
                if copied and not at_once and time.perf_counter() - started > COPY_SLICE_SECONDS:
                    QTimer.singleShot(0, self, self._copy_some)  # the rest after the keys pressed meanwhile
                    return False
                # (one copied in an earlier slice or attempt is found in the file, by a query, and not stored again)
                new, fresh = history.copy_snapshot(memory, sid, file_db)
                self._copied[(tag, sid)] = new
                copied += fresh
            for when, path, options in self._dismissals:
                history.dismiss_autosaves(file_db, path, before=when, **options)
            file_db.execute(f"PRAGMA busy_timeout = {int(BUSY_SECONDS * 1000)}")  # as the GUI thread's writes wait
        except (sqlite3.DatabaseError, OSError) as exc:
            self._catching = None
            try:
                file_db.conn.close()
            except sqlite3.Error:
                pass
            self.offline_label.setToolTip(_then(self._down_reason, self.tr("Tried again: {error}.").format(error=exc)))
            if self._upgrading:  # the upgraded file refused the copies: in memory until it can be written
                self._upgrading = False
                self._fall_back(self._cant_write(exc), tell=True)
            return False
        stored = sum(1 for (t, _sid), new in self._copied.items() if t == tag and new is not None)
        self._catching = None
        self._db = file_db
        self._db_on_file = True
        self._checkpoint_soon()
        self._memory = None
        self._close_earlier()
        self._dismissals = []
        try:
            memory.conn.close()
        except sqlite3.Error:
            pass
        self.offline_label.hide()
        self.panel.show_notice(self._file_notice)  # (what the file's opening said: a damaged one replaced, say)
        self._file_notice = ""
        path = self._db_path or database.default_db_path()
        upgraded, self._upgrading = self._upgrading, False
        if upgraded and self._only_opening:  # the first look's opening: said only when it stored something
            said = "" if not stored else (
                self.tr("History opened: 1 snapshot kept in memory while {path} was being opened is stored there.")
                if stored == 1 else
                self.tr("History opened: {count} snapshots kept in memory while {path} was being opened are stored "
                        "there."))
        elif upgraded:
            said = (self.tr("History upgraded: {path} is up to date.") if not stored else
                    self.tr("History upgraded: {path} is up to date; 1 snapshot kept in memory meanwhile is stored "
                            "there.") if stored == 1 else
                    self.tr("History upgraded: {path} is up to date; {count} snapshots kept in memory meanwhile are "
                            "stored there."))
        else:
            said = (self.tr("History is written to {path} again; 1 snapshot kept in memory meanwhile is stored "
                            "there.") if stored == 1 else
                    self.tr("History is written to {path} again; {count} snapshots kept in memory meanwhile are "
                            "stored there."))
        if said:
            self.message.emit(said.format(path=path, count=f"{stored:,}"))
        self.refresh(reload_metrics=True)
        current = self.current_path()
        if current and not self._closing and not self.shut_down and self.looked:
            # those whose figures came while the file was away (the first look, still to come, measures them)
            self.measure_left_over(current)
        return True

    def _stop_copying(self) -> None:
        """Another database chosen while copying into this one: the copy stops (the next use tries the new one)."""
        _close_quietly(self._catching)
        self._catching = None

    def close_database(self) -> None:
        """Close the file's connection (the history kept in memory stays until it is copied into a file)."""
        if self._db is not None and self._db is not self._memory:
            try:
                self._db.conn.close()
            except sqlite3.Error:
                pass
        self._db = None

    def _db_call(self, what: str, func, *args, redo: bool = False, **kwargs):
        """`func(db, …)`; None (with a message) when it fails. With `redo` (a write: a snapshot, a dismissal) a
        file that can't be written now (full, locked, read-only) is left for the history in memory, where it is
        done instead."""
        db = self.db
        if db is None:
            return None
        try:
            changes = db.conn.total_changes
            result = func(db, *args, **kwargs)
            if db is not self._memory and db.conn.total_changes != changes:
                self._checkpoint_soon()
            return result
        except sqlite3.DatabaseError as exc:
            on_file = db is not self._memory
            if on_file:
                self.close_database()  # the next use reopens it
            locked = on_file and database.is_locked(exc)
            if locked:  # tried again soon: the file's snapshots left measuring are measured once it is back
                QTimer.singleShot(LOCKED_RETRY_MS, self, lambda: self.shut_down or self.retry_file(force=True))
            if on_file and (redo or locked) and database.is_unavailable(exc):
                self._fall_back(self._cant_write(exc))
                if not redo:
                    return None
                try:
                    return func(self._memory, *args, **kwargs)
                except sqlite3.DatabaseError as again:
                    exc = again
            self.message.emit(self.tr("History: {what} failed ({error}); editing is not affected.").format(what=what, error=exc))
            if on_file and database.is_corrupt(exc) and self._db_on_file:
                # A file too big to be checked whole at opening shows its damage only now: reopening it would fail
                # the same way at every autosave, so it is moved aside as a damaged one found at opening is.
                self._take(database.move_aside_damaged(self._db_path, exc))
            return None

    def _checkpoint_soon(self) -> None:
        """What was just written to the file is checkpointed off the GUI thread (database.Checkpointer): left to
        SQLite, the commit of every fifth or sixth snapshot of an 8 MB survey checkpointed here (45 ms, fsyncs)."""
        if self.shut_down:
            return  # (closing the connection checkpoints what is left)
        path = Path(self._db_path or database.default_db_path())
        if self._checkpointer is None or self._checkpointer.path != path:  # (another database chosen meanwhile)
            if self._checkpointer is not None:
                self._checkpointer.stop(0)
            self._checkpointer = database.Checkpointer(path)
        self._checkpointer.request()

    def _cant_write(self, exc: BaseException) -> str:
        return self.tr("History can't be written to {path} now ({error}); this session's snapshots are kept in "
                       "memory.").format(path=self._db_path or database.default_db_path(), error=exc)

    def _dismiss(self, what: str, path: str, **options: Any) -> None:
        """history.dismiss_autosaves, remembered while history is in memory: made in the file once it is back
        (for the autosaves stored up to now: those after it hold later edits)."""
        when = time.time()
        self._db_call(what, history.dismiss_autosaves, path, redo=True, **options)
        if self._memory is not None and self._db is self._memory:
            self._dismissals.append((when, path, options))

    # -- recording ------------------------------------------------------------------------------------------
    def current_path(self) -> str | None:
        p = getattr(self.window, "current_path", None)
        return str(p) if p else None

    def record(self, kind: str, text: str | list[str], analysis: Any = None, path: str | None = None,
               skip_hash: str | None = None) -> int | None:
        """Record a snapshot; a long draft, or one whose analysis is not the one on screen, is prepared on the
        record thread: None then, `recorded` follows. Its figures are always those of the text stored: a long survey
        saved or autosaved while the analysis shown was of an older text stored that text's figures."""
        path = path or self.current_path()
        if not path:
            return None
        if analysis is None:
            analysis = self._shown_analysis_of(text)
        recipe = self._analysis_recipe() if analysis is None else None  # the text is analysed for its snapshot
        # At quit it is all done here, before the program ends (there is no typing to hold up then).
        if (isinstance(text, list) or len(text) > SYNC_RECORD_CHARS) and not self._closing:
            job = {"kind": kind, "text": text, "analysis": analysis, "path": path, "now": time.time(),
                   "skip_hash": skip_hash, "writer": self.writer, "analyse": recipe}
            if recipe is not None and isinstance(text, list) and hasattr(getattr(self.window, "runner", None),
                                                                         "published_revision"):
                # the editor's lines as they are now: the window's analysis of them is on its way
                job["window_analysis"] = WindowAnalysis(self._edits, recipe)
                self._awaiting.append(job["window_analysis"])
            self._submit(job)
            return None
        if isinstance(text, list):
            text = "\n".join(text)
        # A short draft is stored at once (a crash a moment later still finds it); one whose analysis is not on
        # screen is stored "measuring" and measured on the record thread (on the GUI thread it held up typing).
        sid = self._db_call(
            "recording a snapshot", history.write_snapshot, path=path,
            prepared=history.prepare_snapshot(text, _analysis_dict(analysis), measured=recipe is None,
                                              measure_with=_pack_kept(recipe)),
            kind=kind, writer=self.writer, redo=True,
        )
        if sid is not None:
            self.recorded.emit(sid, kind)
            if recipe is not None:
                self._measure(sid, text, recipe)
            self.refresh()
        return sid

    def _submit(self, job: dict[str, Any]) -> None:
        if self._record_thread is None:
            self._record_thread = _RecordThread()
            self._record_thread.prepared.connect(self._write_prepared)
            self._record_thread.start()
        self._jobs_submitted += 1
        self._record_thread.submit({**job, "number": self._jobs_submitted})

    def _measure(self, sid: int, text: str, recipe: tuple[Any, dict | None]) -> None:
        """Measure a snapshot stored while measuring: on the record thread, or here at quit."""
        if not self._closing:
            self._submit({"measure": sid, "tag": self._tag(), "text": text, "analyse": recipe})
            return
        self._store_measurement(sid, history.prepare_measurement(_analysis_dict(_analysed(text, recipe))), self._tag())

    def _store_measurement(self, sid: int, measurement: Any, tag: tuple[str, Any] | None = None) -> None:
        """Store the figures of snapshot `sid` of the database `tag` (_tag): a snapshot kept in memory and copied
        into the file since is measured there; one of a database no longer in use is left to be measured when it is
        next looked at (measure_left_over), never another snapshot of the same number."""
        if tag is not None and tag != self._tag():
            sid = self._copied.get((tag, sid))
            if sid is None:
                return
        elif tag is not None and self._catching is not None and self._copied.get((tag, sid)) is not None:
            try:  # copied already while the rest is being copied: its copy is measured too
                history.measure_snapshot(self._catching, self._copied[(tag, sid)], measurement)
            except sqlite3.DatabaseError:
                pass  # measured when the survey is next looked at
        if self._db_call("measuring a snapshot", history.measure_snapshot, sid, measurement):
            self.measured.emit(sid)
            self.refresh()

    def measure_left_over(self, path: str) -> None:
        """Snapshots stored while measuring whose figures never came (the program was killed first) are measured
        now, with the rule pack they were stored with: the window's may be another one by now, or edited since."""
        recipe = self._analysis_recipe()
        if recipe is None:
            return
        packs: dict[tuple[str, str], Any] = {}  # a stored pack's (path, source) -> the pack read again, or why not
        for sid in self._db_call("looking for unmeasured snapshots", history.unmeasured_snapshots, path) or []:
            text = self._db_call("reading a snapshot", history.get_snapshot_text, sid)
            if text is not None:
                self._measure(sid, text, self._left_over_recipe(sid, recipe, packs))

    def _left_over_recipe(self, sid: int, recipe: tuple[Any, dict | None], packs: dict) -> tuple[Any, dict | None]:
        """(pack, verdicts) to measure a left-over snapshot with: the pack it was stored with when the window's is
        not that one; the window's (and a message saying so) when that pack can't be read again."""
        stored = self._db_call("reading a snapshot", history.pack_to_measure_with, sid)
        pack = recipe[0]
        if stored is None or (stored.source == getattr(pack, "source", None) and stored.path == str(getattr(pack, "path", ""))):
            return recipe  # stored by an older version (it does not say), or the window's pack is that one
        key = (stored.path, stored.source)
        if key not in packs:
            from editor_app.core.rulepack import parse_pack

            try:
                packs[key] = parse_pack(stored.source, stored.path,
                                        base_dir=Path(stored.folder) if stored.folder else None)
            except Exception as exc:  # a pack this version can't read
                packs[key] = exc
                self.message.emit(self.tr(
                    "History: snapshots stored while measuring with the rule pack “{saved}” are measured with "
                    "“{now}”: “{saved}” can't be read again ({error}).").format(
                        saved=stored.name, now=getattr(pack, "name", ""), error=exc))
        kept = packs[key]
        return recipe if isinstance(kept, Exception) else (kept, recipe[1])

    def _shown_analysis_of(self, text: str | list[str]) -> Any:
        """The window's latest analysis when it is of exactly `text` (a list: the editor's lines now), else None.
        A snapshot stored its figures whatever text they were of: an autosave right after a restore, an undo or a
        burst of typing, or a save recorded once its analysis stopped being awaited, listed (and charted) the
        figures of the text before."""
        latest = getattr(self.window, "latest_analysis", None)
        runner = getattr(self.window, "runner", None)
        if runner is None or not hasattr(runner, "published_revision"):  # a window without an analysis runner:
            return latest if latest is None or isinstance(text, list) or _analysis_matches(latest, text) else None
        if latest is None or runner.published is not latest or runner.published_revision != runner.revision:
            return None  # the analysis on screen is of a text before the latest edits
        if isinstance(text, list) or _analysis_matches(latest, text) and text == self.window.current_text():
            return latest
        return None

    def _analysis_recipe(self) -> tuple[Any, dict | None] | None:
        """(pack, arXiv verdicts) to analyse a snapshot's text as the window would; None without a pack."""
        pack = getattr(self.window, "pack", None)
        if pack is None:
            return None
        verdicts = getattr(getattr(self.window, "runner", None), "verdicts", None)
        return pack, (dict(verdicts) if verdicts else None)

    def _write_prepared(self) -> None:
        """Store what the record thread prepared, in the order it was asked for."""
        thread = self._record_thread
        for job in thread.take_results() if thread is not None else []:
            if "error" in job:
                self.message.emit(self.tr("History: {what} failed ({error}); editing is not affected.").format(
                    what=self.tr("recording a snapshot"), error=job["error"]))
                self._measuring.pop(job.get("measure_job"), None)
                continue
            if "measurement" in job:
                tag, sid = ((job.get("tag"), job["measure"]) if "measure" in job
                            else self._measuring.pop(job["measure_job"], (None, None)))
                if sid is not None:
                    self._store_measurement(sid, job["measurement"], tag)
                continue
            sid = self._db_call("recording a snapshot", history.write_snapshot, path=job["path"],
                                prepared=job["prepared"], kind=job["kind"], now=job["now"], writer=job.get("writer"),
                                redo=True)
            if job["kind"] == "autosave" and self._db is not None:
                self._last_autosave_hash = job["prepared"].text_hash
                if sid is not None:
                    self._unsaved_autosave_path = job["path"]
                    self._dismiss_recovered()  # a recovered long draft is autosaved as this window's now
                    if not self.window.editor.document().isModified():  # undone back to the file meanwhile
                        self._nothing_unsaved()
            if sid is not None:
                if not job["prepared"].measured:
                    self._measuring[job["number"]] = (self._tag(), sid)
                self.recorded.emit(sid, job["kind"])
                self.refresh()

    def autosave_now(self) -> int | None:
        """Record a recovery snapshot when the document has unsaved edits; the user's file is not touched.

        A long draft goes to the record thread without being copied out of the editor here (None is returned).
        While history is kept in memory, the file is tried again first (at most every RETRY_SECONDS)."""
        self.retry_file()
        document = self.window.editor.document()
        if not document.isModified():
            return None
        path = self.current_path() or self.untitled_key()
        if self._long_draft():
            if document.revision() == self._autosaved_revision:
                return None  # not edited since the last autosave was asked for
            self._autosaved_revision = document.revision()
            return self.record("autosave", self.window.mirror.snapshot(), path=path, skip_hash=self._last_autosave_hash)
        text = self.window.current_text()
        digest = history.text_hash(text)
        if digest == self._last_autosave_hash:
            return None
        sid = self.record("autosave", text, path=path)
        self._autosaved(digest, path)
        return sid

    def _long_draft(self) -> bool:
        """Whether the editor's text goes to the record thread as the mirror's snapshot, not copied out of the
        editor on the GUI thread (a long draft, while the window is not closing)."""
        return (getattr(self.window, "mirror", None) is not None and not self._closing
                and self.window.editor.document().characterCount() > SYNC_RECORD_CHARS)

    def _autosaved(self, digest: str, path: str) -> None:
        """Remember an autosave stored in the file: the next one of the same text is skipped, and a clean quit
        dismisses it."""
        if self._db is not None:
            self._last_autosave_hash = digest
            self._unsaved_autosave_path = path

    def untitled_key(self) -> str:
        """Where the autosaves of the open survey go while it has no file (made on its first autosave)."""
        if self._untitled is None:
            self._untitled = history.untitled_key()
        return self._untitled

    def _nothing_unsaved(self) -> None:
        """The editor holds the text on disk (undone back to it, saved, or another file opened): this session's
        autosaves hold nothing to recover any more, so a crash from here on must not offer them."""
        self.discard_session_autosaves()
        self._last_autosave_hash = None
        self._autosaved_revision = None

    def _on_saved(self, path: Any, text: str) -> None:
        self.retry_file(force=True)  # a save is where the author expects it kept: the file is tried at once
        if self._untitled is not None:  # the untitled survey now has a file: its autosaves hold nothing to recover
            self._dismiss("dismissing autosaves", self._untitled)
            self._untitled = None
        self._last_autosave_hash = None
        self._autosaved_revision = None
        self._unsaved_autosave_path = None
        # The row is written as the file is saved, "measuring" when the analysis on screen is of an older text, and
        # measured by the record thread: a save waited up to 3 s for its own analysis first, and a crash in those
        # seconds lost its row (the file itself was saved).
        analysis = getattr(self.window, "latest_analysis", None)
        if analysis is None or not self._is_analysis_of(analysis, text):
            # A window without a pack to measure with stores no figures rather than another text's.
            analysis = None if self._analysis_recipe() is not None else {}
        self.record("save", text, analysis, str(path))

    def _on_analysis(self, analysis: Any) -> None:
        path = self.current_path()
        if path and self._pack(path) is not self._listed_for:
            # checked with another pack now: the list shows its counters (it kept the old columns until a snapshot)
            self.refresh(reload_metrics=True)
        if self.panel.isVisible() and len(self.panel.selected_ids()) == 1:
            self._editor_recompare.start()  # (again: typing goes on)
        if self._awaiting:  # once the result is drawn: the measurer would share the GIL with its drawing
            QTimer.singleShot(int(QUIET_AFTER_RESULT * 1000), self, self._give_window_analysis)

    def _edited(self, *_: Any) -> None:
        self._edits += 1

    def _give_window_analysis(self) -> None:
        """The measurements waiting for the window's analysis get it when it is of their text (no edit since their
        text was taken, the same pack and verdicts), else None: they analyse their text themselves, now."""
        runner = getattr(self.window, "runner", None)
        shown = getattr(runner, "published", None)
        current = shown is not None and runner.published_revision == runner.revision
        verdicts = dict(getattr(runner, "verdicts", None) or {}) or None
        awaiting, self._awaiting = self._awaiting, []
        for awaited in awaiting:
            pack, wanted = awaited.recipe
            same = (current and awaited.edits == self._edits and pack is getattr(self.window, "pack", None)
                    and wanted == verdicts)
            awaited.give(shown if same else None)

    def _compare_with_editor_again(self, in_background: bool = False) -> None:
        """A snapshot compared with the editor: after a restore, an undo or typing, the diff shown is of the text now
        in the editor (it went on showing the differences the restore had just removed). After an edit, once typing
        pauses and off the GUI thread (`in_background`), the comparison shown staying until the new one is ready."""
        if self.panel.isVisible() and len(self.panel.selected_ids()) == 1:
            self.compare_selected(in_background)

    def _compare_key(self, ids: list[int]) -> tuple[Any, tuple[int, ...], int | None]:
        """What a comparison is of: its snapshots, and with one, the editor's text as it is after that many edits."""
        return self._tag(), tuple(ids), (self._edits if len(ids) == 1 else None)

    def _is_analysis_of(self, analysis: Any, text: str) -> bool:
        """Whether `analysis` was made of `text`. The main window's runner knows whether the analysis it published
        is of the text now in the editor (an edit that keeps the length fools the length witness); a window
        without one gives only the text length."""
        runner = getattr(self.window, "runner", None)
        if getattr(runner, "published", None) is analysis and runner.published_revision != runner.revision:
            return False
        return _analysis_matches(analysis, text)

    # -- opening and crash recovery -------------------------------------------------------------------------
    def discard_session_autosaves(self) -> None:
        """The user chose to drop their unsaved edits (opened another file, quit with Discard): don't offer them."""
        self._dismiss_recovered()
        if self._unsaved_autosave_path:
            self._dismiss("dismissing autosaves", self._unsaved_autosave_path,
                          writer=self.writer)
        self._unsaved_autosave_path = None

    def _about_to_quit(self) -> None:
        self._closing = True  # from now on snapshots are recorded at once
        self.shutdown()
        # A normal quit: the user either discarded the unsaved edits or has none left (saved, or undone back to
        # the text on disk); either way this session's autosaves hold nothing to recover. Only a crash keeps them.
        self.discard_session_autosaves()

    def _on_opened(self, path: Any, *, look: bool = True) -> None:
        self._nothing_unsaved()  # open_path only gets here once unsaved edits were saved or discarded
        self._untitled = None  # a new untitled survey gets a key of its own
        if look:
            self._look_at(path)

    def _opened_in_window(self, path: Any) -> None:
        """A survey put in the window. The one the window was still reading at start (`survey-editor FILE`) is
        left to the first look when it comes before it: looked at here too, a crash's autosave of it was offered
        twice, and the database opened on the GUI thread before its import was preloaded."""
        at_start, self.reading_at_start = self.reading_at_start, False
        self._on_opened(path, look=self.looked or not at_start)

    def look_at_opened(self, path: Any) -> None:
        """The file opened at start, looked at once the database is open. That look waits for the first analysis
        (seconds on a long survey): the author may have typed and been autosaved already. Then those autosaves are
        theirs, to keep for a crash, not to dismiss as `_on_opened` does after a load, nor to offer back."""
        if not self.window.editor.document().isModified():
            self._on_opened(path)
        else:
            self._look_at(path, not_by=self.writer)

    def _look_at(self, path: Any, not_by: str | None = None) -> None:
        """List a survey just opened, and offer what a crash left of it (not `not_by`'s autosaves)."""
        self._pack_cache = None
        if path:
            self._follow_move(str(path))
        self.refresh(reload_metrics=True)
        loaded = getattr(self.window, "loaded", None)
        if path and loaded is not None and len(loaded.text) > SYNC_RECORD_CHARS:
            # its next save's and autosaves' deltas are taken from the text on disk (most likely its latest save's)
            self._submit({"base_only": True, "text": loaded.text, "path": str(path)})
        if path:
            self.measure_left_over(str(path))
            self.check_recovery(str(path), not_by=not_by)

    def _follow_move(self, path: str) -> None:
        """A survey renamed or moved since its last save keeps its history (and a crash's autosaves of it)."""
        if self.db is None or self._db_call("looking for the survey's history", history.document_id, path) is not None:
            return
        loaded = getattr(self.window, "loaded", None)  # the text on disk, though the author may have typed already
        text = loaded.text if loaded is not None else self.window.current_text()
        old = self._db_call("looking for the survey's history", history.follow_move, path, text)
        if old:
            from editor_app.ui.engine_text import words_for

            self.message.emit(words_for(None)(history.moved_message(old, path)))

    def offer_recovery_again(self) -> RecoveryDialog | None:
        """File → Recover: offer the newest autosave again, even one the user declined earlier."""
        path = self.current_path()
        if not path:
            dialog = self.check_untitled_recovery()
            if dialog is None:
                self.message.emit(self.tr("No autosave of an untitled survey is waiting to be recovered."))
            return dialog
        dialog = self.check_recovery(path, include_dismissed=True)
        if dialog is None:
            self.message.emit(self.tr("No autosave newer than the survey's last save."))
        return dialog

    def check_recovery(self, path: str, *, include_dismissed: bool = False,
                       not_by: str | None = None) -> RecoveryDialog | None:
        """Offer an autosave newer than the file whose text differs from what was just loaded (and, with `not_by`,
        not written by that window: its autosaves are its own edits, not a crash's)."""
        try:
            mtime = os.stat(path).st_mtime
        except OSError:
            mtime = None
        look = dict(text_hash=lambda: history.text_hash(self.window.current_text()), mtime=mtime,
                    include_dismissed=include_dismissed, not_by=not_by)
        found = self._db_call("looking for unsaved changes", history.latest_autosave_newer_than, path, **look)
        if not found and self._reading_earlier():
            # history kept in memory beside a file that can't be written: a crash's autosave is in that file
            try:
                found = history.latest_autosave_newer_than(self._earlier, path, **look)
            except sqlite3.Error:
                found = None
        if not found:
            return None
        text = self.window.current_text()
        return self._offer(path, text, found, lambda result: self._recovery_answered(path, found, result))

    def check_untitled_recovery(self) -> RecoveryDialog | None:
        """Offer the autosave of an untitled survey that was never saved before its program stopped."""
        found = self._db_call("looking for unsaved changes", history.orphaned_untitled_autosave,
                              exclude=self._untitled)
        if not found:
            return None
        return self._offer(None, "", found, lambda result: self._untitled_answered(found, result))

    def _offer(self, path: str | None, text: str, found: dict[str, Any], answered) -> RecoveryDialog:
        """Open the recovery offer of `found` against `text` (the file's, or "" for an untitled survey)."""
        # The offer opens at once and a long draft's diff follows from a worker thread: at 8 MB it froze the window
        # for ~27 s here (difflib, then laying out 17 M characters of HTML); Myers makes it ~0.1 s, but drafts with
        # more than textdiff.MAX_EDITS changed lines still fall back to difflib's seconds.
        long_drafts = len(text) + len(found["text"]) > SYNC_DIFF_CHARS
        dialog = RecoveryDialog(path, text, found, self.window, compare_later=long_drafts)
        dialog.finished.connect(answered)
        self.recovery_dialog = dialog
        if long_drafts:
            self._compare_for_recovery(text, found["text"], dialog.titles)
        dialog.open()
        self.recovery_offered.emit(dialog)
        return dialog

    def _untitled_answered(self, found: dict[str, Any], result: int) -> None:
        self.recovery_dialog = None
        if result != QDialog.DialogCode.Accepted:
            self._dismiss("dismissing the autosave", found["key"])
        elif self.window.new_document():  # unsaved edits of the open survey are asked about first
            self.window.set_text_undoable(found["text"])
            self._untitled = found["key"]  # its next autosaves go on where they were
            self._take_over_recovered(found["key"], None)
            self.message.emit(self.tr("Restored the untitled survey autosaved at {when}. Save to keep it.")
                              .format(when=_fmt_time(found["time"])))

    def _take_over_recovered(self, key: str, writer: str | None) -> None:
        """The recovered text, now in the editor, is this window's unsaved work: autosaved at once as its own, and
        only then the crash's autosave is not offered again. (Dismissed first, a second crash before this window's
        first autosave, up to 30 s later, offered nothing at the next start: the recovered work was gone.)"""
        self._last_autosave_hash = None
        self._autosaved_revision = None
        self._recovered_from = (key, writer)
        if self.autosave_now() is not None:
            self._dismiss_recovered()
        # else a long draft's autosave is still being prepared (dismissed once written, in _write_prepared), or it
        # could not be recorded at all: then the crash's autosave stays the one to offer

    def _dismiss_recovered(self) -> None:
        """The recovered crash's autosave is not offered again (its text is autosaved as this window's, saved,
        undone or discarded)."""
        recovered, self._recovered_from = self._recovered_from, None
        if recovered is not None:
            self._dismiss("dismissing the autosave", recovered[0], writer=recovered[1],
                          keep_writer=self.writer)

    def _compare_for_recovery(self, file_text: str, autosave_text: str, titles: tuple[str, str]) -> None:
        self._recovery_comparison += 1
        if self._recovery_thread is None:
            self._recovery_thread = _RecoveryCompareThread()
            self._recovery_thread.compared.connect(self._recovery_compared)
            self._recovery_thread.start()
        self._recovery_thread.submit_job((self._recovery_comparison, file_text, autosave_text, *titles, char_tints()))

    def _recovery_compared(self, number: int, summary: str, side_by_side: str) -> None:
        """A comparison for an offer that was answered or replaced meanwhile is dropped."""
        if number == self._recovery_comparison and self.recovery_dialog is not None:
            self.recovery_dialog.show_comparison(summary, side_by_side)

    def _recovery_answered(self, path: str, found: dict[str, Any], result: int) -> None:
        self.recovery_dialog = None
        if self.current_path() != path and history.document_key(self.current_path() or "") != history.document_key(path):
            return  # another document was opened meanwhile
        if result == QDialog.DialogCode.Accepted:
            self.window.set_text_undoable(found["text"])
            self._take_over_recovered(path, found.get("writer"))
            self.message.emit(self.tr("Restored the autosave from {when}. Save to keep it.").format(when=_fmt_time(found["time"])))
        else:
            self._dismiss("dismissing the autosave", path)

    # -- panel ----------------------------------------------------------------------------------------------
    def refresh(self, reload_metrics: bool = False, *, force: bool = False) -> None:
        """Re-read the list and the chart; while the tab is hidden only remember to (autosaves come every 30 s)."""
        path = self.current_path()
        panel = self.panel
        if not force and not panel.isVisible():
            self._stale = True
            self._stale_metrics = self._stale_metrics or reload_metrics
            return
        self._stale = False
        self._stale_metrics = False
        if not path:
            panel.title.setText(self.tr("Untitled survey: its history starts with its first save."))
            panel.model.set_rows([])
            panel.say_when_empty()
            panel.set_series([], [])
            return
        kinds = None if panel.show_autosaves.isChecked() else ["save", "cli"]
        listed, new_pack = self._listed_metrics(path)  # (new_pack: the chart's chooser is set again)
        kept = self._db_call("counting snapshots", history.count_snapshots, path, kinds=kinds) or 0
        # while history is kept in memory: the file's, read only, after the session's (all of them older)
        earlier = self._from_earlier(history.count_snapshots, path, kinds=kinds) or 0
        total = kept + earlier

        def fetch(offset: int, limit: int) -> list[dict[str, Any]]:
            rows = []
            if offset < kept:
                rows = self._db_call("listing snapshots", history.list_snapshots, path, kinds=kinds,
                                     limit=limit, offset=offset, metrics=listed) or []
            if earlier and len(rows) < limit:
                rows += self._earlier_rows(path, kinds, max(0, offset - kept), limit - len(rows), listed)
            return rows

        rows = fetch(0, panel.model.PAGE) if total else []
        self._seen_version = self._data_version()
        selected = panel.selected_ids()
        self._relisting = True  # (the comparison shown is not cleared, and asked for again, as the list is reset)
        try:
            panel.model.set_rows(rows, total, fetch)
            if selected:
                panel.select_ids(selected)  # the snapshots being compared stay selected when a new one is listed
        finally:
            self._relisting = False
        self.compare_selected()
        title = self.tr("{name}: 1 snapshot") if total == 1 else self.tr("{name}: {count} snapshots")
        panel.title.setText(title.format(name=Path(path).name, count=f"{total:,}"))
        if (new_pack or reload_metrics or panel.metric_box.count() == 0
                or rows and panel.metric_box.count() <= len(listed) + 2):  # (no stored metric listed yet)
            self._reload_metrics(path, listed, new_pack)
        self.refresh_chart()

    def _listed_metrics(self, path: str) -> tuple[tuple[str, ...], bool]:
        """The counters the list shows (history.listed_metrics) for the pack the survey is checked with, set as its
        columns; whether they changed."""
        pack = self._pack(path)
        self._listed_for = pack
        listed = history.listed_metrics(pack)
        changed = self.panel.set_metric_columns(listed, [self._header(n, pack) for n in listed],
                                                getattr(pack, "name", None))
        return listed, changed

    def _header(self, name: str, pack: Any) -> str:
        """A counter's column: the house's word for one of its own (CJK, ⚠️, Lines), else the pack's label."""
        if house_named(name, pack):
            return QCoreApplication.translate("SnapshotModel", HOUSE_HEADERS[name])
        label = self._metric_label(name, "", pack)
        return label[:1].upper() + label[1:] if label[:1].islower() else label

    def _panel_shown(self) -> None:
        if self._stale:
            self.refresh(self._stale_metrics, force=True)
        self._follow.start()
        if self._held is not None:
            self.compare_selected()  # (the result that came while hidden laid out now, if it is still wanted)
        self._compare_with_editor_again()

    def _data_version(self) -> int | None:
        """The file's PRAGMA data_version: it changes when another connection (another program) commits, not with
        this window's own writes nor a checkpoint. None while history is in memory."""
        if self._db is None or self._db is self._memory:
            return None
        try:
            return self._db.execute("PRAGMA data_version").fetchone()[0]
        except sqlite3.Error:
            return None

    def _follow_file(self) -> None:
        """While the list is shown, a snapshot another program stored (survey-check --record, a second window) or
        measured is listed as it comes: the file's data version is read (microseconds, nothing from the disk), and
        when another program wrote, the list is read again if it no longer shows the survey's snapshots (`_listed`:
        under a millisecond for 10,000 snapshots)."""
        if self.shut_down or not self.panel.isVisible():
            self._follow.stop()  # (started again when the tab is shown)
            return
        version = self._data_version()
        if version is None or self._seen_version is None or version == self._seen_version:
            return
        self._seen_version = version
        # (another program's write of the arXiv cache, or of another survey's history, leaves the list as it is)
        if not self._listed(self.current_path()):
            self.refresh()

    def _listed(self, path: str | None) -> bool:
        """Whether the list shows the survey's snapshots as the file holds them: as many, the same newest, and none
        listed still measuring (another program's figures may have come)."""
        model = self.panel.model
        if not path or not all(r.get("measured", True) for r in model.rows):
            return not path
        kinds = None if self.panel.show_autosaves.isChecked() else ["save", "cli"]
        try:
            newest = history.list_snapshots(self._db, path, kinds=kinds, limit=1)
            total = history.count_snapshots(self._db, path, kinds=kinds)
        except sqlite3.Error:
            return True  # (read at the next change, or the next save)
        return total == model.total and [r["id"] for r in newest] == [r["id"] for r in model.rows[:1]]

    def _reload_metrics(self, path: str, listed: tuple[str, ...], new_pack: bool = False) -> None:
        """The chart's chooser: the counters the list shows first (the first chosen at first, and once the pack
        changed: the house pack's CJK, the English pack's words), then the failing rules, then every stored metric."""
        combo = self.panel.metric_box
        current = (None if new_pack else combo.currentData()) or listed[0]
        names = self._db_call("listing metrics", history.metric_names, path, listed) or [*listed, "failing", "errors"]
        if self._reading_earlier():  # the file's too (the session's first may not be measured yet)
            try:
                names += [n for n in history.metric_names(self._earlier, path, listed) if n not in names]
            except sqlite3.Error:
                pass
        pack = self._pack(path)
        combo.blockSignals(True)
        combo.clear()
        for name in names:
            if name == "failing_rules" and "failing" in names:
                continue  # the same count as "failing" (Failing rules), listed once
            label = METRIC_LABELS.get(name) if name not in HOUSE_LABELS or house_named(name, pack) else None
            combo.addItem(self.tr(label) if label else self._metric_label(name, path, pack), name)
        idx = combo.findData(current)
        combo.setCurrentIndex(max(idx, 0))
        combo.blockSignals(False)

    def _metric_label(self, name: str, path: str, pack: Any = None) -> str:
        """A chartable metric as the window names it: a rule by its title ("rule:cjk-total" → "CJK characters ≤
        3,900"), a counter by its label ("bare_cautions" → "bare ⚠"), in the window's language; else its name."""
        pack = pack if pack is not None else self._pack(path)
        try:
            from editor_app.ui.engine_text import words_for

            say = words_for(pack)
        except Exception:  # the chart still lists the metric by its name
            say = str
        if name.startswith("rule:"):
            rule = next((r for r in getattr(pack, "rules", ()) if r.id == name[5:]), None)
            return say(rule.title) if rule is not None and rule.title else name
        counter = getattr(pack, "counters", {}).get(name)
        if counter is not None and getattr(counter, "label", ""):
            return say(counter.label)
        from editor_app.core.analyze import METRIC_LABELS as ENGINE_LABELS  # loaded by the analysis already

        builtin = {"chars": "characters", "bare_cautions": "bare ⚠", **ENGINE_LABELS}.get(name)
        return say(builtin) if builtin else name

    def refresh_chart(self) -> None:
        path = self.current_path()
        metric = self.panel.metric_box.currentData()
        if not path or not metric:
            self.panel.say_when_empty()
            self.panel.set_series([], [])
            return
        kinds = None if self.panel.show_autosaves.isChecked() else ["save", "cli"]
        points = self._db_call("reading the trend", history.metric_series, path, metric, kinds=kinds) or []
        points = (self._from_earlier(history.metric_series, path, metric, kinds=kinds) or []) + points  # (older)
        self.panel.say_when_empty("" if points else self._no_points_because())
        analysis = _rule_limits(getattr(self.window, "latest_analysis", None))
        self.panel.set_series(points, history.chart_limits(metric, analysis, self._pack(path)))

    def _no_points_because(self) -> str:
        """What an empty chart says when snapshots are listed ("" when none is: no snapshots yet). It said "No
        snapshots yet" above two snapshots, of a metric (CJK) the pack they were checked with does not count."""
        rows = self.panel.model.rows
        if not rows and self._upgrading and self._only_opening:  # (its snapshots are listed once it is open)
            return self.tr("Opening history…")
        if not rows:
            return ""
        if not any(r.get("measured", True) for r in rows):
            return self.tr("The snapshots' figures are still being measured.")
        return self.tr("“%1” was not measured in these snapshots.").replace("%1", self.panel.metric_box.currentText())

    def _pack(self, path: str) -> Any:
        """The rule pack the limits come from: the window's, else the one beside the survey, else the house pack."""
        pack = getattr(self.window, "pack", None) or getattr(self.window, "rule_pack", None)
        if pack is not None and hasattr(pack, "limit_of"):
            return pack
        if self._pack_cache and self._pack_cache[0] == path:
            return self._pack_cache[1]
        try:
            from editor_app.core.rulepack import find_pack_for, house_pack, load_pack

            found = find_pack_for(path)
            pack = load_pack(found) if found else house_pack()
        except Exception:
            pack = None
        self._pack_cache = (path, pack)
        return pack

    def compare_selected(self, in_background: bool = False) -> None:
        if self._relisting:
            return
        ids = self.panel.selected_ids()
        if not ids or len(ids) > 2:  # the comparison of an earlier selection would be read as this one's
            self._comparison += 1  # one still being worked out is not wanted either
            self._asked = None
            self.panel.show_nothing_compared()
            return
        key = self._compare_key(ids)
        if key == self._asked:  # (the list read again, the tab shown again, typing paused with nothing edited)
            held, self._held = self._held, None
            if held is not None:
                self._compared(self._comparison, *held)
            return  # shown already, or still being worked out
        rows = {r["id"]: r for r in self.panel.model.rows if r["id"] in ids}
        texts = {i: self._stored_text(i) for i in ids}
        if any(t is None for t in texts.values()):
            return
        if len(ids) == 1:
            (sid,) = ids
            r = rows[sid]
            self._compare(texts[sid], self.window.current_text(), f"{kind_label(r['kind'])} {_fmt_time(r['time'])}",
                          self.tr("editor"), in_background)
        else:
            older, newer = sorted(ids, key=lambda i: (rows[i]["time"], i))
            self._compare(
                texts[older], texts[newer],
                f"{kind_label(rows[older]['kind'])} {_fmt_time(rows[older]['time'])}",
                f"{kind_label(rows[newer]['kind'])} {_fmt_time(rows[newer]['time'])}",
            )

    def _stored_text(self, snapshot_id: int) -> str | None:
        """A snapshot's text, the one compared with the editor kept (read again at every pause in typing)."""
        tag = self._tag()
        if self._snapshot_text is not None and self._snapshot_text[:2] == (tag, snapshot_id):
            return self._snapshot_text[2]
        text = self._text_of("reading a snapshot", snapshot_id)
        if text is not None:
            self._snapshot_text = (tag, snapshot_id, text)
        return text

    def _compare(self, old: str, new: str, old_title: str, new_title: str, in_background: bool = False) -> None:
        """Short drafts are compared at once; long ones (or `in_background`) on a worker thread, so selecting a row
        never freezes, nor does typing with a comparison open."""
        self._comparison += 1
        self._asked = self._compare_key(self.panel.selected_ids())
        self._held = None
        if not in_background and len(old) + len(new) <= SYNC_DIFF_CHARS:
            self.panel.show_diff(old, new, old_title, new_title)
            return
        if self._compare_thread is None:
            self._compare_thread = _CompareThread()
            self._compare_thread.compared.connect(self._compared)
            self._compare_thread.start()
        if not in_background:
            self.panel.show_comparing(old_title, new_title)
        self._compare_thread.submit_job((self._comparison, old, new, old_title, new_title, char_tints()))

    def _compared(self, number: int, title: str, comparison: Comparison) -> None:
        """A comparison worked out off the GUI thread, shown (its table laid out: the costly part, on the GUI thread)
        only when it is still wanted: the newest asked for (not an earlier selection's), of the editor's text as it is
        now (typing went on: the next pause compares again), and while the panel is seen (else when it is shown)."""
        if number != self._comparison or self._asked is None:
            return
        edits = self._asked[2]
        if edits is not None and edits != self._edits:
            self._editor_recompare.start()  # (its text was edited since: compared again once typing pauses)
            return
        if not self.panel.isVisible():
            self._held = (title, comparison)
            return
        self.panel.show_compared(title, comparison)

    def shutdown(self) -> None:
        """Stop the comparison thread and finish recording (at quit; the window calls it too)."""
        self.shut_down = True
        self._follow.stop()
        if self._compare_thread is not None:
            self._compare_thread.stop()
            self._compare_thread = None
        if self._recovery_thread is not None:
            self._recovery_thread.stop()
            self._recovery_thread.wait()  # a comparison still running must end before its QThread is destroyed
            self._recovery_thread = None
        self._give_window_analysis()  # (the window's analysis, if it is of their text: none comes after)
        if self._record_thread is not None:
            self._record_thread.stop()  # every snapshot asked for is prepared...
            self._write_prepared()  # ...and written before the program ends
            self._record_thread = None
        self._finish_upgrade()  # (an older version's file being upgraded takes what was kept meanwhile)
        self.retry_file(force=True, at_once=True)  # what was kept in memory goes to the file if it can be by now
        self._close_earlier()
        if self._checkpointer is not None:  # (closing the connection checkpoints what is left)
            self._checkpointer.stop(QUIT_CHECKPOINT_SECONDS)
            self._checkpointer = None

    def restore_snapshot(self, snapshot_id: int) -> None:
        text = self._text_of("reading a snapshot", snapshot_id)
        if text is None:
            return
        kept = self._keep_before_restore()
        self.window.set_text_undoable(text)
        self._compare_with_editor_again()  # (at once: the differences it removed must not stay on screen)
        if kept:
            said = self.tr("Restored snapshot #{id} into the editor; the text before it is kept in History as an "
                           "autosave (Undo brings it back too).")
        else:
            said = self.tr("Restored snapshot #{id} into the editor (Undo brings the previous text back).")
        self.message.emit(said.format(id=abs(snapshot_id)))

    def _keep_before_restore(self) -> bool:
        """Store the editor's text as an autosave of this window before a restore replaces it, unless the survey's
        newest snapshot holds it: what was typed since the last autosave lived only in the undo stack, and a crash
        or a save-and-quit lost it. As autosave_now stores: a long draft on the record thread. Whether it is kept."""
        path = self.current_path() or self.untitled_key()
        newest = self._db_call("reading the history", history.newest_text_hash, path)
        if self._long_draft():
            # (hashed on the record thread: skipped there when the newest snapshot holds it, which keeps it too)
            self.record("autosave", self.window.mirror.snapshot(), path=path, skip_hash=newest)
            self._autosaved_revision = None
            return self._db is not None
        text = self.window.current_text()
        digest = history.text_hash(text)
        if digest == newest or self.record("autosave", text, path=path) is None:
            return False
        self._autosaved(digest, path)  # (dismissed at a clean quit, as this window's other autosaves)
        return True

    def _show_message(self, text: str) -> None:
        bar = self.window.statusBar() if hasattr(self.window, "statusBar") else None
        if bar is not None:
            bar.showMessage(text, 15000)


def _then(first: str, second: str) -> str:
    """Two sentences, a space between them after an English one (none after a Chinese "。")."""
    if not first or not second:
        return first or second
    return first + ("" if first.endswith(("。", "）", "！")) else " ") + second


def _analysis_matches(analysis: Any, text: str) -> bool:
    """Whether an analysis was made of this text (its length is the cheap witness Analysis carries)."""
    length = getattr(analysis, "text_length", None)
    if length is None and isinstance(analysis, dict):
        length = analysis.get("text_length")
    return not length or length == len(text)


def _add_view_action(window: Any, panel: HistoryPanel) -> None:
    """View → History (Ctrl+5), after the built-in tabs' Ctrl+1 … Ctrl+4: the list takes the keys, as theirs do."""
    view_menu = getattr(window, "menu_view", None)
    if view_menu is None:
        return
    act = QAction(QCoreApplication.translate("HistoryPanel", "&History"), window)
    act.setShortcut(QKeySequence("Ctrl+5"))

    act.triggered.connect(lambda: window._show_panel(panel, keyboard=True))
    actions = view_menu.actions()
    after = next((i for i, a in enumerate(actions) if a.shortcut() == QKeySequence("Ctrl+4")), None)
    if after is not None and after + 1 < len(actions):
        view_menu.insertAction(actions[after + 1], act)
    else:
        view_menu.addAction(act)
    window.action_show_history = act


def install(window: Any) -> HistoryController:
    """Add the History tab and its menu actions to the main window; returns the controller (kept on the window)."""
    from editor_app.ui import test_hooks

    panel = HistoryPanel()
    controller = HistoryController(window, panel)
    window.add_panel(panel, QCoreApplication.translate("HistoryPanel", "History"))
    window.history = controller
    file_menu = getattr(window, "menu_file", None)
    if file_menu is not None:
        act = QAction(QCoreApplication.translate("HistoryPanel", "Recover &Unsaved Changes…"), window)
        act.triggered.connect(controller.offer_recovery_again)
        quit_action = getattr(window, "action_quit", None)  # with the file's other actions, above Quit
        if quit_action is not None and quit_action in file_menu.actions():
            file_menu.insertAction(quit_action, act)
        else:
            file_menu.addAction(act)
        controller.recover_action = act
    _add_view_action(window, panel)
    test_hooks.install(window)
    # Open (and check) the database soon after the window is up, so a corrupt one is reported right away, and
    # look for unsaved work of the file the window opened before the extensions were installed.
    def first_look() -> None:
        if controller.shut_down:
            return  # the window closed before it came to this: no offers over a window that is gone
        # A long survey's first analysis may still be running (seconds for 8 MB): sqlite-utils is then imported by
        # the worker from here, and the look waits for it (imported here, it froze the new window ~1 s).
        preload_storage()
        if _preloader is not None and _preloader.is_alive():
            QTimer.singleShot(PRELOAD_POLL_MS, controller, first_look)
            return
        controller.open_in_background()
        _ = controller.db
        if controller.upgrading:  # the file is being opened (or upgraded): the look (and any offer) comes after
            QTimer.singleShot(PRELOAD_POLL_MS, controller, first_look)
            return
        if controller.current_path():
            controller.look_at_opened(window.current_path)
        # An untitled survey a crash left behind is offered too, after the opened file's own offer if there is one.
        if controller.recovery_dialog is None:
            controller.check_untitled_recovery()
        else:
            controller.recovery_dialog.finished.connect(
                lambda *_: QTimer.singleShot(0, controller, controller.check_untitled_recovery))
        controller.looked = True

    QTimer.singleShot(STARTUP_DELAY_MS, controller, first_look)
    # Once the window is analysed and painted: start-up would otherwise share the GIL with the import.
    window.analysis_ready.connect(lambda *_: _preloader is None and QTimer.singleShot(
        PRELOAD_AFTER_FIRST_ANALYSIS_MS, controller, preload_storage))
    return controller
