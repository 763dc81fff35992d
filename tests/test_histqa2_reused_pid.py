"""QA (histqa2): an autosave names the program that wrote it by its process id, and one whose process runs is
another program's unsaved work, never offered as a crash's. After a power cut and a reboot that id often belongs
to another process (a daemon started at boot), and the crash's autosave was never offered: the unsaved work was
there but File → Recover said there was none. A process started after the autosave's writer is now told apart."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

from editor_app.services import history
from editor_app.services.database import open_database

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="process start times from /proc")


@pytest.fixture
def other_process():
    """A process that runs now, started just now."""
    proc = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    time.sleep(0.3)
    yield proc.pid
    proc.kill()
    proc.wait()


def _ms(seconds_ago: float) -> int:
    return int((time.time() - seconds_ago) * 1000)


def test_a_crashs_autosave_is_offered_though_its_process_id_was_taken_since(tmp_path: Path, other_process):
    db = open_database(tmp_path / "h.db").db
    survey = tmp_path / "s.md"
    history.record_snapshot(db, path=survey, text="一稿\n", analysis={}, kind="save", now=time.time() - 7200)
    history.record_snapshot(db, path=survey, text="一稿\n崩溃前的修改\n", analysis={}, kind="autosave",
                            now=time.time() - 3600, writer=f"{other_process}:{_ms(3700)}")  # before the reboot
    found = history.latest_autosave_newer_than(db, survey, text_hash=history.text_hash("一稿\n"), mtime=0.0)
    assert found is not None and found["text"] == "一稿\n崩溃前的修改\n"  # before: None ("another program's")


def test_a_running_programs_autosave_is_still_not_offered(tmp_path: Path, other_process):
    db = open_database(tmp_path / "h.db").db
    survey = tmp_path / "s.md"
    history.record_snapshot(db, path=survey, text="一稿\n正在编辑\n", analysis={}, kind="autosave",
                            now=time.time(), writer=f"{other_process}:{_ms(0)}")  # it wrote this, and runs
    assert history.latest_autosave_newer_than(db, survey, text_hash=history.text_hash("一稿\n"), mtime=0.0) is None


def test_an_untitled_surveys_autosave_too(tmp_path: Path, other_process):
    db = open_database(tmp_path / "h.db").db
    crashed = history.untitled_key(pid=other_process, now=time.time() - 3600)
    history.record_snapshot(db, path=crashed, text="未命名的草稿\n", analysis={}, kind="autosave", now=time.time() - 3500)
    found = history.orphaned_untitled_autosave(db)
    assert found is not None and found["key"] == crashed
    running = history.untitled_key(pid=other_process, now=time.time())
    with db.conn:
        db.execute("UPDATE documents SET path = ? WHERE path = ?", [running, crashed])
    assert history.orphaned_untitled_autosave(db) is None
