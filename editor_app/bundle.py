"""The PyInstaller build (packaging/survey-editor.spec): survey-editor and survey-check side by side in one folder.

Its survey-check is built without Qt, so a check in CI starts without loading it (importing Qt costs ~150 ms, as
much again as checking the sample). What needs Qt, --export (the charts and the PDF), is handed with the whole
command line to the survey-editor beside it, which runs it as `survey-editor --survey-check ARGS…`: the same
checks, output, exit status and report as an installed survey-check gives. Qt-free.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

RUN_CHECK_FLAG = "--survey-check"  # survey-editor's first argument when it runs a survey-check command line


def editor_beside(executable: str | None = None) -> Path:
    """The survey-editor program in the folder of `executable` (default: this program), .exe kept on Windows."""
    exe = Path(executable or sys.executable)
    return exe.with_name("survey-editor" + exe.suffix)


def check_in_editor(argv: list[str]) -> int:
    """Run `survey-check ARGV` in the survey-editor beside this program; its exit status (2 when it can't start)."""
    editor = editor_beside()
    if not editor.is_file():
        print(f"survey-check: --export draws the report's charts and PDF with Qt, which this survey-check is built "
              f"without; it asks survey-editor, which has it, but {editor} is missing (keep the two programs in "
              f"their folder)", file=sys.stderr)
        return 2
    try:
        return subprocess.run([str(editor), RUN_CHECK_FLAG, *argv]).returncode
    except OSError as exc:
        print(f"survey-check: --export: can't start {editor}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:  # Ctrl+C reached both programs; survey-editor has stopped (subprocess.run waits)
        return 130
