"""QA28c D2/D3: README's References screenshot was out of date (no "Verify all again", older counts), and README said
its screenshots were made with `survey-editor --screenshot`, which shows only the Self-check tab before any
verification. `python -m editor_app.devtools.readme_screenshots DIR` makes all three (fake arXiv on loopback,
settings and history in a temporary folder), and README says so."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from PySide6.QtGui import QImage

ROOT = Path(__file__).resolve().parents[1]


def test_the_readme_screenshots_are_made_by_one_command(tmp_path, qapp):
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run([sys.executable, "-m", "editor_app.devtools.readme_screenshots", str(tmp_path)],
                          env=env, capture_output=True, text=True, timeout=240, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    for name in ("main-window.png", "figures.png", "references-verified.png"):
        shot = QImage(str(tmp_path / name))
        assert (shot.width(), shot.height()) == (1440, 900), name
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "python -m editor_app.devtools.readme_screenshots" in readme
    for name in ("main-window.png", "figures.png", "references-verified.png"):
        assert f"docs/screenshots/{name}" in readme
