"""File names as text that can be printed and stored."""

from __future__ import annotations


def printable(text: str) -> str:
    """`text` with the bytes of a file name that is not UTF-8 as U+FFFD: Python keeps such bytes as lone surrogates
    ("caf\\udce9.md" for a Latin-1 "café.md"), which UTF-8 output (JSON, SARIF, SQLite) cannot hold."""
    try:
        text.encode("utf-8")
        return text
    except UnicodeEncodeError:
        return text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
