"""What is wrong with settings typed into Edit → Settings, found before they are saved (no Qt: the dialog words it),
and with the same settings given on the command line (`--arxiv-url`: the two programs refuse what Settings does).

Each problem is (field, code, detail); the dialog turns the code into a sentence in the window's language. The detail
is the value as typed, or for a rule pack that can't be used the PackError (its file, line and key, as every other
place that refuses a pack says them).
"""

from __future__ import annotations

import argparse
import os
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from editor_app.config import Config, is_real_arxiv, seconds_setting, seconds_wanted

if TYPE_CHECKING:
    from editor_app.core.rulepack import PackError, PackWarning

_EMAIL = re.compile(r"^[^@\s<>]+@[^@\s<>]+\.[^@\s<>.]+$")
_SQLITE_HEADER = b"SQLite format 3\x00"


def settings_problems(cfg: Config) -> list[tuple[str, str, Any]]:
    """Every setting that would not work as typed: [(field, code, detail)], empty when all are usable."""
    found: list[tuple[str, str, Any]] = []
    if cfg.rule_pack is not None:
        broken = rule_pack_problem(Path(cfg.rule_pack))
        if broken is not None:
            found.append(("rule_pack", "pack_unusable", broken))
    url = cfg.arxiv_url.strip()
    problem = arxiv_url_problem(url)
    if problem:
        found.append(("arxiv_url", problem, url))
    if not _EMAIL.match(cfg.contact.strip()):
        found.append(("contact", "not_email", cfg.contact.strip()))
    if cfg.db_path is not None:
        problem = database_path_problem(Path(cfg.db_path))
        if problem:
            found.append(("db_path", problem, str(cfg.db_path)))
    return found


def rule_pack_problem(path: Path) -> PackError | None:
    """Why the rule pack at `path` can't be used (a missing file, a folder, a broken pack), None when it can: what
    the window would otherwise find only when it loads it, and quietly check with the house pack instead."""
    from editor_app.core.rulepack import PackError, load_pack  # (not for the command line's --arxiv-url)

    try:
        load_pack(path)
    except PackError as exc:
        return exc
    return None


def rule_pack_warnings(path: Path) -> list[PackWarning]:
    """The slips of a rule pack that can be used (an [i18n] key naming nothing the pack has), which survey-check says
    on stderr and the window in its status bar; empty for a pack that can't be used (rule_pack_problem says why)."""
    from editor_app.core.rulepack import PackError, load_pack

    try:
        return list(load_pack(path).warnings)
    except PackError:
        return []


def arxiv_url_problem(url: str) -> str:
    """Why `url` can't be the arXiv API address ("" when it can): "not_url" (not http(s), no host, a port that is
    no number) or "real_needs_https" (arXiv's own host over plain http)."""
    url = url.strip()
    parts = urlsplit(url)
    try:
        parts.port  # noqa: B018 - a port that is not a number raises here
        bad_port = False
    except ValueError:
        bad_port = True
    if parts.scheme not in ("http", "https") or not parts.hostname or bad_port:
        return "not_url"
    if is_real_arxiv(url) and parts.scheme != "https":
        return "real_needs_https"
    return ""


def arxiv_url_option(value: str) -> str:
    """argparse's `type` for `--arxiv-url` (survey-check, survey-editor): the address Settings would save, else
    the reason, which argparse prints with the option's name before it exits with status 2 (unusable input)."""
    problem = arxiv_url_problem(value)
    if problem == "not_url":
        raise argparse.ArgumentTypeError(
            f"{value!r} is not a web address: it must start with https:// (or http:// for a test server) "
            "and name a host, e.g. http://127.0.0.1:8123/api/query")
    if problem == "real_needs_https":
        raise argparse.ArgumentTypeError(f"arXiv's own API is reached with https://, not http:// ({value!r})")
    return value.strip()


def arxiv_interval_option(value: str) -> float:
    """argparse's `type` for `--arxiv-interval`: seconds Settings could save (0-600), else the reason and exit
    status 2. `float` took `nan` (and so no spacing at all against the real arXiv), `inf` and `-5`."""
    seconds = seconds_setting("arxiv_interval", value)
    if seconds is None:
        raise argparse.ArgumentTypeError(f"{value!r} is not {seconds_wanted('arxiv_interval')}")
    return float(seconds)


def database_path_problem(path: Path) -> str:
    """Why the history database can't live at `path` ("" when it can): a folder, not a database, read-only, or a
    folder on the way that is a file or can't be created. A missing folder that can be created is fine."""
    if path.is_dir():
        return "db_is_folder"
    if path.exists():
        try:
            with open(path, "rb") as fh:
                head = fh.read(len(_SQLITE_HEADER))
        except OSError:
            return "db_unreadable"
        if head and head != _SQLITE_HEADER:
            return "db_not_database"
        return "" if os.access(path, os.W_OK) else "db_read_only"
    folder = path.parent
    while not folder.exists():
        if folder.parent == folder:
            return "db_folder_missing"
        folder = folder.parent
    if not folder.is_dir():
        return "db_folder_is_file"
    return "" if os.access(folder, os.W_OK | os.X_OK) else "db_read_only"
