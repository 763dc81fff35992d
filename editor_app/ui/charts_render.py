"""Engine-figure charts as PNG bytes (pyqtgraph), for the report; works headless and from the CLI."""

from __future__ import annotations

import os

from editor_app.core.figure_check import RULE_ID as CONSISTENCY_RULE
from editor_app.core.figure_check import shown_names
from editor_app.core.figures import quantity_label
from editor_app.core.model import Analysis, FigureGroup
from editor_app.wording import ReportWords

CHART_SIZE = (720, 300)  # pixels of one exported chart
MAX_CHARTS = 12


def ensure_application():
    """The running Qt application, or a new QApplication (offscreen when there is no display)."""
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    if app is not None:
        return app
    if not os.environ.get("QT_QPA_PLATFORM") and not (
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    ):
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    return QApplication([])


def render_figure_charts(analysis: Analysis, *, language: str = "en") -> list[tuple[str, bytes]]:
    """One bar chart per engine comparison (two or more engines, repeats merged), plus one of the speed-ups (no
    percentage change: as in the Figures tab, a fall and a rise of two measures would mislead side by side); the
    captions and axes in `language` ("en" or "zh_CN", as the report around them). Private data in an engine's name
    or a label is drawn masked: the analysis quotes it so (core/masked_excerpts.py)."""
    say = ReportWords(language)
    names = shown_names(analysis.figures, analysis.references)  # a cited paper under one name, as in the window
    groups = _distinct_comparisons(analysis.figures)
    speedups = _distinct_speedups(analysis.figures, say, names)
    if not groups and not speedups:
        return []
    bad = _disagreeing(analysis)
    ensure_application()
    charts: list[tuple[str, bytes]] = []
    for group, lines, same in groups[:MAX_CHARTS]:
        labels = [names.get(v.engine, v.engine) for v in group.values]
        values = [v.value for v in group.values]
        flagged = [any((g.line, g.values[k].column) in bad for g in same) for k in range(len(group.values))]
        charts.append((("⚠ " if any(flagged) else "") + _caption(group, lines, say),
                       _bar_chart(labels, values, _axis_label(group, say),
                                  horizontal=not _labels_fit_side_by_side(labels), flagged=flagged)))
    if speedups and len(charts) < MAX_CHARTS:
        labels = [f"{name} ({_lines_text(lines, say)})" for name, _, lines, _ in speedups]
        values = [value for _, value, _, _ in speedups]
        flagged = [any(place in bad for place in places) for _, _, _, places in speedups]
        charts.append((("⚠ " if any(flagged) else "") + say("Stated speed-ups (×)"),
                       _bar_chart(labels, values, say("speed-up (×)"), horizontal=True, flagged=flagged)))
    return charts


def _disagreeing(analysis: Analysis) -> set[tuple[int, int]]:
    """(line, column) of every value a figure-consistency finding points at: drawn red, "⚠" before its value, so
    the wrong figure stands out in the report as in the window."""
    return {(f.line, f.column) for f in analysis.findings if f.rule == CONSISTENCY_RULE}


def _distinct_comparisons(figures: list[FigureGroup]) -> list[tuple[FigureGroup, list[int], list[FigureGroup]]]:
    """Comparisons with two or more engines; the same figures restated on other lines are one chart (the first
    statement, its lines, every statement)."""
    seen: dict[tuple, tuple[FigureGroup, list[int], list[FigureGroup]]] = {}
    for g in figures:
        if g.kind != "comparison" or len(g.values) < 2:  # (a speed-up's chart is its own; a change has none)
            continue
        key = (g.metric, g.label, g.unit, g.hardware, tuple((v.engine, v.value) for v in g.values))
        if key in seen:
            seen[key][1].append(g.line)
            seen[key][2].append(g)
        else:
            seen[key] = (g, [g.line], [g])
    return list(seen.values())


def _distinct_speedups(figures: list[FigureGroup], say: ReportWords,
                       names: dict[str, str] | None = None) -> list[tuple[str, float, list[int], list]]:
    """(engine and what got faster, factor, lines) for every stated speed-up, repeats merged; `names` gives the
    name each engine as written is drawn under (a cited paper's one name). A speed-up naming its baseline says it
    ("SGLang throughput vs vLLM"): against another engine it is another figure."""
    seen: dict[tuple[str, float], list[int]] = {}
    places: dict[tuple[str, float], list[tuple[int, int]]] = {}  # (line, column) of each statement
    first_baseline: dict[tuple, str] = {}  # what got faster, on which hardware -> its first statement's baseline
    for g in figures:
        if g.kind != "speedup":
            continue
        for v in g.values:
            engine = names.get(v.engine, v.engine) if names else v.engine
            name = f"{engine} {say.engine(g.label)}".strip() if g.label else engine
            # naming no baseline, it is the figure stated first (as figure_check reads it)
            baseline = g.baseline or first_baseline.get((name, g.hardware), "")
            first_baseline.setdefault((name, g.hardware), baseline)
            if baseline:
                name += say(" vs {baseline}", baseline=names.get(baseline, baseline) if names else baseline)
            lines = seen.setdefault((name, v.value), [])
            if g.line not in lines:
                lines.append(g.line)
            places.setdefault((name, v.value), []).append((g.line, v.column))
    return [(name, value, lines, places[name, value]) for (name, value), lines in seen.items()]


def _lines_text(lines: list[int], say: ReportWords) -> str:
    return say("line {lines}" if len(lines) == 1 else "lines {lines}", lines=", ".join(str(n) for n in lines))


def _caption(group: FigureGroup, lines: list[int], say: ReportWords) -> str:
    what = say.engine(quantity_label(group) or group.metric)  # "throughput" however the line names it (吞吐)
    unit = f" ({group.unit})" if group.unit else ""
    where = say(" on {hardware}", hardware=group.hardware) if group.hardware else ""
    approx = say(", approximate") if any(v.approx for v in group.values) else ""
    return say("{what}{unit}{where}{approx}: {lines}", what=what, unit=unit, where=where, approx=approx,
               lines=_lines_text(lines, say))


def _axis_label(group: FigureGroup, say: ReportWords) -> str:
    what = say.engine(quantity_label(group) or group.metric)
    return f"{what} ({group.unit})" if group.unit else what


def _labels_fit_side_by_side(labels: list[str]) -> bool:
    """Whether the engines' names fit under their bars: ten engines' names ran into each other
    ("TensorRT-LLMllama.cpp"); those comparisons are drawn as horizontal bars, one name a row."""
    from PySide6.QtGui import QFont, QFontMetrics

    slot = (CHART_SIZE[0] - _VALUE_AXIS_ROOM) / max(1, len(labels))
    metrics = QFontMetrics(QFont())
    return max((metrics.horizontalAdvance(t) for t in labels), default=0) + _LABEL_GAP <= slot


_VALUE_AXIS_ROOM = 90  # the left (value) axis of a vertical chart: its label and numbers up to "120,000"
_LABEL_GAP = 12  # pixels kept between two neighbouring names


def _bar_chart(labels: list[str], values: list[float], value_label: str, *, horizontal: bool = False,
               flagged: list[bool] | None = None) -> bytes:
    """Draw bars with their values written on them and return the PNG; a flagged bar (a figure that disagrees) red,
    its value marked "⚠"."""
    import pyqtgraph as pg
    from pyqtgraph.exporters import ImageExporter
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRectF
    from PySide6.QtGui import QFont, QFontMetrics

    width, height = CHART_SIZE
    if horizontal:
        height = max(height, 60 + 26 * len(labels))
    from editor_app.ui.charts import count_axis

    # (figures on the value axis as the survey writes them: "1,200,000", not "1.2e+06")
    plot = pg.PlotWidget(background="w", axisItems={side: count_axis(pg, side) for side in ("left", "bottom")})
    plot.resize(width, height)
    item = plot.getPlotItem()
    item.setGeometry(QRectF(0, 0, width, height))  # the widget is never shown, so size the plot itself
    item.hideButtons()
    item.setMenuEnabled(False)
    positions = list(range(len(values)))
    flagged = flagged or [False] * len(values)
    brushes = [pg.mkBrush("#c0392b" if bad else "#3b6ea8") for bad in flagged]
    pens = [pg.mkPen("#7b241c" if bad else "#244a73") for bad in flagged]
    if horizontal:
        bars = pg.BarGraphItem(x0=0, y=positions, height=0.6, width=values, brushes=brushes, pens=pens)
        axis, value_axis = item.getAxis("left"), "bottom"
    else:
        bars = pg.BarGraphItem(x=positions, height=values, width=0.6, brushes=brushes, pens=pens)
        axis, value_axis = item.getAxis("bottom"), "left"
    item.addItem(bars)
    axis.setTicks([list(zip(positions, labels))])
    item.setLabel(value_axis, value_label)
    for side in ("left", "bottom"):
        item.getAxis(side).setTextPen("#222222")
        item.getAxis(side).setPen("#555555")
    # Axes size themselves when shown; this widget never is, so give the left axis room for its labels.
    metrics = QFontMetrics(item.getAxis("left").style.get("tickFont") or QFont())
    widest = labels if horizontal else [_number(max(values, default=0) * 1.15)]
    item.getAxis("left").setWidth(min(width // 2, 28 + max(metrics.horizontalAdvance(t) for t in widest)))
    top = max(values) if values else 1.0
    for pos, value, bad in zip(positions, values, flagged):
        text = pg.TextItem(("⚠ " if bad else "") + _number(value), color="#a93226" if bad else "#111111",
                           anchor=(0, 0.5) if horizontal else (0.5, 1.0))
        text.setPos(value, pos) if horizontal else text.setPos(pos, value)
        item.addItem(text)
    if horizontal:
        item.setXRange(0, top * 1.18, padding=0)
        item.setYRange(-0.6, len(values) - 0.4, padding=0)
        item.invertY(True)
    else:
        item.setYRange(0, top * 1.15, padding=0)
        item.setXRange(-0.6, len(values) - 0.4, padding=0)
    item.layout.activate()  # apply the axis width now: nothing else lays out a widget that is never shown
    exporter = ImageExporter(item)
    exporter.parameters()["width"] = width
    image = exporter.export(toBytes=True)
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    buffer.close()
    plot.deleteLater()
    return bytes(data.data())


def _number(value: float) -> str:
    return f"{int(value):,}" if float(value).is_integer() else f"{value:,.2f}".rstrip("0").rstrip(".")
