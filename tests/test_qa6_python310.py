"""QA (packager): the program runs on every Python that pyproject.toml and the README admit (>= 3.10).

Before: `survey-check` and `survey-editor` installed on Python 3.10 died at start-up with "re.error: multiple
repeat" (two claims regexes used possessive quantifiers, `*+`, which came with Python 3.11), and
tests/test_privacy.py imported tomllib (3.11+) without the tomli fallback the program itself uses.

This test runs the engine as Python 3.10 would (sys.version_info says 3.10, tomli stands in for tomllib), records
every regular expression compiled while importing every module and checking the sample with both bundled packs,
and asserts that none needs 3.11 syntax (possessive quantifiers, atomic groups).
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

PROBE = r'''
import os, re, sys, tomllib
sys.modules.setdefault("tomli", tomllib)
sys.version_info = (3, 10, 13, "final", 0)
seen = set()
_compile = re._compile
def recording(pattern, flags):
    if isinstance(pattern, str):
        seen.add((pattern, int(flags)))
    return _compile(pattern, flags)
re._compile = recording
re.purge()

import importlib, pkgutil
import editor_app
for info in pkgutil.walk_packages(editor_app.__path__, "editor_app."):
    if info.name.endswith("__main__"):
        continue
    importlib.import_module(info.name)
from editor_app.core.analyze import Analyzer
from editor_app.core.rulepack import house_pack, load_pack
from editor_app.resources_path import resource_path, sample_survey_path
text = sample_survey_path().read_text(encoding="utf-8")
for pack in (house_pack(), load_pack(resource_path("rulepacks", "english-markdown.toml"))):
    Analyzer(pack).analyze(text, file="sample.md")

from re import _parser, _constants
NEW = {_constants.POSSESSIVE_REPEAT, _constants.ATOMIC_GROUP}
def walk(node):
    if isinstance(node, _parser.SubPattern):
        node = node.data
    if isinstance(node, (list, tuple)):
        for item in node:
            if isinstance(item, _constants._NamedIntConstant) and item in NEW:
                return True
            if walk(item):
                return True
    return False
bad = sorted(p for p, f in seen if walk(_parser.parse(p, f)))
print(len(seen))
for p in bad:
    print("3.11-only:", p)
'''


@pytest.mark.skipif(sys.version_info < (3, 11), reason="on 3.10 itself, importing the program is the test")
def test_no_regex_needs_python_311(tmp_path):
    env = {"PATH": "/usr/bin:/bin", "QT_QPA_PLATFORM": "offscreen", "SURVEY_EDITOR_NO_REGEX_CACHE": "1",
           "HOME": str(tmp_path), "PYTHONPATH": str(ROOT)}
    proc = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, timeout=120, cwd=ROOT, env=env)
    assert proc.returncode == 0, proc.stderr[-3000:]
    lines = proc.stdout.splitlines()
    assert int(lines[0]) > 100  # the probe saw the program's patterns
    assert lines[1:] == []


def test_tests_read_toml_as_the_program_does():
    """A test importing tomllib directly can't even be collected on Python 3.10."""
    offenders = []
    for test in (ROOT / "tests").glob("*.py"):
        tree = ast.parse(test.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import) and any(a.name == "tomllib" for a in node.names):
                parent_try = [t for t in ast.walk(tree) if isinstance(t, ast.Try) and node in t.body]
                if not parent_try:
                    offenders.append(test.name)
    assert offenders == []
