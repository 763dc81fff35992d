"""PyInstaller entry script for the command-line checker (the same entry point as the `survey-check` script)."""

from editor_app.cli import main

raise SystemExit(main())
