"""Packaging: desktop entry, AppStream metainfo, icons, the PyInstaller spec, identity and the Qt runtime check."""

from __future__ import annotations

import shutil
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

from editor_app import APP_ID
from editor_app.ui import qt_runtime

ROOT = Path(__file__).resolve().parent.parent
PACKAGING = ROOT / "packaging"
DESKTOP = PACKAGING / f"{APP_ID}.desktop"
METAINFO = PACKAGING / f"{APP_ID}.metainfo.xml"
SPEC = PACKAGING / "survey-editor.spec"
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def _run(*cmd: str) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, capture_output=True, text=True, timeout=60)


def _desktop_entry() -> dict[str, str]:
    lines = DESKTOP.read_text(encoding="utf-8").splitlines()
    return dict(line.split("=", 1) for line in lines if "=" in line and not line.startswith("#"))


@pytest.mark.skipif(not shutil.which("desktop-file-validate"), reason="desktop-file-validate not installed "
                    "(Debian: desktop-file-utils; .ci/run installs it)")
def test_desktop_file_validates():
    result = _run("desktop-file-validate", str(DESKTOP))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "error" not in (result.stdout + result.stderr).lower()


@pytest.mark.skipif(not shutil.which("appstreamcli"), reason="appstreamcli not installed "
                    "(Debian: appstream; .ci/run installs it)")
def test_metainfo_validates():
    result = _run("appstreamcli", "validate", "--no-net", str(METAINFO))
    assert result.returncode == 0, result.stdout + result.stderr


def test_one_application_id_everywhere():
    entry = _desktop_entry()
    assert entry["Icon"] == APP_ID
    assert entry["Exec"].split()[0] in PYPROJECT["project"]["gui-scripts"]
    root = ET.parse(METAINFO).getroot()
    assert root.findtext("id") == APP_ID
    assert root.findtext("launchable") == DESKTOP.name
    assert root.findtext("project_license") == "MIT"
    scripts = set(PYPROJECT["project"]["scripts"]) | set(PYPROJECT["project"]["gui-scripts"])
    assert {b.text for b in root.iter("binary")} == scripts
    release = root.find("releases/release")
    assert release is not None and release.get("version") == PYPROJECT["project"]["version"]


def test_icons_exist_at_every_size():
    icons = ROOT / "resources" / "icons"
    svg = icons / f"{APP_ID}.svg"
    assert ET.parse(svg).getroot().tag.endswith("svg")
    for size in ICON_SIZES:
        png = icons / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
        data = png.read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n", png
        assert struct.unpack(">II", data[16:24]) == (size, size), png


def test_svg_icon_renders(qapp):
    from PySide6.QtSvg import QSvgRenderer

    renderer = QSvgRenderer(str(ROOT / "resources" / "icons" / f"{APP_ID}.svg"))
    assert renderer.isValid()
    assert renderer.defaultSize().width() == renderer.defaultSize().height() == 512


def test_every_resource_file_is_packaged():
    """A fresh `pip install` finds the packs, sample, icons and help only if package-data covers their types."""
    patterns = PYPROJECT["tool"]["setuptools"]["package-data"]["editor_app.resources"]
    suffixes = {p.rsplit("*", 1)[-1] for p in patterns}
    files = [p for p in (ROOT / "resources").rglob("*") if p.is_file() and "__pycache__" not in p.parts]
    unpackaged = [str(p) for p in files if p.suffix not in suffixes and p.name != "__init__.py"]
    assert files and not unpackaged


def test_every_resource_folder_is_listed_as_a_package():
    """setuptools warns about (and may one day drop) data folders with importable names it wasn't told about."""
    listed = set(PYPROJECT["tool"]["setuptools"]["packages"])
    folders = {p.parent for p in (ROOT / "resources").rglob("*") if p.is_file() and "__pycache__" not in p.parts}
    unlisted = []
    for folder in folders:
        parts = folder.relative_to(ROOT / "resources").parts
        for depth in range(1, len(parts) + 1):
            if not all(part.isidentifier() for part in parts[:depth]):
                break
            name = ".".join(("editor_app.resources", *parts[:depth]))
            if name not in listed:
                unlisted.append(name)
    assert not unlisted, f"add to [tool.setuptools] packages: {sorted(set(unlisted))}"


def test_pyinstaller_spec_parses_and_names_the_resources():
    source = SPEC.read_text(encoding="utf-8")
    compile(source, str(SPEC), "exec")
    for name in ("rulepacks/llm-infra-survey.toml", "samples/llm-infra-2026-09-14.md", "icons/", "help/"):
        assert name in source
    for line in source.splitlines():  # every required resource exists in the source tree
        line = line.strip().strip('f",')
        if line.startswith("editor_app/resources/"):
            rel = line.removeprefix("editor_app/resources/").replace("{APP_ID}", APP_ID)
            assert (ROOT / "resources" / rel).is_file(), rel
    for script in ("entry_survey_editor.py", "entry_survey_check.py"):
        assert script in source
        compile((PACKAGING / script).read_text(encoding="utf-8"), script, "exec")


def test_build_script_is_valid_bash_and_pyinstaller_stays_out_of_runtime_deps():
    assert _run("bash", "-n", str(PACKAGING / "build_pyinstaller.sh")).returncode == 0
    assert not any("pyinstaller" in d.lower() for d in PYPROJECT["project"]["dependencies"])
    assert any("pyinstaller" in d.lower() for d in PYPROJECT["project"]["optional-dependencies"]["package"])


def test_licence_is_mit():
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")


def test_apply_identity_sets_the_desktop_file_name_and_icon(qapp):
    from editor_app.ui.identity import apply_identity

    apply_identity(qapp)
    assert qapp.desktopFileName() == APP_ID
    assert qapp.applicationDisplayName() == "Survey Editor"
    assert not qapp.windowIcon().isNull()
    assert qapp.windowIcon().actualSize(qapp.windowIcon().availableSizes()[0]).width() >= 16


# ---- the Qt runtime check that replaces Qt's abort with a hint ----

QT_DIR = qt_runtime._qt_dir()
XCB_PLUGIN = QT_DIR / "plugins" / "platforms" / "libqxcb.so" if QT_DIR else None
needs_linux_wheel = pytest.mark.skipif(
    not sys.platform.startswith("linux") or XCB_PLUGIN is None or not XCB_PLUGIN.exists(),
    reason="needs PySide6's Linux wheel with the xcb plugin",
)


@needs_linux_wheel
def test_elf_needed_reads_the_xcb_plugins_dependencies():
    needed = qt_runtime.elf_needed(XCB_PLUGIN)
    assert "libxcb.so.1" in needed and any(n.startswith("libQt6") for n in needed)
    assert qt_runtime.elf_needed(METAINFO) == []


def test_debian_package_names():
    assert qt_runtime.debian_package("libxcb-cursor.so.0") == "libxcb-cursor0"
    assert qt_runtime.debian_package("libxcb-render-util.so.0") == "libxcb-render-util0"
    assert qt_runtime.debian_package("libxkbcommon-x11.so.0") == "libxkbcommon-x11-0"
    assert qt_runtime.debian_package("libEGL.so.1") == "libegl1"
    assert qt_runtime.debian_package("libunknown.so.3") == ""


def test_platform_candidates():
    assert qt_runtime.platform_candidates({}) == ["xcb"]
    assert qt_runtime.platform_candidates({"XDG_SESSION_TYPE": "wayland", "WAYLAND_DISPLAY": "wayland-0"}) == [
        "wayland", "xcb"]
    assert qt_runtime.platform_candidates({"QT_QPA_PLATFORM": "offscreen"}) == ["offscreen"]
    assert qt_runtime.platform_candidates({"QT_QPA_PLATFORM": "xcb"}, ["prog", "-platform", "vnc:size=800x600"]) == [
        "vnc"]


@needs_linux_wheel
def test_missing_xcb_library_gives_the_apt_get_line():
    hint = qt_runtime.check_qt_runtime(
        {"QT_QPA_PLATFORM": "xcb", "DISPLAY": ":0"}, can_load=lambda soname: soname != "libxcb-cursor.so.0"
    )
    assert hint is not None
    assert "libxcb-cursor.so.0" in hint and "sudo apt-get install libxcb-cursor0" in hint


@needs_linux_wheel
def test_all_libraries_present_means_no_hint_and_no_display_is_named():
    def loads(_soname: str) -> bool:
        return True

    assert qt_runtime.check_qt_runtime({"QT_QPA_PLATFORM": "offscreen"}, can_load=loads) is None
    assert qt_runtime.check_qt_runtime({"QT_QPA_PLATFORM": "xcb", "DISPLAY": ":5"}, can_load=loads) is None
    hint = qt_runtime.check_qt_runtime({"QT_QPA_PLATFORM": "xcb"}, can_load=loads)
    assert hint is not None and "DISPLAY" in hint
    # a wayland session whose wayland libraries are missing still starts when xcb works (Qt falls back)
    env = {"QT_QPA_PLATFORM": "wayland;xcb", "WAYLAND_DISPLAY": "w-0", "DISPLAY": ":5"}
    assert qt_runtime.check_qt_runtime(env, can_load=lambda s: "wayland" not in s) is None


@needs_linux_wheel
def test_the_check_loads_no_qt_module():
    code = (
        "import sys; from editor_app.ui.qt_runtime import check_qt_runtime; "
        "check_qt_runtime({'QT_QPA_PLATFORM': 'offscreen'}); "
        "print(any(m.startswith('PySide6.Qt') for m in sys.modules))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert result.stdout.strip() == "False", result.stderr


def test_other_systems_are_not_checked(monkeypatch):
    monkeypatch.setattr(qt_runtime.sys, "platform", "win32")
    assert qt_runtime.check_qt_runtime({"QT_QPA_PLATFORM": "xcb"}, can_load=lambda s: False) is None


def test_install_desktop_entry_points_the_menu_at_the_installed_program(tmp_path):
    exe = tmp_path / "my venv" / "bin" / "survey-editor"
    exe.parent.mkdir(parents=True)
    exe.write_text("#!/bin/sh\n", encoding="utf-8")
    exe.chmod(0o755)
    data = tmp_path / "share"
    result = subprocess.run(
        ["bash", str(PACKAGING / "install_desktop_entry.sh"), str(exe)],
        capture_output=True, text=True, timeout=60, env={"PATH": "/usr/bin:/bin", "XDG_DATA_HOME": str(data)},
    )
    assert result.returncode == 0, result.stderr
    desktop = data / "applications" / DESKTOP.name
    assert f'Exec="{exe}" %f' in desktop.read_text(encoding="utf-8")
    assert (data / "metainfo" / METAINFO.name).is_file()
    assert (data / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg").is_file()
    for size in ICON_SIZES:
        assert (data / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png").is_file()
    if shutil.which("desktop-file-validate"):
        assert _run("desktop-file-validate", str(desktop)).returncode == 0
    refused = subprocess.run(["bash", str(PACKAGING / "install_desktop_entry.sh"), "relative/survey-editor"],
                             capture_output=True, text=True, timeout=60, env={"PATH": "/usr/bin:/bin"})
    assert refused.returncode == 2 and "absolute" in refused.stderr


@needs_linux_wheel
def test_export_without_qt_s_libraries_names_the_package_instead_of_aborting(tmp_path, monkeypatch, capsys):
    """survey-check --export on a CI machine lacking a library Qt needs: before, Qt aborted the process (a core
    dump, or an ImportError traceback); now it says which Debian package to install, and writes nothing."""
    from editor_app import cli
    from editor_app.resources_path import sample_survey_path

    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.delenv("QT_QPA_PLATFORM", raising=False)
    monkeypatch.setattr(qt_runtime, "_can_load", lambda soname: soname != "libfontconfig.so.1")
    out = tmp_path / "report.html"
    code = cli.main([str(sample_survey_path()), "--export", str(out), "--force", "--db", str(tmp_path / "h.db")])
    err = capsys.readouterr().err
    assert code == 2 and not out.exists()
    assert "can't draw the report (--export)" in err and "sudo apt-get install libfontconfig1" in err
    assert "Traceback" not in err


@needs_linux_wheel
def test_export_checks_the_platform_it_will_start():
    def loads(soname: str) -> bool:
        return soname != "libxcb-cursor.so.0"

    assert qt_runtime.check_qt_for_export({}, can_load=loads) is None  # no display: offscreen, which needs no xcb
    hint = qt_runtime.check_qt_for_export({"DISPLAY": ":1"}, can_load=loads)
    assert hint is not None and '"xcb"' in hint and "libxcb-cursor0" in hint
    assert qt_runtime.check_qt_for_export({"DISPLAY": ":1", "QT_QPA_PLATFORM": "offscreen"}, can_load=loads) is None
