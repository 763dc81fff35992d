"""The Self-check tab: every rule measured against its limit, the counters per section, and the claims audit."""

from __future__ import annotations

import re
from typing import Callable

from PySide6.QtCore import QModelIndex, Qt, QTimer, Signal
from PySide6.QtGui import QBrush
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGroupBox,
    QHeaderView,
    QLabel,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from editor_app.core.model import Analysis, Claim, Finding, RuleResult, SectionMetrics
from editor_app.core.stated_otherwise import disagreement_of
from editor_app.formats import Verdict, rule_outcome, shown_status as shown_rule_status, verdict
from editor_app.ui.claims_order import claims_parts, stated_otherwise
from editor_app.ui.headline import findings_failing
from editor_app.ui.icons import GREEN, ORANGE, RED, status_icon
from editor_app.ui.table_cells import RowsDelegate
from editor_app.ui.theme import keep_text_colour, on_base
from editor_app.ui.table_models import ROW_ROLE, Column, RowsModel, RowsProxy, SortProxy, format_value
from editor_app.wording import claim_figure, claim_place

SIZING_ROWS = 100


class PanelTable(QTableView):
    """A panel's table that shows where the keys are: reached by Tab or Ctrl+1 … Ctrl+4, its current row is
    highlighted (before, only a faint dotted frame around one cell said so, lost on a dark theme)."""

    # Other: Ctrl+2 from a focused Self-check table, where switching the tab hands the keys on before the shortcut does
    KEYBOARD = (Qt.FocusReason.TabFocusReason, Qt.FocusReason.BacktabFocusReason, Qt.FocusReason.ShortcutFocusReason,
                Qt.FocusReason.OtherFocusReason)

    def focusInEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().focusInEvent(event)
        if event.reason() not in self.KEYBOARD or self.selectionModel().hasSelection():
            return
        current = self.currentIndex() if self.currentIndex().isValid() else self.model().index(0, 0)
        if current.isValid():
            self.setCurrentIndex(current)  # selects its row (SelectRows); nothing jumps until Return or a click


def make_table(model, parent: QWidget | None = None, *, sortable: bool = True, filterable: bool = False) -> QTableView:
    """A compact, sortable, row-selecting table view as every panel uses it (cheap to reset with 10,000 rows)."""
    view = PanelTable(parent)
    proxy = RowsProxy(view) if filterable else SortProxy(view)
    proxy.setSourceModel(model)
    view.setModel(proxy)
    view.setItemDelegate(RowsDelegate(model, proxy, view))  # a cell painted with one call into Python, not 15
    view.horizontalHeader().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)  # document order until a click
    view.setSortingEnabled(sortable)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    view.setAlternatingRowColors(True)
    view.setWordWrap(False)
    view.setTabKeyNavigation(False)  # Tab goes on to the next table (it went from cell to cell, never out of the first)
    view.verticalHeader().setVisible(False)
    view.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
    # Fitting columns to their contents reads this many rows (Qt's default, 1,000, took 2-4 s of GUI thread when
    # an 8 MB survey's first analysis arrived: every cell's data is a Python call; the widths come out the same).
    view.horizontalHeader().setResizeContentsPrecision(SIZING_ROWS)
    view.verticalHeader().setDefaultSectionSize(view.fontMetrics().height() + 8)
    view.horizontalHeader().setHighlightSections(False)
    view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
    view.horizontalHeader().setStretchLastSection(True)
    return view


_SECTION_WIDTHS = (260, 70)  # the counters per section: the section's name, its lines; each counter at most 90


def fit_columns(view: QTableView, widths: tuple[int, ...], rest: int = 90) -> None:
    """Each column as wide as its contents and header, up to its cap in `widths` (`rest` for the columns after
    them; the last one takes the room left)."""
    view.resizeColumnsToContents()
    header = view.horizontalHeader()
    for i in range(header.count() - 1):
        cap = widths[i] if i < len(widths) else rest
        header.resizeSection(i, min(header.sectionSize(i), cap))


def row_of(index: QModelIndex):
    return index.data(ROW_ROLE) if index.isValid() else None


class SelfCheckPanel(QWidget):
    """Rules, per-section counters and claims; clicking a row asks the window to move the cursor there."""

    jump_requested = Signal(int, int)  # line, column

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("selfcheck_panel")
        self.say: Callable[[str], str] = str  # the engine's and the pack's words in the user's language (the window's)
        self.disagreeing: dict[tuple[int, int], Finding] = {}  # (line, column) -> why that stated figure disagrees
        self._status_words: dict[str, str] | None = None
        self._kind_words: dict[str, str] | None = None
        self.summary = QLabel(self.tr("Waiting for the first analysis…"))
        self.summary.setWordWrap(True)
        self.summary.setObjectName("selfcheck_summary")
        bold = self.summary.font()
        bold.setBold(True)
        self.summary.setFont(bold)
        # which pack file checks the survey, when it is not the bundled one (a pack beside the survey may keep the
        # house pack's name): hidden for the bundled pack
        self.pack_label = QLabel(self)
        self.pack_label.setObjectName("selfcheck_pack")
        self.pack_label.setWordWrap(True)
        self.pack_label.hide()
        # the pack file that applies is broken: said for as long as it stays so, with what checks the survey meanwhile
        self.pack_broken_label = QLabel(self)
        self.pack_broken_label.setObjectName("selfcheck_pack_broken")
        self.pack_broken_label.setWordWrap(True)
        self.pack_broken_label.hide()

        self.rules_model = RowsModel(self._rule_columns(), self, same=lambda a, b: _rule_face(a) == _rule_face(b))
        self.rules_view = make_table(self.rules_model, self)
        self.claims_model = RowsModel(self._claim_columns(), self)
        self.claims_view = make_table(self.claims_model, self)
        self.sections_model = RowsModel(self._section_columns([]), self)
        self._section_heads: tuple[list[str], dict[str, str]] = ([], {})  # the counters and labels shown
        self.sections_view = make_table(self.sections_model, self)
        self.rules_view.setObjectName("rules_table")
        self.claims_view.setObjectName("claims_table")
        self.sections_view.setObjectName("sections_table")

        for view in (self.rules_view, self.claims_view, self.sections_view):
            view.clicked.connect(self._row_clicked)
            view.activated.connect(self._row_clicked)

        split = QSplitter(Qt.Orientation.Vertical, self)
        for title, view in (
            (self.tr("Rules"), self.rules_view),
            (self.tr("Claims audit: what the survey states about itself"), self.claims_view),
            (self.tr("Counters per section"), self.sections_view),
        ):
            box = QGroupBox(title, split)
            lay = QVBoxLayout(box)
            lay.setContentsMargins(4, 4, 4, 4)
            lay.addWidget(view)
            split.addWidget(box)
        # Dragged to an edge, a table was collapsed to nothing: its title gone too, the handle left a hairline there.
        split.setChildrenCollapsible(False)
        split.setStretchFactor(0, 5)
        split.setStretchFactor(1, 3)
        split.setStretchFactor(2, 3)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.pack_label)
        layout.addWidget(self.pack_broken_label)
        layout.addWidget(self.summary)
        layout.addWidget(split, 1)
        self._sized = False
        self.columns_fitted = False  # the tables' columns fitted to the first analysis' rows (a few turns after it)

    # ----- columns -----
    def status_text(self, status: str) -> str:
        if self._status_words is None:  # (asked for every rule's row at every repaint: 7 tr calls were 10 µs)
            self._status_words = {
                "pass": self.tr("pass"),
                "fail": self.tr("fail"),
                "warning": self.tr("warning"),
                "not-measured": self.tr("not measured"),
                "no-match": self.tr("no match"),
                "suppressed": self.tr("suppressed"),
                "note": self.tr("note"),
            }
        return self._status_words.get(status, status)

    def kind_text(self, kind: str) -> str:
        """A rule's kind as the tooltip names it: the pack's keyword ("count"), after its name in the window's
        language where that differs ("计数 count": the Chinese window said "count, 错误", its one English word;
        the keyword stays for a pack's author, who writes it in kind = "count")."""
        if self._kind_words is None:
            self._kind_words = {
                "count": self.tr("count", "rule kind"),
                "required-section": self.tr("required-section", "rule kind"),
                "forbidden-pattern": self.tr("forbidden-pattern", "rule kind"),
                "required-pattern": self.tr("required-pattern", "rule kind"),
                "claims": self.tr("claims", "rule kind"),
                "privacy": self.tr("privacy", "rule kind"),
                "verifiability": self.tr("verifiability", "rule kind"),
                "references": self.tr("references", "rule kind"),
                "figures": self.tr("figures", "rule kind"),
                "section-refs": self.tr("section-refs", "rule kind"),
            }
        word = self._kind_words.get(kind, kind)
        return kind if word == kind else f"{word} {kind}"

    @staticmethod
    def shown_status(r: RuleResult) -> str:
        """A failing warning-level rule is a warning (it blocks nothing, as survey-check's exit code has it) and an
        info-level rule that matches a note for the author, not failures: formats.shown_status, as the report's table."""
        return shown_rule_status(r)

    def _rule_columns(self) -> list[Column]:
        order = {"fail": 0, "no-match": 1, "warning": 2, "not-measured": 3, "note": 4, "suppressed": 5, "pass": 6}
        shown = self.shown_status

        def tip(r: RuleResult) -> str:
            say = self.say
            level = {"error": self.tr("error"), "warning": self.tr("warning"), "info": self.tr("info")}.get(r.level, r.level)
            # the id as the pack writes it; the kind in our words and the pack's, the level in our words
            said = {"1": r.id, "2": self.kind_text(r.kind), "3": level}
            parts = [re.sub("%([123])", lambda m: said[m[1]], self.tr("%1 (%2, %3)", "rule id (kind, level)"))]
            if r.note:
                parts.append(say(r.note))
            # "L9:183", as survey-check writes it: §0 states the ⚠️ count twice on line 9, and the two lines read alike
            parts += [f"L{f.line}{f':{f.column}' if f.column > 1 else ''}: {say(f.message)}" for f in r.findings[:8]]
            if len(r.findings) > 8:
                parts.append(self.tr("… and %n more", "", len(r.findings) - 8))
            return "\n".join(parts)

        def fg(r: RuleResult):
            colour = {"fail": RED, "warning": ORANGE}.get(shown(r))
            return QBrush(on_base(colour)) if colour is not None else None

        made: dict[int, tuple] = {}

        def measured(r: RuleResult) -> str:
            """A rule measured per section lists every section's value: 5,217 characters at 8 MB, 1.2 ms to write at
            every repaint of its row (a resize repaints it at each step); written once a result."""
            hit = made.get(id(r))
            if hit is None or hit[0] is not r or hit[1] is not self.say:
                if len(made) > 200:
                    made.clear()
                hit = made[id(r)] = (r, self.say, self.say(format_value(r.measured)))
            return hit[2]

        return [
            Column(self.tr("Status"), lambda r: self.status_text(shown(r)), sort_key=lambda r: order.get(shown(r), 9),
                   icon=lambda r: status_icon(shown(r)), foreground=fg, tooltip=tip),
            Column(self.tr("Rule"), lambda r: self.say(r.title or r.id), tooltip=tip),
            Column(self.tr("Measured"), measured, sort_key=lambda r: _num(r.measured),
                   align_right=True, foreground=fg),
            Column(self.tr("Limit"), lambda r: self.say(r.limit)),
            Column(self.tr("Scope"), lambda r: self.say(r.scope), tooltip=lambda r: self.say(r.scope)),
            # a failing rule's first failure, where clicking it goes (not where its scope starts)
            Column(self.tr("Line"), lambda r: r.where()[0] or "", sort_key=lambda r: r.where()[0] or 0,
                   align_right=True),
        ]

    def _claim_columns(self) -> list[Column]:
        def state(c: Claim) -> str:
            if c.silenced or (c.ambiguous and c.suppressed):
                return "suppressed"
            if c.ambiguous:
                return "ambiguous"  # about a number two headings share: which section, the message says
            if stated_otherwise(c, self.disagreeing) is not None:
                return "disagrees"  # right or not measurable, but stated otherwise elsewhere
            if c.only_estimated:
                return "estimate"  # right or not measured, but stated as an estimate: never right (house rule 9)
            return "unknown" if c.ok is None else ("ok" if c.ok else "wrong")

        def fg(c: Claim):
            if state(c) in ("disagrees", "ambiguous"):
                return QBrush(on_base(ORANGE))
            return QBrush(on_base(RED)) if c.wrong else (QBrush(on_base(GREEN)) if c.ok else None)

        def why_otherwise(c: Claim) -> str:
            """"… stated as 3,883 here but as 3,838 on line 95": said of a wrong figure too, beside its verdict (the
            claims rule counts both; the row said only "stated 3,883, measured 3,838")."""
            found = disagreement_of(c, self.disagreeing)
            return self.say(found.message) if found is not None else ""

        def also_estimate(c: Claim) -> str:
            """A wrong figure stated as an estimate too: the estimate's finding, beside the wrong one."""
            return self.say(c.estimate) if c.estimate and c.estimate != c.message else ""

        def tip(c: Claim) -> str:
            return "\n".join(x for x in (c.text, self.say(c.message), also_estimate(c), why_otherwise(c)) if x)

        def note(c: Claim) -> str:
            told = " · ".join(x for x in (self.say(c.message), also_estimate(c), why_otherwise(c)) if x)
            return told or c.text

        def verdict(c: Claim) -> str:
            shown = state(c)
            word = {"ok": self.tr("ok"), "wrong": self.tr("wrong"), "unknown": "—", "suppressed": self.tr("suppressed"),
                    "disagrees": self.tr("disagrees"), "ambiguous": self.tr("ambiguous"),
                    "estimate": self.tr("estimate", "a self-reported figure stated as an estimate")}[shown]
            if shown in ("wrong", "estimate") and disagreement_of(c, self.disagreeing) is not None:
                word += " ≠"  # and stated otherwise elsewhere (the text says where), seen without the tooltip
            return word

        return [
            Column(self.tr("OK"), verdict,
                   sort_key=lambda c: _wrong_first(c)[0], icon=lambda c: status_icon(state(c)),
                   foreground=fg, tooltip=tip),
            Column(self.tr("Figure"), lambda c: self.say(claim_figure(c)), tooltip=tip),
            Column(self.tr("Claimed"), lambda c: c.value_text or format_value(c.claimed),
                   sort_key=lambda c: _num(c.claimed), align_right=True),
            Column(self.tr("Measured"), lambda c: format_value(c.measured), sort_key=lambda c: _num(c.measured),
                   align_right=True, foreground=fg),
            Column(self.tr("Line"), lambda c: c.line, align_right=True),
            Column(self.tr("Where"), lambda c: self.say(claim_place(c))),
            Column(self.tr("Text"), note, tooltip=tip),
        ]

    def _section_columns(self, metric_names: list[str], labels: dict[str, str] | None = None) -> list[Column]:
        """One column per counter, headed by the pack's label for it ("CJK", "⚠️"), not its name ("cjk")."""
        labels = labels or {}
        cols = [
            Column(self.tr("Section"), lambda s: f"{s.section.number} {s.section.title}".strip(),
                   sort_key=lambda s: s.section.line, tooltip=lambda s: s.section.title),
            Column(self.tr("Line range"), lambda s: f"{s.section.line}–{s.section.end_line}",
                   sort_key=lambda s: s.section.line),
        ]
        for name in metric_names:
            cols.append(Column(labels.get(name) or name, (lambda n: lambda s: format_value(s.metrics.get(n)))(name),
                               sort_key=(lambda n: lambda s: _num(s.metrics.get(n)))(name), align_right=True))
        return cols

    # ----- content -----
    def show_pack_origin(self, name: str, origin) -> None:
        """"Rule pack llm-infra-survey: survey-rules.toml beside the survey; not the bundled pack of that name" over
        the summary (`origin`: core.pack_origin.PackOrigin), nothing for the bundled pack."""
        if origin is None or origin.bundled:
            self.pack_label.hide()
            return
        if origin.origin == "beside-survey":
            said = (self.tr("Rule pack %1: %2 beside the survey, a hidden file") if origin.file.startswith(".") else
                    self.tr("Rule pack %1: %2 beside the survey"))
        else:
            said = self.tr("Rule pack %1: from %2")
        text = said.replace("%1", name).replace("%2", origin.file)
        if origin.shadows:
            text += self.tr("; not the bundled pack of that name")
        self.pack_label.setText(text)
        self.pack_label.setToolTip(origin.path)
        keep_text_colour(self.pack_label, ORANGE)
        self.pack_label.show()

    def show_pack_broken(self, file: str = "", since: str = "", where: str = "", detail: str = "", used: str = "",
                         bundled: bool = False) -> None:
        """"⚠ survey-rules.toml is broken since 14:02 (survey-rules.toml:31 rules[0].max): these results come from
        its last good version until the file is fixed", under the pack's origin, for as long as the pack file that
        applies can't be read (a pop-up closed and a status message gone left no sign of it). `used`: the pack that
        checks meanwhile when it is not that file's last good version (`bundled`: the bundled one); `detail`, the
        whole error, is the tooltip. Hidden when `file` is ""."""
        if not file:
            self.pack_broken_label.hide()
            return
        if not used:
            said = self.tr("⚠ %1 is broken since %2 (%3): these results come from its last good version until the "
                           "file is fixed.")
        elif bundled:
            said = self.tr("⚠ %1 is broken since %2 (%3): these results come from the bundled rule pack %4 until the "
                           "file is fixed.")
        else:
            said = self.tr("⚠ %1 is broken since %2 (%3): these results come from the rule pack %4 until the file is "
                           "fixed.")
        self.pack_broken_label.setText(said.replace("%1", file).replace("%2", since).replace("%3", where)
                                       .replace("%4", used))
        self.pack_broken_label.setToolTip(detail)
        keep_text_colour(self.pack_broken_label, RED)
        self.pack_broken_label.show()

    def show_analysis(self, analysis: Analysis, *, claims_changed: bool = True, sections_changed: bool = True,
                      claims: list[Claim] | None = None, counter_labels: dict[str, str] | None = None,
                      wrong: int | None = None, disagreeing: dict | None = None, ambiguous: int | None = None,
                      part_missing: int | None = None, said: Verdict | None = None) -> None:
        """Tables whose rows did not change (the worker compares) keep their rows, scroll and selection.

        `claims`: the analysis' claims already in the panel's order (claims_parts, done in the worker).
        `counter_labels`: the rule pack's label of each counter, to head the counters per section."""
        self.rules_model.set_rows(analysis.rules)
        if disagreeing is None or claims is None:  # (no prepared view: ordered here)
            disagreeing, claims, wrong_ones, ambiguous, part_missing = claims_parts(analysis)
            wrong = len(wrong_ones)
        if disagreeing != self.disagreeing:  # a figure stated elsewhere changed: its rows' verdicts change
            self.disagreeing = disagreeing
            claims_changed = True
            self.claims_view.viewport().update()
        if claims_changed or len(self.claims_model.rows) != len(claims):
            picked = [_claim_key(c) for c in self._selected_rows(self.claims_view)]
            self.claims_model.set_rows(claims)
            self._select_again(self.claims_view, picked)
        else:
            self.claims_model.rows = claims
        names = _metric_names(analysis.sections)
        heads = (names, dict(counter_labels or {}))
        new_heads = heads != self._section_heads
        if new_heads:
            self._section_heads = heads
            self.sections_model.set_columns(self._section_columns(*heads))
            sections_changed = True
        if sections_changed or len(self.sections_model.rows) != len(analysis.sections):
            self.sections_model.set_rows(analysis.sections)
        else:
            self.sections_model.rows = list(analysis.sections)
        if new_heads and self._sized:
            # another pack's counters ("words", "characters" after "CJK", "⚠️"): their columns are sized anew, not
            # left at the widths of the counters that were there ("words" read "vords")
            fit_columns(self.sections_view, _SECTION_WIDTHS)
        # Counted as the status bar and survey-check's first line count them: a failing warning-level rule is a
        # warning, not a failure; a rule whose scope matches nothing fails (or warns) as survey-check's exit code has it.
        if said is None:  # (the worker makes it: PreparedView.verdict)
            said = verdict(analysis)  # what survey-check's first line and exit status read
        failing, warning = said.failing, said.warning
        no_match = sum(1 for r in analysis.rules if r.status == "no-match" and rule_outcome(r))
        if wrong is None:
            wrong = analysis.wrong_count()
        unmeasured = sum(1 for r in analysis.rules if r.status == "not-measured")
        text = self.tr("%n rule(s): %1 failing", "", len(analysis.rules)).replace("%1", str(failing))
        if warning:
            text += self.tr(", %1 warning").replace("%1", str(warning))
        if no_match:
            text += self.tr(" (%1 of them match nothing)").replace("%1", str(no_match))
        # the error-level findings no failing rule counts, which fail the survey too: "1 verifiability finding failing"
        text += findings_failing(said)
        if unmeasured:
            text += self.tr(", %1 not measured").replace("%1", str(unmeasured))
        text += " · " + self.tr("%1 of %2 self-reported figures wrong").replace("%1", str(wrong)).replace(
            "%2", str(len(analysis.claims)))
        if wrong:  # (the wrong ones lead the panel's order: only they are looked at)
            estimates = sum(1 for c in claims[:wrong + (ambiguous or 0)] if c.wrong and c.estimate)
            if estimates:  # never right, whatever their value (house rule 9): "1 of 62 wrong (1 stated as an estimate)"
                text += self.tr(" (%n stated as an estimate)", "", estimates)
        if disagreeing:  # what else the claims rule counts: "12 wrong, 1 stated otherwise" for its 13 findings
            text += self.tr(", %1 stated otherwise elsewhere").replace("%1", str(len(disagreeing)))
        if ambiguous is None:
            ambiguous = analysis.ambiguous_count()
        if ambiguous:  # neither right nor wrong: about a section number two headings share (the outline marks them)
            if part_missing is None:
                part_missing = analysis.part_missing_count()
            if not part_missing:
                why = self.tr(", %1 ambiguous (a section number two headings share)")
            elif part_missing < ambiguous:
                why = self.tr(", %1 ambiguous (a section number two headings share, or a place that lost a part)")
            else:  # (a place of several parts one of which the survey lacks: the message names it)
                why = self.tr(", %1 not measured (a part of the place they are about is missing)")
            text += why.replace("%1", str(ambiguous))
        self.summary.setText(text)
        if any(r.kind == "verifiability" and r.status == "not-measured" for r in analysis.rules):
            self.summary.setText(self.summary.text() + " · " + self.tr(
                "verifiability is measured once the references are verified (References → Verify all)"))
        # (and again after a theme switch): red while something fails, orange for warnings alone
        keep_text_colour(self.summary, RED if said.fails or wrong else ORANGE if warning else GREEN)
        if not self._sized:
            self._sized = True
            self._fit_in_turns([(self.rules_view, (120, 250, 150, 110, 220)),
                                (self.claims_view, (90, 110, 70, 70, 50, 90)), (self.sections_view, _SECTION_WIDTHS)])

    def _fit_in_turns(self, fits: list[tuple[QTableView, tuple[int, ...]]]) -> None:
        """Fit each table's columns on a turn of the event loop of its own, the table not repainted until then (its
        columns are never seen unfitted). Fitting reads SIZING_ROWS rows of each column, ~15 ms a column: 100-130 ms
        for each of the claims and the counters per section of a long survey; the three at once froze the window
        ~300 ms when its first analysis arrived (at start, or in a window that had shown none)."""
        for view, _widths in fits:
            view.setUpdatesEnabled(False)

        def fit_next() -> None:
            view, widths = fits.pop(0)
            try:
                fit_columns(view, widths)
                if view is self.claims_view:
                    self._verdicts_read_whole()
            finally:
                view.setUpdatesEnabled(True)
            if fits:
                QTimer.singleShot(1, self, fit_next)
            else:
                self.columns_fitted = True

        QTimer.singleShot(1, self, fit_next)  # (1 ms, not 0: a zero timer is a posted event, sent before the keys)

    def _verdicts_read_whole(self) -> None:
        """A claim's verdict is read whole whichever comes later ("disagrees", "ambiguous" were cut to "ambigu…")."""
        words = [self.tr("ok"), self.tr("wrong") + " ≠", self.tr("suppressed"), self.tr("disagrees"),
                 self.tr("ambiguous")]
        room = max(map(self.claims_view.fontMetrics().horizontalAdvance, words)) + 40  # the icon, the margins
        header = self.claims_view.horizontalHeader()
        header.resizeSection(0, max(header.sectionSize(0), room))

    @staticmethod
    def _selected_rows(view: QTableView) -> list:
        return [i.data(ROW_ROLE) for i in view.selectionModel().selectedRows()]

    def _select_again(self, view: QTableView, keys: list) -> None:
        """The claims are re-sorted (wrong first) as the text changes: keep the highlight on the figure the author
        picked, wherever its row went, or on none; never on whatever now sits at the old row number."""
        if not keys:
            return
        model = self.claims_model
        lines = {k[2] for k in keys}  # a cheap test first: an 8 MB survey states ~19,000 figures
        row = next((r for r, c in enumerate(model.rows) if c.line in lines and _claim_key(c) in keys), None)
        selection = view.selectionModel()
        if row is None:
            selection.clearSelection()
            return
        index = view.model().mapFromSource(model.index(row, 0))
        selection.setCurrentIndex(index, selection.SelectionFlag.ClearAndSelect | selection.SelectionFlag.Rows)

    def _row_clicked(self, index: QModelIndex) -> None:
        row = row_of(index)
        if isinstance(row, RuleResult):
            line, column = row.where()
            if line:
                self.jump_requested.emit(line, column)
        elif isinstance(row, Claim):
            self.jump_requested.emit(row.line, row.value_column or row.column or 1)
        elif isinstance(row, SectionMetrics):
            self.jump_requested.emit(row.section.line, 1)


def _claim_key(c: Claim) -> tuple:
    """The same stated figure across analyses: what it states and where it is written (not its value)."""
    return (c.metric, c.kind, c.line, c.value_column or c.column)


def _num(value) -> float:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else float("-inf")


def _metric_names(sections: list[SectionMetrics]) -> list[str]:
    """The columns of "Counters per section": the pack's counters in the order the pack declares them (a section's
    metrics are so ordered), then list items; not the house pack's order for every pack (the English pack's words
    came third, after a ⚠️ it has no rule for)."""
    seen: dict[str, None] = {}
    for s in sections[:200]:
        for k in s.metrics:
            seen.setdefault(k, None)
    return list(seen)


def _rule_face(r: RuleResult) -> tuple:
    """What a rule's row shows (its tooltip is made when hovered): rules are judged afresh each pass, and most
    come out as they were."""
    return (r.id, r.status, r.level, r.title, r.measured, r.limit, r.scope, r.where()[0], r.note)


def _wrong_first(c) -> tuple[int, int]:
    """Wrong figures first (and those about a section number two headings share), then the unmeasurable ones, then
    those silenced inline, then those that hold; each in text order."""
    return (0 if c.wrong or (c.ambiguous and not c.suppressed) else 1 if c.ok is None else 2 if c.ok is False else 3,
            c.line)
