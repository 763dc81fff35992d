"""PyInstaller entry script for the desktop program (the same entry point as the `survey-editor` script)."""

from editor_app.__main__ import main

raise SystemExit(main())
