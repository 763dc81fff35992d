"""Program settings as plain data: defaults, then environment overrides. The GUI persists them with QSettings."""

from __future__ import annotations

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
        """The spacing actually used: never below 3 s against the real API, whatever was configured."""
        if is_real_arxiv(self.arxiv_url):
            return max(self.arxiv_interval, MIN_REAL_ARXIV_INTERVAL)
        return max(self.arxiv_interval, 0.0)


def is_real_arxiv(url: str) -> bool:
    """Any address on arXiv's own hosts (http or https, export.arxiv.org or arxiv.org, any path): arXiv's terms
    apply to all of them, not only to the default URL spelt exactly."""
    from urllib.parse import urlsplit

    text = url.strip()
    host = (urlsplit(text if "//" in text else "//" + text).hostname or "").lower().rstrip(".")
    return host == "arxiv.org" or host.endswith(".arxiv.org")


_TOLD: set[tuple[str, str]] = set()


def _ignored(name: str, value: str, wanted: str, kept: object) -> None:
    """A setting that can't be read is said once on stderr (it was dropped without a word), and the default kept."""
    if (name, value) not in _TOLD:
        _TOLD.add((name, value))
        sys.stderr.write(f"warning: {name}={value!r} is not {wanted}; using {kept}\n")


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
    for name, read in (("SURVEY_ARXIV_INTERVAL", float), ("SURVEY_EDITOR_AUTOSAVE_SECONDS", lambda v: int(float(v)))):
        if env.get(name):
            try:
                read(env[name])
            except (ValueError, OverflowError):
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
    if env.get("SURVEY_ARXIV_INTERVAL"):
        try:
            cfg = replace(cfg, arxiv_interval=float(env["SURVEY_ARXIV_INTERVAL"]))
        except ValueError:
            _ignored("SURVEY_ARXIV_INTERVAL", env["SURVEY_ARXIV_INTERVAL"], "a number of seconds", cfg.arxiv_interval)
    if env.get("SURVEY_EDITOR_DB"):
        cfg = replace(cfg, db_path=Path(env["SURVEY_EDITOR_DB"]))
    if env.get("SURVEY_EDITOR_AUTOSAVE_SECONDS"):
        try:
            cfg = replace(cfg, autosave_seconds=max(1, int(float(env["SURVEY_EDITOR_AUTOSAVE_SECONDS"]))))
        except (ValueError, OverflowError):
            _ignored("SURVEY_EDITOR_AUTOSAVE_SECONDS", env["SURVEY_EDITOR_AUTOSAVE_SECONDS"], "a number of seconds",
                     cfg.autosave_seconds)
    if env.get("SURVEY_CONTACT"):
        cfg = replace(cfg, contact=env["SURVEY_CONTACT"])
    return cfg
