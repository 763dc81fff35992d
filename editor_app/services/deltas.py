"""A draft kept as what changed since an earlier one: two saves of a survey differ in a few lines, so the history
stores a few hundred bytes for the second instead of the whole survey again (compressed, ~8 KB, and as much again
for its analysis). A delta names pieces of its base (lines of a survey, items of an analysis' JSON) to copy and
the new pieces between them; `join(pieces)` is the exact original."""

from __future__ import annotations

import json
import zlib
from typing import Iterable

from editor_app.core.textdiff import common_ends, shortest_edit_matches

TEXT_PIECES = ("\n",)  # lines, each with its newline
JSON_PIECES = ("}, ", "], ")  # an analysis' JSON, cut after each object or list in a list
# Past this many changed pieces a delta saves little and finding it costs more (Myers' work grows with their
# number times the pieces'): the draft is stored whole. An inserted line renumbers every later finding of an
# analysis, so most of its pieces change; a survey's edits change a few lines.
MAX_CHANGED_PIECES = 400


# A longer text is split a part of about this many characters at a time: one str.split of an 8 MB survey holds the
# GIL 20-40 ms (the record thread works out a long draft's delta from its latest save while the user types).
SPLIT_PART_CHARS = 1 << 16


def split(text: str, after: tuple[str, ...]) -> list[str]:
    """`text` cut after each occurrence of any of `after`; "".join of the pieces is `text`."""
    if len(text) <= SPLIT_PART_CHARS:
        return _split(text, after)
    pieces: list[str] = []
    for part in _parts(text, after[0]):
        pieces += _split(part, after)
    return pieces


def _parts(text: str, mark: str) -> Iterable[str]:
    """`text` in parts of at least SPLIT_PART_CHARS characters, each cut after an occurrence of `mark` (none of the
    marks split on overlaps itself: every occurrence is found wherever the search starts), the last one the rest."""
    start = 0
    while start < len(text):
        found = text.find(mark, start + SPLIT_PART_CHARS)
        end = len(text) if found < 0 else found + len(mark)
        yield text[start:end]
        start = end


def _split(text: str, after: tuple[str, ...]) -> list[str]:
    pieces = [text]
    for mark in after:
        cut: list[str] = []
        for piece in pieces:
            parts = piece.split(mark)
            cut.extend(part + mark for part in parts[:-1])
            if parts[-1]:
                cut.append(parts[-1])
        pieces = cut
    return pieces


def make_delta(base: list[str], new: list[str], max_changed: int = MAX_CHANGED_PIECES) -> bytes | None:
    """The compressed delta turning `base` into `new` (piece lists), or None when more than `max_changed` pieces
    differ."""
    head, tail = common_ends(base, new)
    blocks = shortest_edit_matches(base[head:len(base) - tail], new[head:len(new) - tail], max_changed)
    if blocks is None:
        return None
    ops: list = []
    j = 0  # the next new piece not yet accounted for
    for bi, bj, size in [(0, 0, head)] + [(x + head, y + head, k) for x, y, k in blocks] + [
            (len(base) - tail, len(new) - tail, tail)]:
        if bj > j:
            ops.append("".join(new[j:bj]))
        if size:
            if ops and isinstance(ops[-1], list) and ops[-1][0] + ops[-1][1] == bi:
                ops[-1][1] += size
            else:
                ops.append([bi, size])
        j = bj + size
    return zlib.compress(json.dumps(ops, ensure_ascii=False, separators=(",", ":")).encode("utf-8"), 6)


def apply_delta(base: list[str], delta: bytes) -> str:
    out: list[str] = []
    for op in json.loads(zlib.decompress(delta).decode("utf-8")):
        if isinstance(op, str):
            out.append(op)
        else:
            start, size = op
            if start < 0 or start + size > len(base):
                raise ValueError("the delta does not fit its base")
            out.extend(base[start:start + size])
    return "".join(out)
