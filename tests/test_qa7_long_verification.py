"""QA: a long "Verify all" (a survey citing ~300 ids: seven requests, and one more for each id arXiv left out, at
one request every 3 s against the real API) as its user lives it.

Before: every row said "unverified" until the very last answer was in; the bar read "Verifying 300 of 300…" while
the ids missing from their batch were still being asked again one by one (10 of them: 30 s more); what a run
learned was written to the cache only at its end; and closing the window while arXiv was slow to answer froze it
3 s, then aborted the program ("QThread: Destroyed while thread is still running", exit 134).
Now each batch's verdicts show as it is answered, the bar counts an id once its answer is final, each batch is
cached as it comes, and closing the window returns at once and the program exits normally.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
import threading
import time
from datetime import date

from editor_app.config import Config
from editor_app.core.references import assemble_references, citations_in_line
from editor_app.services.verification import verify_references
from ui_support import open_window

KNOWN = ["2609.11582", "2609.04263", "2606.03458", "2605.19537", "2609.10226", "2607.05708"]


def many_ids(n: int) -> list[str]:
    """n distinct ids, a known paper at the head of every batch of 50, the rest unknown to the fake arXiv."""
    ids = [f"2608.{k:05d}" for k in range(1, n + 1)]
    for slot, known in zip(range(0, n, 50), KNOWN):
        ids[slot] = known
    return ids


def refs_of(ids: list[str]):
    lines = [f"- 论文（arXiv:{i}）" for i in ids]
    return assemble_references(((n, citations_in_line(l)) for n, l in enumerate(lines, 1)), date.today())


def test_verdicts_arrive_batch_by_batch_and_progress_counts_only_final_answers(fake_arxiv, arxiv_config, arxiv_db):
    ids = many_ids(120)  # three batches; 117 ids missing from their batch, each asked again alone
    heard: list[tuple[int, dict]] = []
    progress: list[tuple[int, int, int]] = []

    def answered(verdicts):
        heard.append((len(fake_arxiv.api_requests()), verdicts))

    def on_progress(done, total):
        progress.append((len(fake_arxiv.api_requests()), done, total))

    result = verify_references(refs_of(ids), config=arxiv_config, db=arxiv_db, answered=answered,
                               progress=on_progress)
    assert heard[0] == (1, {"2609.11582": result["2609.11582"]})  # after the first request, not the last
    assert result["2609.11582"]["status"] == "verified"
    assert {k for _, v in heard for k in v} == set(ids)  # every verdict was heard during the run
    requests = len(fake_arxiv.api_requests())
    assert requests == 3 + 117
    # the bar reaches 120 of 120 with the last request, not after the third
    assert min(n for n, d, _ in progress if d == 120) == requests
    after_batches = [d for n, d, _ in progress if n == 3]
    assert after_batches[-1] == 3  # only the three found ids were final after the three batches


def test_a_run_cut_short_keeps_what_it_learned(fake_arxiv, arxiv_config, arxiv_db):
    ids = many_ids(120)
    cancel = threading.Event()
    refs = refs_of(ids)
    verify_references(refs, config=arxiv_config, db=arxiv_db, cancel=cancel,
                      answered=lambda verdicts: cancel.set())  # the user leaves after the first batch
    assert len(fake_arxiv.api_requests()) == 1
    cached = {row[0] for row in arxiv_db.execute("SELECT id FROM arxiv_papers WHERE found = 1")}
    assert cached == {"2609.11582"}
    fake_arxiv.clear_log()
    again = verify_references(refs_of(["2609.11582"]), config=arxiv_config, db=arxiv_db)
    assert again["2609.11582"]["cached"] and fake_arxiv.api_requests() == []


def test_the_table_shows_each_batch_while_the_run_goes_on(qtbot, fake_arxiv, tmp_path):
    survey = tmp_path / "many.md"
    survey.write_text("一、正文\n" + "\n".join(f"- 论文（arXiv:{i}）" for i in many_ids(120)) + "\n", encoding="utf-8")
    cfg = Config(arxiv_url=fake_arxiv.url, arxiv_interval=0.3, contact="tests@example.org", db_path=tmp_path / "u.db")
    window = open_window(qtbot, survey, cfg)
    panel = window.references
    with qtbot.waitSignal(panel.verification_running, timeout=5000):
        assert panel.verify()
    qtbot.waitUntil(lambda: panel.status_of(next(r for r in panel.model.rows if r.id == "2609.11582")) == "verified",
                    timeout=10000)
    assert panel.worker is not None  # still running: 2 more batches and 117 ids to ask again
    assert panel.progress.value() < panel.progress.maximum()
    assert "verified 1" in panel.message.text()
    panel.cancel()
    qtbot.waitUntil(lambda: panel.worker is None, timeout=10000)


CLOSE_MID_REQUEST = textwrap.dedent("""
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
    def close():
        started = time.perf_counter()
        window.close()
        print(f"closed in {time.perf_counter() - started:.2f}", flush=True)
        app.quit()
    def close_once_asked():  # arXiv has the request and is slow to answer it
        log = requests.get(sys.argv[1].replace("/api/query", "/_log"), timeout=5).json()
        if any(r["path"] == "/api/query" for r in log):
            close()
        else:
            QTimer.singleShot(50, close_once_asked)
    def verify(_analysis):
        window.analysis_ready.disconnect(verify)
        assert window.references.verify()
        close_once_asked()
    window.analysis_ready.connect(verify)
    QTimer.singleShot(0, lambda: window.open_path(Path(sys.argv[3])))
    app.exec()
""")


def test_closing_the_window_while_arxiv_is_slow_neither_waits_nor_aborts(fake_arxiv, sample_path, tmp_path):
    fake_arxiv.push_fault("slow", seconds=8)
    proc = subprocess.run(
        [sys.executable, "-c", CLOSE_MID_REQUEST, fake_arxiv.url, str(tmp_path / "c.db"), str(sample_path)],
        capture_output=True, text=True, timeout=60,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "QThread: Destroyed" not in proc.stderr
    closed_in = float(proc.stdout.split("closed in ")[1].split()[0])
    assert closed_in < 0.5
    assert [r["fault"] for r in fake_arxiv.api_requests()] == ["slow"]  # it was mid-request when closed


def test_every_spelling_of_arxivs_address_keeps_three_seconds_between_requests():
    """Before: only "https://export.arxiv.org/api/query" spelt exactly was held to arXiv's 3 s; the same API over
    http://, on arxiv.org, with a query string or capitals was asked as fast as --arxiv-interval 0 allowed."""
    for url in ("https://export.arxiv.org/api/query", "http://export.arxiv.org/api/query",
                "https://EXPORT.arXiv.org/api/query?", "https://arxiv.org/api/query", "export.arxiv.org/api/query",
                "https://export.arxiv.org:443/api/query/"):
        assert Config(arxiv_url=url, arxiv_interval=0.0).effective_arxiv_interval() == 3.0, url
    for url in ("http://127.0.0.1:8123/api/query", "https://notarxiv.org/api/query", "https://arxiv.org.example/q"):
        assert Config(arxiv_url=url, arxiv_interval=0.0).effective_arxiv_interval() == 0.0, url


def test_a_cited_version_arxiv_lacks_is_not_asked_for_again_at_every_verify_all(fake_arxiv, arxiv_config, arxiv_db):
    """Before: a survey citing v3 of a paper arXiv has only in v1 sent a request at every Verify all (the second one
    was never answered from the cache); now the answer is kept a day, like "not found", then asked again."""
    refs = refs_of(["2609.11582v3", "2606.03458"])
    first = verify_references(refs, config=arxiv_config, db=arxiv_db)
    assert first["2609.11582"]["status"] == "version not found"
    fake_arxiv.clear_log()
    again = verify_references(refs, config=arxiv_config, db=arxiv_db)
    assert fake_arxiv.api_requests() == []
    assert again["2609.11582"]["status"] == "version not found" and again["2609.11582"]["cached"]
    assert "from the cache" in again["2609.11582"]["message"]
    arxiv_db.execute("UPDATE arxiv_papers SET fetched_ts = fetched_ts - 25 * 3600")
    arxiv_db.conn.commit()
    verify_references(refs, config=arxiv_config, db=arxiv_db)
    assert [r["ids"] for r in fake_arxiv.api_requests()] == [["2609.11582"]]


def test_a_wait_to_ask_again_is_said_not_silent(fake_arxiv, arxiv_config, arxiv_db, qtbot, sample_path, tmp_path):
    """Before: while arXiv timed out or answered 429/503, the run waited and retried (up to 4 attempts of 30 s per
    batch) behind a bar that stood still and 'Asking arXiv…'; now the panel says why and when it asks again."""
    heard: list[str] = []
    fake_arxiv.push_fault("503", times=1)
    fake_arxiv.push_fault("429", times=1)
    result = verify_references(refs_of(["2609.11582"]), config=arxiv_config, db=arxiv_db, notice=heard.append)
    assert result["2609.11582"]["status"] == "verified"
    assert len(heard) == 2
    assert heard[0].startswith("arXiv answered HTTP 503; asking again in ") and heard[0].endswith("(attempt 2 of 4)")
    assert heard[1].startswith("arXiv answered 429 'Rate exceeded'; asking again") and "(attempt 3 of 4)" in heard[1]

    cfg = Config(arxiv_url=fake_arxiv.url, arxiv_interval=0.0, contact="tests@example.org", db_path=tmp_path / "n.db")
    window = open_window(qtbot, sample_path, cfg)
    panel = window.references
    fake_arxiv.push_fault("503", times=1, seconds=1)  # Retry-After: 1
    assert panel.verify()
    qtbot.waitUntil(lambda: "asking again in 1 s (attempt 2 of 4)" in panel.message.text(), timeout=5000)
    assert "arXiv answered HTTP 503" in panel.message.text()
    qtbot.waitUntil(lambda: panel.worker is None, timeout=10000)
    assert "asking again" not in panel.message.text() and "verified 14 · name not compared 1" in panel.message.text()
