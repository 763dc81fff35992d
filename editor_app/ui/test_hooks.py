"""Test-only remote control for a real `python -m editor_app` process (the SIGKILL crash-recovery test).

Only active when SURVEY_EDITOR_TEST_TYPE is set: shortly after start the window "types" that text at the end of
the document (marking it modified, as a user would). Never set it outside tests; nothing else reads it.
Optional SURVEY_EDITOR_TEST_TYPE_DELAY_MS (default 300) delays the typing.
"""

from __future__ import annotations

import os

from PySide6.QtCore import QTimer
from PySide6.QtGui import QTextCursor

ENV_TYPE = "SURVEY_EDITOR_TEST_TYPE"
ENV_DELAY = "SURVEY_EDITOR_TEST_TYPE_DELAY_MS"


def install(window, environ: dict[str, str] | None = None) -> bool:
    """Schedule the typing when the test variable is set; returns whether it was."""
    env = os.environ if environ is None else environ
    text = env.get(ENV_TYPE)
    if not text:
        return False
    try:
        delay = int(env.get(ENV_DELAY, "300"))
    except ValueError:
        delay = 300

    attempts = [0]

    def type_text() -> None:
        if not getattr(window, "current_path", None) and attempts[0] < 50:  # wait for the file to be opened
            attempts[0] += 1
            QTimer.singleShot(200, window, type_text)
            return
        editor = window.editor
        cursor = editor.textCursor()
        cursor.movePosition(QTextCursor.MoveOperation.End)
        cursor.insertText(text)
        editor.setTextCursor(cursor)

    QTimer.singleShot(delay, window, type_text)
    return True
