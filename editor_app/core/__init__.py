"""Pure, Qt-free analysis of survey text. Imports only the standard library and other core modules.

The engine's hot modules may be compiled by mypyc at install (setup.py; `compiled.json` beside this file names
them with their sources' hashes). The compiled build is used only when it can load and every source it was built
from is unchanged; otherwise, or with SURVEY_EDITOR_PURE=1, every one of them runs from its source. All or none:
compiled modules call each other's compiled code directly, so one module from source among compiled ones would
still be served the others' old code.
"""

from __future__ import annotations

import os
import sys


def build_state(here: str, pure: bool = False) -> tuple[str, dict[str, str]]:
    """What runs, and the compiled modules' sources ({module: path}): "compiled"; "stale" (a source changed since
    the build); "pure" (SURVEY_EDITOR_PURE=1, or a partial build: the shared library is missing); "source" (no
    build by setup.py here)."""
    try:
        with open(os.path.join(here, "compiled.json"), encoding="utf-8") as f:
            text = f.read()
    except (OSError, ValueError):  # (none: a plain install; or unreadable)
        return "source", {}
    import hashlib  # (only for a compiled build: each costs the program's start ~1-2 ms)
    import importlib.util
    import json

    try:
        stamp = json.loads(text)
        modules = {str(name): str(digest) for name, digest in stamp["modules"].items()}
        shared = [str(name) for name in stamp["shared"]]
    except (ValueError, KeyError, TypeError, AttributeError):
        return "source", {}
    sources = {name: os.path.join(here, name.rsplit(".", 1)[-1] + ".py") for name in modules}
    if pure or not all(importlib.util.find_spec(name) is not None for name in shared):
        return "pure", sources
    for name, digest in modules.items():
        try:
            with open(sources[name], "rb") as source:
                if hashlib.sha256(source.read()).hexdigest() != digest:
                    return "stale", sources
        except OSError:
            return "stale", sources
    return "compiled", sources


class SourcesFirst:
    """A finder that loads the given modules from their .py sources, ahead of the extension modules beside them.

    What it needs is imported when it is made: first on sys.meta_path, an import while finding would ask it again
    (in a Python started without site, importlib.machinery is not loaded yet: a RecursionError)."""

    def __init__(self, sources: dict[str, str]) -> None:
        from importlib.machinery import SourceFileLoader
        from importlib.util import spec_from_file_location

        self.sources = sources
        self._loader, self._spec = SourceFileLoader, spec_from_file_location

    def find_spec(self, name: str, path: object = None, target: object = None) -> object:
        source = self.sources.get(name)
        if source is None or not os.path.exists(source):
            return None
        return self._spec(name, source, loader=self._loader(name, source))


BUILD, _sources = build_state(os.path.dirname(__file__), os.environ.get("SURVEY_EDITOR_PURE") == "1")
if BUILD in ("stale", "pure"):
    sys.meta_path.insert(0, SourcesFirst(_sources))  # type: ignore[arg-type]
