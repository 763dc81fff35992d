"""`survey-editor [FILE] [--pack P] [--db PATH] [--arxiv-url URL] [--screenshot OUT.png]`: the desktop program."""

from __future__ import annotations

import argparse
import atexit
import os
import sys
from dataclasses import replace
from pathlib import Path

from editor_app.bundle import RUN_CHECK_FLAG
from editor_app.config_checks import arxiv_url_option


def build_parser() -> argparse.ArgumentParser:
    from editor_app import __version__

    p = argparse.ArgumentParser(prog="survey-editor", description="Edit a survey beside its live self-check.")
    p.add_argument("file", nargs="?", type=Path, metavar="FILE",
                   help="the survey to open (default: the bundled sample survey); a FILE that does not exist yet "
                   "starts a new survey saved there")
    p.add_argument("--pack", type=Path, help="rule pack (TOML) to check against (default: the pack chosen in "
                   "Edit → Settings, else survey-rules.toml beside the survey, else the bundled house pack)")
    p.add_argument("--db", type=Path, help="history/cache database (default: the platform's data directory, or "
                   "SURVEY_EDITOR_DB)")
    p.add_argument("--arxiv-url", type=arxiv_url_option, metavar="URL",
                   help="arXiv API endpoint, e.g. http://127.0.0.1:8123/api/query for the fake "
                   "arXiv (default: the real API, or SURVEY_ARXIV_URL)")
    p.add_argument("--screenshot", type=Path, metavar="OUT.png",
                   help="render the window once the analysis is shown, save it as PNG and exit")
    p.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    return p


def main(argv: list[str] | None = None) -> int:
    given = sys.argv[1:] if argv is None else argv
    if given[:1] == ["--write-pdf"] and len(given) == 3:  # a frozen build's PDF writer child (ui/pdf_export.py)
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        from editor_app.ui.pdf_export import child_main

        return child_main(given[1:])
    if given[:1] == [RUN_CHECK_FLAG]:  # the PyInstaller survey-check, built without Qt, hands --export here
        from editor_app.cli import main as survey_check

        return survey_check(given[1:])
    args = build_parser().parse_args(argv)
    from editor_app import regex_cache

    regex_cache.load()  # compiled regexes of the last run (see regex_cache); this run's are kept at exit
    atexit.register(regex_cache.save)
    if args.screenshot and not os.environ.get("QT_QPA_PLATFORM") and not os.environ.get("DISPLAY") \
            and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ["QT_QPA_PLATFORM"] = "offscreen"  # a screenshot needs no screen
    try:
        from editor_app.ui.qt_runtime import check_qt_runtime

        hint = check_qt_runtime(os.environ, sys.argv)
    except ImportError:
        hint = None
    if hint:
        print(hint, file=sys.stderr)
        return 3

    from editor_app.ui.app import create_window, make_application
    from editor_app.ui.settings_store import SettingsStore

    app = make_application(sys.argv[:1])
    store = SettingsStore()
    config = store.config()
    if args.db:
        config = replace(config, db_path=args.db)
    if args.arxiv_url:
        config = replace(config, arxiv_url=args.arxiv_url)
    if args.file and not args.file.exists() and args.screenshot:
        print(f"survey-editor: {args.file} does not exist", file=sys.stderr)
        return 2
    if args.file and args.screenshot:  # nobody is there to dismiss a "can't open" dialog: say it and stop
        from editor_app.services.files import UnreadableFile, load_text

        try:
            load_text(args.file)
        except UnreadableFile as exc:
            print(f"survey-editor: {exc}", file=sys.stderr)
            return 2
    # (a screenshot waits for the analysis of the survey, read and told apart above: read before the window)
    window = create_window(args.file, config, args.pack, in_background=not args.screenshot)
    if args.pack and window.pack_problem:  # said in the window too; a terminal (or a screenshot run) hears it here
        print(f"survey-editor: {window.pack_problem} (checking with the {window.pack.name} pack instead)",
              file=sys.stderr)
    for slip in getattr(window.pack, "warnings", ()) if args.pack else ():  # a usable pack's slips, as survey-check
        print(f"survey-editor: warning: {slip}", file=sys.stderr)
    if args.screenshot:
        return _screenshot(app, window, args.screenshot)
    window.show()
    return app.exec()


def _screenshot(app, window, out: Path, timeout_ms: int = 60000) -> int:
    """Show the window, wait for the analysis to be on screen, grab it to `out`."""
    from PySide6.QtCore import QTimer

    result = {"code": 1}
    # The window closes itself: the user's saved layout stays as it was (offscreen, the window is squeezed onto
    # an 800x600 screen, and the next session and the next screenshot came up 900 px wide).
    window.save_layout = lambda: None
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication

    if QGuiApplication.platformName() == "offscreen" and (window.width() < 1440 or window.height() < 900):
        # No user's screen to fit (the platform's is 800x800): the window as a desktop shows it, as in the README.
        window.resize(1440, 900)
        window.resizeDocks([window.outline_dock, window.panels_dock], [200, 660], Qt.Orientation.Horizontal)

    def grab() -> None:
        app.processEvents()
        ok = window.grab().save(str(out))
        result["code"] = 0 if ok else 1
        if not ok:
            print(f"survey-editor: could not write {out}", file=sys.stderr)
        window.editor.document().setModified(False)  # a screenshot never asks to save
        window.close()
        app.exit(result["code"])

    def ready(_analysis) -> None:
        QTimer.singleShot(300, grab)  # let the panels and the status bar paint

    def too_slow() -> None:
        print("survey-editor: no analysis within the time limit; screenshot not taken", file=sys.stderr)
        window.editor.document().setModified(False)
        window.close()
        app.exit(1)

    window.analysis_ready.connect(ready)
    QTimer.singleShot(timeout_ms, too_slow)
    window.show()
    if window.latest_analysis is not None:
        ready(window.latest_analysis)
    app.exec()
    return result["code"]


if __name__ == "__main__":
    sys.exit(main())
