"""Compiled regular expressions kept between runs of `survey-check`, as .pyc files keep compiled code.

Python compiles every regex in pure Python at first use: for the checker's ~200 patterns that is ~60 ms of a
~250 ms run. At exit the compiled form of each pattern the run used is written to the user's cache
directory; the next run puts them straight into `re`'s own cache, so `re.compile` finds them there. The file
is keyed by the exact Python build and regex engine version; anything unexpected (another Python, a damaged
file, a changed `re` internals) makes it a no-op and patterns compile as usual. It also keeps the patterns
core/regex_runaway judged safe (by their shape, or timed), so a pack's patterns are not judged again at every run.
"""

from __future__ import annotations

import marshal
import os
import re
import sys
import zlib
from pathlib import Path

try:
    import _sre
except ImportError:  # pragma: no cover - every CPython has it
    _sre = None

_LIMIT = 2000  # patterns kept in the file
_loaded: dict[tuple[str, int], tuple] = {}  # (pattern, flags) -> its entry as read from the file


def cache_file() -> Path | None:
    """The cache file for this Python build, in the platform's cache directory (None: caching is off)."""
    if _sre is None or os.environ.get("SURVEY_EDITOR_NO_REGEX_CACHE"):
        return None
    tag = f"{sys.implementation.cache_tag}-{_sre.MAGIC}-{_sre.CODESIZE}-{zlib.crc32(sys.version.encode()):08x}"
    return _cache_dir() / f"regex-{tag}.marshal"


def _cache_dir() -> Path:
    """platformdirs' user cache dir for "survey-editor" (a test checks it), worked out here because importing
    platformdirs costs ~7 ms, a good part of what the cache saves."""
    home = Path.home()
    if sys.platform == "darwin":
        return home / "Library" / "Caches" / "survey-editor"
    if sys.platform == "win32":
        local = os.environ.get("LOCALAPPDATA") or str(home / "AppData" / "Local")
        return Path(local) / "survey-editor" / "Cache"
    xdg = os.environ.get("XDG_CACHE_HOME", "").strip()
    return (Path(xdg) if xdg and os.path.isabs(xdg) else home / ".cache") / "survey-editor"


def load() -> int:
    """Put the cached patterns into `re`'s cache; returns how many (0 when there is nothing usable)."""
    path = cache_file()
    cache = getattr(re, "_cache", None)
    if path is None or not isinstance(cache, dict):
        return 0
    try:
        entries = marshal.loads(path.read_bytes())
        if isinstance(entries, dict):  # {"regexes": [...], "safe": (judge's version, [(pattern, flags), ...])}
            _remember_safe(entries.get("safe"))
            entries = entries["regexes"]
        n = 0
        for entry in entries:
            pattern, key_flags, flags, code, groups, groupindex, indexgroup = entry
            if len(cache) >= getattr(re, "_MAXCACHE", 512) - 1:
                break
            compiled = _sre.compile(pattern, flags, code, groups, groupindex, indexgroup)
            if compiled.pattern != pattern or compiled.groups != groups:
                return 0
            cache[str, pattern, key_flags] = compiled
            _loaded[pattern, key_flags] = entry
            n += 1
        return n
    except Exception:  # a damaged file or other internals: compile as usual
        return 0


_safe_read: set[tuple[str, int]] = set()  # the safe verdicts read from the file


def _remember_safe(stored) -> None:
    """Hand the stored safe verdicts to regex_runaway, when they come from its present way of judging."""
    from .core import regex_runaway

    if not (isinstance(stored, tuple) and len(stored) == 2 and stored[0] == regex_runaway.VERSION):
        return
    keys = {(p, f) for p, f in stored[1] if isinstance(p, str) and isinstance(f, int)}
    _safe_read.update(keys)
    regex_runaway.remember_safe(keys)


def _safe_now() -> set[tuple[str, int]]:
    module = sys.modules.get("editor_app.core.regex_runaway")  # (not imported: nothing was judged)
    return module.known_safe() if module is not None else set()


def save() -> int:
    """Write the compiled form of the patterns this run used (if any are new; those read from the file are
    written back as read); returns how many were written."""
    path = cache_file()
    cache = getattr(re, "_cache", None)
    if path is None or not isinstance(cache, dict):
        return 0
    keys = [(k[1], k[2]) for k in list(cache) if len(k) == 3 and k[0] is str]
    safe = _safe_now()
    if not keys or (all(k in _loaded for k in keys) and safe <= _safe_read):
        return 0
    try:
        from re import _compiler, _parser  # noqa: PLC0415 - only when something new is written

        entries = []
        for pattern, key_flags in keys[:_LIMIT]:
            known = _loaded.get((pattern, key_flags))
            if known is not None:
                entries.append(known)
                continue
            parsed = _parser.parse(pattern, key_flags)
            code = [int(x) for x in _compiler._code(parsed, key_flags)]
            groupindex = dict(parsed.state.groupdict)
            indexgroup = [None] * parsed.state.groups
            for name, i in groupindex.items():
                indexgroup[i] = name
            entries.append((pattern, key_flags, key_flags | parsed.state.flags, code, parsed.state.groups - 1,
                            groupindex, tuple(indexgroup)))
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        from .core.regex_runaway import VERSION

        tmp.write_bytes(marshal.dumps({"regexes": entries, "safe": (VERSION, sorted(safe)[:_LIMIT])}))
        os.replace(tmp, path)
        return len(entries)
    except Exception:  # a read-only cache directory, other internals: nothing is kept, nothing breaks
        return 0
