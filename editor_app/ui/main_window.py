"""The main window: composes the editor, the outline and the panels, and wires their signals. Nothing more."""

from __future__ import annotations

from dataclasses import fields, replace
from datetime import datetime
from pathlib import Path
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QByteArray, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent, QKeySequence, QShortcut, QTextCursor
from shiboken6 import isValid as shiboken_valid
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QFileDialog,
    QInputDialog,
    QLabel,
    QMainWindow,
    QMessageBox,
    QVBoxLayout,
    QWidget,
)

from editor_app import APP_NAME
from editor_app.config import Config
from editor_app.core.model import Analysis
from editor_app.resources_path import sample_survey_path
from editor_app.services.files import (
    LoadedText,
    UnreadableFile,
    UnsavableText,
    check_openable,
    encoding_name,
    load_text,
    load_text_and_fingerprint,
    load_text_in,
)
from editor_app.ui import chart_library
from editor_app.ui.analysis_runner import AnalysisRunner
from editor_app.ui.background_open import BackgroundOpener, OpenJob
from editor_app.ui.background_save import BackgroundSaver, OnDisk, SaveJob
from editor_app.ui.code_editor import CodeEditor, pick_editor_font, qt_offset
from editor_app.ui.figures_panel import FiguresPanel
from editor_app.ui.file_watch import ExternalChangeWatcher
from editor_app.ui.find_bar import FindBar
from editor_app.ui.focus_ring import PanelTabs
from editor_app.ui.headline import headline
from editor_app.ui.screen_fit import fit_minimum, resize_to_fit
from editor_app.ui.theme import HEADLINE_FAILING, HEADLINE_OK, RED, keep_text_colour
from editor_app.ui.menus import WindowMenus
from editor_app.ui.outline_panel import OutlinePanel
from editor_app.ui.preview_panel import PreviewPanel
from editor_app.ui.prepared_view import ViewPreparer, prepare_view
from editor_app.ui.references_panel import ReferencesPanel
from editor_app.ui.selfcheck_panel import SelfCheckPanel
from editor_app.ui.settings_store import SettingsStore
from editor_app.ui.status_bar import StatusBar
from editor_app.ui.engine_text import pack_error_place, pack_error_text, words_for
from editor_app.ui.text_mirror import SplitText, TextMirror, split_text

def counter_labels(pack: Any) -> dict[str, str]:
    """The pack's label of each of its counters ("cjk" -> "CJK", "cautions" -> "⚠️"), and of the built-in measures,
    in the window's language."""
    from editor_app.core.analyze import METRIC_LABELS  # loaded by the analysis worker already

    labels = dict(METRIC_LABELS)
    labels.update({name: c.label for name, c in getattr(pack, "counters", {}).items() if getattr(c, "label", "")})
    say = words_for(pack)
    return {name: say(label) for name, label in labels.items()}


HEADLINE_BOX = "padding: 2px 8px; border-radius: 3px; font-weight: bold;"
EDITOR_MIN_WIDTH = 320  # px: ~18 CJK characters a line beside the line numbers
FILE_FILTER = QT_TRANSLATE_NOOP("MainWindow", "Surveys (*.md *.markdown *.txt);;All files (*)")


class MainWindow(QMainWindow):
    """Editor on the left, panels on the right; other parts of the program plug in through the public API below."""

    analysis_ready = Signal(object)  # Analysis for the text now in the editor
    document_opened = Signal(object)  # Path
    # Path, the text saved (an object, not a str: a QString copy of an 8 MB survey there and back, on the GUI thread)
    document_saved = Signal(object, object)

    def __init__(self, config: Config, *, settings_store: SettingsStore | None = None, pack: Any = None,
                 pack_path: Path | None = None, debounce_ms: int = 150) -> None:
        super().__init__()
        self.setObjectName("main_window")
        self.settings_store = settings_store or SettingsStore(parent=self)
        stored = self.settings_store.config()
        # Command-line choices (--db, --arxiv-url, --pack) stay in force when the settings change.
        self._overrides = {f.name: getattr(config, f.name) for f in fields(Config)
                           if getattr(config, f.name) != getattr(stored, f.name)}
        if pack_path:  # --pack: saving Settings (even only the autosave interval) used to drop it for the saved pack
            self._overrides["rule_pack"] = Path(pack_path)
        self.config = config
        self.current_path: Path | None = None
        self.latest_analysis: Analysis | None = None
        self._charts_warmed = False  # pyqtgraph is loaded in the background after the first analysis
        self.loaded: LoadedText | None = None
        self._loaded_on_disk = None  # the fingerprint of the file when it held exactly `loaded` (opened or saved)
        self._asking_external = False  # "changed by another program" is on screen
        self.is_bundled_sample = False
        self._pinned_pack_path = Path(pack_path) if pack_path else (config.rule_pack or None)
        self.pack_path: Path | None = None
        self.pack_problem = ""  # why the chosen rule pack could not be used ("" when it is fine)
        self._pack_broken: tuple[Any, datetime] | None = None  # (its PackError, since when it is broken)
        self._default_pack = pack  # what checks a survey no pack file applies to (None: the house pack, on first use)
        self.pack = pack if pack is not None else self._resolve_pack(None)
        self.last_analysis_seconds = 0.0

        self.setWindowTitle(APP_NAME)
        fit_minimum(self, QSize(900, 560))
        self.setAcceptDrops(True)
        self.setDockNestingEnabled(True)

        # ----- editor (central) -----
        self.editor = CodeEditor(self)
        self.editor.setFont(pick_editor_font(config.editor_font))
        self.editor.setAccessibleName(self.tr("Survey text"))
        self.find_bar = FindBar(self.editor, self)
        central = QWidget(self)
        lay = QVBoxLayout(central)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(0)
        lay.addWidget(self.editor, 1)
        lay.addWidget(self.find_bar)
        # The survey keeps room to be written in: shrinking the window narrows the docks, not the editor to a few
        # characters a line (at 900 px, the outline's and the panels' widths left it 60 px). Held by the editor, not
        # the whole central area: with the find bar open that area needs the bar's width too (held at 320 px, the
        # bar's field and "Match case" were crushed to a few letters in a small window).
        self.editor.setMinimumWidth(EDITOR_MIN_WIDTH)
        self.setCentralWidget(central)

        # ----- outline (left dock) -----
        self.outline = OutlinePanel(self)
        self.outline_dock = QDockWidget(self.tr("Outline"), self)
        self.outline_dock.setObjectName("outline_dock")
        self.outline_dock.setWidget(self.outline)
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.outline_dock)

        # ----- panels (right dock, movable tabs) -----
        self.tabs = PanelTabs(self)  # Tab goes round the panel shown, never on into the editor (Esc leaves)
        self.tabs.setObjectName("panel_tabs")
        self.tabs.setMovable(True)
        self.tabs.setDocumentMode(True)
        self.tabs.setAccessibleName(self.tr("Panels"))
        self.panels_dock = QDockWidget(self.tr("Panels"), self)
        self.panels_dock.setObjectName("panels_dock")
        self.panels_dock.setWidget(self.tabs)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.panels_dock)
        self.selfcheck = SelfCheckPanel(self)
        self.references = ReferencesPanel(lambda: self.config, self)
        self.figures = FiguresPanel(self)
        self.preview = PreviewPanel(self)
        self.add_panel(self.selfcheck, self.tr("Self-check"))
        self.add_panel(self.references, self.tr("References"))
        self.add_panel(self.figures, self.tr("Figures"))
        self.add_panel(self.preview, self.tr("Preview"))
        for panel in (self.selfcheck, self.references, self.figures, self.outline):
            panel.jump_requested.connect(self.goto_analysed)
        for dock in (self.outline_dock, self.panels_dock):
            # Esc in a pane: back to writing, the cursor where it was (only a row's Return led back, moving it)
            back = QShortcut(QKeySequence(Qt.Key.Key_Escape), dock, activated=self.back_to_writing)
            back.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        # Tab in the editor types a tab, so Ctrl+Tab leaves it (Qt's habit for text boxes): to the panel shown (where
        # Ctrl+Tab goes on from tab to tab), Ctrl+Shift+Tab to the outline. Before, no Tab key left the editor.
        for keys, leave in (("Ctrl+Tab", lambda: self._show_panel(self.tabs.currentWidget(), keyboard=True)),
                            ("Ctrl+Shift+Tab", lambda: self.focus_outline())):
            QShortcut(QKeySequence(keys), self.editor, activated=leave).setContext(Qt.ShortcutContext.WidgetShortcut)
        self.references.verdicts_changed.connect(self._verdicts_changed)

        # ----- status bar -----
        self.headline_label = QLabel()
        self.headline_label.setObjectName("headline")
        self.headline_label.setTextFormat(Qt.TextFormat.PlainText)
        self._headline_checking()
        self.position_label = QLabel()
        self.format_label = QLabel()
        self.timing_label = QLabel()
        self.setStatusBar(StatusBar(self))
        self.statusBar().add_headline(self.headline_label)
        # while the pack file that applies is broken: a lasting sign (the pop-up can be closed, messages pass)
        self.pack_broken_label = QLabel()
        self.pack_broken_label.setObjectName("pack_broken")
        keep_text_colour(self.pack_broken_label, RED)
        self.pack_broken_label.hide()
        for w in (self.pack_broken_label, self.timing_label, self.format_label, self.position_label):
            self.statusBar().addPermanentWidget(w)

        # ----- analysis -----
        self.mirror = TextMirror(self.editor.document(), self)
        self.runner = AnalysisRunner(self.mirror.snapshot, self.pack, debounce_ms=debounce_ms, prepare=ViewPreparer(),
                                     edit_mark=self.mirror.edits.mark, parent=self)
        self.editor.places_since_analysis = lambda: self.mirror.edits.places_since(self.runner.published_mark)
        self.runner.analysis_ready.connect(self._apply_analysis)
        self.runner.analysis_failed.connect(self._analysis_failed)
        self.runner.busy_changed.connect(
            lambda busy: busy and self.timing_label.setText(self.tr("analysing…")))
        self.mirror.edited.connect(self.runner.text_changed)  # not for a word still being composed
        # Which text a save wrote: the survey is unmodified after it only if not edited while it was being written.
        self._text_revision = 0
        self._generation = 0  # which document (opened, new): a save's end never marks another one saved
        self.mirror.edited.connect(self._text_edited)
        self.saver = BackgroundSaver(self)  # encodes, writes, fsyncs and fingerprints on a thread of its own
        self.saver.finished.connect(self._save_finished)
        self._save_again = False  # Ctrl+S pressed while a save ran: one more save of the newest text after it
        self.opener = BackgroundOpener(self)  # reads, decodes and splits a survey being opened on a thread of its own
        self.opener.finished.connect(self._read_in_background)
        self._opening: OpenJob | None = None  # the file being read for File → Open (None: none, or no longer wanted)
        self.editor.document().modificationChanged.connect(lambda _m: self._update_title())
        self.editor.cursorPositionChanged.connect(self._update_position)
        self.editor.files_dropped.connect(self._files_dropped)

        self.watcher = ExternalChangeWatcher(self)
        self.watcher.changed_externally.connect(self._changed_externally)
        self.watcher.deleted_externally.connect(self._deleted_externally)
        self._pack_watcher = None
        self._pack_rival_watcher = None
        self._pack_warnings_told: set[tuple] = set()  # a pack's slips told in a pop-up this session
        self._watch_pack()
        self.settings_store.changed.connect(self._settings_changed)

        self.menus = WindowMenus(self)
        self._restore_layout()
        self._update_title()
        QTimer.singleShot(0, self, self._tell_unusable_settings)

    def _tell_unusable_settings(self) -> None:
        """Settings that can't be used (autosave_seconds=inf, an arxiv_url Save refuses, in the settings file or the
        environment) are said on stderr, which a window started from a menu has nowhere to show: the window says
        them too, once, with the defaults used instead (Edit → Settings names them as well)."""
        from editor_app.config import unusable_environment

        saved = self.settings_store.unusable_saved() if hasattr(self.settings_store, "unusable_saved") else {}
        bad = {**saved, **unusable_environment()}
        if bad:
            self.notify(self.tr("Settings not usable"), self.tr(
                "These settings can't be used, so the defaults are used instead: %1. Edit → Settings says where "
                "each is set.").replace("%1", ", ".join(f"{name}={value!r}" for name, value in bad.items())))

    # ================= public API =================
    def current_text(self) -> str:
        """The editor's text exactly (non-breaking spaces kept; toPlainText would turn them into spaces)."""
        return self.mirror.text()

    def set_text_undoable(self, text: str) -> None:
        """Replace the whole text as ONE undo step, keeping the cursor and scroll position roughly where they were.
        The text already in the editor changes nothing: no undo step, no "*" (restoring the snapshot of the last save
        marked the survey unsaved, and closing asked about changes there were none of). Only the part that differs
        is written: Undo (of a restore, a reload, a recovered autosave) then goes back to where the text changed, not
        to the end of the survey, scrolled to its last line."""
        from editor_app.core.text_ends import changed_span

        old = self.current_text()
        if text == old:
            return
        start, old_end, new_end = changed_span(old, text)
        cursor = self.editor.textCursor()
        pos = cursor.position()
        scroll = self.editor.verticalScrollBar().value()
        self.editor.forget_selections()  # Qt must not keep selections into text that is about to vanish
        edit = QTextCursor(self.editor.document())
        edit.setPosition(self._document_position(old, start))
        edit.setPosition(self._document_position(old, old_end), QTextCursor.MoveMode.KeepAnchor)
        edit.beginEditBlock()  # where the edit cursor is now is where Undo puts the author's cursor back
        edit.insertText(text[start:new_end])
        edit.endEditBlock()
        cursor = self.editor.textCursor()
        cursor.setPosition(min(pos, self.editor.document().characterCount() - 1))
        self.editor.setTextCursor(cursor)
        self.editor.verticalScrollBar().setValue(scroll)

    def _document_position(self, text: str, index: int) -> int:
        """The editor's position (a block per line) of `index` in `text`, the editor's text."""
        line = text.count("\n", 0, index)
        column = index - (text.rfind("\n", 0, index) + 1)
        return self.editor.position_in(self.editor.document().findBlockByNumber(line), column)

    def replace_spans_undoable(self, edits: list[tuple[int, int, str, str]]) -> bool:
        """Write each (line, column, old, new) in place as ONE undo step; False, and nothing changed, if some `old`
        is no longer there. Undo then returns to the edits, as it does after set_text_undoable."""
        doc = self.editor.document()
        spans: list[tuple[int, int, str]] = []  # (start, end, new) as document positions of the text before the edits
        for line, column, old, new in edits:
            block = doc.findBlockByNumber(line - 1)
            text = block.text() if block.isValid() else ""
            start = column - 1
            if start < 0 or text[start:start + len(old)] != old:
                return False
            base = block.position()  # (position_in, with the line's text already here: read from Qt once, not thrice)
            spans.append((base + qt_offset(text, start), base + qt_offset(text, start + len(old)), new))
        self.editor.forget_selections()
        # Written from the last span back to the first with one cursor: an edit never moves the spans before it.
        # (A live QTextCursor per span, kept in step by Qt at every insert, made 5,400 updates of an 8 MB survey's
        # figures take 4.6 s: every insert moved every cursor after it.)
        edit = QTextCursor(doc)
        # Undo puts the cursor where the edit cursor was when the block began: the author's place, not the top of
        # the survey (the figures are spread from §0 to the footer; the author may be writing on line 80)
        edit.setPosition(self.editor.textCursor().position())
        edit.beginEditBlock()
        for start, end, new in sorted(spans, reverse=True):
            edit.setPosition(start)
            edit.setPosition(end, QTextCursor.MoveMode.KeepAnchor)
            edit.insertText(new)
        edit.endEditBlock()
        return True

    def open_path(self, path: Path | str) -> bool:
        """Open a survey; a file that can't be read gets a clear message and the current text stays untouched."""
        path = Path(path)
        try:  # read before asking about unsaved edits: a file that is gone is said at once
            loaded, fingerprint = load_text_and_fingerprint(path)
        except UnreadableFile as exc:
            self.show_error(self.tr("Can't open the file"), words_for(self.pack)(str(exc)))
            return False
        return self._open_read(path, loaded, fingerprint, None)

    def open_in_background(self, path: Path | str) -> bool:
        """Open a survey as File → Open does, without freezing the window: the status bar says "Opening …" while
        the file is read and decoded on a worker thread, then it is opened as open_path opens it (unsaved edits
        asked about, the text put in the editor). False, said at once, for a file that is not there (or a folder);
        a file that turns out unreadable is said when it has been read. A later open replaces one still being read."""
        path = Path(path)
        try:
            check_openable(path)
        except UnreadableFile as exc:
            self.show_error(self.tr("Can't open the file"), words_for(self.pack)(str(exc)))
            return False
        said = self.tr("Opening %1…").replace("%1", path.name)
        self.statusBar().showMessage(said, detail=str(path))
        self._opening = self.opener.start(path)
        self._opening.said = said
        return True

    @property
    def opening_path(self) -> Path | None:
        """The survey being read in the background to be opened (None: none)."""
        return self._opening.path if self._opening is not None else None

    def _read_in_background(self, job: OpenJob) -> None:
        if job is not self._opening:
            return  # another survey was opened (or asked for) since
        self._opening = None
        if self.statusBar().currentMessage() == job.said:
            self.statusBar().clearMessage()
        if job.error is not None:
            exc = job.error
            message = str(exc) if isinstance(exc, UnreadableFile) else f"{type(exc).__name__}: {exc}"
            self.show_error(self.tr("Can't open the file"), words_for(self.pack)(message))
            if self._generation == 0:  # the file the window was started with: its empty editor is checked instead
                self.runner.analyse_now()
            return
        assert job.loaded is not None
        self._open_read(job.path, job.loaded, job.fingerprint, job.lines, spread=True)

    def _open_read(self, path: Path, loaded: LoadedText, fingerprint: tuple[int, int, str] | None,
                   split: SplitText | None, *, spread: bool = False) -> bool:
        """Open the survey read from `path` (`split`: its text's split_text, when made already; `spread`: see
        _show_document)."""
        was_modified = self.editor.document().isModified()
        if not self._may_discard_changes():
            return False
        if was_modified and not self.editor.document().isModified():
            try:
                loaded, fingerprint = load_text_and_fingerprint(path)  # saved at the question, perhaps over this file
            except UnreadableFile as exc:
                self.show_error(self.tr("Can't open the file"), words_for(self.pack)(str(exc)))
                return False
            split = None
        resolved = path.resolve()
        self._show_document(loaded, resolved, sample=resolved == sample_survey_path().resolve(),
                            fingerprint=fingerprint, split=split, spread=spread)
        return True

    def new_document(self, path: Path | str | None = None) -> bool:
        """An empty survey: untitled (Save asks where to put it), or to be saved as `path`, a file that does not
        exist yet (`survey-editor new.md` starts one, as an editor does). Unsaved edits are asked about first."""
        if not self._may_discard_changes():
            return False
        self._show_document(LoadedText(text=""), Path(path).resolve() if path else None, sample=False)
        return True

    def _show_document(self, loaded: LoadedText, path: Path | None, *, sample: bool,
                       fingerprint: tuple[int, int, str] | None = None, split: SplitText | None = None,
                       spread: bool = False) -> None:
        """Put a survey (opened, or new and empty) in the editor as unmodified, and check it with the pack that
        applies where it lives (a path that does not exist yet is watched too: a file made there is noticed).
        `fingerprint`: the file's, taken from the bytes read; `split`: the text's split_text. `spread` (an open the
        window is up for): document_opened is told on the next turn of the event loop, and the analysis starts
        after the runner's pause, by when the survey is drawn."""
        self.wait_for_save()  # (asked about unsaved changes first, which waits too) a save's end is this survey's
        self._opening = None  # a survey still being read for File → Open is no longer wanted
        self._generation += 1
        self.loaded = loaded
        self.current_path = path
        self.is_bundled_sample = sample
        # Qt's current-line selection holds a cursor into the text being replaced: dropped first (typing into a new,
        # empty survey right after the sample crashed inside setExtraSelections now and then).
        self.editor.setExtraSelections([])
        self.editor.forget_selections()
        # The last survey's underlines mean nothing in this one (its analysis brings its own): left in, each
        # repaint while Qt replaced the text followed them through the removal of all its lines.
        self.editor.set_problems(())
        with self.mirror.replacing(split or split_text(loaded.text)):
            self.editor.setPlainText(loaded.text)  # (the floor: ~150 ms of an 8 MB survey, all in Qt)
        self.editor.document().setModified(False)
        self.editor.moveCursor(QTextCursor.MoveOperation.Start)
        self.format_label.setText(loaded.label)
        if path is not None and path.exists() and not sample:
            self.settings_store.add_recent_file(path)
            self._rebuild_recent_menu()
        self.watcher.watch(path, fingerprint=fingerprint)
        self._loaded_on_disk = self.watcher.fingerprint
        self._use_pack_for(path, analyse=False)
        self.references.reset()  # verdicts for the previous survey are no longer wanted
        self.runner.verdicts = {}
        self.runner.new_document()
        self._update_title()
        self._headline_checking()  # until its first result (seconds for a long survey), not the last survey's
        if spread:
            # This turn's work is Qt's setPlainText, most of it (~150 ms of an 8 MB survey). History's first look at
            # the survey (hashing it when new to the history: ~30 ms more) was in it too; the analysis started at
            # once shared the GIL with both, and with the first paint of the survey: each took 2-5 times as long.
            # Both come on a turn of their own, after the paint (a posted event: sent before any timer; 1 ms, not
            # 0, for the same reason: the keys and the timers waiting come first).
            generation = self._generation
            QTimer.singleShot(1, self, lambda: generation == self._generation and self._opened(path, loaded))
            return
        self._opened(path, loaded)

    def _opened(self, path: Path | None, loaded: LoadedText) -> None:
        """document_opened told, a damaged file said, and the analysis started (last: from then on the worker
        shares the GIL with this thread)."""
        self.document_opened.emit(path)
        self._tell_damage(loaded)
        self.runner.analyse_now()

    def save(self, *, wait: bool = True) -> bool:
        """Save the survey; whether it was saved. `wait=False` (Ctrl+S, File → Save): the file is written on a
        worker thread and typing goes on; True then means the save was started (or queued behind the one running),
        its end is said in the status bar (an error in a message box, the survey left modified)."""
        if not wait and self.saver.busy:
            # One more save of the newest text when this one ends: never two writers. Before the question of a name:
            # Ctrl+S while an untitled survey's Save As is written saves to the name just chosen, not asks again.
            self._save_again = True
            return True
        if self.current_path is None or self.is_bundled_sample:
            return self.save_as(wait=wait)
        if not wait:
            return self._write(self.current_path, wait=False)
        self.wait_for_save()
        return self._write(self.current_path)

    def wait_for_save(self) -> None:
        """Wait for the save being written and any queued behind it (closing, opening another survey, Save As):
        the unsaved-changes question then sees whether the survey is saved, and no save is lost."""
        while self.saver.busy:
            self.saver.wait()

    def save_as(self, *, wait: bool = True) -> bool:
        """Ask for a name and save the survey there; whether it was saved. `wait=False` (File → Save As, a first
        Ctrl+S): the file is written on the saver's thread, as Ctrl+S writes it (an 8 MB survey's write froze the
        window), True meaning it was started. The window takes the new name (title, recent files, History, the rule
        pack beside it) only once the file is written (_take_saved_path): a failed Save As leaves it the old one."""
        # The dialog offers a name: the survey's own (the bundled sample's in the home folder: the program's files are
        # no place for it); an empty name box left a first-time user guessing what to call the sample's copy.
        if self.current_path is None:
            start = str(Path.home())
        elif self.is_bundled_sample:
            start = str(Path.home() / self.current_path.name)
        else:
            start = str(self.current_path)
        name = self.choose_save_path(start)
        if not name:
            return False
        # A save still being written (Ctrl+S just before) ends first: one writer at a time, in the order asked. The
        # dialog came first, so this is the rest of it, if anything, not the whole of it before the dialog showed.
        self.wait_for_save()
        fmt = self.loaded or LoadedText(text="")  # (after the wait: a GBK survey may have just been saved as UTF-8)
        return self._write(Path(name), fmt=fmt, check_external=False, announce=False, wait=wait, save_as=True)

    def _take_saved_path(self, path: Path, fingerprint: tuple[int, int, str] | None) -> None:
        """The survey is the file a Save As has just written: the window, the watcher, recent files, History and the
        rule pack follow it (never before it is written: a title must not name a file that holds no survey)."""
        self.current_path = path.resolve()
        self.is_bundled_sample = False
        self.watcher.watch(self.current_path, fingerprint=fingerprint)  # from the bytes written: no read back
        self._loaded_on_disk = self.watcher.fingerprint
        # Told once the window is the new file's: the History tab went on listing the old file's snapshots.
        self.document_saved.emit(self.current_path, self.loaded.text)
        self.settings_store.add_recent_file(self.current_path)
        self._rebuild_recent_menu()
        self._update_title()
        self._use_pack_for(self.current_path)  # saved beside a team's survey-rules.toml: checked by it now

    def command_line_choices(self) -> dict[str, str]:
        """`--pack` / `--arxiv-url` / `--db` given to this session, which win over the saved settings: {option: value}."""
        options = {"rule_pack": "--pack", "arxiv_url": "--arxiv-url", "db_path": "--db"}
        return {opt: str(self._overrides[name]) for name, opt in options.items() if self._overrides.get(name)}

    def add_panel(self, widget: QWidget, title: str) -> None:
        """Add a tab to the right-hand panel area (history, export previews, …), where the user last put it."""
        self.tabs.addTab(widget, title)
        self._apply_tab_order()

    def _apply_tab_order(self) -> None:
        """The tabs in the order saved at the last quit (by object name); tabs it doesn't name keep theirs, after."""
        order = getattr(self, "_saved_tab_order", None)
        if not order:
            return
        rank = {name: i for i, name in enumerate(order) if name}
        widgets = [self.tabs.widget(i) for i in range(self.tabs.count())]
        wanted = sorted(widgets, key=lambda w: (0, rank[w.objectName()]) if w.objectName() in rank
                        else (1, widgets.index(w)))
        for target, widget in enumerate(wanted):
            index = self.tabs.indexOf(widget)
            if index != target:
                self.tabs.tabBar().moveTab(index, target)

    def goto_line(self, line: int, column: int = 1) -> None:
        self.editor.goto(int(line), int(column))

    def goto_analysed(self, line: int, column: int = 1) -> None:
        """Go to a place the analysis on screen names (a panel row, an underline), where its text is now: that
        analysis read the survey before the latest edits (seconds before, on a long one), and an Enter or a paste
        above the place since moved it (a click on the outline landed a line above the heading)."""
        if QApplication.activeWindow() in (self.outline_dock, self.panels_dock):
            self.activateWindow()  # a row's Return in a floating pane: the keys back in the editor's window
        self.goto_line(*self.live_place(line, column))

    def live_place(self, line: int, column: int = 1) -> tuple[int, int]:
        """Where a (line, column) of the text the shown analysis read is in the editor now."""
        return self.mirror.edits.follow(int(line), int(column), self.runner.published_mark)

    # ================= dialogs (methods so tests and other parts can replace them) =================
    def show_error(self, title: str, message: str) -> None:
        QMessageBox.critical(self, title, message)

    def notify(self, title: str, message: str) -> QMessageBox:
        """A problem the user should see that needs no answer (non-modal; also shown in the status bar: its first
        line, the whole message in the bar's tooltip)."""
        self.statusBar().showMessage(f"{title}: {message.splitlines()[0]}", 15000, detail=f"{title}: {message}")
        box = QMessageBox(QMessageBox.Icon.Warning, title, message, QMessageBox.StandardButton.Ok, self)
        box.setModal(False)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.show()
        return box

    def ask_unsaved_changes(self) -> str:
        """'save' | 'discard' | 'cancel'."""
        box = QMessageBox(QMessageBox.Icon.Warning, APP_NAME,
                          self.tr("The survey has unsaved changes. Save them first?"), parent=self)
        box.setStandardButtons(QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
                               | QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(QMessageBox.StandardButton.Save)
        answer = box.exec()
        return {QMessageBox.StandardButton.Save: "save",
                QMessageBox.StandardButton.Discard: "discard"}.get(QMessageBox.StandardButton(answer), "cancel")

    def ask_external_change(self, path: Path) -> str:
        """'reload' | 'keep'."""
        box = QMessageBox(QMessageBox.Icon.Question, APP_NAME, self.tr(
            "%1 was changed by another program.").replace("%1", str(path)), parent=self)
        box.setInformativeText(self.tr("Reload it from disk (your edits can be undone), or keep your version?")
                               if self.editor.document().isModified() else
                               self.tr("Reload it from disk, or keep the version shown here?"))
        reload_b = box.addButton(self.tr("Reload from disk"), QMessageBox.ButtonRole.AcceptRole)
        box.addButton(self.tr("Keep my version"), QMessageBox.ButtonRole.RejectRole)
        box.exec()
        return "reload" if box.clickedButton() is reload_b else "keep"

    def ask_save_as_utf8(self, problem: str) -> bool:
        """The text can't be written in the file's encoding: write the file as UTF-8 instead?"""
        answer = QMessageBox.warning(
            self, APP_NAME, problem + "\n\n" + self.tr("Save the file as UTF-8 instead?"),
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Save)
        return answer == QMessageBox.StandardButton.Save

    def ask_overwrite_external(self, path: Path) -> bool:
        answer = QMessageBox.warning(
            self, APP_NAME,
            self.tr("%1 was changed by another program since it was opened. Overwrite it with your version?")
            .replace("%1", str(path)),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Cancel)
        return answer == QMessageBox.StandardButton.Yes

    def choose_open_path(self, start: str) -> str:
        return QFileDialog.getOpenFileName(self, self.tr("Open survey"), start, self.tr(FILE_FILTER))[0]

    def choose_save_path(self, start: str) -> str:
        """A name typed without an extension gets ".md" (the dialog then asks before overwriting that file): a
        file saved as plain `survey` would be hidden by the Open dialog's "Surveys (*.md …)" filter."""
        dialog = QFileDialog(self, self.tr("Save survey as"), start, self.tr(FILE_FILTER))
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dialog.setDefaultSuffix("md")
        return dialog.selectedFiles()[0] if dialog.exec() and dialog.selectedFiles() else ""

    # ================= files =================
    def _may_discard_changes(self) -> bool:
        self.wait_for_save()  # a save under way decides whether there is anything unsaved
        if not self.editor.document().isModified():
            return True
        answer = self.ask_unsaved_changes()
        if answer == "save":
            return self.save()
        return answer == "discard"

    def _write(self, path: Path, *, fmt: LoadedText | None = None, check_external: bool = True,
               announce: bool = True, wait: bool = True, save_as: bool = False) -> bool:
        """Save a snapshot of the text to `path` on the saver's thread; `wait`: until it is written (whether it
        was), else True at once (_save_finished says how it went). `save_as`: the survey becomes `path` once written."""
        if check_external and path.resolve() == self.watcher.path and self.watcher.differs():
            if not self.ask_overwrite_external(path):
                return False
        job = self._start_save(path, self.mirror.snapshot(), fmt or self.loaded or LoadedText(text=""),
                               announce=announce, save_as=save_as)
        if not wait:
            return True
        self.wait_for_save()
        return job.outcome()

    def _start_save(self, path: Path, text: str | list[str], fmt: LoadedText, *, announce: bool,
                    revision: int | None = None, save_as: bool = False) -> SaveJob:
        """Hand the text (its lines: a copy of the list is all the GUI thread pays) to the saver. With nothing new to
        write the file keeps its bytes (mixed line ends, an encoding guessed from its bytes) and its `.bak` the
        version before (a second Ctrl+S made the backup a copy of the file)."""
        job = SaveJob(path, text, fmt, revision=self._text_revision if revision is None else revision,
                      generation=self._generation, announce=announce, save_as=save_as,
                      on_disk=OnDisk(self.loaded, self._loaded_on_disk, self.watcher.path))
        self.watcher.set_suspended(True)  # our own rename is no other program's change
        self.statusBar().showMessage(self.tr("Saving %1…").replace("%1", str(path)))
        self.saver.start(job)
        return job

    def _save_finished(self, job: SaveJob) -> None:
        """A save's end, on the GUI thread: the survey is unmodified if it was not edited while being written."""
        path, saved = job.path, job.saved
        this_document = job.generation == self._generation  # (always: opening another survey waits for the save)
        if saved is not None:
            job.ok = True
            written = saved.written
            if not job.skipped and this_document:
                self.loaded = written
                self.format_label.setText(written.label)  # (a GBK survey saved as UTF-8 says so)
                if path.resolve() == self.watcher.path:
                    self.watcher.remember(saved.fingerprint)  # from the bytes written: no 8 MB read back
                    self._loaded_on_disk = self.watcher.fingerprint
        self.watcher.set_suspended(False)
        if saved is None:
            self._save_failed(job)
            return
        if this_document:
            if job.revision == self._text_revision:
                self.editor.document().setModified(False)
            else:
                # Typed while it was written: still modified, and the state the file held before (Undo back to it)
                # is no longer "saved" either.
                self._unsaved_until_saved()
            if job.save_as:
                self._take_saved_path(path, saved.fingerprint)
        self.statusBar().showMessage(self.tr("Saved %1").replace("%1", str(path)), 4000)
        if job.announce:
            self.document_saved.emit(path.resolve(), job.text)
        if self._save_again:
            self._save_again = False
            self.save(wait=False)

    def _save_failed(self, job: SaveJob) -> None:
        """Said in a message box; the survey stays modified, the file as it was. A text the file's encoding can't
        hold (a GBK survey that now has a ⚠️) is offered UTF-8, which the message advises, rather than left
        impossible to save."""
        self._save_again = False  # it would fail the same way: the author saves again once the cause is fixed
        exc, fmt = job.error, job.fmt
        say = words_for(self.pack)
        if isinstance(exc, UnsavableText) and not fmt.encoding.replace("-", "").lower().startswith("utf"):
            problem = say(str(exc))
            if fmt.guessed:  # a Latin-1 file read as Baltic: UTF-8 would write its misread letters for good
                problem += "\n\n" + self.tr(
                    "%1 was only guessed from the file's bytes. If letters look wrong, cancel and reopen the file "
                    "in its own encoding (File → Reopen in Another Encoding): a save as UTF-8 writes the letters as "
                    "shown.").replace("%1", encoding_name(fmt.encoding))
            if self.ask_save_as_utf8(problem):
                job.then = self._start_save(job.path, job.text, LoadedText(text="", encoding="utf-8", newline=fmt.newline),
                                            announce=job.announce, revision=job.revision, save_as=job.save_as)
                return
        message = say(str(exc) if isinstance(exc, (UnsavableText, OSError)) else f"{type(exc).__name__}: {exc}")
        first = message.splitlines()[0] if message else ""
        if not first.startswith(("Not saved", self.tr("Not saved"))):  # (most of the messages say it first)
            first = f"{self.tr('Not saved')}: {first}"
        self.statusBar().showMessage(first, 15000)  # "Saving…" no longer
        self.show_error(self.tr("Not saved"), message)

    def _tell_damage(self, loaded: LoadedText) -> None:
        """A survey opened with bytes its encoding can't read (shown as U+FFFD) or with U+2029 says so and where, one
        whose encoding was only guessed from its bytes which one (a sentence a line)."""
        if loaded.notices:
            say = words_for(self.pack)
            self.notify(APP_NAME, "\n".join(say(line) for line in loaded.notices))

    def reopen_with_encoding(self, encoding: str) -> bool:
        """File → Reopen in Another Encoding: the survey's file read again in the encoding the user names (one of
        files.REOPEN_ENCODINGS), when the one guessed from its bytes shows wrong letters; unsaved edits are asked
        about first, as opening another file does. Nothing is written: the next save writes that encoding."""
        path = self.current_path
        if path is None or not path.is_file():
            return False
        if not self._may_discard_changes():
            return False
        try:
            loaded, fingerprint = load_text_in(path, encoding)
        except UnreadableFile as exc:
            self.show_error(self.tr("Can't open the file"), words_for(self.pack)(str(exc)))
            return False
        self._show_document(loaded, path, sample=self.is_bundled_sample, fingerprint=fingerprint)
        self.statusBar().showMessage(self.tr("Reopened %1 as %2").replace("%1", path.name)
                                     .replace("%2", encoding_name(loaded.encoding)), 8000)
        return True

    def _open_dialog(self) -> None:
        start = str(self.current_path.parent) if self.current_path and not self.is_bundled_sample else str(Path.home())
        name = self.choose_open_path(start)
        if name:
            self.open_in_background(Path(name))

    def _files_dropped(self, files: list) -> None:
        for f in files[:1]:
            self.open_in_background(Path(f))

    def dragEnterEvent(self, event) -> None:
        if event.mimeData().hasUrls():
            event.acceptProposedAction()

    def dropEvent(self, event) -> None:
        files = [Path(u.toLocalFile()) for u in event.mimeData().urls() if u.isLocalFile()]
        if files:
            event.acceptProposedAction()
            self._files_dropped(files)

    def _changed_externally(self, path: Path) -> None:
        if self._asking_external:
            return  # the question on screen answers this change too: Reload reads the file as it is by then
        self._asking_external = True
        try:
            answer = self.ask_external_change(path)
        finally:
            self._asking_external = False
        if answer == "reload":
            try:
                loaded = load_text(path)
            except UnreadableFile as exc:
                self.show_error(self.tr("Can't reload the file"), words_for(self.pack)(str(exc)))
                self._unsaved_until_saved()  # the file no longer holds what is shown
                return
            self.loaded = loaded
            self.set_text_undoable(loaded.text)
            self.editor.document().setModified(False)
            self.format_label.setText(loaded.label)  # the next save writes this encoding and newline style
            self.watcher.remember()
            self._loaded_on_disk = self.watcher.fingerprint
            self._tell_damage(loaded)
        else:
            self._unsaved_until_saved()  # what is shown differs from the disk: saving is pending

    def _deleted_externally(self, path: Path) -> None:
        """The survey's file was deleted or moved by another program: its text now lives only in the editor."""
        self._unsaved_until_saved()  # saving is pending (the title says so, quitting asks)
        self.statusBar().showMessage(
            self.tr("%1 was deleted or moved by another program; Save writes it again.").replace("%1", path.name), 30000)

    def _unsaved_until_saved(self) -> None:
        """No state in the undo history is the file on disk any more (another program changed it and the author
        kept their version, or deleted it): the survey is modified until saved, Undo back to the text it was opened
        with included. Qt's flag is cleared at its "clean" undo state, which setModified(True) keeps when the text is
        modified already: undone edits then cleared the "*", and closing asked nothing (a deleted survey was gone)."""
        doc = self.editor.document()
        blocked = doc.blockSignals(True)  # the flag ends as it began: nobody is told of the moment in between
        try:
            doc.setModified(False)  # forgets the clean state...
        finally:
            doc.blockSignals(blocked)
        doc.setModified(True)  # ...that setModified(True) then puts out of reach (Qt's modifiedState = -1)
        self._update_title()

    def _text_edited(self) -> None:
        self._text_revision += 1

    def _update_title(self) -> None:
        name = self.current_path.name if self.current_path else self.tr("Untitled")
        if self.is_bundled_sample:
            name += " " + self.tr("(sample)")
        self.setWindowModified(self.editor.document().isModified())
        self.setWindowTitle(f"{name}[*] — {APP_NAME}")

    # ================= packs and settings =================
    def _resolve_pack(self, survey_path: Path | None) -> Any:
        from editor_app.core.rulepack import PackError, find_pack_for, house_pack, load_pack

        candidate = self._pinned_pack_path or find_pack_for(survey_path)
        # Watched even when it can't be loaded: fixing a broken pack file puts it in use, as the message promises.
        self._pack_candidate = Path(candidate).resolve() if candidate is not None else None
        if candidate is not None:
            if getattr(self, "pack", None) is not None and self.pack_path == Path(candidate).resolve():
                return self.pack
            try:
                pack = load_pack(candidate)
                self.pack_path = Path(candidate).resolve()
                self.pack_problem, self._pack_broken = "", None
                self._close_pack_notice()
                if pack.warnings:  # usable, with a slip (an unused [i18n] key): said once the window is back
                    QTimer.singleShot(0, lambda p=pack: self.pack is p and self._tell_pack_warnings(p))
                return pack
            except PackError as exc:
                self.pack_problem = str(exc)
                was = self._pack_broken
                self._pack_broken = (exc, was[1] if was is not None and was[0].path == exc.path else datetime.now())
                kept = getattr(self, "pack", None) if self.pack_path is None else None  # the last usable one
                instead = (self.tr("Checking goes on with the rule pack in use (%1) until the file is fixed.")
                           .replace("%1", str(kept.name)) if kept is not None
                           else self.tr("The bundled house pack is used instead."))
                told, where = pack_error_text(exc) + "\n\n" + instead, pack_error_place(exc)
                QTimer.singleShot(0, lambda p=self.pack_problem, t=told, w=where:
                                  self.pack_problem == p and self._tell_pack_problem(t, w))  # unless fixed
        if candidate is None:
            # No pack file applies (any more: the pinned one was unset in Settings): the default, not the last file's.
            self.pack_problem, self._pack_broken = "", None
            self._close_pack_notice()
        elif getattr(self, "pack", None) is not None and self.pack_path is None:
            return self.pack  # the candidate is broken: the last usable pack stays
        self.pack_path = None
        if self._default_pack is None:
            self._default_pack = house_pack()
        return self._default_pack

    def _use_pack_for(self, survey_path: Path, *, analyse: bool = True) -> None:
        """Check the survey with the pack that applies where it now lives (--pack, else one beside it, else ours)."""
        new_pack = self._resolve_pack(survey_path)
        if new_pack is not self.pack:
            self.pack = new_pack
            self._check_with(new_pack, analyse=analyse)
        self._watch_pack()
        self._show_pack_origin()

    def _check_with(self, pack: Any, *, analyse: bool = True) -> None:
        """Check the survey with another pack: its unsaved edits are autosaved first. A pack's regex runs in re, which
        can't be interrupted and holds the GIL: had one run away, the window (its autosave timer too) stopped with
        it, and what was typed since the last autosave was lost (QA28d D1). The history's autosave does not wait
        for the analysis thread: a survey's draft is in the database before the new pack's first pass starts."""
        history = getattr(self, "history", None)
        if history is not None and self.editor.document().isModified():
            history.autosave_now()
        self.runner.set_pack(pack, analyse=analyse)

    def _tell_pack_problem(self, message: str, where: str = "") -> None:
        """`where`: the file:line and key, all the status bar can show of it at a laptop's width."""
        self._close_pack_notice()  # the pack's latest problem replaces the one it had before this save
        self._pack_notice = self._notify_pack(self.tr("Rule pack not usable"), message, where)

    def _tell_pack_warnings(self, pack: Any) -> None:
        """A usable pack's slips (a translation naming nothing the pack has), with file, line and key."""
        self._close_pack_notice()
        slips = pack.warnings
        where = pack_error_place(slips[0]) + (f" (+{len(slips) - 1})" if len(slips) > 1 else "")
        message = "\n\n".join(pack_error_text(w) for w in slips)
        # the pack reloaded (another key of it edited, lines moved) with the same slips: the status bar says it, no
        # pop-up again
        slips_key = tuple((w.path, w.key, w.message) for w in slips)
        first = slips_key not in self._pack_warnings_told
        self._pack_warnings_told.add(slips_key)
        self._pack_notice = self._notify_pack(self.tr("Rule pack warning"), message, where, pop_up=first)

    def _notify_pack(self, title: str, message: str, where: str, pop_up: bool = True) -> QMessageBox | None:
        """The pop-up says all; the status bar only where (a path and a reason are cut off at a laptop's width)."""
        box = self.notify(title, message) if pop_up else None
        if where:
            self.statusBar().showMessage(f"{title}: {where}", 15000, detail=f"{title}: {message}")
        return box

    def _close_pack_notice(self) -> None:
        """The "not usable" box and status message go once they are no longer true (or a newer problem is told)."""
        notice, self._pack_notice = getattr(self, "_pack_notice", None), None
        if notice is not None and shiboken_valid(notice):
            notice.close()
            if self.statusBar().currentMessage().startswith((self.tr("Rule pack not usable"),
                                                             self.tr("Rule pack warning"))):
                self.statusBar().clearMessage()

    def _watch_pack(self) -> None:
        from editor_app.core.rulepack import PACK_FILENAMES

        if self._pack_watcher is None:
            # a survey-rules.toml copied beside the survey while it is open is noticed too, as a deleted one
            self._pack_watcher = ExternalChangeWatcher(self, notice_creation=True)
            self._pack_watcher.changed_externally.connect(self._pack_file_changed)
            self._pack_watcher.deleted_externally.connect(self._pack_file_changed)
        watched = self.pack_path or getattr(self, "_pack_candidate", None)
        if watched is None and self._pinned_pack_path is None and self.current_path:
            watched = Path(self.current_path).resolve().parent / PACK_FILENAMES[0]
        if watched != self._pack_watcher.path:
            self._pack_watcher.watch(watched)
        # The other name a pack beside the survey may have (.survey-rules.toml): one appearing there, or the one that
        # wins over it, is the pack survey-check now uses; it went unnoticed while only the first name was watched.
        rival = None
        if self._pinned_pack_path is None and self.current_path:
            folder = Path(self.current_path).resolve().parent
            rival = next((folder / n for n in PACK_FILENAMES if folder / n != self._pack_watcher.path), None)
        if self._pack_rival_watcher is None and rival is not None:
            self._pack_rival_watcher = ExternalChangeWatcher(self, notice_creation=True)
            self._pack_rival_watcher.changed_externally.connect(self._pack_rival_changed)
            self._pack_rival_watcher.deleted_externally.connect(self._pack_rival_changed)
        if self._pack_rival_watcher is not None and rival != self._pack_rival_watcher.path:
            self._pack_rival_watcher.watch(rival)

    def _pack_rival_changed(self, path: Path) -> None:
        """The pack file not in use beside the survey changed: taken when it is now the one that applies."""
        from editor_app.core.rulepack import find_pack_for

        applies = find_pack_for(self.current_path)
        if (applies.resolve() if applies is not None else None) != getattr(self, "_pack_candidate", None):
            self._pack_file_changed(path)

    def _pack_file_changed(self, path: Path) -> None:
        self.pack_path = None
        self.pack = self._resolve_pack(self.current_path)
        self._check_with(self.pack)
        self._watch_pack()
        self._show_pack_origin()
        if self.pack_problem:
            return  # said by _tell_pack_problem
        self._close_pack_notice()  # "not usable" is no longer true
        if self.pack_path is not None:
            said = self.tr("Rule pack %1 reloaded: the survey is checked with it (%2)").replace("%1", str(self.pack_path))
        else:
            said = self.tr("Rule pack %1 removed: the survey is checked with %2").replace("%1", str(path))
        self.statusBar().showMessage(said.replace("%2", str(self.pack.name)), 15000)

    def _settings_changed(self, cfg: Config) -> None:
        self.config = replace(cfg, **self._overrides)
        self._say_language_at_next_start(cfg.language)
        self.editor.setFont(pick_editor_font(self.config.editor_font, self.editor.font().pointSize()))
        pinned = self._overrides.get("rule_pack") or self.config.rule_pack
        if pinned != self._pinned_pack_path:
            self._pinned_pack_path = Path(pinned) if pinned else None
            self.pack_path = None
            self.pack = self._resolve_pack(self.current_path)
            self._watch_pack()
            self._check_with(self.pack)
            self._show_pack_origin()
            if not self.pack_problem:  # (a broken one is said by _tell_pack_problem) the switch is said, as a reload is
                said = self.tr("Rule pack %1 in use: the survey is checked with it (%2)")
                where = str(self.pack_path) if self.pack_path is not None else self.pack.name
                self.statusBar().showMessage(said.replace("%1", where).replace("%2", str(self.pack.name)), 15000)

    def _say_language_at_next_start(self, saved: str) -> None:
        """A language saved in Settings that differs from the window's is said where the eye goes after Save: the
        window is built in the language it started in and changes at the next start."""
        from editor_app.ui.engine_text import window_language
        from editor_app.ui.i18n import LANGUAGE_NAMES, chosen_language

        coming = chosen_language(saved=saved)
        if coming != window_language():
            self.statusBar().showMessage(
                self.tr("The window will be in %1 from the next start.").replace("%1", LANGUAGE_NAMES[coming]), 15000)

    def _verdicts_changed(self, verdicts: dict) -> None:
        self.runner.set_verdicts(verdicts)

    # ================= analysis results =================
    def _apply_analysis(self, analysis: Analysis, seconds: float) -> None:
        self.latest_analysis = analysis
        self.mirror.edits.forget_before(self.runner.published_mark)  # no place shown is older than this text
        self.last_analysis_seconds = seconds
        view = self.runner.prepared if self.runner.published is analysis else None
        if view is None:
            view = prepare_view(analysis, None)
        self.selfcheck.say = self.editor.say = self.references.say = words_for(self.pack)  # the engine's words, in the user's language
        self.selfcheck.show_analysis(analysis, claims_changed=view.claims_changed, sections_changed=view.sections_changed,
                                     claims=view.claims_in_order, counter_labels=counter_labels(self.pack),
                                     wrong=view.wrong_claims, disagreeing=view.disagreeing,
                                     ambiguous=view.ambiguous_claims, part_missing=view.part_missing_claims,
                                     said=view.verdict)
        self._show_pack_origin()
        self.references.show_analysis(analysis)
        self.figures.show_analysis(analysis, view.charts, view.figures_signature)
        self.outline.show_analysis(analysis, view.outline_signature, view.outline_rows, view.outline_starts,
                                   view.outline_labels)
        self.preview.show_document(lambda: self.mirror.lines, analysis, self.editor.textCursor().blockNumber() + 1,
                                   self.current_path.parent if self.current_path else None)
        self.editor.set_problems(view.spans)
        text, ok = headline(analysis, self.pack, view.wrong_claims, view.verdict)
        self.headline_label.setText(text)
        self._headline_style(HEADLINE_OK if ok else HEADLINE_FAILING)
        self.timing_label.setText(self.tr("analysed in %1 ms").replace("%1", f"{seconds * 1000:.0f}"))
        if not self._charts_warmed:
            self._charts_warmed = True
            chart_library.warm_up_soon()  # the History and Figures tabs then open without loading pyqtgraph
        self.analysis_ready.emit(analysis)

    def _show_pack_origin(self) -> None:
        """Which pack file checks the survey, over the Self-check summary (not for the bundled pack), and, while the
        pack file that applies is broken, that it is and which pack checks meanwhile, there and in the status bar;
        looked up again only when the pack, the survey's file or the pack's problem changes."""
        from editor_app.core.pack_origin import pack_origin

        key = (id(self.pack), self.pack_path, self.current_path, self.pack_problem)
        if getattr(self, "_pack_origin_key", None) != key:
            self._pack_origin_key = key
            origin = pack_origin(self.pack, self.current_path)
            self.selfcheck.show_pack_origin(self.pack.name, origin)
            self._show_pack_broken(origin)

    def _show_pack_broken(self, origin: Any) -> None:
        """The lasting sign of a broken pack file (`origin`: the pack in use's, core.pack_origin.PackOrigin)."""
        if self._pack_broken is None:
            self.selfcheck.show_pack_broken()
            self.pack_broken_label.hide()
            return
        exc, since = self._pack_broken
        now = datetime.now()
        when = since.strftime("%H:%M" if since.date() == now.date() else "%Y-%m-%d %H:%M")
        same_file = not origin.bundled and Path(origin.path).resolve() == Path(exc.path).resolve()
        used = "" if same_file else str(self.pack.name)
        detail = pack_error_text(exc)
        self.selfcheck.show_pack_broken(Path(exc.path).name, when, pack_error_place(exc), detail, used,
                                        bundled=origin.bundled)
        self.pack_broken_label.setText(self.tr("⚠ Rule pack broken: %1").replace("%1", pack_error_place(exc)))
        meanwhile = (self.tr("Until it is fixed the survey is checked with the last good version of that file.")
                     if not used else self.tr("Until it is fixed the survey is checked with the rule pack %1.")
                     .replace("%1", used))
        self.pack_broken_label.setToolTip(self.tr("Broken since %1:").replace("%1", when) + "\n" + detail + "\n\n"
                                          + meanwhile)
        self.pack_broken_label.show()

    def _analysis_failed(self, message: str) -> None:
        self.headline_label.setText(self.tr("Analysis failed: %1").replace("%1", message))
        self._headline_style(HEADLINE_FAILING)  # white on red, as a failing survey's: it reads on any theme

    def _headline_style(self, background) -> None:
        style = (f"QLabel#headline {{ background: {background.name()}; color: white; {HEADLINE_BOX} }}")
        if self.headline_label.styleSheet() != style:
            self.headline_label.setStyleSheet(style)

    def _headline_checking(self) -> None:
        """"Analysing…" in the headline, in the box a result's headline has: a pixel lower, the status bar made the
        whole window lay out and repaint again as the first result came (its tables sharing the GIL with the
        analysis of an 8 MB survey: a 0.2-0.5 s stall)."""
        self.headline_label.setText(self.tr("Analysing…"))
        self.headline_label.setStyleSheet(f"QLabel#headline {{ {HEADLINE_BOX} }}")

    def _update_position(self) -> None:
        cur = self.editor.textCursor()
        self.outline.follow_cursor(cur.blockNumber() + 1)
        self.position_label.setText(self.tr("Ln %1, Col %2").replace("%1", str(cur.blockNumber() + 1))
                                    .replace("%2", str(self.editor.cursor_column(cur))))

    def jump_to_problem(self, forward: bool = True) -> None:
        cur = self.editor.textCursor()
        here = (cur.blockNumber() + 1, self.editor.cursor_column(cur))
        # edited since the analysis: compared where the spans are now (the edits since gathered once, not at each
        # place live_place follows)
        places = self.editor.places_since_analysis()
        found = self.editor.next_problem(here, forward, places.now if places is not None else None)
        if found is None:
            return
        target, (line, column) = found
        self.goto_line(line, column)
        self.statusBar().showMessage(self.editor.say(target.message), 6000)

    # ================= menus =================
    def _show_panel(self, panel: QWidget, *, keyboard: bool = False) -> None:
        """Show the tab; `keyboard` (View → Ctrl+1 … Ctrl+4) also gives it the keys: arrows then pick a row, Return
        goes to it (left in the editor, those keys moved the survey's cursor and typed a new line into it)."""
        self.panels_dock.show()
        self.tabs.setCurrentWidget(panel)
        if not keyboard:
            return
        keys = {self.selfcheck: self.selfcheck.rules_view, self.references: self.references.view,
                self.figures: self.figures.keys_target(), self.preview: self.preview.browser}.get(panel, panel)
        keys.activateWindow()  # the panels floating in a window of their own: the keys went on into the editor
        keys.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def back_to_writing(self) -> None:
        """Esc in a pane: the keys back in the editor, the cursor where it was, from a floating pane too."""
        self.activateWindow()
        self.editor.setFocus()

    def focus_outline(self) -> None:
        """View → Outline (Ctrl+0): the section list takes the keys; arrows pick a section, Return goes to it."""
        self.outline_dock.show()
        self.outline.view.activateWindow()  # (a floating outline: its window)
        self.outline.view.setFocus(Qt.FocusReason.ShortcutFocusReason)
        if not self.outline.view.currentIndex().isValid() and self.outline.model.rowCount():
            self.outline.view.setCurrentIndex(self.outline.model.index(0, 0))

    def _verify_all(self) -> None:
        self._show_panel(self.references)
        self.references.verify()

    def _goto_dialog(self) -> None:
        line, ok = QInputDialog.getInt(self, self.tr("Go to line"), self.tr("Line:"),
                                       self.editor.textCursor().blockNumber() + 1, 1, self.editor.blockCount())
        if ok:
            self.goto_line(line)

    def _rebuild_recent_menu(self) -> None:
        if getattr(self, "menus", None) is not None:
            self.menus.rebuild_recent()

    # ================= layout and closing =================
    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        # The layout has placed the docks by now: given their widths back here, the window is laid out and painted
        # once (from a timer after the resize, a second time: ~100 ms more of GUI thread with an 8 MB survey open)
        self._keep_dock_widths()

    def _keep_dock_widths(self) -> None:
        """A window shrunk until the editor reached its minimum narrows the docks; grown again, the docks get their
        widths back (Qt gives all the new room to the editor, leaving the outline at ~70 px)."""
        docks = [d for d in (self.outline_dock, self.panels_dock) if d.isVisibleTo(self) and not d.isFloating()]
        central = self.centralWidget()
        if central.width() <= max(EDITOR_MIN_WIDTH, central.minimumSizeHint().width()) + 4:
            self._docks_squeezed = True  # the widths remembered before stay the ones to give back
            return
        wanted = getattr(self, "_dock_widths", {})
        if getattr(self, "_docks_squeezed", False):
            self._docks_squeezed = False
            narrowed = [d for d in docks if wanted.get(d, 0) > d.width() + 4]
            if narrowed:
                self.resizeDocks(narrowed, [wanted[d] for d in narrowed], Qt.Orientation.Horizontal)
                self.layout().activate()  # placed now, before the window is painted (not at the next layout)
                return
        self._dock_widths = {d: d.width() for d in docks}  # as the user left them

    def _restore_layout(self) -> None:
        geometry = self.settings_store.value("window/geometry")
        state = self.settings_store.value("window/state")
        # Qt refuses a geometry that does not fit this screen (saved on a bigger monitor): the window then opened at
        # its minimum, the outline 70 px wide, as it does for a first start on a screen smaller than 1440×900.
        restored = isinstance(geometry, QByteArray) and not geometry.isEmpty() and self.restoreGeometry(geometry)
        if not restored:
            resize_to_fit(self, QSize(1440, 900))
            self.resizeDocks([self.outline_dock, self.panels_dock], [200, 660], Qt.Orientation.Horizontal)
        if isinstance(state, QByteArray) and not state.isEmpty():
            self.restoreState(state)
        order = self.settings_store.value("window/tab_order")
        # Kept for the panels added later (History comes with its extension): each is put back where it was.
        self._saved_tab_order = [str(name) for name in order] if isinstance(order, list) else None
        self._apply_tab_order()

    def save_layout(self) -> None:
        self.settings_store.set_value("window/geometry", self.saveGeometry())
        self.settings_store.set_value("window/state", self.saveState())
        self.settings_store.set_value("window/tab_order",
                                      [self.tabs.widget(i).objectName() for i in range(self.tabs.count())])
        self.settings_store.qsettings.sync()

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self._may_discard_changes():
            event.ignore()
            return
        self.save_layout()
        self.shutdown()
        event.accept()

    def shutdown(self) -> None:
        """Stop the worker threads (also called by tests)."""
        self.wait_for_save()
        self.saver.stop()
        self.opener.stop()
        self._opening = None
        self.references.shutdown()
        self.runner.shutdown()
        self.preview.shutdown()
        history = getattr(self, "history", None)  # installed by editor_app.ui.history_panel
        if history is not None and hasattr(history, "shutdown"):
            history.shutdown()
