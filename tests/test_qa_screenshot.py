"""QA: `survey-editor FILE --screenshot OUT` on a file it can't read ends with a message (it waited forever on a
modal "Can't open the file" dialog nobody could dismiss)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_screenshot_of_a_binary_file_fails_cleanly(tmp_path):
    binary = tmp_path / "binary.md"
    binary.write_bytes(b"\x7fELF\x00\x01\x02" * 64)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", SURVEY_EDITOR_LANG="en")
    proc = subprocess.run([sys.executable, "-m", "editor_app", str(binary), "--screenshot", str(tmp_path / "x.png")],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and "binary file" in proc.stderr
    assert not (tmp_path / "x.png").exists()
