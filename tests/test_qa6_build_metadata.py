"""QA (packager): the build metadata keeps building with current setuptools.

Before: `license = { text = "MIT" }` and `setuptools>=68`; every build printed "`project.license` as a TOML table
is deprecated … By 2027-Feb-18 … your builds will no longer be supported", i.e. `pip install .` of a fresh clone
stops working on that date. Now the licence is the SPDX string setuptools 77+ reads, with its licence file.
"""

from __future__ import annotations

import re
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_license_is_an_spdx_expression_with_its_file():
    project = PYPROJECT["project"]
    assert project["license"] == "MIT"  # a string, not the deprecated {text = …} table
    assert project["license-files"] == ["LICENSE"]
    assert (ROOT / "LICENSE").is_file()


def test_build_backend_is_new_enough_for_that_license_form():
    requires = PYPROJECT["build-system"]["requires"]
    pins = [r for r in requires if re.match(r"setuptools\b", r)]
    assert len(pins) == 1
    match = re.fullmatch(r"setuptools>=(\d+)(?:\.\d+)*", pins[0].replace(" ", ""))
    assert match and int(match.group(1)) >= 77, pins[0]
