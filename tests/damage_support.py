"""Damage made to a history database's pages, as a crash, a bad disk or QA's scripts leave it."""

from __future__ import annotations

import sqlite3
import struct
from pathlib import Path

import pytest


def btree_pages(db_path: Path, name: str) -> list[int]:
    """Every page of the table or index `name` (its interior pages and leaves, not overflow pages), read from its
    b-tree: no dbstat needed."""
    with sqlite3.connect(db_path) as conn:
        root = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = ?", [name]).fetchone()[0]
        size = conn.execute("PRAGMA page_size").fetchone()[0]
    raw = db_path.read_bytes()
    pages, todo = [], [root]
    while todo:
        number = todo.pop()
        pages.append(number)
        page = raw[(number - 1) * size:number * size]
        top = 100 if number == 1 else 0
        if page[top] in (0x02, 0x05):  # interior (index, table): its children, then the rightmost
            cells = struct.unpack(">H", page[top + 3:top + 5])[0]
            offsets = (struct.unpack(">H", page[top + 12 + 2 * k:top + 14 + 2 * k])[0] for k in range(cells))
            todo += [struct.unpack(">I", page[offset:offset + 4])[0] for offset in offsets]
            todo.append(struct.unpack(">I", page[top + 8:top + 12])[0])
    return sorted(pages)


def overflow_pages(db_path: Path, name: str) -> list[int]:
    """The overflow pages of `name`'s rows, by SQLite's dbstat (skipped where SQLite is built without it)."""
    with sqlite3.connect(db_path) as conn:
        try:
            return [page for (page,) in conn.execute(
                "SELECT pageno FROM dbstat WHERE name = ? AND pagetype = 'overflow' ORDER BY pageno", [name])]
        except sqlite3.OperationalError:
            pytest.skip("this SQLite has no dbstat")


def garble(db_path: Path, pages: list[int], fill: bytes = b"\xde\xad\xbe\xef") -> None:
    with sqlite3.connect(db_path) as conn:
        size = conn.execute("PRAGMA page_size").fetchone()[0]
    with open(db_path, "r+b") as fh:
        for page in pages:
            fh.seek((page - 1) * size)
            fh.write(fill * (size // len(fill)))
