"""Bar charts drawn with pyqtgraph, imported on first use (it costs ~0.6 s of start-up otherwise).

`BarChart` is plain data (categories, series, values, marks) so tests read what is drawn; `BarChartWidget` draws
it, shows the source sentence on hover and reports clicks. The history chart of another tab can reuse `plot_widget`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Iterable

from PySide6.QtCore import QPointF, Qt, Signal
from PySide6.QtGui import QColor, QCursor, QPainter, QPalette, QPen
from PySide6.QtWidgets import QApplication, QLabel, QToolTip, QVBoxLayout, QWidget

from editor_app.ui.theme import HIGHLIGHT, SERIES_COLOURS, mark_on, on_base


def series_colour(series: int) -> QColor:
    """The colour of a series' bars and of its square in the legend, seen on the palette's Base."""
    return mark_on(QColor(SERIES_COLOURS[series % len(SERIES_COLOURS)]))

_pg = None


def pyqtgraph():
    """Import pyqtgraph once, configured for the application's palette."""
    global _pg
    if _pg is None:
        import pyqtgraph as pg

        pg.setConfigOptions(antialias=True, useNumba=False)
        _pg = pg
    return _pg


def tick_text(value: float, spacing: float) -> str:
    """An axis figure as the survey writes figures ("1,200,000", "0.25"), with the decimals its spacing needs."""
    places = max(0, -int(math.floor(math.log10(spacing)))) if spacing > 0 else 0
    return f"{value:,.{min(places, 6)}f}"


def count_axis(pg: Any, orientation: str) -> Any:
    """An axis with figures as the survey writes them ("1,200,000", "16,000"): pyqtgraph's own writes "1.2e+06" and
    "16000" beside bars labelled "~16,200"."""

    class CountAxis(pg.AxisItem):
        def tickStrings(self, values, scale, spacing):  # noqa: N802 (pyqtgraph API)
            return [tick_text(v * scale, spacing * scale) for v in values]

    return CountAxis(orientation=orientation)


def plot_widget(parent: QWidget | None = None, *, height: int = 200) -> Any:
    """A pyqtgraph PlotWidget with the palette's colours, no pan/zoom (a chart, not a plot explorer)."""
    pg = pyqtgraph()
    pal = QApplication.palette()
    # No menus: made with them, then disabled, each chart made a ViewBoxMenu it never showed (~10 ms apiece).
    w = pg.PlotWidget(parent=parent, background=pal.color(QPalette.ColorRole.Base), enableMenu=False,
                      axisItems={name: count_axis(pg, name) for name in ("left", "bottom")})
    w.setMinimumHeight(height)
    w.setMaximumHeight(int(height * 1.25))
    item = w.getPlotItem()
    item.setMenuEnabled(False)
    item.hideButtons()
    item.setMouseEnabled(x=False, y=False)
    fg = pal.color(QPalette.ColorRole.Text)
    for name in ("left", "bottom", "top", "right"):
        axis = item.getAxis(name)
        # No axis shows a label, so its SI prefix is always none (scale 1): worked out again at every change of
        # the range, it set the hidden label's HTML ~30 times a chart (AxisItem._updateLabel, the QA's stack).
        axis.enableAutoSIPrefix(False)
        if name in ("left", "bottom"):
            axis.setPen(fg)
            axis.setTextPen(fg)
    return w


@dataclass
class Bar:
    category: str
    series: int
    value: float
    label: str  # the value as written ("~16,200")
    approx: bool
    line: int
    column: int
    sentence: str
    highlighted: bool = False
    places: str = ""  # where it is stated, drawn after its value ("L22, L46"), when no legend says it
    low: float | None = None  # a range's lower end ("3.8~5.2×": 3.8; its value is the upper end)


def range_pale(colour: QColor) -> QColor:
    """The colour of a range's part above its lower end: the series' own, pale (as the report draws it)."""
    pale = QColor(colour)
    pale.setAlpha(70)
    return pale


def bar_text(bar: Bar) -> str:
    """The text by a bar: "⚠ 4×  L46, L52, L106"."""
    return ("⚠ " if bar.highlighted else "") + bar.label + (f"  {bar.places}" if bar.places else "")


def legend_html(names: list[str]) -> str:
    """The series names with their colours, a line above the plot: drawn inside it, the legend covered the value
    of the highest bars (a figure's differing value among them)."""
    return "&nbsp;&nbsp;&nbsp;".join(
        f"<span style='color:{series_colour(s).name()}'>■</span>&nbsp;{name}"
        for s, name in enumerate(names))


@dataclass
class BarChart:
    """What one chart shows: categories on the axis, one bar per (category, series)."""

    title: str
    categories: list[str]
    series_names: list[str]
    bars: list[Bar] = field(default_factory=list)
    note: str = ""
    horizontal: bool = False  # long category names (speed-ups) read better on the vertical axis
    # What a comparison's chart measures and where, for a caption written apart from the title (the report's,
    # ui/charts_render.py): the quantity in the words the chart was built in, the unit its values are drawn in, the
    # hardware, and every line its drawn figures are stated on. The speed-ups' chart has no quantity.
    quantity: str = ""
    unit: str = ""
    hardware: str = ""
    lines: tuple[int, ...] = ()
    not_drawn: int = 0  # statements left out (more than a chart draws)
    not_drawn_lines: tuple[int, ...] = ()  # the lines they are stated on
    left_out: tuple[str, ...] = ()  # no chart but a note: the titles of the charts not drawn (more than are drawn)

    def values(self, series: int = 0) -> dict[str, float]:
        return {b.category: b.value for b in self.bars if b.series == series}

    def drawing(self) -> tuple:
        """What the chart draws, apart from where its figures are stated (line numbers in the legend and the note,
        the lines a click goes to): equal drawings differ only by an edit that moved lines above the figures."""
        return (self.title, tuple(self.categories), len(self.series_names), self.horizontal,
                tuple((b.category, b.series, b.value, b.label, b.approx, b.highlighted) for b in self.bars))


def bars_per_category(chart: BarChart) -> int:
    """The most bars any one category has: the bars' share of a category's room is divided by it."""
    counts: dict[str, int] = {}
    for b in chart.bars:
        counts[b.category] = counts.get(b.category, 0) + 1
    return max(counts.values(), default=1)


def bar_places(chart: BarChart) -> tuple[float, list[float]]:
    """The width of a bar and where each of `chart.bars` stands on the category axis (category i at i): a
    category's bars side by side, in their series' order, centred on its name. (Each series had a place of its
    own in every category, so a category with one statement drew it off its name, at its series' place: a table's
    ten rows made a staircase, its last bar nearer the next name than its own.)"""
    width = 0.8 / bars_per_category(chart)
    index = {c: i for i, c in enumerate(chart.categories)}
    by_category: dict[str, list[int]] = {}
    for k, b in enumerate(chart.bars):
        by_category.setdefault(b.category, []).append(k)
    places = [0.0] * len(chart.bars)
    for category, ks in by_category.items():
        ks.sort(key=lambda k: chart.bars[k].series)
        first = index.get(category, 0) - width * len(ks) / 2
        for j, k in enumerate(ks):
            places[k] = first + width * (j + 0.5)
    return width, places


def names_fit(categories: list[str], width: int, font) -> bool:
    """Whether the categories' names fit side by side under their bars in a chart `width` pixels wide: seven
    engines' names ran into each other ("TensorRT-LLMONNX Runtime Web") in the tab at 1280×720."""
    from PySide6.QtGui import QFontMetrics

    slot = (width - _VALUE_AXIS_ROOM) / max(1, len(categories))
    metrics = QFontMetrics(font)
    return max((metrics.horizontalAdvance(c) for c in categories), default=0) + _NAME_GAP <= slot


def fits_side_by_side(chart: BarChart, width: int, font) -> bool:
    """Whether `chart` reads as upright bars `width` pixels wide: the names fit under their categories and each
    value's text over its own bar (as the report decides, ui/charts_render.py). Five statements of a figure side by
    side had texts wider than their bars: raised rows above rows, far over their bars, one over the value axis, and
    a near-zero bar's "⚠ 58.9 ms" under the next bar, its "ms" (the error) hidden."""
    from PySide6.QtGui import QFontMetrics

    if not names_fit(chart.categories, width, font):
        return False
    slot = (width - _VALUE_AXIS_ROOM) / max(1, len(chart.categories))
    per_bar = slot * bar_places(chart)[0]  # a bar's share of its category (BarChartWidget)
    metrics = QFontMetrics(font)
    return max((metrics.horizontalAdvance(bar_text(b)) for b in chart.bars), default=0) + _TEXT_GAP <= per_bar


_VALUE_AXIS_ROOM = 80  # pixels of a vertical chart's value axis and margins
_TEXT_GAP = 6  # pixels kept between the value texts of two neighbouring bars
_NAME_GAP = 12  # pixels kept between two neighbouring names


class BarChartWidget(QWidget):
    """Draws a BarChart: grouped bars, value labels, hatched approximate values, red outline on inconsistencies.
    Given the `width` it will have, a chart whose names would not fit side by side is drawn with horizontal bars,
    one name a row. Keyboard: Tab reaches the chart (framed), the arrows pick a bar (outlined, its sentence shown),
    Return goes to where it is stated, as a click on it does."""

    bar_clicked = Signal(int, int)  # line, column
    FRAME = 3  # px around the plot where the keyboard focus is drawn
    HIT_PIXELS = 10  # a bar shorter than this is hovered and clicked as if it were this long

    def __init__(self, chart: BarChart, parent: QWidget | None = None, width: int | None = None) -> None:
        super().__init__(parent)
        self.chart = chart
        self.horizontal = chart.horizontal or (
            width is not None and not fits_side_by_side(chart, width, self.font()))
        pg = pyqtgraph()
        self.plot = plot_widget(self)
        self.plot.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the chart takes the keys, not pyqtgraph's view
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.current: int | None = None  # the bar the arrows picked, in reading order
        self._marker: Any = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(*[self.FRAME] * 4)
        layout.setSpacing(0)
        self.legend = QLabel(self)  # which colour is which line: above the plot, never over a bar's value
        self.legend.setObjectName("chart_legend")
        self.legend.setAlignment(Qt.AlignmentFlag.AlignRight)
        self.legend.setWordWrap(True)
        self.legend.setContentsMargins(4, 2, 8, 0)
        self.legend.setAutoFillBackground(True)  # on the plot's colour: one chart, not a strip above it
        self.legend.setBackgroundRole(QPalette.ColorRole.Base)
        self.legend.setForegroundRole(QPalette.ColorRole.Text)
        layout.addWidget(self.legend)
        layout.addWidget(self.plot)
        item = self.plot.getPlotItem()
        fg = QApplication.palette().color(QPalette.ColorRole.Text)
        self._set_title(chart)
        n = max(1, len(chart.series_names))
        self._width, places = bar_places(chart)
        place = dict(zip(map(id, chart.bars), places))
        self._geometry: list[tuple[float, float, float, Bar]] = []  # category-axis span, value, bar
        self._texts: list[tuple[Any, Bar]] = []  # the text by each bar
        self._top = 1.0
        top = self._top = max((b.value for b in chart.bars), default=1.0) or 1.0
        horizontal = self.horizontal
        if horizontal:  # a row of each category's statements, each bar a line of text high
            rows = max(26, 20 * bars_per_category(chart) + 8) * len(chart.categories) + 60  # (the report's rows)
            self.plot.setMinimumHeight(max(200, rows))
            self.plot.setMaximumHeight(max(200, rows) + 40)
        for s in range(n):
            bars = [b for b in chart.bars if b.series == s]
            if not bars:
                continue
            colour = series_colour(s)
            xs, hs, brushes, pens = [], [], [], []
            lows: list[tuple[float, float, Any, Any]] = []  # a range's solid part: position, lower end, brush, pen
            for b in bars:
                x = place[id(b)]
                xs.append(x)
                hs.append(b.value)
                brush = pg.mkBrush(range_pale(colour) if b.low is not None else colour)
                if b.approx:
                    brush.setStyle(Qt.BrushStyle.Dense4Pattern)  # stippled: an approximate ("~") value
                brushes.append(brush)
                pen = (pg.mkPen(mark_on(QColor(HIGHLIGHT)), width=3) if b.highlighted
                       else pg.mkPen(mark_on(colour.darker(140)), width=1))  # a stippled bar's edge
                pens.append(pen)
                if b.low is not None:  # a range ("3.8~5.2×"): solid up to its lower end, pale on to its upper one
                    solid = pg.mkBrush(colour)
                    solid.setStyle(brush.style())
                    lows.append((x, b.low, solid, pen))
                self._geometry.append((x - self._width / 2, x + self._width / 2, b.value, b))
                label = pg.TextItem(bar_text(b), color=on_base(QColor(HIGHLIGHT)) if b.highlighted else fg,
                                    anchor=(0.0, 0.5) if horizontal else (0.5, 1.0))
                label.setPos(b.value, x) if horizontal else label.setPos(x, b.value)
                label.setZValue(5)  # over every bar, the next series' drawn after it included
                item.addItem(label)
                self._texts.append((label, b))
            width = self._width * 0.92
            for where, heights, fills, edges in ((xs, hs, brushes, pens),
                                                 ([p for p, *_ in lows], [h for _p, h, *_ in lows],
                                                  [f for *_, f, _e in lows], [e for *_, e in lows])):
                if not where:
                    continue
                if horizontal:
                    bar_item = pg.BarGraphItem(x0=[0] * len(where), y=where, width=heights, height=width,
                                               brushes=fills, pens=edges)
                else:
                    bar_item = pg.BarGraphItem(x=where, height=heights, width=width, brushes=fills, pens=edges)
                item.addItem(bar_item)
        ticks = [[(float(i), c) for i, c in enumerate(chart.categories)]]
        span = (-0.6, len(chart.categories) - 0.4)
        if horizontal:
            item.getAxis("left").setTicks(ticks)
            item.setYRange(*span, padding=0)
            item.setXRange(0, top * 1.25, padding=0)
            item.getViewBox().invertY(True)  # first statement on top
        else:
            item.getAxis("bottom").setTicks(ticks)
            item.setXRange(*span, padding=0)
            item.setYRange(0, top * 1.22, padding=0)
        self.legend.setText(legend_html(chart.series_names))
        self.legend.setVisible(len(chart.series_names) > 1)
        item.getViewBox().sigResized.connect(self._fit_labels if horizontal else self._stagger_labels)
        if not horizontal:
            self._stagger_labels()
        scene = self.plot.scene()
        scene.sigMouseMoved.connect(self._hover)
        scene.sigMouseClicked.connect(self._click)

    def _set_title(self, chart: BarChart) -> None:
        fg = QApplication.palette().color(QPalette.ColorRole.Text)
        self.plot.getPlotItem().setTitle(chart.title + (f"  <small>{chart.note}</small>" if chart.note else ""),
                                         color=fg, size="10pt")
        self.setAccessibleName(chart.title)

    # ----- keyboard -----
    def bars_in_order(self) -> list[Bar]:
        """The bars as read: category by category along the axis, series by series within one."""
        order = {c: i for i, c in enumerate(self.chart.categories)}
        return sorted((bar for *_span, bar in self._geometry), key=lambda b: (order.get(b.category, 0), b.series))

    def current_bar(self) -> Bar | None:
        bars = self.bars_in_order()
        return bars[self.current] if self.current is not None and self.current < len(bars) else None

    def keyPressEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        bars = self.bars_in_order()
        key = event.key()
        steps = {Qt.Key.Key_Right: 1, Qt.Key.Key_Down: 1, Qt.Key.Key_Left: -1, Qt.Key.Key_Up: -1}
        if bars and key in steps:
            self._pick((0 if self.current is None else self.current + steps[key]) % len(bars))
        elif bars and key in (Qt.Key.Key_Home, Qt.Key.Key_End):
            self._pick(0 if key == Qt.Key.Key_Home else len(bars) - 1)
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space) and self.current_bar() is not None:
            bar = self.current_bar()
            self.bar_clicked.emit(bar.line, bar.column)
        else:
            super().keyPressEvent(event)

    def focusInEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().focusInEvent(event)
        # A click's focus leaves the bar to the click (_click): picked here, the first bar was marked instead of
        # the one clicked. Tab (or Ctrl+3) marks the current bar, else the first.
        if event.reason() != Qt.FocusReason.MouseFocusReason:
            self._pick(self.current if self.current_bar() is not None else 0)
        self.update()

    def focusOutEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().focusOutEvent(event)
        QToolTip.hideText()
        self.update()

    def paintEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().paintEvent(event)
        if self.hasFocus():  # where the keys are, seen at a glance (the plot itself draws no focus)
            painter = QPainter(self)
            pen = QPen(self.palette().color(QPalette.ColorRole.Highlight), 2)
            painter.setPen(pen)
            painter.drawRect(self.rect().adjusted(1, 1, -1, -1))

    def _pick(self, i: int) -> None:
        """Make the i-th bar current: outlined, its value and sentence said (tooltip and accessible description)."""
        bars = self.bars_in_order()
        if not bars:
            return
        self.current = i
        bar = bars[i]
        pg = pyqtgraph()
        pen = pg.mkPen(self.palette().color(QPalette.ColorRole.Highlight), width=3, style=Qt.PenStyle.DashLine)
        a0, a1 = next((a0, a1) for a0, a1, _top, b in self._geometry if b is bar)
        if self.horizontal:
            opts = dict(x0=[0], y=[(a0 + a1) / 2], width=[bar.value], height=a1 - a0)
        else:
            opts = dict(x=[(a0 + a1) / 2], height=[bar.value], width=a1 - a0)
        if self._marker is None:
            self._marker = pg.BarGraphItem(brush=None, pen=pen, **opts)
            self._marker.setZValue(10)
            self.plot.getPlotItem().addItem(self._marker)
        else:
            self._marker.setOpts(pen=pen, **opts)
        text = f"{bar.category}: {bar.label}\nL{bar.line}: {bar.sentence}"
        self.setAccessibleDescription(text)
        if self.hasFocus():
            at = self.plot.mapToGlobal(self.plot.mapFromScene(self.bar_scene_pos(bar)))
            QToolTip.showText(at, text, self.plot)

    def follow_places(self, chart: BarChart) -> None:
        """Show `chart`, which draws what is drawn (chart.drawing() equal), without drawing again: only the lines
        its figures are stated on moved (an Enter above them), in the legend, the note, hovers and clicks."""
        old, self.chart = self.chart, chart
        moved = {id(a): b for a, b in zip(old.bars, chart.bars)}
        self._geometry = [(a0, a1, top, moved.get(id(bar), bar)) for a0, a1, top, bar in self._geometry]
        if chart.note != old.note:
            self._set_title(chart)
        if chart.series_names != old.series_names:
            self.legend.setText(legend_html(chart.series_names))
        texts = []
        for label, bar in self._texts:
            bar = moved.get(id(bar), bar)
            if bar.places:
                label.setText(bar_text(bar))
            texts.append((label, bar))
        self._texts = texts
        self._fit_labels()

    def _fit_labels(self) -> None:
        """Widen a horizontal chart's value axis so the text by every bar (its value and lines) stays inside the
        plot: past its edge the text was cut off."""
        if not self.horizontal or not self._texts:
            return
        width = self.plot.getPlotItem().getViewBox().width()
        room = width - 12
        need = 1.25
        for label, bar in self._texts:
            text = label.textItem.boundingRect().width()
            if room > text:
                need = max(need, bar.value / self._top * room / (room - text))
        self.plot.getPlotItem().setXRange(0, self._top * min(need, 4.0), padding=0)

    def _stagger_labels(self) -> None:
        """Raise a vertical chart's value label a line above a neighbour's it would write over: three statements of
        one figure side by side ("⚠ ~16,200", "~16,200", "16,200" over SGLang) read as one garbled number. The value
        axis gets the room the raised labels need."""
        if self.horizontal or not self._texts:
            return
        vb = self.plot.getPlotItem().getViewBox()
        placed: list[tuple[float, float, float, float]] = []  # left, right, top, bottom (scene pixels)
        high = vb.height()
        top = self._top * 1.22
        inside = vb.sceneBoundingRect()
        for label, bar in sorted(self._texts, key=lambda t: t[0].pos().x()):
            rect = label.textItem.boundingRect()
            w, h = rect.width(), max(rect.height(), 1.0)
            at = vb.mapViewToScene(label.pos())
            # kept inside the plot: the first bar's "⚠ ~16,200" was written over the value axis
            left = at.x() - w / 2
            if inside.width() > w + 4:
                left = min(max(left, inside.left() + 2), inside.right() - 2 - w)
            for row in range(4):
                box = (left, left + w, at.y() - (row + 1) * h, at.y() - row * h)
                if not any(box[0] < o[1] + 2 and o[0] < box[1] + 2 and box[2] < o[3] and o[2] < box[3] for o in placed):
                    break
            placed.append(box)
            label.setAnchor(((at.x() - left) / w if w > 0 else 0.5, 1.0 + row))
            share = (row + 1) * h / high if high > 0 else 0.0  # of the plot's height, the label over its bar
            if row and share < 0.8:  # the range's top such that the raised label ends below it
                top = max(top, bar.value / (0.97 - share))
        self.plot.getPlotItem().setYRange(0, min(top, self._top * 3), padding=0)

    def bar_at(self, scene_pos: QPointF) -> Bar | None:
        """The bar at a point: on it, on the text by it, or within HIT_PIXELS of the axis across its width (a
        15,800 bar beside a 1.2M one is 1.6 px tall: it could be neither hovered nor clicked, nor its value)."""
        vb = self.plot.getPlotItem().getViewBox()
        if not vb.sceneBoundingRect().contains(scene_pos):
            return None
        p = vb.mapSceneToView(scene_pos)
        along, value = (p.y(), p.x()) if self.horizontal else (p.x(), p.y())
        pixel = vb.viewPixelSize()  # view units a pixel spans, along x and y
        least = self.HIT_PIXELS * abs(pixel[0] if self.horizontal else pixel[1])
        for a0, a1, top, bar in self._geometry:
            if a0 <= along <= a1 and 0 <= value <= max(max(top, 0) * 1.08, least):
                return bar
        for label, bar in self._texts:
            if label.isVisible() and label.sceneBoundingRect().contains(scene_pos):
                return bar
        return None

    def bar_scene_pos(self, bar: Bar) -> QPointF:
        """Scene position of a bar's middle (for tests and keyboard users)."""
        for a0, a1, top, b in self._geometry:
            if b is bar:
                along, value = (a0 + a1) / 2, top / 2
                point = QPointF(value, along) if self.horizontal else QPointF(along, value)
                return self.plot.getPlotItem().getViewBox().mapViewToScene(point)
        raise ValueError("bar not in this chart")

    def _hover(self, scene_pos: QPointF) -> None:
        bar = self.bar_at(scene_pos)
        if bar is None:
            QToolTip.hideText()
            self.plot.unsetCursor()
            return
        self.plot.setCursor(Qt.CursorShape.PointingHandCursor)
        text = f"{bar.category}: {bar.label}\nL{bar.line}: {bar.sentence}"
        QToolTip.showText(QCursor.pos(), text, self.plot)

    def _click(self, event) -> None:
        bar = self.bar_at(event.scenePos())
        if bar is not None:
            # the bar clicked is the current one: the arrows go on from it, and the dashed marker is on it (it was
            # on the first bar, which the click's focus picked)
            at = next((i for i, b in enumerate(self.bars_in_order()) if b is bar), None)
            if at is not None:
                self._pick(at)
            self.bar_clicked.emit(bar.line, bar.column)


def line_runs_of(lines: Iterable[int]) -> list[list[int]]:
    """The lines in runs of lines one after another: [2], [7], [12, 13, … 21] (a table's rows are one run)."""
    runs: list[list[int]] = []
    for n in lines:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return runs
