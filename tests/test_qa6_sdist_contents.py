"""QA (packager): the source distribution holds what its own tests read.

Before: `python -m build --sdist` left packaging/ out (no MANIFEST.in), so a distribution packager running the
test suite from the sdist got six failures in tests/test_packaging.py (desktop entry, metainfo, PyInstaller spec,
build and install scripts: FileNotFoundError). Now MANIFEST.in grafts packaging/.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _grafted() -> set[str]:
    lines = (ROOT / "MANIFEST.in").read_text(encoding="utf-8").splitlines()
    return {m.group(1).rstrip("/") for line in lines if (m := re.match(r"\s*graft\s+(\S+)", line))}


def test_packaging_folder_is_in_the_sdist():
    assert "packaging" in _grafted()


def test_every_top_level_folder_the_tests_read_is_shipped():
    """A test reading a top-level folder needs it in the sdist: in a package, the package-dir'ed resources, or grafted."""
    shipped = {"tests", "editor_app", "resources"} | _grafted()
    shipped_files = {"pyproject.toml", "setup.py", "README.md", "LICENSE", "MANIFEST.in"}  # (setup.py: always in an sdist)
    missing = set()
    for test in (ROOT / "tests").glob("*.py"):
        for name in re.findall(r'ROOT\s*/\s*"([^"/]+)', test.read_text(encoding="utf-8")):
            if name not in shipped and name not in shipped_files:
                missing.add(f"{test.name}: {name}")
    assert not missing, sorted(missing)
