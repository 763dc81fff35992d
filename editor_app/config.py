"""Program settings as plain data: defaults, then environment overrides. The GUI persists them with QSettings."""

from __future__ import annotations

import math
import os
import sys
from dataclasses import dataclass, replace
from pathlib import Path

def default_db_path() -> Path:
    """The history database in the platform's data directory (~/.local/share/survey-editor/history.db)."""
    from platformdirs import user_data_dir

    return Path(user_data_dir("survey-editor", appauthor=False)) / "history.db"


REAL_ARXIV_URL = "https://export.arxiv.org/api/query"
MIN_REAL_ARXIV_INTERVAL = 3.0  # arXiv's terms: one request every three seconds
# The numbers a setting may hold, wherever it is read (the settings file, the environment, `--arxiv-interval`): a
# value outside them, or one that is no finite number, is refused there, named, and the saved value or the default
# kept. Unchecked, `nan` took the 3 s floor off the real arXiv (max(nan, 3.0) is nan, and the client made it 0 s),
# `inf` in the settings file stopped the window from starting, and an autosave of 2,147,484 s or more overflowed
# QTimer's int milliseconds: Qt aborted at start, before Edit → Settings could mend it.
SECONDS_RANGES: dict[str, tuple[float, float]] = {
    "arxiv_interval": (0.0, 600.0),  # Edit → Settings offers 0-600 s
    "autosave_seconds": (1, 7 * 24 * 3600),  # Settings offers 5-3600 s; 1 s (tests) to a week from the outside
}
_SECONDS_VARIABLES = {"SURVEY_ARXIV_INTERVAL": "arxiv_interval", "SURVEY_EDITOR_AUTOSAVE_SECONDS": "autosave_seconds"}


@dataclass(frozen=True)
class Config:
    arxiv_url: str = REAL_ARXIV_URL
    arxiv_interval: float = MIN_REAL_ARXIV_INTERVAL
    contact: str = "survey-editor@users.noreply.local"
    db_path: Path | None = None  # None: the platform's data directory
    autosave_seconds: int = 30
    rule_pack: Path | None = None  # None: a pack beside the survey, else the bundled house pack
    editor_font: str = ""
    language: str = ""  # the window's: "" the system's, "en" or "zh_CN" (SURVEY_EDITOR_LANG wins; read at start)

    def effective_arxiv_interval(self) -> float:
        """The spacing actually used: never below 3 s against the real API, whatever was configured (a value that
        is no finite number, which every reader refuses, gives 3 s too: max(nan, 3.0) was nan)."""
        interval = self.arxiv_interval
        if not isinstance(interval, (int, float)) or not math.isfinite(interval):
            return MIN_REAL_ARXIV_INTERVAL
        if is_real_arxiv(self.arxiv_url):
            return max(interval, MIN_REAL_ARXIV_INTERVAL)
        return max(interval, 0.0)


def is_real_arxiv(url: str) -> bool:
    """Any address on arXiv's own hosts (http or https, export.arxiv.org or arxiv.org, any path): arXiv's terms
    apply to all of them, not only to the default URL spelt exactly."""
    from urllib.parse import urlsplit

    text = url.strip()
    host = (urlsplit(text if "//" in text else "//" + text).hostname or "").lower().rstrip(".")
    return host == "arxiv.org" or host.endswith(".arxiv.org")


def seconds_setting(name: str, raw: object) -> int | float | None:
    """`raw` (text from the settings file, the environment or the command line) as the setting `name` holds it
    (autosave_seconds whole seconds, arxiv_interval any), None when it is no finite number within SECONDS_RANGES."""
    try:
        value = float(str(raw).strip())
    except (TypeError, ValueError):
        return None
    low, high = SECONDS_RANGES[name]
    if not math.isfinite(value) or not low <= value <= high:
        return None
    return int(value) if name == "autosave_seconds" else value


def autosave_milliseconds(seconds: object) -> int:
    """The autosave timer's interval for `seconds` (QTimer takes an int of milliseconds: 2,147,484 s overflowed it
    and Qt aborted); a Config made in code holds whatever it was given, so one out of range gives the default."""
    value = seconds_setting("autosave_seconds", seconds)
    return int(Config.autosave_seconds if value is None else value) * 1000


def seconds_wanted(name: str) -> str:
    """What `name` must be, in the words of "is not …": "a number of seconds from 1 to 604800"."""
    low, high = SECONDS_RANGES[name]
    return f"a number of seconds from {low:g} to {high:g}"


_TOLD: set[tuple[str, str]] = set()


def _ignored(name: str, value: str, wanted: str, kept: object, where: object = "") -> None:
    """A setting that can't be read is said once on stderr (it was dropped without a word), and the default kept;
    `where`: the settings file it is in (an environment variable's name says where it is)."""
    key = (f"{where}:{name}" if where else name, value)
    if key not in _TOLD:
        _TOLD.add(key)
        sys.stderr.write(f"warning: {name}={value!r}{f' in {where}' if where else ''} is not {wanted}; using {kept}\n")


def saved_setting_ignored(name: str, value: str, where: object, kept: object) -> None:
    """A value of the settings file that can't be used, said once on stderr with the file it is in (the window
    names it in Edit → Settings too), as an environment variable's is."""
    _ignored(name, value, arxiv_url_unusable(value) if name == "arxiv_url" else seconds_wanted(name), kept, where)


def arxiv_url_unusable(url: str) -> str:
    """Why `url` can't be the arXiv API address, in the words of "is not …" ("" when it can): the check Edit →
    Settings and `--arxiv-url` make (config_checks.arxiv_url_problem)."""
    from editor_app.config_checks import arxiv_url_problem

    problem = arxiv_url_problem(url)
    if problem == "not_url":
        return "a web address (https://, or http:// for a test server, and a host)"
    if problem == "real_needs_https":
        return "usable: arXiv's own API is reached with https://, not http://"
    return ""


def language_usable(value: str) -> bool:
    """Whether SURVEY_EDITOR_LANG's value names a language the window speaks ("en", "en_US", "zh_CN", "zh"…)."""
    return value.strip().lower().startswith(("en", "zh"))


def language_from_environment(environ: dict[str, str] | None = None) -> str:
    """SURVEY_EDITOR_LANG as set ("" when it is not); a value naming no language the window speaks ("fr") is said
    once on stderr and not used (it meant English without a word), so Settings or the system's language apply."""
    env = os.environ if environ is None else environ
    value = (env.get("SURVEY_EDITOR_LANG") or "").strip()
    if value and not language_usable(value):
        _ignored("SURVEY_EDITOR_LANG", value, "en or zh_CN", "the language chosen in Settings or the system's")
        return ""
    return value


def unusable_environment(environ: dict[str, str] | None = None) -> dict[str, str]:
    """{variable: value} of the settings in the environment that can't be used, so are not (from_environment keeps
    the saved or default value): what the Settings dialog names beside the overrides in force."""
    env = os.environ if environ is None else environ
    found: dict[str, str] = {}
    if env.get("SURVEY_ARXIV_URL") and arxiv_url_unusable(env["SURVEY_ARXIV_URL"]):
        found["SURVEY_ARXIV_URL"] = env["SURVEY_ARXIV_URL"]
    if (env.get("SURVEY_EDITOR_LANG") or "").strip() and not language_usable(env["SURVEY_EDITOR_LANG"]):
        found["SURVEY_EDITOR_LANG"] = env["SURVEY_EDITOR_LANG"]
    for name, field in _SECONDS_VARIABLES.items():
        if env.get(name) and seconds_setting(field, env[name]) is None:
            found[name] = env[name]
    return found


def from_environment(base: Config | None = None, environ: dict[str, str] | None = None) -> Config:
    """Apply SURVEY_ARXIV_URL, SURVEY_ARXIV_INTERVAL, SURVEY_EDITOR_DB, SURVEY_EDITOR_AUTOSAVE_SECONDS, SURVEY_CONTACT."""
    env = os.environ if environ is None else environ
    cfg = base or Config()
    if env.get("SURVEY_ARXIV_URL"):
        url = env["SURVEY_ARXIV_URL"]
        why = arxiv_url_unusable(url)
        if why:  # a bad address was taken without a word and every verification then failed
            _ignored("SURVEY_ARXIV_URL", url, why, cfg.arxiv_url)
        else:
            cfg = replace(cfg, arxiv_url=url.strip())
    for name, field in _SECONDS_VARIABLES.items():
        if env.get(name):
            value = seconds_setting(field, env[name])
            if value is None:  # (nan, inf, 1e400, -5, 30 days of autosave: refused, not clamped)
                _ignored(name, env[name], seconds_wanted(field), getattr(cfg, field))
            else:
                cfg = replace(cfg, **{field: value})
    if env.get("SURVEY_EDITOR_DB"):
        cfg = replace(cfg, db_path=Path(env["SURVEY_EDITOR_DB"]))
    if env.get("SURVEY_CONTACT"):
        cfg = replace(cfg, contact=env["SURVEY_CONTACT"])
    return cfg
