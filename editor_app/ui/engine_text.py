"""The engine's and the pack's words in the window's language (the translation itself is editor_app/wording.py,
which the exported report uses too)."""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from editor_app.core.rulepack import PackError, RulePack
from editor_app.wording import EngineText, PackErrorWords

__all__ = ["EngineText", "pack_error_place", "pack_error_text", "window_language", "words_for"]


def window_language() -> str:
    """The language the application was started in (ui/i18n.py), "en" before that."""
    from PySide6.QtCore import QCoreApplication

    app = QCoreApplication.instance()
    return str((app.property("survey_editor_language") if app is not None else None) or "en")


_BY_PACK: dict[int, tuple[RulePack | None, str, EngineText]] = {}


def words_for(pack: RulePack | None) -> Callable[[str], str]:
    """The translator for the window's language and this pack (one per pack, kept while the pack is in use)."""
    language = window_language()
    hit = _BY_PACK.get(id(pack))
    if hit is None or hit[0] is not pack or hit[1] != language:
        if len(_BY_PACK) > 8:
            _BY_PACK.clear()
        hit = _BY_PACK[id(pack)] = (pack, language, EngineText(language, pack))
    return hit[2]


def pack_error_text(exc: PackError) -> str:
    """A broken rule pack's error in the window's language, naming its file, line and key as written."""
    return PackErrorWords(window_language()).error(exc)


def pack_error_place(exc: PackError) -> str:
    """Where a pack's problem is, short enough for the status bar: "team.toml:12 rules[3].max" (the file's name
    without its folder; the whole path and the reason are in the pop-up and the tooltip)."""
    name = Path(exc.path).name or exc.path
    where = f"{name}:{exc.line}" if exc.line else name
    key = exc.key if len(exc.key) <= 40 else exc.key[:39] + "…"  # an [i18n] key is a whole title
    return f"{where} {key}" if key else where
