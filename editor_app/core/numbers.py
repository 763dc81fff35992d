"""Numbers as surveys write them: "3,838", "16.6", "67%"; parsing and writing back in the same style."""

from __future__ import annotations

import re
from fractions import Fraction

# A number as written in prose: thousands separators allowed, optional decimals (a regex source, for patterns).
NUMBER = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"


# "CJK 实测 3，838": a Chinese input method's comma between thousands. A number whose first group has one or two
# digits (three after a currency sign: "$110，940"), then groups of exactly three after "，", is one number;
# "159，194" (three digits first: a list) and "共 6 处，其中" (no digits after) are not. (The first look finds "，"
# and three digits by a plain character search.)
_FULL_WIDTH_GROUP = re.compile(r"，\d{3}(?!\d)")
_FULL_WIDTH_GROUPED = re.compile(r"\d(?<![\d.,，]\d)\d?(?:，\d{3})+(?!\d)|(?<=[$¥€£])\d{3}(?:，\d{3})+(?!\d)")
# "CJK 实测 3 838", "3\u2009838": thousands set apart by a space, as the SI and many editors write them. A thin or
# narrow no-break space (U+2009, U+202F) or a no-break space (U+00A0) between digits is never anything else: a first
# group of one to three digits, then groups of exactly three, is one number ("12\u202f345"). A plain space is also
# the prose's between two figures, so it is read so as the Chinese comma is: a first group of one or two digits
# (three after a currency sign), not after a letter, "§", "." or "-" ("v2 345", "§3 579", "9-8 123" are two
# figures), nor right before a Latin letter or "%" ("5 365B"); "159 194 207" stays a list.
SPACES = "\u2009\u202f\u00a0"  # the spaces that group thousands and nothing else
_SPACE_GROUPED = re.compile(
    r"\d(?<![\w.,§\-/:]\d)\d{0,2}(?:([\u2009\u202f\u00a0])\d{3}(?:\1\d{3})*)(?!,\d|\d)"
    r"|\d(?<![\w.,§\-/:]\d)\d?(?: \d{3})+(?!,\d|\d|[A-Za-z%×]| \d{3}(?!\d))"
    r"|(?<=[$¥€£])\d{3}(?: \d{3})+(?!,\d|\d|[A-Za-z%×]| \d{3}(?!\d))")
# " 838" after a digit (led by a literal: re finds the space by a plain character search, then looks behind it)
_SPACE_DIGITS = re.compile(r" (?<=\d )\d{3}(?!\d)")


# A Chinese input method's full-width digits, Latin letters and the signs a figure is written with ("１６，２００
# tok／s", "40％"), and `str.translate`'s table reading them as ASCII, one character for one (not the full-width
# parentheses, comma, colon and semicolon, which readers take as Chinese punctuation).
FULL_WIDTH_ASCII = re.compile("[０-９Ａ-Ｚａ-ｚ．／％＋]")
FULL_WIDTH_DIGITS = "０１２３４５６７８９"
FULL_WIDTH_LETTERS = "".join(map(chr, (*range(0xFF21, 0xFF3B), *range(0xFF41, 0xFF5B))))


def as_ascii_table(chars: str) -> dict[int, int]:
    """`str.translate`'s table reading each full-width character of `chars` as its ASCII one (U+FF01–FF5E)."""
    return {ord(c): ord(c) - 0xFEE0 for c in chars}


AS_ASCII = as_ascii_table(FULL_WIDTH_DIGITS + FULL_WIDTH_LETTERS + "．／％＋")


def thousands_read(line: str) -> str:
    """The line with each full-width comma or space that groups thousands ("3，838", "3 838") made ",", one character
    for one (the columns stay those of the line as written); the same object when there is none."""
    read = line
    if "，" in line and _FULL_WIDTH_GROUP.search(line) is not None:
        read = _FULL_WIDTH_GROUPED.sub(_half_width_commas, line)
    if _may_group_by_space(read):
        read = _SPACE_GROUPED.sub(_commas, read)
    return read if read != line else line


def _may_group_by_space(line: str) -> bool:
    """A cheap first look (most lines hold no digit, space, three digits): a thousands space, or a digit before
    " 123"."""
    if "\u2009" in line or "\u202f" in line or "\u00a0" in line:
        return True
    return _SPACE_DIGITS.search(line) is not None


def _half_width_commas(m: re.Match[str]) -> str:
    return m.group().replace("，", ",")


def _commas(m: re.Match[str]) -> str:
    return re.sub(r"[ \u2009\u202f\u00a0]", ",", m.group())


def parse_number(written: str) -> float:
    """ "3,838" -> 3838.0; raises ValueError on anything else."""
    return float(written.translate(_NO_SEPARATORS))


_NO_SEPARATORS = {ord(c): None for c in ",， \u2009\u202f\u00a0"}


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


def round_like_either(value: float | Fraction, written: str, stated: float) -> float:
    """`value` rounded with the precision the text uses, half up (round_like) or, at an exact tie, to even when
    that is what is stated: 1/8 is "12%" as Python writes it (f"{12.5:.0f}") and "13%" rounded half up, both a
    right rounding of 12.5%."""
    half_up = round_like(float(value), written)
    if abs(half_up - stated) < 1e-9:
        return half_up
    q = 10 ** decimals_of(written)
    even = round(Fraction(value) * q) / q
    return stated if abs(even - stated) < 1e-9 else half_up


def format_like(value: float, written: str) -> str:
    """Write value in the style of `written`: thousands separators and decimals kept."""
    d = decimals_of(written)
    if "," in written:
        return f"{value:,.{d}f}"
    if "，" in written:  # "3，838", typed with a Chinese input method's comma
        return f"{value:,.{d}f}".replace(",", "，")
    for space in " " + SPACES:  # "3 838", "3\u2009838": the same space between the thousands
        if space in written:
            return f"{value:,.{d}f}".replace(",", space)
    return f"{value:.{d}f}"


def format_count(value: float | int | None) -> str:
    """Display a measured figure: 3838 -> "3,838", 66.666 -> "66.67"."""
    if value is None:
        return "—"
    v = as_int_if_whole(value)
    if isinstance(v, int):
        return f"{v:,}"
    return f"{v:,.2f}"


def counted(n: int, noun: str) -> str:
    """"1 claim", "3 claims": a count and its noun, singular for one (the nouns counted are regular)."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"
