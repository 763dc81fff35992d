"""Engine-figure charts as PNG bytes (pyqtgraph), for the report; works headless and from the CLI."""

from __future__ import annotations

import html
import os
from collections.abc import Iterator
from typing import Any

from editor_app.core.model import Analysis
from editor_app.ui.charts import BarChart, bar_places, bar_text, bars_per_category, line_runs_of, range_pale
from editor_app.ui.theme import SERIES_COLOURS
from editor_app.wording import ReportWords

CHART_SIZE = (720, 300)  # pixels of one exported chart
MAX_CHARTS = 12  # charts in the report at most, the speed-ups' one included; the others are named below them


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
    """The Figures tab's charts (figures_panel.build_charts: its grouping and marking, so the report tells the same
    story) drawn as images for the report, with captions and axes in `language` ("en" or "zh_CN", as the report
    around them): one chart per quantity, unit and hardware, its differing statements side by side, both sides of a
    disagreement marked "⚠", approximate values stippled and written "~", a range drawn and written as one; then
    the speed-ups, each with its lines and hardware (no percentage change: as in the tab, a fall and a rise of two
    measures would mislead side by side). Private data in an engine's name or a label is drawn masked: the
    analysis quotes it so (core/masked_excerpts.py)."""
    return list(figure_charts_one_by_one(analysis, language=language))


def figure_charts_one_by_one(analysis: Analysis, *, language: str = "en") -> Iterator[tuple[str, bytes]]:
    """render_figure_charts a chart at a time: the window draws one per turn of its event loop (drawn all at once,
    they froze it 0.4-1 s as an export of an 8 MB survey started)."""
    return draw_planned(*planned_charts(analysis, language=language))


def planned_charts(analysis: Analysis, *, language: str = "en") -> tuple[list[Any], ReportWords]:
    """The charts to draw and the report's words: no drawing, so off the GUI thread (0.4 s at 8 MB)."""
    from editor_app.ui.figures_panel import build_charts

    say = ReportWords(language)
    # the speed-ups' chart always (it was the one left out past the cap), and every chart with a disagreement
    return build_charts(analysis, words=say, cap=MAX_CHARTS - 1), say


def draw_planned(charts: list[Any], say: ReportWords) -> Iterator[tuple[str, bytes]]:
    """Each planned chart drawn (on the GUI thread when the program has a window), with its caption."""
    if not charts:
        return
    ensure_application()
    for chart in charts:
        if chart.left_out:  # the charts not drawn, named (no image)
            yield chart.title, b""
            continue
        if chart.quantity:
            caption, axis = _caption(chart, say), _axis_label(chart)
        else:
            caption, axis = say("Stated speed-ups (×)"), say("speed-up (×)")
            if chart.not_drawn:  # (those of a figure that disagrees are drawn first)
                caption += say("; {n} more speed-ups not drawn ({lines})" if chart.not_drawn > 1 else
                               "; {n} more speed-up not drawn ({lines})", n=chart.not_drawn,
                               lines=_lines_text(chart.not_drawn_lines, say))
        flagged = any(b.highlighted for b in chart.bars)
        yield (("⚠ " if flagged else "") + caption,
               _bar_chart(chart, axis, horizontal=chart.horizontal or not _fits_side_by_side(chart)))


def _lines_text(lines: list[int] | tuple[int, ...], say: ReportWords) -> str:
    """"lines 2, 7, 12–21": three lines or more one after another (a table's rows) as a run."""
    runs = line_runs_of(lines)
    text = ", ".join(f"{r[0]}–{r[-1]}" if len(r) > 2 else ", ".join(map(str, r)) for r in runs)
    return say("line {lines}" if len(lines) == 1 else "lines {lines}", lines=text)


def _caption(chart: BarChart, say: ReportWords) -> str:
    """"throughput (tok/s) on H100, approximate: lines 23, 46", and how many differing statements are not drawn."""
    unit = f" ({chart.unit})" if chart.unit else ""
    where = say(" on {hardware}", hardware=chart.hardware) if chart.hardware else ""
    approx = say(", approximate") if any(b.approx for b in chart.bars) else ""
    caption = say("{what}{unit}{where}{approx}: {lines}", what=chart.quantity, unit=unit, where=where, approx=approx,
                  lines=_lines_text(chart.lines, say))
    if chart.not_drawn:
        caption += say("; {n} more statements not drawn ({lines})" if chart.not_drawn > 1 else
                       "; {n} more statement not drawn ({lines})", n=chart.not_drawn,
                       lines=_lines_text(chart.not_drawn_lines, say))
    return caption


def _axis_label(chart: BarChart) -> str:
    return f"{chart.quantity} ({chart.unit})" if chart.unit else chart.quantity


def _fits_side_by_side(chart: BarChart) -> bool:
    """Whether the engines' names fit under their bars and each value over its bar: ten engines' names ran into
    each other ("TensorRT-LLMllama.cpp"), as may the values of six statements side by side; those charts are drawn
    as horizontal bars, one name a row."""
    from PySide6.QtGui import QFont, QFontMetrics

    metrics = QFontMetrics(QFont())
    slot = (CHART_SIZE[0] - _VALUE_AXIS_ROOM) / max(1, len(chart.categories))
    per_bar = slot / bars_per_category(chart)
    return (max((metrics.horizontalAdvance(c) for c in chart.categories), default=0) + _LABEL_GAP <= slot
            and max((metrics.horizontalAdvance(bar_text(b)) for b in chart.bars), default=0) + 4 <= per_bar)


_VALUE_AXIS_ROOM = 90  # the left (value) axis of a vertical chart: its label and numbers up to "120,000"
_LABEL_GAP = 12  # pixels kept between two neighbouring names
_AXIS_PAD = 34  # pixels of a horizontal chart's name axis besides its widest name (tick, gap, rounding)
# the series' colours: the tab's (no red: red marks a disagreement)
_COLOURS = SERIES_COLOURS
_FLAG = "#c0392b"  # the outline of a bar whose figure disagrees
_FLAG_TEXT = "#a93226"
_NAME_BREAKS = (" vs ", " · ", "（", " (")  # where a name too long for its axis is best wrapped: before these


def fitted_name(name: str, metrics, room: float) -> str:
    """`name` as written on a horizontal chart's axis `room` pixels wide: whole if it fits, else on two lines
    broken where it reads best (before " vs ", " · ", a parenthesis, else at a space), else its end elided. The
    axis drops a name it has no room for: "HF WebGPU Kernels vs ONNX Runtime Web (lines 30, 46, 52, 106)" was a
    bar with no name at all."""
    from PySide6.QtCore import Qt

    def width(text: str) -> int:
        return metrics.horizontalAdvance(text)

    if width(name) <= room:
        return name
    for breaks in ([name.find(b) for b in _NAME_BREAKS],
                   [i for i, c in enumerate(name) if c == " "]):
        cuts = [(max(width(name[:i].rstrip()), width(name[i:].strip())), i) for i in breaks if 0 < i < len(name)]
        fitting = [cut for cut in cuts if cut[0] <= room]
        if fitting:
            i = min(fitting)[1]
            return f"{name[:i].rstrip()}\n{name[i:].strip()}"
    # no break that fits: the most of the name on the first line (whole words when it can), the rest elided
    i = len(name)
    while i > 1 and width(name[:i]) > room:
        i -= 1
    space = name.rfind(" ", 0, i + 1)
    i = space if space > i // 2 else i
    rest = metrics.elidedText(name[i:].strip(), Qt.TextElideMode.ElideRight, int(room))
    return f"{name[:i].rstrip()}\n{rest}" if rest else name[:i].rstrip()


def _bar_chart(chart: BarChart, value_label: str, *, horizontal: bool = False) -> bytes:
    """Draw a chart's bars with their values written by them (and the lines of a speed-up) and return the PNG:
    the statements of a figure side by side in their series' colours, named in a legend above; a bar whose figure
    disagrees outlined red, "⚠" before its value; an approximate value stippled; a range solid up to its lower end
    and pale on to its upper one."""
    import pyqtgraph as pg
    from pyqtgraph.exporters import ImageExporter
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRectF, Qt
    from PySide6.QtGui import QColor, QFont, QFontMetrics

    from editor_app.ui.charts import count_axis

    width, height = CHART_SIZE
    n = max(1, len(chart.series_names))
    step, places = bar_places(chart)  # one bar's share of its category's room; where each bar stands
    categories = chart.categories
    metrics = QFontMetrics(QFont())
    names = categories
    if horizontal:
        names = [fitted_name(c, metrics, width // 2 - _AXIS_PAD) for c in categories]
        row = max(36 if any("\n" in t for t in names) else 26, 20 * bars_per_category(chart) + 8)  # of a category
        height = max(height, 60 + row * len(categories))
    # (figures on the value axis as the survey writes them: "1,200,000", not "1.2e+06")
    plot = pg.PlotWidget(background="w", axisItems={side: count_axis(pg, side) for side in ("left", "bottom")})
    plot.resize(width, height)
    item = plot.getPlotItem()
    item.setGeometry(QRectF(0, 0, width, height))  # the widget is never shown, so size the plot itself
    item.hideButtons()
    item.setMenuEnabled(False)
    if n > 1:  # which colour is which statement: above the plot, never over a bar's value
        item.setTitle("&nbsp;&nbsp;&nbsp;".join(
            f"<span style='color:{_COLOURS[s % len(_COLOURS)]}'>■</span>&nbsp;{html.escape(name)}"
            for s, name in enumerate(chart.series_names)), color="#222222", size="9pt")
    texts: list[tuple[float, float, str]] = []  # value, position, text of each bar
    for bar, pos in zip(chart.bars, places):
        colour = QColor(_COLOURS[bar.series % len(_COLOURS)])
        pen = pg.mkPen(_FLAG, width=3) if bar.highlighted else pg.mkPen(colour.darker(140))
        parts = [(bar.value, colour)]
        if bar.low is not None:  # the range: pale from its lower end up to its upper one
            parts = [(bar.value, range_pale(colour)), (bar.low, colour)]
        for value, fill in parts:
            brush = pg.mkBrush(fill)
            if bar.approx:
                brush.setStyle(Qt.BrushStyle.Dense4Pattern)  # stippled: an approximate ("~") value, as in the tab
            size = dict(x0=[0], y=[pos], width=[value], height=step * 0.92) if horizontal else (
                dict(x=[pos], height=[value], width=step * 0.92))
            item.addItem(pg.BarGraphItem(brushes=[brush], pens=[pen], **size))
        text = bar_text(bar)
        label = pg.TextItem(text, color=_FLAG_TEXT if bar.highlighted else "#111111",
                            anchor=(0, 0.5) if horizontal else (0.5, 1.0))
        label.setPos(bar.value, pos) if horizontal else label.setPos(pos, bar.value)
        item.addItem(label)
        texts.append((bar.value, pos, text))
    axis, value_axis = (item.getAxis("left"), "bottom") if horizontal else (item.getAxis("bottom"), "left")
    axis.setTicks([[(float(i), name) for i, name in enumerate(names)]])
    item.setLabel(value_axis, value_label)
    for side in ("left", "bottom"):
        item.getAxis(side).setTextPen("#222222")
        item.getAxis(side).setPen("#555555")
    # Axes size themselves when shown; this widget never is, so give the left axis room for its labels.
    tick_metrics = QFontMetrics(item.getAxis("left").style.get("tickFont") or QFont())
    top = max((b.value for b in chart.bars), default=1.0) or 1.0
    if horizontal:
        widest = max(tick_metrics.horizontalAdvance(line) for t in names for line in t.split("\n"))
        axis_width = min(width // 2, _AXIS_PAD + widest)
    else:
        axis_width = min(width // 2, 28 + tick_metrics.horizontalAdvance(_number(top * 1.15)))
    item.getAxis("left").setWidth(axis_width)
    if horizontal:
        # the value range such that the text after every bar (its value and lines) ends inside the plot
        room = width - axis_width - 20
        need = 1.18
        for value, _pos, text in texts:
            free = room - metrics.horizontalAdvance(text) - 10
            if free > room / 4:
                need = max(need, value / top * room / free)
        item.setXRange(0, top * min(need, 4.0), padding=0)
        item.setYRange(-0.6, len(categories) - 0.4, padding=0)
        item.invertY(True)
    else:
        item.setYRange(0, top * 1.15, padding=0)
        item.setXRange(-0.6, len(categories) - 0.4, padding=0)
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
