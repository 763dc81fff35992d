"""Build: with SURVEY_EDITOR_COMPILE=1, the analysis engine's modules are compiled to C with mypyc (it needs a C
compiler and Python's headers; without them the build warns and stays plain Python, which behaves the same).

Not by default. With privacy.py compiled too, the test suite crashed in every run on a loaded machine (10 of 10): a
segmentation fault while collecting garbage, in PySide6 freeing a chart label (pyqtgraph's InfLineLabel) whose
wrapper's memory had been overwritten, after tests/test_history_ui.py's save measured by the history panel's thread
while the window's checker ran. Builds without privacy.py (five subsets, and all 20 twice) never crashed (6 runs);
the cause inside compiled privacy.py is not found, so it stays plain Python. A crash loses a writer's work: until
the compiled engine has a record of its own, it is for benchmarks and for trying out.

Everything else about the package is in pyproject.toml. A compiled build writes `editor_app/core/compiled.json`:
each compiled module's source hash. editor_app/core/__init__.py loads the compiled modules only while every one
of those sources is unchanged (an editable checkout being worked on runs its edits, not a stale build).
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).parent

# The modules the cold analysis of a survey spends its time in (bench/bench_analyze.py). Each must type-check
# under mypy as mypyc compiles it: mypyc checks declared types at run time. Not privacy.py (see the docstring).
COMPILED = [f"editor_app/core/{name}.py" for name in (
    "figures", "claims", "references", "regex_looks", "line_runs", "numbers", "arxiv_ids",
    "claims_audit", "document", "rules", "split_claims", "figure_check", "figure_tables", "reference_tables",
    "analyze", "list_places", "masked_excerpts", "suppression", "text_ends", "reference_bibtex", "row_cells",
    "reference_links",
)]
STAMP = "editor_app/core/compiled.json"
COMPILING = os.environ.get("SURVEY_EDITOR_COMPILE") == "1" and sys.implementation.name == "cpython"


def _compiled_extensions() -> list:
    if not COMPILING:
        return []
    if not {"build", "build_ext", "bdist_wheel", "editable_wheel", "develop", "install"} & set(sys.argv[1:]):
        return []  # metadata only (egg_info, dist_info): mypyc's type check of ~10 s is not needed for it
    try:
        from mypyc.build import mypycify
    except ImportError:  # mypy not installed (a build without build isolation): plain Python
        return []
    try:
        # (the modules they import are read for their types; their own typing is not mypyc's concern)
        extensions = mypycify(["--follow-imports=silent", *COMPILED], opt_level="3",
                              group_name="survey_engine")
    except BaseException as error:  # mypyc refused (a type error): build plain Python rather than nothing
        print(f"warning: the engine is not compiled ({error}); it runs as plain Python", file=sys.stderr)
        return []
    for ext in extensions:
        ext.optional = True  # no C compiler or headers: a warning, and plain Python
    return extensions


class BuildStamped(build_ext):
    """build_ext that writes the stamp (`STAMP`) once every compiled module was built; none when some failed."""

    def run(self) -> None:
        super().run()
        built = [self.get_ext_fullpath(ext.name) for ext in self.extensions]
        if not built or not all(os.path.exists(path) for path in built):
            return
        modules = {path[:-3].replace("/", "."): hashlib.sha256((HERE / path).read_bytes()).hexdigest()
                   for path in COMPILED}
        # mypyc puts the compiled code of them all in one shared library, which the modules' own libraries load
        shared = [ext.name for ext in self.extensions if ext.name not in modules]
        stamp = {"modules": modules, "shared": shared}
        # next to the built extensions: the source tree (in place, editable installs) or the build directory
        core_dir = Path(self.get_ext_fullpath("editor_app.core.figures")).parent
        (core_dir / Path(STAMP).name).write_text(json.dumps(stamp, indent=1) + "\n", encoding="utf-8")


# mypy (mypyc) is a build requirement of a compiling build only: setuptools hands setup_requires to pip as one
setup(ext_modules=_compiled_extensions(), cmdclass={"build_ext": BuildStamped},
      setup_requires=["mypy>=1.11"] if COMPILING else [])
