"""QA: `survey-editor --screenshot OUT.png` saved the window layout when it closed itself: offscreen the window is
squeezed onto the platform's small screen, so the next session opened 900 px wide instead of 1440, and a second
screenshot came out 900x774 instead of 1440x900. A screenshot now leaves the saved layout as it was."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from PySide6.QtGui import QImage

ROOT = Path(__file__).resolve().parent.parent


def _screenshot(out: Path, db: Path) -> None:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", SURVEY_EDITOR_LANG="en")
    proc = subprocess.run([sys.executable, "-m", "editor_app", "--db", str(db), "--screenshot", str(out)],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr


def test_a_screenshot_leaves_the_window_layout_as_it_was(tmp_path):
    from editor_app.ui.settings_store import default_settings_file

    first, second = tmp_path / "first.png", tmp_path / "second.png"
    _screenshot(first, tmp_path / "h.db")
    settings = default_settings_file()
    assert "geometry" not in (settings.read_text(encoding="utf-8") if settings.exists() else "")
    _screenshot(second, tmp_path / "h.db")
    assert QImage(str(second)).size() == QImage(str(first)).size()  # before: 900x774 after 1440x900
