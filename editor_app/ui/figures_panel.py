"""The Figures tab: the engine figures the prose states, as charts (built only when the tab is first shown)."""

from __future__ import annotations

import re
from dataclasses import replace
from itertools import compress, repeat
from operator import attrgetter, is_not, itemgetter

from PySide6.QtCore import QCoreApplication, QEvent, Qt, QTimer, Signal
from PySide6.QtWidgets import QApplication, QFrame, QLabel, QScrollArea, QVBoxLayout, QWidget

from editor_app.core.figure_check import shown_names, value_span
from editor_app.core.figure_places import IN_MS, chart_key, inconsistent_places
from editor_app.core.model import Analysis, FigureGroup
from editor_app.ui import chart_library
from editor_app.ui.charts import Bar, BarChart, line_runs_of
from editor_app.ui.engine_text import words_for
from editor_app.wording import ReportWords

MAX_CHARTS = 48  # comparison charts drawn at most (one a turn of the event loop), those with a disagreement always
MAX_SERIES = 6
MAX_NAMED = 20  # charts left out named in the note that says so
# bars of the speed-ups' chart at most, every value of a figure that disagrees first (drawn in ~130 ms; 24: ~90 ms)
MAX_SPEEDUPS = 48


def _fmt(v: float) -> str:
    return f"{int(v):,}" if float(v).is_integer() else f"{v:,.4g}"


def _not_drawn(extra: int, lines, one: str, many: str) -> str:
    """A chart's note of the `extra` statements left out and their lines, in the words for one or for more."""
    return (one if extra == 1 else many.replace("%n", str(extra))).replace("%1", _lines_text(lines))


def _lines_text(lines: list[int]) -> str:
    """"L22, L46, L52 (+1)": where a figure is stated; a run of three lines or more one after another (a table's
    rows) "L4–L13"."""
    runs = line_runs_of(lines)
    parts = [f"L{r[0]}–L{r[-1]}" if len(r) > 2 else ", ".join(f"L{n}" for n in r) for r in runs]
    named = ", ".join(parts).split(", ")  # (a run is one name)
    return ", ".join(named[:3]) + (f" (+{len(named) - 3})" if len(named) > 3 else "")


def _in_unit(value: float, unit: str, chart_unit: str) -> float:
    """A value stated in `unit`, in the chart's unit (ms ↔ s; any other unit is the chart's own)."""
    if unit == chart_unit or unit not in IN_MS or chart_unit not in IN_MS:
        return value
    return round(value * IN_MS[unit] / IN_MS[chart_unit], 9)


def _one_series_per_place(series: list[tuple[tuple, list[FigureGroup]]]) -> list[tuple[list[int], list]]:
    """The series of a chart as (lines, [(signature, groups), ...]): statements made in the same places about other
    engines are one series ("每百万 token 成本：vLLM $0.21，SGLang $0.17" is one colour, "L124", not one a value,
    each named "L124" in the legend), and so are those made one a line on lines one after another about other
    engines: a table's rows, a list's items ("L4–L13", one colour: each row a series of its own, a table of ten
    engines lost four to MAX_SERIES and drew the others each at its own place among ten)."""
    out: list[tuple[list[int], list]] = []
    at: dict[tuple[int, ...], int] = {}  # lines -> the series stated there
    run_at: dict[int, int] = {}  # the last line of a run of one-line statements -> their series
    engines: list[set[str]] = []  # each series' engines
    for sig, groups in series:
        lines = list(dict.fromkeys(g.line for g in groups))  # two statements on one line: "L21", not "L21, L21"
        named = {e for e, _ in sig}
        k = at.get(tuple(lines))
        if k is None and len(lines) == 1:
            k = run_at.get(lines[0], run_at.get(lines[0] - 1))  # the next row of a table
        if k is not None and not named & engines[k]:
            out[k][1].append((sig, groups))
            engines[k] |= named
            if len(lines) == 1 and lines[0] not in out[k][0]:  # the run goes on
                run_at.pop(lines[0] - 1, None)
                run_at[lines[0]] = k
                out[k][0].append(lines[0])
            continue
        at[tuple(lines)] = len(out)
        if len(lines) == 1:
            run_at[lines[0]] = len(out)
        elif lines[0] - 1 in run_at:  # a row stated again elsewhere ("L7, L13"): the table goes on past it
            run_at.setdefault(lines[0], run_at[lines[0] - 1])
        engines.append(named)
        out.append((lines, [(sig, groups)]))
    return out


def _told_apart(names: list[str]) -> list[str]:
    """Series named alike (two statements of one engine's figure on one line) numbered in the legend: "L21 (1)",
    "L21 (2)"; two colours both named "L21" said nothing of which is which."""
    seen = {name: names.count(name) for name in names}
    at: dict[str, int] = {}
    out = []
    for name in names:
        if seen[name] > 1:
            at[name] = at.get(name, 0) + 1
            name = f"{name} ({at[name]})"
        out.append(name)
    return out


def _drawn_charts(keys: list[tuple], bad: set, cap: int) -> set[tuple]:
    """The charts (by chart_key) drawn of more than `cap`: every one holding a figure that disagrees (the two charts
    with a planted error were the 25th and 32nd, both left out without a word), then the first ones."""
    flagged = {key for _line, _engine, key in bad}
    keep = {k for k in keys if k in flagged}
    for k in keys:
        if len(keep) >= cap:
            break
        keep.add(k)
    return keep


def _chart_title(key: tuple, unit: str, say) -> str:
    """"吞吐 (tok/s) · H100": a chart's title in the tab."""
    metric, _, hardware, _ = key
    return f"{say(metric)} ({unit})" + (f" · {hardware}" if hardware else "")


def _left_out_note(titles: list[str], words: ReportWords | None) -> BarChart:
    """The note that says which charts are not drawn: a chart with no bars (the tab writes it above the charts, the
    report below them)."""
    named = "; ".join(titles[:MAX_NAMED]) + ("; …" if len(titles) > MAX_NAMED else "")
    n = len(titles)
    if words is not None:
        text = words("{n} more charts not drawn (none of them holds a figure that disagrees): {names}" if n > 1 else
                     "{n} more chart not drawn (it holds no figure that disagrees): {names}", n=n, names=named)
    elif n > 1:
        text = QCoreApplication.translate(
            "FiguresPanel", "%n more charts not drawn (none of them holds a figure that disagrees): %1"
        ).replace("%n", str(n)).replace("%1", named)
    else:
        text = QCoreApplication.translate(
            "FiguresPanel", "1 more chart not drawn (it holds no figure that disagrees): %1").replace("%1", named)
    return BarChart(title=text, categories=[], series_names=[], left_out=tuple(titles))


def _drawn_series(series: list[tuple[list[int], list]], key: tuple, bad: set) -> list[tuple[list[int], list]]:
    """The MAX_SERIES series a chart draws of more: those holding a figure that disagrees first (a table's six rows
    took every place, and the restatement that differed was the one left out, the ⚠ on the right value alone),
    then the first ones; in the survey's order."""
    flagged = [k for k, (_lines, parts) in enumerate(series)
               if any((g.line, v.engine, key) in bad for _sig, groups in parts for g in groups for v in g.values)]
    keep = set(flagged[:MAX_SERIES])
    for k in range(len(series)):
        if len(keep) >= MAX_SERIES:
            break
        keep.add(k)
    return [s for k, s in enumerate(series) if k in keep]


def _drawn_speedups(stated: dict[str, dict[float, list]], flagged: set[tuple[str, float]]) -> set[tuple[str, float]]:
    """The MAX_SPEEDUPS bars (what got faster, value) the speed-ups' chart draws of more: every value of a figure
    holding one that disagrees first, side by side (past the first 24 bars "SGLang 吞吐快 2.4×" restating 1.1× was
    never drawn, its ⚠ on the 1.1× alone), then the first ones."""
    keep: set[tuple[str, float]] = set()
    for what, values in stated.items():
        if len(keep) < MAX_SPEEDUPS and any((what, value) in flagged for value in values):
            keep.update((what, value) for value in values)
    for what, values in stated.items():
        for value in values:
            if len(keep) >= MAX_SPEEDUPS:
                return keep
            keep.add((what, value))
    return keep


def build_charts(analysis: Analysis, shown: dict[str, str] | None = None,
                 words: ReportWords | None = None, cap: int | None = None) -> list[BarChart]:
    """Comparison groups with the same metric, unit and hardware share one chart; each distinct statement of them
    is a series (identical repeats are merged, differing repeats stand side by side); speed-ups get one chart;
    percentage changes none. `shown`: shown_names of the analysis, when the caller has them. `words`: the exported
    report's, whose charts are these drawn to an image (ui/charts_render.py), in its language; the window's when
    None. (The titles and notes stay the tab's: the report writes its captions from what each chart is about.)
    Past `cap` comparison charts, those holding a disagreement are drawn, then the first; a last chart with no bars
    (its `left_out`) names the others."""
    # the engine's metric names (throughput, latency …) in the window's language, or the report's
    say = words.engine if words is not None else words_for(None)
    bad = inconsistent_places(analysis)
    # a cited paper under one name, whatever each line says
    name = shown if shown is not None else shown_names(analysis.figures, analysis.references)
    charts: dict[tuple, dict] = {}
    speedups: list[tuple[FigureGroup, object]] = []
    for g in analysis.figures:
        if g.kind == "speedup":
            speedups.extend(zip(repeat(g), g.values))
            continue
        if g.kind == "change":
            # a percentage change ("延迟降低 40%") is not drawn: its bar would stand beside levels in another unit, and
            # −40% of latency and +35% of throughput would point opposite ways though both are gains (the
            # Self-check and the report's figures table list it, a disagreement included)
            continue
        entry = charts.setdefault(chart_key(g), {"series": {}, "unit": g.unit})  # in the unit stated first
        sig = tuple((name[v.engine], _in_unit(v.value, g.unit, entry["unit"])) for v in g.values)
        entry["series"].setdefault(sig, []).append(g)
    out: list[BarChart] = []
    cap = MAX_CHARTS if cap is None else cap
    drawn = _drawn_charts(list(charts), bad, cap) if len(charts) > cap else charts.keys()
    left_out = [_chart_title(key, entry["unit"], say) for key, entry in charts.items() if key not in drawn]
    for key, entry in charts.items():
        if key not in drawn:
            continue
        metric, _, hardware, _ = key
        unit = entry["unit"]
        series = _one_series_per_place(list(entry["series"].items()))
        extra = len(series) - MAX_SERIES
        left_lines: list[int] = []
        if extra > 0:
            kept = _drawn_series(series, key, bad)
            kept_ids = set(map(id, kept))
            left_lines = sorted({n for s in series if id(s) not in kept_ids for n in s[0]})
            series = kept
        categories: list[str] = []
        for _lines, parts in series:
            for sig, _groups in parts:
                for engine, _v in sig:
                    if engine not in categories:
                        categories.append(engine)
        names = []
        bars: list[Bar] = []
        for s, (lines, parts) in enumerate(series):
            names.append(_lines_text(lines))
            for sig, groups in parts:
                first = groups[0]
                for k, (v, (engine, value)) in enumerate(zip(first.values, sig)):
                    highlighted = any((g.line, g.values[k].engine, key) in bad for g in groups)
                    label = v.text or (("~" if v.approx else "") + _fmt(v.value))
                    if first.unit != unit and not label[-1:].isalpha():
                        label = f"{label} {first.unit}"  # "850 ms" in a chart of seconds
                    low = value_span(v)[0]
                    bars.append(Bar(
                        category=engine, series=s, value=float(value), label=label, approx=v.approx, line=first.line,
                        column=v.column, sentence=first.sentence, highlighted=highlighted,
                        low=_in_unit(low, first.unit, unit) if low < v.value else None,
                    ))
        names = _told_apart(names)
        title = _chart_title(key, unit, say)  # "吞吐 (tok/s) · H100"
        notes = []
        if len(names) == 1:
            notes.append(QCoreApplication.translate("FiguresPanel", "stated on %1").replace("%1", names[0]))
        if any(b.approx for b in bars):
            notes.append(QCoreApplication.translate("FiguresPanel", "stippled: approximate (~)"))
        # (the statements left out are named: "differing", it counted a table's "12,500" that agrees with "~12,500")
        if extra > 0:
            notes.append(_not_drawn(extra, left_lines,
                                    QCoreApplication.translate("FiguresPanel", "1 more statement not drawn (%1)"),
                                    QCoreApplication.translate("FiguresPanel", "%n more statements not drawn (%1)")))
        note = " · ".join(notes)
        out.append(BarChart(title=title, categories=categories, series_names=names, bars=bars, note=note,
                            quantity=say(metric), unit=unit, hardware=hardware,
                            lines=tuple(sorted({n for lines, _parts in series for n in lines})),
                            not_drawn=max(0, extra), not_drawn_lines=tuple(left_lines)))
    if speedups:
        stated: dict[str, dict[float, list]] = {}  # what got faster -> its values -> their statements
        first_baseline: dict[tuple, str] = {}  # what got faster, on which hardware -> its first statement's baseline
        said: dict[tuple, str] = {}  # (engine, label, metric) -> what got faster: 6,000 speed-ups at 8 MB, few kinds
        for g, v in speedups:
            what = said.get((name[v.engine], g.label, g.metric))
            if what is None:
                what = said[(name[v.engine], g.label, g.metric)] = (
                    " ".join(x for x in (name[v.engine], say(g.label)) if x) or say(g.metric))  # "Dynamo 吞吐"
            # against another engine it is another figure; naming none, it is the figure stated first (as
            # figure_check reads it: "2.57×" restating "vs ONNX Runtime Web … 2.57×" is that bar)
            baseline = g.baseline or first_baseline.get((what, g.hardware), "")
            first_baseline.setdefault((what, g.hardware), baseline)
            if baseline:
                baseline = name.get(baseline, baseline)
                what = (what + words(" vs {baseline}", baseline=baseline)) if words is not None else (
                    f"{what} vs {baseline}")
            if g.hardware:
                what = f"{what} · {g.hardware}"  # on other hardware it is another figure, not a disagreement
            stated.setdefault(what, {}).setdefault(v.value, []).append((g, v))
        bad_lines = {line for line, _engine, _key in bad}  # (a speed-up on no such line is not keyed)
        flagged = {(what, value) for what, values in stated.items() for value, places in values.items()
                   if bad_lines and any(pg.line in bad_lines and (pg.line, pv.engine, chart_key(pg)) in bad
                                        for pg, pv in places)}
        drawn = _drawn_speedups(stated, flagged)
        bars = []
        left_lines: set[int] = set()
        for what, values in stated.items():  # the differing values of one figure side by side
            for k, (value, places) in enumerate(values.items()):
                if (what, value) not in drawn:
                    left_lines.update(map(_LINE, map(_FIRST, places)))
                    continue
                g, v = places[0]
                lines = list(dict.fromkeys(map(_LINE, map(_FIRST, places))))  # (in C: 300 places at 8 MB)
                low = value_span(v)[0]
                bars.append(Bar(
                    category=what if k == 0 else f"{what} ({_fmt(v.value)}×)", series=0, value=float(v.value),
                    label=v.text or f"{_fmt(v.value)}×", approx=v.approx, line=g.line, column=v.column,
                    sentence=g.sentence, highlighted=(what, value) in flagged,
                    places=_lines_text(lines), low=low if low < v.value else None))
        notes = []
        # "吞吐约为 vLLM 的 1.3 倍" is drawn stippled with no "~" in its text: the note says what that means
        if any(b.approx for b in bars):
            notes.append(QCoreApplication.translate("FiguresPanel", "stippled: approximate (~)"))
        extra = sum(map(len, stated.values())) - len(bars)
        left = sorted(left_lines)
        if extra > 0:
            notes.append(_not_drawn(extra, left,
                                    QCoreApplication.translate("FiguresPanel", "1 more speed-up not drawn (%1)"),
                                    QCoreApplication.translate("FiguresPanel", "%n more speed-ups not drawn (%1)")))
        out.append(BarChart(title=QCoreApplication.translate("FiguresPanel", "Ratios and speed-ups (×)"),
                            categories=[b.category for b in bars], series_names=[""], bars=bars,
                            note=" · ".join(notes), horizontal=True, not_drawn=extra, not_drawn_lines=tuple(left)))
    if left_out:
        out.append(_left_out_note(left_out, words))
    return out


def figures_signature(analysis: Analysis, charts: list[BarChart] | None = None) -> tuple:
    """Changes exactly when the charts would: the charts themselves (a few bars; `charts`: build_charts of the
    analysis, when made already). A tuple of every figure group stated took ~20 ms at each Enter in 8 MB."""
    return ("charts", tuple(charts if charts is not None else build_charts(analysis)))


def moved_lines(old: list[FigureGroup], new: list[FigureGroup]) -> dict[int, int] | None:
    """{old line: new line} when `new` is `old` with some lines moved (an Enter or a paste above figures brings the
    groups below it back as copies some lines down, all else the same; {} when the very same groups); None when
    anything else changed, or two places would become one."""
    n = len(new)
    if n != len(old):
        return None
    k = next(compress(range(n), map(is_not, new, old)), n)  # (the groups before the edit are the same objects)
    if k == n:
        return {}
    if list(map(_ALL_BUT_LINE, new[k:])) != list(map(_ALL_BUT_LINE, old[k:])):
        return None
    pairs = set(zip(map(_LINE, old[k:]), map(_LINE, new[k:])))
    moves = dict(pairs)
    lines = moves.keys() | set(map(_LINE, old[:k]))
    if len(moves) != len(pairs) or len({moves.get(line, line) for line in lines}) != len(lines):
        return None
    return moves


def moved_charts(charts: list[BarChart], moves: dict[int, int]) -> list[BarChart]:
    """The charts with the lines their figures are stated on moved (`moves`, from moved_lines): in the bars, the
    series' names ("L22, L46 (+1)"), the places by a speed-up's bar and the note ("stated on L22")."""

    def moved(text: str) -> str:
        return _LINE_NAME.sub(lambda m: f"L{moves.get(int(m.group(1)), int(m.group(1)))}", text) if text else text

    return [replace(c, series_names=[moved(name) for name in c.series_names], note=moved(c.note),
                    bars=[replace(b, line=moves.get(b.line, b.line), places=moved(b.places)) for b in c.bars],
                    lines=tuple(sorted(moves.get(n, n) for n in c.lines)),
                    not_drawn_lines=tuple(sorted(moves.get(n, n) for n in c.not_drawn_lines)))
            for c in charts]


_LINE = attrgetter("line")
_FIRST = itemgetter(0)
_ALL_BUT_LINE = attrgetter("metric", "unit", "hardware", "values", "sentence", "kind", "label", "baseline")
_LINE_NAME = re.compile(r"\bL(\d+)\b")  # a line as _lines_text writes it


class FiguresPanel(QWidget):
    """Scrollable list of charts; rebuilt only when the figures themselves change."""

    jump_requested = Signal(int, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("figures_panel")
        self.charts: list[BarChart] = []
        self.chart_widgets: list[QWidget] = []
        self._analysis: Analysis | None = None
        self._signature: object = None
        self._built_signature: object = ()
        self._redraw_all = False  # the palette changed: every chart is drawn again, none only follows its places
        # The charts still to draw, one a turn of the event loop: drawn all at once, the first switch to this tab
        # froze the window 0.4-0.6 s (each pyqtgraph chart takes 50-100 ms to make and paint).
        self._pending: list[BarChart] = []
        self._next_chart = QTimer(self)
        self._next_chart.setSingleShot(True)
        self._next_chart.setInterval(0)
        self._next_chart.timeout.connect(self._build_next)
        self.scroll = QScrollArea(self)
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll.setAccessibleName(self.tr("Engine figures as charts"))
        # Tab goes from chart to chart (the area scrolls to each), not also to the area round them, which shows no
        # focus: a Tab that seemed to do nothing. (With no charts it still takes the keys from Ctrl+3, for Esc.)
        self.scroll.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self.body = QWidget()
        self.body_layout = QVBoxLayout(self.body)
        self.body_layout.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.scroll.setWidget(self.body)
        self.charts_box = QVBoxLayout()
        self.extra_box = QVBoxLayout()
        self.empty = QLabel(self.tr("No engine figures found yet (e.g. “SGLang ~16,200 vs vLLM ~12,500 tok/s on H100”)."))
        self.empty.setWordWrap(True)
        self.loading = QLabel(self.tr("Loading the charts…"))
        self.loading.hide()
        # which charts are not drawn (more than the tab draws), at the top where it is seen
        self.left_out = QLabel()
        self.left_out.setObjectName("charts_left_out")
        self.left_out.setWordWrap(True)
        self.left_out.hide()
        self.body_layout.addWidget(self.empty)
        self.body_layout.addWidget(self.loading)
        self.body_layout.addWidget(self.left_out)
        self.body_layout.addLayout(self.charts_box)
        self.body_layout.addLayout(self.extra_box)
        self.body_layout.addStretch(1)  # one or two charts start at the top, not centred in the empty tab
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.scroll)

    def show_analysis(self, analysis: Analysis, charts: list[BarChart] | None = None, signature: object = None) -> None:
        """Charts and signature may come precomputed from the analysis worker (see prepared_view)."""
        self._analysis = analysis
        if signature is None:
            charts = charts if charts is not None else build_charts(analysis)
            signature = figures_signature(analysis, charts)
        self._signature = signature
        if self._signature != self._built_signature:
            charts = charts if charts is not None else build_charts(analysis)
            self.charts = [c for c in charts if not c.left_out]
            note = next((c.title for c in charts if c.left_out), "")
            self.left_out.setText(note)
            self.left_out.setVisible(bool(note))
        if self.isVisible():
            self._draw()

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self._draw()

    def _draw(self) -> None:
        """Rebuild now, or once pyqtgraph is loaded off the GUI thread (chart_library): importing it here froze the
        window for 0.5-2 s the first time the tab was shown."""
        if not self.charts or chart_library.is_loaded():
            self._rebuild()
        elif self.loading.isHidden():  # not already waiting
            self.empty.hide()  # there are figures: "No engine figures found yet" would say the opposite
            self.loading.show()
            chart_library.when_loaded(self._rebuild)

    def ensure_drawn(self) -> None:
        """Draw now, every chart, even if hidden (tests, screenshots, export)."""
        self._rebuild()
        while self._pending:
            self._build_next()

    @property
    def building(self) -> bool:
        """Some charts are still to be drawn (at the next turns of the event loop)."""
        return bool(self._pending)

    def _rebuild(self) -> None:
        if self._analysis is None or self._signature == self._built_signature:
            return
        self._built_signature = self._signature
        self.loading.hide()
        width = self._chart_width()
        redraw_all, self._redraw_all = self._redraw_all, False
        drawn = len(self.chart_widgets)
        if not redraw_all and self.chart_widgets and drawn + len(self._pending) == len(self.charts) and all(
                w.chart.drawing() == c.drawing() and w.horizontal == self._horizontal(c, width)
                for w, c in zip(self.chart_widgets, self.charts)) and all(
                old.drawing() == c.drawing() for old, c in zip(self._pending, self.charts[drawn:])):
            # Only the lines moved (an Enter or a paste above the figures): drawing the charts again froze the
            # window ~200 ms after every such edit while this tab was shown. (Those still to draw are drawn
            # from the new charts.)
            for w, chart in zip(self.chart_widgets, self.charts):
                w.follow_places(chart)
            self._pending = self.charts[drawn:]
            return
        for w in self.chart_widgets:
            self.charts_box.removeWidget(w)
            w.deleteLater()
        self.chart_widgets = []
        self.empty.setVisible(not self.charts)
        had_keys = self.scroll.hasFocus() or self.body.isAncestorOf(QApplication.focusWidget())
        # The first chart now (the top of the tab, and where Ctrl+3 puts the keys), the others one a turn.
        self._pending = list(self.charts)
        self._next_chart.stop()
        self._build_next()
        if had_keys and self.chart_widgets:  # Ctrl+3 before the charts were drawn, or a chart just redrawn
            self.chart_widgets[0].setFocus(Qt.FocusReason.OtherFocusReason)

    def _build_next(self) -> None:
        """Draw the next pending chart below those drawn; ask for another turn while some are left."""
        if not self._pending:
            return
        from editor_app.ui.charts import BarChartWidget

        chart = self._pending.pop(0)
        w = BarChartWidget(chart, self.body, self._chart_width())
        w.bar_clicked.connect(self.jump_requested)
        self.charts_box.addWidget(w)
        # Shown now, not at the layout's next turn: drawn as the tab is shown (Ctrl+3), the charts were still
        # hidden when they were given the keys, which went nowhere, and Tab went past them to the editor.
        w.setVisible(not self.body.isHidden())
        self.chart_widgets.append(w)
        if self._pending:
            self._next_chart.start()

    def keys_target(self) -> QWidget:
        """Where View → Figures (Ctrl+3) puts the keys: the first chart (arrows pick a bar, Return goes to it)."""
        return self.chart_widgets[0] if self.chart_widgets else self.scroll

    def _chart_width(self) -> int:
        """The width a chart gets, the body's margins and a scroll bar's room taken off whether the bar shows or not:
        a chart drawn as the bar came or went was judged at another width than the others (its bars turned, and an
        Enter above the figures drew it again)."""
        bar = self.scroll.verticalScrollBar()
        room = self.scroll.viewport().width() + (bar.width() if bar.isVisible() else 0)
        return room - max(bar.sizeHint().width(), bar.width() if bar.isVisible() else 0) - 24

    def _horizontal(self, chart: BarChart, width: int) -> bool:
        from editor_app.ui.charts import fits_side_by_side

        return chart.horizontal or not fits_side_by_side(chart, width, self.font())

    def changeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        """A theme switched while the program runs: the charts are drawn again in its colours (they kept a white
        plot with black axes on the dark tab)."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange and self.chart_widgets and self._analysis is not None:
            self._built_signature = ()
            self._redraw_all = True
            if self.isVisible():
                self._draw()

    def resizeEvent(self, event) -> None:
        """A tab made narrower (or wider) than the names of a chart's bars need: that chart is drawn again, with
        its bars the other way."""
        super().resizeEvent(event)
        if self.chart_widgets and self._analysis is not None:
            width = self._chart_width()
            if any(w.horizontal != self._horizontal(w.chart, width) for w in self.chart_widgets):
                self._built_signature = ()
                self._rebuild()

    def add_chart(self, widget: QWidget, title: str = "") -> None:
        """A slot for charts other parts of the program draw (e.g. the history trend), below the figure charts."""
        if title:
            label = QLabel(f"<b>{title}</b>")
            self.extra_box.addWidget(label)
        self.extra_box.addWidget(widget)
