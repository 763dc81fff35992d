"""QA29c D4: Cancel in the References tab sent no new request, but the tab read "Cancelling…" with Verify all, Verify
all again and Cancel disabled until the request already in flight came back (14-18 s on a slow fake arXiv, up to the
30 s timeout on a slow arXiv), though README says Cancel "stops asking at once". Now the tab is free again at once
and says how many references the run left unverified; the request in flight ends in the background, its answer
cached, and its thread with it. A run started meanwhile waits for that request (one connection to arXiv at a time)
and says so, and a cancel of that run ends its thread at once; closing the window then neither waits nor aborts."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import time

from editor_app.config import Config
from ui_support import open_window

SURVEY = "一、正文\nHiSparse（arXiv:2608.07009）与 FreeToken（arXiv:2608.16157）。\n"


def _window(qtbot, fake_arxiv, tmp_path):
    survey = tmp_path / "s.md"
    survey.write_text(SURVEY, encoding="utf-8")
    cfg = Config(arxiv_url=fake_arxiv.url, arxiv_interval=0.0, contact="tests@example.org", db_path=tmp_path / "u.db")
    window = open_window(qtbot, survey, cfg)
    return window, window.references


def _in_flight(qtbot, fake_arxiv, n: int = 1) -> None:
    qtbot.waitUntil(lambda: len(fake_arxiv.api_requests()) >= n, timeout=10000)


def test_cancel_frees_the_tab_at_once_and_the_answer_in_flight_is_still_cached(qtbot, fake_arxiv, tmp_path):
    window, panel = _window(qtbot, fake_arxiv, tmp_path)
    fake_arxiv.push_fault("slow", times=1, seconds=6)
    with qtbot.waitSignal(panel.verification_running, timeout=5000):
        assert panel.verify()
    _in_flight(qtbot, fake_arxiv)
    cancelled = panel.worker
    started = time.perf_counter()
    with qtbot.waitSignal(panel.verification_running, timeout=1000) as running:
        panel.cancel()
    assert running.args == [False]
    assert time.perf_counter() - started < 1.0
    assert panel.worker is None
    assert panel.verify_button.isEnabled() and panel.refresh_button.isEnabled()
    assert not panel.cancel_button.isVisible() and not panel.progress.isVisible()
    assert panel.message.text() == (
        "Cancelled: 2 references left unverified; their rows are as they were. arXiv's answer to a request already "
        "sent is still cached.\nunverified 2")
    assert {panel.status_of(r) for r in panel.model.rows} == {"unverified"}
    assert cancelled.isRunning()  # its request is still in flight, in the background
    # the request ends by itself and its thread with it; what arXiv answered is cached: the next run asks nothing
    assert cancelled.wait(15000)
    qtbot.wait(100)  # (its late signals, queued meanwhile, change nothing)
    assert panel.message.text().startswith("Cancelled: 2 references left unverified")
    fake_arxiv.clear_log()
    assert panel.verify()
    qtbot.waitUntil(lambda: panel.worker is None, timeout=10000)
    assert fake_arxiv.api_requests() == []
    assert {panel.status_of(r) for r in panel.model.rows} == {"verified"}
    assert panel.message.text() == "verified 2"
    window.shutdown()


def test_a_run_started_after_cancel_waits_for_the_request_in_flight_and_says_so(qtbot, fake_arxiv, tmp_path):
    window, panel = _window(qtbot, fake_arxiv, tmp_path)
    fake_arxiv.push_fault("slow", times=1, seconds=5)
    assert panel.verify()
    _in_flight(qtbot, fake_arxiv)
    first = panel.worker
    panel.cancel()
    assert panel.verify(force=True)  # Verify all again, at once
    second = panel.worker
    qtbot.waitUntil(lambda: "waiting for arXiv to answer a request sent earlier (one request at a time)"
                    in panel.message.text(), timeout=3000)
    assert len(fake_arxiv.api_requests()) == 1  # one connection to arXiv at a time: the second run waits for it
    started = time.perf_counter()
    panel.cancel()
    assert second.wait(2000) and time.perf_counter() - started < 2.0  # not when the first's request comes back
    assert first.isRunning()
    assert panel.verify_button.isEnabled()
    assert first.wait(15000)
    assert len(fake_arxiv.api_requests()) == 1  # the cancelled second run never asked
    window.shutdown()


def test_a_run_after_cancel_gets_its_answers_once_the_request_in_flight_is_back(qtbot, fake_arxiv, tmp_path):
    window, panel = _window(qtbot, fake_arxiv, tmp_path)
    fake_arxiv.push_fault("slow", times=1, seconds=3)
    assert panel.verify()
    _in_flight(qtbot, fake_arxiv)
    panel.cancel()
    assert panel.verify(force=True)
    qtbot.waitUntil(lambda: panel.worker is None, timeout=20000)
    assert {panel.status_of(r) for r in panel.model.rows} == {"verified"}
    assert panel.message.text() == "verified 2"
    window.shutdown()


def test_the_chinese_tab_says_what_was_cancelled(qtbot, chinese, zh_translation, fake_arxiv, tmp_path):
    window, panel = _window(qtbot, fake_arxiv, tmp_path)
    fake_arxiv.push_fault("slow", times=1, seconds=3)
    assert panel.verify()
    _in_flight(qtbot, fake_arxiv)
    worker = panel.worker
    panel.cancel()
    assert panel.message.text().startswith(
        "已取消：有 2 篇引用未核验，其所在行保持原样。arXiv 对已发出请求的答复仍会存入缓存。\n"), panel.message.text()
    assert panel.verify_button.isEnabled()
    assert worker.wait(15000)
    window.shutdown()


CANCEL_THEN_QUIT = textwrap.dedent("""
    import sys, time
    from pathlib import Path
    import requests
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication
    from editor_app.config import Config
    app = QApplication([])
    from editor_app.ui.main_window import MainWindow
    cfg = Config(arxiv_url=sys.argv[1], arxiv_interval=0.0, contact="t@example.org", db_path=Path(sys.argv[2]))
    window = MainWindow(cfg)
    window.ask_unsaved_changes = lambda: "discard"
    window.show()
    panel = window.references
    def close():
        started = time.perf_counter()
        window.close()
        print(f"closed in {time.perf_counter() - started:.2f} at {time.time()}", flush=True)
        app.quit()
    QTimer.singleShot(30000, lambda: app.exit(3))  # (a failed step must not leave the program running)
    def cancel_once_asked():  # arXiv has the request and is slow to answer it
        log = requests.get(sys.argv[1].replace("/api/query", "/_log"), timeout=5).json()
        if any(r["path"] == "/api/query" for r in log):
            panel.cancel()
            assert panel.worker is None
            assert panel.verify(force=True)  # waits for the cancelled run's request
            QTimer.singleShot(300, close)
        else:
            QTimer.singleShot(50, cancel_once_asked)
    def verify(_analysis):
        window.analysis_ready.disconnect(verify)
        assert panel.verify()
        cancel_once_asked()
    window.analysis_ready.connect(verify)
    QTimer.singleShot(0, lambda: window.open_path(Path(sys.argv[3])))
    sys.exit(app.exec())
""")


def test_quitting_after_a_cancel_with_the_request_still_in_flight_neither_waits_nor_aborts(
        fake_arxiv, sample_path, tmp_path):
    fake_arxiv.push_fault("slow", seconds=8)
    proc = subprocess.run(
        [sys.executable, "-c", CANCEL_THEN_QUIT, fake_arxiv.url, str(tmp_path / "c.db"), str(sample_path)],
        capture_output=True, text=True, timeout=90,
    )
    ended = time.time()
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "QThread: Destroyed" not in proc.stderr and "Traceback" not in proc.stderr, proc.stderr[-2000:]
    closed = proc.stdout.split("closed in ")[1].split()
    assert float(closed[0]) < 0.5
    assert ended - float(closed[2]) < 4  # the program ended without waiting for the slow answer (8 s)
    assert [r["fault"] for r in fake_arxiv.api_requests()] == ["slow"]
