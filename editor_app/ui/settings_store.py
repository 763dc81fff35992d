"""Program settings kept with QSettings and handed out as the plain `Config` the services understand."""

from __future__ import annotations

from dataclasses import fields, replace
from pathlib import Path
from typing import Any

from platformdirs import user_config_dir
from PySide6.QtCore import QObject, QSettings, Signal

from editor_app.config import (SECONDS_RANGES, Config, arxiv_url_unusable, from_environment, saved_setting_ignored,
                               seconds_setting)

_GROUP = "config"
_CHECKED = {*SECONDS_RANGES, "arxiv_url"}  # settings whose unusable values are said and not used


def default_settings_file() -> Path:
    """The INI file the settings live in; resolved per call so tests with their own XDG dirs stay isolated."""
    return Path(user_config_dir("survey-editor", appauthor=False)) / "survey-editor.ini"


class SettingsStore(QObject):
    """QSettings <-> Config: stored values first, then environment overrides (SURVEY_* variables)."""

    changed = Signal(object)  # Config

    def __init__(self, settings: QSettings | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        if settings is None:
            path = default_settings_file()
            path.parent.mkdir(parents=True, exist_ok=True)
            settings = QSettings(str(path), QSettings.Format.IniFormat)
        self.qsettings = settings

    def stored_config(self) -> Config:
        """What the user saved, without environment overrides. A number that can't be used (autosave_seconds=inf,
        or 2500000: past QTimer's int milliseconds, Qt aborted at start) is said on stderr with the file it is in,
        and the default kept (Edit → Settings names it too: `unusable_saved`)."""
        cfg = Config()
        values: dict[str, Any] = {}
        for name, raw in self._saved().items():
            values[name] = _convert(name, raw, getattr(cfg, name))
            if values[name] is _INVALID and name in _CHECKED:
                saved_setting_ignored(name, str(raw), self.qsettings.fileName(), getattr(cfg, name))
        return replace(cfg, **{k: v for k, v in values.items() if v is not _INVALID})

    def unusable_saved(self) -> dict[str, str]:
        """{setting: value as written} of the numbers in the settings file that can't be used, so are not."""
        return {name: str(raw) for name, raw in self._saved().items()
                if name in _CHECKED and _convert(name, raw, getattr(Config(), name)) is _INVALID}

    def _saved(self) -> dict[str, Any]:
        """The Config fields the settings file holds, as QSettings reads them."""
        s = self.qsettings
        s.beginGroup(_GROUP)
        try:
            return {f.name: s.value(f.name) for f in fields(Config) if s.contains(f.name)}
        finally:
            s.endGroup()

    def config(self) -> Config:
        return from_environment(self.stored_config())

    def save(self, cfg: Config) -> None:
        s = self.qsettings
        s.beginGroup(_GROUP)
        try:
            for f in fields(Config):
                value = getattr(cfg, f.name)
                if value is None:
                    s.remove(f.name)
                else:
                    s.setValue(f.name, str(value) if isinstance(value, Path) else value)
        finally:
            s.endGroup()
        s.sync()
        self.changed.emit(self.config())

    def reset(self) -> None:
        self.qsettings.remove(_GROUP)
        self.qsettings.sync()
        self.changed.emit(self.config())

    # Window-level values (geometry, recent files) live beside the config, outside the Config dataclass.
    def value(self, key: str, default: Any = None) -> Any:
        return self.qsettings.value(key, default)

    def set_value(self, key: str, value: Any) -> None:
        self.qsettings.setValue(key, value)

    def recent_files(self) -> list[str]:
        raw = self.qsettings.value("recent_files", [])
        if isinstance(raw, str):
            raw = [raw] if raw else []
        return [str(p) for p in (raw or [])]

    def add_recent_file(self, path: Path, limit: int = 10) -> list[str]:
        return self._set_recent([str(Path(path).resolve())] + self._recent_without(path), limit)

    def remove_recent_file(self, path: Path) -> list[str]:
        return self._set_recent(self._recent_without(path))

    def _recent_without(self, path: Path) -> list[str]:
        p = str(Path(path).resolve())
        return [x for x in self.recent_files() if x != p]

    def _set_recent(self, items: list[str], limit: int | None = None) -> list[str]:
        items = items[:limit]
        self.qsettings.setValue("recent_files", items)
        return items

    def clear_recent_files(self) -> None:
        self.qsettings.setValue("recent_files", [])


_INVALID = object()


def _convert(name: str, raw: Any, default: Any) -> Any:
    """QSettings INI values come back as strings; give each field its type back (bad values are ignored)."""
    if raw is None or raw == "":
        return None if name in ("db_path", "rule_pack") else (default if isinstance(default, str) else _INVALID)
    if name in SECONDS_RANGES:  # (inf, nan, 1e400, -5 and out of range: refused, as in the environment)
        value = seconds_setting(name, raw)
        return _INVALID if value is None else value
    if name == "arxiv_url":  # (ftp://…, a bare word, or arXiv's own API over http: refused, as in the environment)
        return _INVALID if arxiv_url_unusable(str(raw)) else str(raw).strip()
    try:
        if name in ("db_path", "rule_pack"):
            return Path(str(raw))
        if isinstance(default, bool):
            return str(raw).lower() in ("1", "true", "yes")
        if isinstance(default, int):
            return int(float(raw))
        if isinstance(default, float):
            return float(raw)
        return str(raw)
    except (TypeError, ValueError):
        return _INVALID
