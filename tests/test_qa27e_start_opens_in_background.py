"""`survey-editor FILE` read the whole file (read, decoded, fingerprinted, split) before the window was shown: on a long
survey or a slow disk nothing was on screen meanwhile. The window now comes at once and the file is read in the
background as File → Open reads it, with the same handling of what can't be read (said over the window, its empty
editor checked), a GBK survey opened as before; a crash's autosave of it is offered once."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from editor_app.config import Config

ROOT = Path(__file__).resolve().parent.parent

# What `survey-editor FILE` does, watched: when the text was put in the editor (was the window shown by then?),
# what was said in an error box (over a shown window?), and the window once its first analysis came.
START = r"""
import json, sys
from pathlib import Path
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
from editor_app.ui.app import make_application
from editor_app.ui.main_window import MainWindow

app = make_application(["survey-editor"])
seen = {"shown_at_text": [], "errors": []}
show_document = MainWindow._show_document
def watched_show_document(self, loaded, *a, **k):
    seen["shown_at_text"].append(self.isVisible())
    return show_document(self, loaded, *a, **k)
MainWindow._show_document = watched_show_document
MainWindow.show_error = lambda self, title, message: seen["errors"].append([title, message, self.isVisible()])

def poll():
    w = next((w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow)), None)
    if w is None or w.latest_analysis is None or w.runner.published_revision != w.runner.revision:
        return
    seen.update(path=str(w.current_path) if w.current_path else None, text=w.current_text(),
                format=w.format_label.text(), analysed=w.latest_analysis is not None)
    w.editor.document().setModified(False)
    w.close()
    app.exit(0)

timer = QTimer()
timer.timeout.connect(poll)
timer.start(20)
from editor_app.__main__ import main
main([sys.argv[1]])
print("RESULT " + json.dumps(seen))
"""


def _start(tmp_path: Path, survey: Path) -> dict:
    env = dict(os.environ, SURVEY_EDITOR_LANG="en", SURVEY_EDITOR_DB=str(tmp_path / "h.db"),
               SURVEY_EDITOR_AUTOSAVE_SECONDS="100000")
    for var in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"):
        env[var] = str(tmp_path / var)
    proc = subprocess.run([sys.executable, "-c", START, str(survey)], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=120)
    lines = [line for line in proc.stdout.splitlines() if line.startswith("RESULT ")]
    assert lines, proc.stderr[-3000:]
    return json.loads(lines[-1][len("RESULT "):])


def test_the_window_is_shown_before_the_survey_is_read(tmp_path, sample_text):
    survey = tmp_path / "long.md"
    survey.write_text(sample_text * 20, encoding="utf-8")
    seen = _start(tmp_path, survey)
    assert seen["shown_at_text"] == [True]  # before: [False], the text put in a window not yet on screen
    assert seen["errors"] == []
    assert seen["path"] == str(survey.resolve()) and seen["text"] == sample_text * 20 and seen["analysed"]


def test_a_gbk_survey_opens_as_before(tmp_path):
    survey = tmp_path / "gbk.md"
    text = "# 调查\n\n## 1 引言\n\n这是一份用 GBK 保存的综述。\n"
    survey.write_bytes(text.encode("gbk"))
    seen = _start(tmp_path, survey)
    assert seen["shown_at_text"] == [True] and seen["errors"] == []
    assert seen["text"] == text and "GBK" in seen["format"].upper() and seen["path"] == str(survey.resolve())


def test_a_binary_file_is_said_over_the_window_and_the_empty_editor_checked(tmp_path):
    survey = tmp_path / "picture.md"
    survey.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 40)
    seen = _start(tmp_path, survey)
    assert len(seen["errors"]) == 1
    title, message, over_the_window = seen["errors"][0]
    assert title == "Can't open the file" and "picture.md" in message
    assert over_the_window  # before: the box came alone, the window shown only once it was answered
    assert seen["shown_at_text"] == [] and seen["path"] is None and seen["text"] == "" and seen["analysed"]


def test_a_file_that_does_not_exist_is_still_a_new_survey(tmp_path):
    survey = tmp_path / "new.md"
    seen = _start(tmp_path, survey)
    assert seen["errors"] == [] and seen["path"] == str(survey.resolve()) and seen["text"] == ""


def test_a_crash_autosave_of_the_file_read_in_the_background_is_offered_once(qtbot, tmp_path, sample_text):
    """The file comes before the history's first look at the database: looked at on its arrival and again by the
    first look, the autosave was offered twice (two dialogs over each other)."""
    from editor_app.services import history
    from editor_app.services.database import open_database
    from editor_app.ui.app import create_window

    survey = tmp_path / "survey.md"
    survey.write_text(sample_text, encoding="utf-8")
    cfg = Config(db_path=tmp_path / "history.db", arxiv_url="http://127.0.0.1:9/api/query")
    opened = open_database(cfg.db_path)
    history.record_snapshot(opened.db, path=survey, text=sample_text + "\n崩溃前的一句\n", analysis={},
                            kind="autosave", now=survey.stat().st_mtime + 60)
    opened.db.conn.close()

    window = create_window(survey, cfg, in_background=True)
    qtbot.addWidget(window)
    window.ask_unsaved_changes = lambda: "discard"
    offers = []
    window.history.recovery_offered.connect(offers.append)
    window.show()
    assert window.current_path is None  # being read
    qtbot.waitUntil(lambda: window.current_path == survey.resolve(), timeout=20000)
    qtbot.waitUntil(lambda: window.history.looked, timeout=20000)
    qtbot.wait(300)
    assert len(offers) == 1 and "崩溃前的一句" in offers[0].diff.toPlainText()
    offers[0].done(0)
    window.history.shutdown()
