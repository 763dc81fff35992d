"""Before Qt starts: find the system libraries its platform plugin needs, so a fresh machine gets a hint, not an abort.

Qt aborts with "Could not load the Qt platform plugin" when, say, libxcb-cursor0 is missing. This module reads
the ELF dependency lists of the bundled Qt libraries and the chosen platform plugin, tries to load every library
that does not ship inside PySide6, and turns the missing ones into the Debian packages to install.
It must not import PySide6's Qt modules itself (that import is what fails).
"""

from __future__ import annotations

import ctypes
import importlib.util
import mmap
import os
import re
import struct
import sys
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path

# Sonames Qt's Linux wheels need from the system -> the Debian package that ships them.
DEBIAN_PACKAGES: dict[str, str] = {
    "libEGL.so.1": "libegl1",
    "libGL.so.1": "libgl1",
    "libOpenGL.so.0": "libopengl0",
    "libGLX.so.0": "libglx0",
    "libX11.so.6": "libx11-6",
    "libX11-xcb.so.1": "libx11-xcb1",
    "libxkbcommon.so.0": "libxkbcommon0",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    "libfontconfig.so.1": "libfontconfig1",
    "libfreetype.so.6": "libfreetype6",
    "libglib-2.0.so.0": "libglib2.0-0",
    "libgthread-2.0.so.0": "libglib2.0-0",
    "libdbus-1.so.3": "libdbus-1-3",
    "libz.so.1": "zlib1g",
    "libzstd.so.1": "libzstd1",
    "libxcb.so.1": "libxcb1",
    "libwayland-client.so.0": "libwayland-client0",
    "libwayland-cursor.so.0": "libwayland-cursor0",
    "libwayland-egl.so.1": "libwayland-egl1",
}
# The libraries of the xcb plugin, named as of PySide6 6.12 (for the README and the CI script).
XCB_DEBIAN_PACKAGES = (
    "libegl1 libgl1 libxkbcommon0 libxkbcommon-x11-0 libfontconfig1 libfreetype6 libglib2.0-0 libdbus-1-3 "
    "libx11-6 libx11-xcb1 libxcb1 libxcb-cursor0 libxcb-icccm4 libxcb-image0 libxcb-keysyms1 libxcb-randr0 "
    "libxcb-render0 libxcb-render-util0 libxcb-shape0 libxcb-shm0 libxcb-sync1 libxcb-util1 libxcb-xfixes0 "
    "libxcb-xkb1"
).split()

_XCB_SONAME = re.compile(r"^libxcb-([a-z0-9-]+)\.so\.(\d+)$")
_CORE_LIBS = ("libQt6Core.so.6", "libQt6Gui.so.6", "libQt6Widgets.so.6")


def debian_package(soname: str) -> str:
    """The Debian package that ships a library, by table or by the xcb naming rule (libxcb-foo.so.N -> libxcb-fooN)."""
    if soname in DEBIAN_PACKAGES:
        return DEBIAN_PACKAGES[soname]
    m = _XCB_SONAME.match(soname)
    if m:
        return f"libxcb-{m.group(1)}{m.group(2)}"
    return ""


def elf_needed(path: Path) -> list[str]:
    """The DT_NEEDED entries (sonames) of an ELF shared object; [] when the file isn't a readable ELF."""
    try:
        with open(path, "rb") as f, mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ) as data:
            return _needed(data)
    except (OSError, ValueError, struct.error):
        return []


def _needed(data: mmap.mmap) -> list[str]:
    if data[:4] != b"\x7fELF" or len(data) < 64:
        return []
    is64 = data[4] == 2
    end = "<" if data[5] == 1 else ">"
    if is64:
        phoff, = struct.unpack_from(end + "Q", data, 0x20)
        phentsize, phnum = struct.unpack_from(end + "HH", data, 0x36)
    else:
        phoff, = struct.unpack_from(end + "I", data, 0x1C)
        phentsize, phnum = struct.unpack_from(end + "HH", data, 0x2A)
    loads: list[tuple[int, int, int]] = []  # (vaddr, offset, filesz)
    dynamic: tuple[int, int] | None = None  # (offset, size)
    for i in range(phnum):
        base = phoff + i * phentsize
        if is64:
            p_type, _flags, p_offset, p_vaddr, _paddr, p_filesz = struct.unpack_from(end + "IIQQQQ", data, base)
        else:
            p_type, p_offset, p_vaddr, _paddr, p_filesz = struct.unpack_from(end + "IIIII", data, base)
        if p_type == 1:
            loads.append((p_vaddr, p_offset, p_filesz))
        elif p_type == 2:
            dynamic = (p_offset, p_filesz)
    if dynamic is None:
        return []
    entry = struct.Struct(end + ("qQ" if is64 else "iI"))
    needed_offsets: list[int] = []
    strtab_addr = None
    for pos in range(dynamic[0], dynamic[0] + dynamic[1] - entry.size + 1, entry.size):
        tag, val = entry.unpack_from(data, pos)
        if tag == 0:
            break
        if tag == 1:
            needed_offsets.append(val)
        elif tag == 5:
            strtab_addr = val
    if strtab_addr is None:
        return []
    strtab = next((off + strtab_addr - va for va, off, size in loads if va <= strtab_addr < va + size), None)
    if strtab is None:
        return []
    names = []
    for rel in needed_offsets:
        start = strtab + rel
        stop = data.find(b"\0", start)
        names.append(data[start:stop].decode("ascii", "replace"))
    return names


def platform_candidates(environ: Mapping[str, str], argv: Iterable[str] = ()) -> list[str]:
    """The platform plugins Qt will try, in order: -platform, QT_QPA_PLATFORM, else wayland sessions then xcb."""
    args = list(argv)
    spec = ""
    if "-platform" in args[:-1]:
        spec = args[args.index("-platform") + 1]
    spec = spec or environ.get("QT_QPA_PLATFORM", "")
    if not spec:
        wayland = environ.get("XDG_SESSION_TYPE") == "wayland" and environ.get("WAYLAND_DISPLAY")
        spec = "wayland;xcb" if wayland else "xcb"
    return [part.split(":", 1)[0].strip() for part in spec.split(";") if part.strip()]


def _can_load(soname: str) -> bool:
    try:
        ctypes.CDLL(soname)
    except OSError:
        return False
    return True


def _qt_dir() -> Path | None:
    spec = importlib.util.find_spec("PySide6")
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(list(spec.submodule_search_locations)[0]) / "Qt"


def missing_libraries(
    qt_dir: Path, platform: str, can_load: Callable[[str], bool] = _can_load, bundled: Iterable[Path] = ()
) -> list[str]:
    """Sonames the Qt core libraries and the `platform` plugin need that neither ship with Qt nor load."""
    lib_dir = qt_dir / "lib"
    search = [lib_dir, *bundled]
    todo = [lib_dir / name for name in _CORE_LIBS]
    todo.append(qt_dir / "plugins" / "platforms" / f"libq{platform}.so")
    seen: set[str] = set()
    missing: list[str] = []
    while todo:
        path = todo.pop(0)
        for soname in elf_needed(path):
            if soname in seen:
                continue
            seen.add(soname)
            shipped = next((d / soname for d in search if (d / soname).exists()), None)
            if shipped is not None:
                todo.append(shipped)
            elif not can_load(soname):
                missing.append(soname)
    return missing


def hint_for_missing(platform: str, missing: list[str], *, doing: str = "open its window",
                     meanwhile: str = "The command-line checker `survey-check` needs no Qt and works meanwhile.") -> str:
    """The message a person sees instead of Qt's abort: what is missing and the apt-get line that fixes it."""
    packages = list(dict.fromkeys(p for p in map(debian_package, missing) if p))
    unknown = [s for s in missing if not debian_package(s)]
    lines = [
        f"Survey Editor can't {doing}: Qt's \"{platform}\" platform needs system libraries "
        "that are not installed:",
        "  " + ", ".join(missing),
    ]
    if packages:
        lines += ["On Debian or Ubuntu install them with:", "  sudo apt-get install " + " ".join(packages)]
    if unknown:
        lines.append("Install the packages of your distribution that provide: " + ", ".join(unknown))
    lines.append(meanwhile)
    return "\n".join(lines)


def check_qt_for_export(
    environ: Mapping[str, str] | None = None, *, can_load: Callable[[str], bool] | None = None,
    qt_dir: Path | None = None,
) -> str | None:
    """None when `survey-check --export` can draw its charts and PDF with Qt here; else what to install. (Qt
    aborts the process on a missing library, so a CI job would die with a core dump instead of a message.)"""
    env = dict(os.environ if environ is None else environ)
    if not (env.get("QT_QPA_PLATFORM") or env.get("DISPLAY") or env.get("WAYLAND_DISPLAY")):
        env["QT_QPA_PLATFORM"] = "offscreen"  # as charts_render.ensure_application starts it without a display
    return check_qt_runtime(env, can_load=can_load, qt_dir=qt_dir, doing="draw the report (--export)",
                            meanwhile="survey-check without --export needs no Qt and works meanwhile.")


def check_qt_runtime(
    environ: Mapping[str, str] | None = None,
    argv: Iterable[str] = (),
    *,
    can_load: Callable[[str], bool] | None = None,
    qt_dir: Path | None = None,
    doing: str = "open its window",
    meanwhile: str = "The command-line checker `survey-check` needs no Qt and works meanwhile.",
) -> str | None:
    """None when Qt can start its window here; else a hint naming the missing display or Debian packages.

    Call it before creating QApplication, after the entry point has chosen QT_QPA_PLATFORM.
    """
    if not sys.platform.startswith("linux"):
        return None
    env = os.environ if environ is None else environ
    qt = qt_dir or _qt_dir()
    if qt is None:
        return "Survey Editor needs PySide6: pip install PySide6-Essentials"
    if not (qt / "lib").is_dir():
        return None  # an unusual layout (a distribution's own Qt): let Qt speak for itself
    bundled = [Path(getattr(sys, "_MEIPASS"))] if getattr(sys, "frozen", False) and hasattr(sys, "_MEIPASS") else []
    hints = []
    for platform in platform_candidates(env, argv):
        missing = missing_libraries(qt, platform, can_load or _can_load, bundled)
        if missing:
            hints.append(hint_for_missing(platform, missing, doing=doing, meanwhile=meanwhile))
        elif platform == "xcb" and not env.get("DISPLAY"):
            hints.append(
                f"Survey Editor can't {doing}: no X display (DISPLAY is not set).\n"
                "Start it from a desktop session, or under a virtual display: xvfb-run survey-editor\n"
                "For a headless screenshot: QT_QPA_PLATFORM=offscreen survey-editor --screenshot out.png"
            )
        elif platform == "wayland" and not env.get("WAYLAND_DISPLAY"):
            hints.append(f"Survey Editor can't {doing}: no Wayland display (WAYLAND_DISPLAY is not set).")
        else:
            return None
    return "\n\n".join(hints) or None
