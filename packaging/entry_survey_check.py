"""PyInstaller entry script for the command-line checker (the same entry point as the `survey-check` script).

survey-editor.spec builds this program without Qt; --export, which needs Qt, is run by the survey-editor beside it."""

from editor_app.cli import main

raise SystemExit(main(export_via_editor=True))
