"""QA28c D4: README's apt-get line left out libraries Qt links directly (libfontconfig1, libfreetype6, libglib2.0-0,
libdbus-1-3), and `.ci/run` installed yet another list. Both now hold every package of the program's own list
(qt_runtime.XCB_DEBIAN_PACKAGES, which the window names when one is missing)."""

from __future__ import annotations

import re
from pathlib import Path

from editor_app.ui.qt_runtime import XCB_DEBIAN_PACKAGES

ROOT = Path(__file__).resolve().parents[1]


def test_readme_s_apt_line_installs_every_library_qt_needs_and_a_cjk_font():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    line = re.search(r"`sudo apt-get install ([^`]*)`", readme).group(1).split()
    assert set(XCB_DEBIAN_PACKAGES) <= set(line), sorted(set(XCB_DEBIAN_PACKAGES) - set(line))
    assert "fonts-noto-cjk" in line


def test_ci_installs_every_library_qt_needs():
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    command = re.search(r"apt-get install -y(.*?)>/dev/null", script, re.S).group(1)
    words = set(command.replace("\\", " ").split())
    assert set(XCB_DEBIAN_PACKAGES) <= words, sorted(set(XCB_DEBIAN_PACKAGES) - words)
    assert "fonts-wqy-microhei" in words
