"""QA (packager): the wheel carries every bundled resource, and the programs find them without the source tree.

`pip install survey-editor-….whl` is the way in for most users besides `pip install -e .`; a resource folder or
file type the build leaves out only shows on their machine (the house pack, the sample, the Chinese translation,
the icons, the help pages: all found through editor_app.resources). This builds the wheel from a copy of the
project and reads it unpacked, from a folder outside the source tree.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = ("pyproject.toml", "README.md", "LICENSE", "MANIFEST.in", "editor_app", "resources")


def _copy_project(dest: Path) -> Path:
    """What a wheel is built from, copied (an in-tree build would leave build/ and egg-info in the checkout)."""
    skip = shutil.ignore_patterns("__pycache__", "*.pyc")
    dest.mkdir(parents=True, exist_ok=True)
    for name in SHIPPED:
        path = ROOT / name
        if path.is_dir():
            shutil.copytree(path, dest / name, symlinks=True, ignore=skip)
        else:
            shutil.copy2(path, dest / name)
    return dest


def _build_wheel(src: Path, out: Path) -> Path:
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out), str(src)],
                          capture_output=True, text=True, timeout=600)
    if done.returncode and "setuptools" in done.stderr and (
            "No matching distribution" in done.stderr or "Could not find a version" in done.stderr):
        pytest.skip("pip cannot fetch the build backend (setuptools>=77): no package index")
    assert done.returncode == 0, done.stderr[-2000:]
    (built,) = out.glob("survey_editor-*.whl")
    return built


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """The project's wheel, built by pip from a copy of the project."""
    return _build_wheel(_copy_project(tmp_path_factory.mktemp("src")), tmp_path_factory.mktemp("wheels"))


def test_wheel_holds_every_resource_and_both_programs(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    resources = [p.relative_to(ROOT / "resources").as_posix() for p in (ROOT / "resources").rglob("*")
                 if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"]
    missing = [r for r in resources if f"editor_app/resources/{r}" not in names]
    assert resources and not missing
    assert {n.split("/")[0] for n in names} == {"editor_app", wheel.name.split("-py3")[0] + ".dist-info"}
    entry_points = next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
    scripts = zipfile.ZipFile(wheel).read(entry_points).decode()
    assert "survey-check = editor_app.cli:main" in scripts
    assert "[gui_scripts]\nsurvey-editor = editor_app.__main__:main" in scripts


_FIND = """
import json, sys
import editor_app
from editor_app.cli import main
from editor_app.resources_path import house_pack_path, resource_path, sample_survey_path
from editor_app.core.rulepack import bundled_packs
found = {
    "package": editor_app.__file__, "sample": str(sample_survey_path()), "house pack": str(house_pack_path()),
    "translation": str(resource_path("i18n", "survey_editor_zh_CN.qm")),
    "icon": str(resource_path("icons", "io.github.surveyeditor.SurveyEditor.svg")),
    "help": str(resource_path("help", "getting-started.zh_CN.md")),
    "names": str(resource_path("names", "house-names.txt")),
}
found.update({f"pack {p.name}": str(p) for p in bundled_packs()})
sys.stderr.write("FOUND " + json.dumps(found) + "\\n")
raise SystemExit(main([str(sample_survey_path()), "--format", "json"]))
"""


def test_unpacked_wheel_finds_its_resources_away_from_the_source_tree(wheel, tmp_path, monkeypatch):
    site = tmp_path / "site-packages"
    zipfile.ZipFile(wheel).extractall(site)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.setenv("PYTHONPATH", str(site))
    done = subprocess.run([sys.executable, "-c", _FIND], cwd=elsewhere, capture_output=True, text=True, timeout=120)
    found = json.loads(done.stderr.split("FOUND ", 1)[1].splitlines()[0])
    assert len(found) >= 9  # the seven above and both bundled packs
    away = {what: path for what, path in found.items() if not (Path(path).is_file() and Path(path).is_relative_to(site))}
    assert not away, away
    assert done.returncode == 1  # the sample's wrong self-reported figures, as from the source tree
    report = json.loads(done.stdout)
    assert report["pack"] == "llm-infra-survey" and report["metrics"]["cjk"] == 3838


def _scratch_cleanup(script: str) -> str:
    """The script's line that empties setuptools' in-tree scratch, checked to run before it installs the tree."""
    lines = (ROOT / "packaging" / script).read_text(encoding="utf-8").splitlines()
    cleanup = [i for i, line in enumerate(lines) if line.startswith("rm -rf ") and "build/lib" in line]
    installs = [i for i, line in enumerate(lines) if "pip install" in line and ("$ROOT" in line or "$SRC" in line)]
    assert cleanup and installs and cleanup[0] < installs[0], script
    return lines[cleanup[0]]


@pytest.mark.parametrize("script", ["build_pyinstaller.sh", "check_fresh_install.sh"])
def test_packaging_scripts_package_no_file_removed_since_an_earlier_build(script, tmp_path):
    """Before: pip builds in the tree and setuptools adds to build/lib without emptying it, so a module (or rule
    pack) removed since the last build_pyinstaller.sh run was still in the built app. The scripts now empty it."""
    src = _copy_project(tmp_path / "src")
    (src / "build" / "lib" / "editor_app").mkdir(parents=True)
    (src / "build" / "lib" / "editor_app" / "removed_since.py").write_text("GONE = True\n", encoding="utf-8")
    (src / "build" / "pyinstaller").mkdir()  # build_pyinstaller.sh's own folder (its venv) is left alone
    subprocess.run(["bash", "-c", _scratch_cleanup(script)], check=True,
                   env={"ROOT": str(src), "SRC": str(src), "PATH": "/usr/bin:/bin"})
    assert (src / "build" / "pyinstaller").is_dir()
    names = zipfile.ZipFile(_build_wheel(src, tmp_path / "wheels")).namelist()
    assert "editor_app/cli.py" in names and "editor_app/removed_since.py" not in names
