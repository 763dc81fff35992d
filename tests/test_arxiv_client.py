"""The client against the fake arXiv over real sockets: batching, spacing, retries, faults, safe parsing."""

from __future__ import annotations

import socket
import subprocess
import sys
import threading
import time

import pytest
import requests

from editor_app.devtools.fake_arxiv import _ENTITY_BOMB
from editor_app.services import arxiv_cache
from editor_app.services.arxiv_client import MAX_BATCH, ArxivClient, BadFeed, parse_feed, user_agent
from editor_app.services.database import open_database


def client_for(fake, **kw) -> ArxivClient:
    kw.setdefault("interval", 0.0)
    kw.setdefault("backoff", 0.01)
    return ArxivClient(fake.url, contact="tests@example.org", **kw)


def gaps(records) -> list[float]:
    times = [r["time"] for r in records]
    return [b - a for a, b in zip(times, times[1:])]


def test_found_and_not_found_in_one_batch_then_missing_asked_alone(fake_arxiv):
    out = client_for(fake_arxiv).fetch(["2609.11582", "0808.05394", "2605.19537"])
    assert set(out.found) == {"2609.11582", "2605.19537"}
    assert out.not_found == {"0808.05394"}
    log = fake_arxiv.api_requests()
    assert [r["ids"] for r in log] == [["2609.11582", "0808.05394", "2605.19537"], ["0808.05394"]]
    assert all(r["max_results"] == str(len(r["ids"])) for r in log)
    assert log[0]["user_agent"] == user_agent("tests@example.org")
    assert log[0]["user_agent"].startswith("survey-editor/") and "(mailto:tests@example.org)" in log[0]["user_agent"]


def test_entries_matched_by_id_not_order(fake_arxiv):
    ids = ["2609.11582", "2609.04263", "2606.03458", "2605.19537", "2609.10226"]
    out = client_for(fake_arxiv).fetch(ids)
    assert {k: v.id for k, v in out.found.items()} == {i: i for i in ids}
    assert out.found["2605.19537"].version == 2  # unversioned asks give the latest version
    assert out.found["2609.11582"].title.startswith("OmniKVQuant: Modality-Aware")  # line breaks collapsed
    assert "\n" not in out.found["2609.11582"].title


def test_versioned_and_old_style_ids(fake_arxiv):
    out = client_for(fake_arxiv).fetch(["2605.19537v1", "2605.19537v9", "math/0611800", "hep-th/9901001"])
    assert out.found["2605.19537v1"].title == "Inference Engines as Hidden Hyperparameters in LLM Evaluation"
    assert out.found["math/0611800"].version == 2 and out.found["hep-th/9901001"].primary_category == "hep-th"
    assert out.not_found == {"2605.19537v9"}


def test_batches_of_at_most_fifty_with_max_results_equal_to_batch(fake_arxiv):
    ids = [f"2609.{n:05d}" for n in range(1, 121)]
    ids[0], ids[50], ids[100] = "2609.11582", "2609.04263", "2606.03458"  # no batch comes back empty
    out = client_for(fake_arxiv).fetch(ids)
    first_pass = fake_arxiv.api_requests()[:3]
    assert [len(r["ids"]) for r in first_pass] == [50, 50, 20]
    assert all(len(r["ids"]) <= MAX_BATCH and r["max_results"] == str(len(r["ids"])) for r in first_pass)
    assert set(out.found) == {"2609.11582", "2609.04263", "2606.03458"}
    assert out.not_found == set(ids) - set(out.found)
    assert [r["ids"] for r in fake_arxiv.api_requests()[3:]] == [[i] for i in ids if i not in out.found]


def test_a_batch_answered_with_an_empty_feed_is_asked_again_id_by_id(fake_arxiv):
    fake_arxiv.push_fault("empty")
    out = client_for(fake_arxiv).fetch(["2609.11582", "2609.04263"])
    assert set(out.found) == {"2609.11582", "2609.04263"}
    # arxiv-api.md: "Re-ask missing ids once, alone" (not the batch again, then alone a third time)
    assert [r["ids"] for r in fake_arxiv.api_requests()] == [["2609.11582", "2609.04263"], ["2609.11582"],
                                                             ["2609.04263"]]


def test_fake_cuts_long_lists_at_max_results_like_arxiv(fake_arxiv):
    got = requests.get(fake_arxiv.url, params={"id_list": "2609.11582,2609.04263,2606.03458"}, timeout=5)
    feed = parse_feed(got.content)
    assert feed.total == 3 and len(feed.entries) == 3  # default max_results is 10
    got = requests.get(fake_arxiv.url, params={"id_list": "2609.11582,2609.04263,2606.03458", "max_results": 1},
                       timeout=5)
    assert len(parse_feed(got.content).entries) == 1
    assert "application/atom+xml" in got.headers["Content-Type"]


def test_post_when_the_url_would_be_long(fake_arxiv):
    client = client_for(fake_arxiv)
    client.get_url_limit = 100
    out = client.fetch(["2609.11582", "2609.04263", "2606.03458", "2605.19537", "2609.10226", "2607.05708"])
    assert len(out.found) == 6
    assert [r["method"] for r in fake_arxiv.api_requests()] == ["POST"]


LOOPBACK_JITTER = 0.06  # the server stamps arrival, a few ms after the client's start; more on a machine running the suite in parallel


def test_spacing_respected_from_the_server_log(fake_arxiv):
    ids = ["2609.11582", "2609.04263", "2606.03458", "2605.19537", "2609.10226"]
    client = client_for(fake_arxiv, interval=0.15)
    for i in ids:
        client.fetch([i])
    log = fake_arxiv.api_requests()
    assert len(log) == 5
    assert min(gaps(log)) >= 0.15 - LOOPBACK_JITTER
    starts = client.started_at
    assert min(b - a for a, b in zip(starts, starts[1:])) >= 0.15


def test_spacing_shared_through_the_database_by_two_connections(fake_arxiv, tmp_path):
    path = tmp_path / "shared.db"
    a, b = open_database(path).db, open_database(path).db
    results = []

    def run(db, ids):
        results.append(client_for(fake_arxiv, interval=0.2, db=db).fetch(ids))

    threads = [threading.Thread(target=run, args=(a, ["2609.11582"])), threading.Thread(target=run, args=(b, ["2609.04263"]))]
    threads += [threading.Thread(target=run, args=(a, ["2606.03458"]))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    log = fake_arxiv.api_requests()
    assert len(log) == 3 and all(len(r.found) == 1 for r in results)
    assert min(gaps(log)) >= 0.2 - LOOPBACK_JITTER


TWO_PROGRAMS = """
import sys
from editor_app.services.arxiv_client import ArxivClient
from editor_app.services.database import open_database
db = open_database(sys.argv[1]).db
client = ArxivClient(sys.argv[2], contact="tests@example.org", interval=0.3, db=db)
for i in sys.argv[3:]:
    client.fetch([i])
"""


def test_two_running_programs_share_the_budget(fake_arxiv, tmp_path):
    db = str(tmp_path / "shared.db")
    open_database(db).db.conn.close()  # created and migrated once, like an installed program's database
    procs = [
        subprocess.Popen([sys.executable, "-c", TWO_PROGRAMS, db, fake_arxiv.url, *ids])
        for ids in (["2609.11582", "2609.04263", "2606.03458"], ["2605.19537", "2609.10226", "2607.05708"])
    ]
    assert [p.wait(30) for p in procs] == [0, 0]
    log = fake_arxiv.api_requests()
    assert len(log) == 6
    # Two processes on a machine running the suite in parallel: a request sent late after its slot (its process
    # waited for the CPU) arrives closer to the next one, so each gap is allowed more than loopback jitter. Shared
    # or not, the budget shows: unshared, the two programs' first requests arrive together (gap ~0) and all six
    # within ~0.6 s; shared, every gap is near 0.3 s and the six span 1.5 s.
    assert min(gaps(log)) >= 0.3 - 0.1
    assert log[-1]["time"] - log[0]["time"] >= 5 * 0.3 - LOOPBACK_JITTER


def test_request_slot_claims_queue_up_across_connections(tmp_path):
    path = tmp_path / "budget.db"
    a, b = open_database(path).db, open_database(path).db
    clock = lambda: 1000.0  # noqa: E731
    starts = [arxiv_cache.reserve_request_slot(db, "export.arxiv.org", 3.0, clock) for db in (a, b, a)]
    assert starts == [1000.0, 1003.0, 1006.0]
    other = arxiv_cache.reserve_request_slot(b, "127.0.0.1:9", 3.0, clock)
    assert other == 1000.0  # each host has its own budget


def test_400_never_retried_bad_id_named_by_arxiv(fake_arxiv):
    out = client_for(fake_arxiv).fetch(["2609.11582", "abc", "2609.04263"])
    assert out.failed == {"abc": ("malformed", "arXiv rejected the id: incorrect id format for abc")}
    assert set(out.found) == {"2609.11582", "2609.04263"}
    log = fake_arxiv.api_requests()
    assert [(r["ids"], r["status"]) for r in log] == [
        (["2609.11582", "abc", "2609.04263"], 400),
        (["2609.11582", "2609.04263"], 200),
    ]


def test_400_bisected_when_the_error_does_not_name_the_id(fake_arxiv):
    fake_arxiv.name_bad_ids = False
    ids = ["2609.11582", "2609.04263", "2606.03458", "bad!id", "2609.10226", "2607.05708", "2606.02964", "2606.19746"]
    out = client_for(fake_arxiv).fetch(ids)
    assert set(out.failed) == {"bad!id"} and out.failed["bad!id"][0] == "malformed"
    assert set(out.found) == set(ids) - {"bad!id"}
    log = fake_arxiv.api_requests()
    asked = [tuple(r["ids"]) for r in log]
    assert len(asked) == len(set(asked)), "a request that got 400 was repeated"
    assert [len(r["ids"]) for r in log if r["status"] == 400] == [8, 4, 2, 1]


def test_retry_after_is_honoured(fake_arxiv):
    fake_arxiv.push_fault("429", seconds=1)
    out = client_for(fake_arxiv).fetch(["2609.11582"])
    assert set(out.found) == {"2609.11582"}
    log = fake_arxiv.api_requests()
    assert [r["status"] for r in log] == [429, 200]
    assert gaps(log)[0] >= 0.95


def test_three_429s_in_a_row_stop_and_say_so(fake_arxiv):
    fake_arxiv.push_fault("429", times=10)
    ids = [f"2609.{n:05d}" for n in range(1, 80)]
    out = client_for(fake_arxiv).fetch(ids)
    assert len(fake_arxiv.api_requests()) == 3
    assert set(out.failed) == set(ids)
    status, message = out.failed[ids[-1]]
    assert status == "rate limited" and "three times in a row" in message


@pytest.mark.parametrize("kind", ["503", "blank", "html", "badxml", "entity", "reset"])  # ("empty" is an answer: above)
def test_transient_faults_are_retried(fake_arxiv, kind):
    fake_arxiv.push_fault(kind, times=2)
    out = client_for(fake_arxiv).fetch(["2609.11582", "2609.04263"])
    assert set(out.found) == {"2609.11582", "2609.04263"}
    assert [r["fault"] for r in fake_arxiv.api_requests()][:2] == [kind, kind]


@pytest.mark.parametrize(
    "kind, fragment",
    [("503", "HTTP 503"), ("entity", "entities"), ("html", "HTML page"), ("badxml", "not well-formed"), ("blank", "empty body"),
     ("reset", "connection")],
)
def test_persistent_faults_end_as_unavailable(fake_arxiv, kind, fragment):
    fake_arxiv.push_fault(kind, times=50)
    started = time.perf_counter()
    out = client_for(fake_arxiv).fetch(["2609.11582"])
    assert time.perf_counter() - started < 5
    status, message = out.failed["2609.11582"]
    assert status == "unavailable" and fragment in message and "after 4 attempts" in message


def test_redirect_followed_keeping_post(fake_arxiv):
    fake_arxiv.push_fault("redirect")
    client = client_for(fake_arxiv)
    client.get_url_limit = 10
    out = client.fetch(["2609.11582", "2609.04263"])
    assert set(out.found) == {"2609.11582", "2609.04263"}
    assert [(r["method"], r["status"]) for r in fake_arxiv.api_requests()] == [("POST", 301), ("POST", 200)]


def test_slow_answer_times_out_and_is_retried(fake_arxiv):
    fake_arxiv.push_fault("slow", seconds=1.5)
    out = client_for(fake_arxiv, timeout=0.3).fetch(["2609.11582"])
    assert set(out.found) == {"2609.11582"}
    assert [r["fault"] for r in fake_arxiv.api_requests()] == ["slow", None]


def test_spurious_empty_feed_then_missing_ids_asked_alone(fake_arxiv):
    fake_arxiv.missing_once = {"2609.04263"}
    out = client_for(fake_arxiv).fetch(["2609.11582", "2609.04263", "2606.03458"])
    assert set(out.found) == {"2609.11582", "2609.04263", "2606.03458"} and not out.not_found
    assert fake_arxiv.api_requests()[-1]["ids"] == ["2609.04263"]


def test_three_unavailable_batches_stop_asking(fake_arxiv):
    fake_arxiv.push_fault("503", times=1000)
    ids = [f"2609.{n:05d}" for n in range(1, 251)]
    out = client_for(fake_arxiv).fetch(ids)
    assert len(fake_arxiv.api_requests()) == 12  # three batches x four attempts, then no more
    assert all(out.failed[i][0] == "unavailable" for i in ids)
    assert "stopped asking" in out.failed[ids[-1]][1]


def test_cancel_before_and_during_the_wait(fake_arxiv):
    cancel = threading.Event()
    cancel.set()
    out = client_for(fake_arxiv, cancel=cancel).fetch(["2609.11582"])
    assert out.cancelled and not fake_arxiv.api_requests()

    cancel = threading.Event()
    client = client_for(fake_arxiv, interval=30.0, cancel=cancel)
    threading.Timer(0.3, cancel.set).start()
    started = time.perf_counter()
    ids = [f"2609.{n:05d}" for n in range(1, 101)]
    out = client.fetch(ids)
    assert time.perf_counter() - started < 3
    assert out.cancelled and len(fake_arxiv.api_requests()) == 1


def test_parse_feed_rejects_entities_and_garbage_quickly():
    started = time.perf_counter()
    with pytest.raises(BadFeed, match="entities"):
        parse_feed(_ENTITY_BOMB)
    with pytest.raises(BadFeed, match="empty body"):
        parse_feed(b"  \n")
    with pytest.raises(BadFeed, match="HTML page"):
        parse_feed(b"<html><body>busy</body></html>")
    with pytest.raises(BadFeed, match="not an Atom feed"):
        parse_feed(b"<rss><channel/></rss>")
    with pytest.raises(BadFeed, match="not well-formed"):
        parse_feed(b"<feed xmlns='http://www.w3.org/2005/Atom'><entry>")
    assert time.perf_counter() - started < 1


def test_parse_feed_tolerates_old_servers_empty_entry():
    body = (
        b"<feed xmlns='http://www.w3.org/2005/Atom' xmlns:opensearch='http://a9.com/-/spec/opensearch/1.1/'>"
        b"<opensearch:totalResults>1</opensearch:totalResults><entry><title/></entry></feed>"
    )
    feed = parse_feed(body)
    assert feed.entries == [] and feed.total == 1


def test_fake_server_runs_from_the_command_line(tmp_path):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    data = tmp_path / "papers.toml"
    data.write_text(
        '[[paper]]\nid = "2601.00001"\ntitle = "A Tiny Paper"\nauthors = ["A. Author"]\n'
        'published = "2026-01-02T00:00:00Z"\nprimary_category = "cs.LG"\n',
        encoding="utf-8",
    )
    proc = subprocess.Popen(
        [sys.executable, "-m", "editor_app.devtools.fake_arxiv", "--port", str(port), "--data", str(data)],
        stdout=subprocess.PIPE, text=True,
    )
    try:
        assert "1 paper from" in proc.stdout.readline()
        url = f"http://127.0.0.1:{port}/api/query"
        got = requests.get(url, params={"id_list": "2601.00001", "max_results": 1}, timeout=5)
        assert got.status_code == 200 and "A Tiny Paper" in got.text
        posted = requests.post(url, data={"id_list": "abc", "max_results": 1}, timeout=5)
        assert posted.status_code == 400 and "incorrect id format for abc" in posted.text
        assert [r["method"] for r in requests.get(f"http://127.0.0.1:{port}/_log", timeout=5).json()] == ["GET", "POST"]
        assert requests.post(f"http://127.0.0.1:{port}/_fault", data={"kind": "429"}, timeout=5).text == "ok"
        limited = requests.get(url, params={"id_list": "2601.00001"}, timeout=5)
        assert limited.status_code == 429 and limited.text == "Rate exceeded."
    finally:
        proc.terminate()
        proc.wait(5)


def test_an_error_entry_sent_with_http_200_is_no_answer_and_never_not_found(fake_arxiv):
    """Before: a 200 feed holding only arXiv's `Error` entry was read as "no papers", so every id was asked again
    alone and called "not found" (and kept 24 h as such); now it is retried and, if it persists, "unavailable"."""
    fake_arxiv.push_fault("error200", times=1)
    out = client_for(fake_arxiv).fetch(["2609.11582", "2609.04263"])
    assert set(out.found) == {"2609.11582", "2609.04263"} and not out.not_found
    assert [r["fault"] for r in fake_arxiv.api_requests()] == ["error200", None]

    fake_arxiv.clear_log()
    fake_arxiv.push_fault("error200", times=50)
    out = client_for(fake_arxiv).fetch(["2609.11582", "2609.04263"])
    assert not out.not_found and not out.found
    status, message = out.failed["2609.11582"]
    assert status == "unavailable" and "error instead of papers" in message and "incorrect id format" in message


def test_an_error_entry_with_http_200_naming_an_asked_id_marks_that_id_malformed(fake_arxiv):
    original = fake_arxiv.answer

    def answer(fields):
        status, ctype, body = original(fields)
        if "2606.03458" in fields.get("id_list", ""):
            return 200, ctype, fake_arxiv._error_feed(fields, "2606.03458")
        return status, ctype, body

    fake_arxiv.answer = answer
    out = client_for(fake_arxiv).fetch(["2609.11582", "2606.03458", "2609.04263"])
    assert out.failed == {"2606.03458": ("malformed", "arXiv rejected the id: incorrect id format for 2606.03458")}
    assert set(out.found) == {"2609.11582", "2609.04263"} and not out.not_found


class _CountingSession(requests.Session):
    def __init__(self) -> None:
        super().__init__()
        self.sent = 0

    def request(self, *args, **kwargs):
        self.sent += 1
        return super().request(*args, **kwargs)


def test_no_connection_at_all_stops_after_the_first_batch():
    """Offline (here: a port nobody listens on): the first batch's attempts all fail to connect, and the other
    batches are not tried too (before: four attempts for each of three batches, about a minute at arXiv's pace)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # closed again: connecting is refused
    session = _CountingSession()
    client = ArxivClient(f"http://127.0.0.1:{port}/api/query", contact="tests@example.org", interval=0.0,
                         backoff=0.01, session=session)
    ids = [f"2609.{n:05d}" for n in range(1, 121)]  # three batches
    out = client.fetch(ids)
    assert session.sent == 4  # one batch, four attempts
    assert all(out.failed[i][0] == "unavailable" for i in ids)
    assert "check the network connection" in out.failed[ids[-1]][1]


def test_a_reset_answer_is_not_taken_for_being_offline(fake_arxiv):
    fake_arxiv.push_fault("reset", times=1000)
    ids = [f"2609.{n:05d}" for n in range(1, 151)]
    out = client_for(fake_arxiv).fetch(ids)
    assert len(fake_arxiv.api_requests()) == 12  # connected each time: the three-batches rule applies
    assert "check the network" not in out.failed[ids[0]][1]


def test_the_wait_said_before_asking_again_is_the_wait_arxivs_spacing_makes(fake_arxiv):
    """QA: "asking again in 2 s" was followed by a 3.15 s wait: a backoff shorter than the 3 s between requests the
    client keeps (arxiv-api.md) was said, and the spacing then waited on."""
    heard: list[str] = []
    clock = [1000.0]
    client = client_for(fake_arxiv, interval=3.0, backoff=0.5)
    client.clock = lambda: clock[0]
    client._sleep = lambda seconds: clock.__setitem__(0, clock[0] + max(seconds, 0.0))
    client.on_retry = heard.append
    fake_arxiv.push_fault("503", times=1)
    assert set(client.fetch(["2609.11582"]).found) == {"2609.11582"}
    assert heard == ["arXiv answered HTTP 503; asking again in 3 s (attempt 2 of 4)"]
