"""The History chart's time axis: every date tick says its month and day ("Nov 30", "11月30日"), and a range of a
day or two is ticked in hours ("06:00"), the day's date at its midnight.

pyqtgraph's DateAxisItem wrote "30", "Dec", "02", "03": a day number without its month on most ticks, and no time
of day, so the three or four snapshots of a day could not be told apart from the axis. Here the ticks are one level,
spaced so that their labels fit (a level of pyqtgraph's own is dropped whole when its labels crowd), in local time,
as the snapshot list gives the times."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from PySide6.QtCore import QCoreApplication, QDateTime, QLocale
from PySide6.QtGui import QFontMetricsF

DAY = 86400
# (unit, count), finest first: seconds (dividing a day), days, months, years.
STEPS: tuple[tuple[str, int], ...] = (
    *(("s", n) for n in (1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200)),
    *(("d", n) for n in (1, 2, 7, 14)),
    *(("m", n) for n in (1, 2, 3, 6)),
    *(("y", n) for n in (1, 2, 5, 10, 20, 50, 100)),
)
NOMINAL = {"s": 1.0, "d": float(DAY), "m": 30.44 * DAY, "y": 365.25 * DAY}
GAP = 18  # pixels at least between two tick labels


def date_format() -> str:
    return QCoreApplication.translate("TimeAxis", "MMM d", "a day on the History chart's time axis (Qt date format)")


def date_time_format() -> str:
    return QCoreApplication.translate("TimeAxis", "MMM d HH:mm",
                                      "a day and time on the History chart's time axis (Qt date format)")


def month_format() -> str:
    return QCoreApplication.translate("TimeAxis", "MMM", "a month on the History chart's time axis (Qt date format)")


def year_format() -> str:
    return QCoreApplication.translate("TimeAxis", "yyyy", "a year on the History chart's time axis (Qt date format)")


def formatted(t: float, fmt: str) -> str:
    """`t` (unix time) in local time, month names in English whatever the system's locale (the Chinese formats use
    numbers: "11月30日")."""
    return QLocale.c().toString(QDateTime.fromSecsSinceEpoch(round(t)), fmt)


def _local(t: float) -> datetime:
    return datetime.fromtimestamp(t)


def at_midnight(t: float) -> bool:
    d = _local(t)
    return d.hour == d.minute == d.second == 0


def tick_values(lo: float, hi: float, unit: str, count: int) -> list[float]:
    """The ticks of a step in [lo, hi], on local wall-clock boundaries (a day's ticks at its midnight)."""
    if hi < lo:
        return []
    start = _local(lo)
    out: list[float] = []
    if unit == "s":
        day = start.replace(hour=0, minute=0, second=0, microsecond=0)
        k = int((start - day).total_seconds() // count)
        while True:
            t = (day + timedelta(seconds=k * count)).timestamp()
            if t > hi:
                return out
            if t >= lo:
                out.append(t)
            k += 1
    if unit == "d":
        day = start.replace(hour=0, minute=0, second=0, microsecond=0)
        while (t := day.timestamp()) <= hi:
            # 7 and 14 days: from a Monday (date.toordinal() of a Monday is 1 modulo 7)
            if t >= lo and (day.toordinal() - (1 if count >= 7 else 0)) % count == 0:
                out.append(t)
            day += timedelta(days=1)  # wall-clock: the next midnight, after a day of 23 or 25 hours too
        return out
    if unit == "m":
        month = start.year * 12 + start.month - 1
        while (t := datetime(month // 12, month % 12 + 1, 1).timestamp()) <= hi:
            if t >= lo and month % count == 0:
                out.append(t)
            month += 1
        return out
    year = start.year
    while year <= 9999 and (t := datetime(year, 1, 1).timestamp()) <= hi:
        if t >= lo and year % count == 0:
            out.append(t)
        year += 1
    return out


class TickWidths:
    """How wide each kind of label is in a font (the widest month's)."""

    def __init__(self, metrics: QFontMetricsF) -> None:
        samples = [datetime(2026, m, 28, 20, 58, 58).timestamp() for m in range(1, 13)]

        def widest(fmt: str) -> float:
            return max(metrics.horizontalAdvance(formatted(t, fmt)) for t in samples)

        self.date = widest(date_format())
        self.date_time = widest(date_time_format())
        self.month = max(widest(month_format()), widest(year_format()))
        self.year = widest(year_format())
        self.time = metrics.horizontalAdvance("00:00")
        self.seconds = metrics.horizontalAdvance("00:00:00")

    def needed(self, unit: str, count: int, dated: bool) -> float:
        """Pixels between two ticks of this step for their labels not to touch. Hours and minutes sit beside a
        date: the midnight's, or (`dated` False: no midnight in sight) the first tick's date and time."""
        if unit == "s":
            time, seconds = (self.seconds, self.seconds - self.time) if count < 60 else (self.time, 0.0)
            return (time + (self.date if dated else self.date_time + seconds)) / 2 + GAP
        return {"d": self.date, "m": self.month, "y": self.year}[unit] + GAP


def choose_step(lo: float, hi: float, pixels: float, widths: TickWidths) -> tuple[str, int]:
    """The finest step whose labels fit in `pixels` for the range lo..hi (seconds)."""
    per_second = pixels / max(hi - lo, 1e-9)
    half = widths.date / 2 / per_second  # a midnight's date is drawn when this far from the ends
    dated = hi - lo >= 40 * DAY or bool(tick_values(lo + half, hi - half, "d", 1))
    for unit, count in STEPS:
        if NOMINAL[unit] * count * per_second >= widths.needed(unit, count, dated):
            return unit, count
    return STEPS[-1]


def tick_labels(values: list[float], unit: str, count: int, fits: Any = None) -> list[str]:
    """The labels of ticks of one step. `fits(t, width_key)` says whether the label of tick t would be drawn whole
    (pyqtgraph leaves out a label cut by the axis' end): with no midnight in sight, the first tick that fits says
    its date as well as its time."""
    if unit == "s":
        clock = "HH:mm:ss" if count < 60 else "HH:mm"
        labels = [formatted(t, date_format()) if at_midnight(t) else formatted(t, clock) for t in values]
        fits = fits or (lambda t, key: True)
        if not any(at_midnight(t) and fits(t, "date") for t in values):
            first = next((i for i, t in enumerate(values) if fits(t, "date_time")), None)
            if first is not None:
                labels[first] = formatted(values[first], date_time_format() + clock[5:])
        return labels
    if unit == "d":
        return [formatted(t, date_format()) for t in values]
    if unit == "m":
        return [formatted(t, year_format() if _local(t).month == 1 else month_format()) for t in values]
    return [formatted(t, year_format()) for t in values]


def time_axis(pg: Any, orientation: str = "bottom") -> Any:
    """A pyqtgraph axis of unix times, ticked and labelled as above."""

    class TimeAxis(pg.DateAxisItem):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._widths: tuple[Any, TickWidths] | None = None
            self._span = (0.0, 1.0, 1.0)  # lo, hi, pixels of the ticks last worked out
            self.step: tuple[str, int] = ("d", 1)

        def widths(self) -> TickWidths:
            font = self.style.get("tickFont") or self.font()  # what the labels are drawn in
            key = (font.key(), date_format())
            if self._widths is None or self._widths[0] != key:
                self._widths = (key, TickWidths(QFontMetricsF(font)))
            return self._widths[1]

        def tickValues(self, minVal, maxVal, size):  # noqa: N802, N803 (pyqtgraph API)
            lo, hi = min(minVal, maxVal), max(minVal, maxVal)
            if size <= 0 or hi <= lo:
                return []
            self._span = (lo, hi, float(size))
            self.step = choose_step(lo, hi, size, self.widths())
            unit, count = self.step
            return [(NOMINAL[unit] * count, tick_values(lo, hi, unit, count))]

        def tickStrings(self, values, scale, spacing):  # noqa: N802 (pyqtgraph API)
            lo, hi, pixels = self._span
            per_second = pixels / max(hi - lo, 1e-9)
            widths = self.widths()

            def fits(t: float, key: str) -> bool:
                half = getattr(widths, key) / 2
                return (t - lo) * per_second >= half and (hi - t) * per_second >= half

            unit, count = self.step
            return tick_labels(list(values), unit, count, fits)

    return TimeAxis(orientation=orientation)
