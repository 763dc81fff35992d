"""Numbers as surveys write them: "3,838", "16.6", "67%"; parsing and writing back in the same style."""

from __future__ import annotations

# A number as written in prose: thousands separators allowed, optional decimals (a regex source, for patterns).
NUMBER = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"


def parse_number(written: str) -> float:
    """ "3,838" -> 3838.0; raises ValueError on anything else."""
    return float(written.replace(",", "").replace("，", ""))


def as_int_if_whole(value: float | None) -> float | int | None:
    if value is None:
        return None
    if float(value).is_integer():
        return int(value)
    return value


def decimals_of(written: str) -> int:
    return len(written.split(".", 1)[1]) if "." in written else 0


def round_like(value: float, written: str) -> float:
    """Round value with the precision the text uses ("67" -> 0 decimals, "66.7" -> 1), half up."""
    d = decimals_of(written)
    q = 10**d
    return int(value * q + 0.5 + 1e-9) / q


def format_like(value: float, written: str) -> str:
    """Write value in the style of `written`: thousands separators and decimals kept."""
    d = decimals_of(written)
    if "," in written or (value >= 10_000 and "," in written):
        return f"{value:,.{d}f}"
    return f"{value:.{d}f}"


def format_count(value: float | int | None) -> str:
    """Display a measured figure: 3838 -> "3,838", 66.666 -> "66.67"."""
    if value is None:
        return "—"
    v = as_int_if_whole(value)
    if isinstance(v, int):
        return f"{v:,}"
    return f"{v:,.2f}"
