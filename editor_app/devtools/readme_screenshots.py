"""Make the README's screenshots: the window on the bundled sample, its Figures tab, its References tab after Verify all.

    python -m editor_app.devtools.readme_screenshots [OUT_DIR]   (default: docs/screenshots)

Offscreen, with settings, history and cache in a temporary folder (the user's are not read or touched), and arXiv
answered by the fake server on loopback (devtools.fake_arxiv, the sample's papers): no network. `survey-editor
--screenshot OUT.png` makes the first one alone; the other two need a tab shown and a verification run.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

SHOTS = ("main-window.png", "figures.png", "references-verified.png")
TIMEOUT_MS = 120_000


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0]) if args else Path("docs/screenshots")
    out.mkdir(parents=True, exist_ok=True)
    home = tempfile.mkdtemp(prefix="survey-shots-")
    for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"):
        os.environ[name] = os.path.join(home, name.lower())
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

    from dataclasses import replace

    from PySide6.QtCore import Qt, QTimer

    from editor_app.devtools.fake_arxiv import FakeArxiv, load_papers, sample_dataset_path
    from editor_app.ui.app import create_window, make_application
    from editor_app.ui.settings_store import SettingsStore

    fake = FakeArxiv(load_papers(sample_dataset_path())).start()
    app = make_application(sys.argv[:1])
    config = replace(SettingsStore().config(), arxiv_url=fake.url, db_path=Path(home) / "history.db")
    window = create_window(None, config, None, in_background=False)
    window.save_layout = lambda: None  # (the temporary settings are thrown away anyway)
    window.resize(1440, 900)
    window.resizeDocks([window.outline_dock, window.panels_dock], [200, 660], Qt.Orientation.Horizontal)
    result = {"code": 1}

    def grab(name: str) -> None:
        app.processEvents()
        if not window.grab().save(str(out / name)):
            raise OSError(f"could not write {out / name}")
        print(f"wrote {out / name}")

    def finish(code: int) -> None:
        result["code"] = code
        window.editor.document().setModified(False)
        window.close()
        app.exit(code)

    def then(step, delay_ms: int = 400) -> None:  # (let the panels and the status bar paint first)
        QTimer.singleShot(delay_ms, lambda: _guarded(step, finish))

    def first(_analysis=None) -> None:
        window.analysis_ready.disconnect(first)
        then(shoot_main)

    def shoot_main() -> None:
        grab(SHOTS[0])
        window._show_panel(window.figures)
        window.figures.ensure_drawn()
        then(shoot_figures)

    def shoot_figures() -> None:
        grab(SHOTS[1])
        window._show_panel(window.references)
        window.references.verification_running.connect(verified)
        if not window.references.verify():
            raise RuntimeError("Verify all did not start")

    def verified(running: bool) -> None:
        if not running:
            then(shoot_references)

    def shoot_references() -> None:
        grab(SHOTS[2])
        finish(0)

    def too_slow() -> None:
        print("readme_screenshots: the window was not ready in time", file=sys.stderr)
        finish(1)

    window.analysis_ready.connect(first)
    QTimer.singleShot(TIMEOUT_MS, too_slow)
    window.show()
    try:
        app.exec()
    finally:
        fake.stop()
    return result["code"]


def _guarded(step, finish) -> None:
    """A failed step ends the run with a message, not a window left open."""
    try:
        step()
    except Exception as exc:  # noqa: BLE001 (a developer's tool: say what failed and stop)
        print(f"readme_screenshots: {exc}", file=sys.stderr)
        finish(1)


if __name__ == "__main__":
    sys.exit(main())
